"""The unit a number written without one takes from the words around it, read by
:func:`medhal.text.quantities.quantities`: the second figure's of a comparison ("(11.6 vs 8.9 months)", "4 rather than 7
days"), of a change ("from 8 to 5 days"), of a range ("0.4 to 0.6 GBq", "aged between two and ten weeks"), its spread's
("mean 1,120 [SD 310] mL", "48.2 ± 5.1%") or the one after a comparative ("two fewer days off work").  Split from
:mod:`medhal.text.quantities` in session 36 when it passed 500 lines.
"""

from __future__ import annotations

import re

from medhal.text._unit_words import NUMBER_VALUES, UNITS
from medhal.text.lexical import THOUSANDS

__all__ = ["DIGITS", "FROM", "HEDGE_WORD", "NUMBER", "borrowed_unit"]

DIGITS = THOUSANDS.pattern + r"|\d+(?:[.,]\d+)?"  # "1,284,600" whole before a decimal comma ("0,8") takes "1,28"
NUMBER = r"(?:" + DIGITS + r"|" + "|".join(NUMBER_VALUES) + ")"
"""A number in figures or words."""
HEDGE_WORD = r"(?:(?:about|around|approximately|roughly|nearly|almost)\s+|~\s?)?"
"""A hedge a figure of a change or range may carry ("from about 34 to about 27.5")."""
FROM = re.compile(r"\bfrom\s+" + HEDGE_WORD + "$", re.IGNORECASE)
"""The "from" of a change between two levels, just before its first."""

_SPREAD_THEN_UNIT = re.compile(
    r"\s*[(\[](?:SD|IQR|range|s\.?d\.?|±)?\s*[\d.,\s–-]+[)\]]\s?(?P<unit>"
    + "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)
"""A figure's spread in brackets between it and its unit ("mean 1,120 [SD 310] mL", "median 27 (IQR 18-40) months"), a
unit with a denominator too ("24,560 [SD 4,270] U/L", "18.9 (2.6) g/kg/day": round 153)."""
_PLUS_MINUS_UNIT = re.compile(
    r"\s?±\s?\d[\d.,]*\s?(?:(?P<pct>%)|(?P<unit>"
    + "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
    + r")\b(?!\s?/))",
    re.IGNORECASE,
)
"""A mean's spread after "±" between it and its unit ("48.2 ± 5.1%", "12.4 ± 2.1 kg"): the mean's unit."""

_SPREAD = re.compile(r"\s*[(\[](?:SD|IQR|s\.?d\.?|±)\s*[\d.,\s–-]+[)\]]", re.IGNORECASE)
"""A figure's spread in brackets ("(SD 3.1)")."""

_SHARED_UNIT = re.compile(
    r"\s*(?:vs\.?|versus|v\.|compared\s+with|and|rather\s+than|instead\s+of)\s+(?=" + NUMBER + r"\b)", re.IGNORECASE
)
"""Words after a number written without its unit that set it against one written with it: "(11.6 vs 8.9 months)",
"at 12 and 24 months" (the unit is both numbers'; round 18), "4 rather than 7 days" (round 180)."""

_COMPARED_UNIT = re.compile(
    r"\s+(?:fewer|more|less|extra|additional|further)\s+(?P<unit>days?|weeks?|months?|years?|hours?|minutes?)\b", re.I
)
"""A unit after a comparative: "two fewer days off work" is two days (an own abstract, session 36)."""

_BETWEEN = re.compile(r"\bbetween\s+$", re.IGNORECASE)
_RANGE_JOIN = re.compile(r"(?:\s?[-–]\s?|\s+to\s+)" + HEDGE_WORD + r"(?=" + NUMBER + r"\b)", re.IGNORECASE)
"""The join of a range's two figures whose lower is written without the unit: "0.4 to 0.6 GBq", "400-600 MBq"."""

_TO = re.compile(r"\s+to\s+" + HEDGE_WORD + r"(?=\d)", re.IGNORECASE)
"""A change between two levels ("the median course fell from 8 to 5 days"): the second level's unit is the first's too
(round 43; a range, "aged 3 to 48 months", keeps its bare lower bound), either hedged ("fell from about 34 to about 27.5
seconds": round 139)."""


def borrowed_unit(text: str, m: re.Match[str], word: str, quantity: re.Pattern[str]) -> tuple[str, int] | None:
    """The unit of the number ``m`` of ``text`` (``word``: its text, lower case) written without one, and where the
    unit's text ends (-1 when no denominator may follow it), or ``None``; ``quantity`` is the pattern
    :func:`~medhal.text.quantities.quantities` reads figures with (the second figure's unit is read by it).

    >>> from medhal.text.quantities import _QUANTITY
    >>> text = "(11.6 vs 8.9 months), 0.4 to 0.6 GBq, two fewer days"
    >>> [borrowed_unit(text, m, m.group("num").lower(), _QUANTITY) for m in _QUANTITY.finditer(text)]
    [('months', 19), None, ('gbq', 36), None, ('days', -1)]
    """
    shared = _SHARED_UNIT.match(text, m.end())
    if shared is None and (spread := _SPREAD.match(text, m.end())):  # "14,820 [SD 3,110] vs 24,560 [SD 4,270] U/L":
        shared = _SHARED_UNIT.match(text, spread.end())  # each with its spread (round 153)
    if shared is None and FROM.search(text, max(0, m.start() - 20), m.start()):
        # "from 8 to 5 days": a change between two levels of one unit; "from 14.2 (SD 3.1) to 96.5 (SD 18.7) mL"
        spread = _SPREAD.match(text, m.end())  # with the spread of each (round 150)
        shared = _TO.match(text, spread.end() if spread else m.end())
    ranged = False  # a range in words ("aged between two and ten weeks", "two to six months") is in its unit too
    if shared is None and not m.group("pct"):  # "0.4 to 0.6 GBq", "400-600 MBq": a range's lower bound is in the
        shared = _RANGE_JOIN.match(text, m.end())  # upper bound's unit (session 36)
        ranged = shared is not None
    elif shared is not None and _BETWEEN.search(text, max(0, m.start() - 12), m.start()):
        ranged = True
    spelled = word in NUMBER_VALUES
    if (not spelled or ranged) and shared is not None:
        after = quantity.match(text, shared.end())  # "(11.6 vs 8.9 months)": the first takes the second's unit
        if after is not None and after.group("unit"):  # with its denominator: "2 vs 3 mL/min" (round 153)
            return after.group("unit").lower(), after.end()
        if after is not None and (theirs := _SPREAD_THEN_UNIT.match(text, after.end())):
            return theirs.group("unit").lower(), theirs.end()
    if not spelled and (spread := _SPREAD_THEN_UNIT.match(text, m.end())):
        return spread.group("unit").lower(), spread.end()  # "1,120 [SD 310] mL": the mean's (round 144)
    if not spelled and (spread := _PLUS_MINUS_UNIT.match(text, m.end())):
        return "%" if spread.group("pct") else spread.group("unit").lower(), -1  # "48.2 ± 5.1%" (round 145)
    if compared := _COMPARED_UNIT.match(text, m.end()):  # "two fewer days off work" (session 36)
        return compared.group("unit").lower(), -1
    return None
