"""The typed results of the stage-wise suite (seed 004 §4-§5): what :mod:`~medhal.bench.stagewise.metrics` computes
and ``metrics.json`` holds.

:class:`StagewiseMetrics` is ``metrics.json``: the chosen policies' numbers (:class:`StageBlock`: ``accuracy``,
``stage_hallucination``, ``upstream_controlled``, ``interventions``, ``judge``, ``status``) at the top, the authors'
code variant under ``authors_code``, the same per ``by_dataset`` and ``by_model`` and, with human labels,
``agreement``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import ClassVar, Literal

from medhal.detect.records import JSONObject

__all__ = [
    "AccuracyReport",
    "Agreement",
    "FixBreak",
    "InterventionReport",
    "InvalidPolicy",
    "JudgeAgreement",
    "JudgeCounts",
    "JudgeFailurePolicy",
    "StageBlock",
    "StageRate",
    "StagewiseMetrics",
]

METRICS_SCHEMA_VERSION = "1.0"
InvalidPolicy = Literal["count", "drop"]
JudgeFailurePolicy = Literal["separate", "hallucination"]


@dataclass(frozen=True, slots=True)
class AccuracyReport:
    """``all`` over every item, ``valid_only`` over valid traces; judge failures leave both denominators."""

    n: int
    correct: int
    all: float | None
    n_valid: int
    correct_valid: int
    valid_only: float | None
    invalid: int
    failed: int
    judge_failures: int

    def to_dict(self) -> JSONObject:
        return dict(asdict(self))


@dataclass(frozen=True, slots=True)
class StageRate:
    """One stage under one context: ``rate`` = hallucinated / judged (policy ``separate``) or (hallucinated +
    judge failures) / (judged + judge failures) (policy ``hallucination``, the authors' code)."""

    rate: float | None
    hallucinated: int
    judged: int
    judge_failures: int
    missing: int
    no_reference: int

    def to_dict(self) -> JSONObject:
        return dict(asdict(self))


@dataclass(frozen=True, slots=True)
class FixBreak:
    """Paired before/after correctness (seed 004 §5 Finding 2)."""

    n: int
    base_accuracy: float | None
    accuracy: float | None
    delta: float | None
    fixed: int
    broken: int
    n_wrong: int
    n_right: int
    fix_rate: float | None
    break_rate: float | None

    def to_dict(self) -> JSONObject:
        return dict(asdict(self))


@dataclass(frozen=True, slots=True)
class Agreement:
    """Percent agreement (0-100) and Cohen's kappa (``None`` when undefined: one label only on both sides)."""

    n: int
    percent: float | None
    kappa: float | None

    def to_dict(self) -> JSONObject:
        return dict(asdict(self))


@dataclass(frozen=True, slots=True)
class InterventionReport:
    """:class:`FixBreak` of an intervention against ``none`` over the paired items, and what left the pairing."""

    fix_break: FixBreak
    skipped: int
    judge_failures: int
    invalid_dropped: int

    def to_json(self) -> JSONObject:
        return self.fix_break.to_dict() | {
            "skipped": self.skipped,
            "judge_failures": self.judge_failures,
            "invalid_dropped": self.invalid_dropped,
        }


@dataclass(frozen=True, slots=True)
class JudgeAgreement:
    """Judge-human agreement pooled and per target, and the labels that could not be paired."""

    pooled: Agreement
    by_target: Mapping[str, Agreement]
    unmatched: int
    unjudged: int

    def to_json(self) -> JSONObject:
        out = self.pooled.to_dict()
        out["by_target"] = {t: a.to_dict() for t, a in self.by_target.items()}
        out.update(unmatched=self.unmatched, unjudged=self.unjudged)
        return out


@dataclass(frozen=True, slots=True)
class JudgeCounts:
    """Failed judge calls: all, on stages, on answers."""

    failures: int
    stage: int
    answer: int

    def to_json(self) -> JSONObject:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class StageBlock:
    """One set of records under one pair of policies (see the module docstring)."""

    accuracy: AccuracyReport
    stage_hallucination: Mapping[str, Mapping[str, StageRate]]
    upstream_controlled: Mapping[str, float | None]
    interventions: Mapping[str, InterventionReport]
    judge: JudgeCounts
    status: Mapping[str, Mapping[str, int]]

    def to_json(self) -> JSONObject:
        return {
            "accuracy": self.accuracy.to_dict(),
            "stage_hallucination": {
                c: {s: v.to_dict() for s, v in per.items()} for c, per in self.stage_hallucination.items()
            },
            "upstream_controlled": dict(self.upstream_controlled),
            "interventions": {c: v.to_json() for c, v in self.interventions.items()},
            "judge": self.judge.to_json(),
            "status": {c: dict(v) for c, v in self.status.items()},
        }


@dataclass(frozen=True, slots=True)
class StagewiseMetrics:
    """``metrics.json`` of a stage-wise run (see the module docstring)."""

    invalid_policy: InvalidPolicy
    judge_failure_policy: JudgeFailurePolicy
    items: int
    models: Sequence[str]
    datasets: Sequence[str]
    block: StageBlock
    authors_code: StageBlock
    """Invalid traces dropped, judge failures counted as hallucinations (the authors' code)."""
    by_dataset: Mapping[str, StageBlock]
    by_model: Mapping[str, StageBlock]
    agreement: JudgeAgreement | None = None
    schema_version: ClassVar[str] = METRICS_SCHEMA_VERSION

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "schema_version": self.schema_version,
            "policies": {"invalid_traces": self.invalid_policy, "judge_failures": self.judge_failure_policy},
            "items": self.items,
            "models": list(self.models),
            "datasets": list(self.datasets),
            **self.block.to_json(),
        }
        authors = {"policies": {"invalid_traces": "drop", "judge_failures": "hallucination"}}
        out["authors_code"] = authors | self.authors_code.to_json()
        out["by_dataset"] = {name: b.to_json() for name, b in self.by_dataset.items()}
        out["by_model"] = {name: b.to_json() for name, b in self.by_model.items()}
        if self.agreement is not None:
            out["agreement"] = self.agreement.to_json()
        return out
