"""A folder of part files: the sharded ``--out DIR`` of ``medhal check --input ... --engine ray``.

``DIR/part-00000.jsonl`` (or ``.parquet``), ``part-00001...``: the records in input order, cut into parts at chunk
boundaries (a part is written once it holds ``part_rows`` records or ``part_seconds`` have passed), so the parts
read in name order are the single path's output file, record for record.  Each part is written whole to a
temporary file and moved into place (a reader, or a resume, never sees half a part); after each part,
``manifest.json`` is rewritten: what produced the folder (input, format, chunk size, shard, detector) and each
part's file, record count and first and last input line.  JSONL parts hold :meth:`CheckResult.to_dict` lines with
``line`` (as the single path writes them); Parquet parts hold :meth:`CheckResult.to_row` rows.

Resume (``--resume``): the parts already there are kept and read back for their ids (the manifest must name the
same format, chunk size, shard and detector); the run checks what they lack and writes the next parts.
"""

from __future__ import annotations

import importlib
import json
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Literal

from medhal._version import __version__
from medhal.bench.runio import atomic_output, atomic_write_text, write_json
from medhal.detect.parquet import ResultWriter, require_pyarrow
from medhal.detect.records import JSONObject
from medhal.errors import DataError, OutputPathError, UsageError

__all__ = ["MANIFEST", "PartFormat", "PartsKey", "PartsOut", "is_parts_dir", "part_files", "read_part", "read_parts"]

MANIFEST = "manifest.json"
MANIFEST_VERSION = "1"
PartFormat = Literal["jsonl", "parquet"]
_PART = re.compile(r"part-(\d{5,})\.(jsonl|parquet)")
_KEPT_FIELDS = ("id", "line", "status", "flagged")


def is_parts_dir(path: Path) -> bool:
    """Whether an ``--out`` names a folder of parts: an existing folder, or a path without a suffix (``out``,
    ``out/``); a file name with a suffix (``out.jsonl``, ``out.parquet``) is one output file."""
    return path.is_dir() or (not path.exists() and not path.is_symlink() and path.suffix == "")


@dataclass(frozen=True, slots=True)
class PartsKey:
    """What produced a parts folder; a resume must match it (other records would not continue the same run)."""

    input: str
    format: PartFormat
    chunk_size: int
    shard: str | None
    detector: str

    def mismatch(self, manifest: Mapping[str, object]) -> str | None:
        """The first field whose value differs from the manifest's, as ``name: old -> new``; ``None``: none."""
        for name in ("format", "chunk_size", "shard", "detector"):
            old, new = manifest.get(name), getattr(self, name)
            if old != new:
                return f"{name}: {old!r} -> {new!r}"
        return None


def part_files(folder: Path) -> list[Path]:
    """The part files of ``folder``, in order (by their number)."""
    return sorted((p for p in folder.iterdir() if _PART.fullmatch(p.name) and p.is_file()), key=_part_number)


def _pyarrow_parquet() -> ModuleType:
    require_pyarrow()
    return importlib.import_module("pyarrow.parquet")


def read_parts(folder: Path, *, columns: tuple[str, ...] | None = None) -> Iterator[JSONObject]:
    """The records of ``folder``'s parts in order (see :func:`read_part`)."""
    for path in part_files(folder):
        yield from read_part(path, columns=columns)


def read_part(path: Path, *, columns: tuple[str, ...] | None = None) -> Iterator[JSONObject]:
    """The records of one part: a JSONL part's lines as written, a Parquet part's rows; only ``columns`` of each
    when given.  A JSONL line that is not a check record is a :class:`DataError`."""
    if path.suffix == ".parquet":
        pq = _pyarrow_parquet()
        table = pq.read_table(str(path), columns=list(columns) if columns else None)
        rows: list[JSONObject] = table.to_pylist()
        yield from rows
        return
    with path.open(encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                record = json.loads(raw)
            except ValueError:
                record = None
            if not isinstance(record, dict) or not isinstance(record.get("id"), str) or "status" not in record:
                raise DataError(f"{path} line {number} is not a check record")
            yield record if columns is None else {k: record.get(k) for k in columns}


@dataclass(frozen=True, slots=True)
class _Part:
    file: str
    records: int
    first_line: int | None
    last_line: int | None

    @classmethod
    def of(cls, name: str, lines: Sequence[object]) -> _Part:
        """A part of ``name`` holding records from these input lines (``None`` where a record has none)."""
        numbers = [n for n in lines if isinstance(n, int)]
        return cls(name, len(lines), min(numbers, default=None), max(numbers, default=None))


class PartsOut:
    """Writes a parts folder (see the module docstring).  Records are added one by one with :meth:`add`; call
    :meth:`chunk_done` after each chunk (a part is cut only there), :meth:`close` at the end and, on an
    interruption, :meth:`flush` (what was checked is kept for ``--resume``).  ``kept``: the records already in the
    folder when resuming (``id``, ``line``, ``status``, ``flagged`` of each)."""

    def __init__(
        self,
        folder: Path,
        key: PartsKey,
        *,
        resume: bool = False,
        part_rows: int = 1024,
        part_seconds: float = 300.0,
    ) -> None:
        self.folder, self.key = folder, key
        self.part_rows, self.part_seconds = part_rows, part_seconds
        self.kept: list[JSONObject] = []
        self._parts: list[_Part] = []
        self._lines: list[str] = []
        self._rows: list[JSONObject] = []
        self._record_lines: list[int | None] = []
        self._since = time.monotonic()
        self._next = 0
        if key.format == "parquet":
            require_pyarrow()
        self._open(resume)

    @property
    def format(self) -> PartFormat:
        return self.key.format

    def _open(self, resume: bool) -> None:
        folder = self.folder
        if folder.is_symlink():
            raise OutputPathError(f"--out {folder} is a symbolic link; choose a real folder")
        if folder.exists() and not folder.is_dir():
            raise OutputPathError(f"--out {folder} exists and is not a folder")
        if not folder.parent.is_dir():
            raise OutputPathError(f"the folder of --out {folder} does not exist")
        entries = [p for p in folder.iterdir() if not _stale_temp(p.name)] if folder.exists() else []
        if entries and not resume:
            raise OutputPathError(
                f"--out {folder} is not empty; pass --resume to continue the run it holds, or choose a new folder"
            )
        if resume and entries:
            manifest = self._read_manifest()
            why = self.key.mismatch(manifest)
            if why is not None:
                raise UsageError(f"--resume: --out {folder} holds another run ({why})")
            for path in folder.iterdir():
                if _stale_temp(path.name):
                    path.unlink()  # a part or manifest whose writer was killed before moving it into place
            for path in part_files(folder):
                records = list(read_part(path, columns=_KEPT_FIELDS))
                self._parts.append(_Part.of(path.name, [r.get("line") for r in records]))
                self._next = _part_number(path) + 1
                self.kept.extend(records)

    def _read_manifest(self) -> Mapping[str, object]:
        path = self.folder / MANIFEST
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise UsageError(f"--resume: --out {self.folder} has no readable {MANIFEST}; not a parts folder") from None
        if not isinstance(manifest, dict):
            raise UsageError(f"--resume: {path} is not a parts manifest")
        return manifest

    def add(self, record: JSONObject, row: JSONObject | None = None) -> None:
        """One record: ``record`` (the JSONL line's object, with ``line``) and, for Parquet parts, its ``row``."""
        if self.format == "parquet":
            if row is None:
                raise ValueError("a Parquet part needs the record's row")
            self._rows.append(row)
        else:
            self._lines.append(json.dumps(record, ensure_ascii=False) + "\n")
        line = record.get("line")
        self._record_lines.append(line if isinstance(line, int) else None)

    def chunk_done(self) -> None:
        """A chunk ends here: write a part when enough records, or time, have gathered."""
        pending = len(self._record_lines)
        if pending >= self.part_rows or (pending and time.monotonic() - self._since >= self.part_seconds):
            self.flush()

    def flush(self) -> None:
        """Write what was added since the last part as the next part, then the manifest (nothing if nothing)."""
        self._since = time.monotonic()
        if not self._record_lines:
            return
        path = self.folder / f"part-{self._next:05d}.{self.format}"
        if not self.folder.is_dir():  # the folder, and a manifest naming the run, before its first part
            self._write_manifest(complete=False)
        if self.format == "parquet":
            with atomic_output(path) as handle:
                writer = ResultWriter(handle)
                writer.write(self._rows)
                writer.close()
        else:
            atomic_write_text(path, "".join(self._lines), replace=False)
        self._parts.append(_Part.of(path.name, self._record_lines))
        self._next += 1
        self._lines, self._rows, self._record_lines = [], [], []
        self._write_manifest(complete=False)

    def close(self) -> None:
        """The last part, and the manifest marked complete."""
        self.flush()
        self._write_manifest(complete=True)

    def _write_manifest(self, *, complete: bool) -> None:
        try:
            self.folder.mkdir(exist_ok=True)  # made with the first part (or at the end), not before any work
        except OSError as exc:
            raise OutputPathError(f"cannot create --out {self.folder}: {exc.strerror or exc}") from None
        write_json(
            self.folder / MANIFEST,
            {
                "manifest_version": MANIFEST_VERSION,
                "medhal_version": __version__,
                **asdict(self.key),
                "complete": complete,
                "records": sum(p.records for p in self._parts),
                "parts": [asdict(p) for p in self._parts],
            },
        )


def _part_number(path: Path) -> int:
    match = _PART.fullmatch(path.name)
    if match is None:
        raise ValueError(f"{path} is not a part file")
    return int(match.group(1))


def _stale_temp(name: str) -> bool:
    """A temporary file of :mod:`medhal.bench.runio` for a part or the manifest (``.part-00003.jsonl.<pid>.0.tmp``)."""
    return name.startswith((".part-", f".{MANIFEST}.")) and name.endswith(".tmp")
