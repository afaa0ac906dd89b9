"""A change told the other way than its own figures go (issue 14, round 59): "Your potassium is also raised at 5.8,
down from 4.9" where the letter gives "Potassium 5.8 mmol/L (previously 4.9)".

A unit that gives a change with both its figures says its direction twice, in the word and in the figures; when the
two disagree and an evidence sentence states both figures, the figures are the evidence's and the word is wrong.
The encoder reads such a unit as entailed (every figure and word but one is the sentence's), and the trend cue
(:mod:`medhal.text.trends`) needs a direction word in the sentence, which a report of levels rarely writes.

:func:`direction_against_figures` reads "<way> from A to B" ("fell from 212 to 18", "went up from 4.9 to 5.8",
"lost weight, from 66.8 kg to 71.2 kg"), "B, <way> from A" ("raised at 5.8, down from 4.9"), "<way> to B from A"
("gone up to 84.2 kg from 86.9 kg", one figure each side) and "B, which is <higher or lower> than A" ("6.1, which is
a little higher than the 7.4"), where the way is one word or phrase of going up or down, the two
figures of one kind (:func:`~medhal.text.quantities.quantities`, so "from 1 in 4 to 1 in 10" and "from 5 mg to 1 g"
read right); it fires where B lies on the other side of A from the way the unit says, and names the first evidence
sentence stating both figures.  It also fires where the unit gives a change "from A to B" that a sentence gives from
B to A and none from A to B ("step down from 3-monthly to 6-monthly" against "increase renal monitoring from
6-monthly to 3-monthly": an interval's figures run against its frequency, so only their order is read).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from medhal.text.lexical import has_negation
from medhal.text.quantities import Quantity, quantities

__all__ = ["direction_against_figures"]

_UP = r"rose|risen|rising|increased|climbed|went\s+up|gone\s+up|going\s+up|up|gained|put\s+on"
_DOWN = r"fell|fallen|falling|dropped|decreased|declined|went\s+down|gone\s+down|going\s+down|down|c[ao]me\s+down|lost"
_FROM_TO = re.compile(  # "you have lost weight, from 66.8 kg to 71.2 kg" (round 121)
    rf"\b(?P<way>{_UP}|{_DOWN})\s+(?:\w+,?\s+){{0,2}}?from\s+(?P<span>[^,;()]{{1,40}}?\bto\s+[^,;()]+)", re.IGNORECASE
)
_AT_FROM = re.compile(rf"(?P<span>[^,;()]{{1,40}}),?\s+(?P<way>{_UP}|{_DOWN})\s+from\s+(?P<rest>[^,;()]+)", re.I)
_TO_FROM = re.compile(  # "Your weight has gone up to 84.2 kg from 86.9 kg three months ago" (own letter, session 23)
    rf"\b(?P<way>{_UP}|{_DOWN})\s+to\s+(?P<span>\d[\d.,]*(?:\s?[a-zA-Z%]+)?)\s+from\s+(?P<rest>\d[\d.,]*(?:\s?[a-zA-Z%]+)?)"
    r"(?![/\w])",  # one figure each side: never "fallen to 3/10 from 8/10", "risen to 138/86 from 124/78"
    re.IGNORECASE,
)
_THAN_EARLIER = re.compile(  # "The liver stiffness reading was 6.1, which is a little higher than the 7.4 recorded in
    # February last year" (round 121): the level now, then the way it went from the earlier one
    r"(?P<span>[^,;()]{1,40}),?\s+(?:which|that)\s+(?:is|was|are|were)\s+(?:(?:a\s+little|a\s+bit|slightly|much|"
    r"far|well|somewhat)\s+)?(?P<way>higher|greater|more|lower|less|smaller)\s+than\s+(?:the|your|his|her|its|their)?"
    r"\s*(?P<rest>\d[^,;()\s]*(?:\s+(?:[a-zA-Z/%]+))?)",
    re.IGNORECASE,
)
_NOT_THE_LEVEL = re.compile(r"\s*\S*\s+(?:and|but|target|range|limit|threshold|goal)\b", re.IGNORECASE)
"""Words after the figure before a change that make it something else than the level reached: "5-7 target and"."""
_IS_UP = re.compile(rf"^(?:{_UP}|higher|greater|more)$", re.I)
_INTERVAL = re.compile(r"\w-?(?:hourly|daily|weekly|monthly|yearly)\b|\bevery\b", re.IGNORECASE)
"""Figures of an interval, whose number goes down as what it times goes up (round 60)."""


def direction_against_figures(unit: str, sentences: Sequence[str]) -> int | None:
    """The index of the first sentence stating both figures of a change ``unit`` tells the other way than they go
    (module docstring), or ``None``.

    >>> letter = ["Tacrolimus trough 11.8 ug/L (target 5-8).", "Potassium 5.8 mmol/L (previously 4.9)."]
    >>> direction_against_figures("Your potassium is also raised at 5.8, down from 4.9.", letter)
    1
    >>> print(direction_against_figures("Your potassium is also raised at 5.8, up from 4.9.", letter))
    None
    >>> print(direction_against_figures("well above his 5-7 target and up from 7.2", ["Tacrolimus 11.9 7.2 5-7"]))
    None
    >>> print(direction_against_figures("It went down from 5.8 to 4.9.", ["Potassium 5.8 (previously 4.9)."]))
    None
    >>> direction_against_figures("CRP fell from 18 to 212 mg/L.", ["CRP fell from 212 mg/L to 18 mg/L."])
    0
    >>> print(direction_against_figures("tests step up from 6-monthly to 3-monthly", ["from 6-monthly to 3-monthly"]))
    None
    >>> direction_against_figures("tests step down from 3-monthly to 6-monthly", ["from 6-monthly to 3-monthly"])
    0
    """
    if has_negation(unit):
        return None
    turned = _turned_round(unit, sentences)
    if turned is not None:
        return turned
    pair = _pair(unit)
    if pair is None:
        return None
    up, before, after = pair
    a, b = (before.value, after.value) if before.kind == after.kind else (before.number, after.number)
    a, b = a * _sign(unit, before), b * _sign(unit, after)  # "from minus 2.2 to minus 3.1" falls (round 204)
    if a == b or (b > a) == up:
        return None
    for i, sentence in enumerate(sentences):
        said = quantities(sentence)
        if _stated(before, said) and _stated(after, said):
            return i
    return None


def _turned_round(unit: str, sentences: Sequence[str]) -> int | None:
    """The first sentence giving the unit's change "from A to B" as "from B to A", where none gives it from A to B
    ("step down from 3-monthly to 6-monthly" against "increase monitoring from 6-monthly to 3-monthly": round 60)."""
    mine = _FROM_A_TO_B.search(unit)
    if mine is None:
        return None
    a, b = _figure_text(mine.group("a")), _figure_text(mine.group("b"))
    if a == b:
        return None
    found: int | None = None
    for i, sentence in enumerate(sentences):
        for m in _FROM_A_TO_B.finditer(sentence):
            theirs = _figure_text(m.group("a")), _figure_text(m.group("b"))
            if theirs == (a, b):
                return None
            if theirs == (b, a) and found is None:
                found = i
    return found


_FROM_A_TO_B = re.compile(r"\bfrom\s+(?P<a>\d+(?:\.\d+)?[-\w%./]*)\s+to\s+(?P<b>\d+(?:\.\d+)?[-\w%./]*)", re.IGNORECASE)


def _figure_text(text: str) -> str:
    """A figure as written, its unit and punctuation after it dropped to its number and interval word."""
    return re.sub(r"[^\d.a-z-]", "", text.lower()).rstrip(".")


def _stated(figure: Quantity, said: Sequence[Quantity]) -> bool:
    """Whether ``said`` states ``figure``; a bare number of a range ("from 18 to 212 mg/L") by its number."""
    return any(figure.equals(q) or (figure.kind == "count" and q.number == figure.number) for q in said)


_UNIT_WORD = re.compile(r"\s*([a-zA-Z]+)")


def _other_units(span: str, before: Quantity, after: Quantity) -> bool:
    """Whether two bare figures are written in units of their own that differ ("from about 2 km to 800 m": round 93),
    so their numbers cannot be compared; "from 4 to 6 tablets" and "from 3 falls to 1 fall" can."""
    if before.kind != "count" or after.kind != "count":
        return False
    words = [_UNIT_WORD.match(span, q.end) for q in (before, after)]
    first, second = (w.group(1).lower().rstrip("s") if w else "" for w in words)
    return bool(first and second) and first != "to" and first != second


_NEGATIVE = re.compile(r"(?:\bminus\s+|(?<![\w.)\]])[-\u2212])$", re.IGNORECASE)
"""A sign before a figure: "minus 2.2", "-3.1" (a hyphen after a word or figure is a range's: "2-3", "T-3")."""


def _sign(text: str, q: Quantity) -> int:
    """-1 where ``q`` is written negative in ``text`` ("minus 2.2", "-3.1"), else 1."""
    return -1 if _NEGATIVE.search(text, 0, q.start) else 1


def _moved(q: Quantity, offset: int) -> Quantity:
    """``q`` read in a part of a text that starts at ``offset``, with its offsets into the whole text."""
    return replace(q, start=q.start + offset, end=q.end + offset)


def _pair(unit: str) -> tuple[bool, Quantity, Quantity] | None:
    """Whether ``unit``'s change goes up, its figure before and its figure after, or ``None``."""
    m = _FROM_TO.search(unit)
    if m is not None:
        if _INTERVAL.search(m.group("span")):  # "step up from 6-monthly to 3-monthly": more often, not less
            return None
        figures = [_moved(q, m.start("span")) for q in quantities(m.group("span"))]
        if len(figures) == 2 and (figures[0].kind == figures[1].kind or figures[0].kind == "count"):
            if _other_units(unit, figures[0], figures[1]):
                return None
            return bool(_IS_UP.match(m.group("way"))), figures[0], figures[1]
        return None
    m = _AT_FROM.search(unit) or _TO_FROM.search(unit) or _THAN_EARLIER.search(unit)
    if m is None:
        return None
    now = [_moved(q, m.start("span")) for q in quantities(m.group("span"))]
    then = [_moved(q, m.start("rest")) for q in quantities(m.group("rest"))]
    if not now or len(then) != 1 or (now[-1].kind != then[0].kind and "count" not in (now[-1].kind, then[0].kind)):
        return None
    if _NOT_THE_LEVEL.search(unit, now[-1].end, m.end("span")):  # "above his 5-7 target and up from 7.2": the figure
        return None  # before the change is a target, not the level it went up to (round 66)
    return bool(_IS_UP.match(m.group("way"))), then[0], now[-1]
