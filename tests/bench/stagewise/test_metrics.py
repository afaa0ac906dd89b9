from __future__ import annotations

import dataclasses

import pytest
from sklearn.metrics import cohen_kappa_score

from medhal.bench.stagewise.metrics import (
    agreement,
    answer_accuracy,
    fix_break,
    intervention_report,
    judge_human_agreement,
    score_records,
    stage_rates,
)
from medhal.bench.stagewise.parsing import HumanLabel, StageJudgement, StagewiseRecord


def rec(
    item: str,
    context: str,
    correct: bool | None,
    status: str = "valid",
    judgements: dict[str, str] | None = None,
    dataset: str = "d1",
    correctness: str = "exact",
) -> StagewiseRecord:
    return StagewiseRecord(
        item, dataset, "m", context, "text", status,  # type: ignore[arg-type]
        correct=correct, correctness=correctness,  # type: ignore[arg-type]
        judgements={k: StageJudgement(v) for k, v in (judgements or {}).items()},  # type: ignore[arg-type]
    )  # fmt: skip


def test_fix_break_hand_computed() -> None:
    # 10 items: 4 right before; after: 2 of the 6 wrong are fixed, 1 of the 4 right is broken
    before = [True, True, True, True, False, False, False, False, False, False]
    after = [True, True, True, False, True, True, False, False, False, False]
    fb = fix_break(before, after)
    assert (fb.n, fb.n_right, fb.n_wrong, fb.fixed, fb.broken) == (10, 4, 6, 2, 1)
    assert fb.base_accuracy == pytest.approx(0.4) and fb.accuracy == pytest.approx(0.5)
    assert fb.delta == pytest.approx(0.1) == pytest.approx((fb.fixed - fb.broken) / fb.n)
    assert fb.fix_rate == pytest.approx(2 / 6) and fb.break_rate == pytest.approx(1 / 4)
    none = fix_break([True, True], [True, False])
    assert none.fix_rate is None and none.break_rate == 0.5 and none.delta == pytest.approx(-0.5)
    empty = fix_break([], [])
    assert empty.delta is None and empty.fix_rate is None
    with pytest.raises(ValueError):
        fix_break([True], [])


def test_accuracy_all_and_valid_only() -> None:
    records = [
        rec("a", "none", True),
        rec("b", "none", False),
        rec("c", "none", True, status="invalid"),
        rec("d", "none", False, status="api_error", correctness="no_answer"),
        rec("e", "none", None, correctness="judge_failure"),
        rec("f", "none", False, status="invalid"),
    ]
    acc = answer_accuracy(records)
    assert (acc.n, acc.correct, acc.n_valid, acc.correct_valid) == (6, 2, 3, 1)
    assert acc.all == pytest.approx(2 / 5)  # the judge failure leaves the denominator, and is counted
    assert acc.valid_only == pytest.approx(1 / 2)
    assert (acc.invalid, acc.failed, acc.judge_failures) == (2, 1, 1)


def test_intervention_report_pairs_and_counts_what_left() -> None:
    records = [
        rec("a", "none", True), rec("a", "rep-v", False),
        rec("b", "none", False), rec("b", "rep-v", True),
        rec("c", "none", False), rec("c", "rep-v", True, status="invalid"),
        rec("d", "none", True, status="invalid"), rec("d", "rep-v", True),
        rec("e", "none", None, correctness="judge_failure"), rec("e", "rep-v", True),
        rec("f", "none", True), rec("f", "rep-v", None, status="skipped", correctness="not_scored"),
    ]  # fmt: skip
    honest = intervention_report(records, "rep-v").to_json()
    assert (honest["n"], honest["fixed"], honest["broken"], honest["n_wrong"], honest["n_right"]) == (4, 2, 1, 2, 2)
    assert honest["delta"] == pytest.approx(0.25) and honest["fix_rate"] == 1.0 and honest["break_rate"] == 0.5
    assert (honest["skipped"], honest["judge_failures"], honest["invalid_dropped"]) == (1, 1, 0)
    dropped = intervention_report(records, "rep-v", invalid_policy="drop").to_json()
    assert (dropped["n"], dropped["invalid_dropped"], dropped["fix_rate"], dropped["break_rate"]) == (2, 2, 1.0, 1.0)
    assert dropped["delta"] == pytest.approx(0.0)


def test_stage_rates_policies() -> None:
    records = [
        rec("a", "none", True, judgements={"vr": "hallucinated", "kr": "faithful", "ri": "faithful"}),
        rec("b", "none", True, judgements={"vr": "faithful", "kr": "judge_failure", "ri": "missing"}),
        rec("c", "none", True, status="invalid", judgements={"vr": "hallucinated", "kr": "faithful", "ri": "missing"}),
        rec("d", "none", True, judgements={"vr": "no_reference", "kr": "no_reference", "ri": "no_reference"}),
        rec("a", "rep-vk", True, judgements={"vr": "given", "kr": "given", "ri": "hallucinated"}),
    ]
    honest = stage_rates(records)
    vr, kr, ri = honest["none"]["vr"], honest["none"]["kr"], honest["none"]["ri"]
    assert (vr.hallucinated, vr.judged, vr.rate, vr.no_reference) == (2, 3, pytest.approx(2 / 3), 1)
    assert (kr.judged, kr.judge_failures, kr.rate) == (2, 1, 0.0)
    assert (ri.judged, ri.missing, ri.rate) == (1, 2, 0.0)
    assert set(honest["rep-vk"]) == {"ri"} and honest["rep-vk"]["ri"].rate == 1.0
    authors = stage_rates(records, invalid_policy="drop", judge_failure_policy="hallucination")
    assert authors["none"]["vr"].rate == pytest.approx(1 / 2)  # c (invalid) dropped
    assert authors["none"]["kr"].rate == pytest.approx(1 / 2)  # the failure counts as a hallucination


def test_agreement_matches_scikit_learn() -> None:
    judge = [True, True, False, False, True, False, True, True, False, True]
    human = [True, False, False, False, True, False, True, True, True, True]
    ag = agreement(judge, human)
    assert ag.n == 10 and ag.percent == pytest.approx(80.0)
    assert ag.kappa == pytest.approx(cohen_kappa_score(judge, human))
    assert agreement([True, True], [True, True]).kappa is None
    assert agreement([], []).percent is None


def test_judge_human_agreement_pools_targets_and_counts_unpaired() -> None:
    records = [
        rec("a", "none", True, judgements={"vr": "hallucinated", "kr": "faithful"}),
        rec("b", "none", False, judgements={"vr": "faithful", "kr": "judge_failure"}),
        rec("c", "none", None, correctness="judge_failure", judgements={"vr": "faithful"}),
    ]
    labels = [
        HumanLabel("a", "none", "answer", True), HumanLabel("b", "none", "answer", True),
        HumanLabel("c", "none", "answer", False), HumanLabel("a", "none", "vr", True),
        HumanLabel("b", "none", "vr", False), HumanLabel("b", "none", "kr", False),
        HumanLabel("zz", "none", "vr", True),
    ]  # fmt: skip
    out = judge_human_agreement(records, labels).to_json()
    judge, human = [True, False, True, False], [True, True, True, False]
    assert out["n"] == 4 and out["percent"] == pytest.approx(75.0)
    assert out["kappa"] == pytest.approx(cohen_kappa_score(judge, human))
    assert out["by_target"]["answer"]["n"] == 2 and out["by_target"]["vr"]["percent"] == 100.0
    assert (out["unmatched"], out["unjudged"]) == (1, 2)


def test_score_records_shape() -> None:
    records = [
        rec("a", "none", True, judgements={"vr": "faithful", "kr": "faithful", "ri": "faithful"}),
        rec("a", "rep-v", False, judgements={"vr": "given", "kr": "hallucinated", "ri": "faithful"}),
        rec("b", "none", False, dataset="d2", status="invalid", judgements={"vr": "judge_failure"}),
        rec("b", "rep-v", True, dataset="d2", judgements={"vr": "given", "kr": "faithful", "ri": "faithful"}),
    ]
    m = score_records(records, human_labels=[HumanLabel("a", "none", "answer", True)]).to_json()
    assert m["items"] == 2 and m["datasets"] == ["d1", "d2"] and m["models"] == ["m"]
    assert m["accuracy"]["all"] == 0.5 and m["accuracy"]["valid_only"] == 1.0 and m["accuracy"]["invalid"] == 1
    assert m["stage_hallucination"]["rep-v"]["kr"]["rate"] == 0.5 and "vr" not in m["stage_hallucination"]["rep-v"]
    assert m["upstream_controlled"] == {"vr": 0.0, "kr": 0.5, "ri": None}
    iv = m["interventions"]["rep-v"]
    assert (iv["accuracy"], iv["delta"], iv["fix_rate"], iv["break_rate"]) == (0.5, 0.0, 1.0, 1.0)
    assert m["judge"] == {"failures": 1, "stage": 1, "answer": 0}
    assert m["authors_code"]["accuracy"]["valid_only"] == 1.0
    assert m["authors_code"]["interventions"]["rep-v"]["n"] == 1
    assert m["authors_code"]["stage_hallucination"]["none"]["vr"]["rate"] == 0.0  # b is invalid: dropped
    assert set(m["by_dataset"]) == {"d1", "d2"} and m["by_dataset"]["d2"]["accuracy"]["invalid"] == 1
    assert m["agreement"]["percent"] == 100.0 and m["agreement"]["kappa"] is None


def test_several_models_pair_within_each_model() -> None:
    records = [rec("a", "none", True), rec("a", "rep-v", False)]
    other = [dataclasses.replace(r, model="m2", correct=not r.correct) for r in records]
    report = intervention_report(records + other, "rep-v").to_json()
    assert (report["n"], report["fixed"], report["broken"]) == (2, 1, 1)
    m = score_records(records + other, human_labels=[HumanLabel("a", "none", "answer", True, model="m2")]).to_json()
    assert m["by_model"]["m2"]["interventions"]["rep-v"]["fix_rate"] == 1.0 and m["models"] == ["m", "m2"]
    assert m["agreement"]["n"] == 1 and m["agreement"]["percent"] == 0.0
    ambiguous = judge_human_agreement(records + other, [HumanLabel("a", "none", "answer", True)]).to_json()
    assert ambiguous["unmatched"] == 1 and ambiguous["n"] == 0
