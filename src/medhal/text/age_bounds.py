"""An age range's upper bound told inclusively or strictly (issue 14, round 167): "teenagers aged 12 to 17" is the
trial's "adolescents aged 12 to <18 years".  Ages are counted in whole years, so "to 17" and "to under 18" bound the
same people; the unstated-figure cue had read 17 as a figure the evidence never states.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text._quantity import Quantity

__all__ = ["age_bound_stated"]

_YEAR = 365.25


def age_bound_stated(unit: str, q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether ``q``, the upper bound of an age range in ``unit`` ("aged 12 to 17"), is a strict bound one year on
    that the evidence states (``stated``: its quantities; "aged 12 to <18 years", "under 18"), or a person's age given
    as a bare number (:data:`_AGE_OF`) that the evidence states in years.

    >>> from medhal.text.quantities import quantities
    >>> unit = "about 250 teenagers aged 12 to 17 with obesity"
    >>> q = next(q for q in quantities(unit) if q.text == "17")
    >>> age_bound_stated(unit, q, quantities("248 adolescents aged 12 to <18 years"))
    True
    >>> age_bound_stated(unit, q, quantities("248 adolescents aged 12 to 18 years"))
    False
    """
    if q.number != int(q.number) or not 0 < q.number <= 120:
        return False
    if q.kind == "count" and _AGE_OF.search(unit, 0, q.start):  # "Mr Arkwright, who is 67" for "age 67" (round 229)
        return any(e.kind == "time" and e.number == q.number and abs(e.value - q.number * _YEAR) < 1e-6 for e in stated)
    if not _AGE_RANGE.search(unit, 0, q.start):
        return False
    bound = (q.number + 1) * _YEAR
    return any(e.kind == "time" and e.approximate and abs(e.value - bound) < 1e-6 for e in stated)


_AGE_RANGE = re.compile(r"\b(?:aged|ages?)\s+\d+\s*(?:to|-|–)\s*$", re.IGNORECASE)
"""The words of an age range before its upper bound."""
_AGE_OF = re.compile(r"(?:,\s*|\b)(?:who|she|he)\s+is\s+(?:now\s+)?$|\baged\s+$", re.IGNORECASE)
"""The words before a person's age given as a bare number ("Mr Arkwright, who is 67"): the age the evidence states in
years ("age 67")."""
