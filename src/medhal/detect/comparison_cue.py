"""The reversed-comparison cue (issue 14): an evidence sentence that orders what a unit compares the other way.

Split out of :mod:`medhal.detect.cues` at its 500-line limit (round 41); :func:`medhal.detect.cues.contradiction_cue`
reads it after the changed-number and null-finding cues, and records it as ``reversed_comparison``.  What it reads:
figures by group (:func:`~medhal.text.comparisons.reverses`), a duration by group
(:func:`~medhal.text.durations.duration_conflict`), an association (:mod:`medhal.text.associations`), a difference in
effect between subgroups (:mod:`medhal.text.effect_order`), a change with no groups (:mod:`medhal.text.trends`), the
other arm's count (:mod:`medhal.text.moved_counts`), a ranking (:mod:`medhal.text.superlatives`) and a change between
two groups' levels (:func:`~medhal.text.comparisons.change_order`), a difference stated with its size, turned
(:mod:`medhal.text.signed_differences`), and a level against its earlier one (:mod:`medhal.text.previous_values`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from medhal.detect.alignment import EvidenceIndex
from medhal.text.associations import association_reversed
from medhal.text.bracket_order import bracket_conflict, bracket_turned
from medhal.text.comparisons import (
    UnitComparison,
    change_order,
    group_figures,
    named_groups,
    reverses,
    unit_comparison,
)
from medhal.text.durations import duration_conflict
from medhal.text.effect_order import effect_order_conflict
from medhal.text.figure_trends import direction_against_figures
from medhal.text.moved_counts import moved_count
from medhal.text.previous_values import direction_against_previous
from medhal.text.ratio_direction import ratio_turned
from medhal.text.signed_differences import signed_difference_conflict
from medhal.text.superlatives import superlative_conflict
from medhal.text.trends import trend_reversed

__all__ = ["comparison_cue"]


def comparison_cue(index: EvidenceIndex, unit: str) -> int | None:
    """The reversed-comparison cue: the first evidence sentence whose figures by group order the unit's compared
    groups the other way, or give its change between two groups' levels ("from 6.7% to 2.3%") the other way round
    (:func:`~medhal.text.comparisons.change_order`), or say of the other trial arm how many people had an event
    (:func:`~medhal.text.moved_counts.moved_count`), or rank first an item a listing sentence ranks lower
    (:func:`~medhal.text.superlatives.superlative_conflict`), or states the unit's association the other way
    (:func:`~medhal.text.associations.association_reversed`), its difference in effect between two subgroups
    (:func:`~medhal.text.effect_order.effect_order_conflict`) or its change
    (:func:`~medhal.text.trends.trend_reversed`), or the unit's difference by the same size the other way
    (:func:`~medhal.text.signed_differences.signed_difference_conflict`), or states both figures of a change the
    unit tells the other way (:func:`~medhal.text.figure_trends.direction_against_figures`) or the figure with its
    earlier one against the way the unit tells its change with one figure
    (:func:`~medhal.text.previous_values.direction_against_previous`), or states in their order
    the unit's bracketed figures that deny its comparative (:func:`~medhal.text.bracket_order.bracket_conflict`) or
    gives them after a comparative of the other way (:func:`~medhal.text.bracket_order.bracket_turned`),
    or states with words of its own direction the one ratio the unit's words turn the other way
    (:func:`~medhal.text.ratio_direction.ratio_turned`); ``None`` when none does."""
    claim = _arm_of(unit_comparison(unit), index.arms)
    spelled = index.spelled or index.sentences  # "mean body mass index z-score" for "mean BMI z-score" (round 36)
    for i, s in enumerate(index.sentences):  # or a duration by group turned around ("two days faster")
        if (claim is not None and reverses(claim, spelled[i], index.arms or _order_before(spelled, i))) or (
            duration_conflict(unit, s)
        ):
            return i
        if association_reversed(unit, s) and (not index.assertive or index.assertive[i]):
            return i  # "Higher lead was linked to higher IQ" against "lead ... is associated with lower scores"
        if effect_order_conflict(unit, s) or trend_reversed(unit, s):  # subgroups turned round (round 40), a change
            return i  # told the other way ("joint bleeds became more frequent" against "decreased": round 41)
    turned = signed_difference_conflict(unit, index.sentences)  # "24 minutes earlier" for "later" (round 50)
    if turned is None:  # "raised at 5.8, down from 4.9" for "Potassium 5.8 mmol/L (previously 4.9)" (round 59)
        turned = direction_against_figures(unit, index.sentences)
    if turned is None:  # "has fallen to 128" for "Hb 128 g/L (115-165), previously 109 g/L" (round 111)
        turned = direction_against_previous(unit, index.sentences)
    if turned is not None:
        return turned
    moved = moved_count(unit, index.sentences, index.arms)  # "Two people on placebo developed ..." (round 23)
    if moved is not None:
        return moved
    denied = bracket_conflict(unit, index.sentences)  # "had more cases of pneumonia (5.5% vs 10.3%)" (round 44)
    if denied is None:  # "The odds of silicosis fell ... (OR 1.64 per extra five years)" (round 137)
        denied = ratio_turned(unit, index.sentences)
    if denied is None:  # "less common with intradermal injection (34.8% vs 21.5%)" against "more common" (r. 160)
        denied = bracket_turned(unit, index.sentences)
    if denied is not None:
        return denied
    if "%" not in unit:  # "Lack of time was the barrier cited most often" against "resistance (82%), time (64%)"
        return superlative_conflict(unit, index.sentences)
    return next((i for i, s in enumerate(index.sentences) if change_order(unit, s) is False), None)


def _order_before(sentences: Sequence[str], i: int) -> tuple[str, str] | None:
    """The two groups the sentence before ``sentences[i]`` gives figures to, in its order, for an evidence that names
    no trial arms: "27% of tai chi participants had at least one fall, compared with 41% of people who received the
    booklet. Falls needing an emergency department visit occurred in 6% versus 9%" gives the 6% to tai chi (round
    180); ``None`` where it gives no two."""
    if i == 0:
        return None
    figures = group_figures(sentences[i - 1])
    groups = list(dict.fromkeys(f.group for f in figures))
    return (groups[0], groups[1]) if len(figures) == 2 and len(groups) == 2 else None


def _arm_of(claim: UnitComparison | None, arms: tuple[str, str] | None) -> UnitComparison | None:
    """``claim`` with a pronoun for its group ("they had a lower BMI z-score than the placebo group") given the arm
    its rival does not name (round 36); ``claim`` itself otherwise."""
    if claim is None or arms is None or claim.rival is None or claim.group.lower() not in _PRONOUNS:
        return claim
    named = named_groups(claim.rival, list(arms))
    return replace(claim, group=arms[1 - named[0]]) if len(named) == 1 else claim


_PRONOUNS = frozenset({"they", "it", "those", "these", "them"})
