"""Clinical wording that says the same thing in other words: British and American spelling, lay terms and their
clinical names, words of one meaning.  Alignment (:func:`alignment_tokens`) and the
subjects of null findings (:mod:`medhal.text.findings`) read stems through :func:`canonical_stems`, so an answer
that says "side effects were more common" is aligned with "adverse events were more frequent", and "did not
reduce death" names the subject of "mortality did not differ".

Only wording whose meaning does not change between a trial report and its lay summary is listed; opposites never
share a class (survival is not mortality), and a class never joins words that a changed-entity error would swap
(one drug for another, one organ for another).  The localization metric's τ (:mod:`medhal.text.tokens`, seed 000
§4) is untouched: it must stay the seed's.

>>> sorted(canonical_stems("Oedema, side effects and deaths were more common in people."))
['adver', 'edema', 'event', 'frequ', 'morta', 'patie']
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from medhal.text._unit_words import NUMBER_VALUES, NUMBER_WORDS
from medhal.text.lay_terms import LAY_PHRASES
from medhal.text.lexical import bare_numbers
from medhal.text.quantities import spelled_numbers
from medhal.text.tokens import STEM_PREFIX, content_token_list

__all__ = [
    "COMPLEMENTS",
    "PEOPLE_FORMS",
    "SOFTENERS",
    "SPELLINGS",
    "STEM_CLASSES",
    "alignment_tokens",
    "canonical_stem",
    "canonical_stems",
    "canonical_text",
    "finding_stem",
    "holding_plurals",
    "rounded_alike",
    "word_stem",
]

SPELLINGS: tuple[tuple[str, str], ...] = (
    ("ischaem", "ischem"),
    ("leukaem", "leukem"),
    ("anaem", "anem"),
    ("haem", "hem"),
    ("oesoph", "esoph"),
    ("oedem", "edem"),
    ("oestr", "estr"),
    ("paed", "ped"),
    ("gynaec", "gynec"),
    ("anaesth", "anesth"),
    ("caesar", "cesar"),
    ("foet", "fet"),
    ("diarrhoe", "diarrhe"),
    ("tumour", "tumor"),
    ("behaviour", "behavior"),
    ("labour", "labor"),
    ("randomis", "randomiz"),
    ("hospitalis", "hospitaliz"),
    ("kalaem", "kalem"),
    ("natraem", "natrem"),
    ("glycaem", "glycem"),
    ("lipidaem", "lipidem"),
    ("calcaem", "calcem"),
    ("dyspnoe", "dyspne"),
)
"""British spellings (word parts) and their American forms: "haemorrhage" and "hemorrhage" are one stem."""

STEM_CLASSES: dict[str, tuple[str, ...]] = {
    "morta": ("death", "died", "dying"),
    "frequ": ("commo",),
    "renal": ("kidne",),
    "risk": ("chanc", "odds"),
    "treat": ("thera",),
    "patie": ("peopl",),
    "reduc": ("decre", "lower", "fewer"),
    "incre": ("rose", "rise", "risen", "rises", "raise", "climb"),  # "greatly raises the risk" (round 222); "had
    # climbed to 7.8" for "(5.1 ng/mL 18 months earlier)" (round 229)
    "regim": ("cours", "sched"),
    "rare": ("uncom", "infre", "rarel"),  # "it can, rarely, carry" for "rare but serious" (round 245)
    "guide": ("guidi", "guida"),
    "smoke": ("smoki",),
    "bleed": ("bled", "hemor"),
    "admis": ("admit",),
    "dose": ("dosin",),
    "selec": ("chose",),
    "hunge": ("hungr",),
    "recom": ("advis",),
    "earli": ("soone",),
    "requi": ("neede", "indic"),  # "not needed at the moment" for "not indicated at present" (round 94)
    "stop": ("stopp",),
    "histo": ("previ",),
    "leak": ("leaki", "leaks", "leake", "leaka"),  # "fewer leaks" for "fewer leakage episodes" (round 239)
    "loss": ("losin",),  # "losing ... of their body weight" for "a loss of 5-10% of body weight" (round 239)
    "exace": ("flare",),
    "conce": ("worri", "worry"),
    "sensa": ("feeli",),  # "reduced feeling in his left foot" for "loss of protective sensation" (round 69)
    "gait": ("walki",),  # "not limiting his walking" for "MAS 1+ not limiting gait" (round 77)
    "repea": ("repet",),  # "by repeating whole words" for "whole-word ... repetitions" (round 86)
    "speed": ("faste",),  # "does not make you recover faster" for "does not speed recovery" (round 206)
    "sleep": ("slept",),  # "he slept about two hours less" for "Sleep improved from 4 to 6 hours" (round 208)
    "women": ("femal", "woman"),  # "not be started in women" for "must not be started in females" (round 207)
    "compl": ("fully", "full"),  # "had recovered fully" for "complete recovery" (an own abstract, session 33)
    "drive": ("drivi", "drove"),  # "should not drive" for "should avoid driving" (an own abstract, session 34)
    "salt": ("salty",),  # "a salty diet" for "a high salt intake" (round 220)
    "carri": ("carry",),  # "carrying this gene" for "carriers have a markedly increased risk" (round 222)
    "mater": ("mothe",),  # "in the mothers" for "Maternal serious adverse events" (round 224)
    "gluco": ("sugar",),  # "his sugar ran high" for "glucose 11.2 mmol/L" (round 224)
    "recur": ("relap",),  # "Relapse was far more common" for "Recurrence after initial success" (round 220)
    "annua": ("yearl",),  # "a yearly high dose" for "An annual high dose" (an own vitamin D abstract, session 35)
    "read": ("readi",),  # "his own meter read 3.0" for "meter reading 3.0" (round 229)
    "iodin": ("iodid",),  # "a vitamin with 150 micrograms of iodine" for "150 micrograms potassium iodide" (r. 238)
    "spray": ("puff", "puffs"),  # "should have four puffs" for "4 sprays" (round 239)
    "motio": ("movem",),  # "the noise, the movement or trouble getting out of bed" for "noise, motion and
    "diffi": ("troub",),  # difficulty getting out of bed" (round 243)
    "neuro": ("nerve",),  # "because her nerves are affected" for "Because she has neurological symptoms" (r. 246)
    "suppr": ("dampe",),  # "they can dampen the skin's reaction" for "it can suppress the skin response" (r. 244)
    "serio": ("dange",),  # "a dangerous amoeba infection" for "rare but serious amoebic infections" (round 245)
}
"""Canonical stem -> the stems (:data:`medhal.text.tokens.STEM_PREFIX` characters) read as it: "death" and "mortality",
"common" and "frequent", "kidney" and "renal", "chance" and "risk", "therapy" and "treatment", "people" and "patients",
"lower"/"decreased"/"fewer" and "reduced", "rose"/"risen" and "increased", "course"/"schedule" and "regimen",
"uncommon"/"infrequent" and "rare"; and one word's forms that five letters tell apart ("guiding", "guided", "guidance";
"smoking", "smokers"; "bled", "bleeding"; "admitted", "admission"; "dosing", "dose"; "hunger", "hungry"); "chosen" and
"selected"; "advised" and "recommended" (a guideline's word either way: round 47); "haemorrhage" and "bleeding"
("bleeding in the brain" for an intracerebral haemorrhage, "heavy bleeding" for a postpartum haemorrhage: round 38);
"sooner" and "earlier" ("bleeding stopped 4 minutes sooner" for "earlier": an abstract of our own, round 50);
"needed" and "required" ("A renal dose reduction is needed" against "No renal dose adjustment is required": round
58), and "indicated" ("not needed at the moment" for "PPI not indicated at present": round 94); "stopped" and
"stop", which five letters tell apart, and "previous" and "history" ("because of his previous TIA" for "given the TIA
history": round 60); "leaking" and "leaks" (round 66); "flare-ups" and "exacerbations"
(our own COPD letter); "worries" and "concern" (round 68); "walking" and "gait" (round 77); "repeating" and
"repetitions" (round 86); "fully" and "complete" ("recovered fully" for "complete recovery"); "faster" and
"speed" (round 206); "females" and "women" (round 207); "slept" and "sleep" (round 208); "driving" and "drive";
"salty" and "salt"; "relapse" and "recurrence" (round 220); "raises" and "increased", "carrying" and "carriers"
(round 222); "mothers" and "maternal", "sugar" and "glucose" (round 224); "yearly" and "annual"
(an own vitamin D abstract, session 35); "read" and "reading" (round 229); "iodide" and "iodine" (round 238); "puffs"
and "sprays" (round 239); "movement" and "motion", "trouble" and "difficulty" (round 243); "dangerous" and
"serious", "rarely" and "rare" (round 245); "nerves" and "neurological" (round 246); "dampen" and "suppress"
(round 244)."""

SOFTENERS: frozenset[str] = frozenset({"somew", "sligh", "rough", "nearl", "actua", "reall"})
"""Stems that soften or stress a statement without naming anything ("somewhat", "slightly", "roughly", "nearly";
"actually", "really": "falls were actually more common" for "Falls were more frequent", an own vitamin D abstract,
session 35): never compared."""

COMPLEMENTS: dict[str, tuple[str, ...]] = {"morta": ("survi",)}
"""Canonical stem -> the stems of its complement ("survival" is one minus "mortality").  Opposites, so never
one wording for alignment; but a null finding is a null finding of its complement too ("survival did not differ"
says "mortality did not differ"), so the subjects of null findings read them as one
(:func:`finding_stem`)."""

_CANONICAL = {stem: canon for canon, stems in STEM_CLASSES.items() for stem in stems}
PEOPLE_FORMS: dict[str, tuple[str, ...]] = {"women": ("woman",)}
"""One word for people in its singular and plural forms, which five letters tell apart: the same people to a null
finding's subject ("No woman developed ileus" is about the women who "developed ileus"), left out of alignment,
whose coverage and windows stay as they were."""

_FINDING = (
    _CANONICAL
    | {stem: canon for canon, stems in COMPLEMENTS.items() for stem in stems}
    | {stem: canon for canon, stems in PEOPLE_FORMS.items() for stem in stems}
)
_SPELLING = re.compile("|".join(british for british, _ in SPELLINGS), re.IGNORECASE)
_AMERICAN = dict(SPELLINGS)


_SPECIES = (
    "difficile aureus coli pylori pneumoniae aeruginosa tuberculosis falciparum vivax albicans faecalis faecium "
    "influenzae meningitidis gonorrhoeae trachomatis jejuni typhi epidermidis pyogenes agalactiae baumannii cloacae "
    "mirabilis"
)
_BINOMIAL = re.compile(
    r"\b(?:(?P<genus>[A-Z])[a-z]{3,}|(?P<initial>[A-Za-z])\.?)\s?(?P<species>" + "|".join(_SPECIES.split()) + r")\b"
)
"""A pathogen named by genus and species, in full or by the genus's initial ("Clostridioides difficile", "C.
difficile", "E coli"): one word of the initial and the species ("cdifficile"), so that the two forms name the same
organism and "K. pneumoniae" and "S. pneumoniae" do not."""


@lru_cache(maxsize=16384)
def canonical_text(text: str) -> str:
    """``text`` with its accents dropped, British spellings in American form, lay phrases in clinical terms
    (lower-cased where changed) and pathogens in one form (:data:`_BINOMIAL`).

    >>> canonical_text("Oesophageal side effects were rare.")
    'esophageal adverse events were rare.'
    >>> canonical_text("Clostridioides difficile infection was rarer than C. difficile carriage.")
    'cdifficile infection was rarer than cdifficile carriage.'
    """
    if not text.isascii():  # "Sjögren's" and "Sjogren's" are one name (round 96)
        text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    text = _SPELLING.sub(lambda m: _AMERICAN[m.group(0).lower()], text)
    for pattern, term in LAY_PHRASES:
        text = pattern.sub(term, text)
    return _BINOMIAL.sub(lambda m: (m.group("genus") or m.group("initial")).lower() + m.group("species"), text)


@lru_cache(maxsize=16384)
def canonical_stems(text: str) -> frozenset[str]:
    """:func:`medhal.text.tokens.content_stems` of :func:`canonical_text` (an inflammation's stem marked,
    :func:`_inflamed`), each stem replaced by its class's canonical stem (:data:`STEM_CLASSES`).

    >>> sorted(canonical_stems("Pancreatitis, pancreatic cancer"))
    ['cance', 'pancr', 'pancr-itis']
    """
    stems = (_inflamed(t) for t in content_token_list(canonical_text(text)))
    return frozenset(_CANONICAL.get(s, s) for s in stems if s not in SOFTENERS)


def _inflamed(token: str) -> str:
    """The stem of one content token, an inflammation told from its organ: "pancreatitis" is ``pancr-itis``, not
    ``pancr`` as "pancreatic" and "pancreas" are (round 32: "no signal for pancreatic cancer" was aligned with, and
    contradicted by, "a signal for acute pancreatitis exists"); and a "hyper-" or "hypo-" word by what follows the
    prefix (:func:`_graded`)."""
    stem = word_stem(token)
    return stem + "-itis" if token.endswith("itis") and len(token) > STEM_PREFIX + 3 else stem


def word_stem(word: str) -> str:
    """The stem of one word: its first :data:`~medhal.text.tokens.STEM_PREFIX` letters, a "hyper-" or "hypo-" word
    read by what follows the prefix (:func:`_graded`).

    >>> word_stem("hypertensive"), word_stem("hyperkalaemia"), word_stem("deaths")
    ('hyper-tens', 'hyper-kala', 'death')

    "Survivors" are people, not survival: "severe retinopathy in survivors" says nothing of how many survived (round
    170), so its stem is not survival's (the complement of mortality, :data:`COMPLEMENTS`).

    >>> word_stem("survivors"), word_stem("survival")
    ('survr', 'survi')
    >>> word_stem("complications"), word_stem("completed")
    ('cmplc', 'compl')
    """
    lower = word.lower()
    if lower.startswith("survivor"):
        return "survr"
    if lower.startswith("complication"):  # not "completed" nor "compliance" (round 197: "There were no serious
        return "cmplc"  # complications" was aligned with, and contradicted by, "81 women (90%) completed follow-up")
    return _graded(word) or word[:STEM_PREFIX]


_GRADED = re.compile(r"(hyper|hypo)([a-z]{4})", re.IGNORECASE)


def _graded(token: str) -> str | None:
    """``hyper-tens`` for "hypertension", ``hypo-glyc`` for "hypoglycaemia": five letters read "hyperkalaemia",
    "hypernatraemia" and "hypertension" alike (``hyper``), and "hypotension", "hypothermia" and "hypothyroidism"
    (``hypot``), so a lay "high potassium" would align with "hypernatraemia"; the prefix and four letters after it
    tell them apart and keep one word's forms together ("hypertensive").  A short remainder keeps the five letters
    ("hypoxia", "hypoxic": ``hypox``)."""
    match = _GRADED.match(token)
    return f"{match.group(1)}-{match.group(2)}".lower() if match else None


def holding_plurals(stems: frozenset[str]) -> frozenset[str]:
    """``stems`` with the plural of each word of four letters, which five letters tell apart from it ("fall" holds the
    "falls" of "to prevent falls"): for a restatement or a comparison's measure only, never for alignment, where
    "falls" and "fall" (a change) stay apart (an own vitamin D abstract, session 35).

    >>> sorted(holding_plurals(frozenset({"fall", "dose", "#12", "vitam"})))
    ['#12', 'dose', 'doses', 'fall', 'falls', 'vitam']
    """
    return stems | {f"{t}s" for t in stems if len(t) == 4 and t.isalpha()}


def canonical_stem(stem: str) -> str:
    """The canonical stem of one stem (itself when it is in no class)."""
    return _CANONICAL.get(stem, stem)


def finding_stem(stem: str) -> str:
    """:func:`canonical_stem`, complements joined (:data:`COMPLEMENTS`): the stem a null finding's subject reads.

    >>> finding_stem("survi") == finding_stem("death") == "morta"
    True
    """
    return _FINDING.get(stem, stem)


def alignment_tokens(text: str) -> frozenset[str]:
    """What alignment compares: content-word stems (seed 000's tau, 5-character prefixes, read through
    :func:`canonical_stems`: "deaths" is "mortality", "haem-" is "hem-") and numbers (``#12``), numbers written as
    words too ("twelve" is ``#12``: the restatement cue must not read "twelve participants" as a restatement of "2
    participants").

    >>> sorted(alignment_tokens("Twelve participants took 5 mg."))
    ['#12', '#5', 'patie', 'took']
    >>> sorted(alignment_tokens("from about five days to two and a half"))
    ['#2.5', '#5', 'days']
    """
    if _AND_A_HALF.search(text):  # "two and a half" is 2.5, not 2 ("from about five days to two and a half")
        text = _AND_A_HALF.sub(lambda m: f"{_whole(m.group(1)) + 0.5:g}", text)
    spelled = frozenset(f"#{n:g}" for n in spelled_numbers(text))
    return canonical_stems(text) | frozenset(f"#{n}" for n in bare_numbers(text)) | spelled


_AND_A_HALF = re.compile(
    r"\b(\d+|" + "|".join(sorted(NUMBER_WORDS[1:21], key=len, reverse=True)) + r")\s+and\s+a\s+half\b", re.I
)
"""A whole number and a half, in digits or words ("two and a half", "1 and a half")."""


def _whole(word: str) -> float:
    """The value of a whole number written in digits or as a word."""
    return float(word) if word.isdigit() else NUMBER_VALUES[word.lower()]


def rounded_alike(wanted: frozenset[str], profile: frozenset[str]) -> frozenset[str]:
    """The number tokens of ``wanted`` (:func:`alignment_tokens`) that ``profile`` does not hold but states to the
    precision they are written in: an answer rounds ("about 5%" for 4.9%, "around 600 people" for 612, "1.2" for
    1.18), and the figure is the word that says most which sentence it is about, so a rounded figure must not count
    against the sentence it rounds.

    A whole number stands for a figure of one decimal that rounds to it (from 10 up: "two groups" or "3" say too
    little, and "3" is no bound "3.4" of a ratio's interval); a number of whole hundreds ("600", "15,000", "2,100") for
    anything within 5% of it; a decimal for anything that rounds to it at its number of decimals.

    >>> sorted(rounded_alike(alignment_tokens("about 27% and around 600 people, HR 1.2, 1 in 3"),
    ...                      alignment_tokens("27.2% of 612 people, HR 1.18 (0.55 to 3.4)")))
    ['#1.2', '#27', '#600']
    """
    have = _numbers(profile)
    if not have:
        return frozenset()
    return frozenset(t for t in _numbers(wanted) if t not in profile and any(_rounds_to(x[1:], t[1:]) for x in have))


_NUMBER_TOKEN = re.compile(r"#\d+(?:\.\d+)?")


@lru_cache(maxsize=16384)
def _numbers(tokens: frozenset[str]) -> tuple[str, ...]:
    """The plain number tokens of ``tokens`` (``#12``, ``#4.9``), read once per profile: alignment asks for each
    sentence's against every unit."""
    return tuple(t for t in tokens if t.startswith("#") and _NUMBER_TOKEN.fullmatch(t))


def _rounds_to(stated: str, written: str) -> bool:
    """Whether the number ``stated`` rounds to the number ``written`` (see :func:`rounded_alike`)."""
    x, value = float(stated), float(written)
    if x == value:
        return False
    if "." in written:
        return abs(x - value) <= 0.5 * 10.0 ** -len(written.split(".")[1])
    if value < 10:
        return False
    if value >= 100 and value % 100 == 0:
        return abs(x - value) <= 0.05 * value
    return len(stated.partition(".")[2]) == 1 and abs(x - value) <= 0.5
