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

__all__ = ["daily_forms", "dose_limits", "worked_out"]

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


def daily_forms(
    unit: str, stated: Sequence[Quantity], *, before: str = "", amounts: bool = False
) -> Sequence[Quantity]:
    """``stated`` with, when ``unit`` (or its sentence before it: the end of ``before``) says its figure is daily
    ("daily", "a day", "in 24 hours"), each rate per kilogram per day also as the rate per kilogram the unit writes
    ("45 mg/kg" for "45 mg/kg/day"), and with ``amounts`` each other amount per day but a dose also as the amount
    ("their daily milk volume went up by about 270 mL, | while the placebo group's went up by just over 110 mL" for
    "rose by 267 mL/day ... versus 112 mL/day": round 217; whether a figure is stated, not which rival it changed:
    "about 2,400 mL a day" is the changed "2150 mL/day"); when it says it is yearly, each rate per year also as the
    amount.  A dose per day is never a dose: "20 mg twice daily" is not "20 mg/day".

    >>> stated = quantities("Reduced maximum (45 mg/kg/day).")
    >>> [q.kind for q in daily_forms("the daily maximum is 45 mg/kg", stated)]
    ['mass/kg/day', 'mass/kg']
    >>> [q.kind for q in daily_forms("give 45 mg/kg per dose", stated)]
    ['mass/kg/day']
    >>> [q.kind for q in daily_forms("it slowed the yearly loss by 98 mL", quantities("98 mL/year"))]
    ['volume/year', 'volume']
    >>> said = quantities("112 mL/day, 20 mg/day")
    >>> [q.kind for q in daily_forms("by just over 110 mL", said, before="A daily", amounts=True)]
    ['volume/day', 'mass/day', 'volume']
    """
    said = f"{_SENTENCE_END.split(before)[-1]} {unit}" if before else unit
    daily, yearly = _DAILY.search(said) is not None, _YEARLY.search(said) is not None
    nightly = _NIGHTLY.search(said) is not None  # "six and a half hours a night" for "6.4 h/night" (round 242)
    if not (daily or yearly or nightly):
        return stated  # read for every unit and sentence: no copy
    named = daily and _DAILY_DOSE.search(said) is not None and _TIMES_A_DAY.search(said) is None  # a daily dose
    extra = [
        replace(e, kind=e.kind[: -len("/day")])
        for e in stated
        if daily
        and (e.kind.endswith("/kg/day") or ((amounts or named) and e.kind.endswith("/day") and e.kind.count("/") == 1))
        and (not e.kind.startswith(_DOSES) or named)
    ]
    # "the yearly loss of FVC by about 98 mL" for "98 mL/year" (round 147)
    extra += [replace(e, kind=e.kind[: -len("/year")]) for e in stated if yearly and e.kind.endswith("/year")]
    extra += [replace(e, kind=e.kind[: -len("/night")]) for e in stated if nightly and e.kind.endswith("/night")]
    return [*stated, *extra]


_SENTENCE_END = re.compile(r"[.!?]\s|\n")

_DOSES = ("mass/day", "substance/day", "units/day")
"""Doses per day: never read as the dose a unit writes with "daily" beside it ("20 mg twice daily"), unless the unit
names a daily dose and no doses a day (:data:`_DAILY_DOSE`)."""
_DAILY_DOSE = re.compile(
    r"\b(?:daily|total\s+daily)\s+(?:doses?|maximum|max|limit)\b|\bdoses?\s+(?:per|a)\s+day\b|\bmaximum\s+daily\b"
    r"|\b(?:his|her|their|your|the)\s+(?:total\s+)?daily\s+[a-z][\w-]*\s+(?:down|up|from|to|of|was|is|by)\b",
    re.IGNORECASE,
)
"""A daily dose named: "the average daily dose went up from 300 mg to just under half a gram" for "Mean dose rose from
300 mg/day to 475 mg/day" (round 228), "brings his daily levodopa down from 600 mg to 500 mg" for "total levodopa 500
mg/day, reduced from 600 mg/day" (round 231), "up to a daily maximum of 12 mg" for "maximum 12 mg/day" (round 232),
"cut their daily sodium by close to a third, | from about 3.7 g to about 2.5 g" for "from 3,650 to 2,480 mg/day"
(round 239)."""
_TIMES_A_DAY = re.compile(
    r"\b(?:once|twice|two|three|four|\d)\s+(?:times\s+)?(?:a\s+day|daily|per\s+day)\b|\b(?:bd|bid|tds|tid|qds|qid)\b",
    re.IGNORECASE,
)

_NIGHTLY = re.compile(r"\b(?:nightly|a\s+night|per\s+night|each\s+night|every\s+night)\b", re.IGNORECASE)
_YEARLY = re.compile(r"\b(?:yearly|annual|annually|a\s+year|per\s+year|each\s+year|every\s+year)\b", re.IGNORECASE)


def _in_range(value: float) -> bool:
    return _WEIGHTS[0] <= value <= _WEIGHTS[1]


def dose_limits(text: str, read: Sequence[Quantity]) -> list[Quantity]:
    """``read`` (the :func:`quantities` of ``text``) with each dose written as the limit of advice read as exact: "the
    total should never go above 40 mg in a day" states the limit 40 mg, not a dose somewhere above it, so against "Do
    not exceed 30 mg in 24 hours" it is a changed figure (round 217), where a hedged bound ("more than 300 patients")
    stays a bound.  Doses only: mass, volume, units and substance, per day or not.

    >>> [q.approximate for q in dose_limits("never go above 40 mg in a day", quantities("never go above 40 mg a day"))]
    [False]
    >>> [q.approximate for q in dose_limits("above 40 mg", quantities("above 40 mg"))]
    [True]
    """
    return [
        replace(q, approximate=False)
        if q.approximate
        and not q.about
        and q.kind.split("/")[0] in _DOSE_KINDS
        and _LIMIT_BEFORE.search(text, max(0, q.start - 40), q.start)
        else q
        for q in read
    ]


_DOSE_KINDS = frozenset({"mass", "volume", "units", "substance"})
_LIMIT_BEFORE = re.compile(
    r"\b(?:(?:never|not)\s+(?:go|be|rise|climb)\s+(?:above|over|beyond)|(?:do|does|should|must)\s+not\s+exceed|"
    r"never\s+exceed|no\s+more\s+than|not\s+more\s+than|(?:a|the)\s+maximum\s+(?:of\s+)?|maximum\s+(?:daily\s+)?dose\s+"
    r"(?:is|of)\s+)\s*$",
    re.IGNORECASE,
)
"""The words of a limit right before its figure ("should never go above", "do not exceed", "no more than")."""
