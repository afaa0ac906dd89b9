"""A change told with both its levels, written side by side in a note ("CRP 186 -> 74 mg/L"): what the figure cue
(:func:`medhal.text.figures.number_conflicts`) reads as the unit's levels stated, whichever line states them (round
122).  Split out of :mod:`medhal.text.figures` at its 500-line limit (session 24)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence

from medhal.text.quantities import Quantity

__all__ = ["levels_stated", "reached_level"]


def levels_stated(unit: str, q: Quantity, own: Sequence[Quantity], stated: Sequence[Quantity]) -> bool:
    """Whether ``q`` is one level of a change the unit tells with both its levels ("the CRP falling from 186 to 74")
    and the evidence writes the same two numbers side by side in that order ("CRP 186 -> 74 mg/L"), whatever unit
    either bears: the aligned sentence may be another line's ("WCC 15.8 -> 10.2"; round 122)."""
    for a, b in _changes(unit, own):
        if q in (a, b):
            return any(
                _same_level(a, e) and _same_level(b, f) and f.start - e.end <= _LEVELS_APART
                for e, f in itertools.pairwise(stated)
            )
    return False


def reached_level(
    unit: str, q: Quantity, own: Sequence[Quantity], sentence: str, said: Sequence[Quantity]
) -> Quantity | None:
    """The level ``sentence`` (its figures ``said``) reaches from the level the unit's change starts from, where
    ``q`` is the level the unit's change reaches ("rose from about 22% to 59%" against "increased from 22% to 39%":
    39%, the same thing's figure, whatever words stand around it; round 162); ``None`` when the sentence tells no
    change from the unit's first level.

    >>> from medhal.text.quantities import quantities
    >>> unit, sentence = "it rose from about 22% to 59%", "latrine use rose from 19% to 61%, faces from 22% to 39%"
    >>> reached_level(unit, quantities(unit)[1], quantities(unit), sentence, quantities(sentence)).text
    '39%'
    """
    for a, b in _changes(unit, own):
        if b == q:
            return next((f for e, f in _changes(sentence, said) if _same_level(a, e)), None)
    return None


def _changes(text: str, figures: Sequence[Quantity]) -> Iterator[tuple[Quantity, Quantity]]:
    """The two levels of each change ``text`` tells "from X to Y" (``figures``: its quantities, in order)."""
    for a, b in itertools.pairwise(figures):
        if _LEVELS_BETWEEN.fullmatch(text, a.end, b.start) and _FROM_BEFORE.search(text, 0, a.start):
            yield a, b


def _same_level(mine: Quantity, theirs: Quantity) -> bool:
    """One level, a bare number for a figure with a unit by its number ("74" for "74 mg/L"), two figures with units
    only when equal ("six to eight months" is no "6- to 8-week": cp_185)."""
    if "count" in (mine.kind, theirs.kind):
        return mine.number == theirs.number
    return mine.equals(theirs)


_FROM_BEFORE = re.compile(r"\bfrom\s+(?:(?:about|around|roughly|approximately|nearly|some)\s+)?$", re.IGNORECASE)
_LEVELS_BETWEEN = re.compile(r"\s*(?:to|->|→|–|-)\s*", re.IGNORECASE)
_LEVELS_APART = 6
"""Characters at most between two levels a note writes side by side ("186 -> 74", "186→74")."""
