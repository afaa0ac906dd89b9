"""The parts of :func:`medhal.text.quantities.quantities` read around a number: the hedges before it, the bounds of
an interval given its estimate's unit, mixed numbers in words ("two and a half years") and ratios listed after a
named one.  Split from :mod:`medhal.text.quantities` to keep one concept a module."""

from __future__ import annotations

import re
from dataclasses import replace

from medhal.text._quantity import Quantity
from medhal.text.number_forms import mixed_numbers

__all__ = [
    "HEDGES",
    "INTERVAL_OPENS",
    "POINT_HEDGE",
    "gestations",
    "interval_units",
    "listed_ratio",
    "mixed_quantities",
    "pounds_sterling",
]

# "just" alone is emphasis, no hedge: "a ferritin of just 14" states 14 (round 240); "just over" hedges by its "over"
HEDGES = re.compile(
    r"(?:\b(?:about|approximately|approx\.?|nearly|almost|(?<!\d\s)over|under|more than|less than|fewer than|"
    r"greater than|below|above|up to|as many as|as much as|at least|at most|no more than|exceed(?:s|ing|ed)?|roughly|"
    r"around|some|"
    r"close to)"
    r"(?:\s+an?)?|"
    r"(?<![-=])>=?|"
    r"[<≤≥~]=?|[<>]/=)"
    r"\s*$",
    re.IGNORECASE,
)
POINT_HEDGE = re.compile(
    r"(?:\b(?:about|approximately|approx\.?|nearly|almost|roughly|around|some|close\s+to|"
    r"(?:just|a\s+bit|a\s+little|slightly)\s+(?:over|under|above|below))"
    r"(?:\s+an?)?|~)\s*$",
    re.IGNORECASE,
)
"""The hedges of a point estimate (:attr:`Quantity.about`), a subset of :data:`HEDGES`; either may take an article
("roughly a 60% reduction in odds"); "just over" is near the figure it passes ("just over £600" for £612), and so is
"a bit over" ("a bit over three times the odds" for an odds ratio of 3.4: round 235).  A
reading "152 over 94" is a blood pressure, its "over" no bound (round 203)."""


def interval_units(text: str, out: list[Quantity]) -> list[Quantity]:
    """``out`` with the bare bounds of an interval in brackets given the unit of the estimate right before it ("4.1
    µmol/L (95% limits of agreement -38.2 to 46.4)" bounds -38.2 and 46.4 µmol/L; round 150)."""
    for m in INTERVAL_OPENS.finditer(text):
        estimate = next((q for q in reversed(out) if q.end <= m.start()), None)
        if (
            estimate is None
            or not re.fullmatch(r"(?:/\S+)?\s*", text[estimate.end : m.start()])
            or estimate.kind in _BARE
            or not estimate.number
        ):
            continue
        close = text.find(")", m.end())
        scale = estimate.value / estimate.number
        out = [
            replace(q, kind=estimate.kind, value=q.value * scale)
            if m.end() <= q.start < (close if close > 0 else len(text)) and q.kind == "count" and not q.ratio
            else q
            for q in out
        ]
    return out


INTERVAL_OPENS = re.compile(
    r"\(\s*95\s*%\s*(?:CI|confidence\s+interval|limits\s+of\s+agreement|LoA)\b[,:]?", re.IGNORECASE
)
_BARE = frozenset({"count", "percent"})
"""Kinds whose interval bounds are read as written (a percentage's bounds are percentages already)."""


def mixed_quantities(text: str) -> list[Quantity]:
    """:func:`~medhal.text.number_forms.mixed_numbers` as quantities, hedged as the words before them hedge them ("just
    under two and a half years").

    >>> [(q.kind, q.value) for q in mixed_quantities("over two and a half years, 1 and a half days")]
    [('time', 913.125), ('time', 1.5)]
    """
    out: list[Quantity] = []
    for kind, value, start, end, number in mixed_numbers(text):
        before = text[max(0, start - 16) : start]
        hedged, about = HEDGES.search(before) is not None, POINT_HEDGE.search(before) is not None
        out.append(Quantity(kind, value, start, end, text[start:end], hedged, number, about))
    return out


def listed_ratio(text: str, m: re.Match[str], before: list[Quantity]) -> bool:
    """Whether the number ``m`` with decimals and its own interval goes on a list of ratios the same sentence opened
    ("hazard ratio 1.05 (1.00-1.11) for 1-2 years, ... and 1.58 (1.43-1.74) for 20 years or more")."""
    if "." not in m.group("num") or _INTERVAL_NEXT.match(text, m.end()) is None:
        return False
    last = next((q for q in reversed(before) if q.ratio), None)
    return last is not None and _SENTENCE_BREAK.search(text, last.end, m.start()) is None


_INTERVAL_NEXT = re.compile(r"\s*\((?:95%\s*CI[,:]?\s*)?-?\d+(?:\.\d+)?\s*(?:-|–|to)\s*-?\d+(?:\.\d+)?\s*\)")
_SENTENCE_BREAK = re.compile(r"[.;]\s+[A-Z(]|;")


_GESTATION = re.compile(r"(?<![\d.+])(?P<weeks>\d{1,2})\+(?P<days>[0-6])(?![\d.])(?P<unit>\s*(?:weeks?|wks?)\b)?", re.I)
_WEEKS_LATER = re.compile(r"(?:\s*(?:to|-|–|and|or)\s*\d{1,2}\+[0-6])*\s*(?:weeks?|wks?)\b|'?s?\s*gestation", re.I)


_SUMMED = re.compile(r"(?<![\d.])\d\s?\+\s?(?P<b>\d)\s?=\s?\d{1,2}\b")


def gestations(text: str, out: list[Quantity]) -> list[Quantity]:
    """``out`` with each gestational age written "weeks+days" ("21+3 weeks", "between 16+0 and 24+0 weeks") read as
    one duration, 21 weeks and 3 days, in place of the figures read in it (its days were read as "3 weeks": round
    203's "seen again in three weeks" was stated by "21+3 weeks' gestation"); and the parts of a summed score ("Gleason
    3+4=7": :data:`_SUMMED`) as labels."""
    found: list[Quantity] = []
    days_read: list[tuple[int, int]] = []
    # a score summed from its parts ("Gleason 3+4=7"): the parts are grades, no figures of their own (round 229)
    for m in _SUMMED.finditer(text):  # the sum is of the parts' category ("Gleason 3+4=7" is Gleason 7)
        first = next((q.kind for q in out if q.start == m.start()), "count")
        out = [
            replace(q, kind="label:part" if q.start < m.end("b") else first)
            if m.start() <= q.start < m.end() and (q.start < m.end("b") or first.startswith("label:"))
            else q
            for q in out
        ]
    for m in _GESTATION.finditer(text):
        if m.group("unit") is None and not _WEEKS_LATER.match(text, m.end()):
            continue
        weeks, days = int(m.group("weeks")), int(m.group("days"))
        end = m.end("unit") if m.group("unit") else m.end("days")
        found.append(Quantity("time", 7.0 * weeks + days, m.start(), end, text[m.start() : end], False, float(weeks)))
        days_read.append((m.start("days"), end))
    if not found:
        return out
    # the weeks' bare number stays ("at 21 weeks" restates "21+3 weeks"); the days' is no figure of its own
    kept = [q for q in out if not any(q.start < b and a < q.end for a, b in days_read)]
    return sorted([*kept, *found], key=lambda q: q.start)


_POUNDS = re.compile(r"\s+pounds?\b", re.IGNORECASE)
_TO_POUNDS = re.compile(r"\s*(?:to|-|–)\s*\d[\d,]*(?:\.\d+)?\s+pounds?\b", re.IGNORECASE)
_PRICE = re.compile(r"\b(?:costs?|costing|price[sd]?|paid|pay|spen[dt]|sav(?:e|ed|ing)|rose|fell)\b|£", re.I)


def pounds_sterling(text: str, end: int, raw: str) -> int | None:
    """Where "pounds" after the number ``raw`` (ending at ``end``) ends when it is money, else ``None``: a price in
    pence ("12.38 pounds") or a figure near a word of price ("now costs at least 12.38 pounds", "rose from 10.50 to
    14.44 pounds"); not a weight ("lost 10 pounds").  An audit that writes prices in words is stated by an answer's
    "£12.40" (round 239).

    >>> pounds_sterling("now costs 12.38 pounds", 15, "12.38"), pounds_sterling("she lost 10 pounds", 11, "10")
    (22, None)
    >>> pounds_sterling("Vodka rose from 10.50 to 14.44 pounds.", 21, "10.50")
    21
    """
    after = _POUNDS.match(text, end)
    if after is None:  # "from 10.50 to 14.44 pounds": both in pounds
        return end if _TO_POUNDS.match(text, end) and _PRICE.search(text, max(0, end - len(raw) - 40), end) else None
    pence = re.fullmatch(r"\d+\.\d\d", raw) is not None
    return after.end() if pence or _PRICE.search(text, max(0, end - len(raw) - 40), end) else None
