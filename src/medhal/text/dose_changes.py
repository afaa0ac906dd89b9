"""A drug's dose changed the other way (issue 14, round 59): "since his lamotrigine dose went down in February" where
the letter says "Since lamotrigine was increased to 150 mg twice daily in February".

A dose raised or lowered is a plan a patient acts on, and its direction is one word among many the encoder reads as
entailed.  The trend cue (:mod:`medhal.text.trends`) reads how a measure went, not what was done to a drug, and the
dose cue (:mod:`medhal.text.drug_doses`) reads figures.  :func:`dose_turned` reads each drug
(:func:`~medhal.text.names.is_drug_name`) with the way its dose is changed right beside it: a change word within
four words after the drug ("lamotrigine was increased", "his lamotrigine dose went down") or within three before it
("reduce the dose of lamotrigine", "taper levetiracetam"), with a word of dosing beside them (:data:`_DOSE`).  It
fires where the unit changes a drug's dose one way and the evidence changes that drug's dose only the other way, and
names the first sentence that does, unless a sentence naming no drug changes "the dose" the unit's way (the drug may
be the unit's: round 78); a negated or hedged unit ("was not increased", "may be reduced") and a drug
changed both ways in the unit are not read.

Scanned before wiring on 21,070 faithful clauses (PubMedQA, MedHal-Loc dev, the clinical pairs, rounds 52-59): no
firing; one wrong twin of round 59 fires.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from medhal.text.drug_names import is_drug_name, same_drug_names
from medhal.text.lexical import has_negation

__all__ = ["dose_turned", "dose_ways"]

_UP = (
    r"increased|increasing|increase[sd]?|raised|raising|raise[sd]?|went\s+up|gone\s+up|going\s+up|up-?titrated|"
    r"titrated\s+up|doubled|stepped\s+up"
)
_DOWN = (
    r"reduced|reducing|reduce[sd]?|lowered|lowering|lower(?:s)?|decreased|decreasing|decrease[sd]?|went\s+down|"
    r"gone\s+down|going\s+down|cut|tapered|tapering|taper(?:s)?|weaned|weaning|wean|halved|down-?titrated|"
    r"stepped\s+down"
)
_WAY = re.compile(rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\b|(?P<up_arrow>↑)|(?P<down_arrow>↓)", re.IGNORECASE)
"""A change word, or a note's arrow beside the drug ("↑ pred to 20 mg OD", round 135)."""
_WORD = re.compile(r"[A-Za-z][A-Za-z-]{2,}")
_HEDGED = re.compile(r"\b(?:may|might|could|consider\w*|if|unless|whether|should\s+.*\bneed)\b", re.IGNORECASE)
_AFTER, _BEFORE = 4, 3
_DOSE = re.compile(
    r"\bdos(?:e|es|age|ing)\b|\bto\s+\d+(?:\.\d+)?\s*(?:mg|g|mcg|µg|micrograms?|units?|ml)\b|\btaper|\bwean"
    r"|titrat|\bstepped\b",
    re.IGNORECASE,
)
"""What makes a change beside a drug a change of its dose ("dose", "to 150 mg", "taper"), not of what the drug does
("Dexamethasone raised the rate of surgical site infection")."""


def dose_turned(unit: str, sentences: Sequence[str]) -> int | None:
    """The index of the first sentence that changes the dose of a drug ``unit`` changes the other way, where no
    sentence changes it the unit's way (module docstring); ``None`` otherwise.

    >>> letter = ["Since lamotrigine was increased to 150 mg twice daily in February, seizures have reduced.",
    ...           "Plan: reduce levetiracetam by 250 mg twice daily every 2 weeks, then stop."]
    >>> dose_turned("since his lamotrigine dose went down in February", letter)
    0
    >>> print(dose_turned("since his lamotrigine dose went up in February", letter))
    None
    >>> print(dose_turned("The levetiracetam dose will drop every fortnight and lamotrigine was increased.", letter))
    None
    >>> plan = ["1. ↑ pred to 20 mg OD x 2/52, then taper 2.5 mg/wk back to 5 mg."]
    >>> print(dose_turned("your prednisolone is being increased from 5 mg to 20 mg once a day", plan))
    None
    >>> dose_turned("your prednisolone dose is being lowered", ["Prednisolone ↑ to 20 mg OD."])
    0
    """
    if has_negation(unit) or _HEDGED.search(unit):
        return None
    mine = dose_ways(unit)
    for drug, way in mine.items():
        if len(way) != 1:
            continue
        theirs = [(i, dose_ways(s).get(drug, frozenset())) for i, s in enumerate(sentences)]
        ways = frozenset().union(*(w for _, w in theirs))
        if ways and not ways & way and not any(way <= _unnamed_ways(s) for s in sentences):
            return next(i for i, w in theirs if w)
    return None


@lru_cache(maxsize=4096)
def dose_ways(text: str) -> dict[frozenset[str], frozenset[str]]:
    """Each drug ``text`` names (as the set of its names) and the ways (``up``, ``down``) its dose is changed beside
    it; a drug with no change beside it is left out.  Read once per sentence."""
    words = [(m.group().lower(), m.start(), m.end()) for m in _WORD.finditer(text)]
    found: dict[frozenset[str], set[str]] = {}
    for k, (word, start, end) in enumerate(words):
        if not is_drug_name(word):
            continue
        # up to four words after it and three before it, or to the text's ends ("1. ↑ pred", "Pred ↓ to 5 mg.")
        after = text[end : words[k + _AFTER][2] if k + _AFTER < len(words) else len(text)]
        before = text[words[k - _BEFORE][1] if k >= _BEFORE else 0 : start]
        ways = {_way(m) for m in _WAY.finditer(after)} | {_way(m) for m in _WAY.finditer(before)}
        if ways and _DOSE.search(before + " " + text[end : end + len(after) + 24]):
            found.setdefault(same_drug_names(word), set()).update(ways)
    return {drug: frozenset(ways) for drug, ways in found.items()}


@lru_cache(maxsize=4096)
def _unnamed_ways(text: str) -> frozenset[str]:
    """The ways ``text`` changes "the dose" of a drug it does not name ("We therefore reduced the dose to 2.4 mg
    daily 3 weeks ago", after a sentence on the liraglutide titration: round 78): the unit's drug may be the one.

    >>> sorted(_unnamed_ways("We therefore reduced the dose to 2.4 mg daily."))
    ['down']
    >>> sorted(_unnamed_ways("Lamotrigine: the dose was reduced to 100 mg.")), sorted(_unnamed_ways("BP was lower."))
    ([], [])
    """
    if any(is_drug_name(w) for w in _WORD.findall(text)):
        return frozenset()
    return frozenset(
        _way(m) for m in _WAY.finditer(text) if _NEAR_DOSE.search(text[max(m.start() - 24, 0) : m.end() + 24])
    )


_NEAR_DOSE = re.compile(r"\bdos(?:e|es|age)\b", re.IGNORECASE)


def _way(m: re.Match[str]) -> str:
    return "up" if m.group("up") or m.group("up_arrow") else "down"
