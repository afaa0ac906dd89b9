"""Lay wording and the clinical term it stands for, the table :func:`medhal.text.synonyms.canonical_text` reads
(issue 14: faithful answers restate a report "in lay terms", and a lay term must align with, and name the same
subject as, the clinical one).

Two tables, read in order: :data:`_ROUNDS`, the phrases clinician-read rounds found one case at a time (the round
is named where it matters), then :data:`COMMON_LAY_TERMS`, everyday names of common signs and conditions.  Each
pattern is replaced by its term, lower-cased where a term is written in lower case; a pattern that names a body part
keeps it ("ankle swelling" is "ankle edema").

>>> [term for pattern, term in LAY_PHRASES if pattern.search("a slow heart rate")]
['bradycardia']
"""

from __future__ import annotations

import re

from medhal.text._lay_common import COMMON_LAY_TERMS

__all__ = ["LAY_PHRASES"]

_ROUNDS: tuple[tuple[str, str], ...] = (
    # "not usually offered freezing because it hurts" for "Cryotherapy is not routinely offered ... because of pain"
    # (round 218); not "hurt an unborn baby" (teratogenic, below), nor freezing of gait or freezing temperatures
    (r"\b(?:it|they|this|that|which)\s+hurts?\b|\bhurts?\s+(?:a\s+lot|too\s+much)\b", "of pain"),
    # "roughly half of cases clear up by themselves in that time" for "around 50% of effusions resolve within this
    # time"; "because their hearing stayed poor" for "because of persistent hearing loss" (round 227)
    (
        r"\bclear(?:s|ed|ing)?\s+up\s+(?:by|on)\s+(?:themselves|itself|their\s+own|its\s+own)\b",
        "resolve",
    ),
    (
        r"\b(hearing|vision|eyesight)\s+(?:stayed|remained|was\s+still)\s+(?:poor|bad|impaired|reduced)\b",
        r"persistent \1 loss",
    ),
    (r"\bclear(?:s|ed|ing)?\s+up\b", "cure"),  # "help more people clear up" for "improve cure rates" (round 218)
    (r"\ballergic(?:[- ]type)?\s+reactions?\b", "hypersensitivity reaction"),  # "an allergic-type reaction" (r. 219)
    # a class named by its best-known drug: "he is not to take aspirin or similar drugs" for "No antiplatelet to be
    # given", "aspirin-type medicines are not a good enough replacement" for "Antiplatelet therapy is not" (round 227)
    (
        r"\baspirin(?:[- ](?:type|like)\s+|\s+or\s+(?:other\s+)?similar\s+|\s+and\s+(?:other\s+)?similar\s+)"
        r"(?:medicines?|medications?|drugs?|tablets?|treatments?)\b",
        "antiplatelet drugs",
    ),
    # "a pregnancy condition that causes high blood pressure" for "maternal pre-eclampsia"; "the heart's natural
    # pacemaker" for "the sinus node" (round 228)
    (
        r"\ban?\s+(?:pregnancy(?:-related)?\s+)?condition\s+(?:of\s+pregnancy\s+)?(?:that|which)\s+causes?\s+"
        r"(?:high|raised)\s+blood\s+pressure\b",
        "pre-eclampsia",
    ),
    (r"\b(?:the\s+)?heart(?:'s|s')?\s+(?:own\s+)?natural\s+pacemaker\b", "the sinus node"),
    # round 229: "the home meters can give readings that are falsely high" for "meters may overestimate the INR";
    # "that infection can flare up during or after treatment" for "Hepatitis B reactivation ... during and after
    # treatment"; "because there isn't enough information" for "because data are insufficient"; "his PSA blood test"
    (
        r"\b(?:give|gives|show|shows)\s+readings\s+that\s+are\s+falsely\s+high\b|\bfalsely\s+high\s+readings\b",
        "overestimate",
    ),
    (r"\b(infection|virus)\s+(?:can|could|may|might)\s+flare\s+up\b", r"\1 reactivation"),
    (
        r"\bthere\s+(?:isn't|is\s+not|wasn't|was\s+not|aren't|are\s+not)\s+(?:enough|sufficient)\s+"
        r"(?:information|evidence|data)\b|\bnot\s+enough\s+(?:information|evidence|data)\b",
        "data are insufficient",
    ),
    (r"(?-i:\b([A-Z][A-Za-z0-9]{1,5})\s+blood\s+tests?\b)", r"\1"),
    # "An egg was released at least once" for "Ovulation occurred in at least one cycle"; "she had not released an
    # egg" (round 230)
    (r"\ban\s+egg\s+(?:was|is|had\s+been|has\s+been)\s+released\b", "ovulation occurred"),
    (r"\breleas(?:e|es|ed|ing)\s+an\s+egg\b", "ovulated"),
    # "because it is not bothering him it will be left alone for now" for "is not causing symptoms, so we will leave
    # it" (round 231)
    (r"\bbother(?:s|ing|ed)?\s+(?:him|her|them|you|me)\b", "causing symptoms"),
    (r"\b(?:will\s+be|is\s+being|is\s+to\s+be|was)\s+left\s+alone\b", "will leave it"),
    # round 232-233: "Serious complications were more common with stimulation" for "serious adverse events"; "severe
    # depression that has not been treated" for "severe untreated depression"; "marked ups and downs in his symptoms"
    # for "motor fluctuations"; "because they can disrupt sleep" for "as these may cause insomnia"
    (r"\bserious\s+complications\b", "serious complications or adverse events"),  # either (rounds 189, 210)
    (r"\b(?:that|which|who)\s+(?:has|have|had|is|are|was|were)\s+not\s+(?:yet\s+)?been\s+treated\b", "untreated"),
    (r"\bups\s+and\s+downs\b", "fluctuations"),
    # (said as what something can do, not "how much the pain disturbed sleep", a measure: round 227)
    (
        r"\b(?:can|may|could|might|will)\s+(?:disrupt|disturb)\s+(?:your\s+|their\s+|his\s+|her\s+)?sleep\b",
        "may cause insomnia",
    ),
    # round 234: "she has had thrush five times" for "her fifth episode of ... candidiasis"; "it upsets the stomach
    # less" for "fewer gastrointestinal side effects"
    (r"\b(?:vaginal\s+|oral\s+)?thrush\b", "candidiasis"),
    (r"\b(?:an?\s+)?(?:pocket|collection)\s+of\s+pus\b", "an abscess"),  # "a pocket of pus on the epiglottis" (r. 235)
    (  # said of a treatment against another (otherwise dyspepsia, below: round 107)
        r"\bupset(?:s|ting)?\s+(?:the|your|their|his|her)\s+stomachs?(?=\s+(?:less|more)\b)",
        "gastrointestinal side effects",
    ),
    (r"\bGerman\s+measles\b", "rubella"),
    # round 246: "because it misses too much" for "because it is insensitive"; "the operation does more harm than
    # good" for "the risks of surgery outweigh the benefit"
    (r"\bmiss(?:es|ed)?\s+too\s+(?:much|many)\b", "is insensitive"),
    (r"(?-i:\bFits\b)|\b(?<=new\s|any\s|had\s)fits\b", "seizures"),  # "Fits were less common after coiling"
    (  # "A blood marker that rises when the body is short of B12" for methylmalonic acid (MMA)
        r"\ban?\s+(?:blood\s+)?marker\s+that\s+rises\s+when\s+(?:the\s+body\s+is|you\s+are|someone\s+is)\s+short\s+of"
        r"\s+(?:vitamin\s+)?B12\b",
        "methylmalonic acid (MMA)",
    ),
    (r"\b(?:does|do|did|would\s+do)\s+more\s+harm\s+than\s+good\b", "risks outweigh the benefit"),
    # round 244: "because longer use can make the stuffiness come back worse" for "Longer use can cause rebound
    # congestion"
    (r"\b(?:stuffiness|stuffy\s+nose)\b", "nasal congestion"),
    (r"\bblocked\s+nose\b", "blocked nose or nasal congestion"),  # a leaflet's "the nose is blocked" too (round 202)
    (r"\bcome\s+back\s+worse\b", "rebound"),
    # round 242: "because only a small area is affected" for "given the limited extent"; "their blood became less
    # concentrated" for "Serum osmolality fell"
    (r"\b(?:only\s+)?a\s+small\s+area\b", "a limited extent"),
    (r"\bblood\s+(?:became|becomes|was|got)\s+(?:less|more)\s+concentrated\b", "serum osmolality changed"),
    # "four lab-confirmed bladder infections" for "recurrent cystitis ... 4 culture-confirmed episodes" (round 241)
    (r"\bcystitis\b", "cystitis (urinary tract infection)"),
    # round 241: "because he no longer has a spleen" for "(post-splenectomy)"; "a kind of haemoglobin normally found in
    # babies" for "fetal haemoglobin (HbF)"
    (
        r"\b(?:no\s+longer\s+(?:has|have)\s+a\s+spleen|(?:his|her|their|the)\s+spleen\s+(?:was\s+|were\s+)?removed"
        r"|removed\s+(?:his|her|their|the)\s+spleen)\b",
        "splenectomy",
    ),
    (
        r"\b(?:an?\s+)?(?:kind|type|form)\s+of\s+ha?emoglobin\s+(?:(?:that\s+is\s+)?(?:normally|usually)\s+)?"
        r"(?:found|made|seen)\s+in\s+(?:unborn\s+)?(?:babies|infants|newborns|the\s+womb)\b",
        "fetal haemoglobin",
    ),
    (r"\bdays?\s+off\s+(work|school)\b", r"time off \1"),  # "two fewer days off work" (an own abstract, session 36)
    # "because of the risk of marking the teeth" for "because of the risk of dental fluorosis" (round 239)
    (
        r"\b(?:(?:marking|mottling)\s+(?:of\s+|on\s+)?(?:the\s+|their\s+|your\s+)?teeth|tooth\s+(?:marking|mottling))\b",
        "dental fluorosis",
    ),  # "protected against measles and German measles" (round 236)
    (r"\bsudden\s+urges\b", "urgency"),  # "because of sudden urges at least once a day" (round 226)
    (r"\bbreaks?\s+in\s+the\s+spine\b", "vertebral fractures"),  # "Breaks in the spine became less common" (r. 225)
    # "a severe drop in infection-fighting white cells" for "agranulocytosis" (round 223)
    (
        r"\b(?:severe\s+)?(?:drop|fall)\s+in\s+(?:the\s+)?(?:infection-fighting\s+)?white(?:\s+blood)?\s+cells?\b",
        "agranulocytosis",
    ),
    (r"\bserious\s+health\s+problems\b", "serious adverse events"),  # "Maternal serious adverse events" (round 224)
    (r"\b(?:raised|elevated)\s+blood\s+(?:sugar|glucose)\b", "hyperglycemia"),  # "raised blood glucose" (round 223)
    # "she has never had an early birth or a late miscarriage" for "no history of preterm birth or second-trimester
    # loss" (round 222)
    (r"\b(?:an?\s+)?early\s+births?\b", "preterm birth"),
    (r"\blate\s+miscarriages?\b", "second-trimester loss"),
    (  # "Fewer ... needed to stay in hospital" for "Hospital admission occurred in 61% versus 74%" (round 221)
        r"\bneed(?:ed|s)?\s+to\s+(?:stay|be\s+kept|remain|be\s+admitted)\s+in\s+(?:the\s+)?hospital\b",
        "hospital admission",
    ),
    (  # "cut radiation to a little over half" for "reduced median dose-length product" of CT (round 219)
        r"\bradiation\b(?!\s+(?:therapy|treatment|oncolog\w*|dose|exposure|dermatitis|proctitis|pneumonitis|injury))",
        "radiation dose",
    ),
    (r"\bfreezing\b(?!\s+(?:of\s+gait|episodes?|point|temperatures?|cold|weather|conditions|sprays?))", "cryotherapy"),
    # "the other half took a dummy tablet" for "prednisolone plus placebo" (an own Bell's palsy abstract, session 34)
    (
        r"\bdummy\s+(?:tablets?|pills?|capsules?|injections?|drugs?|medicines?|treatments?|drops?|inhalers?)\b",
        "placebo",
    ),
    # "long-term twitching of the face" for "synkinesis at 9 months" (the same abstract): after a facial palsy
    (r"\b(?:twitch(?:es|ing)?\s+of\s+(?:the\s+)?face|facial\s+twitch(?:es|ing)?)\b", "synkinesis"),
    # "Botox-type injections" for "onabotulinumtoxinA 155 units" (round 201): one toxin by its brand and its names
    (r"\bBotox(?:-type|-like)?\b|\b(?:ona|abo|inco|prabo|daxi|leti)botulinumtoxin[ab]?\b", "botulinum toxin"),
    (  # "a lower chance of fathering a child" for "lower paternity" (round 179)
        r"\bfather(?:ing|ed)?\s+(?:a\s+)?(?:child(?:ren)?|bab(?:y|ies))\b|\bbec(?:ame|oming|ome)\s+a\s+father\b",
        "paternity",
    ),
    (  # round 173; "unwanted movement-type side effects" (round 220)
        r"\b(?:unwanted\s+)?movement[- ](?:related\s+|type\s+)?(?:side[- ]effects?|problems|disorders?)\b",
        "extrapyramidal effects",
    ),
    (r"\bpassing\s+(?:the\s+)?(?:virus\s+|it\s+)?(?:on\s+)?to\s+(?:the|her)\s+bab(?:y|ies)\b", "transmission"),
    (r"\bbaby(?:'s)?\s+movements?\b|(?-i:\bFMs?\b)", "fetal movements"),  # "reduced baby movements" (round 100)
    (
        r"\b(?:hoping|planning|trying|wanting|wishing)\s+to\s+(?:have\s+a\s+baby|get\s+pregnant|become\s+pregnant"
        r"|conceive|start\s+a\s+family)\b",
        "planning to conceive",
    ),  # "hoping to have a baby" for "planning to conceive" (round 55)
    # "adverse effect" (round 138); "stop the medicine because of side effects" for "because of toxicity" (round 165)
    (r"\bside[- ]effects?\b|\badverse\s+effects?\b|\btoxicit(?:y|ies)\b", "adverse events"),
    (r"\b(?:on|when|after|upon)\s+standing(?:\s+up)?\b", "postural"),  # "dropped on standing" (round 167)
    (r"\bheart attacks?\b", "myocardial infarction"),
    (r"\bhigh blood pressure\b", "hypertension"),
    (r"\bblood clots?\s+in\s+(?:the\s+)?(?:deep\s+)?(?:veins?|legs?)\b", "venous thromboembolism"),
    (r"\bblood clots?\s+in\s+(?:the\s+)?lungs?\b", "pulmonary embolism"),
    (r"\bblood clots?\b", "thrombosis"),
    (r"\bbelow[- ](?:the[- ])?knee(?=\s+(?:DVTs?|deep|thromb|clots?|veins?)\b)", "distal"),
    (r"\babove[- ](?:the[- ])?knee(?=\s+(?:DVTs?|deep|thromb|clots?|veins?)\b)", "proximal"),
    (r"\bchest infections?\b", "lower respiratory tract infection"),
    (r"\blow (?:blood )?potassium\b", "hypokalemia"),
    (r"\blow (?:blood )?sodium\b", "hyponatremia"),
    (r"\bhigh blood (?:sugar|glucose)\b", "hyperglycemia"),
    (  # "expected to push up his blood sugar" for "anticipated steroid-induced hyperglycaemia" (round 57)
        r"\b(?:push(?:es|ed|ing)?|driv(?:e|es|ing)|rais(?:e|es|ed|ing)|put(?:s|ting)?)\s+up\s+(?:(?:his|her|their|your|the)\s+)?"
        r"blood (?:sugar|glucose)(?:\s+levels?)?\b",
        "cause hyperglycemia",
    ),
    (  # "his blood pressure drops when he stands" for "postural hypotension" (round 57)
        r"\bblood\s+pressure\s+(?:drops|falls|dropped|fell|goes\s+down|went\s+down)\s+(?:when|on|as)\s+"
        r"(?:(?:he|she|they|you|standing)\s+)?(?:stands?|standing|stood|getting\s+up|gets\s+up)(?:\s+up)?\b",
        "postural hypotension",
    ),
    (r"\bblood\s+fats?\b", "lipids triglycerides"),  # "lowered blood fats: fasting triglycerides" (round 57)
    (r"\blow blood (?:sugar|glucose)\b", "hypoglycemia"),
    (r"\bhigh cholesterol\b", "hypercholesterolemia"),
    (r"\b(?:shortness of breath|breathlessness)\b", "dyspnea"),
    (r"\birregular heart ?beats?\b", "arrhythmia"),
    (r"\b(?:stomach|belly|tummy) pain\b", "abdominal pain"),
    (r"\bblood thinners?\b", "anticoagulants"),
    (r"\bpainkillers?\b", "analgesics"),
    (r"\bwater pills?\b", "diuretics"),
    (r"\btired(?:ness)?\b", "fatigue"),  # "stopped because of tired legs" for "stopped - leg fatigue" (round 72)
    (r"\b(?:drowsiness|sleepiness|drowsy|sleepy)\b", "somnolence"),  # "it made you drowsy" (round 117)
    (r"\b(?:below[- ](?:the[- ])?knee|calf)(?=\s+(?:DVT|deep\s+vein|clots?|thrombos))", "distal"),
    (r"\b(?:put\s+down\s+to|blamed\s+on|ascribed\s+to)\b", "attributed to"),
    (r"\b(?:newborn\s+)?bab(?:y|ies)\b", "infants"),
    (r"\b(?:short|near)[- ]?sight(?:ed|edness)\b", "myopia"),
    (r"\b(?:long|far)[- ]?sight(?:ed|edness)\b", "hyperopia"),
    (r"\beczema\b", "atopic dermatitis"),
    (r"\b(?:skin\s+thinning|thinning\s+of\s+the\s+skin|thinned\s+skin)\b", "skin atrophy"),
    (  # "bleeding from small fragile blood vessels" for "telangiectasiae" (round 135)
        r"\b(?:(?:small\s+)?(?:visible|fragile)\s+(?:small\s+)?blood\s+vessels|spider\s+veins|thread\s+veins)\b",
        "telangiectasia",
    ),
    (r"\blinks?(?=\s+(?:with|to|between)\b)", "association"),
    (r"\blinked(?=\s+(?:with|to)\b)", "associated"),
    (r"\b(?:participants?|individuals|persons)\b", "patients"),
    (r"\b(?:during|throughout)\s+(?:the\s+)?(?:hospital\s+)?(?:admission|hospitali[sz]ation)\b", "in hospital"),
    (r"\b25-?(?:hydroxy-?\s?|\(OH\)\s?)vitamin\s+D\b|\b25\(OH\)D\b", "vitamin D"),
    (r"\bvitamin\s+D3\b", "cholecalciferol"),  # "2,000 IU of vitamin D3 a day" (own abstract, session 25)
    (  # "because they tested positive for JCV antibodies" for "JCV seropositivity" (round 149)
        r"\btest(?:ed|s|ing)?\s+positive\s+for\s+(?P<of>[\w-]+)\s+antibod(?:y|ies)\b",
        r"\g<of> seropositivity",
    ),
    (r"\btoo\s+little\s+blood(?:\s+being)?(?:\s+(?:collected|drawn|taken))?\b", "insufficient sample volume"),
    (r"\bappetite\b", "food intake"),  # "mainly by restoring appetite" for "largely by restoring food intake" (152)
    (r"\bvitamin\s+D2\b", "ergocalciferol"),
    (r"\b(?:ferric|ferrous)\b", "iron"),
    (r"\b(?:tight|strict)(?=\s+(?:glucose|glycaemic|glycemic|blood\s+sugar|blood\s+pressure)\s+control)", "intensive"),
    (r"\b(?:kidney|renal)\s+(?:problems?|impairment)\b", "renal dysfunction"),
    (r"\b(?:liver|hepatic)\s+(?:problems?|impairment)\b", "hepatic dysfunction"),
    (r"\bpost-?\s?operative(?:ly)?\b|\bfollowing\s+(?:the\s+)?(?:surgery|operation)\b", "after surgery"),
    (r"\b(knee|hip|shoulder|joint)\s+replacements?\b", r"\1 arthroplasty"),
    (r"\bhay fever\b", "allergic rhinitis"),
    (r"\bflare[- ]?ups?\b|\bflares\b", "exacerbations"),
    (  # "because they upset your stomach" for "Avoid NSAIDs given dyspepsia" (round 107)
        r"\b(?:upset(?:s|ting)?\s+(?:(?:your|his|her|their|the)\s+)?stomach|(?:an\s+)?upset\s+stomach|indigestion)\b",
        "dyspepsia",
    ),
    (  # "stomach and bowel side effects" for "gastrointestinal side effects" (own abstract, session 21)
        r"\b(?:stomach|tummy)\s+(?:and|or|&)\s+(?:bowel|gut|intestinal)\b|\b(?:bowel|gut)\s+(?:and|or|&)\s+stomach\b"
        r"|\bdigestive(?=\s+(?:side[- ]effects?|adverse|upset|symptoms?|problems?)\b)",
        "gastrointestinal",
    ),
    (r"\bstomach\b", "gastric"),
    (r"\bevery[- ]other[- ]day\b", "alternate-day"),  # "every-other-day tablets" for "alternate-day dosing"
    (  # "more women kept taking their tablets" for "Adherence was higher" (own abstract, session 21)
        r"\b(?:kept|keep|keeps|keeping)\s+(?:on\s+)?taking\s+(?:their|the|your|his|her|its)\s+"
        r"(?:tablets|pills|capsules|medicines?|medications?|treatment|iron)\b",
        "adherence",
    ),
    (  # "You should keep having darbepoetin" for "Continue darbepoetin" (own letter, session 22); read after "kept
        # taking their tablets" (adherence)
        r"\b(?:keep|keeps|keeping|carry\s+on|carries\s+on|carrying\s+on)\s+(?:on\s+)?(?:having|taking|using)\b",
        "continue",
    ),
    (r"\bwks\b", "weeks"),  # "every 2 wks"
    (r"\bwk\b", "week"),
    (r"\bno\s+worse\s+than\b", "non-inferior to"),  # "every other day was no worse than daily"
    # "can make the skin sensitive to light" for "photosensitivity" (round 165), "became sensitive to sunlight" (round
    # 186), before the eyes' photophobia
    (
        r"\bskin\s+(?:(?:more|very)\s+)?sensitive\s+to\s+(?:sun)?light\b|\bsensitive\s+to\s+(?:the\s+)?sun(?:light)?\b",
        "photosensitivity",
    ),
    (r"\b(?:light|glare)\s+sensitivity\b|\bsensitivity\s+to\s+(?:bright\s+)?light\b", "photophobia"),
    (r"\b(?:brittle|thinning) bones\b", "osteoporosis"),
    (r"\bmini[- ]strokes?\b", "transient ischemic attack"),
    (r"\b(?:their|the|an?)\s+appendix\s+(?:was\s+|were\s+)?removed\b", "appendectomy"),
    (r"\b(?:their|the|a)\s+gall-?bladder\s+(?:was\s+|were\s+)?removed\b", "cholecystectomy"),
    (r"\b(?:their|the|a)\s+(?:womb|uterus)\s+(?:was\s+|were\s+)?removed\b", "hysterectomy"),
    (r"\b(?:their|the)\s+tonsils\s+(?:was\s+|were\s+)?removed\b", "tonsillectomy"),
    (
        r"\bgrades?\s*(?:3|III)\s*(?:or|to|and|-|–)\s*(?:4|IV)\b|\bgrade\s*(?:≥|>=)\s*3\b|\bgrade\s*(?:3|"
        r"III)\s+or\s+(?:higher|above|greater)\b",
        "severe",
    ),
    (  # the common toxicity grading names grade 3 severe ("Severe nerve damage" for "Grade 3 neuropathy": round 52);
        # not a tumour's or a recommendation's grade
        r"\bgrade\s*(?:3|III)\b(?!\s*(?:or|to|and|-|–|\+|/)(?:\s|\d|I))(?!\s+(?:tumou?rs?|cancers?|carcinomas?|"
        r"gliomas?|lesions?|disease|histology|differentiation|evidence|recommendations?)\b)",
        "severe",
    ),
    (
        r"\b(?:(?:time|nights|days)\s+(?:spent\s+)?(?:in|at)\s+(?:the\s+)?hospital|(?:length|"
        r"duration)\s+of\s+(?:the\s+)?(?:hospital\s+)?stay|hospital\s+stay|stay(?:ed|"
        r"s)?\s+in\s+(?:the\s+)?hospital)\b",
        "length of hospital stay",
    ),
)
"""Lay phrases found by clinician-read rounds, and the clinical term they stand for ("time in hospital", "nights spent
in the hospital" and "length of stay" are one measure; "low potassium" is hypokalaemia, "water pills" diuretics; "grade
3 or 4" adverse events are the severe ones, as the common toxicity grading names grade 3; "participants" and
"individuals" are the patients a report counts; "their appendix removed" is appendectomy, "kidney problems" renal
dysfunction, "postoperative" after surgery, "ferric" and "ferrous" salts iron, "tight" glucose or blood-pressure control
intensive control, "25-hydroxyvitamin D", the form in which vitamin D is measured, vitamin D; "during admission" in
hospital; "drowsiness" and "sleepiness" somnolence, "babies" infants, "put down to" or "blamed on" attributed to: round
23; "below-knee" or "calf" DVT distal DVT: round 26). Each electrolyte, symptom and drug class keeps its own term, so a
swapped one ("low sodium" for hypokalaemia) is never read as the other."""

LAY_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), term) for pattern, term in (*_ROUNDS, *COMMON_LAY_TERMS)
)
"""Every lay phrase and its clinical term, in the order :func:`medhal.text.synonyms.canonical_text` applies them."""
