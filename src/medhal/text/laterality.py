"""The wrong side (issue 14, round 27): "reduced air entry at the left base" where the doctor found it at the right
base.

Wrong-side errors are among the errors clinical safety work counts first (wrong-site surgery, a drain on the wrong
side), and a small encoder cannot see one: every word of the unit but one is the evidence's.  :func:`sides`
reads each "left / right / bilateral" with the body part it names (the two words after it, or after "-sided": "left
cerebral hemispherectomy" names the left hemisphere);
:func:`side_conflicts` reports a unit's side of a part that the aligned sentence gives only the other side of,
where the evidence never names the unit's side of it.  A part named on both sides, or bilaterally, anywhere in the
evidence never conflicts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from medhal.text.quantities import Quantity
from medhal.text.tokens import content_stems

__all__ = ["Side", "side_conflicts", "sides"]

_SIDE = re.compile(
    r"\b(?P<side>left|right|bilateral(?:ly)?)(?:[\s-]+(?:sided|side\s+of\s+the|side\s+of|-?hand))?[\s-]+"
    r"(?P<part>(?:(?:lower|upper|middle|mid|basal|anterior|posterior|lateral|medial|main|common|internal|external|"
    r"deep|superficial|total)\s+)?[A-Za-z]{3,}(?:\s+[A-Za-z]{3,})?)",
    re.IGNORECASE,
)
_OPPOSITE = {"left": "right", "right": "left"}


@dataclass(frozen=True, slots=True)
class Side:
    """A side (``left``, ``right`` or ``both``) of a body part (its stems), written ``text[start:end]``."""

    side: str
    part: frozenset[str]
    start: int
    end: int
    text: str


def sides(text: str) -> list[Side]:
    """The sides ``text`` names, in reading order.

    >>> [(s.side, sorted(s.part)) for s in sides("Reduced air entry at the right base; left-sided weakness.")]
    [('right', ['base']), ('left', ['weakn'])]
    """
    found = []
    for m in _SIDE.finditer(text):
        side = m.group("side").lower()
        part = content_stems(m.group("part"))
        if part:
            found.append(Side("both" if side.startswith("bilateral") else side, part, m.start(), m.end(), m.group()))
    return found


def side_conflicts(unit: str, sentence: str, evidence: str) -> list[tuple[Quantity, Quantity]]:
    """``(unit side, sentence side)`` pairs (as :class:`~medhal.text.quantities.Quantity` of kind ``label:side``)
    where ``unit`` names one side of a body part that ``sentence`` names only the other side of, and ``evidence``
    (the whole text) never names the unit's side of it, nor both sides.

    >>> sentence = "Reduced air entry at the right base on F1 doctor review."
    >>> [(a.text, b.text) for a, b in side_conflicts("The doctor found reduced air entry at the left base,",
    ...                                             sentence, sentence)]
    [('left base', 'right base')]
    >>> side_conflicts("The doctor found reduced air entry at the right base,", sentence, sentence)
    []
    """
    theirs = sides(sentence)
    anywhere = sides(evidence)
    conflicts = []
    for mine in sides(unit):
        if mine.side == "both" or any(e.part & mine.part and e.side in (mine.side, "both") for e in anywhere):
            continue
        other = [e for e in theirs if e.part & mine.part and e.side == _OPPOSITE[mine.side]]
        if other:
            conflicts.append((_quantity(mine), _quantity(other[0])))
    return conflicts


def _quantity(side: Side) -> Quantity:
    value = {"left": 0.0, "right": 1.0}.get(side.side, 2.0)
    return Quantity("label:side", value, side.start, side.end, side.text, False, value)
