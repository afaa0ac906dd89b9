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
from dataclasses import asdict, dataclass, field

from numpy.typing import ArrayLike

from medhal.bench.detection._bootstrap import (
    _bootstrap,
    _check_confidence,
    _percentile_ci,
)
from medhal.bench.detection._thresholds import (
    FloatArray,
    IntArray,
    _as_binary,
    _require_both_classes,
    auc_pr_score,
    f1_optimal_threshold,
    threshold_metrics,
)
from medhal.detect.records import JSONObject

__all__ = ["DetectionReport", "detection_report"]

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

    def to_dict(self) -> JSONObject:
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
