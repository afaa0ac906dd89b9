"""``medhal check --input`` with the scale-out flags (issue 18): ``--shard i/N`` splits a batch into shares whose
records together are the whole run's; ``--engine`` flags are refused where they do not apply; Ray is never
imported on the default path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import medhal.checker
import medhal.scale._engine
from fakes import RuleVerifier
from medhal.cli.main import main
from medhal.verify import LoadedVerifier

EVIDENCE = "Aspirin reduced pain in adults. Ibuprofen raised blood pressure in the cohort. Sleep improved."
RULES = [("Ibuprofen raised blood pressure", "lowered blood pressure")]


@pytest.fixture(autouse=True)
def rule_verifier(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_load(spec: str | None = None, **_: Any) -> LoadedVerifier:
        return LoadedVerifier(RuleVerifier(RULES))

    monkeypatch.setattr(medhal.checker, "open_verifier", fake_load)


def batch(path: Path, count: int = 23) -> Path:
    rows = []
    for k in range(count):
        response = "Ibuprofen lowered blood pressure." if k % 4 == 0 else f"Aspirin reduced pain. Sleep improved {k}."
        rows.append(json.dumps({"id": f"item-{k}", "evidence": EVIDENCE, "response": response}))
    rows.insert(7, "{not json")
    path.write_text("\n".join(rows) + "\n")
    return path


def run(args: list[object], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main([str(a) for a in args])
    return code, capsys.readouterr().err


def test_shards_together_are_the_whole_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = batch(tmp_path / "items.jsonl")
    common = ["check", "-i", source, "--no-timings", "--chunk-size", "3"]
    code, _ = run([*common, "-o", tmp_path / "all.jsonl"], capsys)
    assert code == 2  # the malformed line
    whole = (tmp_path / "all.jsonl").read_text().splitlines()
    shards: list[list[str]] = []
    for i in range(3):
        out = tmp_path / f"shard-{i}.jsonl"
        run([*common, "-o", out, "--shard", f"{i}/3"], capsys)
        shards.append(out.read_text().splitlines())
    # chunk k (lines 3k+1 .. 3k+3 of the 24) went to shard k mod 3, checked exactly as in the whole run
    assert [json.loads(r)["line"] for r in shards[1]] == [4, 5, 6, 13, 14, 15, 22, 23, 24]
    merged = sorted((line for share in shards for line in share), key=lambda r: json.loads(r)["line"])
    assert merged == whole


def test_a_shard_resumes_by_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = batch(tmp_path / "items.jsonl")
    out = tmp_path / "shard.jsonl"
    args = ["check", "-i", source, "--no-timings", "--chunk-size", "2", "--shard", "1/2", "-o", out]
    run(args, capsys)
    full = out.read_bytes()
    out.write_bytes(full[: len(full) // 3])
    _, err = run([*args, "--resume"], capsys)
    assert out.read_bytes() == full and "resumed: kept" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--num-workers", "2"], "--num-workers applies to --engine ray"),
        (["--address", "auto"], "--address applies to --engine ray"),
        (["--gpus-per-worker", "1"], "--gpus-per-worker applies to --engine ray"),
        (["--shard", "2/2"], "need 0 <= i < N"),
        (["--shard", "half"], "expected i/N"),
        (["--engine", "ray", "--gpus-per-worker", "1"], "needs --device cuda"),
        (["--engine", "ray", "-f", "html"], "not html"),
    ],
)
def test_scale_flags_are_refused_where_they_do_not_apply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    source = batch(tmp_path / "items.jsonl")
    code, err = run(["check", "-i", source, "-o", tmp_path / "out.jsonl", *extra], capsys)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "out.jsonl").exists()


def test_engine_and_shard_need_a_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "e.txt").write_text(EVIDENCE)
    (tmp_path / "r.txt").write_text("Aspirin reduced pain.")
    for extra in (["--engine", "ray"], ["--shard", "0/2"]):
        code, err = run(["check", "-e", tmp_path / "e.txt", "-r", tmp_path / "r.txt", *extra], capsys)
        assert code == 2 and "apply to a batch" in err


def test_engine_ray_without_ray_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(medhal.scale._engine.importlib.util, "find_spec", lambda name: None)
    source = batch(tmp_path / "items.jsonl")
    code, err = run(["check", "-i", source, "-o", tmp_path / "out", "--engine", "ray"], capsys)
    assert code == 2 and "pip install 'medhal[ray]'" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_the_default_path_never_imports_ray(tmp_path: Path) -> None:
    source = batch(tmp_path / "items.jsonl", 3)
    script = (
        "import sys; from medhal.cli.main import main; import medhal.scale, medhal.cli.check_batch; "
        f"main(['check', '-i', {str(source)!r}, '-o', {str(tmp_path / 'out.jsonl')!r}, '--shard', '0/2']); "
        "print('ray' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stderr


@pytest.mark.parametrize("name", ["out.jsonl", "out.parquet"])
def test_a_missing_input_leaves_no_output_behind(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, err = run(["check", "-i", tmp_path / "nope.jsonl", "-o", tmp_path / name], capsys)
    assert code == 2 and "input file" in err and "does not exist" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / name).exists()
