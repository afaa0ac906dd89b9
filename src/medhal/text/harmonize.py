"""A unit's figures written as the evidence writes them, for the verifier (issue 14): a small encoder compares
numerals, not quantities, and read a faithful "0.15 g of aspirin" against "aspirin 150 mg" as a contradiction.
Which figures restate which is :mod:`medhal.text.figures`' (:func:`~medhal.text.figures.same_figure`); moved here
from it in round 19 (one concept per module).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from medhal.text._unit_words import NUMBER_VALUES
from medhal.text.bounds import bound_holds, bound_start
from medhal.text.derived import lay_count
from medhal.text.figures import same_figure
from medhal.text.quantities import Quantity, proportion_side, quantities

__all__ = ["harmonized"]


def harmonized(unit: str, evidence: str | Sequence[Quantity]) -> str:
    """``unit`` with each exact figure that equals a quantity of ``evidence`` (its text, or its :func:`quantities`)
    written as the evidence writes it ("0.15 g" -> "150 mg", "twenty-five fractions" -> "25 fractions"), unless the
    evidence also writes it the unit's way.  What the verifier reads: a small encoder compares numerals, not
    quantities, and read a faithful "0.15 g of aspirin" against "aspirin 150 mg" as a contradiction.  Bare
    numbers are never rewritten into numbers with a unit, nor small counts in words ("two patients").  A figure
    hedged as a point estimate is written as the one figure of the evidence it rounds ("about 27%" as "about 27.2%":
    round 40, where the encoder read "about 27% ... about 18%" against "27.2% ... 18.4%" as a contradiction, P(C)
    0.72); a bound ("under 9 hours") as the figure near it that meets it ("8.6 hours"), its bound words dropped.

    >>> harmonized("Women took 0.15 g of aspirin daily for twelve weeks.", "aspirin 150 mg daily for 12 weeks")
    'Women took 150 mg of aspirin daily for 12 weeks.'
    >>> harmonized("They ate between 10 am and 8 pm.", "Eating was allowed from 10:00 to 20:00.")
    'They ate between 10:00 and 20:00.'
    >>> harmonized("about 27% vs about 18%, over 20%", "27.2% vs 18.4% and 20.4%")
    'about 27.2% vs about 18.4%, 20.4%'
    >>> harmonized("from under 9 hours to nearly 30 hours, over 9 hours", "from 8.6 hours to 29.7 hours")
    'from 8.6 hours to nearly 29.7 hours, over 9 hours'
    """
    stated = quantities(evidence) if isinstance(evidence, str) else evidence
    written = {e.text.lower() for e in stated}
    dated = {e.text.lower() for e in stated if e.kind == _DATE}  # a date's "2" is not a count's "2" (round 72)
    parts: list[str] = []
    last = 0
    near: int | None = None  # where in the evidence the unit's last rewritten figure stands
    read = quantities(unit)
    for k, q in enumerate(read):
        if unit[max(0, q.start - 1) : q.start] == "+":  # "27+2 weeks": a gestation's days, not "2 weeks" (round 63)
            continue
        if k and _RANGE_BEFORE.search(unit, 0, q.start) and read[k - 1].end > last:  # "25 to 30 percent": a range's
            continue  # end is not written as "0.30" while its start stays "25" (round 63)
        if q.approximate and any(e.kind == q.kind and e.value == q.value for e in stated):
            continue  # "keep his blood pressure below 130/80" for "Keep BP <130/80": the same bound (round 77); "above
            # 450 ms" for "if QTc exceeds 450 ms", never the "470 ms" after it (round 244)
        if q.approximate and not q.about and q.start >= last:  # a bound the evidence's figure near it meets; not a
            # side of a proportion ("fewer than one in ten" is no "0.98 in ten" of a relative risk: round 218)
            held = None if proportion_side(unit, q) else _held(unit, q, stated, near)
            if held is not None:
                parts += [unit[last : held[0]], held[1].text]
                last, near = q.end, held[1].start
            continue
        if lay_count(q) or q.text.lower() in (dated if q.kind == _DATE else written) or q.start < last:
            continue
        # the evidence's own writing of the same value first: "three months" as its "3-month", not its "12-week"
        found = [
            e
            for e in stated
            if not e.approximate
            and e.start >= 0
            and same_figure(q, e)
            and _rewritable(q, e)
            and not _TIME_POINT.match(e.text)
        ]
        # of equal figures, one in the unit's own unit word: "one day" as "1 day", not the "24 hours" of the methods
        # (an own abstract, session 36)
        match = min(found, key=lambda e: (not math.isclose(q.value, e.value), _word(e) != _word(q)), default=None)
        if q.about:  # of its own kind ("27 clinics" is no 27%), the one figure it rounds
            match = _rounded(q, [e for e in found if e.kind == q.kind], near)
            if match is not None and math.isclose(match.value, q.value):
                continue  # "about 27%" of 27% is as written
        if match is None:
            continue
        parts += [unit[last : q.start], _written(q, match)]
        last, near = q.end, match.start
    return "".join(parts) + unit[last:]


_DIGITS = re.compile(r"\d[\d.,]*")
_UNIT_WORD = re.compile(r"([a-z]+?)s?$", re.IGNORECASE)


def _word(q: Quantity) -> str:
    """The unit word ``q`` ends on, singular ("days" and "day" are "day"; "" for a bare number)."""
    m = _UNIT_WORD.search(q.text)
    return "" if m is None else m.group(1).lower()


def _written(q: Quantity, e: Quantity) -> str:
    """``e``'s text for ``q``, with ``q``'s unit where the evidence writes its unit apart, after a spread ("24,600
    U/L" as "24,560 U/L" for "24,560 [SD 4,270] U/L": round 153) or on the figure it is set against ("Four days" as
    "4 days" for "4 rather than 7 days": round 180)."""
    own = _DIGITS.match(q.text) or _NUMBER_WORD.match(q.text)  # "Four days" as "4 days" for "4 rather than 7 days"
    if e.kind == "count" or not _DIGITS.fullmatch(e.text) or own is None:
        return e.text
    return e.text + q.text[own.end() :]


_NUMBER_WORD = re.compile(r"(?:" + "|".join(sorted(NUMBER_VALUES, key=len, reverse=True)) + r")\b", re.IGNORECASE)


_SHORT_UNIT = re.compile(
    r"\d\s?-?(?:wks?|mos?)$|^\d{1,2}/(?:7|52|12)$|-(?:hourly|weekly|monthly|yearly)$", re.IGNORECASE
)
_DATE = "label:date"
_TIME_POINT = re.compile(r"(?:day|week|month|year|hour)s?[\s-]", re.IGNORECASE)
"""A time point's text ("day 2", "week 12"): when, not how long."""
_RANGE_BEFORE = re.compile(r"\d\s*(?:to|-|–)\s*$")
"""A range's start just before a figure."""


def _held(unit: str, q: Quantity, stated: Sequence[Quantity], near: int | None) -> tuple[int, Quantity] | None:
    """Where the bound ``q`` of ``unit`` starts and the evidence's figure to write for it: one of its kind within
    10% of it that meets it ("from under 9 hours" for 8.6 hours: round 27, where the bound kept the encoder's P(C) at
    0.70, 0.29 with the figure), chosen as :func:`_rounded` chooses; ``None`` when none does ("under 8 hours" for
    8.6 stays, for the encoder and the cues to judge)."""
    start = bound_start(unit, q)
    if start is None:
        return None
    meets = [
        e
        for e in stated
        if e.kind == q.kind
        and not e.approximate
        and e.start >= 0
        and not _TIME_POINT.match(e.text)  # "at least 48 hours" is no "day 2" (round 81)
        and abs(e.value - q.value) <= 0.1 * abs(q.value)
        and bound_holds(unit, q, e.value)
    ]
    match = _rounded(q, meets, near)
    return None if match is None else (start, match)


def _rounded(q: Quantity, found: Sequence[Quantity], near: int | None) -> Quantity | None:
    """The one of ``found`` (the evidence's figures of ``q``'s kind that it rounds) that ``q`` stands for: the only
    value there is, or, after another figure of the unit was found at ``near``, the one closest to it within a
    sentence's length ("about 27% ... compared with about 18%": the 18.4% beside the 27.2%, not a relapse rate of
    17.9% further on); ``None`` when that is not told ("about 5%" of 4.9% and 5.2%)."""
    if len({e.value for e in found}) == 1:
        return found[0]
    if near is None or not found:
        return None
    ranked = sorted(found, key=lambda e: abs(e.start - near))
    closest = abs(ranked[0].start - near)
    if closest > _NEAR or (len(ranked) > 1 and abs(ranked[1].start - near) == closest):
        return None
    return ranked[0]


_NEAR = 200
"""Characters between two figures of one sentence at most."""


def _rewritable(q: Quantity, e: Quantity) -> bool:
    """Whether ``q`` may be written as ``e``: one kind, or a fraction and its percentage ("0.12" as "12%"; a bare
    "12" is not "12%"); never as a figure in a note's short unit ("two weeks" as "2 wks", "3 months" as "3 mo": the
    encoder reads the word better than the abbreviation, round 76; nor "3 days" as "3/7", round 78; nor "every six
    months" as "every six-monthly", session 36)."""
    if e.kind == "time" and _SHORT_UNIT.search(e.text):
        return False
    if e.kind == "money" and e.text[-1:].isalpha():  # "£4" is never written "£4.05 pounds" (round 239)
        return False
    if q.kind == e.kind:
        return True
    fraction = q if q.kind == "count" else e
    return fraction.value < 1 and math.isclose(fraction.value * 100, (e if fraction is q else q).value)
