"""The MEDEC-style CSV table shared by MEDEC-MS and MedErrBench: its columns, and the notes of one table (text
and sentences as described in :mod:`medhal.data.notes.sentences`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.loading import RawTable, Records, read_csv_rows
from medhal.data.notes.records import ClinicalNote, NoteSentence
from medhal.data.notes.rows import _Counts, _ErrorColumns, _flag, _NoteFile, _Row
from medhal.data.notes.sentences import _guided, _join, _numbered_lines, _projected, _split


def _table_sentences(
    text: str, cell: str | None, first: int, counts: _Counts
) -> tuple[str, tuple[NoteSentence, ...], dict[str, Any]]:
    """Text and sentences of a MEDEC / MedErrBench row (see the module docstring)."""
    if cell is not None and cell.strip():
        if "\\n" in cell and "\\n" not in text:
            cell = cell.replace("\\n", "\n")  # MedErrBench EN: a literal backslash-n for a line break
        located = _guided(cell, text, first)
        if located is None:
            located = _projected(cell, text, first)
            counts.fuzzy += located is not None
        if located is not None:
            return text, tuple(NoteSentence(sid, text[a:b], a, b) for sid, a, b in located), {}
        parts, dropped = _numbered_lines(cell, first, dot=False)
        counts.separators += dropped
        if parts:
            counts.rebuilt += 1
            rebuilt, sentences = _join(parts)
            return rebuilt, sentences, {"source_text": text}
    counts.split += 1
    return text, _split(text, first), {}


TEXT_ID = ("Text ID", "text_id", "id")
TEXT = ("Text", "text")
SENTENCES = ("Sentences", "sentences")
ERROR_FLAG = ("Error Flag", "error_flag")
ERROR_TYPE = ("Error Type", "error_type")
ERROR_SENTENCE_ID = ("Error Sentence ID", "error_sentence_id")
ERROR_SENTENCE = ("Error Sentence", "error_sentence")
CORRECTED_SENTENCE = ("Corrected Sentence", "corrected_sentence")
CORRECTED_TEXT = ("Corrected Text", "corrected_text")


_TABLE_ERRORS = _ErrorColumns(ERROR_SENTENCE_ID, ERROR_SENTENCE, CORRECTED_SENTENCE, ERROR_TYPE, CORRECTED_TEXT)


def _table_notes(
    table: RawTable,
    what: str,
    dataset: Callable[[_Row], str],
    meta_columns: Sequence[str],
    *,
    repair: bool,
    skip_incomplete: bool,
    path: str | Path,
) -> Records[ClinicalNote]:
    notes = _NoteFile(what, skip_incomplete=skip_incomplete)
    for raw in table.rows:
        row = _Row(raw, what, notes.counts, repair)
        note_id = (row.get(TEXT_ID) or "").strip()
        text = row.get(TEXT) or ""
        if not notes.complete(raw, (("Text ID", note_id), ("Text", text.strip()))):
            continue
        name = dataset(row)
        flag = _flag(row, ERROR_FLAG)
        body, sentences, extra = _table_sentences(text.strip(), row.get(SENTENCES), 0, notes.counts)
        meta: dict[str, Any] = {"row": raw.number, **extra}
        for column in meta_columns:
            value = row.optional((column,))
            if value is not None:
                meta[column.lower().replace(" ", "_")] = value
        notes.add(
            row,
            _TABLE_ERRORS,
            note_id=note_id,
            dataset=name,
            text=body,
            sentences=sentences,
            flag=flag,
            scenario_id=None,
            meta=meta,
        )
    return notes.records(table, path)


def _csv_table(path: str | Path, what: str) -> RawTable:
    p = Path(path)
    if not p.exists():
        raise DataFileNotFoundError(f"{path}: no such file ({what}s)")
    if p.is_file() and p.suffix.lower() not in {".csv", ".tsv"}:
        raise DataFormatError(f"{path}: unknown file type {p.suffix!r}; expected a .csv file ({what}s)")
    return read_csv_rows(p, what)
