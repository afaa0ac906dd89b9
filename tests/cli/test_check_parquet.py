"""``medhal check`` with Parquet in and out, and ``--threads`` / ``--device`` (issue 18)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import medhal.checker
from fakes import RuleVerifier
from medhal.cli.main import main
from medhal.detect.records import CheckResult
from medhal.verify import LoadedVerifier

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RULES = [("Mayor Lena Ortiz said the expansion", "opposed")]
EVIDENCE = (EXAMPLES / "transit_evidence.txt").read_text()
RESPONSE = (EXAMPLES / "transit_response.txt").read_text()
ITEMS: list[dict[str, Any]] = [
    {"id": "t1", "evidence": EVIDENCE, "response": RESPONSE, "question": "What happened?"},
    {"id": "t2", "evidence": EVIDENCE, "response": RESPONSE.split(".")[0] + "."},
    {"id": "bad", "evidence": EVIDENCE, "response": None},
    {"id": "t1", "evidence": "dup", "response": "dup"},
]


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    calls: dict[str, Any] = {}

    def fake_load(spec: str | None = None, **kwargs: Any) -> LoadedVerifier:
        calls.update(kwargs)
        return LoadedVerifier(RuleVerifier(RULES))

    monkeypatch.setattr(medhal.checker, "open_verifier", fake_load)
    return calls


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def _inputs(tmp_path: Path) -> tuple[Path, Path]:
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    jsonl = tmp_path / "items.jsonl"
    jsonl.write_text("".join(json.dumps(item) + "\n" for item in ITEMS).replace('"response": null', '"response": 5'))
    parquet = tmp_path / "items.parquet"
    pq.write_table(pa.Table.from_pylist(ITEMS), parquet)
    return jsonl, parquet


def _parquet_records(path: Path) -> list[dict[str, Any]]:
    from medhal.detect.parquet import read_result_rows

    out = []
    for row in read_result_rows(path):
        record = CheckResult.from_row(row).to_dict(timings=False)
        record["line"] = row["line"]
        out.append(record)
    return out


def test_parquet_in_and_out_match_jsonl(
    tmp_path: Path, seen: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    jsonl, parquet = _inputs(tmp_path)
    common = ["check", "--units", "sentence", "--no-timings", "--threads", "1"]
    code, _, err = run([*common, "-i", str(jsonl), "-o", str(tmp_path / "a.jsonl")], capsys)
    assert code == 2, err  # input errors
    assert seen["threads"] == 1 and seen["device"] is None
    code, _, err = run([*common, "-i", str(parquet), "-o", str(tmp_path / "b.parquet"), "--device", "cpu"], capsys)
    assert code == 2, err
    assert seen["device"] == "cpu"
    expected = [json.loads(line) for line in (tmp_path / "a.jsonl").read_text().splitlines()]
    got = _parquet_records(tmp_path / "b.parquet")
    assert [r["id"] for r in got] == ["t1", "t2", "bad", "t1"]
    for want, have in zip(expected, got, strict=True):
        if want["status"] == "ok":
            assert have == want
        else:  # a JSONL error line is short; its Parquet row has every column, the same values where both have them
            assert {k: have[k] for k in want} == want
    # Parquet in, JSONL out: the very same file as from JSONL in
    code, _, _ = run([*common, "-i", str(parquet), "-o", str(tmp_path / "c.jsonl")], capsys)
    assert (tmp_path / "c.jsonl").read_text() == (tmp_path / "a.jsonl").read_text()


def test_parquet_out_follows_the_output_policy(
    tmp_path: Path, seen: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    _, parquet = _inputs(tmp_path)
    out = tmp_path / "r.parquet"
    out.write_bytes(b"keep")
    code, _, err = run(["check", "-i", str(parquet), "-o", str(out)], capsys)
    assert code == 2 and "exists; pass --overwrite" in err and out.read_bytes() == b"keep"
    code, _, err = run(["check", "-i", str(parquet), "-o", str(out), "--resume"], capsys)
    assert code == 2 and "Parquet --out" in err and err.count("\n") == 1
    link = tmp_path / "link.parquet"
    os.symlink(tmp_path / "elsewhere.parquet", link)
    code, _, err = run(["check", "-i", str(parquet), "-o", str(link)], capsys)
    assert code == 2 and "symbolic link" in err and not (tmp_path / "elsewhere.parquet").exists()
    code, _, err = run(["check", "-i", str(parquet), "-o", str(out), "--overwrite", "-f", "html"], capsys)
    assert code == 2 and "Parquet" in err
    code, _, err = run(["check", "-i", str(parquet), "-o", str(out), "--overwrite"], capsys)
    assert code == 2, err
    assert len(_parquet_records(out)) == 4
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


def test_single_item_parquet_out(tmp_path: Path, seen: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyarrow")
    out = tmp_path / "one.parquet"
    args = ["check", "-e", str(EXAMPLES / "transit_evidence.txt"), "-r", str(EXAMPLES / "transit_response.txt")]
    code, _, err = run([*args, "--units", "sentence", "-o", str(out)], capsys)
    assert code == 1, err
    (record,) = _parquet_records(out)
    assert record["status"] == "ok" and record["flagged"] is True and record["line"] is None


def test_parquet_input_without_columns(
    tmp_path: Path, seen: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    path = tmp_path / "x.parquet"
    pq.write_table(pa.Table.from_pylist([{"id": "a", "text": "t"}]), path)
    code, _, err = run(["check", "-i", str(path)], capsys)
    assert code == 2 and "lacks column(s): evidence, response" in err


def test_bad_device_is_a_usage_error(seen: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", "-e", "x", "-r", "y", "--device", "tpu"], capsys)
    assert code == 2 and "unknown device 'tpu'" in err and not seen


def _cuda_ready() -> bool:
    try:
        import onnxruntime as ort
    except ImportError:
        return False
    return "CUDAExecutionProvider" in ort.get_available_providers()


@pytest.mark.skipif(_cuda_ready(), reason="this machine has onnxruntime CUDA")
def test_device_cuda_without_cuda_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from medhal.verify.loader import EMBEDDED_DIR

    if not (EMBEDDED_DIR / "model.onnx").is_file():
        pytest.skip("no embedded model")
    evidence, response = tmp_path / "e.txt", tmp_path / "r.txt"
    evidence.write_text("The patient has fever.")
    response.write_text("The patient has fever.")
    code, out, err = run(["check", "-e", str(evidence), "-r", str(response), "--device", "cuda"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("medhal: error: --device cuda:") and err.count("\n") == 1
