"""Verdict-quality metrics: can a clinician believe the verdicts, not only the ranking? (issue 14)

The localization suite (seed 000) asks whether the erroneous unit ranks first; the detection suite whether the
response score separates faithful from hallucinated answers.  Neither asks what a reader of the audit trail
sees: the *verdict* of each unit.  Over faithful answers (label 0) and hallucinated answers (label 1) whose
erroneous units are known (units whose content tokens meet the gold span, seed 000 eq. 1's ``h(u)``):

* ``faithful_contradicted`` — share of the units of faithful answers judged ``contradicted`` (false
  contradictions; the failure that destroys trust), with ``faithful_supported`` / ``faithful_unsupported``;
* ``erroneous_supported`` / ``erroneous_contradicted`` / ``erroneous_unsupported`` — the same over the erroneous
  units of hallucinated answers (an erroneous unit judged ``supported`` is a missed error);
* ``faithful_flagged`` / ``hallucinated_flagged`` — share of answers flagged (false / true alarm rate);
* ``hit1`` — share of hallucinated answers whose top-ranked unit is erroneous (seed 000 eq. 2);
* ``auc_pr`` — average precision of the response score, hallucinated vs faithful (seed 000 §5);
* ``unit_roc_auc`` — ROC-AUC of the unit suspicion, units of faithful answers vs erroneous units;
* ``precision_<verdict>`` — over the pool of faithful units and erroneous units: the share of ``contradicted``
  and of ``unsupported`` units that are erroneous, the share of ``supported`` units that are faithful.

Functions are pure and scikit-learn shaped; rates with an empty denominator are ``nan`` (JSON ``null``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from sklearn.metrics import roc_auc_score

from medhal.bench.detection import auc_pr_score
from medhal.bench.localization.metrics import unit_hits
from medhal.detect.records import CheckResult, JSONObject, Verdict
from medhal.text import content_tokens

__all__ = ["AnswerVerdicts", "VerdictReport", "answer_verdicts", "verdict_report", "verdict_share"]

VERDICTS: tuple[Verdict, ...] = ("supported", "contradicted", "unsupported")


@dataclass(frozen=True, slots=True)
class AnswerVerdicts:
    """One checked answer reduced to what the metrics need."""

    label: int
    """1 = hallucinated, 0 = faithful."""
    flagged: bool
    score: float
    verdicts: tuple[Verdict, ...]
    suspicions: tuple[float, ...]
    erroneous: tuple[bool, ...]
    """Per unit: holds the gold error (always ``False`` for faithful answers and without a gold span)."""
    has_gold: bool
    """Whether the answer's gold span has content tokens (localization is defined)."""


def answer_verdicts(result: CheckResult, label: int, gold_span: str | None = None) -> AnswerVerdicts:
    """Reduce an ``ok`` :class:`CheckResult` of an answer with ``label`` (and its gold span, if hallucinated)."""
    if result.status != "ok" or result.score is None or result.flagged is None:
        raise ValueError(f"only ok results with a score can be reduced, got status {result.status!r}")
    texts = [u.text for u in result.units]
    has_gold = bool(label == 1 and gold_span and content_tokens(gold_span))
    hits = unit_hits(gold_span, texts) if has_gold and gold_span else [0] * len(texts)
    return AnswerVerdicts(
        label=label,
        flagged=bool(result.flagged),
        score=float(result.score),
        verdicts=tuple(u.verdict for u in result.units),
        suspicions=tuple(float(u.suspicion) for u in result.units),
        erroneous=tuple(bool(h) for h in hits),
        has_gold=has_gold,
    )


def verdict_share(verdicts: Sequence[Verdict], verdict: Verdict) -> float:
    """Share of ``verdicts`` equal to ``verdict`` (``nan`` when empty)."""
    return sum(1 for v in verdicts if v == verdict) / len(verdicts) if verdicts else math.nan


def _rate(flags: Sequence[bool]) -> float:
    return sum(flags) / len(flags) if flags else math.nan


def _precision(hits: int, total: int) -> float:
    return hits / total if total else math.nan


@dataclass(frozen=True, slots=True)
class VerdictReport:
    """The numbers of the module docstring plus their denominators."""

    n_faithful: int
    n_hallucinated: int
    n_faithful_units: int
    n_erroneous_units: int
    faithful_supported: float
    faithful_contradicted: float
    faithful_unsupported: float
    erroneous_supported: float
    erroneous_contradicted: float
    erroneous_unsupported: float
    faithful_flagged: float
    hallucinated_flagged: float
    hit1: float
    n_localized: int
    auc_pr: float
    unit_roc_auc: float
    precision_contradicted: float
    precision_unsupported: float
    precision_supported: float

    def to_dict(self) -> JSONObject:
        return asdict(self)


def verdict_report(answers: Sequence[AnswerVerdicts]) -> VerdictReport:
    """All verdict-quality numbers over ``answers`` (see the module docstring)."""
    faithful = [a for a in answers if a.label == 0]
    hallucinated = [a for a in answers if a.label == 1]
    f_units = [v for a in faithful for v in a.verdicts]
    f_susp = [s for a in faithful for s in a.suspicions]
    e_units = [v for a in hallucinated for v, e in zip(a.verdicts, a.erroneous, strict=True) if e]
    e_susp = [s for a in hallucinated for s, e in zip(a.suspicions, a.erroneous, strict=True) if e]
    localized = [a for a in hallucinated if a.has_gold and a.verdicts]
    top_hits = [a.erroneous[min(range(len(a.verdicts)), key=lambda i: (-a.suspicions[i], i))] for a in localized]
    labels = [a.label for a in answers]
    auc_pr = auc_pr_score(labels, [a.score for a in answers]) if len(set(labels)) == 2 else math.nan
    unit_auc = (
        float(roc_auc_score([0] * len(f_susp) + [1] * len(e_susp), f_susp + e_susp)) if f_susp and e_susp else math.nan
    )

    def count(units: Sequence[Verdict], verdict: Verdict) -> int:
        return sum(1 for v in units if v == verdict)

    return VerdictReport(
        n_faithful=len(faithful),
        n_hallucinated=len(hallucinated),
        n_faithful_units=len(f_units),
        n_erroneous_units=len(e_units),
        faithful_supported=verdict_share(f_units, "supported"),
        faithful_contradicted=verdict_share(f_units, "contradicted"),
        faithful_unsupported=verdict_share(f_units, "unsupported"),
        erroneous_supported=verdict_share(e_units, "supported"),
        erroneous_contradicted=verdict_share(e_units, "contradicted"),
        erroneous_unsupported=verdict_share(e_units, "unsupported"),
        faithful_flagged=_rate([a.flagged for a in faithful]),
        hallucinated_flagged=_rate([a.flagged for a in hallucinated]),
        hit1=_rate(top_hits),
        n_localized=len(localized),
        auc_pr=auc_pr,
        unit_roc_auc=unit_auc,
        precision_contradicted=_precision(
            count(e_units, "contradicted"), count(e_units, "contradicted") + count(f_units, "contradicted")
        ),
        precision_unsupported=_precision(
            count(e_units, "unsupported"), count(e_units, "unsupported") + count(f_units, "unsupported")
        ),
        precision_supported=_precision(
            count(f_units, "supported"), count(e_units, "supported") + count(f_units, "supported")
        ),
    )
