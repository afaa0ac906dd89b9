"""Durations told in two parts, the larger unit first: "a day and three hours" is 27 hours, "a day and three
quarters" 42 hours, "2 weeks and 3 days" 17 days, "a week and a half" 10.5 days.

:func:`medhal.text.quantities.quantities` read only the parts: "a day" was no figure at all and the tail ("three
hours") a hedged figure of its own, so "the diarrhoea settled after about a day and three hours" stated nothing the
evidence's "27 hours" gives (session 36, round 232's loperamide letter).  Here the whole is one figure, in place of
the parts read in it, hedged as the words before it hedge it.
"""

from __future__ import annotations

import re

from medhal.text._quantity import Quantity
from medhal.text._quantity_context import HEDGES, POINT_HEDGE
from medhal.text._unit_words import NUMBER_VALUES, UNITS

__all__ = ["compound_durations"]

_ORDER = ("minute", "hour", "day", "week", "month", "year")
_WHOLE = r"an?|\d+|" + "|".join(sorted((w for w in NUMBER_VALUES if "-" not in w), key=len, reverse=True))
_COMPOUND = re.compile(
    r"\b(?P<whole>" + _WHOLE + r")\s+(?P<big>year|month|week|day|hour|hr|h)s?\s+"
    r"(?:and\s+(?:(?P<half>an?\s+(?:half|quarter))|(?P<parts>one|two|three)\s+(?P<part>quarters?|thirds?))"
    r"|(?:and\s+)?(?P<small>" + _WHOLE + r")\s+(?P<unit>month|week|day|hour|hr|h|minute|min)s?)\b",
    re.IGNORECASE,
)
_NAMES = {"hr": "hour", "h": "hour", "min": "minute"}
_MOST = {"minute": 60, "hour": 24, "day": 7, "week": 5, "month": 12}
"""The most of a part that a duration's tail may hold: "1 hour 20 minutes", never "1 hour 90 minutes"."""
_SHARES = {"half": 0.5, "quarter": 0.25, "third": 1 / 3}


def _count(word: str) -> float:
    word = word.lower()
    return 1.0 if word in ("a", "an") else NUMBER_VALUES[word] if word in NUMBER_VALUES else float(word)


def _parts(m: re.Match[str]) -> float | None:
    """The duration of ``m`` in days, or ``None`` where its tail is no smaller part of its head ("3 months and 12
    years" is a range)."""
    big = _NAMES.get(m.group("big").lower(), m.group("big").lower())
    head = _count(m.group("whole")) * UNITS[big][1]
    if m.group("half"):
        return head + _SHARES[m.group("half").split()[-1].lower()] * UNITS[big][1]
    if m.group("parts"):
        return head + _count(m.group("parts")) * _SHARES[m.group("part").lower().rstrip("s")] * UNITS[big][1]
    small, tail = _NAMES.get(m.group("unit").lower(), m.group("unit").lower()), _count(m.group("small"))
    if _ORDER.index(small) >= _ORDER.index(big) or not 0 < tail < _MOST[small]:
        return None
    if (big, small) == ("week", "day") and " and " not in m.group().lower():
        return None  # a gestation "27 weeks 6 days" is read in completed weeks, its days a hedged tail (round 170)
    return head + tail * UNITS[small][1]


def compound_durations(text: str, read: list[Quantity]) -> list[Quantity]:
    """``read`` (the quantities of ``text``) with each duration told in two parts read as one, in place of the figures
    read in it.

    >>> [(q.text, q.value) for q in compound_durations("after about a day and three hours", [])]
    [('a day and three hours', 1.125)]
    >>> [(q.text, q.value) for q in compound_durations("2 weeks and 3 days, a week and a half", [])]
    [('2 weeks and 3 days', 17.0), ('a week and a half', 10.5)]
    >>> [(q.text, q.value) for q in compound_durations("1 h 30 min; 2 years 6 months", [])]
    [('1 h 30 min', 0.0625), ('2 years 6 months', 913.125)]
    >>> compound_durations("between 3 months and 12 years; 1 hour and 90 minutes; born at 27 weeks 6 days", [])
    []
    """
    for m in _COMPOUND.finditer(text):
        days = _parts(m)
        if days is None:
            continue
        before = text[max(0, m.start() - 16) : m.start()]
        hedged, about = HEDGES.search(before) is not None, POINT_HEDGE.search(before) is not None
        whole = Quantity("time", days, m.start(), m.end(), m.group(), hedged, days, about)
        read = sorted([*(q for q in read if q.end <= m.start() or q.start >= m.end()), whole], key=lambda q: q.start)
    return read
