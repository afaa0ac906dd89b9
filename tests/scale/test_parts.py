"""Folders of part files (``--out DIR`` of ``--engine ray``): parts written whole at chunk ends, a manifest after
each, resume reading the ids back, and refusals of folders that are not this run's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.errors import OutputPathError, UsageError
from medhal.scale import MANIFEST, PartsKey, PartsOut, is_parts_dir, part_files, read_part, read_parts

KEY = PartsKey("items.jsonl", "jsonl", 4, None, "decomposed")


def record(n: int, status: str = "ok") -> dict[str, object]:
    return {"id": f"item-{n}", "status": status, "flagged": n % 3 == 0, "score": n / 10, "line": n}


def test_is_parts_dir(tmp_path: Path) -> None:
    (tmp_path / "file.jsonl").write_text("")
    assert is_parts_dir(tmp_path) and is_parts_dir(tmp_path / "new") and is_parts_dir(tmp_path / "new" / "deeper")
    assert not is_parts_dir(tmp_path / "out.jsonl") and not is_parts_dir(tmp_path / "out.parquet")
    assert not is_parts_dir(tmp_path / "file.jsonl")


def test_parts_are_cut_at_chunk_ends_and_listed_in_the_manifest(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    parts = PartsOut(folder, KEY, part_rows=5)
    assert not folder.exists()  # nothing is created before there is something to write
    for n in range(1, 12):
        parts.add(record(n))
        if n % 4 == 0:
            parts.chunk_done()
    parts.close()
    files = part_files(folder)
    assert [p.name for p in files] == ["part-00000.jsonl", "part-00001.jsonl"]
    assert [len(p.read_text().splitlines()) for p in files] == [8, 3]  # a part only ever ends with a chunk
    assert list(read_parts(folder)) == [record(n) for n in range(1, 12)]
    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["complete"] and manifest["records"] == 11 and manifest["chunk_size"] == 4
    assert manifest["parts"][1] == {"file": "part-00001.jsonl", "records": 3, "first_line": 9, "last_line": 11}


def test_a_part_is_written_after_part_seconds_even_when_small(tmp_path: Path) -> None:
    parts = PartsOut(tmp_path / "out", KEY, part_rows=1000, part_seconds=0.0)
    parts.add(record(1))
    parts.chunk_done()
    assert [p.name for p in part_files(tmp_path / "out")] == ["part-00000.jsonl"]
    assert not json.loads((tmp_path / "out" / MANIFEST).read_text())["complete"]


def test_resume_reads_the_kept_records_and_continues_the_numbering(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    first = PartsOut(folder, KEY, part_rows=2)
    for n in (1, 2, 3, 4):
        first.add(record(n, "ok" if n != 2 else "input_error"))
        first.chunk_done()
    first.flush()  # killed here: the manifest says incomplete
    (folder / ".part-00002.jsonl.99.0.tmp").write_text("torn")
    with pytest.raises(OutputPathError, match="pass --resume"):
        PartsOut(folder, KEY)
    resumed = PartsOut(folder, KEY, resume=True, part_rows=2)
    assert [r["id"] for r in resumed.kept] == ["item-1", "item-2", "item-3", "item-4"]
    assert resumed.kept[1] == {"id": "item-2", "line": 2, "status": "input_error", "flagged": False}
    assert not list(folder.glob(".*.tmp"))
    resumed.add(record(5))
    resumed.close()
    assert [p.name for p in part_files(folder)] == ["part-00000.jsonl", "part-00001.jsonl", "part-00002.jsonl"]
    assert [r["id"] for r in read_parts(folder, columns=("id",))] == [f"item-{n}" for n in range(1, 6)]


def test_resume_refuses_another_runs_folder(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    parts = PartsOut(folder, KEY)
    parts.add(record(1))
    parts.close()
    for other, what in (
        (PartsKey("items.jsonl", "jsonl", 8, None, "decomposed"), "chunk_size: 4 -> 8"),
        (PartsKey("items.jsonl", "jsonl", 4, "1/2", "decomposed"), "shard"),
        (PartsKey("items.jsonl", "jsonl", 4, None, "nli-clause"), "detector"),
    ):
        with pytest.raises(UsageError, match=f"holds another run \\({what}"):
            PartsOut(folder, other, resume=True)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("precious")
    with pytest.raises(UsageError, match="not a parts folder"):
        PartsOut(mine, KEY, resume=True)
    assert (mine / "notes.txt").read_text() == "precious"


def test_paths_that_are_not_folders_are_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    for path, message in (
        (tmp_path / "file", "not a folder"),
        (tmp_path / "link", "symbolic link"),
        (tmp_path / "missing" / "out", "does not exist"),
    ):
        with pytest.raises(OutputPathError, match=message):
            PartsOut(path, KEY)
    assert not (tmp_path / "elsewhere").exists()


def test_a_part_line_that_is_not_a_record_is_a_data_error(tmp_path: Path) -> None:
    from medhal.errors import DataError

    (tmp_path / "part-00000.jsonl").write_text('{"id": "a", "status": "ok"}\n[1, 2]\n')
    with pytest.raises(DataError, match="line 2 is not a check record"):
        list(read_part(tmp_path / "part-00000.jsonl"))


def test_parquet_parts_round_trip(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    from medhal.detect import CheckResult

    folder = tmp_path / "out"
    parts = PartsOut(folder, PartsKey("items.parquet", "parquet", 2, None, "decomposed"))
    result = CheckResult(detector="decomposed", verifier_id="v", config={"k": 1}, status="ok", id="a", score=0.25)
    parts.add(result.to_dict() | {"line": 1}, result.to_row(line=1))
    parts.close()
    assert [p.name for p in part_files(folder)] == ["part-00000.parquet"]
    (row,) = read_parts(folder)
    assert CheckResult.from_row(row) == result and row["line"] == 1
    resumed = PartsOut(folder, PartsKey("items.parquet", "parquet", 2, None, "decomposed"), resume=True)
    assert resumed.kept == [{"id": "a", "line": 1, "status": "ok", "flagged": None}]
