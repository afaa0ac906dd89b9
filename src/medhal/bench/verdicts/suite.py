"""``medhal bench verdicts``: run detectors on faithful and hallucinated answers and score their verdicts.

Input: one or more labelled sets read by :func:`medhal.data.detection.read_detection` (MedHal-Loc format —
``clean_text`` / ``hallucinated_text`` / ``gold_span``, which medhal's hand-written clinical pairs
``benchmarks/data/clinical_pairs.jsonl`` also use — MedHallu, QAGS, HaluEval).  Every item of every set is
checked by every detector; an item whose check did not end ``ok`` keeps its record and status and is left out
of the metrics (counted per status), never dropped.

Run directory (refused when it exists and is not empty): ``run.json`` (sets, sizes, sha256 of each file,
detectors, verifier, medhal version), ``metrics.json`` (set -> detector -> :class:`VerdictReport` fields plus
``statuses``), ``items.jsonl`` (one line per set, detector and item: label, gold span and the full audit trail)
and ``report.md``.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from medhal.bench.runio import claim_run_dir, json_line, write_json
from medhal.bench.verdicts.metrics import AnswerVerdicts, answer_verdicts, verdict_report
from medhal.data.detection import DetectionItem
from medhal.data.loading import sha256_file
from medhal.detect import CheckItem, Detector

__all__ = ["SCHEMA_VERSION", "VerdictSet", "gold_span_of", "run_verdict_suite", "verdict_markdown"]

SCHEMA_VERSION = "1.0"


@dataclass(frozen=True, slots=True)
class VerdictSet:
    """A named labelled set: its items and the file they came from."""

    name: str
    path: Path
    items: Sequence[DetectionItem]


def gold_span_of(item: DetectionItem) -> str | None:
    """The text of the item's gold error: MedHal-Loc's ``gold_span``, else the first annotated span."""
    if item.label != 1:
        return None
    gold = item.meta.get("gold_span")
    if isinstance(gold, str) and gold:
        return gold
    spans = item.meta.get("hallucination_spans") or ()
    return next((s for s in spans if isinstance(s, str) and s), None)


def run_verdict_suite(
    detectors: Mapping[str, Detector],
    sets: Sequence[VerdictSet],
    out_dir: Path,
    *,
    meta: Mapping[str, Any] | None = None,
    on_done: Callable[[str, str, dict[str, Any], float], None] | None = None,
) -> dict[str, dict[str, dict[str, Any]]]:
    """Check every set with every detector, write the run directory, return ``metrics.json``'s content."""
    claim_run_dir(out_dir)
    info = {
        "schema_version": SCHEMA_VERSION,
        "sets": [
            {"name": s.name, "path": str(s.path), "sha256": sha256_file(s.path), "items": len(s.items)} for s in sets
        ],
        "detectors": list(detectors),
        **(meta or {}),
    }
    write_json(out_dir / "run.json", info)
    items_path = out_dir / "items.jsonl"
    metrics: dict[str, dict[str, dict[str, Any]]] = {}
    with items_path.open("x", encoding="utf-8") as fh:
        for vset in sets:
            metrics[vset.name] = {}
            checks = [CheckItem(i.evidence or "", i.response, i.question, i.id) for i in vset.items]
            for name, detector in detectors.items():
                start = time.perf_counter()
                results = detector.detect_many(checks)
                seconds = time.perf_counter() - start
                answers: list[AnswerVerdicts] = []
                for item, result in zip(vset.items, results, strict=True):
                    gold = gold_span_of(item)
                    if result.status == "ok" and result.score is not None and math.isfinite(result.score):
                        answers.append(answer_verdicts(result, item.label, gold))
                    row = {"set": vset.name, "detector": name, "id": item.id, "label": item.label, "gold_span": gold}
                    fh.write(json_line({**row, "result": result.to_dict(timings=False)}))
                entry: dict[str, Any] = verdict_report(answers).to_dict() if answers else {}
                entry["statuses"] = dict(sorted(Counter(str(r.status) for r in results).items()))
                entry["seconds"] = round(seconds, 3)
                metrics[vset.name][name] = entry
                write_json(out_dir / "metrics.json", metrics)
                if on_done is not None:
                    on_done(vset.name, name, entry, seconds)
    (out_dir / "report.md").write_text(verdict_markdown(metrics, info), encoding="utf-8")
    return metrics


_COLUMNS: tuple[tuple[str, str], ...] = (
    ("faithful_contradicted", "faithful units contradicted"),
    ("faithful_supported", "faithful units supported"),
    ("erroneous_supported", "erroneous units supported"),
    ("erroneous_contradicted", "erroneous units contradicted"),
    ("faithful_flagged", "faithful answers flagged"),
    ("hallucinated_flagged", "hallucinated answers flagged"),
    ("hit1", "hit@1"),
    ("auc_pr", "AUC-PR"),
    ("unit_roc_auc", "unit ROC-AUC"),
    ("precision_contradicted", "precision of contradicted"),
    ("precision_supported", "precision of supported"),
)


def _cell(value: Any) -> str:
    if not isinstance(value, int | float) or (isinstance(value, float) and math.isnan(value)):
        return "—"
    return f"{value:.3f}"


def verdict_markdown(metrics: Mapping[str, Mapping[str, Mapping[str, Any]]], info: Mapping[str, Any]) -> str:
    """The run's report: one table per set, one row per detector (shares in [0, 1])."""
    lines = ["# Verdict quality", "", f"medhal {info.get('medhal_version', '')}, verifier {info.get('verifier')}", ""]
    for set_name, by_detector in metrics.items():
        lines += [f"## {set_name}", ""]
        lines.append("| detector | " + " | ".join(label for _, label in _COLUMNS) + " | n (faithful / hallucinated) |")
        lines.append("| --- |" + " ---: |" * (len(_COLUMNS) + 1))
        for name, entry in by_detector.items():
            cells = " | ".join(_cell(entry.get(key)) for key, _ in _COLUMNS)
            lines.append(f"| `{name}` | {cells} | {entry.get('n_faithful', 0)} / {entry.get('n_hallucinated', 0)} |")
        lines.append("")
    lines += [
        "Faithful units: all units of faithful answers.  Erroneous units: units of hallucinated answers whose content",
        "tokens meet the gold span (seed 000 eq. 1).  Statuses other than `ok` are counted in `metrics.json`.",
        "",
    ]
    return "\n".join(lines)
