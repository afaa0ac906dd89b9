"""A GRADE certainty the evidence never gives: "the evidence for benefit was of high certainty" where a review grades
it moderate (issue 14).

Systematic reviews grade each finding's certainty (GRADE: high, moderate, low, very low; "quality of evidence" in
older reviews).  An LLM summary that upgrades "moderate-certainty evidence" to "high certainty" keeps every other word
and reads as entailed to a small encoder; a clinician reads it as overstating what the trials support, the error
guideline panels act on.

:func:`certainty_conflicts` is the cue, kept narrow: the unit states a GRADE level of certainty or quality of evidence,
the evidence states one or more levels, and none of them is the unit's.  The first sentence stating a level decides
(shown against the unit's level).  A unit whose level the evidence gives anywhere is left alone: which finding it
belongs to is for the encoder to read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.quantities import Quantity

__all__ = ["certainty_conflicts", "certainty_levels"]

_LEVEL = re.compile(
    r"\b(?P<level>very[\s-]+low|low|moderate|high)(?:[\s-]+(?:to[\s-]+(?:very[\s-]+low|low|moderate|high)[\s-]+)?)"
    r"(?:certainty|quality)(?:\s+(?:of\s+)?evidence)?\b"
    r"|\b(?:certainty|quality)\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?evidence\s+(?:(?:for|on)\s+(?:[\w-]+\s+){1,3}?)?"
    r"(?:was|is|were|are)\s+(?:rated\s+|judged\s+|graded\s+)?(?:as\s+)?"
    r"(?P<after>very[\s-]+low|low|moderate|high)\b"
    r"|\bof\s+(?P<of>very[\s-]+low|low|moderate|high)\s+(?:certainty|quality)\b",
    re.IGNORECASE,
)
"""A GRADE level named with what it grades: "moderate-certainty evidence", "low quality evidence", "the certainty of
evidence was low", "the certainty of the mortality evidence was high", "of high certainty"."""

_GRADES = {"very": 1.0, "low": 2.0, "moderate": 3.0, "high": 4.0}
"""Each level's first word and its rank ("very" is very low)."""


def certainty_levels(text: str) -> list[Quantity]:
    """The GRADE levels ``text`` states, in order, each as a ``label:certainty`` quantity whose text is the level's
    words as written (normalised in :attr:`Quantity.value`: very low 1, low 2, moderate 3, high 4).

    >>> [(q.text, q.value) for q in certainty_levels("Benefit: moderate-certainty evidence; harms: low certainty.")]
    [('moderate-certainty evidence', 3.0), ('low certainty', 2.0)]
    >>> [q.value for q in certainty_levels("The certainty of evidence was very low.")]
    [1.0]
    >>> [q.value for q in certainty_levels("The certainty of the mortality evidence was high.")]
    [4.0]
    >>> [q.value for q in certainty_levels("Certainty of evidence was moderate for BMI and low for blood pressure.")]
    [3.0, 2.0]
    """
    found: list[Quantity] = []
    for m in _LEVEL.finditer(text):
        level = next(g for g in (m.group("level"), m.group("after"), m.group("of")) if g)
        found.append(Quantity("label:certainty", _rank(level), m.start(), m.end(), m.group(), approximate=False))
    if found:  # "was moderate for BMI and low for cardiometabolic outcomes": a level given after the first (round 146)
        for m in _ALSO.finditer(text, found[0].end):
            if not any(q.start <= m.start("also") < q.end for q in found):
                level = m.group("also")
                found.append(
                    Quantity("label:certainty", _rank(level), m.start("also"), m.end(), level, approximate=False)
                )
        found.sort(key=lambda q: q.start)
    return found


def _rank(level: str) -> float:
    """A level's rank (:data:`_GRADES`, by its first word: "very" is very low)."""
    return _GRADES[level.lower().split()[0].split("-")[0]]


_ALSO = re.compile(
    r"(?:,|;|\band\b|\bbut\b)\s+(?P<also>very[\s-]+low|low|moderate|high)\s+(?:for|in|on)\b", re.IGNORECASE
)
"""A further level in a list after the first ("and low for cardiometabolic outcomes")."""


def certainty_conflicts(unit: str, sentences: Sequence[str]) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """The unit's GRADE level against the first level the evidence states, with that sentence, when the evidence
    states levels and never the unit's (module docstring); ``None`` otherwise.

    >>> evidence = ["Diarrhoea fell (risk ratio 0.45; moderate-certainty evidence).", "Harms: low-certainty evidence."]
    >>> found = certainty_conflicts("The evidence for benefit was of high certainty.", evidence)
    >>> [(a.text, b.text) for a, b in found[0]], found[1]
    ([('of high certainty', 'moderate-certainty evidence')], 0)
    >>> certainty_conflicts("The evidence for harms was of low certainty.", evidence) is None
    True
    """
    own = certainty_levels(unit)
    if not own:
        return None
    stated = [(i, q) for i, s in enumerate(sentences) for q in certainty_levels(s)]
    if not stated:
        return None
    values = {q.value for _, q in stated}
    for mine in own:
        if mine.value not in values:
            return [(mine, stated[0][1])], stated[0][0]
    return None
