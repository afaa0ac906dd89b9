from __future__ import annotations

from pathlib import Path

from fakes import RuleVerifier
from medhal.bench.localization.runner import run_localization, score_results
from medhal.data.medhal_loc import LocItem, read_medhal_loc
from medhal.detect import CheckItem, CheckResult, NLIClauseDetector, NLIResponseDetector, UnitResult

EVIDENCE = "Holmium laser lithotripsy treated 208 ureteral stones. The success rate was high (92.7%)."
ITEM = LocItem(
    id="x1",
    error_type="entity_substitution",
    question="q",
    evidence=EVIDENCE,
    clean_text="Holmium laser lithotripsy treated ureteral stones, with a high success rate.",
    hallucinated_text="Holmium laser lithotripsy treated renal calculi, with a high success rate.",
    gold_span="renal calculi",
)


def test_runner_ranks_units_and_scores_localization() -> None:
    run = run_localization(NLIClauseDetector(RuleVerifier()), [ITEM])
    assert run.overall.n == 1
    # the fake verifier finds no support for "renal calculi": that clause ranks first
    assert run.hallucinated[0].ranked_units[0].text == "Holmium laser lithotripsy treated renal calculi,"
    assert run.overall.hit_at_1 == 1.0 and run.overall.random == 0.5
    assert set(run.by_type) == {"entity_substitution"}
    assert len(run.clean) == 1 and run.clean[0].id == "x1:clean"


def test_reads_shared_dev_file(shared_data: Path) -> None:
    items = read_medhal_loc(shared_data / "medhal_loc" / "controlled_dev.jsonl")
    assert len(items) == 100
    assert {i.error_type for i in items} == {
        "entity_substitution",
        "relation_error",
        "mechanism_misattribution",
        "invented",
    }


def test_response_level_detectors_do_not_localize() -> None:
    run = run_localization(NLIResponseDetector(RuleVerifier()), [ITEM])
    assert run.kind == "response" and run.overall is None and run.by_type == {}
    assert "0%" in run.metrics()["localization"]
    assert run.statuses == {"ok": 2}


def test_failed_checks_stay_in_the_denominator_as_misses() -> None:
    good = NLIClauseDetector(RuleVerifier()).detect(CheckItem(ITEM.evidence, ITEM.hallucinated_text, id="x1"))
    failed = CheckResult(
        detector="nli-clause", verifier_id=None, config={}, status="api_error", id="x2", reason="server down"
    )
    second = LocItem("x2", "relation_error", "q", EVIDENCE, "a b", "c d renal calculi", "renal calculi")
    run = score_results("nli-clause", [ITEM, second], [good, failed])
    assert run.overall is not None and run.overall.n == 2
    assert run.overall.hit_at_1 == 0.5 and run.statuses == {"ok": 1, "api_error": 1}
    assert run.metrics()["per_type"]["relation_error"]["hit1"] == 0.0


def test_span_detectors_get_the_overlap_metric() -> None:
    text = ITEM.hallucinated_text
    start = text.index("renal calculi")
    unit = UnitResult(0, "renal calculi", start, start + 13, "span", "unsupported", 1.0, 1.0, None, None, None, None)
    result = CheckResult(
        detector="fava", verifier_id="none", config={}, status="ok", id="x1", score=1.0, flagged=True, units=(unit,)
    )
    run = score_results("fava", [ITEM], [result])
    assert run.kind == "span" and run.overall is not None
    assert run.metrics()["hit1"] == 1.0 and 0 < run.metrics()["rand"] < 1
