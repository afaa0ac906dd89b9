"""The MEDEC-style CSV table shared by MEDEC-MS and MedErrBench: its columns, and the notes of one table (text
and sentences as described in :mod:`medhal.data.notes.sentences`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.loading import LoadStats, RawRow, RawTable, Records, read_csv_rows
from medhal.data.notes.records import DATASETS, ClinicalNote, NoteSentence
from medhal.data.notes.rows import _check_error_sentence, _Counts, _flag, _Row, _sentence_id, _unique
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
    counts = _Counts()
    notes: list[ClinicalNote] = []
    kept: list[RawRow] = []
    incomplete = 0
    for raw in table.rows:
        row = _Row(raw, what, counts, repair)
        note_id = (row.get(TEXT_ID) or "").strip()
        text = row.get(TEXT) or ""
        empty = [name for name, value in (("Text ID", note_id), ("Text", text.strip())) if not value]
        if empty:
            if skip_incomplete:
                incomplete += 1
                continue
            raise DataFormatError(f"{raw.where}: empty {', '.join(repr(e) for e in empty)} ({what})")
        name = dataset(row)
        flag = _flag(row, ERROR_FLAG)
        body, sentences, extra = _table_sentences(text.strip(), row.get(SENTENCES), 0, counts)
        meta: dict[str, Any] = {"row": raw.number, **extra}
        for column in meta_columns:
            value = row.optional((column,))
            if value is not None:
                meta[column.lower().replace(" ", "_")] = value
        error = flag == 1
        note = ClinicalNote(
            id=note_id,
            dataset=name,
            language=DATASETS[name],
            text=body,
            sentences=sentences,
            error_flag=flag,
            error_sentence_id=_sentence_id(row.get(ERROR_SENTENCE_ID, required=False)) if error else None,
            error_sentence=row.optional(ERROR_SENTENCE) if error else None,
            corrected_sentence=row.optional(CORRECTED_SENTENCE) if error else None,
            error_type=row.optional(ERROR_TYPE) if error else None,
            scenario_id=None,
            corrected_text=row.optional(CORRECTED_TEXT) if error else None,
            meta=meta,
        )
        _check_error_sentence(note, counts)
        notes.append(note)
        kept.append(raw)
    _unique(kept, [n.id for n in notes], what)
    stats = LoadStats(str(path), len(table.rows), len(notes), table.skipped_empty, incomplete, counts.as_dict())
    return Records(notes, stats)


def _csv_table(path: str | Path, what: str) -> RawTable:
    p = Path(path)
    if not p.exists():
        raise DataFileNotFoundError(f"{path}: no such file ({what}s)")
    if p.is_file() and p.suffix.lower() not in {".csv", ".tsv"}:
        raise DataFormatError(f"{path}: unknown file type {p.suffix!r}; expected a .csv file ({what}s)")
    return read_csv_rows(p, what)
