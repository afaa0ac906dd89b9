"""Names an answer gives that its evidence never gives: an acronym or gene symbol ("HARI", "EGFR", "IL-6"), a proper
noun inside a sentence ("in Norway", "the Framingham score") or a drug by its WHO stem
(:mod:`medhal.text.drug_names`: "empagliflozin" where the evidence speaks of dapagliflozin), or by its class
(:mod:`medhal.text.drug_classes`: "benzodiazepines" where the evidence names no drug of them) (issue 14).

Seed 000 §3 injects four kinds of localizable error into faithful statements; two of them, *entity substitution*
("SPI" -> "HARI") and *invented* content, put a name in the answer that nothing in the evidence names.  A small
encoder reads such a clause against the sentence it otherwise restates as entailed (the rest of the sentence is the
same), so the report called it `supported`.  A name the evidence never gives is what the evidence does not say: the
detector never calls such a unit `supported` (at most `unsupported`), as it does for a figure the evidence states
nowhere (:func:`medhal.text.figures.unstated_quantities`).

What counts as a name, deterministically:

* an **acronym or symbol**: a word with two capitals or more, or a capital and a digit in a short word ("EGFR",
  "HbA1c", "IL-6", "BRCA1", "COVID-19"), except the generic ones of trial reporting and prescribing ("CI", "HR",
  "RCT", "IQR", "IV"; "BMI" is kept: it names a measure) and Roman numerals ("phase III");
* a **proper noun**: a capitalised word that does not open its sentence, clause or list item ("in Norway", "the
  Framingham score"), except months, days and the words that label a table, group or grade ("Group A", "Table 2");
* a **joint** named as the site of a procedure or disease ("knee replacement", "hip fracture");
* a **drug** named by a distinctive stem of the WHO International Nonproprietary Names scheme ("-gliflozin",
  "-sartan", "-mab", ...; three letters or more before it), or one of a short list of common drugs whose names
  have none ("lamotrigine", "warfarin"), wherever it stands.

A name counts as given by the evidence when its alignment stems (:func:`medhal.text.synonyms.alignment_tokens`,
5-letter prefixes read through synonyms: "Alzheimer's" is "Alzheimer") are among the evidence's, when a proper noun
shares its first four letters with a capitalised word of the evidence ("Swedish" for "Sweden"), when it is an acronym
whose letters start consecutive words of the evidence ("EGFR" for "epidermal growth factor receptor", small words
skipped, "LDL" for "LDL-C"), or when capitalised words of the answer abbreviate an acronym of the evidence ("the
Emergency Department" for "ED").  The rule only ever takes `supported` away: it never contradicts.  Like a figure
the evidence states nowhere, such a name flags the answer (round 32: the answer's flag is for what the evidence
contradicts or never states); faithful summaries add some (a place, a trial registration number, a scale's
abbreviation: 40 of PubMedQA's 1,000 long answers, 2 of rounds 23-31's 340 faithful answers, none of the clinical
pairs'), which the report then shows, flagged, as what it cannot check.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from dataclasses import dataclass
from functools import lru_cache

from medhal.text.drug_classes import names_class, unstated_classes
from medhal.text.drug_names import is_drug_name, same_drug_names
from medhal.text.lay_terms import LAY_PHRASES
from medhal.text.synonyms import alignment_tokens, canonical_text
from medhal.text.variants import variant_swaps

__all__ = ["unstated_names"]

_WORD = re.compile(r"[A-Za-z][\w'’-]*")
"""A word, hyphens and an apostrophe kept inside it ("IL-6", "Alzheimer's", "COVID-19")."""

_GENERIC_WORDS = """
    CI CIS OR ORS HR HRS RR RRS ARR RRR NNT NNH SD SDS SE SEM IQR RCT RCTS AUC AUROC ROC PPV NPV LR MD SMD WMD
    US USA UK EU UN NHS GP GPS AM PM OK TV IV IM SC PO BD BID TDS TID QDS QID OD PRN NB VS ITT PP
    MG ML IU MMOL X-RAY X-RAYS X-RAYED CO2 O2
"""
_GENERIC_ACRONYMS = frozenset(_GENERIC_WORDS.split())
"""Acronyms of trial reporting, statistics, places of care and prescribing that name no entity an answer could
invent or swap (upper-cased, possessive and plural "s" cut)."""

_ROMAN = re.compile(r"^(?=[IVXL])L?X{0,3}(?:IX|IV|V?I{0,3})$")
_LABELS = """
    january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday
    table figure fig group arm cohort phase type grade stage class step level part section appendix day week year
    dr mr mrs ms prof i x-ray x-rays x-rayed
"""
_LABEL_WORDS = frozenset(_LABELS.split())
"""Capitalised words that label rather than name ("Group A", "Table 2", "Type 2", "Dr", a school's "Year 5": round
119)."""

_PLACE_NAMES = (
    "dutc neth holl; swis swit; fren fran; wels wale; dani denm; finn finl; poli pola; iris irel; fili phil; span spai"
)
_PLACES = {p: frozenset(group.split()) for group in _PLACE_NAMES.split(";") for p in group.split()}
"""A people's name and its country's, by their first four letters, where those differ ("Dutch", "the Netherlands")."""
_REGIONS = {
    "scan": frozenset({"swed", "norw", "denm", "dani"}),
    "nord": frozenset({"swed", "norw", "denm", "dani", "finl", "finn", "icel"}),
    "iber": frozenset({"spai", "span", "port"}),
    "bene": frozenset({"belg", "neth", "dutc", "luxe"}),
    "balt": frozenset({"esto", "latv", "lith"}),
}
"""A region by its first four letters and the countries in it: "Scandinavian" says "Sweden and Norway" (round 44),
"Iberian" "Spain and Portugal", never the other way round."""
_SMALL = frozenset({"of", "and", "the", "in", "for", "with", "to", "on", "by", "a", "an", "at", "from"})
_OPENS = re.compile(r"(?:^|[.!?:;•*\n]|\d[.)]|(?:^|\s)[-–])[\s\"'“‘(\[]*$")
"""What may stand before a word that opens its sentence, clause or list item."""


_SHORT_FOR = {
    "mdt": frozenset({"multidisciplinary", "multi-disciplinary"}),
    "hb": frozenset({"haemoglobin", "hemoglobin"}),
    # a QT interval is read on an ECG ("heart-rhythm changes on the ECG" for "QTc prolongation", round 166)
    "ecg": frozenset({"electrocardiogram", "electrocardiography", "electrocardiograms", "qtc", "qt", "qtcf"}),
    "ekg": frozenset({"electrocardiogram", "electrocardiography", "electrocardiograms", "qtc", "qt", "qtcf"}),
    "eeg": frozenset({"electroencephalogram", "electroencephalography"}),
    "icu": frozenset({"intensive"}),
    "itu": frozenset({"intensive"}),
    "hdu": frozenset({"high-dependency", "dependency"}),
    "ed": frozenset({"emergency"}),
    "gp": frozenset({"practitioner", "practitioners", "general-practice"}),
    "cpk": frozenset({"phosphokinase"}),  # "creatine phosphokinase" (round 54)
    "aspirin": frozenset({"salicylate", "salicylates", "acetylsalicylic"}),  # "no aspirin in his blood" (r. 235)
    "gbq": frozenset({"mbq"}),  # a radioactivity in another multiple of its unit: "0.4 to 0.6 GBq" for "400 to 600 MBq"
    "mbq": frozenset({"gbq"}),  # (round 227)
    "ck": frozenset({"kinase"}),
    "qt": frozenset({"qtc", "qtcf"}),  # "the heart's QT measurement" for "QTc exceeds 450 ms" (round 244)
    "id": frozenset({"identity", "identification"}),  # "do not have to show ID" for "Proof of identity" (round 246)
    "covid-19": frozenset({"sars-cov-2"}),  # "the tests for COVID-19 and RSV" for "negative for SARS-CoV-2" (r. 244)
    "covid": frozenset({"sars-cov-2"}),
    "sars-cov-2": frozenset({"covid-19", "covid"}),
    "hcc": frozenset({"hepatocellular"}),  # "HCC surveillance" for "Hepatocellular carcinoma surveillance" (round 60)
    "sige": frozenset({"specific"}),  # "Wasp venom sIgE" for "Specific IgE: wasp venom" (round 61)
    "tvus": frozenset({"transvaginal"}),  # "On TVUS" for "Transvaginal ultrasound" (round 61)
    "kayser-fleischer": frozenset({"kf"}),  # "no KF rings" (round 136)
    "lyme": frozenset({"borrelia", "burgdorferi"}),  # Lyme disease is Borrelia infection (round 170)
    "cmr": frozenset({"magnetic"}),
    "tvs": frozenset({"transvaginal"}),
    "pmr": frozenset({"polymyalgia"}),  # "for PMR" for "polymyalgia rheumatica" (round 61)
    "avn": frozenset({"avascular"}),  # "no AVN" for "No evidence of avascular necrosis" (round 60)
    "taf": frozenset({"alafenamide"}),  # "bictegravir/emtricitabine/TAF" for "tenofovir alafenamide 25 mg" (round 59)
    "tdf": frozenset({"disoproxil"}),
    "ftc": frozenset({"emtricitabine"}),
    "3tc": frozenset({"lamivudine"}),
    "penicillin": frozenset({"phenoxymethylpenicillin", "benzylpenicillin"}),  # "penicillin V" (round 72)
    "ct": frozenset({"hrct", "ctpa", "ctca", "ctkub", "wbct", "ldct", "ncct", "ctc", "cta"}),  # "a CT scan" for
    # "HRCT (Jan 2024)" (round 74), "low-dose whole-body CT" for "Low-dose WBCT" (round 106)
    "mri": frozenset({"mr", "cmr", "mre", "mrcp", "mra", "mrv", "magnetic"}),  # "An MRI of the small bowel" for "MR
    # enterography" (round 69), cardiac (107), "your MRI scan in March" for "MRE 03/2025" (round 121)
    "b1": frozenset({"thiamine"}),  # "thiamine (vitamin B1)" (round 106)
    "b12": frozenset({"cobalamin", "cyanocobalamin", "hydroxocobalamin"}),
    "b6": frozenset({"pyridoxine"}),
    "tb": frozenset({"tuberculosis", "quantiferon", "igra", "t-spot"}),  # "tests for TB" for "QuantiFERON" (108)
    "desmopressin": frozenset({"ddavp"}),  # "or desmopressin for the birth" for "No ... DDAVP needed" (round 110)
    "tranexamic": frozenset({"txa"}),
    "morphine": frozenset({"mst", "oramorph", "zomorph", "sevredol", "oxynorm"}),  # "a slow-release morphine tablet"
    "ace": frozenset({"acei", "aceis"}),  # "ACE inhibitors" for "Avoid ACEi/ARB" (round 76)
    "graves": frozenset({"trab"}),  # "the antibody test for Graves' disease" for "TRAb negative" (round 125)
    "iud": frozenset({"intrauterine"}),
    "d3": frozenset({"cholecalciferol"}),  # "vitamin D3" for "cholecalciferol" (session 25)
    "d2": frozenset({"ergocalciferol"}),  # "a copper IUD" for "a copper intrauterine device" (round 148)
}
"""Abbreviations whose letters do not start the words they stand for ("TB" for tuberculosis: round 41), common
clinical ones an evidence spells without defining them ("ICU" for "intensive care review": round 48), and the short
name of a drug its chemical name spells out ("penicillin twice a day" for "Phenoxymethylpenicillin 125 mg BD")."""


def _bare(word: str) -> str:
    """``word`` without a possessive, a trailing hyphen, an acronym's plural or what a hyphen joins to an acronym
    or a letter ("Alzheimer's" -> "Alzheimer", "AVMs" -> "AVM", "aORs" -> "aOR", "TUNEL-positive" -> "TUNEL",
    "K-rich" -> "K", "IL-6" stays)."""
    word = re.sub(r"(?:['’]s?|-)$", "", word)
    word = re.sub(r"^[Aa]nti-(?=[a-z]*[A-Z])", "", word)  # "anti-dsDNA" for "dsDNA 36 IU/mL" (round 74)
    word = re.sub(r"^([A-Z0-9][A-Z0-9-]*[A-Z0-9])-[a-z]{3,}$", r"\1", word)
    word = _NAME_THEN_WORD.sub(r"\1", word)  # "Lung-RADS-level sensitivity" (round 142)
    word = _LETTER_AS_ADJECTIVE.sub(r"\1", word)  # "vitamin K-rich greens": "K"; "C-reactive", "T-cell" stay
    return re.sub(r"^([a-z]?[A-Z][A-Z0-9]*[A-Z0-9])s$", r"\1", word)  # "aORs" (round 160)


_NAME_THEN_WORD = re.compile(
    r"^(\w[\w-]*[A-Z]{2,}[A-Za-z0-9]*)-(?:level|like|based|type|related|defined|guided|style)$"
)
_LETTER_AS_ADJECTIVE = re.compile(
    r"^([A-Z])-(?:rich|poor|free|based|containing|related|induced|dependent|deficient|positive|negative|like|"
    r"specific|sparing|lowering|raising)$"
)


def _acronym(word: str) -> bool:
    capitals = sum(c.isupper() for c in word)
    letters = sum(c.isalpha() for c in word)
    return capitals >= 2 or (capitals >= 1 and letters <= 4 and any(c.isdigit() for c in word))


def _generic(word: str) -> bool:
    key = re.sub(r"S$", "", word.upper()) if word.endswith("s") and word[:-1].isupper() else word.upper()
    if _REGISTRATION.match(word):  # "NCT01385319": a trial's registration, no entity an answer could swap
        return True
    return key in _GENERIC_ACRONYMS or word.upper() in _GENERIC_ACRONYMS or _ROMAN.match(word.upper()) is not None


_REGISTRY = (
    r"(?:NCT\d{8}|ISRCTN\d{6,}|ACTRN\d{10,}|ChiCTR[\w-]+|DRKS\d+|CRD\d{6,}|UMIN\d+|JPRN[\w-]+|IRCT\w+|NTR\d+|KCT\d+)"
)
_REGISTRATION = re.compile(rf"^{_REGISTRY}$")
_REGISTERED_TITLE = re.compile(rf"\((?:[^()]|\[[^\]]*\])*?\b{_REGISTRY}\b[^()]*\)")
"""A trial's name and registration in brackets: the trial's title, not names the answer gives of its own."""


def _initials(acronym: str, words: Sequence[str]) -> bool:
    """Whether the letters and digits of ``acronym`` start consecutive ``words`` (small words may be skipped)."""
    wanted = [c.lower() for c in acronym if c.isalnum()]
    if len(wanted) < 2:
        return False
    for i in range(len(words)):
        k, j = 0, i
        while j < len(words) and k < len(wanted):
            word = words[j].lower()
            if word[:1] == wanted[k]:
                k += 1
            elif (word not in _SMALL and not _ROMAN.match(words[j])) or j == i:
                break  # small words and Roman numerals may be skipped ("ARB": angiotensin II receptor blocker)
            j += 1
        if k == len(wanted):
            return True
    return False


def _chunks(acronym: str, words: Sequence[str]) -> bool:
    """Whether an abbreviation of mixed case names consecutive ``words`` chunk by chunk: a capital alone starts a
    word, a cased chunk begins one ("RVol" for "regurgitant volume", "uACR" for "Urine ACR": round 59), a run of
    capitals is a word of its own.

    >>> _chunks("RVol", "EROA 0.30 cm², regurgitant volume 45 mL.".split()), _chunks("uACR", ["Urine", "ACR", "86"])
    (True, True)
    >>> _chunks("RVol", ["right", "ventricle"]), _chunks("ACR", ["albumin", "creatinine", "ratio"])
    (False, False)
    """
    parts = _CHUNK.findall(acronym)
    if len(parts) < 2 or acronym.isupper():
        return False
    for i in range(len(words) - len(parts) + 1):
        if all(_fits(part, words[i + k]) for k, part in enumerate(parts)):
            return True
    return False


_CHUNK = re.compile(r"[A-Z][a-z]+|[a-z]+|[A-Z]+(?![a-z])|\d+")


def _fits(part: str, word: str) -> bool:
    """Whether one chunk of an abbreviation names ``word`` (:func:`_chunks`)."""
    if part.isupper() and len(part) > 1:
        return word.strip(".,;:()") == part
    return word.lower().startswith(part.lower())


_JOINTS = frozenset({"knee", "knees", "hip", "hips", "shoulder", "shoulders", "elbow", "elbows", "wrist", "ankle"})
_JOINT_SITE = re.compile(
    r"[a-z]+\s+(?:replacements?|arthroplast\w*|fractures?|surgery|osteoarthritis|arthritis|arthroscop\w*)\b",
    re.IGNORECASE,
)
"""A joint named as the site of a procedure or disease ("knee replacement", "hip fracture"): a joint swapped for
another is the substitution of one operation for another (round 40), and no lay wording renames it."""
_JOINT_BONES = {
    "wrist": re.compile(r"\b(?:distal\s+(?:radi(?:us|al)|forearm)|scaphoid|colles)", re.IGNORECASE),
    "hip": re.compile(r"\b(?:femoral\s+neck|neck\s+of\s+(?:the\s+)?femur|intertrochanteric|acetabul)", re.IGNORECASE),
    "ankle": re.compile(r"\b(?:malleol|weber\s+[abc]\b)", re.IGNORECASE),
    # and a disease named for the test that finds it: "the antibody test for Graves' disease" for "TSH receptor
    # antibodies negative" (round 227; "TRAb" is read by its short form)
    "graves": re.compile(r"\b(?:TSH|thyrotropin|thyroid[- ]stimulating(?:\s+hormone)?)\s+receptor\s+antibod", re.I),
}
"""The bones whose fracture is a joint's fracture in lay words: "the wrist fracture from your fall" for "a left distal
radius fracture" (round 61)."""


_GAUGE = re.compile(r"\d\s*$")


def _label(word: str) -> bool:
    """Whether ``word`` is a label, plural or not ("Mondays and Thursdays" for "Mon and Thurs": round 72)."""
    lower = word.lower()
    return lower in _LABEL_WORDS or (lower.endswith("s") and lower[:-1] in _LABEL_WORDS)


def _kind(unit: str, start: int, word: str) -> bool:
    """Whether ``word`` at ``start`` of ``unit`` is a name (module docstring)."""
    if "'" in word or "’" in word:  # "I'll"
        return False
    if is_drug_name(word) or (word.lower() in _JOINTS and _JOINT_SITE.match(unit, start)):
        return True
    if _acronym(word):
        return not _generic(word)
    if len(word) < 3 or not word[:1].isupper() or _label(word) or _OPENS.search(unit[:start]):
        return False
    if word == "French" and _GAUGE.search(unit, 0, start):  # "an 8 French pigtail" for "8Fr": a gauge (round 68)
        return False
    return not _ROMAN.match(word)


def unstated_names(unit: str, evidence: str, evidence_tokens: Set[str] | None = None) -> tuple[str, ...]:
    """The names ``unit`` gives that ``evidence`` never gives (module docstring), in the order they stand.

    ``evidence_tokens`` are the evidence's :func:`~medhal.text.synonyms.alignment_tokens` when the caller has them.

    >>> evidence = "Patients with EGFR mutations in Sweden received dapagliflozin 10 mg or placebo (HR 0.74)."
    >>> unstated_names("In Norway, patients with HARI mutations received empagliflozin.", evidence)
    ('Norway', 'HARI', 'empagliflozin')
    >>> unstated_names("All Swedish patients with epidermal growth factor receptor mutations got dapagliflozin.",
    ...                evidence)
    ()
    >>> unstated_names("A Scandinavian cohort", evidence), unstated_names("A Swedish cohort", "A Scandinavian cohort")
    ((), ('Swedish',))
    >>> unstated_names("A Dutch-Belgian trial", "at 14 hospitals in the Netherlands and Belgium")
    ()
    >>> unstated_names("A Dutch-German trial", "at 14 hospitals in the Netherlands and Belgium")
    ('Dutch-German',)
    >>> unstated_names("The HR was 0.74 in phase III.", evidence)
    ()
    >>> unstated_names("EGFR-mutated cancers in Sweden responded (Table 2).", evidence)
    ()
    >>> unstated_names("Epidermal growth factor receptor status mattered.", "EGFR status mattered.")
    ()
    >>> unstated_names("Mutations of EGFR mattered.", "Mutations of the epidermal growth factor receptor mattered.")
    ()
    >>> unstated_names("Patients seen in the Emergency Department improved.", "Patients seen in the ED improved.")
    ()
    >>> unstated_names("HPV tests were positive in 11%.", "High-risk human papillomavirus (hrHPV) was found in 11%.")
    ()
    >>> unstated_names("In 412 knee replacement patients,", "412 patients had a primary total hip arthroplasty.")
    ('knee',)
    >>> unstated_names("Rates of new TB were comparable.", "Incident tuberculosis did not differ.")
    ()
    >>> unstated_names("ARBs should not be used.", "Do not offer angiotensin II receptor blockers in pregnancy.")
    ()
    >>> unstated_names("Keep vitamin K-rich greens steady.", "Foods high in vitamin K, such as spinach")
    ()
    >>> unstated_names("Serum C-reactive protein may help.", "Faecal calprotectin identified UC.")
    ('C-reactive',)
    >>> unstated_names("Free T4 was normal.", "Free thyroxine (FT4) 13.1 pmol/L"), unstated_names("Total T4", "FT4")
    ((), ('T4',))
    >>> unstated_names("guided by your free T4 and T3 levels", "guided by FT4/FT3"), unstated_names("T4 and T3", "FT3")
    ((), ('T4', 'T3'))
    """
    named = alignment_tokens(evidence) if evidence_tokens is None else evidence_tokens
    given = _given(evidence)
    found: list[str] = []
    titles = [t.span() for t in _REGISTERED_TITLE.finditer(unit)]  # "(... DES Candidates [ZEUS]; NCT01385319)"
    for m in _WORD.finditer(unit):
        if any(a <= m.start() < b for a, b in titles):
            continue
        word = _bare(m.group(0))
        if not word or word in found or names_class(word) or not _kind(unit, m.start(), word):
            continue
        stems = alignment_tokens(word)
        lower = word.lower()
        same = same_drug_names(lower) | _SHORT_FOR.get(lower, frozenset())
        if lower in given.stated or (stems and stems <= named) or same & given.stated:
            continue
        if _acronym(word) and (_initials(word, given.parts) or _chunks(word, given.parts)):
            continue
        after_name = _NAME_AFTER.match(unit, m.end())
        if after_name and re.search(rf"\b{word[0]}\.\s?{after_name.group(1)}\b", evidence):
            continue  # "Pseudomonas aeruginosa" for "P. aeruginosa" (round 74), "the River Wye" for "R. Wye" (115)
        if lower in _JOINT_BONES and _JOINT_BONES[lower].search(evidence):
            continue
        befores = (_WORD_BEFORE.search(unit, 0, m.start()), _LISTED_AFTER.search(unit, 0, m.start()))
        if any(b and (b.group(1) + word).lower() in given.stated for b in befores):
            continue  # "free T4" for the evidence's "FT4" (round 53), and "free T4 and T3" for "FT3" (round 92)
        after = _WORD_AFTER.match(unit, m.end())
        if after and _acronym(word) and (word + after.group(1)).lower() in given.stated:
            continue  # "JC virus" for "JCV" (round 76)
        if after and not _acronym(word) and (word[0] + after.group(1)).upper() in given.acronyms:
            continue  # "6 Hounsfield units" for "6 HU" (round 83)
        if (
            not _acronym(word)
            and not is_drug_name(word)
            and len(word) >= 4
            and (_PLACES.get(lower[:4], {lower[:4]}) | _REGIONS.get(lower[:4], frozenset())) & given.proper
        ):
            continue  # "Swedish" for "Sweden", "Dutch" for "the Netherlands", "Scandinavian" for "Sweden and Norway"
        parts = word.split("-")
        joined = len(parts) > 1 and all(p[:1].isupper() and p[1:].islower() for p in parts)  # "Dutch-Belgian"
        if joined and not unstated_names(" and ".join(parts), evidence):
            continue
        run = next((r.group().split() for r in _CAPITALISED_RUN.finditer(unit) if r.start() <= m.start() < r.end()), [])
        if run and any(_initials(a, run) for a in given.acronyms):
            continue  # "the Emergency Department" for the evidence's "ED"
        near = re.split(r"[\s-]+", unit[max(0, m.start() - 40) : m.end() + 30])
        # a two-letter acronym in the run stands for its letters ("UK Diving Medical Committee" for "UKDMC": round
        # 107), never spelling an acronym the run itself writes
        near = [part for w in near for part in (list(w) if len(w) == 2 and w.isupper() else [w])]
        if any(_initials(a, near) for a in given.acronyms if ("-" in word or len(a) >= 3) and a not in near):
            continue  # "diffuse large B-cell lymphoma" for "DLBCL" (round 69), "COPD Assessment Test" for "CAT" (70)
        if _exemplar_given(unit, m, named):  # "aspirin or similar drugs" for "No antiplatelet" (round 227)
            continue
        # "assisted reproduction such as IVF" for "agreed not to use assisted reproduction":
        example = _EXAMPLE_OF.search(unit, 0, m.start())
        if example and (kind := alignment_tokens(" ".join(example.group(1).split()[-2:]))) and kind <= named:  # an
            continue  # example of what the evidence names, which the answer gives to explain it (round 170)
        if any(
            x.start() <= m.start() < x.end()
            for lay, term in LAY_PHRASES
            if word in lay.pattern and "\\" not in term and word.lower() not in term.lower()
            for x in lay.finditer(unit)
        ):  # a lay name of a clinical term that does not keep the word: "German measles" is rubella (round 236);
            continue  # "knee replacement" stays a knee's (its term keeps the joint)
        found.append(word)
    return tuple(found) + variant_swaps(unit, evidence) + unstated_classes(unit, evidence)


_EXEMPLAR_OF = re.compile(
    r"(?:[- ](?:type|like)\s+|\s+(?:or|and)\s+(?:other\s+)?similar\s+)(?:medicines?|medications?|drugs?|tablets?)\b",
    re.IGNORECASE,
)
"""A drug named as its class's best-known one ("aspirin or similar drugs", "aspirin-type medicines"), a class the
lay terms name (:mod:`medhal.text.lay_terms`)."""


def _exemplar_given(unit: str, m: re.Match[str], named: Set[str]) -> bool:
    """Whether the drug ``m`` names is named as the best-known one of a class (:data:`_EXEMPLAR_OF`) the evidence's
    tokens ``named`` hold."""
    exemplar = _EXEMPLAR_OF.match(unit, m.end())
    if exemplar is None:
        return False
    said = unit[m.start() : exemplar.end()]
    term = canonical_text(said)
    return term != said and alignment_tokens(term) - alignment_tokens(exemplar.group()) <= named


_EXAMPLE_OF = re.compile(r"\b((?:[A-Za-z][\w-]*\s+){1,2})(?:such\s+as|e\.g\.,?|for\s+example)\s+$", re.IGNORECASE)
"""The (last two) words a name is given as an example of, right before it ("assisted reproduction such as | IVF")."""


_WORD_AFTER = re.compile(r"\s+([A-Za-z])[a-z]+")
"""The word right after a name, whose initial may end the name in the evidence ("JC | virus": "JCV")."""
_NAME_AFTER = re.compile(r"\s+([a-z]{4,}|[A-Z][a-z]{2,})\b")
"""The word after a name that the evidence may write after the name's initial: a genus's species ("P. aeruginosa"),
a river's name ("R. Wye")."""
_WORD_BEFORE = re.compile(r"\b([A-Za-z])[a-z]+\s+$")
"""The word right before a name, whose initial may be the name's first letter in the evidence ("free | T4": "FT4")."""
_LISTED_AFTER = re.compile(r"\b([A-Za-z])[a-z]+\s+[A-Z][\w-]*\s*(?:,|/|\band\b|\bor\b)\s*$")
"""The word before the name a name is listed after, whose initial may start both ("free T4 and | T3": "FT3")."""
_CAPITALISED_RUN = re.compile(r"(?<![\w'’-])[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*)*")
"""Consecutive capitalised words (not acronyms): "Emergency Department" may spell the evidence's "ED"."""


@dataclass(frozen=True, slots=True)
class _Given:
    """What the evidence gives, read once per evidence however many units ask (:func:`_given`)."""

    stated: frozenset[str]
    """Its words, lower-cased and bare, the parts of its hyphened words ("LDL" of "LDL-C", "PET" of "PET-CT") and the
    acronyms behind a lower-case prefix ("HPV" of "hrHPV", "GFR" of "eGFR") or before a lower-case joint ("CRSwNP")."""
    parts: tuple[str, ...]
    """Its words split at hyphens, in order: what an acronym's letters may start."""
    acronyms: frozenset[str]
    proper: frozenset[str]
    """The first four letters, lower-cased, of its capitalised words."""


_WRITTEN_SHORT = ((re.compile(r"\bpen\.?\s*V\b", re.IGNORECASE), ("penicillin", "phenoxymethylpenicillin")),)
"""Drugs a letter writes short in more than one word: "Pen V 250 mg BD" is penicillin V (round 133)."""
_CASED_TAIL = re.compile(r"\b[a-z]{1,3}([A-Z]{2,}[A-Za-z0-9]*)")
_CASED_HEAD = re.compile(r"\b([A-Z]{2,})[a-z]{1,2}[A-Z]{2,}\b")
"""An acronym a lower-case joint qualifies: "CRS" of "CRSwNP", "CRSsNP" (chronic rhinosinusitis with and without
nasal polyps; round 155)."""


@lru_cache(maxsize=64)
def _given(evidence: str) -> _Given:
    words = _WORD.findall(evidence)
    bare = [_bare(w) for w in words]
    return _Given(
        stated=frozenset(w.lower() for w in bare)
        | {p.lower() for w in words if "-" in w for p in w.split("-")}
        | {m.group(1).lower() for pattern in (_CASED_TAIL, _CASED_HEAD) for m in pattern.finditer(evidence)}
        | {name for short, names in _WRITTEN_SHORT if short.search(evidence) for name in names},
        parts=tuple(p for w in words for p in w.split("-") if p),
        acronyms=frozenset(w for w in bare if _acronym(w)),
        proper=frozenset(w[:4].lower() for w in words if w[:1].isupper() and len(w) >= 4),
    )
