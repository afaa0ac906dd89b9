"""Localization-faithfulness metrics of MedHal-Loc (seed 000 §4, eqs. 1-4).

For item ``i`` with gold error span ``g_i`` and gold content tokens ``G_i = tau(g_i)``, a method's units
``u_i1 .. u_ik`` ranked by decreasing suspicion:

* ``h(u) = 1[tau(u) ∩ G_i != ∅]`` and ``m_i = sum_j h(u_ij)`` (eq. 1);
* coverage ``= mean 1[m_i >= 1]``, ``hit@1 = mean h(u_i1)``, ``hit@3 = mean 1[sum_{j<=3} h(u_ij) >= 1]`` (eq. 2);
* ``rand = mean m_i / k_i`` (0 when ``k_i = 0``), ``lift = hit@1 - rand`` (eq. 3);
* ``margin`` = mean over items with ``0 < m_i < k_i`` of (mean score of overlapping units - mean score of the
  others) (eq. 4);
* ``SE = sqrt(hit@1 (1 - hit@1) / N)``, ``sigma = lift / SE``, significant when ``lift > 2 SE``.

Items whose gold token set is empty are excluded from ``N`` and counted (the seed keeps 295 of 300).  Functions
follow scikit-learn's naming: ``*_score(y_true, y_pred, *, ...)`` with ``y_true`` the gold spans and ``y_pred``
each item's unit texts in rank order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from medhal.text import content_tokens

__all__ = [
    "LocalizationReport",
    "binomial_se",
    "coverage_score",
    "hit_at_k_score",
    "localization_report",
    "random_baseline_score",
    "unit_hits",
]


def unit_hits(gold_span: str, units: Sequence[str]) -> list[int]:
    """``h(u)`` for each unit: 1 when the unit's content tokens meet the gold span's (seed 000 eq. 1)."""
    gold = content_tokens(gold_span)
    return [int(bool(content_tokens(u) & gold)) for u in units]


def _scored(y_true: Sequence[str], y_pred: Sequence[Sequence[str]]) -> list[list[int]]:
    if len(y_true) != len(y_pred):
        raise ValueError(f"{len(y_true)} gold spans but {len(y_pred)} predictions")
    return [unit_hits(g, units) for g, units in zip(y_true, y_pred, strict=True) if content_tokens(g)]


def hit_at_k_score(y_true: Sequence[str], y_pred: Sequence[Sequence[str]], *, k: int = 1) -> float:
    """Share of items whose top-``k`` units include one overlapping the gold span (eq. 2)."""
    hits = _scored(y_true, y_pred)
    return sum(1 for h in hits if any(h[:k])) / len(hits) if hits else math.nan


def coverage_score(y_true: Sequence[str], y_pred: Sequence[Sequence[str]]) -> float:
    """Share of items where some unit overlaps the gold span (eq. 2)."""
    hits = _scored(y_true, y_pred)
    return sum(1 for h in hits if any(h)) / len(hits) if hits else math.nan


def random_baseline_score(y_true: Sequence[str], y_pred: Sequence[Sequence[str]]) -> float:
    """Expected hit@1 of a uniformly random unit: mean ``m_i / k_i``, 0 when ``k_i = 0`` (eq. 3)."""
    hits = _scored(y_true, y_pred)
    return sum(sum(h) / len(h) if h else 0.0 for h in hits) / len(hits) if hits else math.nan


def binomial_se(hit_at_1: float, n: int) -> float:
    """Binomial standard error of hit@1: ``sqrt(hit@1 (1 - hit@1) / N)`` (seed 000 §4)."""
    return math.sqrt(hit_at_1 * (1.0 - hit_at_1) / n)


@dataclass(frozen=True, slots=True)
class LocalizationReport:
    n: int
    excluded: int
    coverage: float
    hit_at_1: float
    hit_at_3: float
    random: float
    lift: float
    margin: float | None
    margin_items: int
    se: float
    sigma: float | None
    significant: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def localization_report(
    y_true: Sequence[str],
    y_pred: Sequence[Sequence[str]],
    *,
    scores: Sequence[Sequence[float]] | None = None,
) -> LocalizationReport:
    """All of seed 000 §4 at once.  ``scores`` (suspicion per unit, same order as ``y_pred``) enables margin."""
    if scores is not None and len(scores) != len(y_pred):
        raise ValueError("scores must align with y_pred")
    kept = [i for i, g in enumerate(y_true) if content_tokens(g)]
    n = len(kept)
    excluded = len(y_true) - n
    if n == 0:
        raise ValueError("no item has a non-empty gold token set")
    hits = [unit_hits(y_true[i], y_pred[i]) for i in kept]
    hit1 = sum(1 for h in hits if h[:1] == [1]) / n
    hit3 = sum(1 for h in hits if any(h[:3])) / n
    cov = sum(1 for h in hits if any(h)) / n
    rand = sum(sum(h) / len(h) if h else 0.0 for h in hits) / n
    margins: list[float] = []
    if scores is not None:
        for i, h in zip(kept, hits, strict=True):
            s = scores[i]
            m, k = sum(h), len(h)
            if 0 < m < k:
                on = sum(x for x, y in zip(s, h, strict=True) if y) / m
                off = sum(x for x, y in zip(s, h, strict=True) if not y) / (k - m)
                margins.append(on - off)
    lift = hit1 - rand
    se = binomial_se(hit1, n)
    return LocalizationReport(
        n=n,
        excluded=excluded,
        coverage=cov,
        hit_at_1=hit1,
        hit_at_3=hit3,
        random=rand,
        lift=lift,
        margin=sum(margins) / len(margins) if margins else None,
        margin_items=len(margins),
        se=se,
        sigma=lift / se if se > 0 else None,
        significant=lift > 2 * se,
    )
