"""``medhal bench detection``: run detectors on labelled items and write a run directory (seed 000 §5, Table 6).

For each detector every item is checked; its response score is the detection score (higher = more likely
hallucinated) and its label the gold (1 = hallucinated).  Items whose check did not end ``ok`` keep their
record with their status and are left out of the metric (counted per status; the parse-failure rate is
reported), never dropped silently.

* ``f1_opt`` / ``threshold_opt``: the F1-optimal threshold tuned on the evaluated items (the seed's protocol;
  optimistic);
* ``f1_dev`` / ``threshold_dev``: with ``dev_items``, the F1-optimal threshold of the dev split applied to the
  test items (the honest protocol); ``precision`` / ``recall`` are then at that threshold;
* ``auc_pr``: average precision; ``ci``: percentile bootstrap intervals;
* ``comparisons.json``: paired bootstrap p-values of AUC-PR between every pair of detectors over the items
  all of them scored, Holm-corrected.

Outputs: ``run.json``, ``metrics.json`` (detector -> numbers), ``items.jsonl``, ``comparisons.json``, and
``report.md`` from the ``render`` hook the CLI passes (:func:`medhal.report.detection.write_detection_report`).

:func:`run_detection_table6` is the seed's own protocol instead (seed 000 §5, §6.4, Table 6: "3 seeds, pooled
bootstrap; F1-optimal threshold"): every detector on several seeded samples, the seeds' scores pooled and
bootstrapped, each cell a bootstrap mean, printed beside the published file's cells
(:mod:`medhal.bench.detection.table6`).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

from medhal.bench.detection.metrics import auc_pr_score, detection_report, holm_correction, paired_bootstrap_pvalue
from medhal.bench.detection.table6 import PublishedDetection, per_seed_points, table6_bootstrap, table6_markdown
from medhal.bench.runio import json_line, write_json
from medhal.data.detection import DetectionItem
from medhal.detect import CheckItem, CheckResult, Detector

__all__ = [
    "ReportWriter",
    "check_items",
    "labelled_scores",
    "run_detection_suite",
    "run_detection_table6",
    "table6_entry",
]

SCHEMA_VERSION = "1.0"

ReportWriter = Callable[[Path, dict[str, dict[str, Any]], list[dict[str, Any]], dict[str, Any]], object]
"""``render(out_dir, metrics, comparisons, info)``: writes the report of :func:`run_detection_suite` once every
detector ran (``info``: ``run.json`` without the detector list).  The CLI passes
:func:`medhal.report.detection.write_detection_report`."""


def check_items(items: Sequence[DetectionItem]) -> list[CheckItem]:
    """Detection items as checker input; a missing evidence becomes ``""`` (the detector reports
    ``input_error`` for it unless it needs no evidence)."""
    return [CheckItem(i.evidence or "", i.response, i.question, i.id) for i in items]


def labelled_scores(labels: Sequence[int], results: Sequence[CheckResult]) -> tuple[list[int], list[float], list[int]]:
    """``(y_true, y_score, kept)``: the labels and response scores of the results that ended ``ok`` with a
    finite score, and their positions; the others are left out (their statuses are counted by the caller)."""
    y_true, y_score, kept = [], [], []
    for k, (label, result) in enumerate(zip(labels, results, strict=True)):
        if result.status == "ok" and result.score is not None and math.isfinite(result.score):
            y_true.append(label)
            y_score.append(float(result.score))
            kept.append(k)
    return y_true, y_score, kept


def run_detection_suite(
    detectors: Mapping[str, Detector],
    items: Sequence[DetectionItem],
    out_dir: Path,
    *,
    dev_items: Sequence[DetectionItem] | None = None,
    meta: Mapping[str, Any] | None = None,
    seed: int = 0,
    n_resamples: int = 1000,
    on_done: Callable[[str, dict[str, Any], float], None] | None = None,
    render: ReportWriter | None = None,
) -> dict[str, dict[str, Any]]:
    """Run each detector on ``items`` (and ``dev_items``), write the run directory, return ``metrics.json``;
    ``render`` writes the report last."""
    out_dir.mkdir(parents=True, exist_ok=True)
    info = {"schema_version": SCHEMA_VERSION, "items": len(items), "dev_items": len(dev_items or ()), **(meta or {})}
    write_json(out_dir / "run.json", {**info, "detectors": list(detectors)})
    items_path = out_dir / "items.jsonl"
    items_path.write_text("", encoding="utf-8")
    metrics: dict[str, dict[str, Any]] = {}
    scored: dict[str, dict[int, float]] = {}
    for name, detector in detectors.items():
        start = time.perf_counter()
        results = detector.detect_many(check_items(items))
        dev_results = detector.detect_many(check_items(dev_items)) if dev_items else []
        seconds = time.perf_counter() - start
        statuses = Counter(str(r.status) for r in results)
        y_true, y_score, kept = labelled_scores([i.label for i in items], results)
        entry: dict[str, Any] = {
            "statuses": dict(sorted(statuses.items())),
            "parse_failure_rate": statuses.get("parse_failure", 0) / len(items) if items else 0.0,
            "seconds": round(seconds, 3),
        }
        if len(set(y_true)) == 2:
            dev = None
            if dev_items:
                dy, ds, _ = labelled_scores([i.label for i in dev_items], dev_results)
                dev = (dy, ds) if len(set(dy)) == 2 else None
                entry["dev_statuses"] = dict(sorted(Counter(str(r.status) for r in dev_results).items()))
            report = detection_report(y_true, y_score, dev=dev, n_resamples=n_resamples, seed=seed)
            entry.update(report.to_dict())
        else:
            entry.update(n=len(y_true), auc_pr=None, note="fewer than two classes among scored items")
        metrics[name] = entry
        scored[name] = dict(zip(kept, y_score, strict=True))
        with items_path.open("a", encoding="utf-8") as fh:
            for item, result in zip(items, results, strict=True):
                row = {
                    "detector": name,
                    "id": item.id,
                    "label": item.label,
                    "status": result.status,
                    "reason": result.reason,
                    "score": result.score,
                    "flagged": result.flagged,
                }
                fh.write(json_line(row))
        write_json(out_dir / "metrics.json", metrics)
        if on_done is not None:
            on_done(name, entry, seconds)
    comparisons = compare_detectors(items, scored, seed=seed, n_resamples=n_resamples)
    write_json(out_dir / "comparisons.json", comparisons)
    if render is not None:
        render(out_dir, metrics, comparisons, info)
    return metrics


def compare_detectors(
    items: Sequence[DetectionItem], scored: Mapping[str, Mapping[int, float]], *, seed: int, n_resamples: int
) -> list[dict[str, Any]]:
    """Paired bootstrap p-values (two-sided) of the AUC-PR difference for every detector pair, on the items both
    scored, with Holm's correction over all pairs."""
    rows: list[dict[str, Any]] = []
    for a, b in combinations(sorted(scored), 2):
        common = sorted(set(scored[a]) & set(scored[b]))
        y = [items[k].label for k in common]
        if len(set(y)) < 2 or n_resamples <= 0:
            continue
        result = paired_bootstrap_pvalue(
            y,
            [scored[a][k] for k in common],
            [scored[b][k] for k in common],
            auc_pr_score,
            n_resamples=n_resamples,
            seed=seed,
        )
        rows.append({"a": a, "b": b, "n": len(common), "metric": "auc_pr", **result.to_dict()})
    if rows:
        adjusted = holm_correction([r["pvalue"] for r in rows])
        for row, p in zip(rows, adjusted, strict=True):
            row["pvalue_holm"] = float(p)
    return rows


def run_detection_table6(
    detectors: Mapping[str, Detector],
    samples: Mapping[int, Sequence[DetectionItem]],
    out_dir: Path,
    *,
    meta: Mapping[str, Any] | None = None,
    n_resamples: int = 1000,
    published: PublishedDetection | None = None,
    dataset: str | None = None,
    on_done: Callable[[str, dict[str, Any], float], None] | None = None,
) -> dict[str, dict[str, Any]]:
    """Seed 000 Table 6 protocol (§5, §6.4; :mod:`medhal.bench.detection.table6`): each detector checks the items
    of every seed's sample; its ``ok`` scores of all seeds are pooled (ascending seed order) and bootstrapped as
    published.  ``metrics.json``: detector -> ``protocol, seeds, n, per_seed, seeds_summary, bootstrap,
    statuses``; ``items.jsonl`` rows carry their ``seed``; ``report.md`` prints Table 6 recomputed from
    ``published`` beside medhal's numbers (the counterpart's cell of ``dataset``)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    seeds = sorted(samples)
    info = {
        "schema_version": SCHEMA_VERSION,
        "protocol": "table6 (seed 000 Table 6: bootstrap mean over pooled seeds)",
        "seeds": seeds,
        "items": {str(s): len(samples[s]) for s in seeds},
        "published_dataset": dataset,
        **(meta or {}),
    }
    write_json(out_dir / "run.json", {**info, "detectors": list(detectors)})
    items_path = out_dir / "items.jsonl"
    items_path.write_text("", encoding="utf-8")
    metrics: dict[str, dict[str, Any]] = {}
    for name, detector in detectors.items():
        start = time.perf_counter()
        y_all: list[int] = []
        s_all: list[float] = []
        g_all: list[int] = []
        statuses: Counter[str] = Counter()
        with items_path.open("a", encoding="utf-8") as fh:
            for seed in seeds:
                items = samples[seed]
                results = detector.detect_many(check_items(items))
                statuses.update(str(r.status) for r in results)
                y, s, _ = labelled_scores([i.label for i in items], results)
                y_all += y
                s_all += s
                g_all += [seed] * len(y)
                for item, result in zip(items, results, strict=True):
                    row = {
                        "detector": name,
                        "seed": seed,
                        "id": item.id,
                        "label": item.label,
                        "status": result.status,
                        "score": result.score,
                    }
                    fh.write(json_line(row))
        entry = table6_entry(y_all, s_all, g_all, n_resamples=n_resamples)
        entry["statuses"] = dict(sorted(statuses.items()))
        entry["seconds"] = round(time.perf_counter() - start, 3)
        metrics[name] = entry
        write_json(out_dir / "metrics.json", metrics)
        if on_done is not None:
            on_done(name, entry, entry["seconds"])
    header = ["# Detection, seed 000 Table 6 protocol", ""] + [f"- {k}: {v}" for k, v in info.items()] + [""]
    report = "\n".join(header) + "\n" + table6_markdown(published, metrics, dataset=dataset)
    (out_dir / "report.md").write_text(report, encoding="utf-8")
    return metrics


def table6_entry(
    y_true: Sequence[int], y_score: Sequence[float], seeds: Sequence[int], *, n_resamples: int = 1000
) -> dict[str, Any]:
    """One detector's Table 6 numbers from its pooled ``(label, score, seed)`` triples: per-seed points, their
    mean, and the pooled bootstrap (``bootstrap[metric].mean`` is the Table 6 cell); ``bootstrap`` is ``None``
    and ``note`` says why when a seed lacks a class."""
    entry: dict[str, Any] = {
        "protocol": "table6",
        "seeds": sorted(set(seeds)),
        "n": len(y_true),
        "auc_pr": None,
    }
    by_seed = {s: [y for y, g in zip(y_true, seeds, strict=True) if g == s] for s in set(seeds)}
    if not by_seed or any(len(set(v)) < 2 for v in by_seed.values()):
        entry.update(bootstrap=None, note="a seed has fewer than two classes among scored items")
        return entry
    per_seed = per_seed_points(y_true, y_score, seeds)
    entry["per_seed"] = per_seed
    entry["seeds_summary"] = {
        k: sum(v[k] for v in per_seed.values()) / len(per_seed) for k in ("P", "R", "F1", "AUC-PR")
    }
    if n_resamples > 0:
        boot = table6_bootstrap(y_true, y_score, seeds, n_resamples=n_resamples)
        entry["bootstrap"] = {k: v.to_dict() for k, v in boot.items()}
        entry["auc_pr"] = boot["AUC-PR"].mean
        entry["f1"] = boot["F1"].mean
    return entry
