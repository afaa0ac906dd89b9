from __future__ import annotations

import json
import platform
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from medhal.llm import RunDir, RunDirError
from medhal.llm.runs import FILE_MODE, atomic_write_text, cpu_kernels, package_versions, utc_stamp


def test_create_names_the_folder_by_utc_time_and_writes_config(tmp_path: Path) -> None:
    when = datetime(2026, 10, 18, 4, 39, 0, tzinfo=UTC)
    run = RunDir.create({"model": "openai/m", "seed": 3}, root=tmp_path / "runs", name="med halt/fct", now=when)
    assert run.path == tmp_path / "runs" / "20261018T043900Z_med-halt-fct"
    again = RunDir.create({}, root=tmp_path / "runs", name="med halt/fct", now=when)
    assert again.path.name == "20261018T043900Z_med-halt-fct-2"
    config = json.loads((run.path / "config.json").read_text())
    assert config["model"] == "openai/m" and config["seed"] == 3
    assert config["versions"]["medhal"] and config["versions"]["httpx"] and config["versions"]["python"]
    assert config["sessions"][0]["resume"] is False
    assert (run.path / "items.jsonl").read_text() == ""


def test_create_at_path_refuses_non_empty_folder(tmp_path: Path) -> None:
    target = tmp_path / "run"
    RunDir.create({}, path=target)
    with pytest.raises(RunDirError, match="not empty"):
        RunDir.create({}, path=target)
    with pytest.raises(RunDirError, match="not a run directory"):
        RunDir.open(tmp_path)


def test_writer_and_reader_tolerate_torn_and_bad_lines(tmp_path: Path) -> None:
    run = RunDir.create({}, path=tmp_path / "run")
    with run.writer() as writer:
        for i in range(3):
            writer.append({"id": f"i{i}", "status": "ok", "text": "naïve ✓"})
    with run.items_path.open("ab") as handle:
        handle.write(b"this line is not json\n")
        handle.write(b'{"no_id": 1}\n')
        handle.write(b'{"id": "i1", "status": "api_error"}\n')
        handle.write(b'{"id": "torn", "sta')
    loaded = run.read_items()
    assert sorted(loaded.rows) == ["i0", "i1", "i2"]
    assert loaded.rows["i1"]["status"] == "api_error"  # the last row of an id wins
    assert loaded.rows["i0"]["text"] == "naïve ✓"
    assert loaded.torn_bytes == len(b'{"id": "torn", "sta')
    assert loaded.bad_lines == [4, 5] and loaded.duplicates == 1
    assert run.rewrite_items([loaded.rows["i0"], loaded.rows["i2"]]) == 2
    assert [json.loads(line)["id"] for line in run.items_path.read_text().splitlines()] == ["i0", "i2"]


def test_lock_is_exclusive(tmp_path: Path) -> None:
    run = RunDir.create({}, path=tmp_path / "run")
    other = RunDir.open(run.path)
    with run.lock(), pytest.raises(RunDirError, match="in use"), other.lock():
        pass
    with other.lock():
        pass


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "metrics.json"
    atomic_write_text(target, "{}\n")
    atomic_write_text(target, '{"a": 1}\n')
    assert json.loads(target.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["metrics.json"]
    assert target.stat().st_mode & 0o777 == FILE_MODE


def test_failed_rewrite_keeps_the_old_file_and_no_temp_file(tmp_path: Path) -> None:
    run = RunDir.create({"model": "x"}, path=tmp_path / "run")
    run.rewrite_items([{"id": "a"}])
    before = run.items_path.read_bytes()

    def rows() -> Iterator[dict[str, str]]:
        yield {"id": "b"}
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError, match="stop"):
        run.rewrite_items(rows())
    assert run.items_path.read_bytes() == before
    assert not list(run.path.glob(".items.*"))


def test_note_session_appends(tmp_path: Path) -> None:
    run = RunDir.create({"model": "x"}, path=tmp_path / "run")
    run.note_session(resume=True, concurrency=4)
    config = RunDir.open(run.path).config
    assert [s["resume"] for s in config["sessions"]] == [False, True]
    assert config["sessions"][1]["concurrency"] == 4 and config["model"] == "x"


def test_helpers() -> None:
    assert re.fullmatch(r"\d{8}T\d{6}Z", utc_stamp())
    assert package_versions()["vllm"] is None or isinstance(package_versions()["vllm"], str)


def test_records_name_the_int8_kernels_of_the_cpu() -> None:
    """The embedded verifier's probabilities depend on whether the CPU multiplies int8 with VNNI (llm/runs.py)."""
    machine = platform.machine() or "unknown"
    vnni = "processor\t: 0\nflags\t\t: fpu sse2 avx2 avx512f avx512bw avx512_vnni\n"
    assert cpu_kernels(vnni) == f"{machine} avx512-vnni"
    assert cpu_kernels("flags\t: sse2 avx2 avx_vnni\n") == f"{machine} avx-vnni"
    assert cpu_kernels("flags\t: sse2 avx avx2 fma\n") == f"{machine} avx2"
    assert cpu_kernels("flags\t: sse2 avx avx2 avx512bw\n") == f"{machine} avx512"
    assert cpu_kernels("Processor: ARMv8\nFeatures: neon\n") == machine
    versions = package_versions()
    assert versions["cpu"] == cpu_kernels() and "onnxruntime" in versions
