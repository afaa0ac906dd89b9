"""How often something is done, changed (issue 14, round 27): "a falls-risk check for every resident every month"
where the programme assessed each resident every 3 months; "cutting 5-10% of the starting dose every week" where the
taper cut it every 4 weeks.

A changed interval is a changed schedule, as wrong as a changed dose, and neither the changed-number cue nor a small
encoder sees it when the unit writes no figure ("every month", "weekly").  :func:`intervals` reads the intervals of
a text in days: "every (N | other) hour / day / week / month / year", "N-weekly / N-monthly / N-hourly" and, standing
alone, "daily / weekly / fortnightly / monthly / quarterly / yearly / annual(ly)" (not after "once", "twice" or "N
times", which say how many times in a period: :mod:`medhal.text.frequency` reads doses given so; and "four weekly
doses" is four doses, weekly, as "weekly for 4 doses": round 58), and "twice weekly", "N times a week / month" as
the interval between (round 80: "dress it three times a week" where the nurse dresses it twice weekly); not "N
times a day", a dose's frequency.
:func:`interval_conflicts` reports a unit's interval that the aligned sentence gives as another, about the same
thing (a content stem shared by the few words before the two), where the evidence gives the unit's interval to that
thing nowhere and the sentence does not give two or more steps that each last it ("tapered weekly" for "2-hourly x
1/52, QDS x 1/52, ...": round 78).
A month is four weeks here ("every 4 weeks" is "monthly").  Dosing frequencies stay :mod:`medhal.text.frequency`'s.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from medhal.text.number_forms import PERIOD_DAYS, Q_INTERVAL, SLASH_DAYS, q_interval
from medhal.text.quantities import NUMBER_WORDS, Quantity, quantities
from medhal.text.tokens import content_stems

__all__ = ["Interval", "interval_conflicts", "intervals"]

_N = {word: float(k) for k, word in enumerate(NUMBER_WORDS) if k >= 2}
_ALONE_DAYS = {
    "hourly": 1 / 24,
    "daily": 1.0,
    "weekly": 7.0,
    "fortnightly": 14.0,
    "monthly": 30.4375,
    "quarterly": 91.3125,
    "yearly": 365.25,
    "annually": 365.25,
    "annual": 365.25,  # "annual flu vaccine" for "his yearly flu jab" (round 67)
}
_COUNTED = (
    r"(?:doses|boosters|infusions|injections|shots|jabs|vaccinations|cycles|sessions|challenges|exposures|instillations"
    r"|applications"
    r"|(?:reviews|visits|appointments|checks|assessments|calls|scans)\s+(?:in\s+a\s+row|running))"
)
"""What "four weekly" counts when such a noun follows: four doses, weekly (round 58); "two weekly reviews in a row"
(round 85), where "4 weekly visits" stay every four weeks; a dose or a word may stand between ("five monthly 400 mg
injections": round 158; "five monthly shots": round 235)."""
_INTERVAL = re.compile(
    r"\bevery\s+(?:(?P<n>\d+(?:\.\d+)?|other|" + "|".join(_N) + r")\s+)?"
    r"(?P<unit>hour|hr|day|week|wk|fortnight|month|mth|year|yr)s?\b"
    r"|\b(?:on\s+)?(?P<alternate>alternate)[\s-]days?\b"  # "200 mg on alternate days", "alternate-day iron" (21)
    r"|\bevery\s+(?P<slash_n>\d{1,2})/(?P<slash_per>7|52|12)\b"  # "hCG every 2/52 until normal" (round 109)
    r"|\b(?P<k>\d+|" + "|".join(_N) + r")"
    r"(?:-|\s(?!\w+\s+(?:\d[\d.,]*\s?[a-zµ]+\s+)?(?:[a-z-]+\s+)?" + _COUNTED + r"\b))"
    r"(?P<ly>hourly|weekly|monthly|yearly)\b"
    r"|(?<!\bonce\s)(?<!\btwice\s)(?<!\btimes\s)(?<!\bthrice\s)(?<![\w-])(?P<alone>" + "|".join(_ALONE_DAYS) + r")\b"
    r"|(?:(?<=\dmg\s)|(?<=\d\smg\s)|(?<=\sg\s)|(?<=mcg\s)|(?<=units\s)|(?<=micrograms\s))"
    r"(?P<od>(?-i:OD|OM|ON)|mane|nocte)\b"  # "Azathioprine continue 125 mg OD": once a day (round 76)
    r"|"
    + Q_INTERVAL  # "adalimumab 20 mg q2wk" (round 78)
    + r"|(?<![\w-])(?P<times>twice|thrice)(?:\s+(?:a|per|each)\s+|[\s-])(?P<per>week|month)(?:ly)?\b"
    r"|(?:(?<![\w-])|(?<=\d-))(?:(?P<n_times>two|three|four|five|[2-5])(?:\s+times|\s?x)|x\s?(?P<x_times>[2-5])(?=\s?/))"
    r"(?:\s+(?:a|per|each)\s+|\s?/\s?|\s+)"
    r"(?P<n_per>week|wk|month)(?:ly)?\b",  # "dressings twice weekly", "three times a week" (round 80), "x2/wk" (108)
    re.IGNORECASE,
)
_DOSE_BEFORE = re.compile(
    r"\d\s?(?:mg|g|mcg|micrograms?|units?|ml|tablets?|capsules?|puffs?|drops?|sachets?)\b", re.IGNORECASE
)
_ITEM_END = re.compile(r"[.:;]\s|\n")
"""Where a sentence, a heading or a list item ends: a dose before it is another item's."""
_TIMES = {"twice": 2.0, "thrice": 3.0, **_N}
_BEFORE_WORDS = 6
"""How many words before an interval name what is done so often ("a structured falls-risk assessment for each
resident | every 3 months")."""
_ACRONYM = re.compile(r"\b(?!(?:OD|OM|ON|BD|TDS|QDS|PRN|SC|IV|IM|PO|NB|GP)\b)[A-Z][A-Z0-9]{1,4}\b")
"""A test or thing named by its acronym ("PSA", "INR", "ECG"), which :func:`content_stems` leaves out; not a dosing
abbreviation or route."""
_X_RAYS = frozenset({"cxr", "axr", "xr"})
_X_RAY = re.compile(r"\bx-?rays?\b|\bradiographs?\b", re.IGNORECASE)
"""An X-ray named in words or by its acronym, one test whichever way it is written (round 123); the word a generic
"chest" does not give (a CT of the chest is no CXR)."""
_DOSING = frozenset({"titra", "uptit", "taper"})
"""Stems of verbs that change a dose by steps: "titrate by 100 mg every 4 weeks" is about the dose the unit's
"increasing the dose in 100 mg steps every four weeks" names (round 71)."""


@dataclass(frozen=True, slots=True)
class Interval:
    """An interval of ``days``, written ``text[start:end]``, and the stems of the words before it (``about``); of
    the words after it too where it is an adjective of what follows ("weekly alendronic acid": ``named_after``),
    which say where it is stated, never whose rival it is."""

    days: float
    start: int
    end: int
    text: str
    about: frozenset[str]
    named_after: frozenset[str] = frozenset()

    def same(self, other: Interval) -> bool:
        """The same interval: equal within a tenth (a month is four weeks)."""
        return math.isclose(self.days, other.days, rel_tol=0.1)


def _days(m: re.Match[str]) -> float:
    if m.group("od"):
        return 1.0
    if m.group("qn"):
        return q_interval(m)[1]
    if m.group("times") or m.group("n_times") or m.group("x_times"):
        said, per = (
            (m.group("times"), m.group("per"))
            if m.group("times")
            else (m.group("n_times") or m.group("x_times"), m.group("n_per"))
        )
        times = _TIMES.get(said.lower()) or float(said)
        return (7.0 if per.lower() in ("week", "wk") else 30.4375) / times
    if m.group("alternate"):
        return 2.0
    if m.group("slash_n"):
        return float(m.group("slash_n")) * SLASH_DAYS[m.group("slash_per")]
    if m.group("alone"):
        return _ALONE_DAYS[m.group("alone").lower()]
    if m.group("ly"):
        k = m.group("k").lower()
        return float(_N.get(k, k) if k in _N else k) * _ALONE_DAYS[m.group("ly").lower()]
    n = (m.group("n") or "1").lower()
    count = 2.0 if n == "other" else _N.get(n) or float(n)
    return count * PERIOD_DAYS[m.group("unit").lower()]


def intervals(text: str) -> list[Interval]:
    """The intervals of ``text`` in reading order (module docstring).

    >>> [(i.text, round(i.days, 2)) for i in intervals("Check every 3 months, then monthly; 2-weekly visits.")]
    [('every 3 months', 91.31), ('monthly', 30.44), ('2-weekly', 14.0)]
    >>> intervals("10 mg once daily or 5 mg twice daily")
    []
    >>> [(i.text, i.days) for i in intervals("Dressings twice weekly; physio 3 times a week, 2x/month.")]
    [('twice weekly', 3.5), ('3 times a week', 2.3333333333333335), ('2x/month', 15.21875)]
    """
    found = []
    for m in _INTERVAL.finditer(text):
        # "10 mg once daily or three times weekly": a dose's frequency, the frequency cue's; a dose before the end of
        # a sentence or list item is another item's ("Paracetamol 240 mg QDS PRN. Follow-up: 1. Urine dip x2/wk": 108)
        lo = max(0, m.start() - 40)
        lo = max([lo] + [b.end() for b in _ITEM_END.finditer(text, lo, m.start())])
        dosed = m.group("times") or m.group("n_times") or m.group("x_times") or m.group("alternate")
        if dosed and _DOSE_BEFORE.search(text, lo, m.start()):
            continue
        words = _INTERVAL.sub(" ", " ".join(text[: m.start()].split()[-_BEFORE_WORDS:]))  # not "daily" of another
        about = frozenset(s for s in content_stems(words) if not any(c.isdigit() for c in s))
        about |= {a.lower() for a in _ACRONYM.findall(words)}  # "PSA every 6 months" (round 79)
        if about & _X_RAYS or _X_RAY.search(words):  # "a chest X-ray every 3 months" for "CXR 3-monthly" (round 123)
            about |= {"xray"}
        after: frozenset[str] = frozenset()
        if m.group("alternate") or ((m.group("alone") or m.group("ly")) and _NAMED_AFTER.match(text, m.end())):
            # "alternate-day oral iron", "and weekly alendronic acid", "6-monthly USS + AFP" (round 136): an
            # adjective, what it is about follows it
            named = " ".join(_NAMED_END.split(text[m.end() :], 1)[0].split()[:3])
            after = frozenset(content_stems(named)) | {a.lower() for a in _ACRONYM.findall(named)}
        if m.group("alternate"):
            about |= after
        if about & _DOSING:
            about |= {"dose"}
        found.append(Interval(_days(m), m.start(), m.end(), m.group(), about, after))
    return found


def interval_conflicts(unit: str, sentence: str, evidence: str) -> list[tuple[Quantity, Quantity]]:
    """``(unit interval, sentence interval)`` pairs (as :class:`~medhal.text.quantities.Quantity` of kind
    ``interval``, value in days) where ``unit`` gives something an interval that ``sentence`` gives as another, and
    ``evidence`` (the whole text) gives the unit's to it nowhere.

    >>> sentence = "SAFE-STEP comprised a structured falls-risk assessment for each resident every 3 months."
    >>> [(a.text, b.text) for a, b in interval_conflicts("a falls-risk check for every resident every month,",
    ...                                                 sentence, sentence)]
    [('every month', 'every 3 months')]
    >>> interval_conflicts("a falls-risk check for every resident every three months,", sentence, sentence)
    []
    >>> sentence = "Emicizumab maintenance dosing was 1.5 mg/kg weekly, 3 mg/kg every 2 weeks or 6 mg/kg every 4 weeks."
    >>> interval_conflicts("Control was similar whether emicizumab was given weekly or every two weeks.", sentence,
    ...                    sentence)
    []
    >>> plan = "2. Propranolol 40 mg BD. 3. 6-monthly USS + AFP (HCC surveillance); MRI liver annually."
    >>> interval_conflicts("and AFP blood test every six months,", plan, plan)
    []
    >>> [(a.text, b.text) for a, b in interval_conflicts("and AFP blood test every 3 months,", plan, plan)]
    [('every 3 months', '6-monthly')]
    """
    theirs = intervals(sentence)
    anywhere = _read_once(evidence)
    conflicts = []
    for mine in intervals(unit):
        # not "weekly phone calls" for a dose; an interval of a list naming nothing of its own ("1.5 mg/kg weekly, 3
        # mg/kg every 2 weeks or 6 mg/kg every 4 weeks") is the list's, whatever it is about (round 41)
        if any(
            mine.same(e) and ((e.about | e.named_after) & (mine.about | mine.named_after) or not e.about)
            for e in anywhere
        ):
            continue
        rivals = [e for e in theirs if (e.about | e.named_after) & mine.about]
        if rivals and not _steps_last(mine, sentence):
            conflicts.append((_quantity(mine), _quantity(rivals[0])))
    return conflicts


def _steps_last(interval: Interval, sentence: str) -> bool:
    """Whether ``sentence`` gives two or more steps that each last ``interval`` ("2-hourly x 1/52, QDS x 1/52, ..."):
    a schedule changed that often ("tapered weekly", round 78), whatever the steps' own intervals."""
    steps = [
        q
        for q in quantities(sentence)
        if q.kind == "time" and _STEP.search(sentence, 0, q.start) and math.isclose(q.value, interval.days, rel_tol=0.1)
    ]
    return len(steps) >= 2


_NAMED_AFTER = re.compile(
    r" (?!(?:for|to|until|and|or|of|in|at|on|with|from|then|after|before|by|as|if|when|while|is|are|was|were|"
    r"basis|since|unless|thereafter|afterwards)\b)[A-Za-z]",
    re.IGNORECASE,
)
"""A word after an interval that names what it is about ("weekly alendronic acid"), not one that goes on the
sentence ("daily for two weeks")."""
_NAMED_END = re.compile(r"[,;.()]|\b(?:and|or|with|plus|then)\b", re.IGNORECASE)
_STEP = re.compile(r"(?:\bx|×|\bfor)\s?$", re.IGNORECASE)


@lru_cache(maxsize=64)
def _read_once(evidence: str) -> tuple[Interval, ...]:
    """:func:`intervals` of the whole evidence, read once however many units ask."""
    return tuple(intervals(evidence))


def _quantity(interval: Interval) -> Quantity:
    return Quantity("interval", interval.days, interval.start, interval.end, interval.text, False, interval.days)
