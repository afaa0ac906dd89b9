"""Reading what the user hands the CLI: text files or stdin, and batches (JSONL, Parquet), with one-line errors."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Annotated, TypeVar, cast

import typer

from medhal.detect import CheckItem
from medhal.detect.parquet import iter_item_rows, require_pyarrow
from medhal.detect.passages import EvidenceInput
from medhal.errors import InputError, UsageError

__all__ = [
    "BATCH_FORMATS",
    "BatchFormat",
    "BatchLine",
    "UsageError",
    "VerifierOption",
    "batch_format",
    "iter_batch",
    "new_run_dir",
    "read_input_file",
    "read_text",
    "require_batch",
    "resumable_run_dir",
    "reusable_run_dir",
]

T = TypeVar("T")

VerifierOption = Annotated[
    str | None,
    typer.Option(
        help="embedded (default; embedded:raw without its lexical head), hf:<hub id or path>, onnx:<path>, or an LLM "
        "asked per pair: openai/<model> (with --base-url), hf/<causal LM>, vllm/<id>."
    ),
]
"""``--verifier`` of the commands that check (``check``, ``serve``)."""


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


def resumable_run_dir(out: Path, suite: str) -> None:
    """Refuse (one line, exit 2) an ``--out`` that is a link, a file, or a folder holding anything but a run of
    ``suite`` (which is resumed: :mod:`medhal.bench.checkpoint`, :meth:`medhal.llm.engine.Engine.arun`)."""
    from medhal.bench.suite import own_run_dir

    reusable_run_dir(out)
    if not own_run_dir(out, suite):
        raise UsageError(f"--out {out} exists and is not a medhal bench {suite} run directory")


def _decode(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{what} is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None


def read_input_file(source: str | Path, what: str, read: Callable[[Path], T]) -> T:
    """``read(path)`` of the file ``source`` names, with one-line usage errors (naming it as ``what``) for a path
    that does not exist, a directory, or a file ``read`` cannot read (``OSError``)."""
    path = Path(source)
    if not path.exists():
        raise UsageError(f"{what} file {source} does not exist")
    if path.is_dir():
        raise UsageError(f"{what} path {source} is a directory, not a file")
    try:
        return read(path)
    except OSError as exc:
        raise UsageError(f"cannot read {what} file {source}: {exc.strerror}") from None


def read_text(source: str, what: str) -> str:
    """Read ``source`` (a path, or ``-`` for stdin) as UTF-8 text."""
    if source == "-":
        return _decode(sys.stdin.buffer.read(), f"{what} from stdin")
    return _decode(read_input_file(source, what, Path.read_bytes), f"{what} file {source}")


@dataclass(frozen=True, slots=True)
class BatchLine:
    """One line of a batch file: an item to check, or the reason it cannot be checked."""

    line: int
    item: CheckItem | None
    id: str
    error: str | None = None


def _line_of(number: int, obj: Mapping[str, object]) -> BatchLine:
    """One batch line or row (``number`` from 1) as an item, or the reason it is not one.  ``evidence`` is a
    string or a list of passages (:mod:`medhal.detect.passages`); a list medhal refuses is the line's error."""
    item_id = obj.get("id")
    ident = str(item_id) if item_id is not None else f"line-{number}"
    missing = [k for k in ("evidence", "response") if k not in obj]
    if missing:
        return BatchLine(number, None, ident, f"line {number} lacks field(s): {', '.join(missing)}")
    evidence, response, question = obj["evidence"], obj["response"], obj.get("question")
    passages = isinstance(evidence, list)  # evidence as passages: strings, or objects with id and text
    if not ((passages or isinstance(evidence, str)) and isinstance(response, str) and isinstance(question, str | None)):
        fields = (("evidence", evidence), ("response", response), ("question", "" if question is None else question))
        wrong = ", ".join(k for k, v in fields if not (isinstance(v, str) or (k == "evidence" and passages)))
        return BatchLine(number, None, ident, f"line {number}: field(s) {wrong} must be strings")
    try:
        item = CheckItem(cast("EvidenceInput", evidence), response, question, ident)
    except InputError as exc:
        return BatchLine(number, None, ident, f"line {number}: {exc}")
    return BatchLine(number, item, ident)


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
    return _line_of(number, obj)


def _jsonl_lines(stream: IO[bytes]) -> Iterator[BatchLine]:
    for number, raw in enumerate(stream, start=1):
        if raw.strip():
            yield _parse_line(number, raw.rstrip(b"\r\n"))


def _read_jsonl(path: Path) -> Iterator[BatchLine]:
    with path.open("rb") as stream:
        yield from _jsonl_lines(stream)


def _read_parquet(path: Path) -> Iterator[BatchLine]:
    for number, row in enumerate(iter_item_rows(path), start=1):
        yield _line_of(number, row)


def _nothing() -> None:
    return None


@dataclass(frozen=True, slots=True)
class BatchFormat:
    """A file format of ``check`` batches: ``--input`` is read, and ``--out`` written, as the format its suffix
    names (JSONL for any other path and for stdin).  To add one: a reader of :class:`BatchLine` s and an entry in
    :data:`BATCH_FORMATS` (and, for ``--out``, its writer in :mod:`medhal.cli.check_batch`)."""

    name: str
    title: str
    suffixes: tuple[str, ...]
    read: Callable[[Path], Iterator[BatchLine]]
    """The lines (rows) of a file, numbered from 1, each an item or the reason it is not one."""
    tabular: bool = False
    """``--out`` holds :meth:`~medhal.detect.records.CheckResult.to_row` rows, written whole at the end (no
    record-by-record output, nothing to ``--resume``; only ``--format json``)."""
    require: Callable[[], None] = _nothing
    """Raises a one-line error when what the format needs is not installed."""


JSONL = BatchFormat("jsonl", "JSONL", (".jsonl",), _read_jsonl)
BATCH_FORMATS: dict[str, BatchFormat] = {
    f.name: f for f in (JSONL, BatchFormat("parquet", "Parquet", (".parquet",), _read_parquet, True, require_pyarrow))
}


def batch_format(path: str | Path | None) -> BatchFormat:
    """The format of a batch path by its suffix (any case); JSONL for other suffixes, ``-`` and ``None``."""
    suffix = "" if path is None or str(path) == "-" else Path(str(path)).suffix.lower()
    return next((f for f in BATCH_FORMATS.values() if suffix in f.suffixes), JSONL)


def iter_batch(source: str) -> Iterator[BatchLine]:
    """Parse a batch (a path, or ``-`` for JSONL on stdin), in the format its suffix names (:func:`batch_format`):
    JSONL skips blank lines and yields a record for every other line; Parquet
    (:func:`medhal.detect.parquet.iter_item_rows`) one record per row, its ``line`` the row number from 1."""
    if source == "-":
        yield from _jsonl_lines(sys.stdin.buffer)
        return
    require_batch(source)
    path = Path(source)
    yield from batch_format(path).read(path)


def require_batch(source: str) -> None:
    """Raise :class:`UsageError` unless the batch ``source`` is stdin (``-``) or a file: called before any output is
    opened, so a mistyped input path leaves no empty output file behind."""
    if source != "-" and not Path(source).is_file():
        raise UsageError(f"input file {source} does not exist")
