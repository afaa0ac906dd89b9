"""``--engine ray`` on a local Ray of two CPUs: the records are the single process's byte for byte, every id is
written once even when a worker is killed mid-run, and an interrupted run resumes by id (issue 18)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from types import ModuleType

import pytest
from scale_fakes import killing_checker, rule_checker, write_batch

from medhal.cli.check_batch import run_batch
from medhal.scale import MANIFEST, PartsKey, PartsOut, RayOptions, part_files, read_parts

pytest.importorskip("ray")

ITEMS = 300
CHUNK = 8


def local_run(source: Path, out: Path) -> bytes:
    code = run_batch(rule_checker, source=str(source), out=out, detector="decomposed", timings=False, chunk_size=CHUNK)
    assert code == 2  # a malformed line and a repeated id: input errors, every line still written
    return out.read_bytes()


def ray_run(source: Path, out: Path, *, workers: int = 2, resume: bool = False, **options: object) -> int:
    return run_batch(
        options.pop("factory", rule_checker),  # type: ignore[arg-type]
        source=str(source),
        out=out,
        detector="decomposed",
        timings=False,
        chunk_size=CHUNK,
        resume=resume,
        ray=RayOptions(num_workers=workers, threads=1),
        **options,  # type: ignore[arg-type]
    )


def parts_text(folder: Path) -> bytes:
    return b"".join(path.read_bytes() for path in part_files(folder))


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_batch(tmp_path_factory.mktemp("batch") / "items.jsonl", ITEMS)


@pytest.fixture(scope="module")
def local(source: Path, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return local_run(source, tmp_path_factory.mktemp("local") / "out.jsonl")


def test_ray_records_equal_the_single_process_byte_for_byte(
    ray_cluster: ModuleType, source: Path, local: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert ray_run(source, tmp_path / "out.jsonl") == 2
    assert (tmp_path / "out.jsonl").read_bytes() == local
    assert "ray: pool of 2 worker(s)" in capsys.readouterr().err
    # the folder form: parts in input order, cut at chunk ends, whose concatenation is the same file
    assert ray_run(source, tmp_path / "parts", part_rows=50) == 2
    parts = part_files(tmp_path / "parts")
    assert len(parts) > 3 and parts_text(tmp_path / "parts") == local
    manifest = json.loads((tmp_path / "parts" / MANIFEST).read_text())
    assert manifest["complete"] and manifest["records"] == len(local.splitlines()) == ITEMS + 2
    assert [p["file"] for p in manifest["parts"]] == [p.name for p in parts]
    assert all(p["records"] % CHUNK == 0 for p in manifest["parts"][:-1])


def test_parquet_parts_hold_the_single_process_rows(ray_cluster: ModuleType, source: Path, tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    rows = [json.loads(line) for line in source.read_text().splitlines() if line.startswith('{"')]
    items = tmp_path / "items.parquet"
    pq.write_table(pa.Table.from_pylist([{"id": r.get("id"), **r} for r in rows]), items)
    single = tmp_path / "single.parquet"
    run_batch(rule_checker, source=str(items), out=single, detector="decomposed", timings=False, chunk_size=CHUNK)
    assert ray_run(items, tmp_path / "parts", part_rows=64) == 2
    assert {p.suffix for p in part_files(tmp_path / "parts")} == {".parquet"}
    got = list(read_parts(tmp_path / "parts"))
    assert len(got) == len(rows) and got == pq.read_table(single).to_pylist()


def test_a_killed_worker_loses_and_repeats_nothing(ray_cluster: ModuleType, tmp_path: Path) -> None:
    source = write_batch(tmp_path / "items.jsonl", 120, kill_at=77)
    expected = local_run(source, tmp_path / "local.jsonl")
    marker = tmp_path / "killed"
    factory = functools.partial(killing_checker, str(marker))
    assert ray_run(source, tmp_path / "parts", factory=factory, part_rows=16) == 2
    assert not Path(f"/proc/{int(marker.read_text())}").exists()  # a worker died on the chunk of line 77 ...
    records = [json.loads(line) for line in parts_text(tmp_path / "parts").splitlines()]
    assert sorted(r["line"] for r in records) == list(range(1, 123))  # ... and every line has one record
    assert parts_text(tmp_path / "parts") == expected  # the dead worker's chunk was checked again, once


def test_resume_by_id_checks_only_what_is_missing(
    ray_cluster: ModuleType, source: Path, local: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a run killed after its first parts: 5 chunks' records in one part, and a part's temporary file
    folder = tmp_path / "parts"
    parts = PartsOut(folder, PartsKey(str(source), "jsonl", CHUNK, None, "decomposed"))
    kept = local.splitlines(keepends=True)[: 5 * CHUNK]
    for line in kept:
        parts.add(json.loads(line))
    parts.flush()
    (folder / ".part-00001.jsonl.123.0.tmp").write_text('{"torn')
    capsys.readouterr()
    assert ray_run(source, folder, resume=True, part_rows=40) == 2
    err = capsys.readouterr().err
    assert f"kept {len(kept)} record(s), checked {ITEMS + 2 - len(kept)} more" in err
    assert parts_text(folder) == local and not list(folder.glob(".*.tmp"))
    assert json.loads((folder / MANIFEST).read_text())["complete"]
    # the JSONL file form resumes as the single path does: a torn last line is cut off and rewritten
    out = tmp_path / "out.jsonl"
    out.write_bytes(local[: len(local) // 2])
    assert ray_run(source, out, resume=True) == 2
    assert out.read_bytes() == local


def test_the_cli_runs_the_embedded_verifier_on_ray(
    ray_cluster: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from medhal.cli.main import main

    source = write_batch(tmp_path / "items.jsonl", 10)
    args = ["check", "-i", str(source), "--no-timings", "--chunk-size", "4", "--threads", "1"]
    assert main([*args, "-o", str(tmp_path / "local.jsonl")]) == 2
    assert main([*args, "-o", str(tmp_path / "ray.jsonl"), "--engine", "ray", "--num-workers", "2"]) == 2
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert "ray: pool of 2 worker(s)" in capsys.readouterr().err
