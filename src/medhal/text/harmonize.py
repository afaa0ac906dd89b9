"""A unit's figures written as the evidence writes them, for the verifier (issue 14): a small encoder compares
numerals, not quantities, and read a faithful "0.15 g of aspirin" against "aspirin 150 mg" as a contradiction.
Which figures restate which is :mod:`medhal.text.figures`' (:func:`~medhal.text.figures.same_figure`); moved here
from it in round 19 (one concept per module).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from medhal.text.derived import lay_count
from medhal.text.figures import same_figure
from medhal.text.quantities import Quantity, quantities

__all__ = ["harmonized"]


def harmonized(unit: str, evidence: str | Sequence[Quantity]) -> str:
    """``unit`` with each exact figure that equals a quantity of ``evidence`` (its text, or its :func:`quantities`)
    written as the evidence writes it ("0.15 g" -> "150 mg", "twenty-five fractions" -> "25 fractions"), unless the
    evidence also writes it the unit's way.  What the verifier reads: a small encoder compares numerals, not
    quantities, and read a faithful "0.15 g of aspirin" against "aspirin 150 mg" as a contradiction.  Bare
    numbers are never rewritten into numbers with a unit, nor small counts in words ("two patients").

    >>> harmonized("Women took 0.15 g of aspirin daily for twelve weeks.", "aspirin 150 mg daily for 12 weeks")
    'Women took 150 mg of aspirin daily for 12 weeks.'
    >>> harmonized("They ate between 10 am and 8 pm.", "Eating was allowed from 10:00 to 20:00.")
    'They ate between 10:00 and 20:00.'
    """
    stated = quantities(evidence) if isinstance(evidence, str) else evidence
    written = {e.text.lower() for e in stated}
    parts: list[str] = []
    last = 0
    for q in quantities(unit):
        if q.approximate or lay_count(q) or q.text.lower() in written or q.start < last:
            continue
        # the evidence's own writing of the same value first: "three months" as its "3-month", not its "12-week"
        found = [e for e in stated if not e.approximate and e.start >= 0 and same_figure(q, e) and _rewritable(q, e)]
        match = min(found, key=lambda e: not math.isclose(q.value, e.value), default=None)
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
