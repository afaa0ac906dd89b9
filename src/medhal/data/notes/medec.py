"""MEDEC-MS notes (``read_medec``)."""

from __future__ import annotations

from pathlib import Path

from medhal.data.loading import Records
from medhal.data.notes.records import ClinicalNote
from medhal.data.notes.tables import _csv_table, _table_notes

__all__ = ["read_medec"]

_MEDEC = "MEDEC row"


def read_medec(
    path: str | Path, *, repair_mojibake: bool = True, skip_incomplete: bool = False
) -> Records[ClinicalNote]:
    """The notes of a MEDEC-MS CSV (``dataset="medec-ms"``), all-empty rows dropped and counted.

    A row with an empty ``Text ID`` or ``Text`` raises :class:`~medhal.data.errors.DataFormatError` unless
    ``skip_incomplete`` (then it is skipped and counted); so do a missing column, an ``Error Flag`` other than
    0 / 1 and a duplicate ``Text ID``.
    """
    table = _csv_table(path, _MEDEC)
    return _table_notes(
        table,
        _MEDEC,
        lambda row: "medec-ms",
        (),
        repair=repair_mojibake,
        skip_incomplete=skip_incomplete,
        path=path,
    )
