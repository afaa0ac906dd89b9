"""A quantity read from a text (:class:`Quantity`) and when two are the same: the record
:func:`medhal.text.quantities.quantities` returns, with the equality rules of durations written in calendar units
(months, years) against days or weeks."""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["Quantity"]


@dataclass(frozen=True, slots=True)
class Quantity:
    """A number read from ``text[start:end]`` with its kind and its value in the kind's base unit."""

    kind: str
    value: float
    start: int
    end: int
    text: str
    approximate: bool
    number: float = math.nan
    """The number as written, before conversion to the base unit ("75 years": 75)."""
    about: bool = False
    """Hedged as a point estimate ("about 92%", "nearly seventeen minutes", "~40 mg"), not as a bound ("more than
    20") or a range: it is close to the figure it stands for (:func:`medhal.text.derived.far_off`)."""
    ratio: bool = False
    """A hazard, odds, risk or rate ratio ("hazard ratio 1.44", "HR, 0.71"): a relative change of (ratio - 1) x 100
    percent (:func:`medhal.text.figures.unstated_quantities`)."""

    def equals(self, other: Quantity) -> bool:
        """Same quantity: equal values of one kind (a duration in months or years and one in days or weeks as
        :func:`_same_span` reads them: a month is 28-31 days or four weeks), or a percentage and its fraction."""
        if self.kind == other.kind == "time" and (_calendar(self) != _calendar(other)):
            return _same_span(self, other) if _calendar(self) else _same_span(other, self)
        if self.kind == other.kind == "time" and _in_weeks(self) != _in_weeks(other) and self.number and other.number:
            weeks, days = (self, other) if _in_weeks(self) else (other, self)  # "three and a half weeks" for 24 days
            if weeks.number % 1 == 0.5:  # rounded to a half week already: the days it stands for, to the nearest half
                return math.isclose(days.value, days.number) and round(days.value / 3.5) / 2 == weeks.number
        tol = 1e-9
        if self.kind == other.kind:
            return math.isclose(self.value, other.value, rel_tol=tol, abs_tol=1e-12)
        pair = {self.kind, other.kind}
        if pair == {"percent", "count"}:
            pct, frac = (self, other) if self.kind == "percent" else (other, self)
            return math.isclose(pct.value / 100.0, frac.value, rel_tol=1e-9) or math.isclose(pct.value, frac.value)
        # a bare number may restate a number with a unit ("10 mg" vs "10", "aged 75" vs "75 years"): same number
        if "count" not in pair:
            return False
        bare, other_unit = (self, other) if self.kind == "count" else (other, self)
        return math.isclose(bare.value, other_unit.number, rel_tol=1e-9)


def _same_span(calendar: Quantity, other: Quantity) -> bool:
    """A duration in months or years against one in weeks or days: weeks at four or 4.345 a month ("12 weeks" and
    "13 weeks" are "3 months", "25 weeks" is not "6 months": round 22), days within a few of 30.44 a month ("90 days"
    is "3 months", "100 days" is not)."""
    months, days = calendar.value / 30.4375, other.value
    if math.isclose(days / 7.0, other.number) and other.number > 0:  # written in weeks
        weeks = other.number
        return math.isclose(weeks, 4.0 * months) or abs(weeks - 4.345 * months) < 0.5
    return abs(days - 30.4375 * months) <= max(2.5, 0.03 * days)


def _in_weeks(q: Quantity) -> bool:
    """Whether a duration is written in weeks; one in days equals "N and a half weeks" rounded to the half week."""
    return q.number > 0 and math.isclose(q.value / 7.0, q.number)


def _calendar(q: Quantity) -> bool:
    """Whether a duration is written in months or years (whose length in days varies)."""
    return q.number != 0 and any(math.isclose(q.value / q.number, days) for days in (30.4375, 365.25))
