from __future__ import annotations

import json
from pathlib import Path

from fakes import RuleVerifier
from medhal.bench.checking import DetectorSet
from medhal.bench.localization.suite import SUITE, LocalizationSpec
from medhal.bench.suite import execute
from medhal.data.medhal_loc import LocItem
from medhal.detect import Detector, NLIClauseDetector, NLIResponseDetector
from medhal.report.suites import write_report

EVIDENCE = "Holmium laser lithotripsy treated 208 ureteral stones. The success rate was high (92.7%)."
ITEMS = [
    LocItem(
        f"x{k}",
        kind,
        "q",
        EVIDENCE,
        "Holmium laser lithotripsy treated ureteral stones, with a high success rate.",
        hallucinated,
        gold,
    )
    for k, (kind, hallucinated, gold) in enumerate(
        [
            (
                "entity_substitution",
                "Holmium laser lithotripsy treated renal calculi, with a high success rate.",
                "renal calculi",
            ),
            (
                "invented",
                "Holmium laser lithotripsy treated ureteral stones, because lasers heal kidneys.",
                "because lasers heal kidneys",
            ),
            (
                "relation_error",
                "Holmium laser lithotripsy treated ureteral stones, with a low success rate.",
                "low success",
            ),
        ]
    )
]


def spec(detectors: dict[str, Detector], seed: int) -> LocalizationSpec:
    return LocalizationSpec(ITEMS, DetectorSet(detectors), seed=seed, resamples=20)


def test_suite_writes_metrics_items_and_report(tmp_path: Path) -> None:
    detectors = {"nli-clause": NLIClauseDetector(RuleVerifier()), "nli-response": NLIResponseDetector(RuleVerifier())}
    done = execute(SUITE, spec(detectors, seed=1), tmp_path)
    write_report(tmp_path, done.result, done.config)
    overall = done.result.detectors["nli-clause"].overall
    saved = json.loads((tmp_path / "metrics.json").read_text())
    assert set(saved) == {"nli-clause", "nli-response"}
    clause = saved["nli-clause"]
    for key in ("n", "excluded", "coverage", "hit1", "hit3", "rand", "lift", "se", "sigma", "margin", "per_type"):
        assert key in clause
    assert clause["n"] == 3 and set(clause["per_type"]) == {"entity_substitution", "invented", "relation_error"}
    assert overall is not None and clause["hit1"] == overall.hit1
    detection = clause["detection"]
    for key in ("n", "auc_pr", "f1_opt", "threshold_opt", "f1_dev", "threshold_dev", "precision", "recall", "ci"):
        assert key in detection
    assert detection["n"] == 6
    assert saved["nli-response"]["kind"] == "response" and "hit1" not in saved["nli-response"]
    rows = [json.loads(x) for x in (tmp_path / "items.jsonl").read_text().splitlines()]
    assert len(rows) == 6 and {r["detector"] for r in rows} == {"nli-clause", "nli-response"}
    first = rows[0]
    assert first["id"] == "x0" and first["k"] == len(first["units"]) and first["clean_status"] == "ok"
    report = (tmp_path / "report.md").read_text()
    assert "| nli-clause | ranked | 3 |" in report and "0 (n/a)" in report
    config = json.loads((tmp_path / "config.json").read_text())
    assert config["suite"] == "localization" and config["seed"] == 1 and config["data"] == []
    assert config["options"]["detectors"] == ["nli-clause", "nli-response"]


def test_suite_is_deterministic(tmp_path: Path) -> None:
    detectors = {"nli-clause": NLIClauseDetector(RuleVerifier())}
    execute(SUITE, spec(detectors, seed=3), tmp_path / "a")
    execute(SUITE, spec(detectors, seed=3), tmp_path / "b")
    a = json.loads((tmp_path / "a" / "metrics.json").read_text())
    b = json.loads((tmp_path / "b" / "metrics.json").read_text())
    a["nli-clause"].pop("seconds"), b["nli-clause"].pop("seconds")
    assert a == b
    assert (tmp_path / "a" / "items.jsonl").read_bytes() == (tmp_path / "b" / "items.jsonl").read_bytes()
