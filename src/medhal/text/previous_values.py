"""A change told against the evidence's earlier figure (issue 14, round 111): "Your haemoglobin has fallen to 128"
where the letter gives "Hb 128 g/L (115-165), previously 109 g/L".

Clinic letters write a level with the one it had before ("Plt 98 (prev 112)", "gradient 38 mmHg (01/2024: 22
mmHg)", "TWSTRS 19 (17 at last visit)", "Hb 121 -> 116 g/L") or the change itself ("wt up 1.8 kg -> 44.1 kg",
"increased by 4 kg"), and seldom a direction word for the encoder or the trend cue (:mod:`medhal.text.trends`) to
weigh.  A unit that gives the change with *one* figure says which way it went in a word; when an evidence sentence
gives that figure with its earlier one (or the change's size with its own way), the figures decide the way and a
word that says the other way is wrong.  :mod:`medhal.text.figure_trends` reads a unit that states *both* figures.

:func:`direction_against_previous` reads, in a unit with no negation:

* the level reached: "<way> to B" ("has fallen to 128", "rose to 5.8"; not "from A to B", and not "up to", a bound);
* the size of the change: "<way> by D" ("has gone down by 1.8 kg");
* the earlier level compared with: "higher / lower / more / less than <the, your, last year's, previous> A";

where the way is a word of going up or down (never "improved" or "better", whose way depends on the measure).  In
each evidence sentence it pairs a figure with the earlier one of the same kind written after it ("B, previously A",
"B (prev A)", "B (A at last visit)", "B (<date>: A)") or before it with an arrow ("A -> B", "A → B"), reference
ranges in brackets left out ("Hb 128 g/L (115-165), previously 109": 128 and 109), dimensions ("21 × 14 mm") never
paired; and it reads a change written with its way ("up 1.8 kg", "decreased by 14.6%").  It fires on the first
sentence that holds the unit's figure in a pair (or its change's size) going the other way.  The figure and the
form of the pair are the anchor: the letter's name of the measure ("Hb", "Ao gradient") and the unit's lay words
("blood count", "the pressure difference") seldom share a word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

from medhal.text.lexical import has_negation
from medhal.text.quantities import Quantity, quantities

__all__ = ["direction_against_previous", "earlier_figures"]

_UP = r"rose|risen|rising|increased|climbed|(?:went|gone|going|come|came)\s+up"
_DOWN = r"fell|fallen|falling|dropped|decreased|declined|(?:went|gone|going|come|came)\s+down"
_IS_UP = re.compile(rf"(?:{_UP}|higher|greater|more|up|↑|gained|gain\s+of)$", re.IGNORECASE)
_LEVEL = re.compile(rf"\b(?P<way>{_UP}|{_DOWN})\s+(?:\w+\s+){{0,2}}?to\s+(?P<rest>[^,;]+)", re.IGNORECASE)
_SIZE = re.compile(rf"\b(?P<way>{_UP}|{_DOWN})\s+by\s+(?P<rest>[^,;]+)", re.IGNORECASE)
_EARLIER = re.compile(
    r"\b(?P<way>higher|lower|greater|smaller|more|less|up|down)\s+(?:\w+\s+)?(?:than|from|compared\s+with)\s+"
    r"(?:(?:the|your|his|her|their|its|previous|last\s+(?:year|time|visit|month)'?s?)\s+)+(?P<rest>[^,;]+)",
    re.IGNORECASE,
)
"""The earlier level a unit compares with, named as earlier by at least one word ("than last year's 112")."""

_RANGE = re.compile(r"\(\s*(?:ref\.?\s*)?[<>]?\s*\d[\d.,]*\s*(?:-|–|to)?\s*(?:\d[\d.,]*)?\s*\)", re.IGNORECASE)
"""A reference range in brackets ("(115-165)", "(<5)"), not a level the sentence had."""
_POWER = re.compile(r"[x×]\s*10\s*(?:\^|\*\*)?\s*[0-9⁰-⁹]+")
"""The power of ten of a count's unit ("x10^9/L", "×10⁹/L"), not a figure."""
_THEN = re.compile(
    r"^\s*(?:[^\s\d(),;]{1,10}\s*)?[,;(]?\s*(?:prev(?:iously|ious)?\.?|was|before|last\s+(?:visit|time|year|review)|"
    r"(?:\d{1,2}/)?\d{2,4}|[A-Z][a-z]{2}\s+\d{4})\s*:?\s*$|^[^.;()]{0,30}\(\s*(?:\d{1,2}/)?\d{2,4}\s*:\s*$",
)
"""What stands between a level and its earlier one: "g/L, previously", " (prev", " (01/2024:"."""
_ARROW = re.compile(r"^\s*(?:[^\s\d(),;]{1,10}\s*){0,2}(?:->|-->|→|⇒)\s*$")
_AT_LAST = re.compile(
    r"^\s*(?:at|on|in)?\s*(?:the\s+)?(?:last|prev\w*)\s+(?:visit|time|review|clinic|appointment|year)"
    r"|^\s*(?:\d{1,2}\s?/\s?(?:7|52|12)|\d{1,2}\s*(?:days?|weeks?|wks?|months?|mths?|years?|yrs?))\s+ago\b"
)  # "Wt 84.2 kg (86.9 kg 3/12 ago)" (own heart-failure letter, session 23)
_OPEN = re.compile(r"^\s*(?:[^\s\d(),;]{1,10}\s*)?\(\s*$")
_CHANGE = re.compile(
    r"\b(?P<way>up|down|↑|↓|gained|gain\s+of|lost|loss\s+of|increased|decreased|rose|fell|dropped)\s+(?:by\s+)?"
    r"(?P<size>\d[^,;]{0,29})",
    re.IGNORECASE,
)
"""A change written with its way: "wt up 1.8 kg", "decreased by 14.6%"."""


@lru_cache(maxsize=256)
def earlier_figures(sentence: str) -> tuple[tuple[Quantity, Quantity], ...]:
    """Each ``(level, earlier level)`` the sentence gives (module docstring), in its order; read once per sentence,
    however many units and changes ask.

    >>> [(a.text, b.text) for a, b in earlier_figures("Hb 128 g/L (115-165), previously 109 g/L")]
    [('128 g', '109 g')]
    >>> [(a.number, b.number) for a, b in earlier_figures("Hb 121 → 116 g/L over 24h.")]
    [(116.0, 121.0)]
    >>> earlier_figures("Nodule 21 × 14 × 13 mm, previously 15 × 11 × 10 mm")
    ()
    """
    blanked = _POWER.sub(lambda m: " " * len(m.group()), _RANGE.sub(lambda m: " " * len(m.group()), sentence))
    read = [q for q in quantities(blanked) if not q.kind.startswith("label") and not _dimension(blanked, q)]
    pairs: list[tuple[Quantity, Quantity]] = []
    for a, b in pairwise(read):
        if a.kind != b.kind and "count" not in (a.kind, b.kind):
            continue
        a, b = _in_kind(a, b), _in_kind(b, a)
        between = blanked[a.end : b.start]
        if _ARROW.match(between):
            pairs.append((b, a))
        elif _THEN.match(between) or (_OPEN.match(between) and _AT_LAST.match(blanked[b.end : b.end + 30])):
            pairs.append((a, b))
    return tuple(pairs)


def direction_against_previous(unit: str, sentences: Sequence[str]) -> int | None:
    """The index of the first sentence whose figures go the other way than the change ``unit`` tells with one
    figure (module docstring), or ``None``.

    >>> letter = ["Clinic review.", "Hb 128 g/L (115-165), previously 109 g/L."]
    >>> direction_against_previous("Your haemoglobin (Hb) has fallen to 128.", letter)
    1
    >>> print(direction_against_previous("Your haemoglobin (Hb) has risen to 128.", letter))
    None
    >>> direction_against_previous("Your weight has gone down by 1.8 kg.", ["Weight up 1.8 kg -> 44.1 kg."])
    0
    >>> direction_against_previous("Platelets are a little higher than last year's 112.", ["Plt 98 (prev 112)"])
    0
    """
    if has_negation(unit):
        return None
    claims = _claims(unit)
    if not claims:
        return None
    for i, sentence in enumerate(sentences):
        for form, up, q in claims:
            if _against(form, up, q, sentence):
                return i
    return None


def _claims(unit: str) -> list[tuple[str, bool, Quantity]]:
    """Each change the unit tells with one figure: its form ("level", "size", "earlier"), whether it says up, and
    the figure."""
    claims: list[tuple[str, bool, Quantity]] = []
    for form, pattern in (("level", _LEVEL), ("size", _SIZE), ("earlier", _EARLIER)):
        for m in pattern.finditer(unit):
            if form == "level" and re.search(r"\bfrom\b", unit[m.start() : m.start("rest")]):
                continue  # "fell from 212 to 18": both figures, read by medhal.text.figure_trends
            read = [q for q in quantities(m.group("rest")) if not q.kind.startswith("label")]
            if read and m.group("rest")[: read[0].start].strip() in ("", "the", "about", "around", "roughly"):
                claims.append((form, _IS_UP.match(re.sub(r"\s+", " ", m.group("way"))) is not None, read[0]))
    return claims


def _against(form: str, up: bool, q: Quantity, sentence: str) -> bool:
    """Whether ``sentence`` gives the unit's figure ``q`` in a change that goes the other way than ``up``."""
    for level, earlier in earlier_figures(sentence):
        if level.value == earlier.value or (level.value > earlier.value) == up:
            continue
        if form == "level" and level.equals(q):
            return True
        if form == "earlier" and earlier.equals(q):
            return True
        if form == "size" and q.kind == level.kind and abs(abs(level.value - earlier.value) - q.value) < 1e-9:
            return True
    if form != "size":
        return False
    for m in _CHANGE.finditer(sentence):
        read = quantities(m.group("size"))
        if read and read[0].start == 0 and read[0].equals(q) and (_IS_UP.match(m.group("way")) is not None) != up:
            return True
    return False


def _in_kind(q: Quantity, other: Quantity) -> Quantity:
    """A bare number ``q`` read in the unit of the figure it is paired with ("121 → 116 g/L": 121 g/L)."""
    if q.kind != "count" or other.kind == "count" or not other.number:
        return q
    return replace(q, kind=other.kind, value=q.number * other.value / other.number)


def _dimension(text: str, q: Quantity) -> bool:
    """Whether ``q`` is one side of a size ("21 × 14 × 13 mm"), never a level."""
    return text[max(0, q.start - 3) : q.start].rstrip().endswith(("×", "x")) or text[
        q.end : q.end + 3
    ].lstrip().startswith(("×", "x"))
