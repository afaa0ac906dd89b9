"""Response-level detection metrics of seed 000 (§5 "We report detection performance", §6.4, Table 6, Figure 5).

Seed 000 reports, per dataset and method, F1 at the F1-optimal threshold and AUC-PR, over three seeds with a
"pooled bootstrap" (Table 6: "3 seeds, pooled bootstrap; F1-optimal threshold"; §5 "Detection numbers reuse pooled
three-seed bootstrap runs").  This module implements that protocol and the honest variant next to it:

* :func:`f1_optimal_threshold` / :func:`f1_optimal_score` - the seed's F1: the threshold is tuned **on the set being
  evaluated**, which makes the F1 optimistic (an upper bound on what a deployed detector with a fixed threshold gets);
* :func:`threshold_metrics` - precision / recall / F1 at a threshold fixed beforehand (on a separate dev split);
* :func:`auc_pr_score` - AUC-PR as average precision (scikit-learn);
* :func:`bootstrap_ci` - percentile bootstrap CIs, pooled over runs (seeds) when ``groups`` is given;
* :func:`paired_bootstrap_pvalue` - paired bootstrap test of ``metric(a) - metric(b)``;
* :func:`holm_correction` - Holm-Bonferroni step-down adjustment for the family of method comparisons;
* :func:`detection_report` / :class:`DetectionReport` - all of it at once.

Conventions (scikit-learn style): ``y_true`` holds binary labels, 1 = hallucinated (the positive class), 0 = faithful;
``y_score`` holds the detector's hallucination score, higher = more suspicious.  An item is **predicted positive when
``score >= threshold``** (the rule of scikit-learn's ``precision_recall_curve``).  All functions are pure (no I/O);
randomness comes only from ``numpy.random.default_rng(seed)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray
from sklearn.metrics import average_precision_score

__all__ = [
    "BootstrapResult",
    "DetectionReport",
    "OptimalThreshold",
    "PairedBootstrapResult",
    "ThresholdMetrics",
    "auc_pr_score",
    "bootstrap_ci",
    "concat_runs",
    "detection_report",
    "f1_optimal_score",
    "f1_optimal_threshold",
    "holm_correction",
    "paired_bootstrap_pvalue",
    "threshold_metrics",
]

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]
#: A detection metric: ``metric(y_true, y_score) -> float`` (e.g. :func:`auc_pr_score`, :func:`f1_optimal_score`).
Metric = Callable[[IntArray, FloatArray], float]
Pooling = Literal["replicates", "mean"]
Alternative = Literal["two-sided", "greater", "less"]


# --------------------------------------------------------------------------------------------------- validation


def _as_binary(y_true: ArrayLike, y_score: ArrayLike, *, name: str = "y_score") -> tuple[IntArray, FloatArray]:
    y = np.asarray(y_true)
    s = np.asarray(y_score, dtype=np.float64)
    if y.ndim != 1 or s.ndim != 1:
        raise ValueError(f"y_true and {name} must be 1-D")
    if y.shape != s.shape:
        raise ValueError(f"y_true has {y.size} items but {name} has {s.size}")
    if y.size == 0:
        raise ValueError("empty input")
    if not bool(np.isin(y, (0, 1)).all()):
        raise ValueError("y_true must be binary: 0/1 or bool, 1 = hallucinated (positive class)")
    if not bool(np.isfinite(s).all()):
        raise ValueError(f"{name} must be finite (no NaN / inf)")
    return y.astype(np.int64), s


def _require_both_classes(y: IntArray, what: str) -> None:
    n_pos = int(y.sum())
    if n_pos == 0 or n_pos == y.size:
        raise ValueError(f"Only one class present in y_true. {what} is not defined in that case.")


def _single_class(y: IntArray) -> bool:
    n_pos = int(y.sum())
    return n_pos == 0 or n_pos == y.size


def _div(num: float, den: float, zero_division: float) -> float:
    return num / den if den else float(zero_division)


def _tp_fp(y: IntArray, s: FloatArray, thresholds: FloatArray) -> tuple[IntArray, IntArray]:
    """True / false positives at each threshold under the ``score >= threshold`` rule (exact integer counts)."""
    pos = np.sort(s[y == 1])
    neg = np.sort(s[y == 0])
    tp = pos.size - np.searchsorted(pos, thresholds, side="left")
    fp = neg.size - np.searchsorted(neg, thresholds, side="left")
    return tp.astype(np.int64), fp.astype(np.int64)


# ------------------------------------------------------------------------------------------ threshold metrics


class OptimalThreshold(NamedTuple):
    """Result of :func:`f1_optimal_threshold`; unpacks as ``threshold, f1, precision, recall``."""

    threshold: float
    f1: float
    precision: float
    recall: float


class ThresholdMetrics(NamedTuple):
    """Result of :func:`threshold_metrics`; unpacks as ``precision, recall, f1``."""

    precision: float
    recall: float
    f1: float


def f1_optimal_threshold(
    y_true: ArrayLike, y_score: ArrayLike, *, candidates: ArrayLike | None = None
) -> OptimalThreshold:
    """The F1-optimal threshold **tuned on the evaluated set itself** (seed 000 Table 6: "F1-optimal threshold").

    This is the seed's protocol and it is **optimistic**: the threshold is chosen with the test labels, so the
    returned F1 is the best any threshold could do on this set, not what a detector with a threshold fixed in advance
    achieves.  For the honest number, fit the threshold on a dev split and evaluate it with
    :func:`threshold_metrics` (or pass ``dev=`` to :func:`detection_report`).

    Candidates are the distinct values of ``y_score`` (exactly the thresholds of scikit-learn's
    ``precision_recall_curve``), or the given ``candidates`` (e.g. the 0.02-step grid that the published runs'
    thresholds lie on).  An item is predicted positive when ``score >= threshold``.  ``F1 = 2 TP / (2 TP + FP + FN)``
    is computed from integer counts, so equal F1 values compare equal; among thresholds reaching the maximum the
    **lowest** is returned (the first maximum in ascending order, as ``np.argmax`` over ``precision_recall_curve``'s
    ascending thresholds would pick).  On this set any threshold in ``(next lower score, threshold]`` makes the same
    predictions.  Precision is 0 where a candidate predicts no item positive (only possible with ``candidates``).

    Raises ``ValueError`` when ``y_true`` has no positive item (F1 is then 0 at every threshold: nothing to tune).
    An all-positive ``y_true`` is allowed: the optimum predicts everything positive (F1 = 1).
    """
    y, s = _as_binary(y_true, y_score)
    n_pos = int(y.sum())
    if n_pos == 0:
        raise ValueError("y_true has no positive item: the F1-optimal threshold is not defined")
    if candidates is None:
        thr = np.unique(s)
    else:
        thr = np.unique(np.asarray(candidates, dtype=np.float64).ravel())
        if thr.size == 0 or not bool(np.isfinite(thr).all()):
            raise ValueError("candidates must be a non-empty set of finite thresholds")
    tp, fp = _tp_fp(y, s, thr)
    f1 = 2 * tp / (tp + fp + n_pos)  # 2TP + FP + FN with FN = n_pos - TP; > 0 since n_pos > 0
    i = int(np.argmax(f1))
    return OptimalThreshold(
        threshold=float(thr[i]),
        f1=float(f1[i]),
        precision=_div(float(tp[i]), float(tp[i] + fp[i]), 0.0),
        recall=float(tp[i]) / n_pos,
    )


def f1_optimal_score(y_true: ArrayLike, y_score: ArrayLike) -> float:
    """F1 at the F1-optimal threshold tuned on this set (seed 000 Table 6; optimistic - see
    :func:`f1_optimal_threshold`).  A :data:`Metric`, ready for :func:`bootstrap_ci`, where it re-tunes the
    threshold on every resample."""
    return f1_optimal_threshold(y_true, y_score).f1


def threshold_metrics(
    y_true: ArrayLike, y_score: ArrayLike, *, threshold: float, zero_division: float = 0.0
) -> ThresholdMetrics:
    """Precision, recall and F1 at a **fixed** threshold: predicted positive when ``score >= threshold``.

    The honest protocol: ``threshold`` was fixed beforehand, e.g. by :func:`f1_optimal_threshold` on a separate dev
    split, so these numbers carry no tuning optimism.  ``zero_division`` (0.0, 1.0 or ``nan``, as in scikit-learn)
    is returned for precision when no item is predicted positive, for recall when ``y_true`` has no positive item,
    and for F1 when both happen (``2 TP + FP + FN = 0``); otherwise ``F1 = 2 TP / (2 TP + FP + FN)``, which equals
    scikit-learn's ``f1_score`` (>= 1.3) including its zero-division cases.
    """
    y, s = _as_binary(y_true, y_score)
    if math.isnan(threshold):
        raise ValueError("threshold must not be NaN")
    pred = s >= threshold
    tp = int(np.sum(pred & (y == 1)))
    fp = int(np.sum(pred & (y == 0)))
    fn = int(np.sum(~pred & (y == 1)))
    return ThresholdMetrics(
        precision=_div(tp, tp + fp, zero_division),
        recall=_div(tp, tp + fn, zero_division),
        f1=_div(2 * tp, 2 * tp + fp + fn, zero_division),
    )


def auc_pr_score(y_true: ArrayLike, y_score: ArrayLike) -> float:
    """AUC-PR as **average precision** (scikit-learn ``average_precision_score``): ``sum_n (R_n - R_{n-1}) P_n``.

    This is the step-wise area, not the trapezoidal one (which over-estimates with ties; for a constant score
    average precision is the prevalence, the trapezoid ``(1 + prevalence) / 2``).  The published seed-000 numbers use
    average precision: their Always-Positive AUC-PR equals its precision, i.e. the prevalence.

    Single-class ``y_true`` raises ``ValueError``, like scikit-learn's ``roc_auc_score`` (``average_precision_score``
    itself would return a degenerate 0.0 with a warning when there is no positive, or 1.0 when all are positive).
    """
    y, s = _as_binary(y_true, y_score)
    _require_both_classes(y, "AUC-PR (average precision)")
    return float(average_precision_score(y, s))


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

    def to_dict(self) -> dict[str, Any]:
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

    def to_dict(self) -> dict[str, Any]:
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


# ------------------------------------------------------------------------------------------------------ report


@dataclass(frozen=True, slots=True)
class DetectionReport:
    """Detection metrics of one method on one test set (seed 000 Table 6 plus the honest dev-threshold F1).

    ``*_opt``: at the F1-optimal threshold tuned on the test set itself (seed protocol, optimistic).
    ``f1_dev`` / ``threshold_dev``: at a threshold fixed beforehand (fitted on a dev split, or given); ``None``
    when neither was supplied.  ``precision`` / ``recall``: at the dev threshold when there is one, else at the
    optimal one.  ``ci``: metric name -> percentile interval (see :func:`detection_report`).
    """

    n: int
    n_positive: int
    auc_pr: float
    f1_opt: float
    threshold_opt: float
    precision_opt: float
    recall_opt: float
    f1_dev: float | None
    threshold_dev: float | None
    precision: float
    recall: float
    ci: dict[str, tuple[float, float]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def detection_report(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    dev: tuple[ArrayLike, ArrayLike] | None = None,
    threshold: float | None = None,
    n_resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> DetectionReport:
    """AUC-PR, the seed's F1-optimal numbers and (with ``dev`` or ``threshold``) the honest fixed-threshold ones.

    ``dev=(y_true_dev, y_score_dev)`` fits the threshold on the dev split by the F1-optimal rule
    (:func:`f1_optimal_threshold`); ``threshold=`` gives it directly; passing both raises ``ValueError``.  The test
    set must contain both classes.

    ``ci`` holds percentile intervals from one bootstrap pass (:func:`bootstrap_ci`, same ``seed``, so all metrics
    share resamples; single-class resamples are skipped) for ``"auc_pr"``, ``"f1_opt"`` (threshold re-tuned on each
    resample, as the seed does), ``"precision"`` and ``"recall"`` (at the fixed dev threshold when there is one, else
    at each resample's optimal threshold) and, with a dev threshold, ``"f1_dev"``.  ``n_resamples=0`` skips the
    bootstrap (``ci == {}``).  For pooling over seeds use :func:`bootstrap_ci` with ``groups``.
    """
    if dev is not None and threshold is not None:
        raise ValueError("pass either dev= or threshold=, not both")
    if n_resamples < 0:
        raise ValueError("n_resamples must be >= 0")
    _check_confidence(confidence)
    y, s = _as_binary(y_true, y_score)
    _require_both_classes(y, "Detection performance")
    opt = f1_optimal_threshold(y, s)
    thr: float | None
    if dev is not None:
        thr = f1_optimal_threshold(*dev).threshold
    elif threshold is not None:
        if math.isnan(threshold):
            raise ValueError("threshold must not be NaN")
        thr = float(threshold)
    else:
        thr = None
    fixed = threshold_metrics(y, s, threshold=thr) if thr is not None else None

    names = ["auc_pr", "f1_opt", "precision", "recall"] + (["f1_dev"] if thr is not None else [])

    def stat(yb: IntArray, sb: FloatArray) -> list[float]:
        o = f1_optimal_threshold(yb, sb)
        out = [auc_pr_score(yb, sb), o.f1]
        if thr is None:
            return [*out, o.precision, o.recall]
        t = threshold_metrics(yb, sb, threshold=thr)
        return [*out, t.precision, t.recall, t.f1]

    ci: dict[str, tuple[float, float]] = {}
    if n_resamples > 0:
        values, _, _ = _bootstrap(y, [s], stat, n_resamples=n_resamples, seed=seed, groups=None, pooling="replicates")
        ci = {name: _percentile_ci(values[:, k], confidence) for k, name in enumerate(names)}
    return DetectionReport(
        n=int(y.size),
        n_positive=int(y.sum()),
        auc_pr=auc_pr_score(y, s),
        f1_opt=opt.f1,
        threshold_opt=opt.threshold,
        precision_opt=opt.precision,
        recall_opt=opt.recall,
        f1_dev=fixed.f1 if fixed is not None else None,
        threshold_dev=thr,
        precision=fixed.precision if fixed is not None else opt.precision,
        recall=fixed.recall if fixed is not None else opt.recall,
        ci=ci,
    )
