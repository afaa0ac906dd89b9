"""A rate whose denominator an answer says in words (issue 14): "three hours a night" for "3 hours/night", "40 mmol of
potassium to each litre" for "40 mmol per litre", "an extra 150 kcal a day" against "increase energy by 50 kcal/day".

:func:`medhal.text.quantities.quantities` reads a denominator written after a slash or "per" with its unit as a kind
of its own ("kcal/day"), and a figure followed by "a day" as a bare amount.  These read the words after a figure as
its denominator, so the figure cues (:mod:`medhal.text.figures`) compare it with the evidence's rate: stated when the
evidence states the rate (:func:`rate_restated`, :func:`per_unit_stated`), and rivalled by a rate of that kind
(:func:`said_rates`).  Moved out of :mod:`medhal.text.figures` (round 80) when the rival needed them too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.quantities import Quantity

__all__ = ["per_unit_stated", "rate_restated", "said_rates"]


def said_rates(unit: str, q: Quantity) -> frozenset[str]:
    """The rate kinds ``q`` of ``unit`` stands for, its denominator said in words right after it ("150 kcal a day":
    ``energy/day``, ``energy/24h``, ...); empty where none is said.

    >>> from medhal.text.quantities import quantities
    >>> unit = "with an extra 150 kcal a day"
    >>> sorted(said_rates(unit, quantities(unit)[0]))
    ['energy/24', 'energy/24h', 'energy/d', 'energy/day']
    >>> said_rates("5 mg twice a day", quantities("5 mg twice a day")[0])
    frozenset()
    """
    m = _PER_WORD.match(unit, q.end)
    rates = {f"{q.kind}/{m.group(1).lower()}"} if m else set()
    if _DAILY.match(unit, q.end):
        rates |= {f"{q.kind}/{per}" for per in ("24h", "24", "day", "d")}
    return frozenset(rates)


def rate_restated(unit: str, q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether ``q`` restates a rate the evidence states, its denominator said in words right after it ("three hours
    *a night*" for "3 hours/night"; not "12.5 mg twice a day", a frequency) or later in the unit ("25-30 g of fibre
    and 1.5-2 litres of fluid a day" for "fibre 25-30 g/day"), or, for oxygen's flow, left out ("on two litres" for
    "2 L/min"), or a day's dose of a pump ("going up to 10 mg over 24 hours" for "10 mg/24h": round 59).

    >>> from medhal.text.quantities import quantities
    >>> unit = "aim for 25-30 g of fibre and 1.5-2 litres of fluid a day."
    >>> rate_restated(unit, quantities(unit)[1], quantities("fibre 25-30 g/day and 1.5-2 L fluid"))
    True
    """
    rates = set(said_rates(unit, q))
    # "25-30 g of fibre and 1.5-2 litres of fluid a day" (round 84), "a 24-hour urine cortisol of 210 nmol" (97)
    if _DAY_LATER.search(unit, q.end) or _DAY_BEFORE.search(unit, 0, q.start):
        rates |= {f"{q.kind}/{per}" for per in ("24h", "24", "day", "d")}
    # "gained more length each week (1.12 vs 0.98 cm)" for "1.12 vs 0.98 cm/week": the period said before the pair
    rates |= {f"{q.kind}/{m.group(1).lower()}" for m in _EACH_BEFORE.finditer(unit, 0, q.start)}
    if q.kind == "volume":
        rates.add("volume/min")
        if _DRINKING.search(unit):  # "the roughly 2 litres you drink now" for "Drinking ~2 L/day" (round 133)
            rates.add("volume/day")
    if any(e.kind in rates and e.value == q.value for e in stated):
        return True
    # a time written to a decimal is the rate the evidence gives it, whatever it is per ("for an average of 6.1 hours"
    # where the sentence before says "most nights", for "average 6.1 h/night": round 97); not a dose, whose rate a
    # frequency may turn ("12.5 mg twice a day" against "6.25 mg twice daily (12.5 mg/day)": round 26)
    return q.kind == "time" and "." in q.text and any(e.kind.startswith("time/") and e.value == q.value for e in stated)


_EACH_BEFORE = re.compile(r"\b(?:each|every|per|a)\s+(week|month|day|year)\s*\(", re.IGNORECASE)
"""A period said just before the bracket that holds a unit's figures (round 138)."""
_DRINKING = re.compile(r"\b(?:drink(?:s|ing)?|drank|fluid\s+intake)\b", re.IGNORECASE)
"""What a patient drinks is a day's amount, said with or without "a day"."""
_PER_WORD = re.compile(  # "1.7 litres of fluid each day" for "1700 mL/day" (round 67), "in the past year" (round 68)
    r"(?i)\s*(?:of\s+[a-z-]+\s+)?(?:a|an|per|each|every|(?:in|over)\s+the\s+(?:past|last))\s+"
    r"(night|day|week|month|year|hour|minute|workday)\b"  # "72 minutes per workday" (round 137)
)
_DAY_LATER = re.compile(
    r"(?<!\bonce\s)(?<!\btwice\s)(?<!\btimes\s)(?<!\bthrice\s)\b"
    r"(?:(?:a|per|each|every)\s+(?:day|24[- ]?(?:hours?|h))\b|daily\b(?!\s+doses?))",  # "48 vs 29 mg per 24 hours"
    # for "48 [IQR 35-66] vs 29 [IQR 21-40] mg/24 h" (round 151)
    re.IGNORECASE,
)
"""A day said later in the unit as the denominator of its figures; not a frequency ("10 mg twice a day")."""
_DAY_BEFORE = re.compile(
    r"\b24[- ]?(?:hours?|hrs?|h)\b(?!\s+(?:later|after|before|ago))|\b(?:during|through(?:out)?)\s+the\s+day\b", re.I
)
"""A day said before a figure as what it is counted over ("a 24-hour urine cortisol of 210 nmol", "During the day he
should aim to drink 1.2 to 1.6 litres" for "1.2-1.6 L/day": round 101)."""
_DAILY = re.compile(
    r"(?i)\s*(?:(?:over|in|per|every|each|across)\s+(?:a\s+|the\s+)?24\s*(?:hours?|hrs?|h)\b|a\s+day\b|daily\b)"
)


def per_unit_stated(unit: str, q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether ``q`` is a rate the evidence states with its denominator, which the unit gives in other words: "add 40
    mmol of potassium to each litre" for "40 mmol per litre" (round 30's faithful clause, unsupported in round 43);
    or a rate whose amount the evidence states under a heading that gives the denominator: "40 mmol per litre" for
    "Potassium per litre of fluid: ... 3.5-5.5 mmol/L - 40 mmol" (round 47)."""
    if q.kind.endswith("/l") and any(e.kind == q.kind[: -len("/l")] and e.number == q.number for e in stated):
        return True  # per litre only: "15 mg/kg" is no restatement of a flat "15 mg"
    return _PER_WORDS.match(unit, q.end) is not None and any(
        e.kind.startswith(q.kind + "/") and e.number == q.number for e in stated
    )


_PER_WORDS = re.compile(
    r"\s+(?:of\s+[\w-]+(?:\s+[\w-]+)?\s+)?(?:(?:to|in|for)\s+)?(?:each|every|per|a)\s+(?:litre|liter|kilogram|kg|hour|day)\b",
    re.IGNORECASE,
)
"""The denominator right after a figure ("40 mmol of potassium to each litre", "90 mg a day"); not a frequency ("12.5
mg twice a day" is no 12.5 mg/day)."""
