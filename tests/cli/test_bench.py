from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import medhal.verify
from fakes import RuleVerifier
from medhal.cli.bench import parse_detector
from medhal.cli.main import main
from medhal.verify import LoadedVerifier

EVIDENCE = "Holmium laser lithotripsy treated 208 ureteral stones. The success rate was high (92.7%)."
ROWS = [
    {
        "id": f"x{k}",
        "source": "injected",
        "target_type": kind,
        "question": "q",
        "evidence": EVIDENCE,
        "clean_text": "Holmium laser lithotripsy treated ureteral stones, with a high success rate.",
        "hallucinated_text": text,
        "gold_span": gold,
    }
    for k, (kind, text, gold) in enumerate(
        [
            (
                "entity_substitution",
                "Holmium laser lithotripsy treated renal calculi, with a high success rate.",
                "renal calculi",
            ),
            (
                "relation_error",
                "Holmium laser lithotripsy treated ureteral stones, with a low success rate.",
                "low success",
            ),
        ]
    )
]


@pytest.fixture()
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    def fake_load(spec: str | None = None, **_: Any) -> LoadedVerifier:
        return LoadedVerifier(RuleVerifier())

    monkeypatch.setattr(medhal.verify, "open_verifier", fake_load)
    path = tmp_path / "loc.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in ROWS) + "\n")
    return path


def test_parse_detector_options() -> None:
    assert parse_detector("decomposed:max_windows=4:units=sentence") == (
        "decomposed:max_windows=4:units=sentence",
        "decomposed",
        {"max_windows": 4, "units": "sentence"},
    )
    assert parse_detector("nli-clause:signals=0.5:premise=windows")[2] == {"signals": 0.5, "premise": "windows"}


def test_bench_localization_writes_a_run_dir(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    code = main(
        [
            "bench",
            "localization",
            "--data",
            str(data),
            "--out",
            str(out),
            "--detector",
            "nli-clause,random,nli-response",
            "--resamples",
            "10",
        ]
    )
    err = capsys.readouterr().err
    assert code == 0, err
    metrics = json.loads((out / "metrics.json").read_text())
    assert list(metrics) == ["nli-clause", "random", "nli-response"]
    assert metrics["nli-clause"]["n"] == 2 and metrics["nli-response"]["kind"] == "response"
    assert (out / "report.md").is_file() and len((out / "items.jsonl").read_text().splitlines()) == 6


def test_bench_errors_are_one_line_exit_2(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "localization", "--data", str(data), "--out", str(tmp_path / "r")]
    assert main([*args, "--detector", "nope"]) == 2
    assert "unknown detector" in capsys.readouterr().err
    assert main([*args, "--detector", "llm-judge"]) == 2
    assert "needs client" in capsys.readouterr().err
    assert main(["bench", "localization", "--data", str(tmp_path / "missing.jsonl"), "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_bench_detection_on_medhal_loc_pairs(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "det"
    code = main(
        [
            "bench",
            "detection",
            "--data",
            str(data),
            "--format",
            "medhal-loc",
            "--dev",
            str(data),
            "--out",
            str(out),
            "--resamples",
            "10",
        ]
    )
    assert code == 0, capsys.readouterr().err
    metrics = json.loads((out / "metrics.json").read_text())
    assert set(metrics) == {"nli-response", "nli-clause"} and metrics["nli-clause"]["n"] == 4


def test_score_localization_on_a_predictions_file(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pred = tmp_path / "pred.jsonl"
    pred.write_text(
        json.dumps(
            {"id": "x0", "units": [{"text": "renal calculi,", "score": 0.9}, {"text": "with a high", "score": 0.1}]}
        )
        + "\n"
    )
    code = main(["score", "localization", "--predictions", str(pred), "--data", str(data), "--name", "mine"])
    out = capsys.readouterr().out
    assert code == 0
    payload = json.loads(out)["mine"]
    assert payload["n"] == 2 and payload["hit1"] == 0.5 and payload["missing"] == 1
    assert main(["score", "localization", "--predictions", str(tmp_path / "none"), "--data", str(data)]) == 2


def test_bench_takes_threads_and_device(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--threads / --device reach the verifier of the checker suites; a bad device is refused before any work."""
    from medhal.cli.main import main

    data = tmp_path / "loc.jsonl"
    row = {
        "id": "x0",
        "target_type": "relation_error",
        "question": "q",
        "evidence": "Aspirin reduced pain in adults. Nausea was rare.",
        "clean_text": "Aspirin reduced pain in adults.",
        "hallucinated_text": "Aspirin raised pain in adults.",
        "gold_span": "raised",
    }
    data.write_text(json.dumps(row) + "\n")
    out = tmp_path / "run"
    assert (
        main(
            [
                "bench",
                "verdicts",
                "--data",
                str(data),
                "--out",
                str(out),
                "--detector",
                "nli-clause",
                "--threads",
                "1",
                "--device",
                "cpu",
            ]
        )
        == 0
    )
    assert json.loads((out / "metrics.json").read_text())
    assert main(["bench", "verdicts", "--data", str(data), "--out", str(tmp_path / "bad"), "--device", "tpu"]) == 2
    assert "--device" in capsys.readouterr().err and not (tmp_path / "bad").exists()
