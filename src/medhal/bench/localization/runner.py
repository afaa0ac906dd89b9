"""Run a detector over MedHal-Loc items and score its localization (seed 000 §4) and detection.

Each item is checked twice: its hallucinated text (localization: are the top-ranked units on the gold span?;
detection label 1) and its clean text (detection label 0).  Pure metrics live in
:mod:`medhal.bench.localization.metrics`; this module does the I/O-free orchestration.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from medhal.bench.localization.metrics import LocalizationReport, localization_report
from medhal.data.medhal_loc import LocItem
from medhal.detect import CheckItem, CheckResult, Detector

__all__ = ["LocalizationRun", "run_localization"]


@dataclass(frozen=True, slots=True)
class LocalizationRun:
    overall: LocalizationReport
    by_type: dict[str, LocalizationReport]
    hallucinated: tuple[CheckResult, ...]
    clean: tuple[CheckResult, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.to_dict(),
            "by_type": {k: v.to_dict() for k, v in sorted(self.by_type.items())},
        }


def _ranked(result: CheckResult) -> tuple[list[str], list[float]]:
    ranked = result.ranked_units if result.status == "ok" else ()
    return [u.text for u in ranked], [u.suspicion for u in ranked]


def run_localization(detector: Detector, items: Sequence[LocItem], *, clean: bool = True) -> LocalizationRun:
    """Check every item's hallucinated (and, with ``clean``, clean) text and score localization."""
    hall = detector.detect_many([CheckItem(i.evidence, i.hallucinated_text, i.question, i.id) for i in items])
    clean_results = (
        detector.detect_many([CheckItem(i.evidence, i.clean_text, i.question, i.id + ":clean") for i in items])
        if clean
        else []
    )
    units, scores = zip(*(_ranked(r) for r in hall), strict=True) if hall else ((), ())
    gold = [i.gold_span for i in items]
    overall = localization_report(gold, list(units), scores=list(scores))
    groups: dict[str, list[int]] = defaultdict(list)
    for k, item in enumerate(items):
        groups[item.error_type].append(k)
    by_type = {}
    for name, idx in groups.items():
        try:
            by_type[name] = localization_report(
                [gold[k] for k in idx], [units[k] for k in idx], scores=[scores[k] for k in idx]
            )
        except ValueError:
            continue
    return LocalizationRun(overall, by_type, tuple(hall), tuple(clean_results))
