"""Doses an answer works out (issue 14, round 19): a weight-based dose is a rate per kilogram times the patient's
weight, and an answer about a given child states the product ("For an 18 kg child, the oral dose is 15 mg/kg, which
works out to 270 mg per dose").  The evidence, a dosing guideline, states the rate and never the product, so the
product read alone is an unstated figure and, against the guideline's "Maximum single dose: 1 g", a changed one:
a faithful dose calculation came out `contradicted`.

- :func:`worked_out`: each rate per kilogram an answer or its evidence states times each body weight the answer
  states, in the rate's base kind ("15 mg/kg" x "18 kg" = 270 mg; "60 mg/kg/day" x "18 kg" = 1,080 mg); a unit
  stating that product states a derived figure, not an unstated or changed one.  Arithmetic the answer gets wrong
  (15 x 18 = 300 mg) still finds no product and stays an unstated figure.
- a daily dose the evidence gives "in two divided doses" (or "divided every 8 hours") is also each dose's share: "14
  mg/kg/day in two divided doses" is 7 mg/kg per dose, which an answer writes "7 mg/kg twice a day" (round 27: the
  faithful restatement was an unstated figure, and once aligned a contradiction).
- :func:`daily_forms`: a rate per kilogram the evidence states per day ("45 mg/kg/day") restated by a unit that says
  "daily" or "in 24 hours" without the "/day" ("the daily maximum is lowered to 45 mg/kg, which is 810 mg in 24
  hours").  A rate per dose is never a rate per day otherwise: "15 mg/kg" is no restatement of "15 mg/kg/day".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from medhal.text._unit_words import NUMBER_VALUES
from medhal.text.quantities import Quantity, quantities

__all__ = ["daily_forms", "worked_out"]

_KG = 1e6
"""A kilogram in the base unit of mass (milligrams)."""
_WEIGHTS = (0.3 * _KG, 250.0 * _KG)
"""Body weights an answer may give (a preterm infant to an adult)."""
_WEIGHT_UNIT = re.compile(r"(?:kg|kilograms?)$", re.IGNORECASE)
_DAILY = re.compile(
    r"\b(?:daily|a\s+day|per\s+day|each\s+day|every\s+day|in\s+(?:any\s+)?24\s*(?:hours|h)|per\s+24\s*(?:hours|h))\b",
    re.IGNORECASE,
)


def worked_out(answer: str, evidence: Sequence[Quantity], text: str = "") -> list[Quantity]:
    """The doses ``answer`` may work out: each rate per kilogram of ``answer`` or ``evidence`` (kinds ``mass/kg``,
    ``mass/kg/day``, ``volume/kg``...) times each body weight in kilograms ``answer`` states, as an exact quantity
    of the rate's base kind (offsets -1: it is written nowhere); and each dose of a daily dose the evidence
    (``text``, whose quantities ``evidence`` are) gives in divided doses (:func:`divided_doses`).

    >>> [(q.kind, q.value) for q in worked_out("For an 18 kg child, give 15 mg/kg.", [])]
    [('mass', 270.0)]
    >>> worked_out("Give 15 mg/kg every 6 hours.", quantities("Weight over 10 kg: 15 mg/kg."))
    []
    """
    divided = divided_doses(text, evidence) if text else []
    own = quantities(answer)
    weights = [q for q in own if q.kind == "mass" and _WEIGHT_UNIT.search(q.text) and _in_range(q.value)]
    if not weights:
        return divided
    rates = {(q.kind, q.value) for q in [*own, *evidence] if "/kg" in q.kind and not q.approximate}
    out: list[Quantity] = []
    for kind, rate in sorted(rates):
        base = kind.split("/", 1)[0]
        for weight in weights:
            value = rate * weight.value / _KG
            out.append(Quantity(base, value, -1, -1, f"{rate:g} x {weight.text}", False, value))
    return [*out, *divided]


_DIVIDED = re.compile(
    r"(?P<day>\s*(?:/\s*day|daily|a\s+day|per\s+day))?[^.;]{0,24}?\b(?:(?:in|as|given\s+in|split\s+into)\s+"
    r"(?P<n>two|three|four|2|3|4)\s+(?:equal(?:ly)?\s+)?(?:divided\s+)?doses|divided\s+every\s+(?P<h>6|8|12)\s*"
    r"(?:hours|h))\b",
    re.IGNORECASE,
)
"""What follows a daily dose given in parts: "in two divided doses", "as three doses", "divided every 8 hours"."""


def divided_doses(text: str, stated: Sequence[Quantity]) -> list[Quantity]:
    """Each dose of a daily dose ``text`` gives in divided doses: its value over the number of doses, in the kind of
    a dose ("14 mg/kg/day in two divided doses": 7 mg/kg; "1 g daily in 2 divided doses": 500 mg).  ``stated``:
    the quantities of ``text``.  Offsets -1: the figure is written nowhere.

    >>> text = "Cefalexin 14 mg/kg/day in two divided doses, or 60 mg/kg/day divided every 8 hours."
    >>> [(q.kind, q.value) for q in divided_doses(text, quantities(text))]
    [('mass/kg', 7.0), ('mass/kg', 20.0)]
    >>> text = "1 g daily in 2 divided doses"
    >>> [(q.kind, q.value) for q in divided_doses(text, quantities(text))]
    [('mass', 500.0)]
    >>> divided_doses("14 mg/kg/day for 5 days", quantities("14 mg/kg/day for 5 days"))
    []
    """
    out: list[Quantity] = []
    for q in stated:
        daily = q.kind.endswith("/day")
        if not (daily or q.kind in ("mass", "volume")) or q.approximate or q.start < 0:
            continue
        m = _DIVIDED.match(text, q.end)
        if m is None or not (daily or m.group("day")):  # "1 g in 2 doses" may be a one-off dose given in two parts
            continue
        n = m.group("n")
        parts = int(NUMBER_VALUES.get(n.lower()) or n) if n else 24 // int(m.group("h"))
        value = q.value / parts
        kind = q.kind[: -len("/day")] if daily else q.kind
        out.append(Quantity(kind, value, -1, -1, f"{q.text} / {parts}", False, value))
    return out


def daily_forms(unit: str, stated: Sequence[Quantity]) -> Sequence[Quantity]:
    """``stated`` with, when ``unit`` says its figure is daily ("daily", "a day", "in 24 hours"), each rate per
    kilogram per day also as the rate per kilogram the unit writes ("45 mg/kg" for "45 mg/kg/day"); when it says it
    is yearly, each rate per year also as the amount.

    >>> stated = quantities("Reduced maximum (45 mg/kg/day).")
    >>> [q.kind for q in daily_forms("the daily maximum is 45 mg/kg", stated)]
    ['mass/kg/day', 'mass/kg']
    >>> [q.kind for q in daily_forms("give 45 mg/kg per dose", stated)]
    ['mass/kg/day']
    >>> [q.kind for q in daily_forms("it slowed the yearly loss by 98 mL", quantities("98 mL/year"))]
    ['volume/year', 'volume']
    """
    daily, yearly = _DAILY.search(unit) is not None, _YEARLY.search(unit) is not None
    if not (daily or yearly):
        return stated  # read for every unit and sentence: no copy
    extra = [replace(e, kind=e.kind[: -len("/day")]) for e in stated if daily and e.kind.endswith("/kg/day")]
    # "the yearly loss of FVC by about 98 mL" for "98 mL/year" (round 147)
    extra += [replace(e, kind=e.kind[: -len("/year")]) for e in stated if yearly and e.kind.endswith("/year")]
    return [*stated, *extra]


_YEARLY = re.compile(r"\b(?:yearly|annual|annually|a\s+year|per\s+year|each\s+year|every\s+year)\b", re.IGNORECASE)


def _in_range(value: float) -> bool:
    return _WEIGHTS[0] <= value <= _WEIGHTS[1]
