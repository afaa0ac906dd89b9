"""Groups named by their members, compared as the subject of a sentence: "Children younger than 6 years had a lower
sensitivity (85.7%) than older children (96.3%)" (issue 14).

:mod:`medhal.text.comparisons` reads a comparison whose group follows the comparative ("more common with A than
with B"); an abstract reporting a subgroup often puts the group first, as the subject that *had* the higher or
lower figure, and bounds it by an age in words that hold "than" themselves.  This module reads that form so that
a unit saying it the other way round ("It was more sensitive in children under six than in older children") can
be compared with it:

* :func:`normalise_ages` writes an age bound one way: "younger than 6 years", "less than six years old", "aged
  under six" all become "under 6" (and "older than 65 years" "over 65"), so that the two sides name the group with
  the same words;
* :func:`subject_comparison` reads "GROUP had / showed / achieved (a) COMPARATIVE MEASURE than RIVAL", the group
  taken from the start of its clause.  "Mortality was higher in women than in men" is not this form (its subject is
  the measure) and is left to :mod:`~medhal.text.comparisons`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from medhal.text._finding_subjects import BRACKETS
from medhal.text.lexical import directions
from medhal.text.quantities import NUMBER_WORDS
from medhal.text.synonyms import alignment_tokens

__all__ = ["SubjectComparison", "goes_without", "group_tokens", "loosely_named", "normalise_ages", "subject_comparison"]

_SPELLED = {w: str(i) for i, w in enumerate(NUMBER_WORDS) if i <= 20}
_NUMBER = r"(?P<n>\d+|" + "|".join(sorted(_SPELLED, key=len, reverse=True)) + r")"
_AGE_BOUND = re.compile(
    r"\b(?:(?P<lo>younger|less|under|below)|(?P<hi>older|more|over|above))(?:\s+than)?\s+(?:the\s+age\s+of\s+)?"
    + _NUMBER
    + r"(?:\s+(?:years?|yrs?)(?:\s+(?:of\s+age|old))?)?\b",
    re.IGNORECASE,
)
_AGED = re.compile(r"\baged\s+(?=(?:under|over)\s+\d)", re.IGNORECASE)
_AND_OVER = re.compile(
    r"\b(?P<n>\d+)(?:\s+(?:years?|yrs?))?(?:\s+(?:and|or)\s+(?:over|older|above)|\s*\+(?!\s*\d))", re.IGNORECASE
)
"""An age bound after its number: "60 and older", "60 years or over", "65+"."""


def normalise_ages(text: str) -> str:
    """``text`` with each age bound written one way ("under N", "over N", digits).

    >>> normalise_ages("Children younger than 6 years had a lower sensitivity")
    'Children under 6 had a lower sensitivity'
    >>> normalise_ages("in children under six"), normalise_ages("patients older than 65 years of age")
    ('in children under 6', 'patients over 65')
    >>> normalise_ages("those aged 60 or over"), normalise_ages("people aged 60 years and older")
    ('those over 60', 'people over 60')
    """

    def bound(m: re.Match[str]) -> str:
        n = m.group("n")
        return f"{'under' if m.group('lo') else 'over'} {_SPELLED.get(n.lower(), n)}"

    return _AGED.sub("", _AND_OVER.sub(lambda m: f"over {m.group('n')}", _AGE_BOUND.sub(bound, text)))


def group_tokens(name: str) -> frozenset[str]:
    """The :func:`~medhal.text.synonyms.alignment_tokens` of a group's name, with the side of each age bound it
    states (:func:`normalise_ages`), which the stop list drops: "those aged 60 or over" is not "participants younger
    than 60 years".

    >>> sorted(group_tokens("those aged 60 or over")), sorted(group_tokens("participants younger than 60 years"))
    (['#60', 'over#60'], ['#60', 'patie', 'under#60'])
    >>> sorted(group_tokens("tai chi"))
    ['chi', 'tai']
    """
    bounds = frozenset(f"{m.group(1).lower()}#{m.group(2)}" for m in _BOUND.finditer(normalise_ages(name)))
    tokens = alignment_tokens(normalise_ages(name))
    if not tokens and not bounds:  # "tai chi": words too short for the stop list's floor name the group (round 180)
        tokens = frozenset(w.lower() for w in _SHORT_WORD.findall(name)) - _LINKING
    return tokens | bounds | ({_WITHOUT} if goes_without(name) else set())


_SHORT_WORD = re.compile(r"[A-Za-z]{2,}")
_LINKING = frozenset({"the", "an", "of", "in", "on", "with", "and", "or", "to", "for", "by", "at", "as"})


def goes_without(name: str) -> bool:
    """Whether ``name`` names a group for what it goes without ("no statin", "without prophylaxis", "non-users").

    >>> goes_without("no statin"), goes_without("atorvastatin 20 mg daily")
    (True, False)
    """
    return _NO_TREATMENT.match(name) is not None


def loosely_named(tokens: frozenset[str], theirs: list[frozenset[str]]) -> list[int]:
    """The one group (as a list; none when several) whose :func:`group_tokens` contain or are contained in a name's
    ``tokens``, a group of people who go *without* something ("no statin") never named by a name that is not
    ("the statin"): of two groups, one going without what the name names, the name names the other.

    >>> theirs = [group_tokens("atorvastatin 20 mg daily"), group_tokens("no statin")]
    >>> loosely_named(group_tokens("the statin"), theirs), loosely_named(group_tokens("no statin"), theirs)
    ([0], [1])
    """
    lacking = _WITHOUT in tokens
    loose = [i for i, t in enumerate(theirs) if t and (t <= tokens or tokens <= t) and (_WITHOUT in t) == lacking]
    if loose or lacking or len(theirs) != 2:
        return loose if len(loose) == 1 else []
    without = [i for i, t in enumerate(theirs) if _WITHOUT in t and tokens <= t - {_WITHOUT}]
    return [1 - without[0]] if len(without) == 1 and _WITHOUT not in theirs[1 - without[0]] else []


_NO_TREATMENT = re.compile(r"\s*(?:the\s+|those\s+|people\s+|patients\s+)?(?:no|without|non)[\s\-]", re.IGNORECASE)
"""A group named for what it goes without: "no statin", "without prophylaxis", "non-users"."""
_WITHOUT = "#without"


_BOUND = re.compile(r"\b(under|over)\s+(\d+)\b", re.IGNORECASE)
_WORD = r"(?P<word>more|less|fewer|higher|lower|greater|smaller|stronger|weaker|better|worse)"
_FORM = re.compile(
    r"\b(?:had|has|have|showed|show|shows|achieved|experienced|demonstrated)\s+(?:an?\s+)?"
    r"(?:(?:significantly|slightly|much|markedly|substantially|considerably)\s+)?" + _WORD + r"\s+"
    r"(?P<measure>(?:(?!than\b|compared\b|versus\b|vs\b)[\w\-]+\s+){1,10}?)"
    r"(?:than|compared\s+(?:with|to)|versus|vs\.?)\s+(?:in\s+|among\s+|with\s+|for\s+)?(?:the\s+)?"
    r"(?P<rival>[A-Za-z0-9][\w\-]*(?:\s+(?!and\b|or\b)[\w\-]+){0,5})",
    re.IGNORECASE,
)
_OPENING = re.compile(r".*(?:\bthat\b|\bwhich\b|\bwhile\b|\bwhereas\b|[,;:(])", re.IGNORECASE | re.DOTALL)
_SPACES = re.compile(r"\s{2,}")
_GROUP = re.compile(r"(?:[\w\-]+\s+){0,5}[\w\-]+\s*$")


@dataclass(frozen=True, slots=True)
class SubjectComparison:
    """A comparison read from the subject form: the group, its rival, whether the group has more (``up``) and the
    words of the measure compared."""

    group: str
    rival: str
    up: bool
    measure: str


def subject_comparison(part: str) -> SubjectComparison | None:
    """The one comparison ``part`` makes in the subject form, its ages written by :func:`normalise_ages`; ``None``
    when there is none or more than one.

    >>> subject_comparison("Children younger than 6 years had a lower sensitivity (85.7%) than older children.")
    SubjectComparison(group='Children under 6', rival='older children', up=False, measure='sensitivity')
    >>> subject_comparison("Mortality was higher in women than in men.") is None
    True
    """
    text = normalise_ages(_SPACES.sub(" ", BRACKETS.sub(" ", part)))
    found = list(_FORM.finditer(text))
    if len(found) != 1:
        return None
    m = found[0]
    head = text[: m.start()]
    opening = _OPENING.match(head)
    head = head[opening.end() :] if opening else head
    group = _GROUP.search(head)
    if group is None or not group.group().strip():
        return None
    rival = re.split(r"[.,;:()]", m.group("rival"))[0].strip()
    up = "up" in directions(m.group("word"))
    return SubjectComparison(group.group().strip(), rival, up, m.group("measure").strip())
