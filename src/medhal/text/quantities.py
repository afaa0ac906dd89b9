"""Deterministic number / dose / unit normalisation: "twenty" = 20, 0.5 g = 500 mg, 12% = 0.12, 24 months = 2 years.

A small encoder reads numbers poorly in both directions: it "contradicts" a faithful "500 mg" restated as
"0.5 g" and misses a dose changed from 10 to 25 mg.  :func:`quantities` reads the numbers of a text with their
unit into comparable :class:`Quantity` values; :func:`number_conflicts` lists the quantities of a unit that
no quantity of the evidence equals while a given evidence sentence states a different one of the same kind
(the "changed number" cue of the aligned verdict rule, :mod:`medhal.detect.alignment`), and
:func:`unstated_quantities` the figures of a unit that the evidence states nowhere (the "unstated figure" cue: such a
unit is never `supported`).

Kinds: ``mass`` (mcg, mg, g, kg -> mg), ``volume`` (ml, l -> ml), ``time`` (seconds, minutes, hours, days, weeks,
months, years -> days; months as 30.4375 days, so 24 months = 2 years), ``percent`` (also equal to the fraction
x/100: 12% = 0.12), ``count`` (a bare number); a unit over another ("80 g/L", "1.9 mL/min") is a kind of its own
(``mass/l``), never compared with a bare mass; a number naming a category ("type 2", "grade 3", "stage",
"phase", "class", "tier") is ``label:type`` etc., compared only with numbers of the same label.  Number
words zero to ninety-nine are read as numbers ("twenty-five"); "Gy" is a kind of its own; "mg per kilogram" is
``mass/kg``.
A unit may follow a hyphen ("a 3-month course", "10-mg tablets"). A quantity preceded by a hedge ("about",
"approximately", "nearly", "almost", "over", "under", "more than", "less than", "fewer than", "below", "above", "up
to", "at least", "at most", "roughly", "around", or a sign: "<5", ">/=33%", "~20"), the lower bound of a range
written without its unit ("5-10 years", "2 to 3 days": the upper bound is read with the unit; not a change "from 80
to 43 minutes"), either side of a proportion ("one in ten", "3 out of 4") or the tail of a compound duration ("an
hour and twenty minutes") is approximate and never conflicts.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from medhal.text.lexical import THOUSANDS, directions
from medhal.text.tokens import content_stems

__all__ = [
    "ANCHOR_WORDS",
    "NUMBER_WORDS",
    "Quantity",
    "anchors",
    "harmonized",
    "number_conflicts",
    "quantities",
    "spelled_numbers",
    "unstated_quantities",
]

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
_TENS = {
    w: 10 * k for k, w in enumerate(["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], 2)
}
_NUMBER_WORDS.update({w: float(v) for w, v in _TENS.items()})
_NUMBER_WORDS.update({f"{t}-{u}": float(v + k) for t, v in _TENS.items() for k, u in enumerate(NUMBER_WORDS[1:10], 1)})
_UNITS: dict[str, tuple[str, float]] = {
    "mcg": ("mass", 0.001), "µg": ("mass", 0.001), "μg": ("mass", 0.001), "ug": ("mass", 0.001),
    "mg": ("mass", 1.0), "g": ("mass", 1000.0), "gram": ("mass", 1000.0), "grams": ("mass", 1000.0),
    "kg": ("mass", 1e6), "microgram": ("mass", 0.001), "micrograms": ("mass", 0.001),
    "milligram": ("mass", 1.0), "milligrams": ("mass", 1.0), "ml": ("volume", 1.0), "l": ("volume", 1000.0),
    "day": ("time", 1.0), "days": ("time", 1.0), "week": ("time", 7.0), "weeks": ("time", 7.0),
    "month": ("time", 30.4375), "months": ("time", 30.4375), "year": ("time", 365.25), "years": ("time", 365.25),
    "min": ("time", 1 / 1440), "minute": ("time", 1 / 1440), "minutes": ("time", 1 / 1440),
    "h": ("time", 1 / 24), "hr": ("time", 1 / 24), "hrs": ("time", 1 / 24), "hour": ("time", 1 / 24),
    "hours": ("time", 1 / 24), "sec": ("time", 1 / 86400), "secs": ("time", 1 / 86400),
    "second": ("time", 1 / 86400), "seconds": ("time", 1 / 86400),
    "%": ("percent", 1.0), "percent": ("percent", 1.0), "gy": ("gray", 1.0),
}  # fmt: skip
_HEDGES = re.compile(
    r"(?:\b(?:about|approximately|approx\.?|nearly|almost|over|under|more than|less than|fewer than|greater than|"
    r"below|above|up to|at least|at most|no more than|exceeding|roughly|around|some|just)|[<>≤≥~]=?|[<>]/=)\s*$",
    re.IGNORECASE,
)
_POINT_HEDGE = re.compile(
    r"(?:\b(?:about|approximately|approx\.?|nearly|almost|roughly|around|some)|~)\s*$", re.IGNORECASE
)
"""The hedges of a point estimate (:attr:`Quantity.about`), a subset of :data:`_HEDGES`."""
NEAR = 0.2
"""How far a figure hedged as a point estimate may lie from the one it stands for, relative to the larger
(:func:`far_off`): "about 92%" stands for 91.8%, "about 30%" for 26%; "about seventeen minutes" does not stand
for 7 minutes."""
_QUANTITY = re.compile(
    r"(?:(?<=\d-)|(?<=\d–)|(?<![\w.,/-]))(?P<num>\d+(?:[.,]\d+)?|"
    + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
    + r")"
    r"(?![\w.,]\d)(?:(?:\s|\s?-)?(?P<unit>"
    + "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))
    + r")\b|"
    r"(?P<pct>\s?%))?",
    re.IGNORECASE,
)


_LETTERS = re.compile(r"[^\W\d_]+")
"""Runs of letters: a number word among them is the cheap test before :func:`quantities` reads a text."""
_NUMBER = r"(?:\d+(?:[.,]\d+)?|" + "|".join(_NUMBER_WORDS) + ")"
_PROPORTION_NEXT = re.compile(r"\s+(?:in|out of|of every)\s+(?:every\s+)?" + _NUMBER + r"\b", re.IGNORECASE)
_PROPORTION_PREV = re.compile(r"\b" + _NUMBER + r"\s+(?:in|out of|of every)\s+(?:every\s+)?$", re.IGNORECASE)
_RATIO_BEFORE = re.compile(
    r"(?:\b(?:hazard|odds|risk|rate)\s+ratios?|\b(?:a?HR|a?OR|a?RR|IRR|sHR)|\brelative\s+risk)"
    r"\s*(?:\[[^\]]{0,12}\])?\s*(?:,|:|=|was|of|is)?\s*$",
    re.IGNORECASE,
)
_BY_BEFORE = re.compile(r"\bby\s+$", re.IGNORECASE)
_COMPARATIVE_NEXT = re.compile(r"\s+(?:shorter|longer|fewer|less|more|lower|higher|greater|smaller)\b", re.IGNORECASE)
_BOUND_NEXT = re.compile(
    r"\s+or\s+(?:less|more|fewer|greater|longer|shorter|older|younger|lower|higher|above|below|over|under)\b",
    re.IGNORECASE,
)
_COMPOUND_TIME = re.compile(r"\b(?:hours?|hrs?|h|minutes?|min)\s+and\s+$", re.IGNORECASE)
_DENOMINATOR = re.compile(r"/\s?([^\s,;()]+)|\s+per\s+(kilogram|kg)\b", re.IGNORECASE)
_RANGE_NEXT = re.compile(r"(?:\s?[-–]\s?(?:to\s+)?|\s+to\s+)\d")
"""A range's upper bound follows: the lower bound ("5-10 years") is approximate; the upper bound, with its unit, is
read as any number."""
_FROM = re.compile(r"\bfrom\s+\Z", re.IGNORECASE)
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
    about: bool = False
    """Hedged as a point estimate ("about 92%", "nearly seventeen minutes", "~40 mg"), not as a bound ("more than
    20") or a range: it is close to the figure it stands for (:func:`far_off`)."""
    ratio: bool = False
    """A hazard, odds, risk or rate ratio ("hazard ratio 1.44", "HR, 0.71"): a relative change of (ratio - 1) x 100
    percent (:func:`unstated_quantities`)."""

    def equals(self, other: Quantity) -> bool:
        """Same quantity: equal values of one kind (a duration in months or years and one in days or weeks within
        10%: a month is 28-31 days), or a percentage and its fraction."""
        tol = 1e-9
        if self.kind == other.kind == "time" and (_calendar(self) != _calendar(other)):
            tol = 0.1  # calendar months are 28-31 days ("three months" = "90 days", "4 weeks" = "1 month")
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


def _calendar(q: Quantity) -> bool:
    """Whether a duration is written in months or years (whose length in days varies)."""
    return q.number != 0 and any(math.isclose(q.value / q.number, days) for days in (30.4375, 365.25))


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
            per = (denominator.group(1) or "kg").lower().rstrip(".:")  # "5 milligrams per kilogram" = "5 mg/kg"
            kind = f"{kind}/{per}"
        before = text[max(0, m.start() - 24) : m.start()]
        label = _LABEL.search(before) if kind == "count" else None
        if label is not None:  # "type 2 diabetes", "grade 3": a category, compared only with its own kind
            kind = f"label:{label.group(1).lower()}"
        # hedged ("under 45"), one side of a proportion ("one in ten": a ratio, not a count) or the tail of a
        # compound duration ("an hour and twenty minutes"): read, but never a changed number
        hedged = bool(
            _HEDGES.search(before[-16:])
            or (m.group("unit") is None and _range_bound(text, m.start(), m.end()))
            or (kind == "count" and _PROPORTION_NEXT.match(text, m.end()))  # "40 Gy in 25 fractions" is a dose
            or (kind == "count" and _PROPORTION_PREV.search(before))
            or (kind == "time" and _COMPOUND_TIME.search(before))
        )
        ratio = kind == "count" and _RATIO_BEFORE.search(before) is not None
        about = _POINT_HEDGE.search(before[-16:]) is not None
        out.append(Quantity(kind, value * scale, m.start(), m.end(), m.group(0), hedged, value, about, ratio))
    return out


def spelled_numbers(text: str) -> list[float]:
    """The numbers of ``text`` written as words, as :func:`quantities` reads them ("twelve participants": 12).

    >>> spelled_numbers("Twelve participants took 5 mg for twenty-five days.")
    [12.0, 25.0]
    """
    if not any(w.lower() in _NUMBER_WORDS for w in _LETTERS.findall(text)):  # most sentences: no full read
        return []
    return [q.number for q in quantities(text) if q.text[:1].isalpha()]


def _range_bound(text: str, start: int, end: int) -> bool:
    """Whether the number ``text[start:end]``, written without a unit, is the lower bound of a range ("5-10
    years", "6- to 8-week", "2 to 3 days": its unit is the upper bound's), and not the start of a change stated
    "from X to Y" ("fell from 80 to 43 minutes")."""
    return _RANGE_NEXT.match(text, end) is not None and _FROM.search(text, 0, start) is None


def _number(raw: str) -> float:
    """A written number: commas between groups of three digits separate thousands ("1,204"), any other comma is
    a decimal comma ("0,8")."""
    if THOUSANDS.fullmatch(raw):
        return float(raw.replace(",", ""))
    return float(raw.replace(",", "."))


def anchors(text: str, quantity: Quantity, words: int = ANCHOR_WORDS) -> frozenset[str]:
    """What a number is a number *of*: the content stems of the up to ``words`` (:data:`ANCHOR_WORDS`) words on
    each side of ``quantity`` in ``text`` (``text[quantity.start:quantity.end]``), numbers left out.

    >>> text = "The trial enrolled 1,204 patients aged 65 or older."
    >>> sorted(anchors(text, quantities(text)[1]))
    ['aged', 'older', 'patie']
    """
    if text[quantity.start : quantity.end] != quantity.text:
        raise ValueError("quantity is not a quantity of text")
    around = text[: quantity.start].split()[-words:] + text[quantity.end :].split()[:words]
    return frozenset(s for s in content_stems(" ".join(around)) if not any(ch.isdigit() for ch in s))


def _difference(q: Quantity, said: Sequence[Quantity]) -> bool:
    """Whether ``q`` is the difference of two exact quantities of its kind that ``said`` states ("the stay was
    three days shorter" against "14 days with intravenous and 11 days with oral therapy"; "4.7 percentage points"
    against "18.2% vs 22.9%")."""
    values = [e.value for e in said if not e.approximate and e.kind == q.kind]
    return any(math.isclose(abs(a - b), q.value, rel_tol=1e-6, abs_tol=1e-9) for a in values for b in values)


def _change(text: str, q: Quantity) -> bool:
    """Whether ``q`` is the size of a change or a gap in ``text`` ("shortened the cough by two days", "three days
    shorter"), not a level ("5 days in each group") nor a bound ("28 days or less").

    >>> text = "It shortened the cough by two days; the stay was 3 days shorter; 5 days in each group."
    >>> [_change(text, q) for q in quantities(text)]
    [True, True, False]
    """
    return _BY_BEFORE.search(text, max(0, q.start - 8), q.start) is not None or bool(
        _COMPARATIVE_NEXT.match(text, q.end)
    )


def _change_rivals(sentence: str, local: Sequence[Quantity]) -> list[Quantity]:
    """The rivals of the size of a change among ``local`` (the sentence's numbers the unit does not restate): the
    size of another change, or a level when the sentence states two levels of its kind (the gap between groups:
    "five days shorter" against "14 days with A and 11 days with B"), never a bound ("cough of 28 days or less")."""
    levels = [e for e in local if not _change(sentence, e) and not _BOUND_NEXT.match(sentence, e.end)]
    return [e for e in local if _change(sentence, e) or (e in levels and sum(o.kind == e.kind for o in levels) >= 2)]


def _same(q: Quantity, e: Quantity) -> bool:
    """``q`` restates ``e`` anywhere in the evidence: :meth:`Quantity.equals`, except a bare number for a number
    with a unit ("twelve participants" is not "12 months"), which only the aligned sentence may restate."""
    return q.equals(e) and (q.kind == e.kind or {q.kind, e.kind} == {"percent", "count"})


def far_off(q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether ``q`` is hedged as a point estimate (:attr:`Quantity.about`) and every figure of its kind in ``stated``
    (and every bare number, for a bare count) lies more than :data:`NEAR` away from it, relative to the larger: a
    figure the evidence does not state even roughly ("about seventeen minutes" against "a median of 7 minutes").
    A small count in words ("about two patients") is lay wording and never far off.

    >>> far_off(quantities("about seventeen minutes")[0], quantities("a median of 7 minutes"))
    True
    >>> far_off(quantities("about 92%")[0], quantities("a sensitivity of 91.8%"))
    False
    >>> far_off(quantities("more than 17 minutes")[0], quantities("a median of 7 minutes"))
    False
    """
    if not q.about or _lay_count(q) or not math.isfinite(q.value):
        return False
    for e in stated:
        if e.kind != q.kind and not (q.kind == "count" and e.kind in ("percent", "count")):
            continue
        other = e.value if e.kind == q.kind else e.number
        if abs(q.value - other) <= NEAR * max(abs(q.value), abs(other)):
            return False
    return True


def number_conflicts(
    unit: str, evidence: str | Sequence[Quantity], sentence: str, *, anchored: bool = False
) -> list[tuple[Quantity, Quantity]]:
    """``(unit quantity, sentence quantity)`` pairs where the unit states an exact quantity that equals no
    quantity of ``evidence`` (its text, or its :func:`quantities` read once for many units) while ``sentence``
    (a sentence of the evidence aligned with the unit) states one of the same kind — a changed number, dose,
    duration or percentage.  A quantity that is the difference of two the sentence states is derived, not changed,
    and the size of a change ("shortened by two days") is rivalled by the size of another ("by 5 days") or by a level
    of a sentence stating two of its kind (groups' levels, whose gap it is), never by a bound ("28 days or less").
    ``anchored``, for sentences aligned more loosely: small counts in words ("one dose", "two patients") never
    count, and the rival must be a number of the same thing, sharing an :func:`anchors` stem with the unit's
    ("aged 65 or older" against "aged 75 years or older"; a bare count never against a dose), the one sharing the
    word next to the number first."""
    stated = quantities(evidence) if isinstance(evidence, str) else evidence
    own = quantities(unit)
    said = quantities(sentence)
    # the sentence's numbers the unit does not restate, the rivals a changed number is shown against
    local = [e for e in said if not e.approximate and not any(q.equals(e) for q in own)]
    conflicts: list[tuple[Quantity, Quantity]] = []
    for q in own:
        if (
            (q.approximate and not far_off(q, stated))
            or any(q.equals(e) for e in said)
            or any(_same(q, e) for e in stated)
        ):
            continue
        if _difference(q, said):  # "three days shorter" against "14 days ... and 11 days": derived, not changed
            continue
        rivals = _change_rivals(sentence, local) if _change(unit, q) else local
        if anchored:
            if _lay_count(q):
                continue  # "one dose", "two patients": lay wording, not a figure ("fifty", "three years" are)
            mine, next_to = anchors(unit, q), anchors(unit, q, 1)
            rivals = [e for e in rivals if mine & anchors(sentence, e) and e.kind in (q.kind, "count", "time")]
            # the rival of the same thing first: a shared word right next to both numbers ("aged fifty" is
            # rivalled by "aged 70 years", not by "702 adults aged"), then more shared words around them
            rivals.sort(
                key=lambda e: (
                    -len(next_to & anchors(sentence, e, 1)),
                    -len(mine & anchors(sentence, e)),
                    e.kind != q.kind,
                )
            )
            if q.kind == "count":  # a bare number: the closest rival, with a unit or not ("aged 65" vs "75 years")
                rivals = rivals[:1]
        rival = next((e for e in rivals if e.kind == q.kind), None)
        if rival is None and q.kind == "count":  # a bare number against one with a unit ("aged 65" vs "75 years")
            rival = next((e for e in rivals if not e.kind.startswith("label:")), None)
        if rival is not None:
            conflicts.append((q, rival))
    return conflicts


def unstated_quantities(unit: str, evidence: str | Sequence[Quantity], *, before: str = "") -> list[Quantity]:
    """The figures ``unit`` states that ``evidence`` (its text, or its :func:`quantities` read once) states nowhere:
    exact quantities (not hedged, not a range's lower bound, not a small count in words: "two patients" is lay
    wording) that equal no quantity of the evidence (:meth:`Quantity.equals`: "0.5 g" restates "500 mg", "one
    minute" restates "60 seconds"), round none of them ("93%" for "92.7%", "1.5 g" for "1,520 mg"), are not the
    share one stated count is of another near it ("30%" for "12 of 40 patients"), are not the difference of two
    it states and are not the relative change a stated ratio is ("44% higher" for "hazard ratio 1.44").  A unit that
    states such a figure asserts something the evidence does not say ("reduced atrial fibrillation by 40%" against
    evidence with no 40%): it may be contradicted, never supported. ``before``: the
    text of the answer just before the unit, which may hedge its first number ("no more than | 20 minutes") or hold
    the head of a compound duration ("an hour and | twenty minutes"); offsets stay the unit's.

    >>> evidence = "Of 188 patients, 92.7% were stone-free at 3 months."
    >>> [q.text for q in unstated_quantities("About 93% were stone-free at three months.", evidence)]
    []
    >>> [q.text for q in unstated_quantities("Stone-free rates rose by 40% within 2 weeks.", evidence)]
    ['40%', '2 weeks']
    """
    stated = quantities(evidence) if isinstance(evidence, str) else evidence
    exact = [e for e in stated if not e.approximate]
    out: list[Quantity] = []
    for q in quantities(before + unit):
        if q.start < len(before):
            continue
        q = replace(q, start=q.start - len(before), end=q.end - len(before))
        if (q.approximate and not far_off(q, stated)) or _lay_count(q):
            continue
        if any(q.equals(e) or (q.kind == e.kind and _rounds(q, e.value)) for e in stated):
            continue
        if _difference(q, exact) or _share(q, exact) or _relative_change(q, exact, directions(unit)):
            continue
        out.append(q)
    return out


def _relative_change(q: Quantity, said: Sequence[Quantity], ways: frozenset[str]) -> bool:
    """Whether the percentage ``q`` is, rounded as written, the relative change a ratio of ``said`` states, in the
    direction the unit says (``ways``, :func:`medhal.text.lexical.directions`): "a 44% higher risk" for "hazard
    ratio 1.44", "29% lower" for "HR 0.71"; not "44% lower" for 1.44."""
    if q.kind != "percent":
        return False
    return any(
        e.ratio
        and e.value > 0
        and _rounds(q, abs(e.value - 1.0) * 100.0)
        and ways != ({"down"} if e.value > 1 else {"up"})
        for e in said
    )


def _share(q: Quantity, said: Sequence[Quantity]) -> bool:
    """Whether the percentage ``q`` is, rounded as it is written, the share one exact count of ``said`` is of a
    larger one stated near it ("30%" against "12 of 40 patients"; within :data:`_SHARE_SPAN` characters, so that
    two counts from anywhere in a long evidence do not make up a share by chance)."""
    if q.kind != "percent":
        return False
    counts = [e for e in said if e.kind == "count" and e.value > 0]
    return any(
        _rounds(q, 100.0 * a.value / b.value)
        for a in counts
        for b in counts
        if a.value < b.value and abs(a.start - b.start) <= _SHARE_SPAN
    )


_SHARE_SPAN = 40
"""How near two counts must stand to be read as a share ("12 of the 40 patients", "40 patients, of whom 12")."""


def _rounds(q: Quantity, value: float) -> bool:
    """Whether ``q`` is ``value`` (in ``q``'s kind's base unit) rounded to the decimals ``q`` is written with, in
    ``q``'s unit, within 10% ("93%" for 92.7%, "0.9" for 0.85; not "2 g" for 1,520 mg)."""
    if not q.number or not math.isfinite(q.number):
        return False
    digits = q.text.replace(",", ".")
    decimals = len(digits.split(".", 1)[1].rstrip("%").split()[0]) if "." in digits else 0
    gap = abs(value * q.number / q.value - q.number)
    return gap <= 0.5 * 10.0**-decimals * (1 + 1e-9) and gap <= 0.1 * abs(q.number)  # "2 g" is not "1.52 g"


def _lay_count(q: Quantity) -> bool:
    """A small count in words ("two patients", "one dose"): lay wording, not a figure ("fifty", "three years" are)."""
    return q.kind == "count" and q.number < 10 and not any(ch.isdigit() for ch in q.text)


def harmonized(unit: str, evidence: str | Sequence[Quantity]) -> str:
    """``unit`` with each exact figure that equals a quantity of ``evidence`` (its text, or its :func:`quantities`)
    written as the evidence writes it ("0.15 g" -> "150 mg", "twenty-five fractions" -> "25 fractions"), unless the
    evidence also writes it the unit's way.  What the verifier reads: a small encoder compares numerals, not
    quantities, and read a faithful "0.15 g of aspirin" against "aspirin 150 mg" as a contradiction.  Bare
    numbers are never rewritten into numbers with a unit, nor small counts in words ("two patients").

    >>> harmonized("Women took 0.15 g of aspirin daily for twelve weeks.", "aspirin 150 mg daily for 12 weeks")
    'Women took 150 mg of aspirin daily for 12 weeks.'
    """
    stated = quantities(evidence) if isinstance(evidence, str) else evidence
    written = {e.text.lower() for e in stated}
    parts: list[str] = []
    last = 0
    for q in quantities(unit):
        if q.approximate or _lay_count(q) or q.text.lower() in written or q.start < last:
            continue
        match = next((e for e in stated if not e.approximate and _same(q, e) and _rewritable(q, e)), None)
        if match is None:
            continue
        parts += [unit[last : q.start], match.text]
        last = q.end
    return "".join(parts) + unit[last:]


def _rewritable(q: Quantity, e: Quantity) -> bool:
    """Whether ``q`` may be written as ``e``: one kind, or a fraction and its percentage ("0.12" as "12%"; a bare
    "12" is not "12%")."""
    if q.kind == e.kind:
        return True
    fraction = q if q.kind == "count" else e
    return fraction.value < 1 and math.isclose(fraction.value * 100, (e if fraction is q else q).value)
