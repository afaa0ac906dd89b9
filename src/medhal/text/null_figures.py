"""A null finding reported again with the same figures (:func:`restated_in_figures`; issue 14, round 53; split from
:mod:`medhal.text.findings` at its 500-line limit)."""

from __future__ import annotations

from medhal.text._finding_subjects import stems, subject_of
from medhal.text.asserted import asserts_effect
from medhal.text.findings import finding_parts, reports_null_finding
from medhal.text.quantities import quantities

__all__ = ["restated_in_figures"]


def restated_in_figures(unit: str, sentence: str) -> bool:
    """Whether a part of ``sentence`` reports the null finding ``unit`` reports with the same figures: the unit reports
    one, states two or more exact percentages, and the part reports one, states each of them and names the unit's
    subject.  Round 53: "4 to 5 mm, passage rates were much the same (87% vs 85%)", a clause cut from "For stones of",
    had P(C) 0.77 against "In the prespecified subgroup with stones of 4-5 mm, passage rates did not differ (87% vs
    85%), whereas ...", whose null finding's subject holds the stones and the subgroup the clause does not name.

    >>> sentence = "In the subgroup with stones of 4-5 mm, passage rates did not differ (87% vs 85%), whereas ..."
    >>> restated_in_figures("4 to 5 mm, passage rates were much the same (87% vs 85%),", sentence)
    True
    >>> restated_in_figures("4 to 5 mm, passage rates were higher (87% vs 85%),", sentence)
    False
    >>> restated_in_figures("4 to 5 mm, passage rates were much the same (87% vs 75%),", sentence)
    False
    """
    own = [q for q in quantities(unit) if q.kind == "percent" and not q.approximate]
    subject = subject_of(unit)
    if len(own) < 2 or not subject or not reports_null_finding(unit) or asserts_effect(unit):
        return False
    return any(
        reports_null_finding(part)
        and subject <= stems(part)
        and all(any(q.equals(e) for e in quantities(part)) for q in own)
        for part in finding_parts(sentence)
    )
