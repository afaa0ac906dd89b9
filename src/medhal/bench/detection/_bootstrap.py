"""Bootstrap confidence intervals, the paired bootstrap test and Holm's correction."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

import numpy as np
from numpy.typing import ArrayLike

from medhal.bench.detection._thresholds import (
    Alternative,
    FloatArray,
    IntArray,
    Metric,
    Pooling,
    _as_binary,
    _single_class,
)
from medhal.detect.records import JSONObject

# --------------------------------------------------------------------------------------------------- bootstrap


def concat_runs(runs: Sequence[tuple[ArrayLike, ArrayLike]]) -> tuple[IntArray, FloatArray, IntArray]:
    """Stack per-run ``(y_true, y_score)`` pairs (e.g. one per seed) into ``(y_true, y_score, groups)``.

    ``groups[i]`` is the index of the run item ``i`` came from; pass it to :func:`bootstrap_ci` /
    :func:`paired_bootstrap_pvalue` to pool over runs.
    """
    if not runs:
        raise ValueError("no runs")
    ys: list[IntArray] = []
    ss: list[FloatArray] = []
    gs: list[IntArray] = []
    for k, (yt, ysc) in enumerate(runs):
        y, s = _as_binary(yt, ysc)
        ys.append(y)
        ss.append(s)
        gs.append(np.full(y.size, k, dtype=np.int64))
    return np.concatenate(ys), np.concatenate(ss), np.concatenate(gs)


def _group_indices(groups: ArrayLike | None, n: int) -> list[IntArray]:
    if groups is None:
        return [np.arange(n, dtype=np.int64)]
    g = np.asarray(groups)
    if g.shape != (n,):
        raise ValueError(f"groups must have one entry per item ({n}), got shape {g.shape}")
    return [np.flatnonzero(g == v).astype(np.int64) for v in np.unique(g)]


def _bootstrap(
    y: IntArray,
    arrays: Sequence[FloatArray],
    stat: Callable[..., Sequence[float]],
    *,
    n_resamples: int,
    seed: int,
    groups: ArrayLike | None,
    pooling: Pooling,
) -> tuple[FloatArray, int, int]:
    """Replicates of ``stat(y*, *arrays*)`` (a fixed-length vector) over item resamples.

    Runs (``groups``) are resampled independently, each within itself; the same indices are used for every array
    (paired).  Draw order: for ``b`` in ``range(n_resamples)``, for each run in sorted group order,
    ``rng.integers(0, n_run, n_run)``; a draw is made even when its resample is skipped, so the stream is fixed by
    ``seed`` alone.  Returns ``(values[n_valid, k], n_attempted, n_skipped)``.
    """
    if n_resamples < 1:
        raise ValueError("n_resamples must be >= 1")
    if pooling not in ("replicates", "mean"):
        raise ValueError(f"pooling must be 'replicates' or 'mean', got {pooling!r}")
    runs = _group_indices(groups, y.size)
    for k, idx in enumerate(runs):
        if _single_class(y[idx]):
            raise ValueError(f"run {k} has a single class in y_true: every resample of it would be degenerate")
    rng = np.random.default_rng(seed)
    values: list[Sequence[float]] = []
    skipped = 0
    for _ in range(n_resamples):
        per_run: list[Sequence[float] | None] = []
        for idx in runs:
            take = idx[rng.integers(0, idx.size, idx.size)]
            yb = y[take]
            per_run.append(None if _single_class(yb) else stat(yb, *(a[take] for a in arrays)))
        if pooling == "replicates":
            for v in per_run:
                if v is None:
                    skipped += 1
                else:
                    values.append(v)
        elif any(v is None for v in per_run):
            skipped += 1
        else:
            values.append(np.mean(np.asarray(per_run, dtype=np.float64), axis=0).tolist())
    attempted = n_resamples * len(runs) if pooling == "replicates" else n_resamples
    if not values:
        raise ValueError(f"all {attempted} bootstrap resamples had a single class")
    return np.asarray(values, dtype=np.float64), attempted, skipped


def _percentile_ci(values: FloatArray, confidence: float) -> tuple[float, float]:
    alpha = 1.0 - confidence
    lo, hi = np.quantile(values, [alpha / 2, 1 - alpha / 2])  # numpy's default "linear" interpolation
    return float(lo), float(hi)


def _check_confidence(confidence: float) -> None:
    if not 0.0 < confidence < 1.0:
        raise ValueError("confidence must be in (0, 1)")


def _point_estimate(y: IntArray, s: FloatArray, metric: Metric, groups: ArrayLike | None) -> float:
    return float(np.mean([metric(y[idx], s[idx]) for idx in _group_indices(groups, y.size)]))


@dataclass(frozen=True, slots=True)
class BootstrapResult:
    """A percentile bootstrap CI.

    ``estimate``: the metric on the data (with runs: the mean of the per-run values); ``mean`` / ``std``: mean and
    standard deviation (``ddof=1``) of the valid bootstrap replicates; ``low`` / ``high``: the percentile interval;
    ``n_resamples``: resamples attempted (``n_resamples x n_runs`` with ``pooling="replicates"``); ``n_skipped``: those
    dropped because their ``y_true`` had a single class (not redrawn).  The fields map onto the published files'
    ``mean / std / ci_low / ci_high / n_boot``.
    """

    estimate: float
    mean: float
    std: float
    low: float
    high: float
    confidence: float
    n_resamples: int
    n_skipped: int

    @property
    def n_valid(self) -> int:
        return self.n_resamples - self.n_skipped

    @property
    def ci(self) -> tuple[float, float]:
        return (self.low, self.high)

    def to_dict(self) -> JSONObject:
        return asdict(self)


def bootstrap_ci(
    y_true: ArrayLike,
    y_score: ArrayLike,
    metric: Metric,
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
    groups: ArrayLike | None = None,
    pooling: Pooling = "replicates",
) -> BootstrapResult:
    """Percentile bootstrap CI of ``metric(y_true, y_score)`` (Efron & Tibshirani 1993, *An Introduction to the
    Bootstrap*, ch. 13), pooled over runs as in seed 000 Table 6 ("3 seeds, pooled bootstrap").

    Items are resampled with replacement, ``n_resamples`` times, from ``rng = numpy.random.default_rng(seed)``: for
    each resample, for each run in sorted ``groups`` order, ``rng.integers(0, n_run, n_run)`` indexes that run's items
    (drawn even when the resample is then skipped), so results are deterministic given ``seed``.  The interval is
    ``np.quantile(replicates, [(1 - confidence) / 2, (1 + confidence) / 2])`` (linear interpolation).

    ``groups`` marks which run (seed) each item comes from (see :func:`concat_runs`); each run is resampled within
    itself, ``n_resamples`` times.  ``pooling="replicates"`` (default) pools the per-run bootstrap distributions
    into one of ``n_resamples x n_runs`` replicates - its interval covers item *and* seed-to-seed variation.
    ``pooling="mean"`` instead averages the runs' metric within each resample (a stratified bootstrap of the
    seed-mean, ``n_resamples`` replicates).  The published seed-000 bootstrap values fit one value per resample
    computed over all three seeds' items (their Always-Positive precision bounds are multiples of 1/3000, not of
    1/1000), i.e. this mode or a bootstrap of the concatenated items, rather than pooled per-seed replicates.
    The published protocol itself (concatenated seeds, legacy ``RandomState(12345)`` draws, grid threshold with
    ``score > t``) is :func:`medhal.bench.detection.table6.table6_bootstrap`, which recomputes seed 000 Table 6.

    A resample whose ``y_true`` has a single class is **skipped and counted** in ``n_skipped`` (not redrawn), since
    AUC-PR and the F1-optimal threshold are undefined there; with ``pooling="mean"`` a resample is skipped when any
    run's part is.  A run that itself has a single class raises ``ValueError``, as does every resample being skipped.
    To bootstrap the seed's F1, pass :func:`f1_optimal_score` (the threshold is re-tuned on each resample); for the
    honest F1, ``lambda y, s: threshold_metrics(y, s, threshold=t).f1``.
    """
    _check_confidence(confidence)
    y, s = _as_binary(y_true, y_score)
    values, attempted, skipped = _bootstrap(
        y,
        [s],
        lambda yb, sb: (metric(yb, sb),),
        n_resamples=n_resamples,
        seed=seed,
        groups=groups,
        pooling=pooling,
    )
    reps = values[:, 0]
    low, high = _percentile_ci(reps, confidence)
    return BootstrapResult(
        estimate=_point_estimate(y, s, metric, groups),
        mean=float(reps.mean()),
        std=float(reps.std(ddof=1)) if reps.size > 1 else math.nan,
        low=low,
        high=high,
        confidence=confidence,
        n_resamples=attempted,
        n_skipped=skipped,
    )


@dataclass(frozen=True, slots=True)
class PairedBootstrapResult:
    """``delta = metric(a) - metric(b)`` on the data (mean over runs with ``groups``) and its bootstrap p-value."""

    delta: float
    pvalue: float
    alternative: str
    n_resamples: int
    n_skipped: int

    def to_dict(self) -> JSONObject:
        return asdict(self)


def paired_bootstrap_pvalue(
    y_true: ArrayLike,
    score_a: ArrayLike,
    score_b: ArrayLike,
    metric: Metric,
    *,
    n_resamples: int = 1000,
    seed: int = 0,
    alternative: Alternative = "two-sided",
    groups: ArrayLike | None = None,
    pooling: Pooling = "replicates",
) -> PairedBootstrapResult:
    """Paired bootstrap test of ``metric(y, a) - metric(y, b)``: the same resampled items score both methods
    (Koehn 2004, "Statistical Significance Tests for Machine Translation Evaluation", EMNLP; Efron & Tibshirani
    1993, ch. 15-16).

    With ``d*_b`` the difference on resample ``b`` (valid resamples only; single-class ones are skipped and counted,
    resampling and pooling over runs exactly as in :func:`bootstrap_ci`):

    * ``alternative="greater"`` (H1: a better): ``p = #{d*_b <= 0} / B``;
    * ``alternative="less"`` (H1: b better): ``p = #{d*_b >= 0} / B``;
    * ``alternative="two-sided"``: ``p = min(1, 2 min(#{d*_b <= 0}, #{d*_b >= 0}) / B)`` - the share of resamples
      whose difference lies on the far side of zero, doubled and capped at 1.  This is the percentile-interval
      inversion: ``p < alpha`` iff zero lies outside the equal-tailed ``1 - alpha`` percentile interval of ``d*``.

    Resamples with ``d* = 0`` count against H1 on both sides (conservative; identical scores give ``p = 1``).  No
    ``+1`` correction is applied, so ``p = 0`` means "below ``1 / B``"; report it as such.  This is not the
    shifted-null variant of Berg-Kirkpatrick et al. (2012), which centres ``d*`` on the observed difference.
    The published seed-000 ``paired_pvalues`` are one-sided in this sense (``alternative="greater"`` with the anchor
    method as ``a``): every p below 0.5 there goes with a higher anchor mean, and p near 1 means the comparator is
    better, not "no difference".
    """
    if alternative not in ("two-sided", "greater", "less"):
        raise ValueError(f"alternative must be 'two-sided', 'greater' or 'less', got {alternative!r}")
    y, a = _as_binary(y_true, score_a, name="score_a")
    _, b = _as_binary(y_true, score_b, name="score_b")
    values, attempted, skipped = _bootstrap(
        y,
        [a, b],
        lambda yb, ab, bb: (metric(yb, ab) - metric(yb, bb),),
        n_resamples=n_resamples,
        seed=seed,
        groups=groups,
        pooling=pooling,
    )
    d = values[:, 0]
    le = float(np.mean(d <= 0))
    ge = float(np.mean(d >= 0))
    if alternative == "greater":
        p = le
    elif alternative == "less":
        p = ge
    else:
        p = min(1.0, 2.0 * min(le, ge))
    delta = _point_estimate(y, a, metric, groups) - _point_estimate(y, b, metric, groups)
    return PairedBootstrapResult(
        delta=delta, pvalue=p, alternative=alternative, n_resamples=attempted, n_skipped=skipped
    )


def holm_correction(pvalues: ArrayLike) -> FloatArray:
    """Holm-Bonferroni step-down adjusted p-values (Holm 1979, "A simple sequentially rejective multiple test
    procedure", Scand. J. Statist. 6:65-70), in the input order.

    With ``p_(1) <= ... <= p_(m)`` sorted: ``adj_(i) = min(1, max_{j <= i} (m - j + 1) p_(j))`` - monotone in the
    sorted order and capped at 1; reject H_i at level alpha iff ``adj_i <= alpha``.  Same values as
    ``statsmodels.stats.multitest.multipletests(p, method="holm")[1]``.  Ties keep their input order (stable sort),
    which does not change the adjusted values.
    """
    p = np.asarray(pvalues, dtype=np.float64)
    if p.ndim != 1:
        raise ValueError("pvalues must be 1-D")
    if p.size == 0:
        return p.copy()
    if not bool(np.all((p >= 0) & (p <= 1))):  # also rejects NaN
        raise ValueError("pvalues must lie in [0, 1]")
    m = p.size
    order = np.argsort(p, kind="stable")
    stepped = np.maximum.accumulate((m - np.arange(m)) * p[order])
    out = np.empty(m, dtype=np.float64)
    out[order] = np.minimum(stepped, 1.0)
    return out
