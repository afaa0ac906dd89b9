"""Score paired clinical error detection (seed 002) and write a run directory.

``score_paired`` turns notes, their pairing and per-note predictions into the ``metrics.json`` of
``medhal bench paired`` / ``medhal score paired``: for every configuration and for their ``mean`` (with the
population sd over configurations, as seed 002 Table 2 reports it)

* ``pointwise``: ``balanced_accuracy, f1, precision, recall, specificity, mcc, flag_rate`` over every note with
  a parsed verdict (unpaired notes included, §3.4.1);
* ``pairs``: ``n, bc, pred1, pred0, bw, bcr, expected_bcr, r_independence`` with parse failures skipped (the
  default), the same under random-assignment imputation under ``pairs_imputed``, ``random_bcr`` (the
  prevalence-calibrated baseline) and a pair-cluster bootstrap CI of BCR;
* ``eca``: Evidence Contrastive Analysis on Pred1 pairs (§3.4.3);
* ``parse_failures``: count, rate and statuses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from medhal.bench.paired.eca import EcaScope, eca_report, embedding_localization_report
from medhal.bench.paired.metrics import (
    aggregate_configs,
    pair_bootstrap_ci,
    pair_reports_by_strategy,
    pair_set_random_baseline,
    pointwise_report,
    predictions_by_note,
)
from medhal.bench.paired.pairing import PairingResult
from medhal.bench.paired.records import NotePrediction
from medhal.bench.runio import json_line, write_json
from medhal.data.notes import ClinicalNote

__all__ = ["score_paired", "write_paired_run"]

SCHEMA_VERSION = "1.0"


def _config_metrics(
    notes: Sequence[ClinicalNote],
    pairing: PairingResult,
    preds: Mapping[str, NotePrediction],
    *,
    eca_scope: EcaScope,
    threshold: float,
    seed: int,
    n_resamples: int,
    embedder: Any | None = None,
) -> dict[str, Any]:
    labels = {n.id: n.error_flag for n in notes}
    parsed = [(labels[i], p.prediction) for i, p in preds.items() if i in labels and p.status == "ok"]
    y_true = [t for t, _ in parsed]
    y_pred = [int(p) for _, p in parsed if p is not None]
    statuses = Counter(str(preds[n.id].status) if n.id in preds else "missing" for n in notes)
    failures = sum(v for k, v in statuses.items() if k != "ok")
    out: dict[str, Any] = {
        "pointwise": pointwise_report(y_true, y_pred).to_dict() if parsed else None,
        "parse_failures": {
            "count": failures,
            "rate": failures / len(notes) if notes else 0.0,
            "statuses": dict(sorted(statuses.items())),
        },
    }
    reports = pair_reports_by_strategy(list(pairing.pairs), preds, seed=seed)
    pairs = reports["skip"].to_dict()
    pairs["random_bcr"] = pair_set_random_baseline(list(pairing.pairs)).expected_bcr
    if n_resamples > 0 and pairs.get("n"):
        ci = pair_bootstrap_ci(list(pairing.pairs), preds, "bcr", n_resamples=n_resamples, seed=seed)
        pairs["bcr_ci"] = [ci.low, ci.high]
    out["pairs"] = pairs
    out["pairs_imputed"] = reports["impute"].to_dict()
    by_id = {n.id: n for n in notes}
    by_id.update({n.id: n for n in pairing.added_notes})
    try:
        out["eca"] = eca_report(list(pairing.pairs), by_id, preds, scope=eca_scope, threshold=threshold).to_dict()
    except ValueError as exc:  # e.g. no corrected sentence in the data
        out["eca"] = None
        out["eca_note"] = str(exc).splitlines()[0]
    if embedder is not None and pairing.pairs:
        emb = embedding_localization_report(list(pairing.pairs), by_id, preds, embedder, scope=eca_scope)
        out["eca_embedding"] = emb.to_dict()
    return out


def score_paired(
    notes: Sequence[ClinicalNote],
    pairing: PairingResult,
    predictions: Sequence[NotePrediction],
    *,
    eca_scope: EcaScope = "pred1",
    threshold: float = 0.6,
    seed: int = 0,
    n_resamples: int = 1000,
    embedder: Any | None = None,
) -> dict[str, dict[str, Any]]:
    """``metrics.json``: configuration name (and ``mean`` when there are several) -> numbers.  With an
    ``embedder`` (:class:`medhal.detect.embedding.Embedder`) each configuration also gets ``eca_embedding``:
    Recall@1 / Recall@3 / MRR of the gold error sentence ranked by similarity to the cited evidence."""
    configs = list(dict.fromkeys(p.config for p in predictions))
    out: dict[str, dict[str, Any]] = {}
    for config in configs:
        preds = predictions_by_note(predictions, config=config)
        out[config] = _config_metrics(
            notes,
            pairing,
            preds,
            eca_scope=eca_scope,
            threshold=threshold,
            seed=seed,
            n_resamples=n_resamples,
            embedder=embedder,
        )
    if len(configs) > 1:
        mean: dict[str, Any] = {}
        for part in ("pointwise", "pairs", "eca"):
            rows = [out[c][part] for c in configs if out[c].get(part)]
            numeric = [
                {k: v for k, v in r.items() if isinstance(v, int | float) and not isinstance(v, bool)} for r in rows
            ]
            mean[part] = aggregate_configs(numeric, ddof=0) if numeric else None
        total = sum(out[c]["parse_failures"]["count"] for c in configs)
        mean["parse_failures"] = {"count": total, "rate": total / (len(notes) * len(configs)) if notes else 0.0}
        out["mean"] = mean
    return out


def write_paired_run(
    out_dir: Path,
    metrics: Mapping[str, Any],
    pairing: PairingResult,
    predictions: Sequence[NotePrediction],
    meta: Mapping[str, Any],
) -> None:
    """``run.json``, ``metrics.json``, ``pairs.json`` and ``predictions.jsonl`` (unless the runner wrote it);
    ``report.md`` is :func:`medhal.report.paired.write_paired_report`'s (the CLI calls it next)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    write_json(out_dir / "run.json", {"schema_version": SCHEMA_VERSION, **meta})
    write_json(out_dir / "metrics.json", dict(metrics))
    write_json(out_dir / "pairs.json", pairing.to_dict())
    pred_path = out_dir / "predictions.jsonl"
    if not pred_path.exists():
        pred_path.write_text(
            "".join(json_line(p.to_dict()) for p in predictions),
            encoding="utf-8",
        )
