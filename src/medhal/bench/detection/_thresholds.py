"""Label and score validation, and the threshold metrics (F1-optimal threshold, AUC-PR)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray
from sklearn.metrics import average_precision_score

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
