"""Whether a sentence states each figure of a unit in any form (:func:`figures_agree`): equal, converted, rounded,
derived or, for a point estimate, near; split from :mod:`medhal.text.figures` in session 23 when it reached 495
lines.  The restatement and focus rules read it: a small encoder cannot derive "about 6%" from "769 of 12,927"."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from medhal.text.derived import count_pairs, lay_count, near_estimate
from medhal.text.figures import unstated_quantities
from medhal.text.quantities import Quantity, proportion_side, quantities

__all__ = ["figures_agree"]


def figures_agree(unit: str, sentence: str) -> bool:
    """Whether ``unit`` states at least one figure (not a bound, a range or a small count in words) and ``sentence``
    states each of them: equal, converted, rounded, derived (a difference, a share, a relative change) or, for a
    point estimate, near.  A small encoder cannot derive "about 6%" from "769 of 12,927 participants" and reads
    the faithful unit as a contradiction; the figures are the cues' business (:func:`number_conflicts`).

    >>> figures_agree("About 6% of participants in each group had a fracture.",
    ...               "Fractures occurred in 769 of 12,927 participants and in 782 of 12,944.")
    True
    >>> figures_agree("About 16% had a fracture.", "Fractures occurred in 769 of 12,927 participants.")
    False
    >>> figures_agree("Fractures were common.", "Fractures occurred in 769 of 12,927 participants.")
    False
    >>> figures_agree("At a threshold of 5 it detected nine in ten events.", "A threshold of 5 detected events.")
    False
    """
    # a calendar year is when, not what: "between 2015 | and 2022 and recorded roughly 8,900 admissions" against the
    # results sentence with 8,890 and no year (round 55)
    stated = [q for q in quantities(unit) if q.kind != "label:year"]
    own = [q for q in stated if not lay_count(q)]
    theirs = quantities(sentence)
    # a bound ("more than 10") is no figure to agree on, unless the sentence states it too ("below 140/90 mm Hg";
    # round 19); a side of a proportion ("3 in 10") is, but one in words ("nine in ten") is read as no figure here,
    # so it cannot agree: a sentence must then say it in the same words
    if not own or any(
        q.approximate and not q.about and not proportion_side(unit, q) and not any(q.equals(e) for e in theirs)
        for q in own
    ):
        return False
    if any(lay_count(q) and proportion_side(unit, q) for q in stated):
        return False
    missing = [q for q in unstated_quantities(unit, theirs) if q.kind != "label:year"]
    return not missing and _proportions_agree(unit, own, theirs)


def _proportions_agree(unit: str, own: Sequence[Quantity], theirs: Sequence[Quantity]) -> bool:
    """Whether each proportion of ``own`` ("1 in 8": its sides are hedged, so never unstated) is near a percentage of
    ``theirs`` or a share its counts make ("1 in 8" for 12.7%; not "1 in 3" for 12.7%; round 19)."""
    sides = [q for q in own if proportion_side(unit, q)]
    shares = [e.value for e in theirs if e.kind == "percent"] + [100.0 * a / b for a, b in count_pairs(theirs)]
    for a, b in itertools.pairwise(sides):
        if b.start - a.end > 12 or not b.number or not a.number:
            continue  # not the two sides of one proportion
        value = 100.0 * a.number / b.number
        share = Quantity("percent", value, a.start, b.end, unit[a.start : b.end], True, value, about=True)
        if not any(near_estimate(share, stated) for stated in shares):
            return False
    return True
