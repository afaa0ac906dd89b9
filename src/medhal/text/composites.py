"""What a unit names of a null finding's subject, beyond the words they share (issue 14): a composite outcome of which
the subject is one component ("lowered the rate of worsening heart failure or cardiovascular death" against
"Cardiovascular death did not differ"), one kind of deaths ("lung cancer deaths" against "overall mortality did not
differ"), and a sensitivity analysis that left the conclusions as they were (robustness, no null finding).

Split out of :mod:`medhal.text._finding_subjects` when it reached the 500-line limit (round 38); used by
:mod:`medhal.text.findings`.
"""

from __future__ import annotations

import re

from medhal.text._finding_subjects import FRAME, FUNCTION_WORDS, REPORTED, WORDS, stems, word_set
from medhal.text.synonyms import canonical_text, finding_stem, word_stem

__all__ = ["ROBUST", "narrows", "within_either"]

_EITHER = re.compile(r"(?P<a>[\w-]+(?:\s+[\w-]+){0,3}?)\s+or\s+(?P<b>[\w-]+(?:\s+[\w-]+){0,3})", re.IGNORECASE)
"""Two outcomes joined by "or": "worsening heart failure or cardiovascular death" (either counts)."""
_COMPOSITE = re.compile(
    r"\b(?:combined|composite)\s+"
    r"(?:(?:primary|secondary|main|ischa?emic|cardiovascular|safety|efficacy|clinical|poor|adverse|unfavou?rable)\s+)?"
    r"(?:risk|rate|incidence|outcome|end\s*-?\s*point|of)\b",
    re.IGNORECASE,
)
"""An outcome called a composite ("the combined risk of", "the composite primary outcome", "the combined ischemic
endpoint"), not a therapy ("combined with aspirin")."""
_COMPONENTS = re.compile(
    r"(?:\s+(?:at|by|within|over|after)\s+\d+\s*[a-z]+)?\s*(?:\(|of\s+|:\s*)?(?P<list>[^()]*)", re.IGNORECASE
)
"""What follows a composite's name: its components, in brackets or after "of" ("(cardiovascular death, repeat heart
attack, ischemic stroke, or urgent angina admission)"), after a time point if it has one ("the combined poor outcome
at 90 days (death, relapse, ...)": round 44)."""
_LIST_SEPARATOR = re.compile(r",|;|\s(?:or|and)\s", re.IGNORECASE)
"""Between two components of a composite: unlike :data:`_ITEM_BREAK`, any "or" / "and", since a clause may go on
after its last component ("the combined rate of stroke or death within 30 days ..., ...")."""


ROBUST = re.compile(
    r"\s*(?:[A-Z][\w ]{0,20}:\s*)?(?:the\s+)?(?:main\s+|overall\s+|these\s+)?(?:conclusions?|results?|findings?|"
    r"estimates?|inferences?)\s+(?:were|was|remained)\s+(?:\w+ly\s+)?(?:unchanged|similar|robust|consistent|"
    r"materially\s+unchanged)\b",
    re.IGNORECASE,
)
"""A sensitivity analysis that left the conclusions as they were ("Conclusions were unchanged with a 10-year
extrapolation"): robustness, not a null finding about an outcome (round 21)."""


def within_either(unit: str, subject: frozenset[str]) -> bool:
    """Whether ``unit`` names ``subject`` only as one of two outcomes joined by "or" (a composite: "lowered the
    rate of worsening heart failure or cardiovascular death"), the other naming more: a null finding about the
    component says nothing against an effect on the composite.

    >>> from medhal.text._finding_subjects import finding_subject
    >>> within_either("It lowered the rate of worsening heart failure or cardiovascular death.",
    ...                finding_subject("Cardiovascular death did not differ."))
    True
    >>> within_either("It lowered cardiovascular death.", finding_subject("Cardiovascular death did not differ."))
    False
    >>> within_either("It reduced neonatal respiratory support or death.", finding_subject("No neonatal deaths."))
    True
    >>> within_either("Vitamin C raised the risk of death or organ dysfunction.", frozenset({"vitam", "morta"}))
    True
    >>> within_either("It lowered the chance of needing a transfusion or dying within a month,",
    ...               finding_subject("Transfusion or death occurred in 27.6% and 28.3%."))
    False

    Nor is what a unit names only before the composite it speaks of ("after a heart attack lowered the combined
    risk of death," a clause whose components follow in the next one):

    >>> within_either("Vaccination after a heart attack lowered the combined risk of death,",
    ...               finding_subject("Myocardial infarction alone did not differ significantly."))
    True
    >>> within_either("It lowered the combined risk of death.", finding_subject("Death did not differ."))
    False
    >>> within_either("The combined poor outcome at 90 days (death, relapse or a prolonged stay) occurred in 14%",
    ...               finding_subject("Relapse did not differ significantly between groups."))
    True
    """
    composite = _COMPOSITE.search(unit)
    if composite is not None and (
        not subject <= stems(unit[composite.start() :]) or _component(unit, composite, subject)
    ):
        return True
    # read without time words and the verbs that frame an occurrence: "needing a transfusion or dying within a
    # month" names the composite of transfusion and death, no more (round 23)
    for m in _EITHER.finditer(unit):
        a, b = (stems(m.group(k)) - FRAME - REPORTED - _TIME_STEMS for k in ("a", "b"))
        # the treatment the unit names before its outcomes is the finding's agent, no component ("vitamin C was
        # linked to a higher risk of death or ongoing organ dysfunction" for "Vitamin C did not reduce mortality")
        core = (subject - stems(unit[: m.start()])) or subject
        # "respiratory support or death" for "no neonatal deaths": the subject's words on both sides, one naming more
        if (core <= b and a - core) or (core <= a and b - core):
            return True
        if core <= a | b and not core <= a and not core <= b and (a - core or b - core):
            return True
    return False


def _component(unit: str, composite: re.Match[str], subject: frozenset[str]) -> bool:
    """Whether the composite ``unit`` names lists its components after its name and ``subject`` is one of two or
    more of them, another naming more ("the combined ischemic endpoint (cardiovascular death, repeat heart attack,
    ...)" for "Cardiovascular death did not differ"; round 20)."""
    listed = _COMPONENTS.match(unit, composite.end())
    if listed is None:
        return False
    items = [i for i in (stems(part) - FRAME for part in _LIST_SEPARATOR.split(listed.group("list"))) if i]
    return len(items) > 1 and any(subject <= i for i in items) and any(i - subject for i in items)


_KIND_LINKS = word_set("related associated specific attributable induced")
"""Words that join a kind to what it is a kind of ("infection-related deaths"): the kind stands before them."""
_ALL_KINDS = word_set("cause causes total overall global crude", stem=True)
"""Words that name every kind ("all-cause mortality"), not one of them."""
_EFFECT_VERBS = word_set("cut cuts halve halved halves lowers reduces raises increases improves prolongs shortens")
"""Verbs with no "-ed" that state the effect on a subject ("screening cut deaths"), not a kind of it."""
_CAUSE_AFTER = re.compile(r"\s*(?:from|due\s+to|caused\s+by|attributable\s+to|attributed\s+to)\s+", re.IGNORECASE)


_TIME_UNITS = frozenset({"hour", "day", "week", "month", "year"})
_TIME_STEMS = word_set(" ".join(f"{unit} {unit}s" for unit in _TIME_UNITS), stem=True)
"""A time point's unit before deaths ("six-month mortality", "30-day deaths"): when, not what kind."""
_KINDED = frozenset({"morta", "infec"})
"""The stems of the subjects read in kinds (death, mortality, survival: :func:`narrows`; and infection: "a bowel
infection caused by Clostridioides difficile" is one kind of the infections "rates of infection overall did not
differ" is about: round 201)."""


def narrows(unit: str, subject: frozenset[str]) -> bool:
    """Whether ``unit`` names the deaths of a ``subject`` that is about deaths, mortality or survival only as one
    kind of them: a word that names a kind, which the subject lacks, stands right before the word for deaths
    ("lung cancer deaths", "progression-free survival") or after "from" or "due to" after it ("deaths from lung
    cancer").  A finding that overall mortality did not differ says nothing of deaths from one cause.  Other
    subjects are not read so: "newborn hypothermia" is the finding's hypothermia, "left hospital" its stay.

    >>> narrows("Screening lowered lung cancer deaths by a quarter.", frozenset({"morta"}))
    True
    >>> narrows("It reduced deaths from cardiovascular causes.", frozenset({"morta"}))
    True
    >>> narrows("Screening lowered all-cause mortality.", frozenset({"morta"}))
    False
    >>> narrows("Screening cut deaths from any cause.", frozenset({"morta"}))
    False
    >>> narrows("It lowered lung cancer mortality.", frozenset({"lung", "cance", "morta"}))
    False
    >>> narrows("It made newborn hypothermia more common.", frozenset({"hypo-ther"}))
    False
    >>> narrows("Six-month mortality was lower with early surgery.", frozenset({"morta"}))
    False
    >>> narrows("Two people caught a bowel infection caused by Clostridioides difficile.", frozenset({"infec"}))
    True
    """
    text = canonical_text(unit)
    words = list(WORDS.finditer(text))
    keys = [finding_stem(word_stem(w.group().lower())) for w in words]
    at = next((i for i, key in enumerate(keys) if key in _KINDED & subject), None)
    if at is None:
        return False
    before = at - 1
    if before >= 1 and words[before].group().lower() in _KIND_LINKS:
        before -= 1
    if before >= 0 and _names_kind(words[before].group(), keys[before], subject):
        return True
    cause = _CAUSE_AFTER.match(text, words[at].end())
    if cause is None:
        return False
    after = [(w, k) for w, k in zip(words, keys, strict=True) if w.start() >= cause.end()]
    after = [(w, k) for w, k in after if w.group().lower() not in FUNCTION_WORDS]
    return bool(after) and _names_kind(after[0][0].group(), after[0][1], subject)


def _names_kind(word: str, key: str, subject: frozenset[str]) -> bool:
    """Whether ``word`` (stem ``key``) can name a kind of ``subject``: a content word, not a verb of effect, nor a
    time point ("six-month mortality")."""
    lowered = word.lower()
    return (
        len(lowered) >= 3
        and lowered.rstrip("s") not in _TIME_UNITS
        and key not in subject
        and key not in FRAME
        and key not in _ALL_KINDS
        and lowered not in FUNCTION_WORDS
        and lowered not in _EFFECT_VERBS
        and not lowered.endswith("ed")
    )
