"""The times, courses and cycles a clinical note writes in shorthand, as quantities (:func:`note_shorthand`), read by
:func:`medhal.text.quantities.quantities`: split from it in session 27 when it passed 500 lines."""

from __future__ import annotations

import re

from medhal.text._quantity import Quantity
from medhal.text.number_forms import PERIOD_DAYS

__all__ = ["note_shorthand"]

_DAY_SHORT = re.compile(r"(?<![\w/.^-])d(\d{1,2})\b(?![/.]\d)|(?<![\w/.^-])[Dd]\+(\d{1,4})\b")
"""A day of a stay in a note's shorthand, lower-case ("drain d2", "removed d7"), or a day after a transplant ("Repeat
chimerism D+365"): a time point like "day 2"."""
_TIMES_OVER = re.compile(r"\b(day|week|month)ly\s*[x×]\s?(\d{1,2})\b(?![/.]\d)", re.IGNORECASE)
"""A course of doses given each day, week or month, counted ("weekly x8"): it lasts that many periods."""
_CYCLE = re.compile(r"(?:(?<=\bpre-)|(?<=\bpost-)|(?<=\())C(\d{1,2})(?=D\d|[\s:;,.)])")
"""A cycle of treatment in an oncology note's shorthand ("pre-C7", "(C4: 301)", "C6D1")."""


def note_shorthand(text: str) -> list[Quantity]:
    """The days, courses and cycles a clinical note writes in shorthand: "IR drain d2" and "D+365" (days; rounds 122,
    128), "IV weekly x8" (eight weeks; round 129), "pre-C7" (cycle 7; round 125)."""
    found: list[Quantity] = []
    for m in _DAY_SHORT.finditer(text):
        nth = float(m.group(1) or m.group(2))
        found.append(Quantity("time", nth, m.start(), m.end(), m.group(), False, nth))
    for m in _TIMES_OVER.finditer(text):
        periods, days = float(m.group(2)), PERIOD_DAYS[m.group(1).lower()]
        found.append(Quantity("time", periods * days, m.start(2), m.end(2), m.group(2), False, periods))
    for m in _CYCLE.finditer(text):
        cycle = float(m.group(1))
        found.append(Quantity("count", cycle, m.start(1), m.end(1), m.group(1), False, cycle))
    return found
