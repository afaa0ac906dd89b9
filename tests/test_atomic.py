"""``medhal._atomic.atomic_file``: the temporary-file write under ``bench.runio`` and ``llm.runs``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from medhal import _atomic
from medhal._atomic import atomic_file
from medhal.bench import runio
from medhal.errors import OutputPathError
from medhal.llm import runs


def _temp(path: Path) -> tuple[int, Path]:
    tmp = path.with_name(f".{path.name}.test.tmp")
    return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644), tmp


def test_the_bytes_are_moved_over_the_old_file_and_no_temp_file_is_left(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old\n", encoding="utf-8")
    temp = _temp(target)
    with atomic_file(target, temp) as handle:
        handle.write(b"new ")
        handle.write(b"text\n")
        assert target.read_text(encoding="utf-8") == "old\n"  # nothing is seen before the block ends
    assert target.read_text(encoding="utf-8") == "new text\n"
    assert handle.closed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_fsync_comes_before_the_move_which_gets_the_temp_file_and_the_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[tuple[str, object]] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        events.append(("fsync", fd))
        real_fsync(fd)

    def move(tmp: Path, path: Path) -> None:
        events.append(("move", (tmp, path)))
        os.replace(tmp, path)

    monkeypatch.setattr(_atomic.os, "fsync", fsync)
    target = tmp_path / "items.jsonl"
    fd, tmp = _temp(target)
    with atomic_file(target, (fd, tmp), move) as handle:
        handle.write(b"{}\n")
    assert events == [("fsync", fd), ("move", (tmp, target))]
    assert target.read_bytes() == b"{}\n"


def test_an_exception_in_the_block_removes_the_temp_file_and_leaves_the_target(tmp_path: Path) -> None:
    target = tmp_path / "metrics.json"
    target.write_text("kept\n", encoding="utf-8")
    moves: list[Path] = []

    def move(tmp: Path, path: Path) -> None:
        moves.append(path)
        os.replace(tmp, path)

    with pytest.raises(RuntimeError, match="half way"), atomic_file(target, _temp(target), move) as handle:
        handle.write(b"half")
        raise RuntimeError("half way")
    assert moves == []
    assert target.read_text(encoding="utf-8") == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["metrics.json"]


def test_a_failed_move_removes_the_temp_file_and_raises(tmp_path: Path) -> None:
    target = tmp_path / "report.md"

    def refuse(tmp: Path, path: Path) -> None:
        assert tmp.read_bytes() == b"# report\n"  # written and flushed before the move
        raise FileExistsError(f"{path} appeared meanwhile")

    with pytest.raises(FileExistsError, match="appeared meanwhile"), atomic_file(target, _temp(target), refuse) as h:
        h.write(b"# report\n")
    assert list(tmp_path.iterdir()) == []


def test_runio_keeps_its_no_overwrite_move(tmp_path: Path) -> None:
    """``runio``'s move through the shared write: never over an existing file (or a symlink) unless asked."""
    target = tmp_path / "out.jsonl"
    runio.atomic_write_text(target, "first\n", replace=False)
    with pytest.raises(OutputPathError, match="exists; pass --overwrite"):
        runio.atomic_write_text(target, "second\n", replace=False)
    victim = tmp_path / "victim.txt"
    victim.write_text("victim\n", encoding="utf-8")
    link = tmp_path / "link.jsonl"
    link.symlink_to(victim)
    with pytest.raises(OutputPathError, match="exists; pass --overwrite"):
        runio.atomic_write_text(link, "through the link\n", replace=False)
    assert victim.read_text(encoding="utf-8") == "victim\n"
    assert link.is_symlink()
    runio.atomic_write_text(target, "third\n")
    assert target.read_text(encoding="utf-8") == "third\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.jsonl", "out.jsonl", "victim.txt"]


def test_runs_replaces_through_the_shared_write(tmp_path: Path) -> None:
    target = tmp_path / "config.json"
    runs.atomic_write_text(target, "{}\n")
    runs.atomic_write_text(target, '{"a": 1}\n')
    assert target.read_text(encoding="utf-8") == '{"a": 1}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["config.json"]
