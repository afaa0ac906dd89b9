"""``python -m medhal.train.calibrate`` for any verifier spec: an LLM verifier on a loopback server, tiny dev files."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from medhal.detect.registry import fitted_detectors
from medhal.train.calibrate import evenly, main
from medhal.verify.loader import open_verifier
from verify.nli_server import NLIServer

EVIDENCE = "The trial enrolled 412 adults. Patients received 10 mg amlodipine daily. Blood pressure fell."
PAIRS = [
    ("Patients received 10 mg amlodipine daily.", "Patients received amlodipine daily.", "entailment"),
    ("The trial enrolled 412 adults.", "The trial enrolled adults.", "entailment"),
    ("Patients received 10 mg amlodipine daily.", "Patients received 40 mg amlodipine.", "contradiction"),
    ("The trial enrolled 412 adults.", "The trial enrolled 97 adults.", "contradiction"),
    ("Patients received 10 mg amlodipine daily.", "Children were excluded.", "neutral"),
    ("The trial enrolled 412 adults.", "Most patients were women.", "neutral"),
    ("Blood pressure fell.", "FAILME blood pressure fell.", "entailment"),
]
ITEMS = [
    ("Patients received amlodipine daily.", "Patients received 40 mg amlodipine daily.", "40 mg"),
    ("The trial enrolled adults.", "The trial enrolled 97 adults.", "97"),
    ("Blood pressure fell.", "Blood pressure fell by 30 points.", "by 30 points"),
]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("MEDHAL_BASE_URL", "MEDHAL_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "default-llm.sqlite"))


@pytest.fixture
def server() -> Iterator[NLIServer]:
    with NLIServer() as running:
        yield running


def _files(tmp_path: Path) -> tuple[Path, Path]:
    pairs, items = tmp_path / "dev_pairs.jsonl", tmp_path / "loc_dev.jsonl"
    pairs.write_text(
        "".join(json.dumps(dict(zip(("premise", "hypothesis", "label"), p, strict=True))) + "\n" for p in PAIRS)
    )
    rows = [
        {"id": f"i{k}", "evidence": EVIDENCE, "clean_text": c, "hallucinated_text": h, "gold_span": g}
        for k, (c, h, g) in enumerate(ITEMS)
    ]
    items.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return pairs, items


def test_calibrate_fits_thresholds_for_an_llm_verifier(
    server: NLIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pairs, items = _files(tmp_path)
    out = tmp_path / "llm-calibration.json"
    args = ["--verifier", "openai/tiny-nli", "--base-url", server.url, "--dev-pairs", str(pairs)]
    args += ["--medhal-loc", str(items), "--out", str(out), "--cache", str(tmp_path / "llm.sqlite")]
    assert main(args) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["verifier"].startswith("llm:openai/tiny-nli:")
    report = printed["report"]
    assert report["verdict"]["pairs"] == 6 and report["verdict"]["failed_pairs"] == 1  # the FAILME pair is left out
    assert report["verdict"]["macro_f1"] == pytest.approx(1.0)  # the server's labels are the gold ones
    fitted = json.loads(out.read_text())
    assert set(fitted["response_thresholds"]) == set(fitted_detectors())
    assert "dev_pairs.jsonl" in fitted["fitted_on"] and fitted["max_length"] >= 4096
    loaded = open_verifier("openai/tiny-nli", base_url=server.url, calibration=out)
    assert loaded.calibration is not None and loaded.calibration.entail_threshold == fitted["entail_threshold"]
    assert main(args) == 2  # --out exists: refused without --overwrite
    assert "--overwrite" in capsys.readouterr().err


def test_calibrate_refuses_unusable_options_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pairs, items = _files(tmp_path)
    out = str(tmp_path / "c.json")
    assert (
        main(["--verifier", "openai/tiny-nli", "--dev-pairs", str(pairs), "--medhal-loc", str(items), "--out", out])
        == 2
    )
    err = capsys.readouterr().err
    assert "--base-url" in err and len(err.strip().splitlines()) == 1
    assert main(["--dev-pairs", str(pairs), "--out", out]) == 2
    assert "--medhal-loc" in capsys.readouterr().err


def test_evenly_spaced_subsets() -> None:
    assert evenly(list(range(10)), 3) == [0, 3, 6]
    assert evenly([1, 2], 5) == [1, 2] and evenly([1, 2], None) == [1, 2]
