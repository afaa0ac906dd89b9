"""``medhal bench verdicts`` end to end on the fake verifier, and the hand-written clinical pairs file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fakes import RuleVerifier
from medhal.bench.checking import DetectorSet
from medhal.bench.suite import execute, own_run_dir
from medhal.bench.verdicts import SUITE, VerdictSet, VerdictsSpec
from medhal.cli.main import main
from medhal.data.detection import read_detection
from medhal.data.medhal_loc import read_medhal_loc
from medhal.detect import DecomposedDetector, NLIClauseDetector
from medhal.report.suites import write_report

PAIRS = Path(__file__).resolve().parents[3] / "benchmarks" / "data" / "clinical_pairs.jsonl"


def test_clinical_pairs_file_is_well_formed() -> None:
    items = list(read_medhal_loc(PAIRS))
    assert len(items) >= 150
    assert len({i.id for i in items}) == len(items)
    for item in items:
        assert item.hallucinated_text.count(item.gold_span) == 1, item.id
        assert item.clean_text != item.hallucinated_text
    ids = {i.id for i in items}
    assert {"cp_special_readme", "cp_special_transit"} <= ids


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("round52.jsonl", 36),
        ("round53.jsonl", 24),
        ("round54.jsonl", 24),
        ("round55.jsonl", 24),
        ("round56.jsonl", 24),
        ("round57.jsonl", 24),
        ("round58.jsonl", 24),
        ("round59.jsonl", 24),
        ("round60.jsonl", 24),
        ("round61.jsonl", 24),
        ("round62.jsonl", 24),
        ("round63.jsonl", 24),
        ("round64.jsonl", 24),
        ("round65.jsonl", 24),
        ("round66.jsonl", 24),
        ("round67.jsonl", 24),
        ("round68.jsonl", 24),
        ("round69.jsonl", 24),
        ("round70.jsonl", 24),
        ("round71.jsonl", 24),
        ("round72.jsonl", 24),
        ("round73.jsonl", 24),
        ("round74.jsonl", 24),
        ("round75.jsonl", 24),
        ("round76.jsonl", 24),
        ("round77.jsonl", 24),
        ("round78.jsonl", 24),
        ("round79.jsonl", 24),
        ("round80.jsonl", 24),
        ("round81.jsonl", 24),
        ("round82.jsonl", 24),
        ("round83.jsonl", 24),
        ("round84.jsonl", 24),
        ("round85.jsonl", 24),
        ("round86.jsonl", 24),
        ("round87.jsonl", 24),
        ("round88.jsonl", 24),
        ("round89.jsonl", 24),
        ("round90.jsonl", 24),
        ("round91.jsonl", 24),
        ("round92.jsonl", 24),
        ("round93.jsonl", 24),
        ("round94.jsonl", 24),
        ("round95.jsonl", 24),
        ("round96.jsonl", 24),
        ("round97.jsonl", 24),
        ("round98.jsonl", 24),
        ("round99.jsonl", 24),
        ("round100.jsonl", 24),
        ("round101.jsonl", 24),
        ("round102.jsonl", 24),
        ("round103.jsonl", 24),
        ("round104.jsonl", 24),
        ("round105.jsonl", 24),
        ("round106.jsonl", 24),
        ("round107.jsonl", 24),
        ("round108.jsonl", 24),
        ("round109.jsonl", 24),
        ("round110.jsonl", 24),
        ("round111.jsonl", 24),
        ("round112.jsonl", 24),
        ("round113.jsonl", 24),
        ("round114.jsonl", 24),
        ("round115.jsonl", 24),
        ("round116.jsonl", 24),
        ("round117.jsonl", 24),
        ("round118.jsonl", 24),
        ("round119.jsonl", 24),
        ("round120.jsonl", 24),
        ("round121.jsonl", 24),
        ("round122.jsonl", 24),
        ("round123.jsonl", 24),
        ("round124.jsonl", 24),
        ("round125.jsonl", 24),
        ("round126.jsonl", 24),
        ("round127.jsonl", 24),
        ("round128.jsonl", 24),
        ("round129.jsonl", 24),
        ("round130.jsonl", 24),
        ("round131.jsonl", 24),
        ("round132.jsonl", 24),
        ("round133.jsonl", 24),
        ("round134.jsonl", 24),
        ("round135.jsonl", 24),
        ("round136.jsonl", 24),
        ("round137.jsonl", 24),
        ("round138.jsonl", 24),
        ("round139.jsonl", 24),
        ("round140.jsonl", 24),
        ("round141.jsonl", 24),
        ("round142.jsonl", 24),
        ("round143.jsonl", 24),
        ("round144.jsonl", 24),
        ("round145.jsonl", 24),
        ("round146.jsonl", 24),
        ("round147.jsonl", 24),
        ("round148.jsonl", 24),
        ("round149.jsonl", 24),
        ("round150.jsonl", 24),
        ("round151.jsonl", 24),
        ("round152.jsonl", 24),
        ("round153.jsonl", 24),
        ("round154.jsonl", 24),
        ("round155.jsonl", 24),
        ("round156.jsonl", 24),
        ("round157.jsonl", 24),
        ("round158.jsonl", 24),
        ("round159.jsonl", 24),
        ("round160.jsonl", 24),
        ("round161.jsonl", 24),
        ("round162.jsonl", 24),
        ("round163.jsonl", 24),
        ("round164.jsonl", 24),
        ("round165.jsonl", 24),
        ("round166.jsonl", 24),
        ("round167.jsonl", 24),
        ("round168.jsonl", 24),
        ("round169.jsonl", 24),
        ("round170.jsonl", 24),
        ("round171.jsonl", 24),
        ("round172.jsonl", 24),
        ("round173.jsonl", 24),
        ("round174.jsonl", 24),
        ("round175.jsonl", 24),
        ("round176.jsonl", 24),
        ("round177.jsonl", 24),
        ("round178.jsonl", 24),
        ("round179.jsonl", 24),
        ("round180.jsonl", 24),
        ("round181.jsonl", 24),
        ("round182.jsonl", 24),
        ("round183.jsonl", 24),
        ("round184.jsonl", 24),
        ("round185.jsonl", 24),
        ("round186.jsonl", 24),
        ("round187.jsonl", 24),
        ("round188.jsonl", 24),
        ("round189.jsonl", 24),
        ("round190.jsonl", 24),
        ("round191.jsonl", 24),
        ("round192.jsonl", 24),
        ("round193.jsonl", 24),
        ("round194.jsonl", 24),
        ("round195.jsonl", 24),
        ("round196.jsonl", 24),
        ("round197.jsonl", 24),
        ("round198.jsonl", 24),
        ("round199.jsonl", 24),
        ("round200.jsonl", 24),
        ("round201.jsonl", 24),
        ("round202.jsonl", 24),
        ("round203.jsonl", 24),
        ("round204.jsonl", 24),
        ("round205.jsonl", 24),
        ("round206.jsonl", 24),
        ("round207.jsonl", 24),
        ("round208.jsonl", 24),
        ("round209.jsonl", 24),
        ("round210.jsonl", 24),
        ("round211.jsonl", 24),
        ("round212.jsonl", 24),
        ("round213.jsonl", 24),
        ("round214.jsonl", 24),
        ("round215.jsonl", 24),
        ("round216.jsonl", 24),
        ("round217.jsonl", 24),
        ("round218.jsonl", 24),
        ("round219.jsonl", 24),
        ("round220.jsonl", 24),
        ("round221.jsonl", 24),
        ("round222.jsonl", 24),
        ("round223.jsonl", 24),
        ("round224.jsonl", 24),
        ("round225.jsonl", 24),
        ("round226.jsonl", 24),
        ("round227.jsonl", 24),
        ("round228.jsonl", 24),
        ("round229.jsonl", 24),
        ("round230.jsonl", 24),
        ("round231.jsonl", 24),
        ("round232.jsonl", 24),
        ("round233.jsonl", 24),
        ("round234.jsonl", 24),
        ("round235.jsonl", 24),
        ("round236.jsonl", 24),
        ("round237.jsonl", 24),
        ("round238.jsonl", 24),
        ("round239.jsonl", 24),
        ("round240.jsonl", 24),
        ("round241.jsonl", 24),
        ("round242.jsonl", 24),
        ("round243.jsonl", 24),
        ("round244.jsonl", 24),
        ("round245.jsonl", 24),
        ("round246.jsonl", 24),
        ("round247.jsonl", 24),
    ],
)
def test_blind_round_files_are_well_formed(name: str, count: int) -> None:
    items = list(read_medhal_loc(PAIRS.with_name(name)))
    assert len(items) == count and len({i.id for i in items}) == count
    for item in items:
        assert item.hallucinated_text.count(item.gold_span) == 1, item.id
        assert item.gold_span not in item.clean_text, item.id
    kinds = [i.error_type for i in items]
    assert {k: kinds.count(k) for k in set(kinds)} == dict.fromkeys(
        ("changed_number", "flipped_direction", "swapped_entity", "invented_claim"), count // 4
    )


def test_suite_writes_every_item_and_refuses_a_used_directory(tmp_path: Path) -> None:
    items = list(read_detection(PAIRS, "medhal-loc"))[:12]
    verifier = RuleVerifier()
    detectors = {"decomposed": DecomposedDetector(verifier), "nli-clause": NLIClauseDetector(verifier)}
    out = tmp_path / "run"
    spec = VerdictsSpec([VerdictSet("pairs", PAIRS, items)], DetectorSet(detectors))
    done = execute(SUITE, spec, out)
    write_report(out, done.result, done.config)
    entry = done.result.sets["pairs"]["decomposed"]
    assert entry.report is not None and entry.statuses == {"ok": 12}
    assert entry.report.n_faithful == 6 and entry.report.n_hallucinated == 6
    assert 0.0 <= entry.report.faithful_contradicted <= 1.0
    lines = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert len(lines) == 24 and all(line["result"]["status"] == "ok" for line in lines)
    assert json.loads((out / "config.json").read_text())["options"]["sets"][0]["items"] == 12
    assert "| `decomposed` |" in (out / "report.md").read_text()
    assert not own_run_dir(out, "localization") and own_run_dir(out, "verdicts")  # the CLI resumes, never mixes


def test_cli_refuses_a_foreign_out_and_bad_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    used = tmp_path / "used"
    used.mkdir()
    (used / "keep.txt").write_text("mine")
    assert main(["bench", "verdicts", "--data", str(PAIRS), "--out", str(used)]) == 2
    assert "is not a medhal bench verdicts run directory" in capsys.readouterr().err
    assert (used / "keep.txt").read_text() == "mine"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    assert main(["bench", "verdicts", "--data", str(bad), "--out", str(tmp_path / "new")]) == 2
    assert not (tmp_path / "new").exists()
