"""The words :mod:`medhal.text.quantities` reads numbers and units by: number words and their values, and each unit
word's kind and scale to the kind's base unit (mg, ml, mmol, mm, days, percent, Gy, points)."""

from __future__ import annotations

import re

__all__ = ["NUMBER_VALUES", "NUMBER_WORDS", "PER_BURN", "UNITS"]

NUMBER_WORDS: tuple[str, ...] = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
"""The number words zero..twenty, in order (index = value)."""
NUMBER_VALUES: dict[str, float] = {w: float(i) for i, w in enumerate(NUMBER_WORDS)}
_TENS = {
    w: 10 * k for k, w in enumerate(["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], 2)
}
NUMBER_VALUES.update({w: float(v) for w, v in _TENS.items()})
NUMBER_VALUES.update({f"{t}-{u}": float(v + k) for t, v in _TENS.items() for k, u in enumerate(NUMBER_WORDS[1:10], 1)})
UNITS: dict[str, tuple[str, float]] = {
    "mcg": ("mass", 0.001), "µg": ("mass", 0.001), "μg": ("mass", 0.001), "ug": ("mass", 0.001),
    "mg": ("mass", 1.0), "g": ("mass", 1000.0), "gram": ("mass", 1000.0), "grams": ("mass", 1000.0),
    "kg": ("mass", 1e6), "kilogram": ("mass", 1e6), "kilograms": ("mass", 1e6), "kilo": ("mass", 1e6),
    "kilos": ("mass", 1e6), "microgram": ("mass", 0.001), "micrograms": ("mass", 0.001), "ng": ("mass", 1e-6),
    "nanogram": ("mass", 1e-6), "nanograms": ("mass", 1e-6), "pg": ("mass", 1e-9),
    "mmol": ("substance", 1.0), "µmol": ("substance", 0.001), "μmol": ("substance", 0.001),
    "umol": ("substance", 0.001), "micromol": ("substance", 0.001), "nmol": ("substance", 1e-6),
    "mol": ("substance", 1000.0),
    "milligram": ("mass", 1.0), "milligrams": ("mass", 1.0), "ml": ("volume", 1.0), "l": ("volume", 1000.0),
    "millilitre": ("volume", 1.0), "millilitres": ("volume", 1.0), "milliliter": ("volume", 1.0),
    "milliliters": ("volume", 1.0), "litre": ("volume", 1000.0), "litres": ("volume", 1000.0),
    "liter": ("volume", 1000.0), "liters": ("volume", 1000.0),
    "mm": ("length", 1.0), "millimetre": ("length", 1.0), "millimetres": ("length", 1.0), "millimeter": ("length", 1.0),
    "millimeters": ("length", 1.0), "cm": ("length", 10.0), "centimetre": ("length", 10.0),
    "centimetres": ("length", 10.0), "centimeter": ("length", 10.0), "centimeters": ("length", 10.0),
    "metre": ("length", 1e3), "metres": ("length", 1e3), "meter": ("length", 1e3), "meters": ("length", 1e3),
    "km": ("length", 1e6), "kilometre": ("length", 1e6), "kilometres": ("length", 1e6), "kilometer": ("length", 1e6),
    "kilometers": ("length", 1e6),
    "day": ("time", 1.0), "days": ("time", 1.0), "week": ("time", 7.0), "weeks": ("time", 7.0),
    "month": ("time", 30.4375), "months": ("time", 30.4375), "year": ("time", 365.25), "years": ("time", 365.25),
    "wk": ("time", 7.0), "wks": ("time", 7.0), "mo": ("time", 30.4375), "mos": ("time", 30.4375),  # US notes
    "units": ("units", 1.0), "u": ("units", 1.0),  # insulin, toxin, blood (round 77); "one unit" stays a count
    "iu": ("units", 1.0),  # international units: "cholecalciferol 2,000 IU daily" is "2,000 units" (session 25)
    "min": ("time", 1 / 1440), "minute": ("time", 1 / 1440), "minutes": ("time", 1 / 1440),
    "h": ("time", 1 / 24), "hr": ("time", 1 / 24), "hrs": ("time", 1 / 24), "hour": ("time", 1 / 24),
    "hours": ("time", 1 / 24), "hourly": ("time", 1 / 24), "sec": ("time", 1 / 86400), "secs": ("time", 1 / 86400),
    "second": ("time", 1 / 86400), "seconds": ("time", 1 / 86400),
    # "six-monthly ultrasound", "3-weekly cycles": every so many; only after a hyphen ("five monthly shots" are five
    # shots, given monthly: round 235), so the hyphen is the unit's own (session 36)
    "-weekly": ("time", 7.0), "-monthly": ("time", 30.4375), "-yearly": ("time", 365.25),
    "%": ("percent", 1.0), "percent": ("percent", 1.0), "per cent": ("percent", 1.0), "gy": ("gray", 1.0),
    "percentage points": ("points", 1.0), "percentage point": ("points", 1.0),
    "percentage-points": ("points", 1.0), "percentage-point": ("points", 1.0),
    "points": ("points", 1.0), "point": ("points", 1.0),
    "kcal": ("energy", 1.0), "kcals": ("energy", 1.0), "kilocalories": ("energy", 1.0), "calories": ("energy", 1.0),
    "kj": ("energy", 1 / 4.184), "kilojoules": ("energy", 1 / 4.184),  # a diet's energy (round 80)
    "msv": ("sievert", 1e-3), "millisievert": ("sievert", 1e-3), "millisieverts": ("sievert", 1e-3),  # CT (r. 219)
    "sv": ("sievert", 1.0), "mgy": ("gray", 1e-3), "milligray": ("gray", 1e-3),
    "mbq": ("becquerel", 1e6), "gbq": ("becquerel", 1e9), "megabecquerels": ("becquerel", 1e6),  # iodine-131 (r. 227)
    "gigabecquerels": ("becquerel", 1e9),
    "db": ("decibel", 1.0), "decibel": ("decibel", 1.0), "decibels": ("decibel", 1.0),  # hearing levels (round 227)
}  # fmt: skip

PER_BURN = re.compile(
    r"(?i)\s*(?:/\s?|\s+per\s+)(?:%|percent|per\s?cent)\s*(?:(?:of\s+)?(?:(?:total\s+)?body\s+surface\s+area\s+)?"
    r"(?:TBSA|burn(?:ed)?(?:\s+area)?|body\s+surface\s+area|BSA))\b"
)
"""A fluid rate per percent of the body burned, after "/kg" ("mL/kg/%TBSA", "mL per kg per percent burn": the
Parkland formula's units; round 170)."""
