"""Verdict quality (issue 14): false contradictions, missed errors, flag rates, AUC-PR, per-verdict precision."""

from medhal.bench.verdicts.metrics import AnswerVerdicts, VerdictReport, answer_verdicts, verdict_report, verdict_share
from medhal.bench.verdicts.suite import (
    SUITE,
    VerdictEntry,
    VerdictSet,
    VerdictsResult,
    VerdictsSpec,
    VerdictsSuite,
    gold_span_of,
)

__all__ = [
    "SUITE",
    "AnswerVerdicts",
    "VerdictEntry",
    "VerdictReport",
    "VerdictSet",
    "VerdictsResult",
    "VerdictsSpec",
    "VerdictsSuite",
    "answer_verdicts",
    "gold_span_of",
    "verdict_report",
    "verdict_share",
]
