"""A unit naming the most common of a list the evidence ranks otherwise (issue 14).

"Lack of time was the barrier cited most often" against "The most frequently cited barriers were patient resistance
(82%), lack of time during consultations (64%) and the absence of suitable non-drug alternatives (47%)", or "The
most common adverse event was nausea" against "Adverse events were headache (21%), nausea (12%) and dizziness
(6%)": the sentence holds every word of the unit, so a small encoder (and the restatement cue) reads it as entailed.
A clinician reads the list's figures and sees that the unit's item is not the first.

:func:`superlative_conflict` is the cue, kept to clear-cut lists (precision over recall):

* the unit says one thing was the most common, frequent or often reported or cited of its kind ("X was the most
  common adverse event", "the most frequent complication was X", "X was cited most often"), unnegated and without
  a bound ("among the most common", "one of the most");
* an evidence sentence lists two or more items, each written as a few words without figures followed by one
  percentage in brackets ("headache (21%)", "patient resistance (82%)"); a sentence with any other bracket, such as
  two groups' figures, or with an entry of figures ("in 7/32 (22%)") is no such list;
* the unit's item is one of them (every content word the unit names it by is in the item's words), and another item
  of the same list has a larger percentage;
* or the sentence, no such list, itself calls another item the most common of the same kind (every other content
  word of the unit is in it: "Nausea was the most common adverse event with varenicline (25%)" against "Insomnia was
  the most common adverse event with varenicline"), and names the unit's item nowhere.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.text.tokens import content_stems

__all__ = ["ListedItem", "listed_items", "most_common_item", "superlative_conflict"]

_MOST = r"(?:the\s+)?most\s+(?:common(?:ly)?|frequent(?:ly)?|often|prevalent)(?:\s+(?:reported|cited|observed|seen))?"
_ITEM_FIRST = re.compile(
    rf"(?P<item>[A-Za-z][\w\s,-]{{0,60}}?)\s+(?:was|were|is|are)\s+(?:the\s+)?"
    rf"(?:{_MOST}\b[\w\s-]{{0,40}}|[\w\s-]{{0,40}}?\b(?:cited|reported|mentioned|observed)\s+most\s+(?:often|frequently))",
    re.IGNORECASE,
)
_ITEM_LAST = re.compile(
    rf"\b{_MOST}\b[\w\s-]{{0,40}}?\s+(?:was|were|is|are)\s+(?P<item>[A-Za-z][\w\s-]{{0,60}})", re.IGNORECASE
)
_BOUNDED = re.compile(
    r"\b(?:one|some|among|two|three|several)\s+of\s+the\s+most\b|\bamong\s+the\s+most\b", re.IGNORECASE
)
_NEGATED = re.compile(r"\b(?:not|never|no|neither|nor)\b|n't\b", re.IGNORECASE)
"""A negated unit ("was not the most common"); "lack of time" names an item, not a negation."""
_ENTRY = re.compile(r"(?P<words>[A-Za-z][^()%;:]*?)\s*\((?P<inside>[^()]*)\)")
_ONE_PERCENT = re.compile(r"^\s*(?:n\s*=\s*\d+[,;]\s*)?(?P<value>\d+(?:\.\d+)?)\s*%\s*$", re.IGNORECASE)
_LEAD = re.compile(r"^(?:.*\b(?:were|was|included|including|are|is)\s+|,\s*|(?:and|or)\s+)", re.IGNORECASE)


_ITEM_WORDS = 8
"""At most this many words name a listed item."""


@dataclass(frozen=True, slots=True)
class ListedItem:
    """One entry of a list of items with their percentages: its words' content stems and its percentage."""

    stems: frozenset[str]
    percent: float


def most_common_item(unit: str) -> frozenset[str] | None:
    """The content stems of the item ``unit`` calls the most common or frequent of its kind, or ``None``.

    >>> sorted(most_common_item("Lack of time was the barrier cited most often."))
    ['lack', 'time']
    >>> sorted(most_common_item("The most common adverse event was nausea."))
    ['nause']
    >>> most_common_item("Nausea was among the most common adverse events.") is None
    True
    """
    if "most" not in unit.lower() or _BOUNDED.search(unit) or _NEGATED.search(unit):
        return None
    m = _ITEM_LAST.search(unit) or _ITEM_FIRST.search(unit)
    if m is None:
        return None
    stems = content_stems(m.group("item").split(",")[-1])
    return stems or None


def listed_items(sentence: str) -> list[ListedItem]:
    """The entries of ``sentence`` written as words followed by one percentage in brackets, in order (empty unless
    there are two or more).

    >>> [(sorted(i.stems), i.percent) for i in listed_items(
    ...     "The most frequently cited barriers were patient resistance (82%), lack of time (64%) and cost (47%).")]
    [(['patie', 'resis'], 82.0), (['lack', 'time'], 64.0), (['cost'], 47.0)]
    >>> listed_items("Nausea (12% vs 20%) and headache (5% vs 4%) were reported.")
    []
    >>> listed_items("Fistulas occurred in 7/32 (22%) vs. 4/42 (10%) with coverage.")
    []
    """
    items: list[ListedItem] = []
    if sentence.count("(") < 2:
        return items
    for m in _ENTRY.finditer(sentence):
        value = _ONE_PERCENT.match(m.group("inside"))
        words = _LEAD.sub("", m.group("words").strip())
        if value is None or any(ch.isdigit() for ch in words) or len(words.split()) > _ITEM_WORDS:
            return []  # not a list of items each with its share: groups' figures, counts, a sentence of findings
        items.append(ListedItem(content_stems(words), float(value.group("value"))))
    return items if len(items) >= 2 else []


def superlative_conflict(unit: str, sentences: Sequence[str]) -> int | None:
    """The evidence sentence whose list gives a larger percentage to another item than to the one ``unit`` calls
    the most common, or ``None`` (module docstring).

    >>> evidence = ["Barriers were patient resistance (82%), lack of time during consultations (64%) and cost (47%)."]
    >>> superlative_conflict("Lack of time was the barrier cited most often.", evidence)
    0
    >>> superlative_conflict("Patient resistance was the barrier cited most often.", evidence) is None
    True
    >>> superlative_conflict("Insomnia was the most common adverse event.", ["Nausea was the most common adverse "
    ...                                                                       "event (25%)."])
    0
    """
    wanted = most_common_item(unit)
    if wanted is None:
        return None
    kind = content_stems(unit) - wanted
    for i, sentence in enumerate(sentences):
        # "Insomnia was the most common adverse event with varenicline" against "Nausea was the most common
        # adverse event with varenicline (25%)": another item called the most common of the same kind, the unit's
        # named nowhere in the sentence
        items = listed_items(sentence)
        other = None if items else most_common_item(sentence)
        if other is not None and not other & wanted:
            said = content_stems(sentence)
            if not wanted & said and kind <= said - other:
                return i
        own = [item for item in items if wanted <= item.stems]
        if len(own) == 1 and any(item.percent > own[0].percent for item in items):
            return i
    return None
