"""Reading what the user hands the CLI: text files or stdin, and JSONL batches, with one-line errors."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from medhal.detect import CheckItem
from medhal.detect.parquet import is_parquet, iter_item_rows
from medhal.errors import UsageError

__all__ = ["BatchLine", "UsageError", "iter_batch", "new_run_dir", "read_text", "reusable_run_dir"]


def new_run_dir(path: Path) -> None:
    """Refuse (one line, exit 2) a ``--out`` run directory that is a symlink or not absent or empty: call before
    any model is loaded, so a refusal costs nothing and no user file is replaced."""
    from medhal.bench.runio import check_run_dir

    try:
        check_run_dir(path)
    except FileExistsError as exc:
        raise UsageError(str(exc)) from None


def reusable_run_dir(path: Path) -> None:
    """The checks a resumable run directory (``bench medhalt``, ``bench paired``, ``bench stagewise``) shares with
    a new one before its own: never a symlink, never a file."""
    if path.is_symlink():
        raise UsageError(f"--out {path} is a symbolic link; choose a real folder")
    if path.exists() and not path.is_dir():
        raise UsageError(f"--out {path} is a file, not a folder")


def _decode(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{what} is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None


def read_text(source: str, what: str) -> str:
    """Read ``source`` (a path, or ``-`` for stdin) as UTF-8 text."""
    if source == "-":
        return _decode(sys.stdin.buffer.read(), f"{what} from stdin")
    path = Path(source)
    if not path.exists():
        raise UsageError(f"{what} file {source} does not exist")
    if path.is_dir():
        raise UsageError(f"{what} path {source} is a directory, not a file")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {what} file {source}: {exc.strerror}") from None
    return _decode(data, f"{what} file {source}")


@dataclass(frozen=True, slots=True)
class BatchLine:
    """One line of a batch file: an item to check, or the reason it cannot be checked."""

    line: int
    item: CheckItem | None
    id: str
    error: str | None = None


def _parse_line(number: int, raw: bytes) -> BatchLine:
    fallback = f"line-{number}"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return BatchLine(number, None, fallback, f"line {number} is not valid UTF-8 (offset {exc.start})")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        return BatchLine(number, None, fallback, f"line {number} is not JSON: {exc.msg} (column {exc.colno})")
    if not isinstance(obj, dict):
        return BatchLine(number, None, fallback, f"line {number} is not a JSON object")
    item_id = obj.get("id")
    ident = str(item_id) if item_id is not None else fallback
    missing = [k for k in ("evidence", "response") if k not in obj]
    if missing:
        return BatchLine(number, None, ident, f"line {number} lacks field(s): {', '.join(missing)}")
    wrong = [k for k in ("evidence", "response") if not isinstance(obj[k], str)]
    question = obj.get("question")
    if question is not None and not isinstance(question, str):
        wrong.append("question")
    if wrong:
        return BatchLine(number, None, ident, f"line {number}: field(s) {', '.join(wrong)} must be strings")
    return BatchLine(number, CheckItem(obj["evidence"], obj["response"], question, ident), ident)


def _parquet_row(number: int, row: Mapping[str, Any]) -> BatchLine:
    """One row of a Parquet batch (``number`` counts rows from 1), checked as :func:`_parse_line` checks a line."""
    fallback = f"line-{number}"
    item_id = row.get("id")
    ident = str(item_id) if item_id is not None else fallback
    wrong = [k for k in ("evidence", "response") if not isinstance(row.get(k), str)]
    question = row.get("question")
    if question is not None and not isinstance(question, str):
        wrong.append("question")
    if wrong:
        return BatchLine(number, None, ident, f"line {number}: field(s) {', '.join(wrong)} must be strings")
    return BatchLine(number, CheckItem(row["evidence"], row["response"], question, ident), ident)


def iter_batch(source: str) -> Iterator[BatchLine]:
    """Parse a JSONL batch (path or ``-``); blank lines are skipped, every other line yields a record.  A path
    ending in ``.parquet`` is read as Parquet (:func:`medhal.detect.parquet.iter_item_rows`), one record per row,
    its ``line`` the row number from 1."""
    if source == "-":
        stream = sys.stdin.buffer
    else:
        path = Path(source)
        if not path.is_file():
            raise UsageError(f"input file {source} does not exist")
        if is_parquet(path):
            for number, row in enumerate(iter_item_rows(path), start=1):
                yield _parquet_row(number, row)
            return
        stream = path.open("rb")
    try:
        for number, raw in enumerate(stream, start=1):
            if raw.strip():
                yield _parse_line(number, raw.rstrip(b"\r\n"))
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
