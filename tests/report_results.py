"""Typed suite results for the report tests: what the localization suite hands its report."""

from __future__ import annotations

from medhal.bench.detection.metrics import DetectionReport
from medhal.bench.localization.metrics import LocalizationReport
from medhal.bench.localization.records import DetectionNumbers, DetectorLocalization
from medhal.bench.localization.runner import LocalizationKind


def report(hit1: float, rand: float, lift: float, *, n: int = 100, coverage: float = 1.0) -> LocalizationReport:
    return LocalizationReport(n, 0, coverage, hit1, 0.91, rand, lift, 0.07, 10, 0.049, 3.2, True)


def detection(auc_pr: float, f1_opt: float = 0.67, threshold_opt: float = 0.3) -> DetectionNumbers:
    numbers = DetectionReport(200, 100, auc_pr, f1_opt, threshold_opt, 0.7, 0.6, None, None, 0.7, 0.6)
    return DetectionNumbers(200, 0, numbers)


def entry(kind: LocalizationKind, overall: LocalizationReport | None, auc_pr: float) -> DetectorLocalization:
    per_type = {} if overall is None else {"invented": report(0.5, 0.4, 0.1)}
    return DetectorLocalization(
        kind, {"ok": 200}, "paper", "paper", overall, per_type, detection(auc_pr), 1.0, {}, None
    )
