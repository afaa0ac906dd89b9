"""Where a figure stands: what a number is a number *of* (:func:`anchors`), and the figure of an aligned sentence a
unit's figure takes the place of where the sentence states it of something else (:func:`takes_place_of`; issue 14,
split from :mod:`medhal.text.figures` at its 500-line limit)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.derived import lay_count
from medhal.text.quantities import Quantity
from medhal.text.tokens import content_stems

__all__ = ["ANCHOR_WORDS", "anchors", "takes_place_of"]

ANCHOR_WORDS = 3
"""Words on each side of a number that say what it is a number of (:func:`anchors`)."""


def anchors(text: str, quantity: Quantity, words: int = ANCHOR_WORDS) -> frozenset[str]:
    """What a number is a number *of*: the content stems of the up to ``words`` (:data:`ANCHOR_WORDS`) words on
    each side of ``quantity`` in ``text`` (``text[quantity.start:quantity.end]``), numbers left out.

    >>> from medhal.text.quantities import quantities
    >>> text = "The trial enrolled 1,204 patients aged 65 or older."
    >>> sorted(anchors(text, quantities(text)[1]))
    ['aged', 'older', 'patie']
    """
    if text[quantity.start : quantity.end] != quantity.text:
        raise ValueError("quantity is not a quantity of text")
    around = text[: quantity.start].split()[-words:] + text[quantity.end :].split()[:words]
    return frozenset(s for s in content_stems(" ".join(around)) if not any(ch.isdigit() for ch in s))


_APART = 40
"""Characters between a figure and the one it is said to take the place of (:func:`takes_place_of`)."""


def takes_place_of(
    unit: str, q: Quantity, sentence: str, said: Sequence[Quantity], own: Sequence[Quantity], same: Sequence[Quantity]
) -> Quantity | None:
    """The figure of ``sentence`` the unit's exact ``q`` takes the place of, where the sentence states ``q`` of
    something else: a rival of its kind the unit does not state, whose two words on each side share at least two
    stems with ``q``'s and more than every figure equal to ``q`` shares, a ratio only for a ratio (round 19: "treated
    within eight hours of injury" against "treated within 3 hours of injury ... 1 g infused over 8 hours"; not "HR
    0.63" for the 86 patients of "(0.78% per patient-year) and 86 with aspirin"), never the equal figure's neighbour
    ("6,200 physicians" against "more than 6,200 physicians in 30 countries").  ``same``: the figures of ``said`` that
    restate ``q``.  ``None`` otherwise."""
    if q.approximate or lay_count(q) or q.kind.startswith("label:"):  # categories: label_conflicts (text/labels.py)
        return None
    if _MULTIPLE_BEFORE.search(unit[: q.start]):  # "half his previous dose, 500 mg": not the previous dose (round 27)
        return None
    # words that link the two sides of a comparison name neither ("3% saline ... in their comparison" against "3%
    # saline ... compared with 0.9% saline"; round 25)
    mine = anchors(unit, q, 2) - _COMPARING
    # the same range ("attending 25-36 sessions" against "... and 5,815 (40.9%) 25-36."; round 154)
    lower = _LOWER_BOUND.search(unit, 0, q.start)
    if lower and any((m := _LOWER_BOUND.search(sentence, 0, e.start)) and m.group(1) == lower.group(1) for e in same):
        return None
    # the equal figure's words are read a little further ("greater willingness (adjusted odds ratio [aOR] 1.62 per
    # point" for "greater willingness (aOR 1.62 per point)": the abbreviation's definition between; round 138)
    equal = [len(mine & anchors(sentence, e, 5)) for e in same]
    rivals = [
        (len(mine & anchors(sentence, e, 2)), e)
        for e in said
        if e.kind == q.kind
        and e.ratio == q.ratio
        and not e.approximate
        and not any(o.equals(e) for o in own)
        and all(e.start - s.end > _APART or s.start - e.end > _APART for s in same)  # not its neighbour
        and _same_head(_head(unit, q), _head(sentence, e))  # "912 primary-care patients", not "14 primary care sites"
    ]
    best = max(rivals, key=lambda pair: pair[0], default=None)
    if best is None or best[0] < 2 or best[0] <= max(equal, default=0):
        return None
    return best[1]


_LOWER_BOUND = re.compile(r"(\d[\d.,]*)\s?[-–]\s?$")
"""A range's lower bound right before its upper one."""
_COMPARING = content_stems("compared comparison comparing versus")
_MULTIPLE_BEFORE = re.compile(
    r"\b(?:half|double|twice|triple|a\s+(?:third|quarter)|two-thirds)\s+(?:of\s+)?(?:the\s+|his\s+|her\s+|their\s+)?"
    r"(?:[\w-]+\s+){0,2}?(?:dose|amount|level|rate)s?\s*[,(:]?\s*(?:i\.e\.,?\s*|that\s+is,?\s*)?$",
    re.IGNORECASE,
)
"""A fraction or multiple of a figure named just before one the unit states: the figure is what it comes to."""

_HEAD_END = re.compile(
    r"[,;:()\[\]]|\.(?:\s|$)|\s(?:with|in|of|at|from|who|which|that|and|or|were|was|had|have|across|per|for|to|on|"
    r"by|enrolled|recruited|aged)\b",
    re.IGNORECASE,
)


def _head(text: str, q: Quantity) -> frozenset[str]:
    """What the count ``q`` counts, by its head word: the last of up to three words after it, before a preposition,
    verb or punctuation ("912 primary-care *patients* with diabetes", "14 primary care *sites*"); empty for a figure
    of another kind or with no word after it."""
    if q.kind != "count":
        return frozenset()
    words = _HEAD_END.split(text[q.end :], maxsplit=1)[0].split()[:3]
    return content_stems(words[-1]) if words else frozenset()


def _same_head(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Whether two counts may count the same thing: the same head word, or one names none."""
    return not mine or not theirs or bool(mine & theirs)
