"""The ``medhal score agreement`` run: metrics.json, items.jsonl and run.json in a run directory (report.md is
:mod:`medhal.report.agreement`'s).

``metrics.json`` top-level keys: ``span_f1`` and ``fleiss_kappa`` (the headline figures, under the ``tokens``
unit), ``published`` (seed 000's printed figures), ``tokens``, ``agreement`` (the full summary: pairs, Fleiss
terms, diagnostics, counts), ``variants`` (the same summary under every other unit), ``audit`` (the human audit
counts, ``null`` without the sheet) and ``data`` (file counts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from medhal.bench.agreement.compute import AgreementResult, AuditSummary
from medhal.bench.runio import atomic_write_text, claim_run_dir, json_line, write_json

__all__ = ["PUBLISHED", "build_metrics", "write_agreement_run"]

PUBLISHED: dict[str, Any] = {
    "span_f1": 0.87,
    "fleiss_kappa": 0.88,
    "audit_items": 18,
    "audit_accepted": 1,
    "audit_partial": 1,
    "source": "seed 000 §3.3 and §6.5 (MedHal-Loc natural subset, 40 items, 3 LLM annotators)",
}


def build_metrics(
    result: AgreementResult,
    variants: Sequence[AgreementResult],
    audit: AuditSummary | None,
    data: Mapping[str, Any],
) -> dict[str, Any]:
    """The ``metrics.json`` payload (see the module docstring)."""
    return {
        "span_f1": result.span_f1,
        "fleiss_kappa": result.fleiss_kappa,
        "published": dict(PUBLISHED),
        "tokens": result.tokens,
        "agreement": result.summary(),
        "variants": {v.tokens: v.summary() for v in variants},
        "audit": audit.as_dict() if audit is not None else None,
        "data": dict(data),
    }


def write_agreement_run(
    out: Path, metrics: Mapping[str, Any], result: AgreementResult, meta: Mapping[str, Any]
) -> None:
    """Claim ``out`` (absent or empty) and write ``metrics.json``, ``items.jsonl`` and ``run.json``; ``report.md``
    is :func:`medhal.report.agreement.write_agreement_report`'s (the CLI calls it next)."""
    claim_run_dir(out)
    write_json(out / "metrics.json", metrics)
    atomic_write_text(out / "items.jsonl", "".join(json_line(item.as_dict()) for item in result.items))
    write_json(out / "run.json", dict(meta))
