"""Resumable checker suites: an interrupted run started again with the same ``out`` ends as an uninterrupted one."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from fakes import RuleVerifier
from medhal.bench.checking import DetectorSet
from medhal.bench.checkpoint import CHECKS_DIR, check_resumably, checks_path
from medhal.bench.detection.suite import SUITE as DETECTION
from medhal.bench.detection.suite import DetectionSpec
from medhal.bench.localization.suite import SUITE as LOCALIZATION
from medhal.bench.localization.suite import LocalizationSpec
from medhal.bench.suite import execute
from medhal.bench.verdicts import SUITE as VERDICTS
from medhal.bench.verdicts import VerdictsSpec
from medhal.data.detection import DetectionItem
from medhal.data.medhal_loc import LocItem
from medhal.detect import CheckItem, CheckResult, NLIClauseDetector
from medhal.errors import RunDirError

EVIDENCE = [
    "Holmium laser lithotripsy treated 208 ureteral stones. The success rate was high (92.7%).",
    "Metformin lowered HbA1c by 1.1% over 24 weeks. Lactic acidosis was not observed.",
    "Aspirin did not reduce stroke in patients over 70. Bleeding was more common with aspirin.",
]
ANSWERS = [
    ("Holmium laser lithotripsy treated ureteral stones, with a high success rate.", "renal calculi"),
    ("Metformin lowered HbA1c over 24 weeks, and lactic acidosis was not observed.", "raised HbA1c"),
    ("Aspirin did not reduce stroke in older patients, and bleeding was more common.", "reduced stroke"),
]


def loc_items(n: int) -> list[LocItem]:
    out = []
    for k in range(n):
        evidence, (clean, wrong) = f"{EVIDENCE[k % 3]} (Study {k}.)", ANSWERS[k % 3]
        hallucinated = f"{clean} It also {wrong}."
        out.append(LocItem(f"x{k}", "invented", "q", evidence, clean, hallucinated, wrong))
    return out


class StopRunError(Exception):
    pass


class FailingAfter(NLIClauseDetector):
    """Raises once ``calls`` detect_many calls have run: an interruption between two chunks."""

    def __init__(self, calls: int) -> None:
        super().__init__(RuleVerifier())
        self.calls = calls

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        if self.calls == 0:
            raise StopRunError
        self.calls -= 1
        return super().detect_many(items)


def without_seconds(path: Path) -> str:
    return re.sub(r'"(seconds|timings)": (\{[^}]*\}|[0-9.e-]+)', "", path.read_text())


def test_interrupted_localization_resumes_to_the_uninterrupted_records(tmp_path: Path) -> None:
    items = loc_items(60)  # 120 checks, clean and hallucinated texts of an item together: chunks of 64 and 56
    whole, resumed = tmp_path / "whole", tmp_path / "resumed"
    execute(
        LOCALIZATION, LocalizationSpec(items, DetectorSet({"nli-clause": NLIClauseDetector(RuleVerifier())})), whole
    )
    with pytest.raises(StopRunError):
        execute(LOCALIZATION, LocalizationSpec(items, DetectorSet({"nli-clause": FailingAfter(1)})), resumed)
    (store,) = (resumed / CHECKS_DIR).iterdir()
    kept = [json.loads(x) for x in store.read_text().splitlines()[1:]]
    assert 0 < sum("n" in row for row in kept) < 120  # the first chunk kept, not all
    again = FailingAfter(100)
    execute(LOCALIZATION, LocalizationSpec(items, DetectorSet({"nli-clause": again})), resumed)
    assert again.calls == 100 - 1  # only the missing chunk ran
    for name in ("items.jsonl", "metrics.json"):
        assert without_seconds(resumed / name) == without_seconds(whole / name)


def test_finished_run_is_rescored_without_checking_again(tmp_path: Path) -> None:
    items = [
        DetectionItem(
            f"t{k}", EVIDENCE[k % 3], ANSWERS[k % 3][0] if k % 2 else ANSWERS[k % 3][1], k % 2 ^ 1, None, "t", {}
        )
        for k in range(12)
    ]
    first = execute(
        DETECTION, DetectionSpec(items, DetectorSet({"c": NLIClauseDetector(RuleVerifier())}), dev=items), tmp_path
    )
    stopped = FailingAfter(0)  # any call would raise
    second = execute(DETECTION, DetectionSpec(items, DetectorSet({"c": stopped}), dev=items), tmp_path)
    assert second.result.detectors["c"].report == first.result.detectors["c"].report
    assert len(list((tmp_path / CHECKS_DIR).iterdir())) == 2  # test and dev kept apart


def test_verdicts_resume_per_set(tmp_path: Path) -> None:
    data = tmp_path / "set.jsonl"
    rows = [
        {
            "id": f"y{k}",
            "target_type": "invented",
            "question": "q",
            "evidence": EVIDENCE[k % 3],
            "clean_text": ANSWERS[k % 3][0],
            "hallucinated_text": f"{ANSWERS[k % 3][0]} It also {ANSWERS[k % 3][1]}.",
            "gold_span": ANSWERS[k % 3][1],
        }
        for k in range(4)
    ]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "run"
    first = execute(VERDICTS, VerdictsSpec([data], DetectorSet({"c": NLIClauseDetector(RuleVerifier())})), out)
    second = execute(VERDICTS, VerdictsSpec([data], DetectorSet({"c": FailingAfter(0)})), out)
    assert second.result.to_json() == first.result.to_json()


def test_store_of_other_items_or_verifier_is_refused(tmp_path: Path) -> None:
    detector = NLIClauseDetector(RuleVerifier())
    checks = [CheckItem(EVIDENCE[0], ANSWERS[0][0], None, "a")]
    store = checks_path(tmp_path, "nli-clause")
    check_resumably(detector, checks, store, verifier="v1")
    with pytest.raises(RunDirError, match="differs in sha256"):
        check_resumably(detector, [CheckItem(EVIDENCE[1], ANSWERS[0][0], None, "a")], store, verifier="v1")
    with pytest.raises(RunDirError, match="differs in verifier"):
        check_resumably(detector, checks, store, verifier="v2")


def test_torn_last_line_is_checked_again(tmp_path: Path) -> None:
    detector = NLIClauseDetector(RuleVerifier())
    checks = [CheckItem(EVIDENCE[k], ANSWERS[k][0], None, f"i{k}") for k in range(3)]
    store = checks_path(tmp_path, "c")
    expected, _ = check_resumably(detector, checks, store, chunk_size=1)
    lines = store.read_text().splitlines(keepends=True)
    store.write_text("".join(lines[:-3]) + lines[-2][:25])  # the last result cut mid-line
    again, _ = check_resumably(detector, checks, store, chunk_size=1)
    strip = [r.to_dict(timings=False) for r in again]
    assert strip == [r.to_dict(timings=False) for r in expected]
    assert all(json.loads(x) for x in store.read_text().splitlines())  # the file is whole again


def test_store_paths_differ_per_label_and_part(tmp_path: Path) -> None:
    paths = {checks_path(tmp_path, a, b) for a in ("nli-clause", "nli clause", "nli/clause") for b in ("", "dev")}
    assert len(paths) == 6 and all(p.parent == tmp_path / CHECKS_DIR for p in paths)
