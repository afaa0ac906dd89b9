"""Lay wording and the clinical term it stands for, the table :func:`medhal.text.synonyms.canonical_text` reads
(issue 14: faithful answers restate a report "in lay terms", and a lay term must align with, and name the same
subject as, the clinical one).

Two tables, read in order: :data:`_ROUNDS`, the phrases clinician-read rounds found one case at a time (the round
is named where it matters), then :data:`_COMMON`, everyday names of common signs and conditions.  Each pattern is
replaced by its term, lower-cased where a term is written in lower case; a pattern that names a body part keeps it
("ankle swelling" is "ankle edema").

>>> [term for pattern, term in LAY_PHRASES if pattern.search("a slow heart rate")]
['bradycardia']
"""

from __future__ import annotations

import re

__all__ = ["LAY_PHRASES"]

_ROUNDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bside[- ]effects?\b", re.IGNORECASE), "adverse events"),
    (re.compile(r"\bheart attacks?\b", re.IGNORECASE), "myocardial infarction"),
    (re.compile(r"\bhigh blood pressure\b", re.IGNORECASE), "hypertension"),
    (
        re.compile(r"\bblood clots?\s+in\s+(?:the\s+)?(?:deep\s+)?(?:veins?|legs?)\b", re.IGNORECASE),
        "venous thromboembolism",
    ),
    (re.compile(r"\bblood clots?\s+in\s+(?:the\s+)?lungs?\b", re.IGNORECASE), "pulmonary embolism"),
    (re.compile(r"\bblood clots?\b", re.IGNORECASE), "thrombosis"),
    (re.compile(r"\bbelow[- ](?:the[- ])?knee(?=\s+(?:DVTs?|deep|thromb|clots?|veins?)\b)", re.I), "distal"),
    (re.compile(r"\babove[- ](?:the[- ])?knee(?=\s+(?:DVTs?|deep|thromb|clots?|veins?)\b)", re.I), "proximal"),
    (re.compile(r"\bchest infections?\b", re.IGNORECASE), "lower respiratory tract infection"),
    (re.compile(r"\blow (?:blood )?potassium\b", re.IGNORECASE), "hypokalemia"),
    (re.compile(r"\blow (?:blood )?sodium\b", re.IGNORECASE), "hyponatremia"),
    (re.compile(r"\bhigh blood (?:sugar|glucose)\b", re.IGNORECASE), "hyperglycemia"),
    (re.compile(r"\blow blood (?:sugar|glucose)\b", re.IGNORECASE), "hypoglycemia"),
    (re.compile(r"\bhigh cholesterol\b", re.IGNORECASE), "hypercholesterolemia"),
    (re.compile(r"\b(?:shortness of breath|breathlessness)\b", re.IGNORECASE), "dyspnea"),
    (re.compile(r"\birregular heart ?beats?\b", re.IGNORECASE), "arrhythmia"),
    (re.compile(r"\b(?:stomach|belly|tummy) pain\b", re.IGNORECASE), "abdominal pain"),
    (re.compile(r"\bblood thinners?\b", re.IGNORECASE), "anticoagulants"),
    (re.compile(r"\bpainkillers?\b", re.IGNORECASE), "analgesics"),
    (re.compile(r"\bwater pills?\b", re.IGNORECASE), "diuretics"),
    (re.compile(r"\btiredness\b", re.IGNORECASE), "fatigue"),
    (re.compile(r"\b(?:drowsiness|sleepiness)\b", re.IGNORECASE), "somnolence"),
    (re.compile(r"\b(?:below[- ](?:the[- ])?knee|calf)(?=\s+(?:DVT|deep\s+vein|clots?|thrombos))", re.I), "distal"),
    (re.compile(r"\b(?:put\s+down\s+to|blamed\s+on|ascribed\s+to)\b", re.IGNORECASE), "attributed to"),
    (re.compile(r"\b(?:newborn\s+)?bab(?:y|ies)\b", re.IGNORECASE), "infants"),
    (re.compile(r"\b(?:short|near)[- ]?sight(?:ed|edness)\b", re.IGNORECASE), "myopia"),
    (re.compile(r"\b(?:long|far)[- ]?sight(?:ed|edness)\b", re.IGNORECASE), "hyperopia"),
    (re.compile(r"\beczema\b", re.IGNORECASE), "atopic dermatitis"),
    (re.compile(r"\b(?:skin\s+thinning|thinning\s+of\s+the\s+skin|thinned\s+skin)\b", re.IGNORECASE), "skin atrophy"),
    (
        re.compile(r"\b(?:(?:small\s+)?visible\s+blood\s+vessels|spider\s+veins|thread\s+veins)\b", re.I),
        "telangiectasia",
    ),
    (re.compile(r"\blinks?(?=\s+(?:with|to|between)\b)", re.IGNORECASE), "association"),
    (re.compile(r"\blinked(?=\s+(?:with|to)\b)", re.IGNORECASE), "associated"),
    (re.compile(r"\b(?:participants?|individuals|persons)\b", re.IGNORECASE), "patients"),
    (
        re.compile(r"\b(?:during|throughout)\s+(?:the\s+)?(?:hospital\s+)?(?:admission|hospitali[sz]ation)\b", re.I),
        "in hospital",
    ),
    (re.compile(r"\b25-?(?:hydroxy-?\s?|\(OH\)\s?)vitamin\s+D\b|\b25\(OH\)D\b", re.IGNORECASE), "vitamin D"),
    (re.compile(r"\b(?:ferric|ferrous)\b", re.IGNORECASE), "iron"),
    (
        re.compile(
            r"\b(?:tight|strict)(?=\s+(?:glucose|glycaemic|glycemic|blood\s+sugar|blood\s+pressure)\s+control)", re.I
        ),
        "intensive",
    ),
    (re.compile(r"\b(?:kidney|renal)\s+(?:problems?|impairment)\b", re.IGNORECASE), "renal dysfunction"),
    (re.compile(r"\b(?:liver|hepatic)\s+(?:problems?|impairment)\b", re.IGNORECASE), "hepatic dysfunction"),
    (
        re.compile(r"\bpost-?\s?operative(?:ly)?\b|\bfollowing\s+(?:the\s+)?(?:surgery|operation)\b", re.I),
        "after surgery",
    ),
    (re.compile(r"\b(knee|hip|shoulder|joint)\s+replacements?\b", re.IGNORECASE), r"\1 arthroplasty"),
    (re.compile(r"\bhay fever\b", re.IGNORECASE), "allergic rhinitis"),
    (re.compile(r"\bflare[- ]?ups?\b|\bflares\b", re.IGNORECASE), "exacerbations"),  # "COPD flare-ups" (round 34)
    (re.compile(r"\bstomach\b", re.IGNORECASE), "gastric"),  # "stomach and bowel upset" (round 38)
    (re.compile(r"\b(?:light|glare)\s+sensitivity\b|\bsensitivity\s+to\s+(?:bright\s+)?light\b", re.I), "photophobia"),
    (re.compile(r"\b(?:brittle|thinning) bones\b", re.IGNORECASE), "osteoporosis"),
    (re.compile(r"\bmini[- ]strokes?\b", re.IGNORECASE), "transient ischemic attack"),
    (re.compile(r"\b(?:their|the|an?)\s+appendix\s+(?:was\s+|were\s+)?removed\b", re.IGNORECASE), "appendectomy"),
    (re.compile(r"\b(?:their|the|a)\s+gall-?bladder\s+(?:was\s+|were\s+)?removed\b", re.I), "cholecystectomy"),
    (re.compile(r"\b(?:their|the|a)\s+(?:womb|uterus)\s+(?:was\s+|were\s+)?removed\b", re.I), "hysterectomy"),
    (re.compile(r"\b(?:their|the)\s+tonsils\s+(?:was\s+|were\s+)?removed\b", re.IGNORECASE), "tonsillectomy"),
    (
        re.compile(
            r"\bgrades?\s*(?:3|III)\s*(?:or|to|and|-|–)\s*(?:4|IV)\b|\bgrade\s*(?:≥|>=)\s*3\b|"
            r"\bgrade\s*(?:3|III)\s+or\s+(?:higher|above|greater)\b",
            re.IGNORECASE,
        ),
        "severe",
    ),
    (
        re.compile(
            r"\b(?:(?:time|nights|days)\s+(?:spent\s+)?(?:in|at)\s+(?:the\s+)?hospital|"
            r"(?:length|duration)\s+of\s+(?:the\s+)?(?:hospital\s+)?stay|hospital\s+stay|"
            r"stay(?:ed|s)?\s+in\s+(?:the\s+)?hospital)\b",
            re.IGNORECASE,
        ),
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

_COMMON: tuple[tuple[str, str], ...] = (
    (r"\b(?:slow|low)\s+(?:heart\s?rates?|heart\s?beats?|pulse)\b", "bradycardia"),
    (r"\b(?:fast|rapid|racing)\s+(?:heart\s?rates?|heart\s?beats?|pulse)\b", "tachycardia"),
    (r"\blow blood pressure\b", "hypotension"),
    (r"\b(?:high|raised)\s+(?:blood\s+)?potassium\b", "hyperkalemia"),
    (r"\b(?:high|raised)\s+(?:blood\s+)?sodium\b", "hypernatremia"),
    (r"\b(?:high|raised)\s+(?:blood\s+)?calcium\b", "hypercalcemia"),
    (r"\blow\s+(?:blood\s+)?calcium\b", "hypocalcemia"),
    (r"\blow\s+(?:blood\s+)?magnesium\b", "hypomagnesemia"),
    (r"\blow\s+(?:blood\s+)?oxygen(?:\s+(?:levels?|saturations?))?\b|\b(?:lack|shortage)\s+of\s+oxygen\b", "hypoxia"),
    (r"\bhypox(?:a?emi[ac])\b", "hypoxia"),
    (r"\bblood\s+in\s+(?:the\s+|their\s+)?urine\b", "hematuria"),
    (r"\bnose\s?bleeds?\b", "epistaxis"),
    (r"\bhair\s+loss\b", "alopecia"),
    (r"\b(?:itching|itchiness|itchy\s+skin)\b", "pruritus"),
    (r"\bhives\b", "urticaria"),
    (r"\b(?:fainting|faint(?:s|ed)|pass(?:ing|ed)\s+out)\b", "syncope"),
    (r"\b(ankle|leg|foot|feet)\s+swelling\b", r"\1 edema"),
    (r"\bswollen\s+(ankles|legs|feet)\b", r"\1 edema"),
    (r"\bjoint\s+pains?\b", "arthralgia"),
    (r"\bmuscle\s+(?:pains?|aches?)\b", "myalgia"),
    (r"\bfeeling\s+sick\b", "nausea"),
    (r"\b(?:being\s+sick|throwing\s+up)\b", "vomiting"),
    (r"\bacid\s+reflux\b", "gastroesophageal reflux"),
    (r"\bunderactive\s+thyroid\b", "hypothyroidism"),
    (r"\boveractive\s+thyroid\b", "hyperthyroidism"),
    (r"\bshingles\b", "herpes zoster"),
    (r"\bchicken\s?pox\b", "varicella"),
    (r"\bwhooping\s+cough\b", "pertussis"),
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
    (r"\b(?:leaking\s+urine|(?:urine|bladder)\s+leak(?:age|s)?)\b", "urinary incontinence"),
    (r"\bblood\s+poisoning\b", "sepsis"),
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
    (r"\bnarrowings?\b", "stenosis"),
    (r"\blow\s+(?:blood\s+)?phosphate(?:\s+levels?)?\b", "hypophosphatemia"),
    (r"\b(?:high|raised)\s+(?:blood\s+)?phosphate(?:\s+levels?)?\b", "hyperphosphatemia"),
    (r"\bcombined(?=\s+(?:rate|risk|outcome|end\s?point|incidence)\b)", "composite"),
    (r"\bsymptom-?\s?free\b|\bwithout\s+(?:any\s+)?symptoms\b|\bsymptomless\b", "asymptomatic"),
    (r"\bcerebrovascular\s+accidents?\b", "stroke"),
    (r"\bpoor\s+(?:blood\s+)?(?:supply|flow|circulation)\s+to\s+the\s+(?:legs?|feet|limbs?)\b", "limb ischemia"),
)
"""Everyday names of common signs, conditions and measures and the clinical term a report uses ("slow heart rate"
is bradycardia, "low blood pressure" hypotension, "hair loss" alopecia, "shingles" herpes zoster, "blood in the urine"
haematuria, "kidney stones" and nephrolithiasis renal calculi, "heavy periods" and menorrhagia heavy menstrual
bleeding), read after :data:`_ROUNDS` so that the longer phrases there ("low blood sugar") are read first.  Each
entry joins one meaning only: no class holds two conditions a changed-entity error could swap ("high potassium" and
"high sodium" stay two terms), and wording whose scope differs between the two forms ("early delivery", "swelling"
without the limb, "fits") is left out."""


LAY_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = _ROUNDS + tuple(
    (re.compile(pattern, re.IGNORECASE), term) for pattern, term in _COMMON
)
"""Every lay phrase and its clinical term, in the order :func:`medhal.text.synonyms.canonical_text` applies them."""
