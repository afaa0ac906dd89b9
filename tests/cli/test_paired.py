from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from csv_files import MEDEC_HEADER, write_csv
from medhal.cli.main import main

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from stub_server import StubServer

CASE = "A 29-year-old man presents with fever, diarrhea and rash after a trip to Brazil where he swam in lakes."


def medec_file(tmp_path: Path) -> Path:
    wrong, right = f"{CASE} He has hepatitis A.", f"{CASE} He has schistosomiasis."
    arm, arm_ok = "A woman with a broken wrist gets a cast.", "A woman with a sprained wrist gets a cast."
    rows = [
        ["ms-test-0", wrong, f"0 {CASE}\n1 He has hepatitis A.", "1", "diagnosis", "1", "He has hepatitis A.",
         "He has schistosomiasis.", right],
        ["ms-test-1", right, f"0 {CASE}\n1 He has schistosomiasis.", "0", "NA", "-1", "NA", "NA", "NA"],
        ["ms-test-2", arm, f"0 {arm}", "1", "management", "0", arm, arm_ok, arm_ok],
        ["ms-test-3", arm_ok, f"0 {arm_ok}", "0", "NA", "-1", "NA", "NA", "NA"],
    ]  # fmt: skip
    return write_csv(tmp_path / "medec.csv", MEDEC_HEADER, rows)


def reply(prompt: str) -> str | None:
    if "hepatitis A" in prompt:
        return "Evidence: He has hepatitis A.\nAnalysis: lakes suggest schistosomiasis\nConfidence: 90\nError: Yes"
    if "schistosomiasis" in prompt:
        return "Evidence: NA\nAnalysis: consistent\nConfidence: 80\nError: No"
    if "sprained" in prompt:
        return "Evidence: A woman with a sprained wrist gets a cast.\nAnalysis: odd\nConfidence: 60\nError: Yes"
    return "I cannot tell."


def test_bench_paired_end_to_end_with_all_four_configs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, out = medec_file(tmp_path), tmp_path / "run"
    with StubServer() as stub:
        stub.reply_for = reply
        code = main(
            ["bench", "paired", "--data", str(data), "--format", "medec", "--model", "openai/stub",
             "--base-url", stub.url, "--out", str(out), "--seed", "3"]
        )  # fmt: skip
    err = capsys.readouterr().err
    assert code == 1, err  # the "broken wrist" note never gets a verdict: parse failures, counted
    metrics = json.loads((out / "metrics.json").read_text())
    configs = ["neutral-greedy", "neutral-sampling", "conservative-greedy", "conservative-sampling"]
    assert set(metrics) == {*configs, "mean"}
    for config in configs:
        m = metrics[config]
        assert m["parse_failures"]["count"] == 1 and m["parse_failures"]["statuses"] == {"ok": 3, "parse_failure": 1}
        assert m["pairs"]["n"] == 1 and m["pairs"]["bc"] == 1 and m["pairs"]["bcr"] == 1.0  # skip: 1 of 2 pairs
        assert m["pairs_imputed"]["n"] == 2
        assert m["pointwise"]["recall"] == 1.0 and m["pointwise"]["specificity"] == 0.5
        assert m["eca"]["n"] == 0  # no Pred1 pair among the scored ones
    assert metrics["mean"]["pairs"]["bcr"]["mean"] == 1.0
    assert (out / "report.md").is_file() and (out / "pairs.json").is_file()
    lines = (out / "predictions.jsonl").read_text().splitlines()
    assert len(lines) == 16


def test_bench_paired_limit_samples_whole_pairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = medec_file(tmp_path)
    # no response cache: each run's stub must see its requests (a cached answer is keyed by the stub's URL, and a
    # later stub may get an earlier one's port)
    args = ["bench", "paired", "--data", str(data), "--format", "medec", "--model", "openai/stub", "--no-cache",
            "--configs", "neutral-greedy", "--limit", "1"]  # fmt: skip
    picked = []
    for name, seed in (("a", "0"), ("b", "0"), ("c", "1"), ("d", "2"), ("e", "3")):
        out = tmp_path / name
        with StubServer() as stub:
            stub.reply_for = reply
            main([*args, "--base-url", stub.url, "--out", str(out), "--seed", seed])
            assert stub.paths["/v1/chat/completions"] == 2  # the two notes of one pair
        sample = json.loads((out / "config.json").read_text())["options"]["sample"]
        assert sample["limit"] == 1 and sample["seed"] == int(seed) and len(sample["ids"]) == 2
        assert sample["population"] == {"clean/diagnosis": 1, "clean/management": 1}
        assert json.loads((out / "pairs.json").read_text())["summary"]["pairs"] == 1
        report = (out / "report.md").read_text()  # the report shows the sample, its ids stay in config.json
        assert "- sample: {'limit': 1" in report and "ms-test-" not in report
        picked.append(sample["ids"])
    capsys.readouterr()
    assert picked[0] == picked[1]  # the same seed draws the same pair
    assert len({tuple(ids) for ids in picked}) == 2  # the seeds between them draw both pairs
    assert {tuple(ids) for ids in picked} == {("ms-test-0", "ms-test-1"), ("ms-test-2", "ms-test-3")}
    with StubServer() as stub:  # a resumed run draws the same notes; another limit is other notes: refused
        stub.reply_for = reply
        assert main([*args, "--base-url", stub.url, "--out", str(tmp_path / "a"), "--seed", "0"]) in (0, 1)
        args[-1] = "2"
        assert main([*args, "--base-url", stub.url, "--out", str(tmp_path / "a"), "--seed", "0"]) == 2
    assert "made with another notes" in capsys.readouterr().err


def test_score_paired_on_a_predictions_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, out = medec_file(tmp_path), tmp_path / "scored"
    pred = tmp_path / "pred.csv"
    pred.write_text(
        "id,prediction,evidence\nms-test-0,Yes,He has hepatitis A.\nms-test-1,yes,He has schistosomiasis.\n"
        "ms-test-2,1,A woman with a broken wrist gets a cast.\nms-test-3,0,\n"
    )
    code = main(
        ["score", "paired", "--data", str(data), "--format", "medec", "--predictions", str(pred), "--out", str(out)]
    )
    assert code == 0, capsys.readouterr().err
    m = json.loads((out / "metrics.json").read_text())["external"]
    assert (m["pairs"]["n"], m["pairs"]["bc"], m["pairs"]["pred1"]) == (2, 1, 1)
    assert m["pairs"]["bcr"] == 0.5 and m["pointwise"]["flag_rate"] == 0.75
    assert m["eca"]["n"] == 1 and m["eca"]["a"] == 1  # Pred1 pair: cited the error and the corrected sentence
    assert "eca_embedding" not in m
    args = ["score", "paired", "--data", str(data), "--format", "medec", "--predictions", str(pred)]
    assert main([*args, "--out", str(tmp_path / "emb"), "--eca-embedding", "hashing"]) == 0
    emb = json.loads((tmp_path / "emb" / "metrics.json").read_text())["external"]["eca_embedding"]
    assert emb["recall_at_1"] == 1.0  # the cited evidence is the error sentence itself
    bad = tmp_path / "bad.csv"
    bad.write_text("id,prediction\nnobody,1\n")
    bad_args = ["score", "paired", "--data", str(data), "--format", "medec", "--predictions", str(bad)]
    assert main([*bad_args, "--out", str(tmp_path / "bad")]) == 2
    assert "no prediction id matches" in capsys.readouterr().err


def test_score_paired_runs_compares_models(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = medec_file(tmp_path)
    verdicts = {"always-yes": "1,1,1,1", "perfect": "1,0,1,0", "always-no": "0,0,0,0"}
    runs = []
    for name, preds in verdicts.items():
        pred = tmp_path / f"{name}.csv"
        rows = zip(["ms-test-0", "ms-test-1", "ms-test-2", "ms-test-3"], preds.split(","), strict=True)
        pred.write_text("id,prediction\n" + "".join(f"{i},{p}\n" for i, p in rows))
        out = tmp_path / name
        args = ["score", "paired", "--data", str(data), "--format", "medec", "--predictions", str(pred)]
        assert main([*args, "--out", str(out)]) == 0, capsys.readouterr().err
        runs.append(str(out))
    across = tmp_path / "across"
    assert main(["score", "paired-runs", *runs, "--out", str(across)]) == 0, capsys.readouterr().err
    report = json.loads((across / "across.json").read_text())
    assert len(report["runs"]) == 3
    by_model = {r["model"]: r for r in report["runs"]}
    assert by_model[str(tmp_path / "always-yes.csv")]["bcr"] == 0.0  # Appendix B corollary: F1 2/3, BCR 0
    assert by_model[str(tmp_path / "always-yes.csv")]["f1"] == pytest.approx(2 / 3)
    assert [r["model"] for r in report["deception_zone"]] == [str(tmp_path / "always-yes.csv")]
    assert (across / "across.md").read_text().startswith("# Paired runs compared")
    assert main(["score", "paired-runs", str(tmp_path), "--out", str(across)]) == 2


@pytest.mark.parametrize(
    ("command", "stratum"),
    [("paired", "error type"), ("medhalt", "source dataset"), ("stagewise", "dataset and answer type")],
)
def test_limit_help_says_seeded_stratified_sample(
    command: str, stratum: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    assert main(["bench", command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.replace("│", " ").split())
    assert f"seeded sample (--seed) stratified by {stratum}" in text and "first N" not in text
    assert "Seed of the --limit sample" in text or "and of the --limit sample" in text
