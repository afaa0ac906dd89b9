"""The records of a localization run: each detector's typed ``metrics.json`` entry and its per-item rows.

:class:`DetectorLocalization` is one detector's entry of ``metrics.json`` (its :meth:`~DetectorLocalization.to_json`
writes the keys ``kind, statuses, tau, clauses`` then ``n, excluded, coverage, hit1, hit3, rand, lift, se, sigma,
significant, margin, ...`` and ``per_type``, or ``localization: "n/a ..."`` for a response-level detector, then
``detection, seconds, config, verifier_id``); :func:`item_records` gives the ``items.jsonl`` rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from medhal.bench.checking import labelled_scores
from medhal.bench.detection.metrics import DetectionReport, detection_report
from medhal.bench.localization.metrics import LocalizationReport, LocalizationScores
from medhal.bench.localization.runner import LocalizationKind, LocalizationRun
from medhal.bench.localization.spans import SpanItem, SpanReport
from medhal.bench.runio import json_safe
from medhal.data.medhal_loc import LocItem
from medhal.detect.records import JSON, JSONObject
from medhal.text.clauses import ClauseRules
from medhal.text.tokens import TauRule

__all__ = [
    "CLAUSE_LABELS",
    "TAU_LABELS",
    "DetectionNumbers",
    "DetectorLocalization",
    "detection_numbers",
    "item_records",
]

TAU_LABELS: dict[str, str] = {
    "paper": "seed 000 §4 as written: alphabetic tokens of >= 4 letters, scikit-learn's 318 stop words",
    "code": "the published code's: [a-zA-Z][a-zA-Z-]{3,}, its 124-word stop list",
}
"""How ``report.md`` / ``config.json`` describe each τ rule."""
CLAUSE_LABELS: dict[str, str] = {
    "paper": "medhal's splitter: short fragments merged, clauses tile the text",
    "code": "the published code's splitter: fragments with < 2 code-tau tokens dropped",
}
"""How ``report.md`` / ``config.json`` describe each clause rule."""

RESPONSE_ONLY = "n/a: response-level detector (0% by construction)"


@dataclass(frozen=True, slots=True)
class DetectionNumbers:
    """Detection of hallucinated (1) vs clean (0) texts from a localization run's response scores: the full
    :class:`DetectionReport`, or only ``n`` when the scored items hold a single class."""

    n: int
    failed: int
    """Items whose check failed on either side (left out)."""
    report: DetectionReport | None = None

    @property
    def auc_pr(self) -> float | None:
        return None if self.report is None else self.report.auc_pr

    def to_json(self) -> JSONObject:
        if self.report is None:
            return {"n": self.n, "failed": self.failed, "auc_pr": None}
        return {**self.report.to_dict(), "failed": self.failed}


def detection_numbers(run: LocalizationRun, *, seed: int = 0, n_resamples: int = 1000) -> DetectionNumbers | None:
    """Detection metrics of hallucinated (1) vs clean (0) texts from the run's response scores; items whose
    check failed on either side are left out and counted in ``failed``.  ``None`` without clean results."""
    if not run.clean:
        return None
    results = [*run.hallucinated, *run.clean]
    labels = [1] * len(run.hallucinated) + [0] * len(run.clean)
    y_true, y_score, kept = labelled_scores(labels, results)
    failed = len(results) - len(kept)
    if len(set(y_true)) < 2:
        return DetectionNumbers(len(y_true), failed)
    report = detection_report(y_true, y_score, n_resamples=n_resamples, seed=seed)
    return DetectionNumbers(report.n, failed, report)


@dataclass(frozen=True, slots=True)
class DetectorLocalization:
    """One detector's ``metrics.json`` entry (see the module docstring)."""

    kind: LocalizationKind
    statuses: Mapping[str, int]
    tau: TauRule
    clauses: ClauseRules
    overall: LocalizationReport | SpanReport | None
    """``None`` for response-level detectors (they cannot localize)."""
    per_type: Mapping[str, LocalizationReport | SpanReport]
    detection: DetectionNumbers | None
    seconds: float
    config: Mapping[str, JSON] | None
    verifier_id: str | None

    @classmethod
    def of(cls, run: LocalizationRun, detection: DetectionNumbers | None, seconds: float) -> DetectorLocalization:
        first = run.hallucinated[0] if run.hallucinated else None
        return cls(
            run.kind,
            dict(sorted(run.statuses.items())),
            run.tau,
            run.clauses,
            run.overall,
            dict(sorted(run.by_type.items())),
            detection,
            round(seconds, 3),
            None if first is None else first.config,
            None if first is None else first.verifier_id,
        )

    @property
    def scores(self) -> LocalizationScores | None:
        """The localization numbers a table shows (``None`` for a response-level detector)."""
        return self.overall

    def to_json(self) -> JSONObject:
        base: JSONObject = {
            "kind": self.kind,
            "statuses": dict(self.statuses),
            "tau": self.tau,
            "clauses": self.clauses,
        }
        if self.overall is None:
            base["localization"] = RESPONSE_ONLY
        else:
            base |= self.overall.to_metrics()
            base["per_type"] = {k: v.to_metrics() for k, v in self.per_type.items()}
        base["detection"] = None if self.detection is None else self.detection.to_json()
        base["seconds"] = self.seconds
        base["config"] = None if self.config is None else dict(self.config)
        base["verifier_id"] = self.verifier_id
        return base


def item_records(run: LocalizationRun, items: Sequence[LocItem]) -> list[JSONObject]:
    """One record per item: statuses, response scores, the per-item localization terms, the top units."""
    terms = {x.id: x for x in run.items}
    clean = {r.id: r for r in run.clean}
    out: list[JSONObject] = []
    for item, result in zip(items, run.hallucinated, strict=True):
        c = clean.get(f"{item.id}:clean")
        rec: JSONObject = {
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
        if isinstance(term, SpanItem):
            rec.update(
                flagged=term.flagged,
                n_spans=term.n_spans,
                hit=term.hit,
                n_flagged_tok=term.n_flagged_tok,
                n_passage_tok=term.n_passage_tok,
            )
        elif term is not None:
            rec.update(k=term.k, m=term.m, hit1=term.hit1, hit3=term.hit3, rand=term.rand, margin=term.margin)
        else:
            rec["excluded"] = run.kind != "response"
        ranked = result.ranked_units if result.status == "ok" else ()
        rec["units"] = [
            {"text": u.text, "start": u.start, "end": u.end, "kind": u.kind, "suspicion": u.suspicion} for u in ranked
        ]
        safe = json_safe(rec)
        out.append(safe if isinstance(safe, dict) else rec)
    return out
