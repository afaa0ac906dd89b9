"""Verdict quality (issue 14): false contradictions, missed errors, flag rates, AUC-PR, per-verdict precision."""

from medhal.bench.verdicts.metrics import AnswerVerdicts, VerdictReport, answer_verdicts, verdict_report, verdict_share
from medhal.bench.verdicts.suite import VerdictSet, gold_span_of, run_verdict_suite, verdict_markdown

__all__ = [
    "AnswerVerdicts",
    "VerdictReport",
    "VerdictSet",
    "answer_verdicts",
    "gold_span_of",
    "run_verdict_suite",
    "verdict_markdown",
    "verdict_report",
    "verdict_share",
]
