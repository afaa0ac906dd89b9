from __future__ import annotations

from pathlib import Path

from fakes import RuleVerifier
from medhal.bench.localization.runner import run_localization
from medhal.data.medhal_loc import LocItem, read_medhal_loc
from medhal.detect import NLIClauseDetector

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
