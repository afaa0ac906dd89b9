"""Deterministic number / dose / unit normalisation: "twenty" = 20, 0.5 g = 500 mg, 12% = 0.12, 24 months = 2 years.

A small encoder reads numbers poorly in both directions: it "contradicts" a faithful "500 mg" restated as
"0.5 g" and misses a dose changed from 10 to 25 mg.  :func:`quantities` reads the numbers of a text with their
unit into comparable :class:`Quantity` values; :func:`number_conflicts` lists the quantities of a unit that
no quantity of the evidence equals while a given evidence sentence states a different one of the same kind
(the "changed number" cue of the aligned verdict rule, :mod:`medhal.detect.alignment`).

Kinds: ``mass`` (mcg, mg, g, kg -> mg), ``volume`` (ml, l -> ml), ``time`` (minutes, hours, days, weeks,
months, years -> days; months as 30.4375 days, so 24 months = 2 years), ``percent`` (also equal to the fraction
x/100: 12% = 0.12), ``count`` (a bare number); a unit over another ("80 g/L", "1.9 mL/min") is a kind of its own
(``mass/l``), never compared with a bare mass; a number naming a category ("type 2", "grade 3", "stage",
"phase", "class", "tier") is ``label:type`` etc., compared only with numbers of the same label.  Number
words zero to twenty and the tens are read as numbers.
A quantity preceded by a hedge ("about", "approximately", "nearly", "almost", "over", "under", "more than",
"less than", "fewer than", "below", "above", "up to", "at least", "at most", "roughly", "around"), either side
of a proportion ("one in ten", "3 out of 4") or the tail of a compound duration ("an hour and twenty minutes")
is approximate and never conflicts.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.text.tokens import content_stems

__all__ = ["ANCHOR_WORDS", "NUMBER_WORDS", "Quantity", "anchors", "number_conflicts", "quantities"]

ANCHOR_WORDS = 3
"""Words on each side of a number that say what it is a number of (:func:`anchors`)."""
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
_NUMBER_WORDS: dict[str, float] = {w: float(i) for i, w in enumerate(NUMBER_WORDS)}
_NUMBER_WORDS.update(
    {w: float(10 * k) for k, w in enumerate(["thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], 3)}
)
_UNITS: dict[str, tuple[str, float]] = {
    "mcg": ("mass", 0.001), "µg": ("mass", 0.001), "μg": ("mass", 0.001), "ug": ("mass", 0.001),
    "mg": ("mass", 1.0), "g": ("mass", 1000.0), "gram": ("mass", 1000.0), "grams": ("mass", 1000.0),
    "kg": ("mass", 1e6), "microgram": ("mass", 0.001), "micrograms": ("mass", 0.001),
    "milligram": ("mass", 1.0), "milligrams": ("mass", 1.0), "ml": ("volume", 1.0), "l": ("volume", 1000.0),
    "day": ("time", 1.0), "days": ("time", 1.0), "week": ("time", 7.0), "weeks": ("time", 7.0),
    "month": ("time", 30.4375), "months": ("time", 30.4375), "year": ("time", 365.25), "years": ("time", 365.25),
    "min": ("time", 1 / 1440), "minute": ("time", 1 / 1440), "minutes": ("time", 1 / 1440),
    "h": ("time", 1 / 24), "hr": ("time", 1 / 24), "hrs": ("time", 1 / 24), "hour": ("time", 1 / 24),
    "hours": ("time", 1 / 24),
    "%": ("percent", 1.0), "percent": ("percent", 1.0),
}  # fmt: skip
_HEDGES = re.compile(
    r"\b(?:about|approximately|approx\.?|nearly|almost|over|under|more than|less than|fewer than|greater than|"
    r"below|above|up to|at least|at most|no more than|exceeding|roughly|around|some|just)\s*$",
    re.IGNORECASE,
)
_QUANTITY = re.compile(
    r"(?<![\w.,/-])(?P<num>\d+(?:[.,]\d+)?|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")"
    r"(?![\w.,]\d)(?:\s?(?P<unit>" + "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True)) + r")\b|"
    r"(?P<pct>\s?%))?",
    re.IGNORECASE,
)


_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+")
_NUMBER = r"(?:\d+(?:[.,]\d+)?|" + "|".join(_NUMBER_WORDS) + ")"
_PROPORTION_NEXT = re.compile(r"\s+(?:in|out of|of every)\s+(?:every\s+)?" + _NUMBER + r"\b", re.IGNORECASE)
_PROPORTION_PREV = re.compile(r"\b" + _NUMBER + r"\s+(?:in|out of|of every)\s+(?:every\s+)?$", re.IGNORECASE)
_COMPOUND_TIME = re.compile(r"\b(?:hours?|hrs?|h|minutes?|min)\s+and\s+$", re.IGNORECASE)
_DENOMINATOR = re.compile(r"/\s?([^\s,;()]+)")
_LABEL = re.compile(r"\b(type|grade|stage|phase|class|tier)\s+$", re.IGNORECASE)


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

    def equals(self, other: Quantity) -> bool:
        """Same quantity: equal values of one kind (1% tolerance for time), or a percentage and its fraction."""
        tol = 0.01 if self.kind == other.kind == "time" else 1e-9
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


def quantities(text: str) -> list[Quantity]:
    """The quantities of ``text`` in reading order.

    >>> [(q.kind, q.value) for q in quantities("Twenty adults took 0.5 g daily for 24 months; 12% had nausea.")]
    [('count', 20.0), ('mass', 500.0), ('time', 730.5), ('percent', 12.0)]
    """
    out: list[Quantity] = []
    for m in _QUANTITY.finditer(text):
        raw = m.group("num")
        word = raw.lower()
        value = _NUMBER_WORDS[word] if word in _NUMBER_WORDS else _number(raw)
        unit = (m.group("unit") or ("%" if m.group("pct") else "")).lower()
        kind, scale = _UNITS.get(unit, ("count", 1.0))
        if word in _NUMBER_WORDS and kind == "count":
            # "one" alone is more often a pronoun than a number ("one of the patients"): count words need a noun
            nxt = text[m.end() : m.end() + 1]
            if not nxt.isspace():
                continue
        denominator = _DENOMINATOR.match(text, m.end()) if m.group("unit") else None
        if denominator is not None:  # a concentration or rate (80 g/L, 1.9 mL/min): its own kind, never mass
            kind = f"{kind}/{denominator.group(1).lower()}"
        before = text[max(0, m.start() - 24) : m.start()]
        label = _LABEL.search(before) if kind == "count" else None
        if label is not None:  # "type 2 diabetes", "grade 3": a category, compared only with its own kind
            kind = f"label:{label.group(1).lower()}"
        # hedged ("under 45"), one side of a proportion ("one in ten": a ratio, not a count) or the tail of a
        # compound duration ("an hour and twenty minutes"): read, but never a changed number
        hedged = bool(
            _HEDGES.search(before[-16:])
            or _PROPORTION_NEXT.match(text, m.end())
            or _PROPORTION_PREV.search(before)
            or (kind == "time" and _COMPOUND_TIME.search(before))
        )
        out.append(Quantity(kind, value * scale, m.start(), m.end(), m.group(0), hedged, value))
    return out


def _number(raw: str) -> float:
    """A written number: commas between groups of three digits separate thousands ("1,204"), any other comma is
    a decimal comma ("0,8")."""
    if _THOUSANDS.fullmatch(raw):
        return float(raw.replace(",", ""))
    return float(raw.replace(",", "."))


def anchors(text: str, quantity: Quantity) -> frozenset[str]:
    """What a number is a number *of*: the content stems of the up to :data:`ANCHOR_WORDS` words on each side of
    ``quantity`` in ``text`` (``text[quantity.start:quantity.end]``), numbers left out.

    >>> text = "The trial enrolled 1,204 patients aged 65 or older."
    >>> sorted(anchors(text, quantities(text)[1]))
    ['aged', 'older', 'patie']
    """
    if text[quantity.start : quantity.end] != quantity.text:
        raise ValueError("quantity is not a quantity of text")
    words = text[: quantity.start].split()[-ANCHOR_WORDS:] + text[quantity.end :].split()[:ANCHOR_WORDS]
    return frozenset(s for s in content_stems(" ".join(words)) if not any(ch.isdigit() for ch in s))


def number_conflicts(
    unit: str, evidence: str | Sequence[Quantity], sentence: str, *, anchored: bool = False
) -> list[tuple[Quantity, Quantity]]:
    """``(unit quantity, sentence quantity)`` pairs where the unit states an exact quantity that equals no
    quantity of ``evidence`` (its text, or its :func:`quantities` read once for many units) while ``sentence``
    (a sentence of the evidence aligned with the unit) states one of the same kind — a changed number, dose,
    duration or percentage.  ``anchored``, for sentences aligned more loosely: only numbers written in digits
    count, and the rival must be a number of the same thing, sharing an :func:`anchors` stem with the unit's
    ("aged 65 or older" against "aged 75 years or older"; a bare count never against a dose)."""
    stated = quantities(evidence) if isinstance(evidence, str) else evidence
    own = quantities(unit)
    # the sentence's numbers the unit does not restate, the rivals a changed number is shown against
    local = [e for e in quantities(sentence) if not e.approximate and not any(q.equals(e) for q in own)]
    conflicts: list[tuple[Quantity, Quantity]] = []
    for q in own:
        if q.approximate or any(q.equals(e) for e in stated):
            continue
        rivals = local
        if anchored:
            if not any(ch.isdigit() for ch in q.text):  # "one dose", "two patients": lay wording, not a figure
                continue
            mine = anchors(unit, q)
            rivals = [e for e in local if mine & anchors(sentence, e) and e.kind in (q.kind, "count", "time")]
        rival = next((e for e in rivals if e.kind == q.kind), None)
        if rival is None and q.kind == "count":  # a bare number against one with a unit ("aged 65" vs "75 years")
            rival = next((e for e in rivals if not e.kind.startswith("label:")), None)
        if rival is not None:
            conflicts.append((q, rival))
    return conflicts
