"""MedHal-Loc localization faithfulness (seed 000 §4)."""

from medhal.bench.localization.metrics import (
    LocalizationReport,
    coverage_score,
    hit_at_k_score,
    localization_report,
    random_baseline_score,
    unit_hits,
)

__all__ = [
    "LocalizationReport",
    "coverage_score",
    "hit_at_k_score",
    "localization_report",
    "random_baseline_score",
    "unit_hits",
]
