"""Across-run analysis of paired runs (seed 002 §4.5, Appendix F) from run directories on disk.

``medhal bench paired`` / ``medhal score paired`` write one run directory per model and dataset: ``config.json``
(its ``options``: ``model`` or ``predictions``, ``data``, ``format``; ``run.json`` in runs made before it) and
``metrics.json`` (per configuration: ``pointwise`` and
``pairs``).  :func:`run_records` turns a set of them into :class:`~medhal.bench.paired.across.RunRecord` s (one
per model x dataset x configuration) and :func:`across_report` computes, from them, the bias correlations
(Table 8), the deception zone (F1 >= 0.6 and BCR < 25%), top-3 by F1 vs by BCR (Table 9) and actual vs
expected BCR under independence (Table 10), averaging the configurations of each model and dataset first, as
the seed does.

Two E[BCR] definitions exist and are kept apart: Table 10 here (``independence``) multiplies the entry's mean
**pointwise** sensitivity and specificity (``pointwise.recall`` / ``pointwise.specificity`` over every parsed note,
as the seed's Table 10 does from Tables 11-14), whereas a run's own ``pairs.expected_bcr`` / ``r_independence``
(Table 2 of the paired report, its BCR figure) use the marginals **on the paired notes** (Appendix B, eq. 4).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from medhal.bench.paired.across import (
    CorrelationRow,
    IndependenceRow,
    RunRecord,
    TopKOverlap,
    bias_correlations,
    deception_zone,
    independence_ratios,
    top_k_overlap,
)
from medhal.bench.suite import read_run_info
from medhal.detect.records import JSONObject
from medhal.errors import RunDirError

__all__ = ["AcrossReport", "RunDirError", "across_report", "run_records"]


def _num(value: object) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else math.nan


def run_records(run_dirs: Sequence[Path], *, model_names: Sequence[str] | None = None) -> list[RunRecord]:
    """One record per (run directory, configuration); ``model_names`` overrides the names its run recorded."""
    records: list[RunRecord] = []
    for k, run_dir in enumerate(run_dirs):
        try:
            meta = read_run_info(run_dir)
            metrics = json.loads((run_dir / "metrics.json").read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError, RunDirError) as exc:
            raise RunDirError(f"{run_dir}: not a paired run directory ({type(exc).__name__})") from None
        if meta is None:
            raise RunDirError(f"{run_dir}: not a paired run directory (no config.json or run.json)")
        model = model_names[k] if model_names else str(meta.get("model") or meta.get("predictions") or run_dir.name)
        dataset = str(meta.get("dataset") or Path(str(meta.get("data", run_dir.name))).stem)
        for config, m in metrics.items():
            if config == "mean" or not isinstance(m, dict) or not m.get("pointwise") or not m.get("pairs"):
                continue
            point, pairs = m["pointwise"], m["pairs"]
            records.append(
                RunRecord(
                    model=model,
                    dataset=dataset,
                    config=str(config),
                    flag_rate=_num(point.get("flag_rate")),
                    f1=_num(point.get("f1")),
                    bcr=_num(pairs.get("bcr")),
                    sensitivity=_num(point.get("recall")),
                    specificity=_num(point.get("specificity")),
                )
            )
    if not records:
        raise RunDirError("no configuration with pointwise and pairs metrics in the given run directories")
    return records


@dataclass(frozen=True, slots=True)
class AcrossReport:
    """Tables 8-10 of seed 002 and the deception zone over the runs' records (configurations averaged first)."""

    runs: Sequence[RunRecord]
    correlations: Sequence[CorrelationRow]
    deception_zone: Sequence[RunRecord]
    top_k: Sequence[TopKOverlap]
    independence: Sequence[IndependenceRow]
    k: int = 3

    def to_json(self) -> JSONObject:
        """``across.json``."""
        return {
            "runs": [r.to_dict() for r in self.runs],
            "correlations": [row.to_dict() for row in self.correlations],
            "deception_zone": [r.to_dict() for r in self.deception_zone],
            "top_k": [row.to_dict() for row in self.top_k],
            "independence": [row.to_dict() for row in self.independence],
        }


def across_report(records: Sequence[RunRecord], *, k: int = 3) -> AcrossReport:
    """Tables 8-10 of seed 002 and the deception zone."""
    return AcrossReport(
        list(records),
        bias_correlations(records),
        deception_zone(records),
        top_k_overlap(records, k=k),
        independence_ratios(records),
        k,
    )
