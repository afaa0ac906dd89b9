"""Response-level detection metrics of seed 000 (Table 6): F1-optimal / fixed-threshold F1, AUC-PR, bootstrap."""

from medhal.bench.detection._bootstrap import (
    BootstrapResult,
    PairedBootstrapResult,
    bootstrap_ci,
    concat_runs,
    holm_correction,
    paired_bootstrap_pvalue,
)
from medhal.bench.detection._thresholds import (
    OptimalThreshold,
    ThresholdMetrics,
    auc_pr_score,
    f1_optimal_score,
    f1_optimal_threshold,
    threshold_metrics,
)
from medhal.bench.detection.metrics import DetectionReport, detection_report

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
