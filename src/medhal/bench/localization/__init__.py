"""MedHal-Loc localization faithfulness (seed 000 §4): metrics, span metrics, the runner."""

from medhal.bench.localization.metrics import (
    ItemLocalization,
    LocalizationReport,
    aggregate_localization,
    coverage_score,
    hit_at_k_score,
    item_localization,
    localization_by_type,
    localization_report,
    random_baseline_score,
    unit_hits,
)
from medhal.bench.localization.spans import SpanItem, SpanReport, aggregate_spans, span_item, span_overlap_score

__all__ = [
    "ItemLocalization",
    "LocalizationReport",
    "SpanItem",
    "SpanReport",
    "aggregate_localization",
    "aggregate_spans",
    "coverage_score",
    "hit_at_k_score",
    "item_localization",
    "localization_by_type",
    "localization_report",
    "random_baseline_score",
    "span_item",
    "span_overlap_score",
    "unit_hits",
]
