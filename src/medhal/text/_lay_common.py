"""Everyday names of common signs and conditions and the clinical term each stands for: the second table
:data:`medhal.text.lay_terms.LAY_PHRASES` reads (split from :mod:`medhal.text.lay_terms`, which keeps the phrases
clinician-read rounds found)."""

from __future__ import annotations

__all__ = ["COMMON_LAY_TERMS"]

COMMON_LAY_TERMS: tuple[tuple[str, str], ...] = (
    (r"\b(?:slow|low)\s+(?:heart\s?rates?|heart\s?beats?|pulse)\b", "bradycardia"),
    (r"\b(?:fast|rapid|racing)\s+(?:heart\s?rates?|heart\s?beats?|pulse)\b", "tachycardia"),
    (r"\blow blood pressure\b", "hypotension"),
    (r"\b(?:high|raised)\s+(?:blood\s+)?potassium\b", "hyperkalemia"),
    (  # "it can make your potassium go too high" for "risk of hyperK" (round 132)
        r"\bpotassium\s+(?:level\s+)?(?:to\s+)?(?:go|goes|going|rise|rises|rising|get|gets)\s+(?:too\s+|very\s+)?high\b"
        r"|(?-i:\bhyperK\b)",
        "hyperkalemia",
    ),
    (r"\b(?:high|raised)\s+(?:blood\s+)?sodium\b", "hypernatremia"),
    (r"\b(?:high|raised)\s+(?:blood\s+)?calcium\b", "hypercalcemia"),
    # "Too much calcium in the blood was rare" for "Hypercalcaemia was uncommon" (an own vitamin D abstract, session 35)
    *(
        (rf"\btoo\s+much\s+{ion}\s+in\s+(?:the\s+|their\s+|your\s+|his\s+|her\s+)?blood\b", f"hyper{term}")
        for ion, term in (("potassium", "kalemia"), ("sodium", "natremia"), ("calcium", "calcemia"))
    ),
    (r"\blow\s+(?:blood\s+)?calcium\b", "hypocalcemia"),
    (r"\blow\s+(?:blood\s+)?magnesium\b", "hypomagnesemia"),
    # a level stated below or above a cut-off is the low or high level a lay answer names ("Serum magnesium below 1.4
    # mg/dL occurred in 3%" for "a few people developed low magnesium": round 178); the figure stays
    *(
        (rf"\b(?:serum\s+|blood\s+|plasma\s+)?{ion}\s+(?:levels?\s+)?{side}(?=\s*\d)", f"{prefix}{term}")
        for ion, term in (
            ("potassium", "kalemia"),
            ("sodium", "natremia"),
            ("calcium", "calcemia"),
            ("magnesium", "magnesemia"),
        )
        for side, prefix in (
            (r"(?:below|under|less\s+than|<)", "hypo"),
            (r"(?:above|over|greater\s+than|more\s+than|>)", "hyper"),
        )
    ),
    (r"\blow\s+(?:blood\s+)?oxygen(?:\s+(?:levels?|saturations?))?\b|\b(?:lack|shortage)\s+of\s+oxygen\b", "hypoxia"),
    (r"\bhypox(?:a?emi[ac])\b", "hypoxia"),
    (r"\bblood\s+in\s+(?:the\s+|their\s+)?urine\b", "hematuria"),
    (r"\bnose\s?bleeds?\b", "epistaxis"),
    (r"\bhair\s+loss\b", "alopecia"),
    (r"\b(?:itch(?:ing|iness|es)?|itchy\s+skin)\b", "pruritus"),  # "reduced itching" for "itch behavior" (r. 157)
    (r"\bhives\b", "urticaria"),
    (r"\b(?:fainting|faint(?:s|ed)|pass(?:ing|ed)\s+out)\b", "syncope"),
    (r"\b(?:WCC|WBC)\b", "white cell count"),  # "a normal white cell count" for "normal WCC" (round 75)
    (r"\bFHx\b", "family history"),  # "no family history" for "(age >50, no FHx)" (round 76)
    (r"(?-i:\bAKI\b)", "acute kidney injury"),  # "low sodium and kidney injury" for "hyponatraemia and AKI" (round 79)
    (r"(?-i:\bCKD\b)", "chronic kidney disease"),
    (r"(?-i:\b(?:USS|TRUS)\b)", "ultrasound scan"),
    (r"(?-i:\bNCS\b)|\bnerve\s+(?:tests?|studies)\b", "nerve conduction studies"),  # "the nerve tests" (round 93)
    (r"(?-i:\bVT\b)", "ventricular tachycardia"),  # "VT 210 bpm" (round 93)
    (r"(?-i:\b(?:GC|NG)/CT\b)", "gonorrhoea/chlamydia"),  # "urine GC/CT: negative" (round 94)
    (
        r"(?-i:\bPPIs?\b)|\bacid[- ](?:reducing|suppressing|lowering)\s+(?:medications?|medicines?|tablets?|drugs?)\b",
        "proton pump inhibitor",
    ),  # "Acid-reducing medication is not needed" for "PPI not indicated" (round 94)
    (r"\bat\s+the\s+moment\b", "at present"),
    (r"(?-i:\bGH\b)", "growth hormone"),  # "makes too much growth hormone" for "GH-secreting" (round 105)
    (  # "caused by your immune system affecting the gland" for "hypothyroidism (autoimmune)" (round 110)
        r"\b(?:your|the|his|her|their)\s+(?:own\s+)?immune\s+system\s+(?:attack\w*|affect\w*|damag\w*|target\w*)",
        "autoimmune",
    ),
    (  # "red cells being broken down" for "haemolysis clearly present" (round 110)
        r"\bred\s+(?:blood\s+)?cells\s+(?:being\s+|are\s+|were\s+)?(?:broken\s+down|breaking\s+down|destroyed)\b"
        r"|\bbreak(?:ing)?\s+down\s+(?:of\s+)?(?:the\s+)?red\s+(?:blood\s+)?cells\b",
        "hemolysis",
    ),
    (  # "can lower the salt level in your blood" for "(hyponatraemia risk)" (round 110)
        r"\b(?:lower\w*|drop\w*|reduc\w*)\s+(?:the\s+|your\s+)?(?:salt|sodium)\s+levels?"
        r"(?:\s+in\s+(?:your|the|his|her|their)\s+blood)?",
        "hyponatremia",
    ),
    (r"\bsalt\s+levels?\b", "sodium level"),
    (r"\b(?:feeling|sense)(?=\s+(?:in|to|of)\b)", "sensation"),  # "reduced feeling in your legs" (round 110)
    (r"\b(?:eye)?sight\b", "vision"),  # "your sight was already getting better" for "vision already improving" (109)
    (r"\bgetting\s+better\b", "improving"),
    (r"\bgetting\s+worse\b", "worsening"),
    (r"(?-i:\bNa\b)(?=\s*[:=]?\s*\d)", "sodium"),  # "sodium had dropped to 124" for "Na 124 mmol/L" (105)
    (r"(?-i:\bK\b)(?=\s*[:=]?\s*\d)", "potassium"),
    (  # "your periods have been absent for more than six months" for "amenorrhoea >6/12" (round 106)
        r"\b(?:(?:her|your|their|my)\s+)?periods\s+(?:have\s+|has\s+|had\s+)?(?:been\s+)?(?:absent|stopped|missing)\b"
        r"|\b(?:no|absent|missed)\s+periods\b|\b(?:lack|loss|absence)\s+of\s+(?:(?:her|your|their)\s+)?periods\b",
        "amenorrhea",
    ),
    (r"\bjaw\s+joints?\b|(?-i:\bTMJs?\b)", "temporomandibular joint"),  # "the left jaw joint" (round 107)
    (r"\bslip(?:s|ped|ping)?\s+out\s+of\s+(?:place|position)\b", "displaced"),  # "disc displacement" (107)
    (r"\bpen[- ](?=allerg)", "penicillin-"),  # "if you are allergic to penicillin" for "if pen-allergic" (107)
    (r"(?-i:\bCMR\b)", "cardiac MRI"),  # "The MRI scan shows" for "CMR 15/01/25: narrowing" (round 107)
    (r"\b(?:breathing|respiratory)\s+(?:difficult(?:y|ies)|problems?|troubles?)\b", "respiratory distress"),  # r. 178
    # "reached the main kidney outcome" for "the primary outcome occurred in 16.9%" (round 178)
    (r"\bmain\s+(?:[\w-]+\s+)?(?:outcome|end-?point)\b", "primary outcome"),
    (r"\bbreathing\s+muscles?\b", "respiratory muscles"),  # for "respiratory muscle weakness" (round 124)
    (  # "The heart scan on 20 November showed ..." for "Echo 20/11/2026: LVEF 38%" (own letter, session 23): the
        # words stay, so a heart scan still aligns with a cardiac MRI's "heart"
        r"\bheart\s+(?:ultrasound\s+)?scans?\b|\bheart\s+ultrasounds?\b|\bultrasound\s+(?:scan\s+)?of\s+(?:the|your|his"
        r"|her)\s+heart\b",
        "heart echocardiogram scan",
    ),
    (r"(?-i:\b(?:Echo|echo|ECHO)(?:es)?\b)(?!-)", "echocardiogram"),
    (r"(?-i:\bLVEF\b)", "left ventricular ejection fraction"),
    (  # "because non-surgical treatment such as insoles ... has not solved the problem" for "conservative Rx
        r"\bnon-?\s?(?:surgical|operative)\s+(?=treatment|management|care|measures)",
        "conservative ",
    ),  # exhausted" (round 124)
    (r"(?-i:\bRx\b)", "treatment"),
    (r"\btingl(?:ing|es?|y)\b|\bpins\s+and\s+needles\b|\bparesthesiae?\b", "paraesthesia"),  # round 135
    (r"\bslow(?:ed|ing)?\s+(?:(?:brain[- ]?)?waves?\s+)?activity\b", "slowing"),  # EEG "R posterior slowing" (135)
    (r"\b(?:stomach|tummy)\s+(?:or|and)\s+(?:bowel|gut)\b", "gastrointestinal"),  # "gastrointestinal effects" (own)
    (r"\bbody[- ]weight\b", "weight"),  # "Weight gain was similar" for "Body weight gain did not differ" (round 140)
    (r"\bdizzy\b", "dizziness"),  # "it made you dizzy" for "stopped 12/24 due to dizziness" (round 134)
    (r"\b[Ww]t(?=\s*(?:gain|loss|\d|↑|↓|up\b|down\b|stable\b|:))", "weight"),  # "wt gain (+4 kg)" (round 134)
    (r"\bclassic(?:al)?\b", "typical"),  # "because the appearance is typical" for "clinical picture classic" (134)
    (  # "because of the weakened pumping of your heart" for "(LV impairment)" (round 135)
        r"\b(?:weak(?:ened)?|reduced|poor|impaired)\s+pumping(?:\s+(?:of|in)\s+(?:your|the|his|her)\s+heart)?\b"
        r"|(?-i:\bLV\s+(?:impairment|dysfunction)\b|\bLVSD\b)|\bimpaired\s+LV\s+(?:systolic\s+)?function\b",
        "left ventricular systolic dysfunction",
    ),
    (r"\blying\s+(?:flat|down)\b", "supine"),  # "the drop when lying flat" for "supine 1.98 L (drop 18%)" (128)
    (r"\bleft\s+in\s+place\b", "in situ"),  # "the right half of your thyroid has been left in place" (round 125)
    (r"\b(left|right)\s+half\s+of\s+(?:your|the|his|her)\s+thyroid\b", r"\1 thyroid lobe"),
    (r"\bon\s+(?:2|two)\s+occasions\b", "twice"),  # "above 200 twice" for "CD4 >200 on 2 occasions" (round 125)
    (r"(?<=\d)\s?yrs?\b", " years"),  # "more than three years" for ">3 yrs from dx" (round 125)
    (  # "the left upper chamber of the heart" for "LA" (round 107); the lower ones are the ventricles
        r"\b(left|right)\s+upper\s+chamber(?:\s+of\s+(?:the|your|his|her)\s+heart)?",
        r"\1 atrium",
    ),
    (r"\b(left|right)\s+lower\s+chamber(?:\s+of\s+(?:the|your|his|her)\s+heart)?", r"\1 ventricle"),
    (  # "the difficulty getting needles into your veins" for "difficult venous access" (round 112)
        r"\b(?:getting|putting|placing|finding)\s+(?:a\s+)?(?:needles?|drips?|cannulas?|lines?)\s+in(?:to)?\s+"
        r"(?:(?:your|his|her|the|their|a)\s+)?veins?\b",
        "venous access",
    ),
    (  # "these tumours can come back late" for "late recurrence possible" (round 111); not results that came back
        r"\bc(?:ome|omes|ame|oming)\s+back\b(?!\s+(?:to|for|normal|negative|positive|clear|as|with|from|in|on|at|and"
        r"|into|here|later|soon|tomorrow|next)\b)",
        "recur",
    ),
    (r"\b(?:completely|fully|successfully)\s+(?:removed|cut\s+out)\b", "completely resected"),  # round 111
    (r"\bvir(?:us(?:es)?|al)\b", "virus"),  # "presumed to be due to a virus" for "(presumed viral)" (round 112)
    (  # "which has formed because of wear-and-tear arthritis" for "Baker's cyst secondary to L knee OA" (round 114)
        r"\bwear[- ]and[- ]tear\s+(?:arthritis|of\s+(?:the\s+)?(?:\w+\s+)?joints?)\b|(?-i:\bOA\b)",
        "osteoarthritis",
    ),
    (r"\b(?:feet|foot|ankles?)\s+(?:roll|rolls|rolling|turn|turns|turning)\s+in(?:wards?)?\b", "pronation"),  # r114
    (  # "because there was no spreading infection in the skin" for "no abx given as no cellulitis" (round 114)
        r"\bspreading\s+(?:skin\s+)?infection(?:\s+(?:in|of)\s+(?:the\s+)?skin)?\b|\bskin\s+infection\s+spreading\b",
        "cellulitis",
    ),
    (  # "because of scar tissue inside the womb" for "likely intrauterine adhesions (Asherman syndrome)" (round 116)
        r"\bscar(?:ring|\s+tissue)?\s+(?:inside|in|within)\s+(?:the\s+|your\s+|her\s+)?(?:womb|uterus)\b",
        "intrauterine adhesions",
    ),
    (  # "increased blood flow around the joint" for "increased Doppler signal" on ultrasound (round 117)
        r"\b(?:increased|more|extra)\s+blood\s+flow(?=\s+(?:around|in|to|within|near)\s+(?:the\s+|your\s+)?(?:\w+\s+)?"
        r"(?:joints?|tendons?|bursa|tissues?|cartilage|area)\b)",
        "increased Doppler signal",
    ),
    (r"\bneck\s+arter(?:y|ies)\b", "carotid arteries"),  # "the neck arteries" for "carotids" (round 118)
    (  # "lie closer to the middle than usual" for "medialised carotids" (round 118)
        r"\b(?:lie|lies|lying|sit|sits|run|runs)\s+(?:(?:much|a\s+bit|slightly)\s+)?closer\s+to\s+the\s+middle\b",
        "medialised",
    ),
    (  # "a form of diabetic ketoacidosis with normal sugar levels" for "euglycaemic DKA" (round 65)
        r"\b(?:diabetic\s+)?ketoacidosis\s+with\s+(?:a\s+)?normal\s+(?:blood\s+)?(?:sugar|glucose)(?:\s+levels?)?\b",
        "euglycemic diabetic ketoacidosis",
    ),
    (  # "because they would help little" for "limited benefit expected" (round 71)
        r"\bhelp(?:s|ed)?\s+(?:very\s+)?little\b|\b(?:barely|hardly)\s+help(?:s|ed)?\b",
        "limited benefit",
    ),
    (r"\begg\s+(?:reserve|supply|count)\b", "ovarian reserve"),  # "the effect on her egg reserve" (round 78)
    (r"(?-i:\bRh\b)|\bRhD\b", "rhesus"),  # "rhesus negative" for "A Rh NEG" (round 108)
    (r"(?-i:\bG&S\b)|\bgroup\s+and\s+save\b", "blood group and save"),
    (r"(?-i:\bIM\b)", "intramuscular injection"),  # "an anti-D injection" for "Anti-D 1500 IU IM" (round 108)
    (  # "caused your airways to tighten" for "documented allergy (bronchospasm)" (round 108)
        r"\b(?:airways?|chest)\s+(?:to\s+)?(?:tighten\w*|narrow\w*|clos(?:e|es|ed|ing)\s+up|go(?:es)?\s+tight)\b"
        r"|\b(?:tighten\w*|narrow\w*)\s+(?:of\s+)?(?:the\s+|your\s+|his\s+|her\s+)?airways?\b",
        "bronchospasm",
    ),
    (r"(?-i:\b(?:O|ON|LD|LDD)?DST\b)", "dexamethasone suppression test"),  # "the 1 mg dexamethasone test" (round 97)
    (  # "reduced signals in the sensory nerves" for "reduced ... SNAP amplitudes" (round 98)
        r"\b(?:electrical\s+)?signals?(?=\s+(?:in|from|of|along)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}nerves?\b)",
        "amplitudes",
    ),
    (  # "because the tubes rejoin" for "late recanalisation" after a vasectomy (round 96)
        r"\b(?:tubes?|vas(?:a)?|ends?)\s+(?:(?:can|may|could)\s+)?(?:re-?join(?:s|ed|ing)?|re-?connect(?:s|ed|ing)?"
        r"|grow(?:s|ing)?\s+back\s+together)\b",
        "recanalization",
    ),
    (r"\b(?:small\s+)?(?:cut|incision)\s+(?:just\s+)?above\s+the\s+belly\s?button\b", "supraumbilical incision"),
    (r"\bbelly\s?buttons?\b|\bnavels?\b", "umbilicus"),  # round 96
    (r"\bbone\s+cut\b", "osteotomy"),  # "the bone cut is knitting together" for "Osteotomy uniting" (round 103)
    (r"\btears?\s+evaporat\w*(?:\s+too\s+(?:quickly|fast))?", "evaporative"),  # "evaporative dry eye" (round 104)
    (r"\b(?:knitting|knits|knit|knitted)\s+(?:back\s+)?together\b", "uniting"),
    (r"(?-i:\bSR\b)(?!\s*\d)", "sinus rhythm"),  # "stayed in normal sinus rhythm" for "SR since" (round 103)
    (  # "because coeliac disease can reduce how well your spleen works" for "(hyposplenism risk)" (round 94)
        r"\b(?:reduc\w*|affect\w*|lower\w*|weaken\w*)\s+how\s+well\s+(?:your|the|his|her|their)\s+spleen\s+works\b"
        r"|\bspleen\s+(?:not\s+)?work(?:s|ing)?\s+less\s+well\b|\b(?:weak|underactive|poorly\s+working)\s+spleen\b",
        "hyposplenism",
    ),
    (r"(?-i:\bCT/(?:GC|NG)\b)", "chlamydia/gonorrhoea"),
    (r"(?-i:\b(?:ALT|AST)\b)", "liver enzyme"),  # "because his liver enzyme ALT rose" for "ALT 96 U/L" (round 91)
    (r"\bhigh[- ]velocity(?:\s+(?:jet|flow|stream))?", "fast blood flow"),  # murmur (round 87)
    (  # "because bosentan can harm an unborn baby" for "bosentan is teratogenic" (round 84)
        r"\b(?:harm|damage|hurt)\s+(?:an?\s+|the\s+|your\s+|her\s+)?(?:unborn|developing)\s+(?:baby|babies|child|infants?)\b"
        r"|\bcause\s+birth\s+defects\b",
        "teratogenic",
    ),
    (  # "because she had not been using the treatment regularly" for "due to poor adherence" (round 83)
        r"\bnot\s+(?:been\s+)?(?:using|taking|applying)\s+(?:the\s+|her\s+|his\s+|their\s+|your\s+)?(?:[a-z]+\s+)?"
        r"regularly\b",
        "poor adherence",
    ),  # "58 ml on ultrasound" for "TRUS volume: 58 ml" (round 82)
    (r"(?-i:\bBP\b)", "blood pressure"),  # "her blood pressure is above target" for "BP above target" (round 77)
    (r"\b(?:extra|added)(?=\s+(?:benefit|value|effect))", "additional"),  # "no added benefit" (round 77)
    (r"\bother\s+(?:medical|health)\s+(?:conditions|problems)\b", "comorbidities"),
    (r"\b(?:tummy|belly|abdo)\b", "abdominal"),  # "tummy discomfort" for "abdo discomfort" (round 72)
    (r"\btight\s+(?:at\s+the\s+ankle|heel\s+cords?|achilles(?:\s+tendons?)?)", "equinus"),  # club foot (round 73)
    (r"\b(ankle|leg|foot|feet)\s+swelling\b", r"\1 edema"),
    (r"\bswollen\s+(ankles|legs|feet)\b", r"\1 edema"),
    (r"\bjoint\s+pains?\b", "arthralgia"),
    (r"\bmuscle\s+(?:pains?|aches?)\b", "myalgia"),
    (r"\bmuscle\s+(?:damage|injury|disease|problems?)\b", "myopathy"),  # an own gout abstract (session 32)
    (r"\buric\s+acid\b", "urate"),  # "uric acid levels in the blood" for "serum urate"
    (r"\b(?:feeling|feel|feels)\s+sick\b", "nausea"),  # "the tablets were making you feel sick" (round 91)
    (r"\b(?:being\s+sick|throwing\s+up)\b", "vomiting"),
    (r"\bacid\s+reflux\b", "gastroesophageal reflux"),
    (r"\bunderactive\s+thyroid\b", "hypothyroidism"),
    (r"\boveractive\s+thyroid\b", "hyperthyroidism"),
    (r"\bshingles\b", "herpes zoster"),
    (r"\bchicken\s?pox\b", "varicella"),
    (r"\bwhooping\s+cough\b", "pertussis"),
    (r"\bcough(?:s|ed|ing)?\s+up\s+(?:of\s+)?blood\b", "hemoptysis"),  # for "No haemoptysis" (round 74)
    (r"\bgerman\s+measles\b", "rubella"),
    (r"\bglandular\s+fever\b", "infectious mononucleosis"),
    (r"\bcold\s+sores?\b", "herpes labialis"),
    (r"\bpink\s+eye\b", "conjunctivitis"),
    (r"\blazy\s+eye\b", "amblyopia"),
    (r"\bglue\s+ear\b", "otitis media with effusion"),
    (r"\b(?:middle[- ])?ear\s+infections?\b", "otitis media"),
    (r"\btooth\s+decay\b", "dental caries"),
    (r"\bgum\s+disease\b", "periodontitis"),
    (r"\bbed-?\s?wetting\b", "enuresis"),
    (  # "leaks caused by a sudden urge" for "urgency incontinence episodes" (round 191)
        r"\b(?:leaks?|leaking|accidents?)\s+(?:caused\s+by|from|due\s+to|because\s+of|after)\s+(?:a\s+)?"
        r"(?:sudden\s+|strong\s+)?urges?(?:\s+to\s+(?:pass\s+urine|go|urinate|pee))?\b",
        "urgency incontinence",
    ),
    (r"\b(?:leaking\s+urine|(?:urine|bladder)\s+leak(?:age|s)?)\b", "urinary incontinence"),
    (  # "Sudden inability to pass urine" for "Acute urinary retention" (round 191)
        r"\b(?:sudden\s+)?(?:inability|(?:being\s+)?unable)\s+to\s+(?:pass|empty)\s+(?:urine|water|(?:the|your|his|her)"
        r"\s+bladder)\b",
        "acute urinary retention",
    ),
    (r"\bblood\s+poisoning\b", "sepsis"),
    # "wrist fractures" for "distal forearm fractures"; "needed to be straightened" for "needed reduction" (an own
    # fracture abstract, session 32)
    (r"\b(?:broken\s+wrists?|wrist\s+(?:fractures?|breaks?))\b", "distal forearm fractures"),
    (r"\b(?:broken\s+hips?|hip\s+breaks?)\b", "hip fractures"),  # "Broken hips were equally uncommon" (session 35)
    (r"\b(?:to\s+be\s+)?(?:straightened|set\s+back\s+in\s+place|put\s+back\s+in\s+place)\b", "reduction"),
    (  # "because her body is short of iron" for "consistent with iron deficiency anaemia" (round 193)
        r"\b(?:short|low|lacking)\s+(?:of|on|in)\s+iron\b|\blow\s+iron\s+(?:stores|levels?)\b",
        "iron deficiency",
    ),
    # "a dangerous acid build-up" for "the risk of ketoacidosis"; "together they can dangerously slow breathing" for
    # "the risk of respiratory depression"; "A low red blood cell count" for "Anaemia"; "a 24-hour monitor" for "his
    # daytime ambulatory average" (round 203-204)
    (r"\b(?:dangerous\s+)?(?:acid|acids)\s+build(?:-|\s)?ups?\b|\bbuild(?:-|\s)?up\s+of\s+acids?\b", "ketoacidosis"),
    (
        r"\b(?:dangerously\s+)?slow(?:s|ed|ing)?\s+(?:(?:down\s+)?(?:the\s+|your\s+|their\s+)?breathing)\b",
        "respiratory depression",
    ),
    (r"\blow\s+(?:red\s+(?:blood\s+)?cell|haemoglobin|hemoglobin|blood)\s+counts?\b", "anemia"),
    (r"\b24-hour\s+(?:blood\s+pressure\s+)?(?:monitor(?:ing)?|recording|readings?)\b", "ambulatory monitoring"),
    # "a problem with the balance system of the inner ear" for "vestibular disorders"; "her waters had broken without
    # any pain" for "painless spontaneous rupture of membranes" (round 205)
    (
        r"\bbalance\s+(?:system|organ)s?\s+(?:of|in)\s+the\s+inner\s+ears?\b"
        r"|\binner[- ]ear\s+balance\s+(?:system|organ)s?\b",
        "vestibular system",
    ),
    (
        r"\b(?:(?:her|the|your)\s+)?waters\s+(?:had\s+|have\s+|has\s+)?(?:broken|broke|breaking|break)\b",
        "rupture of membranes",
    ),
    (r"\bwithout\s+(?:any\s+)?pain\b", "painless"),
    (r"\bblockages?\b", "obstruction"),  # "signs of a blockage" for "can indicate obstruction" (round 66)
    (r"\bevenly\s+(?:spread|distributed)\b", "homogeneous"),
    (r"\blow\s+platelets?(?:\s+counts?)?\b", "thrombocytopenia"),
    (r"\binflammation\s+of\s+the\s+(?:gullet|oesophagus|esophagus)\b", "esophagitis"),  # round 71
    (r"\b(?:gullet|food\s?pipe)\b", "esophagus"),  # "the food pipe" (round 169)
    (r"\babnormal\s+(?:connection|passage|channel|tunnel)s?\b", "fistula"),  # "an abnormal connection between the
    # food pipe and the aorta" for "aortoesophageal fistula" (round 169)
    (r"\b(?:had|has|have|with)\s+no\s+symptoms\b|\bsymptom-free\b", "asymptomatic"),  # round 71
    (r"\b(?:heart\s+rhythm\s+(?:problems?|disturbances?)|abnormal\s+heart\s+rhythms?)\b", "arrhythmia"),  # round 70
    (r"\b(?:airway|airways)\s+tightening\b|\btightening\s+of\s+the\s+airways?\b", "bronchospasm"),
    (r"\boxygen\s+(?:levels?|saturations?|sats)\b", "oxygen saturations"),
    (r"\b(?:reduced|loss\s+of|lost|poor|less)\s+(?:protective\s+)?(?:feeling|sensation)\b", "neuropathy"),  # round 69
    (  # "the flare is due to too little drug in his system" for "low infliximab trough" (round 69)
        r"\btoo\s+little\s+(?:of\s+the\s+)?(?:drug|medicine|medication)\s+in\s+(?:his|her|their|the|your)\s+"
        r"(?:system|blood(?:stream)?)\b",
        "low drug trough level",
    ),  # "delay caused by low platelets" (round 69)
    (r"\bPlts?\b", "platelets"),
    (r"\bOSA\b", "OSA obstructive sleep apnea"),  # "because of his sleep apnoea" for "OSA on CPAP" (round 69)
    (r"\bT([12])DM\b", r"type \1 diabetes"),
    (r"\btoenails?\b", "toe nail"),  # "the nail kept growing in" for "recurrent ingrowing toenail" (round 69)
    (r"\bgrow(?:ing|s|n)?\s+in(?=\s*(?:[,.;)]|$))", "ingrowing"),
    (
        r"\beffects?\s+on\s+(?:(?:his|her|their|your|the)\s+)?(?:thinking|memory)\b",
        "cognitive effects",
    ),  # round 68  # "emphysema evenly spread on CT" (our COPD letter)
    (r"\b(?:patchily|unevenly)\s+(?:spread|distributed)\b", "heterogeneous"),
    (r"\b(?:BK|JC)\b(?!\s+virus)", r"\g<0> virus"),  # "because of BK" is of the BK virus (round 66)
    (  # "can very occasionally wipe out infection-fighting white cells" for "can rarely cause agranulocytosis"
        r"\bwip(?:e|es|ed|ing)\s+out\s+(?:(?:your|their|her|his|the)\s+)?(?:infection[\s-]fighting\s+)?"
        r"white\s+(?:blood\s+)?cells\b",
        "cause agranulocytosis",
    ),
    (r"\bcollapsed\s+lung\b", "pneumothorax"),
    (r"\b(?:bed\s?sores|pressure\s+sores)\b", "pressure ulcers"),
    (r"\b(?:cot|crib)\s+deaths?\b", "sudden infant death syndrome"),
    (r"\bblood\s+sugar\b", "blood glucose"),
    (r"\bbad\s+cholesterol\b", "LDL cholesterol"),
    (r"\bgood\s+cholesterol\b", "HDL cholesterol"),
    (r"\bwater\s+tablets?\b", "diuretics"),
    (r"\bsleeping\s+(?:pills|tablets)\b", "hypnotics"),
    (r"\bshort\s+of\s+breath\b", "dyspnea"),
    (
        r"\b(?:difficulty|trouble|problems?)\s+(?:in\s+)?swallowing\b|\bswallowing\s+(?:difficult(?:y|ies)|problems)\b",
        "dysphagia",
    ),
    (r"\bpins\s+and\s+needles\b", "paresthesia"),
    (r"\bringing\s+in\s+the\s+ears\b", "tinnitus"),
    (r"\bdouble\s+vision\b", "diplopia"),
    (r"\b(?:urine|water|bladder)\s+infections?\b", "urinary tract infection"),
    (r"\bloose\s+stools\b", "diarrhea"),
    (r"\b(?:broken|fractured)\s+bones?\b", "fractures"),  # "broken bones were more common" (round 214)
    # "because of repeated throat infections" for "for recurrent tonsillitis"; "because her womb wasn't tightening
    # properly" for "from uterine atony" (rounds 215-216)
    (r"\b(?:repeated|recurrent|repeat|frequent)\s+(?:throat|tonsil)\s+infections?\b", "recurrent tonsillitis"),
    (
        r"\b(?:womb|uterus)\s+(?:was\s+not|wasn't|is\s+not|isn't|did\s+not|didn't|not)\s+(?:tightening|contracting|"
        r"squeezing|clamping\s+down)(?:\s+(?:down|properly|well|enough))*\b",
        "uterine atony",
    ),
    # "poorly controlled epilepsy" for "uncontrolled epilepsy" (round 212)
    (r"\b(?:poorly|badly|inadequately|not\s+well)[\s-]controlled\b", "uncontrolled"),
    # "the share of patients receiving blood" for "red cell transfusion"; "eased low mood" for "reduced depressive
    # symptoms" (rounds 209-210)
    (
        r"\b(?:receiv(?:e|es|ed|ing)|g[ia]ven?|giving|need(?:s|ed|ing)?)\s+(?:a\s+)?blood\b(?!\s*(?:tests?|pressure|sugar|"
        r"thinners?|clots?|samples?|counts?|levels?|cultures?|-))",
        "transfusion",
    ),
    (r"\blow\s+mood\b", "depressive symptoms"),
    (r"\brunny\s+(?:tumm(?:y|ies)|poos?|stools?|bowels?)\b", "diarrhea"),  # "Runny tummies were less common" (r. 207)
    # "because of a serious narrowing of a heart valve" for "severe aortic stenosis"; "because his kidneys do not work
    # fully" for "chronic kidney disease"; "born unusually small" for "small for gestational age" (rounds 207-208)
    (r"\bnarrow(?:ing|ed)\s+(?:of\s+)?(?:a|the|his|her|their|one)\s+(?:main\s+)?heart\s+valves?\b", "valve stenosis"),
    (r"\bkidneys?\s+(?:do|does|did)\s+not\s+work\s+(?:fully|properly|well|normally)\b", "kidney disease"),
    (r"\bborn\s+(?:unusually\s+|very\s+|too\s+)?small\b", "small for gestational age"),
    (r"\b(?:high|raised)\s+temperature\b", "fever"),
    (r"\brunny\s+nose\b", "rhinorrhea"),
    (r"\bheavy\s+(?:menstrual\s+)?periods\b|\bmenorrhagia\b", "heavy menstrual bleeding"),
    (r"\bpainful\s+periods\b", "dysmenorrhea"),
    (r"\b(?:kidney|renal)\s+stones?\b|\bnephrolithiasis\b", "renal calculi"),
    (r"\bunder\s+the\s+skin\b", "subcutaneous"),
    (r"\b(?:into|through|via)\s+a\s+vein\b", "intravenously"),
    (r"\bpremature\s+birth\b|\bborn\s+(?:too\s+early|prematurely)\b", "preterm birth"),
    (r"\bpremature(?=\s+(?:infants|babies|neonates|newborns)\b)", "preterm"),
    (r"\bmouth\s+ulcers\b", "oral ulcers"),
    (r"\bnarrowings?\b|\bstrictures?\b", "stenosis"),  # "the narrowing" for an oesophageal "stricture" (round 131)
    (r"\blow\s+(?:blood\s+)?phosphate(?:\s+levels?)?\b", "hypophosphatemia"),
    (r"\b(?:high|raised)\s+(?:blood\s+)?phosphate(?:\s+levels?)?\b", "hyperphosphatemia"),
    (r"\bcombined(?=\s+(?:rate|risk|outcome|end\s?point|incidence)\b)", "composite"),
    (r"\bsymptom-?\s?free\b|\bwithout\s+(?:any\s+)?symptoms\b|\bsymptomless\b", "asymptomatic"),
    (r"\bcerebrovascular\s+accidents?\b", "stroke"),
    (r"\bpoor\s+(?:blood\s+)?(?:supply|flow|circulation)\s+to\s+the\s+(?:legs?|feet|limbs?)\b", "limb ischemia"),
    (r"\bSp[O0]2\b|\bSa[O0]2\b", "oxygen saturation"),  # "saturations under 85%" for "SpO2 <85%" (round 26)
    (r"\buncomfortable\b", "discomfort"),  # five letters had read it as "uncommon" (rare; round 51)
    # "had another clot" for "Recurrent VTE occurred" (round 210)
    (r"\b(?:another|a\s+(?:further|second|new|repeat)|further|repeat)\s+(?:blood\s+)?clots?\b", "recurrent thrombosis"),
    (r"\bclots?\b", "thrombosis"),
    (r"\bfluid\s+(?:around|surrounding|about)\s+(?:the|both|his|her|their|one|a)?\s*lungs?\b", "pleural effusion"),
    (r"\bfluid\s+(?:around|surrounding)\s+(?:the|his|her)?\s*heart\b", "pericardial effusion"),  # round 52 reports
    (r"\bsalty?\s+water\b|\bsalt\s+solution\b", "saline"),  # "Nebulized 3% salt water" (round 52)
    (
        r"\bsmall\s+for\s+(?:their|its|the|her|his)\s+(?:stage\s+of\s+pregnancy|gestational\s+age|dates)\b",
        "small-for-gestational-age",
    ),  # "No clots were seen" for "Thromboembolic events were not observed" (round 51)
    (r"\bCO2\b", "carbon dioxide"),  # "tends to retain carbon dioxide" for "Known CO2 retainer" (round 54)
    (r"\bper\s?cent\b", "%"),  # "between 88 and 92 percent" for "88-92%": a sign, not a word
    (r"\blung\s+arter(?=y|ies)", "pulmonary arter"),  # "the main and left lung arteries" (our own CT report)
    (
        r"\bc(?:a)?esarean\s+(?:births?|sections?|deliver(?:y|ies))\b|\bc-sections?\b"
        r"|\bc(?:a)?esareans?\b(?!\s+(?:births?|sections?|deliver(?:y|ies)))",
        "cesarean delivery",
    ),  # "Caesarean births", "C-section", "Caesarean rates" (rounds 54-55)
    (r"\bserious\s+(?=bleed(?:s|ing)?\b|ha?emorrhages?\b)", "major "),  # "serious bleeding" (round 55)
    (
        r"\b(?:the\s+)?(?:upper\s+)?airways?\s+(?:closing|collapsing|narrowing|blocking|being\s+blocked|closes|collapses)"
        r"(?:\s+(?:off|up|over))?\b",
        "obstruction",
    ),  # "mostly due to the airway closing" for "predominantly obstructive" (round 56)
    (
        r"\b(?:the\s+)?eye(?:ball)?s?\s+gr(?:ew|ows?|owing)(?:\s+(?:in\s+length|longer))?\b"
        r"|\b(?:growth|lengthening|elongation)\s+of\s+the\s+eye(?:ball)?s?\b|\beye(?:ball)?\s+(?:growth|lengthening)\b",
        "axial elongation",
    ),  # "slowed how much the eye grew in length" for "axial elongation" (round 58)
    (r"\b(GP|doctor|physician)\s+visits?\b", r"\1 consultations"),  # "fewer GP visits" (round 58)
    (r"\bdose\s+reductions?\b", "dose adjustment"),  # "a renal dose reduction" is a renal dose adjustment (round 58)
    (r"\b(?:regular|consistent)\s+use\b", "adherence"),  # "technique and regular use" (round 60's asthma letter)
    (r"\bno\s+reason\s+to\s+(?:stop|hold|pause)\b", "no indication to withhold"),  # an ED plan's words (round 58)
    (r"\bblood\s+(?=(?:use|usage|units?)\b)", "red cell "),  # "roughly halved blood use" (round 62)
    (
        r"\b(?:womb|uterus)\s+(?:was\s+|is\s+)?(?:not|n't)\s+contracting(?:\s+(?:firmly|properly|well))?(?:\s+enough)?",
        "uterine atony",
    ),  # "because your womb was not contracting firmly enough" (round 64's delivery letter)
    (r"\brul(?:e|es|ed|ing)\s+out\b", "exclude"),  # "does not rule out" for "does not exclude" (round 164)
    # "had to come back into hospital within a month" (round 166); not advice, "go back to hospital if ..." (r. 66)
    (r"\b(?:had\s+to\s+(?:come|go)|came|went)\s+back\s+(?:in)?to\s+(?:the\s+)?hospital\b", "readmitted"),
)
"""Everyday names of common signs, conditions and measures and the clinical term a report uses ("slow heart rate"
is bradycardia, "low blood pressure" hypotension, "hair loss" alopecia, "shingles" herpes zoster, "blood in the urine"
haematuria, "kidney stones" and nephrolithiasis renal calculi, "heavy periods" and menorrhagia heavy menstrual
bleeding), read after the round table so that the longer phrases there ("low blood sugar") are read first.  Each
entry joins one meaning only: no class holds two conditions a changed-entity error could swap ("high potassium" and
"high sodium" stay two terms), and wording whose scope differs between the two forms ("early delivery", "swelling"
without the limb, "fits") is left out."""
