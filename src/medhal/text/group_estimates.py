"""A hedged share read against the share the aligned sentence gives the group a unit names (issue 14): "around half
of children given prednisolone" is rivalled by "21.9% given prednisolone", and "About 11% of people taking
finerenone" by "16.9% of the finerenone group" however near 11% another outcome's figure lies (round 178).
:func:`medhal.text.figures.number_conflicts` reads a hedged figure through these (split from it at its 500-line
limit)."""

from __future__ import annotations

from collections.abc import Sequence

from medhal.text.derived import near_estimate
from medhal.text.findings import finding_parts
from medhal.text.group_figures import group_figures, names_group
from medhal.text.quantities import Quantity
from medhal.text.synonyms import alignment_tokens

__all__ = ["far_from_its_group", "given_elsewhere", "named_group_figures"]


def named_group_figures(unit: str, sentence: str) -> set[float]:
    """The percentages ``sentence`` states for a group ``unit`` names ("21.9% given prednisolone" for "around half of
    children given prednisolone"): a far-off estimate's rival is the figure of its own group."""
    tokens = alignment_tokens(unit)
    return {f.value for part in finding_parts(sentence) for f in group_figures(part) if names_group(tokens, f.group)}


def far_from_its_group(q: Quantity, named: set[float], said: Sequence[Quantity], *, anchored: bool) -> bool:
    """Whether the hedged share ``q`` lies far from the share the aligned sentence gives the group the unit names
    (``named``) and from every other share of that sentence, wherever else the evidence states one near it: "About
    11% of people taking finerenone reached the main kidney outcome" against "occurred in 16.9% of the finerenone
    group and 20.4% of the placebo group", where 12.8% is the secondary outcome's (round 178)."""
    shares = [e.value for e in said if e.kind == "percent"]
    return (
        not anchored
        and q.about
        and q.kind == "percent"
        and bool(named)
        and not any(near_estimate(q, v) for v in (*named, *shares))
    )


def given_elsewhere(unit: str, q: Quantity, sentences: Sequence[str]) -> bool:
    """Whether a sentence of ``sentences`` gives a group ``unit`` names a share near its hedged ``q``: "which occurred
    in about 8% of oxcarbazepine patients versus about 2% of those on carbamazepine", aligned with the withdrawals
    (18.5% and 8.7%), is about "Hyponatraemia ... in 2 patients (2.2%) on carbamazepine" (round 175)."""
    return any(near_estimate(q, v) for s in sentences for v in named_group_figures(unit, s))
