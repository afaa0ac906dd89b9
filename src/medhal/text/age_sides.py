"""An age group named on the wrong side of its bound (issue 14): "FIB-4 was less reliable ... in people under 65,
with an NPV of only about 79%" against "Among patients aged ≥65 years (n=188), the NPV of FIB-4 <1.3 was lower, at
79.4%" (clinical pair cp_327).

The encoder reads "under 65" and "aged ≥65 years" as the same words about the same figure and entails the clause;
only the side of the bound differs.  :func:`swapped_age_side` fires when

* the unit bounds an age on one side ("under 65", "younger than 65", "aged 65 or over", "≥65", read by
  :func:`medhal.text.subgroups.normalise_ages` and the signs ``<``, ``≤``, ``>``, ``≥``);
* no evidence sentence bounds that age on the unit's side, and one does on the other;
* and that sentence states a figure of the unit's (not an age; exactly or rounded, :func:`medhal.text.figures.
  same_figure`): the unit reports that sentence's result, for the other group.  A sentence that only excludes
  or enrols by the bound ("patients aged 65 or older were excluded") states none of a result's figures.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.figures import same_figure
from medhal.text.quantities import Quantity, quantities
from medhal.text.subgroups import normalise_ages

__all__ = ["age_sides", "swapped_age_side"]

_SIDE = re.compile(r"\b(under|over)\s+(\d+)\b")
_SIGN = re.compile(
    r"\baged\s*(?P<aged>[<>≤≥]|>=|<=)\s*(?P<age>\d+)|(?P<sign>[<>≤≥]|>=|<=)\s*(?P<n>\d+)\s*(?:years?|yrs?|y)\b",
    re.IGNORECASE,
)
_WHO = re.compile(
    r"\b(?:aged?|people|persons|patients|participants|children|adults|men|women|those|individuals|infants|"
    r"adolescents|teenagers|girls|boys|users|mothers|residents)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
"""Whom an age bound in words bounds, right before it ("people under 65"): not "glucose over 11", "over 10 years"."""
_SIGNS = {"<": "under", "<=": "under", "≤": "under", ">": "over", ">=": "over", "≥": "over"}


def age_sides(text: str) -> frozenset[tuple[str, int]]:
    """The age bounds of ``text``: (``"under"`` or ``"over"``, the age).

    >>> sorted(age_sides("Among patients aged ≥65 years (n=188) and those younger than 65,"))
    [('over', 65), ('under', 65)]
    >>> sorted(age_sides("in people aged 65 and over")), sorted(age_sides("HbA1c <7% and eGFR ≥60, aged <18"))
    ([('over', 65)], [('under', 18)])
    >>> age_sides("glucose is over 11, and over 10 years bicarbonate is under 15")
    frozenset()
    """
    signs = {
        (_SIGNS[m.group("aged") or m.group("sign")], int(m.group("age") or m.group("n"))) for m in _SIGN.finditer(text)
    }
    normal = normalise_ages(_SIGN.sub(" ", text))
    words = {(m.group(1), int(m.group(2))) for m in _SIDE.finditer(normal) if _WHO.search(normal, 0, m.start())}
    return frozenset(signs | words)


def swapped_age_side(unit: str, sentences: Sequence[str]) -> int | None:
    """The first of ``sentences`` stating a figure of ``unit`` for the age group on the other side of the unit's
    bound, where no sentence bounds that age on the unit's side (module docstring); ``None`` otherwise.

    >>> evidence = ["The NPV was 88.5% overall.", "Among patients aged ≥65 years (n=188), the NPV was lower, at 79.4%."]
    >>> swapped_age_side("FIB-4 was less reliable in people under 65, with an NPV of only about 79%.", evidence)
    1
    >>> print(swapped_age_side("FIB-4 was less reliable in people aged 65 and over (NPV about 79%).", evidence))
    None
    >>> print(swapped_age_side("In people under 65, the NPV was 88.5%.", evidence))
    None
    """
    sides = age_sides(unit)
    if not sides:
        return None
    figures = [q for q in quantities(unit) if q.kind != "time"]
    if not figures:
        return None
    stated = [age_sides(s) for s in sentences]
    for side, age in sides:
        if any((side, age) in found for found in stated):
            continue
        other = ("over" if side == "under" else "under", age)
        for i, s in enumerate(sentences):
            if other in stated[i] and _states_one(figures, quantities(s), age):
                return i
    return None


def _states_one(figures: Sequence[Quantity], theirs: Sequence[Quantity], age: int) -> bool:
    """Whether ``theirs`` states one of ``figures`` that is not the bound's age."""
    return any(same_figure(q, t) for q in figures if q.value != age for t in theirs if t.value != age)
