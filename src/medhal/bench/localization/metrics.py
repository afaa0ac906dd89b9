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

``tau`` picks τ: ``"paper"`` (the default, seed 000 §4 as written: :func:`medhal.text.content_tokens`) or
``"code"`` (the published code's rule, :func:`medhal.text.tokens.code_content_tokens`), with which the
published per-item records are reproduced exactly.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Protocol

from medhal.detect.records import JSONObject
from medhal.text.tokens import TauRule, tau_function


def unit_hits(gold_span: str, units: Sequence[str], *, tau: TauRule = "paper") -> list[int]:
    """``h(u)`` for each unit: 1 when the unit's content tokens meet the gold span's (seed 000 eq. 1)."""
    tokens = tau_function(tau)
    gold = tokens(gold_span)
    return [int(bool(tokens(u) & gold)) for u in units]


def _scored(y_true: Sequence[str], y_pred: Sequence[Sequence[str]], tau: TauRule) -> list[list[int]]:
    if len(y_true) != len(y_pred):
        raise ValueError(f"{len(y_true)} gold spans but {len(y_pred)} predictions")
    tokens = tau_function(tau)
    return [unit_hits(g, units, tau=tau) for g, units in zip(y_true, y_pred, strict=True) if tokens(g)]


def hit_at_k_score(
    y_true: Sequence[str], y_pred: Sequence[Sequence[str]], *, k: int = 1, tau: TauRule = "paper"
) -> float:
    """Share of items whose top-``k`` units include one overlapping the gold span (eq. 2)."""
    hits = _scored(y_true, y_pred, tau)
    return sum(1 for h in hits if any(h[:k])) / len(hits) if hits else math.nan


def coverage_score(y_true: Sequence[str], y_pred: Sequence[Sequence[str]], *, tau: TauRule = "paper") -> float:
    """Share of items where some unit overlaps the gold span (eq. 2)."""
    hits = _scored(y_true, y_pred, tau)
    return sum(1 for h in hits if any(h)) / len(hits) if hits else math.nan


def random_baseline_score(y_true: Sequence[str], y_pred: Sequence[Sequence[str]], *, tau: TauRule = "paper") -> float:
    """Expected hit@1 of a uniformly random unit: mean ``m_i / k_i``, 0 when ``k_i = 0`` (eq. 3)."""
    hits = _scored(y_true, y_pred, tau)
    return sum(sum(h) / len(h) if h else 0.0 for h in hits) / len(hits) if hits else math.nan


def binomial_se(hit_at_1: float, n: int) -> float:
    """Binomial standard error of hit@1: ``sqrt(hit@1 (1 - hit@1) / N)`` (seed 000 §4)."""
    return math.sqrt(hit_at_1 * (1.0 - hit_at_1) / n)


@dataclass(frozen=True, slots=True)
class ItemLocalization:
    """One item's terms of eqs. 1-4: what the published per-item records hold, and all that aggregation needs."""

    id: str
    error_type: str
    k: int
    """Number of units the method emitted (``k_i``)."""
    m: int
    """Number of units overlapping the gold span (``m_i``, eq. 1)."""
    hit1: int
    hit3: int
    margin: float | None
    """Mean suspicion of overlapping units minus that of the others; ``None`` unless ``0 < m_i < k_i`` (eq. 4)."""

    @property
    def cover(self) -> int:
        return int(self.m >= 1)

    @property
    def rand(self) -> float:
        """``m_i / k_i``, 0 when ``k_i = 0`` (eq. 3)."""
        return self.m / self.k if self.k else 0.0


def item_localization(
    gold_span: str,
    units: Sequence[str],
    scores: Sequence[float] | None = None,
    *,
    id: str = "",
    error_type: str = "",
    tau: TauRule = "paper",
) -> ItemLocalization | None:
    """Score one item (units in rank order); ``None`` when the gold span has no content token (excluded)."""
    if not tau_function(tau)(gold_span):
        return None
    h = unit_hits(gold_span, units, tau=tau)
    m, k = sum(h), len(h)
    margin = None
    if scores is not None:
        if len(scores) != k:
            raise ValueError(f"item {id!r}: {len(scores)} scores for {k} units")
        if 0 < m < k:
            on = sum(x for x, y in zip(scores, h, strict=True) if y) / m
            off = sum(x for x, y in zip(scores, h, strict=True) if not y) / (k - m)
            margin = on - off
    return ItemLocalization(id, error_type, k, m, int(h[:1] == [1]), int(any(h[:3])), margin)


class LocalizationScores(Protocol):
    """What a localization table shows of a method, ranked (:class:`LocalizationReport`) or span-based
    (:class:`~medhal.bench.localization.spans.SpanReport`): ``hit1`` / ``rand`` are the overlap rate and the
    random-flag chance for span methods, which have no ``hit3`` or ``margin``."""

    @property
    def n(self) -> int: ...
    @property
    def excluded(self) -> int: ...
    @property
    def coverage(self) -> float: ...
    @property
    def hit1(self) -> float: ...
    @property
    def hit3(self) -> float | None: ...
    @property
    def rand(self) -> float: ...
    @property
    def lift(self) -> float: ...
    @property
    def se(self) -> float: ...
    @property
    def sigma(self) -> float | None: ...
    @property
    def significant(self) -> bool: ...
    @property
    def margin(self) -> float | None: ...


@dataclass(frozen=True, slots=True)
class LocalizationReport:
    """Seed 000 §4 aggregates over ``n`` evaluated items (``excluded``: items with an empty gold token set)."""

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

    @property
    def hit1(self) -> float:
        return self.hit_at_1

    @property
    def hit3(self) -> float:
        return self.hit_at_3

    @property
    def rand(self) -> float:
        return self.random

    def to_dict(self) -> JSONObject:
        return dict(asdict(self))

    def to_metrics(self) -> JSONObject:
        """The short keys of ``metrics.json``: ``n, excluded, coverage, hit1, hit3, rand, lift, se, sigma,
        margin``."""
        return {
            "n": self.n,
            "excluded": self.excluded,
            "coverage": self.coverage,
            "hit1": self.hit_at_1,
            "hit3": self.hit_at_3,
            "rand": self.random,
            "lift": self.lift,
            "se": self.se,
            "sigma": self.sigma,
            "significant": self.significant,
            "margin": self.margin,
            "margin_items": self.margin_items,
        }


def aggregate_localization(items: Sequence[ItemLocalization], *, excluded: int = 0) -> LocalizationReport:
    """Means of the per-item terms (eqs. 2-4), ``SE = sqrt(hit@1 (1 - hit@1) / N)``, ``sigma = lift / SE``;
    significant when ``lift > 2 SE`` (seed 000 §4)."""
    n = len(items)
    if n == 0:
        raise ValueError("no item has a non-empty gold token set")
    hit1 = sum(i.hit1 for i in items) / n
    rand = sum(i.rand for i in items) / n
    margins = [i.margin for i in items if i.margin is not None]
    lift = hit1 - rand
    se = binomial_se(hit1, n)
    return LocalizationReport(
        n=n,
        excluded=excluded,
        coverage=sum(i.cover for i in items) / n,
        hit_at_1=hit1,
        hit_at_3=sum(i.hit3 for i in items) / n,
        random=rand,
        lift=lift,
        margin=sum(margins) / len(margins) if margins else None,
        margin_items=len(margins),
        se=se,
        sigma=lift / se if se > 0 else None,
        significant=lift > 2 * se,
    )


def localization_by_type(items: Sequence[ItemLocalization]) -> dict[str, LocalizationReport]:
    """:func:`aggregate_localization` per ``error_type`` (seed 000 Table 3's per-type panel)."""
    groups: dict[str, list[ItemLocalization]] = defaultdict(list)
    for item in items:
        groups[item.error_type].append(item)
    return {name: aggregate_localization(group) for name, group in sorted(groups.items())}


def localization_report(
    y_true: Sequence[str],
    y_pred: Sequence[Sequence[str]],
    *,
    scores: Sequence[Sequence[float]] | None = None,
    tau: TauRule = "paper",
) -> LocalizationReport:
    """All of seed 000 §4 at once.  ``scores`` (suspicion per unit, same order as ``y_pred``) enables margin."""
    if len(y_true) != len(y_pred):
        raise ValueError(f"{len(y_true)} gold spans but {len(y_pred)} predictions")
    if scores is not None and len(scores) != len(y_pred):
        raise ValueError("scores must align with y_pred")
    scored = [
        item_localization(g, units, None if scores is None else scores[i], tau=tau)
        for i, (g, units) in enumerate(zip(y_true, y_pred, strict=True))
    ]
    kept = [x for x in scored if x is not None]
    return aggregate_localization(kept, excluded=len(scored) - len(kept))
