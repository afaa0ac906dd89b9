"""Inter-annotator agreement of the MedHal-Loc natural subset (seed 000 §3.3): span-level F1, Fleiss' kappa."""

from __future__ import annotations

from medhal.bench.agreement.compute import (
    AgreementResult,
    AuditSummary,
    ItemAgreement,
    PairAgreement,
    compute_agreement,
    summarize_audit,
)
from medhal.bench.agreement.metrics import (
    fleiss_agreement,
    fleiss_kappa_from_counts,
    fleiss_kappa_score,
    fleiss_table,
    span_f1_score,
)
from medhal.bench.agreement.spans import CoveredUnits, covered_units, locate_span

__all__ = [
    "AgreementResult",
    "AuditSummary",
    "CoveredUnits",
    "ItemAgreement",
    "PairAgreement",
    "compute_agreement",
    "covered_units",
    "fleiss_agreement",
    "fleiss_kappa_from_counts",
    "fleiss_kappa_score",
    "fleiss_table",
    "locate_span",
    "span_f1_score",
    "summarize_audit",
]
