"""Pair-cluster bootstrap CIs of pair-level metrics (seed 002 §3.4.2): BCR, ``R_independence``, the paired
marginals; pairs are resampled with replacement, so within-pair dependence is preserved."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields

import numpy as np

from medhal.bench.paired.metrics import PairMetric, PairReport, pair_report
from medhal.bench.paired.records import NotePair, NotePrediction
from medhal.detect.records import JSONObject

__all__ = ["PairBootstrapResult", "pair_bootstrap_ci"]


@dataclass(frozen=True, slots=True)
class PairBootstrapResult:
    """Percentile bootstrap CI of a pair-level metric; ``se`` is the replicates' standard deviation (ddof=1)."""

    estimate: float
    low: float
    high: float
    se: float
    confidence: float
    n_resamples: int
    n_invalid: int
    """Resamples whose metric was not finite (e.g. ``r_independence`` with ``expected_bcr == 0``); left out."""

    def to_dict(self) -> JSONObject:
        return asdict(self)


_REPORT_FIELDS = frozenset(f.name for f in fields(PairReport)) | {"sensitivity", "specificity"}


def _resolve_metric(metric: PairMetric | str) -> PairMetric:
    if callable(metric):
        return metric
    if metric not in _REPORT_FIELDS:
        raise ValueError(f"unknown PairReport metric {metric!r}; one of {sorted(_REPORT_FIELDS)}")
    name = metric

    def from_report(pairs: Sequence[NotePair], preds: Mapping[str, NotePrediction]) -> float:
        return float(getattr(pair_report(pairs, preds), name))

    return from_report


def pair_bootstrap_ci(
    pairs: Sequence[NotePair],
    preds: Mapping[str, NotePrediction],
    metric: PairMetric | str,
    *,
    n_resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> PairBootstrapResult:
    """Cluster-bootstrap percentile CI of ``metric(pairs, preds)`` that resamples **pairs** with replacement.

    A pair is the cluster: both of its notes enter a resample together, so within-pair dependence - the thing BCR
    and ``R_independence`` measure - is preserved.  ``metric`` is a :data:`PairMetric` or the name of a
    :class:`PairReport` field / property (``"bcr"``, ``"r_independence"``, ``"sensitivity"``, ...; computed by
    :func:`pair_report` with ``by="skip"``).  ``rng = numpy.random.default_rng(seed)`` draws all indices up front,
    ``rng.integers(0, n, size=(n_resamples, n))``, so the result is deterministic given ``seed``.  The interval is
    ``np.quantile(finite replicates, [(1 - confidence) / 2, (1 + confidence) / 2])`` (linear interpolation); it is
    ``nan`` when no replicate is finite.
    """
    if not pairs:
        raise ValueError("no pairs")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be >= 1, got {n_resamples}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie in (0, 1), got {confidence}")
    fn = _resolve_metric(metric)
    estimate = float(fn(pairs, preds))
    n = len(pairs)
    idx = np.random.default_rng(seed).integers(0, n, size=(n_resamples, n))
    reps = np.array([float(fn([pairs[i] for i in row], preds)) for row in idx], dtype=np.float64)
    ok = reps[np.isfinite(reps)]
    if ok.size:
        low, high = (float(q) for q in np.quantile(ok, [(1 - confidence) / 2, (1 + confidence) / 2]))
    else:
        low = high = math.nan
    return PairBootstrapResult(
        estimate=estimate,
        low=low,
        high=high,
        se=float(ok.std(ddof=1)) if ok.size > 1 else math.nan,
        confidence=confidence,
        n_resamples=n_resamples,
        n_invalid=int(reps.size - ok.size),
    )
