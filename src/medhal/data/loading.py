"""Shared plumbing of the benchmark loaders: load statistics, the list type that carries them, raw-row readers.

Every benchmark loader returns a :class:`Records` list: an ordinary ``list`` of its records with a ``stats``
attribute (:class:`LoadStats`) saying how many rows it read, how many records it made and what it skipped. Nothing
is dropped silently: blank lines and rows whose every field is empty are skipped and *counted*
(``skipped_empty``); anything else that does not fit raises :class:`~medhal.data.errors.DataFormatError` with a
one-line ``path:line: problem`` message.

The raw readers here (:func:`read_text`, :func:`parse_json`, :func:`read_json_rows`, :func:`read_csv_rows`) are
what the loaders build on; they return :class:`RawRow` objects that remember where each row came from.  Two
registries say which reader or loader a file is read with: :data:`ROW_FORMATS` maps file suffixes to the raw
readers (:func:`row_format`), and a :class:`DatasetFormat` names one benchmark's loader, the files it takes and its
options (the detection formats of :data:`medhal.data.detection.DETECTION_FORMATS`).  To add a row format, register
its reader in :data:`ROW_FORMATS`; to add a benchmark, write its loader module and register it where its records
are read.
"""

from __future__ import annotations

import csv
import hashlib
import inspect
import io
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from medhal.data.errors import DataFileNotFoundError, DataFormatError, at

__all__ = [
    "ROW_FORMATS",
    "DatasetFormat",
    "LoadStats",
    "RawRow",
    "RawTable",
    "Records",
    "RowFormat",
    "is_empty_row",
    "parse_json",
    "pick",
    "read_csv_rows",
    "read_json_rows",
    "read_text",
    "row_format",
    "sha256_file",
    "text_field",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class LoadStats:
    """What one loader call read.

    ``rows``: non-empty data rows read (JSONL lines, CSV records, JSON array items, dataset rows).
    ``items``: records returned (a MedHallu row gives two detection items, a QAGS article one item).
    ``skipped_empty``: blank lines and rows whose every field is empty; skipped, never an error.
    ``skipped_incomplete``: rows with an empty required field, skipped only where the caller asked for that
    (otherwise such a row raises).  ``counts``: loader-specific counters, documented by each loader.
    """

    path: str
    rows: int
    items: int
    skipped_empty: int = 0
    skipped_incomplete: int = 0
    counts: Mapping[str, int] = field(default_factory=dict, hash=False)

    def summary(self) -> str:
        """One line for logs: ``path: 100 rows -> 200 items (skipped 0 empty, 0 incomplete; key=value ...)``."""
        extra = "".join(f"; {key}={value}" for key, value in self.counts.items())
        return (
            f"{self.path}: {self.rows} rows -> {self.items} items "
            f"(skipped {self.skipped_empty} empty, {self.skipped_incomplete} incomplete{extra})"
        )


class Records(list[T]):
    """A plain ``list`` of loaded records that also carries the :class:`LoadStats` of the read that made it.

    Slicing or copying gives an ordinary list; the statistics stay with the object the loader returned.
    """

    stats: LoadStats

    def __init__(self, items: Iterable[T], stats: LoadStats) -> None:
        super().__init__(items)
        self.stats = stats


@dataclass(frozen=True, slots=True)
class RawRow:
    """One raw row of a data file: ``number`` is its 1-based line (JSONL; the first line of a CSV record), item
    index (JSON array) or row index (a saved dataset); ``where`` is the ``path:line`` prefix for messages."""

    number: int
    where: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class RawTable:
    """The non-empty rows of a file, in file order, and how many empty rows were skipped."""

    path: str
    rows: tuple[RawRow, ...]
    skipped_empty: int


def read_text(path: str | Path, what: str) -> str:
    """The UTF-8 text of ``path`` (a leading BOM removed); one-line errors for a missing file, a folder, bad bytes."""
    p = Path(path)
    if not p.exists():
        raise DataFileNotFoundError(f"{path}: no such file ({what})")
    if p.is_dir():
        raise DataFormatError(f"{path}: is a folder, expected a {what} file")
    try:
        return p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataFormatError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def parse_json(path: str | Path, text: str, what: str | None = None) -> Any:
    """``text`` (the content of ``path``) as one JSON document; a syntax error is a one-line
    :class:`~medhal.data.errors.DataFormatError` at ``path:line`` (naming ``what`` when given)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        detail = _one_line(exc.msg) if what is None else f"{_one_line(exc.msg)}; {what}"
        raise DataFormatError(f"{at(path, exc.lineno)}: not valid JSON ({detail})") from None


def is_empty_row(data: Mapping[str, object]) -> bool:
    """True when every value is ``None``, blank text or an empty container (an "empty row" to skip and count)."""
    for value in data.values():
        if value is None:
            continue
        if isinstance(value, str):
            if value.strip():
                return False
            continue
        if isinstance(value, list | tuple | dict) and not value:
            continue
        return False
    return True


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _table(path: str | Path, rows: list[RawRow], skipped: int, what: str) -> RawTable:
    if not rows:
        raise DataFormatError(f"{path}: no data rows ({skipped} empty; {what})")
    return RawTable(str(path), tuple(rows), skipped)


def read_json_rows(path: str | Path, what: str) -> RawTable:
    """The JSON objects of a JSONL file (one per line), or of a file holding one JSON array of objects.

    JSONL lines are split on ``\\n`` only (texts may contain U+2028/U+2029, which ``str.splitlines`` would treat
    as line ends); a trailing ``\\r`` is JSON whitespace and harmless.
    """
    rows: list[RawRow] = []
    skipped = 0
    for number, where, item in _json_values(path, read_text(path, what), what):
        if item is _BLANK:
            skipped += 1
            continue
        if not isinstance(item, dict):
            raise DataFormatError(f"{where}: expected a JSON object, got {type(item).__name__} ({what})")
        if is_empty_row(item):
            skipped += 1
            continue
        rows.append(RawRow(number, where, item))
    return _table(path, rows, skipped, what)


_BLANK = object()
"""A blank JSONL line (skipped and counted, unlike a ``null`` line, which is not an object)."""


def _json_values(path: str | Path, text: str, what: str) -> Iterator[tuple[int, str, object]]:
    """``(number, where, value)`` for each item of a JSON array, or each line of JSONL (:data:`_BLANK` if blank)."""
    if text.lstrip().startswith("["):
        for index, item in enumerate(parse_json(path, text), start=1):
            yield index, at(path, f"item {index}"), item
        return
    lines = text.split("\n")
    if lines and not lines[-1].strip():
        lines.pop()  # what follows the final newline is not a row
    for number, line in enumerate(lines, start=1):
        where = at(path, number)
        if not line.strip():
            yield number, where, _BLANK
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DataFormatError(f"{where}: not valid JSON ({_one_line(exc.msg)}; {what})") from None
        yield number, where, value


def read_csv_rows(path: str | Path, what: str, *, delimiter: str | None = None) -> RawTable:
    """The records of a CSV (or, for ``.tsv`` or ``delimiter="\\t"``, TSV) file with a header line, as dicts.

    Blank lines and records whose every cell is empty are skipped and counted; a record with more or fewer cells
    than the header raises.
    """
    text = read_text(path, what)
    sep = delimiter if delimiter is not None else ("\t" if str(path).lower().endswith(".tsv") else ",")
    # newline="": split records on \n, \r and \r\n only (as csv wants), never on U+2028 or U+2029
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
    try:
        header = next(reader, None)
    except csv.Error as exc:
        raise DataFormatError(f"{at(path, 1)}: unreadable CSV header ({exc})") from None
    if not header or not any(cell.strip() for cell in header):
        raise DataFormatError(f"{at(path, 1)}: no header line ({what})")
    names = [cell.strip() for cell in header]
    rows: list[RawRow] = []
    skipped = 0
    last = reader.line_num
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise DataFormatError(f"{at(path, last + 1)}: unreadable CSV record ({exc})") from None
        number, last = last + 1, reader.line_num
        if not cells or not any(cell.strip() for cell in cells):
            skipped += 1
            continue
        where = at(path, number)
        if len(cells) != len(names):
            raise DataFormatError(f"{where}: {len(cells)} cells, the header has {len(names)} ({what})")
        rows.append(RawRow(number, where, dict(zip(names, cells, strict=True))))
    return _table(path, rows, skipped, what)


@dataclass(frozen=True, slots=True)
class RowFormat:
    """Raw rows by file suffix: JSON (JSONL lines or one array of objects) or CSV/TSV with a header line."""

    name: str
    suffixes: tuple[str, ...]
    read: Callable[[str | Path, str], RawTable]


ROW_FORMATS: dict[str, RowFormat] = {
    f.name: f
    for f in (
        RowFormat("json", (".jsonl", ".json", ".ndjson"), read_json_rows),
        RowFormat("csv", (".csv", ".tsv"), read_csv_rows),
    )
}


def row_format(path: str | Path) -> RowFormat | None:
    """The row format of ``path`` by its suffix (any case), ``None`` when no reader takes it."""
    suffix = Path(path).suffix.lower()
    return next((f for f in ROW_FORMATS.values() if suffix in f.suffixes), None)


@dataclass(frozen=True, slots=True)
class DatasetFormat(Generic[T]):
    """A benchmark's file format by name: its ``load`` function (``(path, *, options) -> Records``), the file types
    it takes (``suffixes``; ``folder`` for a directory) and a one-line ``summary``."""

    name: str
    load: Callable[..., Records[T]]
    suffixes: tuple[str, ...]
    summary: str

    def options(self) -> tuple[str, ...]:
        """The keyword-only options of ``load``, in order."""
        params = inspect.signature(self.load).parameters.values()
        return tuple(p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY)

    def read(self, path: str | Path, **options: object) -> Records[T]:
        """``load(path, **options)``; an option ``load`` does not take is a ``TypeError`` naming those it does."""
        unknown = sorted(set(options) - set(self.options()))
        if unknown:
            raise TypeError(
                f"format {self.name!r}: unknown option(s) {', '.join(unknown)}; "
                f"accepted: {', '.join(self.options()) or 'none'}"
            )
        return self.load(path, **options)


def pick(row: RawRow, names: Sequence[str], what: str, *, required: bool = True) -> Any:
    """The value of the first of ``names`` (a column and its accepted aliases) present in ``row``.

    A missing column raises (naming the column and its aliases) when ``required``; otherwise gives ``None``.
    """
    for name in names:
        if name in row.data:
            return row.data[name]
    if not required:
        return None
    aliases = f" (or {', '.join(repr(n) for n in names[1:])})" if len(names) > 1 else ""
    raise DataFormatError(f"{row.where}: missing column {names[0]!r}{aliases} ({what})")


def text_field(row: RawRow, names: Sequence[str], what: str, *, required: bool = True) -> str | None:
    """:func:`pick` for a text column: the value as ``str`` (numbers are converted), ``None`` if absent or null.

    A list, object or other non-text value raises.
    """
    value = pick(row, names, what, required=required)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise DataFormatError(f"{row.where}: column {names[0]!r} is {type(value).__name__}, expected text ({what})")
    return str(value)


def sha256_file(path: str | Path) -> str:
    """Hex sha256 of a file's bytes."""
    digest = hashlib.sha256()
    with Path(path).open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()
