"""Fractions in words read as percentages ("about half", "two thirds had no red flags"): the part of
:func:`medhal.text.quantities.quantities` that reads shares written without digits."""

from __future__ import annotations

import re

from medhal.text._quantity import Quantity
from medhal.text._unit_words import UNITS

__all__ = ["FRACTION_WORD", "hedged_fractions"]

_FRACTIONS = {
    "half": 50.0,
    "third": 100.0 / 3,
    "quarter": 25.0,
    "fifth": 20.0,
    "sixth": 100.0 / 6,
    "seventh": 100.0 / 7,
    "eighth": 12.5,
    "ninth": 100.0 / 9,
    "tenth": 10.0,
}
_OF_AN_HOUR = re.compile(r"\s+of\s+an\s+hour\b", re.IGNORECASE)
_OF_A_UNIT = re.compile(
    r"\s+of\s+(?:an?|one)\s+(?P<unit>litre|liter|kilogram|gram|milligram|microgram|millilitre|milliliter|day|week|"
    r"month|year|millimetre|"
    r"millimeter|centimetre|centimeter|metre|meter|kilometre|kilometer|dioptre|diopter|percent|per\s+cent)\b",
    re.I,
)
"""A fraction of one unit: "three-quarters of a litre" is 750 mL (round 204), "three quarters of a day" 18 hours
(round 207), "about a third of a millimetre" 0.33 mm and "roughly a fifth of a kilometre" 200 metres (round 228); a
dioptre, which a report writes after a bare number ("0.27 D"), is read as that number; "about a tenth of one percent"
is 0.1% (round 229)."""
_BARE = {"dioptre": ("count", 1.0), "diopter": ("count", 1.0)}
_PER_KG = re.compile(
    r"(?:\s+of\s+[a-z]+)?\s+(?:per|a|for\s+each|for\s+every)\s+(?:(?P<kg>kilogram|kilo|kg)|litre|liter)\b", re.I
)
"""Per kilogram or per litre after a fraction of a unit: "a fifth of a milligram of fluoride per litre" is 0.2 mg/L
(round 239)."""
_MANY = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
"""How many parts a fraction in words counts ("seven tenths")."""
_MANY_WORDS = "|".join(_MANY)
_PARTS = r"half|thirds?|quarters?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?"
"""The fractions read, by their words."""
FRACTION_WORD = re.compile(r"\b(?:" + _PARTS + r")\b", re.IGNORECASE)
_HEDGED_FRACTION = re.compile(
    r"\b(?:about|approximately|nearly|almost|roughly|around)\s+(?:(?P<many>"
    + _MANY_WORDS
    + r")[\s-]+|one[\s-]+|an?\s+)?"
    r"(?P<part>" + _PARTS + r")\b(?!-)(?!\s+(?:an?|past|to)\s)"  # "half past one", "quarter to"
    r"(?!\s+(?:the|its|their)\s+(?:\w+\s+)?(?:risk|odds|rate|hazard|chance|likelihood|incidence)\b)"
    r"(?!\s+as\s+(?:many|much|likely|often|common|frequent|frequently|high)\b)"  # a factor (round 38)
    r"(?!\s+(?:\w+\s+)?(?:lower|higher|less|fewer|greater|smaller|reduction|increase)\b)",  # "a third lower odds"
    re.IGNORECASE,
)
_SHARE_FRACTION = re.compile(
    r"(?<![\w-])(?:(?P<many>" + _MANY_WORDS + r")[\s-]+|one[\s-]+|(?<!and\s)a\s+)?"  # "an hour and a half" (round 55)
    r"(?<!and\sa\s)(?<!the\s)(?<!his\s)(?<!her\s)(?<!your\s)(?<!their\s)(?<!its\s)(?<!our\s)(?<!left\s)(?<!right\s)"
    r"(?<!upper\s)(?<!lower\s)"
    r"(?P<part>" + _PARTS + r")\b(?!-)(?=\s+(?:of\s(?!\s*an?\s)|had\b|have\b|were\b|was\b|did\b|developed\b|"
    r"reported\b|received\b|died\b|responded\b|lacked\b|showed\b|needed\b|required\b))",
    re.IGNORECASE,
)
"""A fraction in words said, unhedged, of those who had something ("two thirds had no documented red flags", "half of
the patients"): a share as much as "about half" is; not of one thing ("a quarter of a gram"), nor an ordinal ("the third
was given into his left upper arm": the third dose; round 65)."""
_NOT_A_SHARE_BEFORE = re.compile(
    r"\b(?:than|over|under|least|most|by|in|to|into|up|as\s+(?:many|much)\s+as|about|approximately|nearly|almost|"
    r"roughly|around|top|bottom|highest|lowest|middle|poorest|richest)\s+$",
    re.IGNORECASE,
)
"""Words making the fraction after them a bound or a change ("more than half", "cut by a third", "cut in half"), or a
rank of a population cut in equal parts ("the top fifth of intake": a quintile, no share; round 144); "as many as half"
is a bound too (round 245)."""


def hedged_fractions(text: str) -> list[Quantity]:
    """Fractions in words hedged as point estimates ("about half", "around a fifth", "nearly two thirds"), read as
    percentages: they may be far from every figure of the evidence ("around half" of children against 21.9%).  An
    unhedged one ("half the dose") is left unread: it need not be a share the evidence states, unless said of those
    who had something (:data:`_SHARE_FRACTION`); so is one of a risk
    ("about half the risk of death" for a hazard ratio of 0.47: a ratio, no share; round 18).

    >>> [q.text for q in hedged_fractions("About half relapsed, at about half the risk of death of the others.")]
    ['half']
    >>> hedged_fractions("about a third lower adjusted odds of obesity"), hedged_fractions("about half a dioptre")
    ([], [])
    >>> [q.text for q in hedged_fractions("Two thirds had no red flags; more than half of them were cut by a third.")]
    ['Two thirds']
    >>> hedged_fractions("People in the top fifth of intake had a 38% higher risk than the bottom fifth.")
    []
    """
    out: list[Quantity] = []
    shares = [m for m in _SHARE_FRACTION.finditer(text) if not _NOT_A_SHARE_BEFORE.search(text, 0, m.start())]
    for m in sorted([*_HEDGED_FRACTION.finditer(text), *shares], key=lambda m: m.start("part")):
        if out and out[-1].end >= m.end("part"):  # a hedged fraction found twice
            continue
        part = m.group("part").lower().rstrip("s")
        many = _MANY.get((m.group("many") or "").lower(), 1)  # "about seven tenths" (round 242)
        value = many * _FRACTIONS[part]
        start = m.start("many") if m.group("many") else m.start("part")
        hour = _OF_AN_HOUR.match(text, m.end("part"))  # "about three-quarters of an hour": 45 minutes (round 62)
        unit = _OF_A_UNIT.match(text, m.end("part")) if hour is None else None
        if unit is not None:  # "roughly three-quarters of a litre": 750 mL
            said = " ".join(unit.group("unit").lower().split())
            kind, scale = _BARE.get(said) or UNITS[said]
            if per := _PER_KG.match(text, unit.end()):  # "a quarter of a litre of plasma per kilogram": 250 mL/kg
                kind = f"{kind}/{'kg' if per.group('kg') else 'l'}"  # (round 231)
            number, end = value / 100, unit.end()
            out.append(Quantity(kind, number * scale, start, end, text[start:end], True, number, True))
            continue
        kind, end, number = ("percent", m.end("part"), value) if hour is None else ("time", hour.end(), value / 100)
        out.append(Quantity(kind, number / 24 if hour else value, start, end, text[start:end], True, number, True))
    return out
