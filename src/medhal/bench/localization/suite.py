"""``medhal bench localization``: run several detectors on MedHal-Loc items and write a run directory.

``RUN_DIR/run.json`` records the data, options and detectors; ``RUN_DIR/metrics.json`` maps each detector name
to its localization numbers (``n, excluded, coverage, hit1, hit3, rand, lift, se, sigma, margin, per_type``)
and its detection numbers on hallucinated (1) vs clean (0) texts under ``detection``; ``RUN_DIR/items.jsonl``
holds one record per (detector, item); ``RUN_DIR/report.md`` (written by the ``render`` hook the CLI passes,
:func:`medhal.report.localization.write_localization_report`) renders both with the seed's Figure 2 (hit@1 vs
random) and Figure 5 (detection vs localization) when matplotlib is installed.  The τ rule and the clause rules
(``tau`` / ``clauses``: ``"paper"`` by default, or the published code's ``"code"``; issue 16) are recorded in
``run.json``, in each detector's ``metrics.json`` entry and at the top of ``report.md``.  Results of each detector are
written as soon as it finishes, so an interrupted run keeps what it computed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from medhal.bench.localization.metrics import ItemLocalization
from medhal.bench.localization.runner import LocalizationRun, run_localization
from medhal.bench.localization.spans import SpanItem
from medhal.bench.runio import json_line, json_safe, write_json
from medhal.data.medhal_loc import LocItem
from medhal.detect import Detector
from medhal.text.clauses import ClauseRules
from medhal.text.tokens import TauRule

__all__ = ["ReportWriter", "detection_numbers", "item_records", "run_localization_suite"]

SCHEMA_VERSION = "1.0"

TAU_LABELS: dict[str, str] = {
    "paper": "seed 000 §4 as written: alphabetic tokens of >= 4 letters, scikit-learn's 318 stop words",
    "code": "the published code's: [a-zA-Z][a-zA-Z-]{3,}, its 124-word stop list",
}
"""How ``report.md`` / ``run.json`` describe each τ rule."""
CLAUSE_LABELS: dict[str, str] = {
    "paper": "medhal's splitter: short fragments merged, clauses tile the text",
    "code": "the published code's splitter: fragments with < 2 code-tau tokens dropped",
}
"""How ``report.md`` / ``run.json`` describe each clause rule."""

ReportWriter = Callable[[Path, dict[str, dict[str, Any]], dict[str, Any]], object]
"""``render(out_dir, metrics, info)``: writes the report once every detector ran (``info``: ``run.json`` without
the detector list).  The CLI passes :func:`medhal.report.localization.write_localization_report`."""


def detection_numbers(run: LocalizationRun, *, seed: int = 0, n_resamples: int = 1000) -> dict[str, Any] | None:
    """Detection metrics of hallucinated (1) vs clean (0) texts from the run's response scores; items whose
    check failed on either side are left out and counted in ``failed``.  ``None`` without clean results."""
    if not run.clean:
        return None
    from medhal.bench.detection.suite import labelled_scores

    results = [*run.hallucinated, *run.clean]
    labels = [1] * len(run.hallucinated) + [0] * len(run.clean)
    y_true, y_score, kept = labelled_scores(labels, results)
    failed = len(results) - len(kept)
    if len(set(y_true)) < 2:
        return {"n": len(y_true), "failed": failed, "auc_pr": None}
    from medhal.bench.detection.metrics import detection_report

    report = detection_report(y_true, y_score, n_resamples=n_resamples, seed=seed)
    return {**report.to_dict(), "failed": failed}


def item_records(run: LocalizationRun, items: Sequence[LocItem]) -> list[dict[str, Any]]:
    """One record per item: statuses, response scores, the per-item localization terms, the top units."""
    terms = {x.id: x for x in run.items}
    clean = {r.id: r for r in run.clean}
    out = []
    for item, result in zip(items, run.hallucinated, strict=True):
        c = clean.get(f"{item.id}:clean")
        rec: dict[str, Any] = {
            "detector": run.detector,
            "id": item.id,
            "error_type": item.error_type,
            "gold_span": item.gold_span,
            "status": result.status,
            "reason": result.reason,
            "score": result.score,
            "clean_status": None if c is None else c.status,
            "clean_score": None if c is None else c.score,
        }
        term = terms.get(item.id)
        if isinstance(term, ItemLocalization):
            rec.update(k=term.k, m=term.m, hit1=term.hit1, hit3=term.hit3, rand=term.rand, margin=term.margin)
        elif isinstance(term, SpanItem):
            rec.update(
                flagged=term.flagged,
                n_spans=term.n_spans,
                hit=term.hit,
                n_flagged_tok=term.n_flagged_tok,
                n_passage_tok=term.n_passage_tok,
            )
        else:
            rec["excluded"] = run.kind != "response"
        ranked = result.ranked_units if result.status == "ok" else ()
        rec["units"] = [
            {"text": u.text, "start": u.start, "end": u.end, "kind": u.kind, "suspicion": u.suspicion} for u in ranked
        ]
        out.append(json_safe(rec))
    return out


def run_localization_suite(
    detectors: Mapping[str, Detector],
    items: Sequence[LocItem],
    out_dir: Path,
    *,
    clean: bool = True,
    meta: Mapping[str, Any] | None = None,
    render: ReportWriter | None = None,
    seed: int = 0,
    n_resamples: int = 1000,
    on_done: Callable[[str, dict[str, Any], float], None] | None = None,
    tau: TauRule = "paper",
    clauses: ClauseRules = "paper",
) -> dict[str, dict[str, Any]]:
    """Run each detector, write ``metrics.json`` / ``items.jsonl`` after each, then ``render`` the report."""
    out_dir.mkdir(parents=True, exist_ok=True)
    metrics: dict[str, dict[str, Any]] = {}
    items_path = out_dir / "items.jsonl"
    items_path.write_text("", encoding="utf-8")
    info = {
        "schema_version": SCHEMA_VERSION,
        "items": len(items),
        **(meta or {}),
        "tau": tau,
        "tau_rule": TAU_LABELS[tau],
        "clauses": clauses,
        "clause_rule": CLAUSE_LABELS[clauses],
    }
    write_json(out_dir / "run.json", {**info, "detectors": list(detectors)})
    for name, detector in detectors.items():
        start = time.perf_counter()
        run = run_localization(detector, items, clean=clean, tau=tau, clauses=clauses)
        seconds = time.perf_counter() - start
        entry = run.metrics()
        entry["detection"] = detection_numbers(run, seed=seed, n_resamples=n_resamples)
        entry["seconds"] = round(seconds, 3)
        first = run.hallucinated[0] if run.hallucinated else None
        entry["config"] = None if first is None else first.config
        entry["verifier_id"] = None if first is None else first.verifier_id
        metrics[name] = entry
        with items_path.open("a", encoding="utf-8") as fh:
            for rec in item_records(run, items):
                fh.write(json_line(rec))
        write_json(out_dir / "metrics.json", metrics)
        if on_done is not None:
            on_done(name, entry, seconds)
    if render is not None:
        render(out_dir, metrics, info)
    return metrics
