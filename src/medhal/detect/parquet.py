"""Check results and check items as Parquet (``pip install 'medhal[parquet]'``).

pyarrow is imported inside these functions only, never when medhal is imported.  A result file holds one row per
result in :meth:`~medhal.detect.records.CheckResult.to_row` form under :func:`result_schema`: the record's scalar
fields as columns, ``units`` as a list of structs (evidence pointers as nested structs), free-form mappings as
JSON text (``config_json``, ``claims_json``, ``timings_json``; a unit's ``signals_json``, ``cues_json``,
``alignment_json``) and ``line``, the input line or row the result came from.  An evidence pointer's ``passage``,
``passage_start``, ``passage_end`` and ``focus`` are null where the record has none (and, read back, leave the
record as it was).
An item file has columns ``evidence`` (a string, or evidence as passages: a list of strings or a list of structs
``{id, text}``) and ``response`` (a string), and optional ``id`` and ``question``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO

from medhal.errors import ConfigError, DataError

__all__ = [
    "PARQUET_HINT",
    "ResultWriter",
    "is_parquet",
    "iter_item_rows",
    "read_result_rows",
    "require_pyarrow",
    "result_schema",
]

PARQUET_HINT = "Parquet needs pyarrow; pip install 'medhal[parquet]'"


def is_parquet(path: str | Path) -> bool:
    """Whether a path names a Parquet file (by its suffix, ``.parquet``, any case)."""
    return Path(str(path)).suffix.lower() == ".parquet"


def _pyarrow() -> tuple[ModuleType, ModuleType]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ConfigError(PARQUET_HINT) from None
    return pa, pq


def require_pyarrow() -> None:
    """Raise the one-line :class:`ConfigError` (exit 2) now when pyarrow is missing, before any work is done."""
    _pyarrow()


def result_schema() -> object:
    """The ``pyarrow.Schema`` of a result file (one :meth:`CheckResult.to_row` per row)."""
    pa, _ = _pyarrow()
    pointer = pa.struct(
        [
            ("start", pa.int64()),
            ("end", pa.int64()),
            ("text", pa.string()),
            ("probability", pa.float64()),
            ("sentences", pa.list_(pa.int64())),
            ("granularity", pa.int64()),
            ("passage", pa.string()),
            ("passage_start", pa.int64()),
            ("passage_end", pa.int64()),
            (
                "focus",
                pa.struct(
                    [("start", pa.int64()), ("end", pa.int64()), ("text", pa.string()), ("sentence", pa.int64())]
                ),
            ),
        ]
    )
    unit = pa.struct(
        [
            ("index", pa.int64()),
            ("text", pa.string()),
            ("start", pa.int64()),
            ("end", pa.int64()),
            ("kind", pa.string()),
            ("verdict", pa.string()),
            ("score", pa.float64()),
            ("suspicion", pa.float64()),
            ("p_entail", pa.float64()),
            ("p_contradict", pa.float64()),
            ("entailing", pointer),
            ("contradicting", pointer),
            ("signals_json", pa.string()),
            ("cues_json", pa.string()),
            ("span_text", pa.string()),
            ("alignment_json", pa.string()),
            ("error", pa.string()),
        ]
    )
    return pa.schema(
        [
            ("schema_version", pa.string()),
            ("medhal_version", pa.string()),
            ("id", pa.string()),
            ("status", pa.string()),
            ("reason", pa.string()),
            ("detector", pa.string()),
            ("verifier_id", pa.string()),
            ("config_json", pa.string()),
            ("score", pa.float64()),
            ("flagged", pa.bool_()),
            ("windows", pa.int64()),
            ("library_entries", pa.int64()),
            ("skipped_windows", pa.int64()),
            ("pairs", pa.int64()),
            ("verifier_passes", pa.int64()),
            ("truncated_pairs", pa.int64()),
            ("evidence_examined", pa.float64()),
            ("notes", pa.list_(pa.string())),
            ("units", pa.list_(unit)),
            ("claims_json", pa.string()),
            ("timings_json", pa.string()),
            ("line", pa.int64()),
        ]
    )


class ResultWriter:
    """Rows appended to an open binary stream as Parquet row groups (one per :meth:`write` call)."""

    def __init__(self, handle: IO[bytes]) -> None:
        pa, pq = _pyarrow()
        self._pa = pa
        self._schema = result_schema()
        self._writer = pq.ParquetWriter(handle, self._schema)

    def write(self, rows: Sequence[Mapping[str, object]]) -> None:
        if rows:
            self._writer.write_table(self._pa.Table.from_pylist(rows, schema=self._schema))

    def close(self) -> None:
        self._writer.close()


def read_result_rows(path: str | Path) -> list[dict[str, object]]:
    """Every row of a result file, as :meth:`CheckResult.from_row` takes them."""
    _, pq = _pyarrow()
    rows: list[dict[str, object]] = pq.read_table(str(path)).to_pylist()
    return rows


def iter_item_rows(path: str | Path, *, batch_rows: int = 1024) -> Iterator[Mapping[str, object]]:
    """The rows of an item file, read ``batch_rows`` at a time, as dicts of the columns ``id``, ``evidence``,
    ``response`` and ``question`` that the file has (others are not read).  A file that is not Parquet, or that
    lacks an ``evidence`` or ``response`` column, is a :class:`DataError` (one line)."""
    pa, pq = _pyarrow()
    try:
        source = pq.ParquetFile(str(path))
    except (OSError, pa.ArrowException) as exc:
        raise DataError(f"cannot read Parquet input {path}: {_first_line(exc)}") from None
    names = set(source.schema_arrow.names)
    missing = [c for c in ("evidence", "response") if c not in names]
    if missing:
        raise DataError(f"Parquet input {path} lacks column(s): {', '.join(missing)}")
    columns = [c for c in ("id", "evidence", "response", "question") if c in names]
    try:
        for batch in source.iter_batches(batch_size=batch_rows, columns=columns):
            yield from batch.to_pylist()
    except (OSError, pa.ArrowException) as exc:
        raise DataError(f"cannot read Parquet input {path}: {_first_line(exc)}") from None


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
