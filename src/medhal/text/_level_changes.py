"""The relative change between two levels of one measure a sentence gives side by side, read by
:func:`medhal.text.implied.implied_figures` ("NT-proBNP is 410 ng/L, compared with 620 ng/L before treatment" is
"fallen by about a third"); split from :mod:`medhal.text.implied` in session 36 when it passed 500 lines.
"""

from __future__ import annotations

import itertools
import re

from medhal.text.quantities import Quantity, quantities

__all__ = ["level_changes"]


def level_changes(text: str) -> list[Quantity]:
    """The relative change between two levels of one measure a sentence of ``text`` gives side by side, as a share of
    either ("NT-proBNP is 410 ng/L, compared with 620 ng/L before treatment" is "fallen by about a third"; round
    194); levels only, in a unit of measure, never counts or percentages.

    >>> [round(q.value, 1) for q in level_changes("NT-proBNP is 410 ng/L, compared with 620 ng/L before.")]
    [33.9, 51.2]
    >>> level_changes("They received more fluid (6.5 +/- 2.8 liters versus 5.3 +/- 2.0 liters).")
    []
    >>> [round(q.value, 1) for q in level_changes("Creatinine 162 umol/L (baseline 95).")]
    [41.4, 70.5]
    """
    out: list[Quantity] = []
    for sentence in re.split(r"(?<=[.;])\s+", text):
        read = quantities(sentence)
        levels = [q for q in read if q.kind not in _NO_LEVEL and not q.kind.startswith("label:")]
        for a, b in itertools.pairwise(levels):
            if a.kind != b.kind or not a.value or not b.value or a.value == b.value:
                continue
            # two levels joined as levels, neither a spread ("6.5 +/- 2.8 liters versus 5.3 +/- 2.0": SDs)
            between = sentence[a.end : b.start]
            # or the earlier level in brackets, dated back: "GGT 186 U/L (312 U/L four weeks ago)" (round 233)
            dated = _OPENS_BRACKET.fullmatch(between) is not None and _AGO_IN.match(sentence, b.end) is not None
            if not (_JOINED.fullmatch(between) or dated) or any(
                _SPREAD.search(sentence, max(0, q.start - 6), q.start) for q in (a, b)
            ):
                continue
            out.extend(_shares_changed(a.value, b.value))
        # "creatinine 162 umol/L (baseline 95)": the earlier level bare, in the unit of the one before (round 213)
        for a, b in itertools.pairwise(read):
            if (
                a.kind not in _NO_LEVEL
                and b.kind == "count"
                and a.number
                and b.value
                and _EARLIER.fullmatch(sentence[a.end : b.start])
            ):
                out.extend(_shares_changed(a.value, b.value * a.value / a.number))
    return out


def _shares_changed(a: float, b: float) -> list[Quantity]:
    """The change between two levels as a share of either."""
    out = []
    for base in (max(a, b), min(a, b)):
        share = 100.0 * abs(a - b) / base
        out.append(Quantity("percent", share, -1, -1, f"{share:.1f}% change", False, share))
    return out


_JOINED = re.compile(
    r"[^.;()]{0,40}?\b(?:versus|vs\.?|compared\s+(?:with|to)|against|to|from)\s+(?:[a-z]+\s+){0,2}?", re.IGNORECASE
)
"""What stands between two levels compared side by side: "410 ng/L, compared with 620 ng/L", "from 118 kg to"."""
_EARLIER = re.compile(
    r"\s*(?:[^\s(;.]{1,12}\s+){0,3}[^\s(]{0,12}\s*\(\s*(?:baseline|previously|was|prior|before)\s*:?\s*", re.IGNORECASE
)
"""What stands between a level and its earlier one in brackets: "162 umol/L (baseline 95", "5.8 mmol/L (previously
", "9.8 mg Fe/g dry weight (previously " (round 223)."""
_SPREAD = re.compile(r"(?:±|\+/-|\bSD\b)\s*$", re.IGNORECASE)
_OPENS_BRACKET = re.compile(r"\S{0,12}\s*\(\s*")
_AGO_IN = re.compile(r"[^()]{0,30}?\bago\s*\)", re.IGNORECASE)
_NO_LEVEL = frozenset({"count", "percent", "points", "time", "money"})
