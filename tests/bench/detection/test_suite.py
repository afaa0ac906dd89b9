from __future__ import annotations

import json
from pathlib import Path

from fakes import RuleVerifier
from medhal.bench.checking import DetectorSet
from medhal.bench.detection.suite import SUITE, DetectionSpec
from medhal.bench.suite import execute
from medhal.data.detection import DetectionItem
from medhal.detect import NLIClauseDetector, NLIResponseDetector
from medhal.report.suites import write_report

EVIDENCE = "Holmium laser lithotripsy treated 208 ureteral stones. The success rate was high (92.7%)."
GOOD = "Holmium laser lithotripsy treated ureteral stones with a high success rate."
BAD = [
    "Cisplatin chemotherapy cured pancreatic tumours in children.",
    "Holmium laser lithotripsy treated renal calculi, causing hepatic failure.",
    "Ultrasound imaging confirmed gallbladder polyps.",
]


def items(prefix: str) -> list[DetectionItem]:
    out = [DetectionItem(f"{prefix}g{k}", EVIDENCE, GOOD, 0, None, "t", {}) for k in range(3)]
    out += [DetectionItem(f"{prefix}b{k}", EVIDENCE, text, 1, None, "t", {}) for k, text in enumerate(BAD)]
    out.append(DetectionItem(f"{prefix}none", None, GOOD, 0, "q?", "t", {}))  # no evidence: input_error
    return out


def test_detection_suite_writes_every_item_and_both_protocols(tmp_path: Path) -> None:
    detectors = {"nli-clause": NLIClauseDetector(RuleVerifier()), "nli-response": NLIResponseDetector(RuleVerifier())}
    spec = DetectionSpec(items("t"), DetectorSet(detectors), dev=items("d"), seed=2, resamples=20)
    done = execute(SUITE, spec, tmp_path)
    write_report(tmp_path, done.result, done.config)
    m = done.result.detectors["nli-clause"]
    assert m.n == 6 and m.statuses == {"input_error": 1, "ok": 6} and m.report is not None
    assert m.report.auc_pr == 1.0 and m.report.f1_opt == 1.0
    assert m.report.threshold_dev is not None and m.report.f1_dev == 1.0
    saved = json.loads((tmp_path / "metrics.json").read_text())
    assert set(saved) == {"nli-clause", "nli-response"}
    for key in ("n", "auc_pr", "f1_opt", "threshold_opt", "f1_dev", "threshold_dev", "precision", "recall", "ci"):
        assert key in saved["nli-response"]
    rows = [json.loads(x) for x in (tmp_path / "items.jsonl").read_text().splitlines()]
    assert len(rows) == 14 and sum(r["status"] == "input_error" for r in rows) == 2
    comparisons = json.loads((tmp_path / "comparisons.json").read_text())
    assert len(comparisons) == 1 and 0.0 <= comparisons[0]["pvalue_holm"] <= 1.0
    assert "| nli-clause | 6 |" in (tmp_path / "report.md").read_text()
