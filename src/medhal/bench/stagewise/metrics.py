"""Metrics of the stage-wise suite (seed 004 §4-§5): pure functions over records, no I/O.

* **Answer accuracy** (§4 "Answer-level evaluation", c_i in {0, 1}): over all items (an invalid or failed trace is
  scored on its answer, wrong when it has none) and over valid traces only, with the invalid count beside both.
  An answer whose LLM judge failed has no c_i: it leaves numerator and denominator and is counted.
* **Stage hallucination rate** (§4 "Stage-wise diagnosis"): hallucinated / judged stages, per context, where a
  context fixes the upstream stages (``rep-v`` gives the reference VR, so its KR rate is upstream-controlled).
  ``upstream_controlled`` picks VR under ``none``, KR under ``rep-v`` and RI under ``rep-vk``.
* **Interventions** (§4 "Stage replacement", §5 Finding 2), over the items where the intervention ran and both
  correctness labels are known: Δ_sAcc = Acc(rep-s) - Acc(none); Fix rate = #(wrong -> right) / #(wrong under
  none); Break rate = #(right -> wrong) / #(right under none).  Hence Δ = (fixed - broken) / n.
* **Judge-human agreement** (§5 "Human evaluation"): percent agreement and Cohen's kappa (scikit-learn).

Paper vs code (the issue): the authors' code drops invalid traces from accuracy and counts a failed judge call as a
hallucination.  ``invalid_policy="drop"`` and ``judge_failure_policy="hallucination"`` reproduce that; the defaults
(``count``, ``separate``) are the honest ones, and :func:`score_records` always adds the authors' variant under
``authors_code``.
"""

from __future__ import annotations

import math
import warnings
from collections import Counter
from collections.abc import Sequence

from medhal.bench.stagewise.parsing import HumanLabel, StagewiseRecord
from medhal.bench.stagewise.results import (
    AccuracyReport,
    Agreement,
    FixBreak,
    InterventionReport,
    InvalidPolicy,
    JudgeAgreement,
    JudgeCounts,
    JudgeFailurePolicy,
    StageBlock,
    StageRate,
    StagewiseMetrics,
)
from medhal.data.stagewise import STAGES

__all__ = [
    "AccuracyReport",
    "Agreement",
    "FixBreak",
    "InvalidPolicy",
    "JudgeFailurePolicy",
    "StageRate",
    "StagewiseMetrics",
    "agreement",
    "answer_accuracy",
    "fix_break",
    "intervention_report",
    "judge_human_agreement",
    "score_records",
    "stage_rates",
]

UPSTREAM_CONTEXT = {"vr": "none", "kr": "rep-v", "ri": "rep-vk"}


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def answer_accuracy(records: Sequence[StagewiseRecord]) -> AccuracyReport:
    """Accuracy of one context's records (seed 004 §4)."""
    known = [r for r in records if r.correct is not None]
    valid = [r for r in known if r.valid]
    correct, correct_valid = sum(1 for r in known if r.correct), sum(1 for r in valid if r.correct)
    return AccuracyReport(
        n=len(records),
        correct=correct,
        all=_ratio(correct, len(known)),
        n_valid=sum(1 for r in records if r.valid),
        correct_valid=correct_valid,
        valid_only=_ratio(correct_valid, len(valid)),
        invalid=sum(1 for r in records if r.status == "invalid"),
        failed=sum(1 for r in records if r.status in ("api_error", "input_error")),
        judge_failures=sum(1 for r in records if r.correctness == "judge_failure"),
    )


def stage_rates(
    records: Sequence[StagewiseRecord],
    *,
    invalid_policy: InvalidPolicy = "count",
    judge_failure_policy: JudgeFailurePolicy = "separate",
) -> dict[str, dict[str, StageRate]]:
    """Per context, per generated stage: the stage hallucination rate (seed 004 §4)."""
    counts: dict[str, dict[str, Counter[str]]] = {}
    for r in records:
        if invalid_policy == "drop" and not r.valid:
            continue
        for stage, judgement in r.judgements.items():
            if judgement.status != "given":
                counts.setdefault(r.context, {}).setdefault(stage, Counter())[judgement.status] += 1
    out: dict[str, dict[str, StageRate]] = {}
    for context, per_stage in counts.items():
        out[context] = {}
        for stage in STAGES:
            if stage not in per_stage:
                continue
            c = per_stage[stage]
            judged = c["hallucinated"] + c["faithful"]
            num, den = c["hallucinated"], judged
            if judge_failure_policy == "hallucination":
                num, den = num + c["judge_failure"], den + c["judge_failure"]
            rate = _ratio(num, den)
            out[context][stage] = StageRate(
                rate, c["hallucinated"], judged, c["judge_failure"], c["missing"], c["no_reference"]
            )
    return out


def fix_break(before: Sequence[bool], after: Sequence[bool]) -> FixBreak:
    """Δ accuracy, Fix rate (wrong -> right over originally wrong), Break rate (right -> wrong over originally
    right) of paired correctness labels."""
    if len(before) != len(after):
        raise ValueError("before and after must pair up")
    n = len(before)
    right = sum(before)
    fixed = sum(1 for b, a in zip(before, after, strict=True) if not b and a)
    broken = sum(1 for b, a in zip(before, after, strict=True) if b and not a)
    base, acc = _ratio(right, n), _ratio(sum(after), n)
    delta = None if base is None or acc is None else acc - base
    return FixBreak(
        n, base, acc, delta, fixed, broken, n - right, right, _ratio(fixed, n - right), _ratio(broken, right)
    )


def intervention_report(
    records: Sequence[StagewiseRecord], context: str, *, invalid_policy: InvalidPolicy = "count"
) -> InterventionReport:
    """:class:`FixBreak` of ``context`` against ``none`` over the paired items, and what left the pairing."""
    base = {(r.model, r.item_id): r for r in records if r.context == "none"}
    before: list[bool] = []
    after: list[bool] = []
    left = Counter[str]()
    for r in records:
        if r.context != context:
            continue
        b = base.get((r.model, r.item_id))
        if r.status == "skipped" or b is None:
            left["skipped"] += 1
        elif r.correct is None or b.correct is None:
            left["judge_failures"] += 1
        elif invalid_policy == "drop" and not (r.valid and b.valid):
            left["invalid_dropped"] += 1
        else:
            before.append(b.correct)
            after.append(r.correct)
    return InterventionReport(
        fix_break(before, after), left["skipped"], left["judge_failures"], left["invalid_dropped"]
    )


def agreement(judge: Sequence[bool], human: Sequence[bool]) -> Agreement:
    """Judge-human agreement (seed 004 §5): percent agreement and ``sklearn.metrics.cohen_kappa_score``."""
    if len(judge) != len(human):
        raise ValueError("judge and human labels must pair up")
    if not judge:
        return Agreement(0, None, None)
    from sklearn.metrics import cohen_kappa_score

    percent = 100.0 * sum(1 for a, b in zip(judge, human, strict=True) if a == b) / len(judge)
    if len(set(judge) | set(human)) < 2:
        return Agreement(len(judge), percent, None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        kappa = float(cohen_kappa_score([int(x) for x in judge], [int(x) for x in human]))
    return Agreement(len(judge), percent, None if math.isnan(kappa) else kappa)


def judge_human_agreement(records: Sequence[StagewiseRecord], labels: Sequence[HumanLabel]) -> JudgeAgreement:
    """Agreement overall and per target (``answer``: correct; a stage: hallucinated); labels whose record is
    missing (or ambiguous: several models and no ``model`` on the label) or whose judge verdict failed are
    counted, not paired."""
    by_key: dict[tuple[str, str], list[StagewiseRecord]] = {}
    for r in records:
        by_key.setdefault((r.item_id, r.context), []).append(r)
    pairs: dict[str, tuple[list[bool], list[bool]]] = {}
    unmatched = unjudged = 0
    for label in labels:
        found = [r for r in by_key.get((label.item_id, label.context), []) if label.model in (None, r.model)]
        verdict: bool | None = None
        if len(found) != 1:
            unmatched += 1
            continue
        record = found[0]
        if label.target == "answer":
            verdict = record.correct
        elif label.target in record.judgements and record.judgements[label.target].status in (
            "hallucinated",
            "faithful",
        ):
            verdict = record.judgements[label.target].status == "hallucinated"
        if verdict is None:
            unjudged += 1
            continue
        judge, human = pairs.setdefault(label.target, ([], []))
        judge.append(verdict)
        human.append(label.label)
    pooled = agreement([v for j, _ in pairs.values() for v in j], [v for _, h in pairs.values() for v in h])
    by_target = {t: agreement(j, h) for t, (j, h) in sorted(pairs.items())}
    return JudgeAgreement(pooled, by_target, unmatched, unjudged)


def _block(records: Sequence[StagewiseRecord], invalid: InvalidPolicy, failures: JudgeFailurePolicy) -> StageBlock:
    contexts = list(dict.fromkeys(r.context for r in records))
    base = [r for r in records if r.context == "none"]
    rates = stage_rates(records, invalid_policy=invalid, judge_failure_policy=failures)
    upstream = {s: rates.get(c, {}).get(s) for s, c in UPSTREAM_CONTEXT.items()}
    stage_failures = sum(1 for r in records for j in r.judgements.values() if j.status == "judge_failure")
    answer_failures = sum(1 for r in records if r.correctness == "judge_failure")
    return StageBlock(
        answer_accuracy(base),
        rates,
        {s: None if v is None else v.rate for s, v in upstream.items()},
        {c: intervention_report(records, c, invalid_policy=invalid) for c in contexts if c != "none"},
        JudgeCounts(stage_failures + answer_failures, stage_failures, answer_failures),
        {c: dict(Counter(r.status for r in records if r.context == c)) for c in contexts},
    )


def score_records(
    records: Sequence[StagewiseRecord],
    *,
    invalid_policy: InvalidPolicy = "count",
    judge_failure_policy: JudgeFailurePolicy = "separate",
    human_labels: Sequence[HumanLabel] | None = None,
) -> StagewiseMetrics:
    """``metrics.json``: the chosen policies' numbers at the top, ``authors_code``, ``by_dataset``, ``by_model``
    and, with ``human_labels``, ``agreement``."""
    groups: dict[str, dict[str, list[StagewiseRecord]]] = {"dataset": {}, "model": {}}
    for r in records:
        groups["dataset"].setdefault(str(r.dataset), []).append(r)
        groups["model"].setdefault(str(r.model), []).append(r)

    def blocks(key: str) -> dict[str, StageBlock]:
        return {n: _block(rows, invalid_policy, judge_failure_policy) for n, rows in sorted(groups[key].items())}

    return StagewiseMetrics(
        invalid_policy,
        judge_failure_policy,
        len({r.item_id for r in records if r.context == "none"}),
        sorted({r.model for r in records}),
        sorted({r.dataset for r in records}),
        _block(records, invalid_policy, judge_failure_policy),
        _block(records, "drop", "hallucination"),
        blocks("dataset"),
        blocks("model"),
        None if human_labels is None else judge_human_agreement(records, human_labels),
    )
