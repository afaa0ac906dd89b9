"""End-to-end: the public API and the CLI over a real ONNX backend (a tiny random model built in-process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import medhal
from medhal.cli.main import main
from medhal.detect import CheckItem

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module")
def onnx_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from verify.tiny_models import build_model, export_onnx

    directory = build_model(tmp_path_factory.mktemp("e2e"), seed=3)
    export_onnx(directory)
    return directory


def test_checker_over_onnx_backend(onnx_dir: Path, tmp_path: Path) -> None:
    evidence = (EXAMPLES / "evidence.txt").read_text()
    response = (EXAMPLES / "response.txt").read_text()
    cache = tmp_path / "pairs.sqlite"
    checker = medhal.Checker(f"onnx:{onnx_dir}", units="sentence", cache=cache)
    result = checker.check(evidence, response, id="m")
    assert result.status == "ok" and result.verifier_id.startswith("onnx:")
    assert result.config["max_length"] == 64
    # a 64-token model cannot read the multi-sentence windows of this evidence: they are skipped, not truncated
    assert result.skipped_windows > 0 and result.windows + result.skipped_windows == 15
    # library pairs plus, for the aligned rule, each unit against the coverage premise (packed sentence runs here)
    assert result.config["aggregation"] == "aligned" and result.pairs > len(result.units) * result.windows
    for unit in result.units:
        assert response[unit.start : unit.end] == unit.text
        assert 0.0 <= unit.p_entail <= 1.0 and 0.0 <= unit.p_contradict <= 1.0
        assert unit.entailing is not None and evidence[unit.entailing.start : unit.entailing.end] == unit.entailing.text
    # a second checker on the same cache sends nothing to the model and returns identical records
    again = medhal.Checker(f"onnx:{onnx_dir}", units="sentence", cache=cache)
    before = again.verifier.stats.snapshot()
    second = again.check(evidence, response, id="m")
    assert again.verifier.stats.since(before).cache_hits == result.verifier_passes  # distinct pairs
    assert second.to_dict(timings=False) == result.to_dict(timings=False)


def test_batch_with_onnx_backend_is_deterministic(onnx_dir: Path) -> None:
    items = [
        CheckItem((EXAMPLES / "transit_evidence.txt").read_text(), (EXAMPLES / "transit_response.txt").read_text()),
        CheckItem("Aspirin reduced pain. Fever resolved.", "Aspirin reduced pain, and fever resolved."),
    ]
    a = medhal.Checker(f"onnx:{onnx_dir}").check_many(items)
    b = list(medhal.Checker(f"onnx:{onnx_dir}").iter_check(items, chunk_size=1))
    assert [r.to_dict(timings=False) for r in a] == [r.to_dict(timings=False) for r in b]


def test_cli_end_to_end_with_onnx(onnx_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    code = main(["check", "-i", str(EXAMPLES / "batch.jsonl"), "-o", str(out), "--verifier", f"onnx:{onnx_dir}"])
    assert code == 2
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 5 and sum(r["status"] == "ok" for r in records) == 3
    code = main(
        [
            "check",
            "-e",
            str(EXAMPLES / "evidence.txt"),
            "-r",
            str(EXAMPLES / "response.txt"),
            "--verifier",
            "onnx:/no/such/dir",
        ]
    )
    assert code == 2 and "does not exist" in capsys.readouterr().err


def test_check_function_reports_missing_embedded_or_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from medhal.verify import VerifierError
    from medhal.verify.loader import EMBEDDED_DIR

    if (EMBEDDED_DIR / "model.onnx").exists():
        result = medhal.check("Aspirin reduced pain.", "Aspirin reduced pain.")
        assert result.status == "ok"
    else:
        with pytest.raises(VerifierError, match="no embedded verifier"):
            medhal.check("Aspirin reduced pain.", "Aspirin reduced pain.")


def test_checker_takes_a_detector_spec_and_options_over_it() -> None:
    from fakes import RuleVerifier
    from medhal.detect import DetectorSpecError, parse_detector

    item = CheckItem(
        "The trial enrolled 412 adults. Blood pressure fell by 12 mmHg.",
        "The trial enrolled 412 adults. Blood pressure fell.",
    )
    by_text = medhal.Checker(RuleVerifier(), detector="nli-clause:units=sentence:threshold=0.3")
    by_spec = medhal.Checker(RuleVerifier(), detector=parse_detector("nli-clause:units=sentence:threshold=0.3"))
    by_kwargs = medhal.Checker(RuleVerifier(), detector="nli-clause", units="sentence", threshold=0.3)
    records = [c.check_many([item])[0].to_dict(timings=False) for c in (by_text, by_spec, by_kwargs)]
    assert records[0] == records[1] == records[2]
    assert [u.kind for u in by_text.check_many([item])[0].units] == ["sentence", "sentence"]
    over = medhal.Checker(RuleVerifier(), detector="nli-clause:units=sentence", units="clause")  # keywords win
    assert over.spec.options == {"units": "sentence"} and over.check_many([item])[0].units[0].kind == "clause"
    with pytest.raises(DetectorSpecError, match="units"):
        medhal.Checker(RuleVerifier(), detector="nli-clause:units=paragraph")
