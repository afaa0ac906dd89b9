"""How often a dose is given (issue 14, round 20): "colchicine 500 micrograms twice a day" where the trial gave
"colchicine 0.5 mg once daily".

A changed dosing frequency is one of the commonest errors a summary of a trial, a label or a dosing guideline makes,
and neither the changed-number cue nor a small encoder sees it: "twice" and "once" are no figures, and the dose
itself is right.  :func:`dose_frequencies` reads each dose of a text with the frequency written right after it
("0.5 mg once daily", "2000 IU subcutaneously once daily", "5000 units every 12 hours", "750 mg three times a day",
"10 mg daily", "1 g bd") as doses per day; :func:`frequency_conflicts` reports a unit's dose given at a frequency at
which no evidence sentence gives that dose, while one gives the same dose at another.  Kept narrow (precision over
recall): only a dose the unit states as a figure with a unit; a daily total ("45 mg/kg/day", "in three divided
doses") is no single dose; a dose the evidence gives at several frequencies (a renal dosing table) conflicts only
where none of them is the unit's.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.text.number_forms import PERIOD_DAYS
from medhal.text.quantities import NUMBER_WORDS, Quantity, quantities

__all__ = ["DoseFrequency", "dose_frequencies", "frequency_conflicts", "interval_stated"]

_COUNT = {word: float(k) for k, word in enumerate(NUMBER_WORDS)}
_COUNT.update({"once": 1.0, "twice": 2.0, "thrice": 3.0})
_N = r"(?:\d+|" + "|".join(w for w in _COUNT if w not in ("once", "twice", "thrice")) + ")"
_PERIOD_DAYS = {"day": 1.0, "daily": 1.0, "week": 7.0, "weekly": 7.0, "month": 30.4375, "monthly": 30.4375}
_PERIOD_DAYS["fortnightly"] = 14.0  # "every two weeks" for "Carer to weigh fortnightly" (round 61)
_ABBREVIATIONS = {"bd": 2.0, "bid": 2.0, "tds": 3.0, "tid": 3.0, "qds": 4.0, "qid": 4.0}
_ABBREVIATIONS |= {"od": 1.0, "om": 1.0, "mane": 1.0, "nocte": 1.0}  # "Bisoprolol 2.5 mg OD" once daily (round 63)
_FREQUENCY = re.compile(
    r"(?P<times>once|twice|thrice|" + _N + r"\s+times)\s*(?:-\s*)?(?:(?:a|per|each|every)\s+)?"
    r"(?P<per>daily|day|weekly|week|monthly|month)\b"
    r"|\bevery\s+(?P<every>" + _N + r"|other)?\s*(?P<unit>hour|hr|h|day|week|wk)s?\b"
    r"|\b(?P<hourly>\d+)\s*-?\s*hourly\b"
    r"|(?<![\w-])(?P<abbr>bd|bid|tds|tid|qds|qid|od|om|mane|nocte)(?![\w-])"
    r"|\b(?:on\s+)?(?P<alternate>alternate)[\s-]days?\b"
    r"|\b(?P<alone>daily|weekly|nightly|monthly|fortnightly)\b",
    re.IGNORECASE,
)
_STEP_SIZE = re.compile(r"\bby\s*$", re.IGNORECASE)
_STEPS = re.compile(r"\s*(?:steps?|increments?|decrements?|rises|increases)\b", re.IGNORECASE)
_IU = re.compile(r"\s*(?:IU|units?|international\s+units)\b", re.IGNORECASE)
_GAP = 40
"""Characters between a dose and its frequency at the most ("2000 IU subcutaneously once daily")."""
_DIVIDED = re.compile(r"\bdivided\b|\bin\s+(?:" + _N + r")\s+doses\b", re.IGNORECASE)
_ADJUSTED = re.compile(
    r"\b(?:adjust|titrat|increas|rais|reduc|chang|review|check|escalat|stepp)\w*\s+(?:\w+\s+){0,2}$", re.IGNORECASE
)
_PER_DAY = re.compile(r"/\s*day\b|\bper\s+day\b", re.IGNORECASE)
"""A dose written per day ("45 mg/kg/day in three doses"), between the dose and its frequency; after the frequency
("6.25 mg twice daily (12.5 mg/day)") it is the daily total restated (round 26)."""


@dataclass(frozen=True, slots=True)
class DoseFrequency:
    """A dose and how often it is given: ``per_day`` doses a day (0.5 every other day, 1/7 weekly)."""

    dose: Quantity
    frequency: Quantity
    """The words of the frequency (kind ``frequency``, value and number its doses a day)."""

    @property
    def per_day(self) -> float:
        return self.frequency.value


def _per_day(m: re.Match[str]) -> float | None:
    """Doses a day that a match of :data:`_FREQUENCY` says."""
    if m.group("times"):
        times = m.group("times").lower().split()[0]
        count = _COUNT.get(times, float(times) if times.isdigit() else math.nan)
        return count / _PERIOD_DAYS[m.group("per").lower()]
    if m.group("unit"):
        every = (m.group("every") or "1").lower()
        step = 2.0 if every == "other" else _COUNT.get(every, float(every) if every.isdigit() else math.nan)
        return 1.0 / (step * PERIOD_DAYS[m.group("unit").lower()]) if step else None
    if m.group("hourly"):
        hours = float(m.group("hourly"))
        return 24.0 / hours if hours else None
    if m.group("abbr"):
        return _ABBREVIATIONS[m.group("abbr").lower()]
    if m.group("alternate"):  # "on alternate days" is every other day (round 48)
        return 0.5
    return 1.0 / _PERIOD_DAYS.get(m.group("alone").lower(), 1.0)


def _is_dose(text: str, q: Quantity) -> bool:
    """A dose: a mass, a mass per kilogram or a volume, units ("5000 units"), or a count in international units
    ("2000 IU")."""
    if q.approximate:
        return False
    if q.kind in ("mass", "mass/kg", "volume", "units"):
        return True
    return q.kind == "count" and _IU.match(text, q.end) is not None


def dose_frequencies(text: str) -> list[DoseFrequency]:
    """Each dose of ``text`` with the frequency written right after it (module docstring).

    >>> [(d.dose.text, d.frequency.text, d.per_day) for d in dose_frequencies(
    ...     "Colchicine 0.5 mg once daily; heparin 5000 units subcutaneously every 12 hours.")]
    [('0.5 mg', 'once daily', 1.0), ('5000 units', 'every 12 hours', 2.0)]
    >>> dose_frequencies("Give 45 mg/kg/day in three divided doses.")
    []
    """
    if _FREQUENCY.search(text) is None:  # most sentences say no frequency: their quantities are not read
        return []
    said = quantities(text)
    out: list[DoseFrequency] = []
    for k, q in enumerate(said):
        if not _is_dose(text, q) or _STEP_SIZE.search(text, max(0, q.start - 12), q.start) or _STEPS.match(text, q.end):
            continue  # "increase by 10 mg every two weeks", "in 100 mg steps": a step's size, not a dose given so often
        m = _FREQUENCY.search(text, q.end)
        if m is None or m.start() - q.end > _GAP or re.search(r"[.;]\s", text[q.end : m.start()]):
            continue
        if any(q.end <= other.start < m.start() for other in said[k + 1 :]):
            continue  # another figure between them: the frequency is its
        if _DIVIDED.search(text, q.end, min(len(text), m.end() + 30)) or _PER_DAY.search(text, q.end, m.start()):
            continue  # a daily total, shared out
        if _ADJUSTED.search(text, q.end, m.start()):  # "starting at 30 mg a day and adjusted roughly monthly": how
            continue  # often the dose is changed, not how often it is given (round 230)
        per_day = _per_day(m)
        if per_day is None or not math.isfinite(per_day):
            continue
        frequency = Quantity("frequency", per_day, m.start(), m.end(), m.group(), False, per_day)
        out.append(DoseFrequency(q, frequency))
    return out


def interval_stated(unit: str, q: Quantity, evidence: str) -> bool:
    """Whether ``q``, a time of ``unit`` said as the interval between doses ("doses spaced about six hours apart",
    "every 8 hours"), is a frequency ``evidence`` states in other words ("four times a day": round 53's discharge
    letter).

    >>> unit = "with doses spaced about six hours apart,"
    >>> interval_stated(unit, quantities(unit)[0], "flucloxacillin 1 g four times a day for 5 more days")
    True
    >>> interval_stated(unit, quantities(unit)[0], "flucloxacillin 1 g three times a day for 5 more days")
    False
    >>> from medhal.text.intervals import intervals
    >>> daily = intervals("taking an iron tablet every day")[0]
    >>> interval_stated("", Quantity("interval", daily.days, 0, 9, daily.text, False, daily.days), "200 mg once daily")
    True
    """
    spaced = _APART.match(unit, q.end) or _EVERY.search(unit, 0, q.start)
    # an interval read as one ("taking an iron tablet every day" for "once daily": round 195), or a time said so
    if q.value <= 0 or not (q.kind == "interval" or (q.kind == "time" and spaced)):
        return False
    per_day = 1.0 / q.value
    return any(math.isclose(_per_day(m) or math.nan, per_day, rel_tol=1e-6) for m in _FREQUENCY.finditer(evidence))


_APART = re.compile(r"\s+apart\b", re.IGNORECASE)
_EVERY = re.compile(r"\bevery\s+(?:(?:about|around|roughly|approximately)\s+)?$", re.IGNORECASE)


def frequency_conflicts(unit: str, sentences: Sequence[str]) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """``([(the unit's frequency, the evidence's)], sentence index)`` where ``unit`` gives a dose at a frequency at
    which no sentence gives that dose and a sentence gives the same dose at another (the first such sentence);
    ``None`` otherwise.

    >>> sentences = ["Patients were assigned to colchicine 0.5 mg once daily or placebo."]
    >>> found = frequency_conflicts("They took colchicine 500 micrograms twice a day.", sentences)
    >>> [(a.text, b.text) for a, b in found[0]], found[1]
    ([('twice a day', 'once daily')], 0)
    >>> print(frequency_conflicts("They took colchicine 500 micrograms once a day.", sentences))
    None
    """
    own = dose_frequencies(unit)
    if not own:
        return None
    given = [(i, d) for i, sentence in enumerate(sentences) for d in dose_frequencies(sentence)]
    for mine in own:
        same = [(i, d) for i, d in given if d.dose.equals(mine.dose) and d.dose.kind == mine.dose.kind]
        if not same or any(math.isclose(d.per_day, mine.per_day, rel_tol=1e-6) for _, d in same):
            continue
        i, rival = same[0]
        return [(mine.frequency, rival.frequency)], i
    return None
