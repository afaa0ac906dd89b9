"""MedRECT notes (``read_medrect``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from medhal.data.errors import DataFileNotFoundError
from medhal.data.loading import Records, read_json_rows, text_field
from medhal.data.notes.records import ClinicalNote
from medhal.data.notes.rows import _ErrorColumns, _flag, _NoteFile, _Row
from medhal.data.notes.sentences import _join, _numbered_lines, _split

__all__ = ["read_medrect"]

_MEDRECT = "MedRECT item"
_MEDRECT_FILE = re.compile(r"(?:^|[_\-.])(en|ja)(?:[_\-.]|$)", re.IGNORECASE)
_KANA = re.compile(r"[\u3040-\u30ff]")
_MEDRECT_ERRORS = _ErrorColumns(
    ("error_sentence_id",), ("error_sentence",), ("corrected_sentence",), ("error_type",), ("corrected_text",)
)


def read_medrect(
    path: str | Path, *, language: str | None = None, skip_incomplete: bool = False
) -> Records[ClinicalNote]:
    """The notes of a MedRECT JSON file (``dataset="medrect-en"`` or ``"medrect-ja"``), in file order.

    ``language`` (``en``/``ja``) defaults to the file name (``medrect-ja-test.json``), else to ``ja`` when the
    first note has kana.  Sentence ids are the file's (1-based).  ``scenario_id`` is
    ``metadata.jmle_question_id`` where present.  ``meta``: ``row`` (item number), ``source_model`` and the
    scalar ``metadata`` entries (``jmle_question_id``, ``choice``, ``record_type``, ``row_index``).  An item
    without ``sample_id`` or ``sentences`` raises (or, with ``skip_incomplete``, is skipped and counted).
    """
    p = Path(path)
    if not p.exists():
        raise DataFileNotFoundError(f"{path}: no such file ({_MEDRECT}s)")
    table = read_json_rows(p, _MEDRECT)
    lang = language.lower() if language is not None else None
    if lang is None:
        m = _MEDRECT_FILE.search(p.stem)
        if m is not None:
            lang = m.group(1).lower()
    if lang is None:
        first = text_field(table.rows[0], ("sentences",), _MEDRECT, required=False) or ""
        lang = "ja" if _KANA.search(first) else "en"
    if lang not in {"en", "ja"}:
        raise ValueError(f"unknown MedRECT language {language!r}; expected en or ja")
    name = f"medrect-{lang}"
    notes = _NoteFile(_MEDRECT, skip_incomplete=skip_incomplete)
    for raw in table.rows:
        row = _Row(raw, _MEDRECT, notes.counts, repair=False)
        note_id = (row.get(("sample_id", "id")) or "").strip()
        cell = row.get(("sentences",)) or ""
        if not notes.complete(raw, (("sample_id", note_id), ("sentences", cell.strip()))):
            continue
        flag = _flag(row, ("error_flag",))
        parts, dropped = _numbered_lines(cell, 1, dot=True)
        notes.counts.separators += dropped
        if parts:
            text, sentences = _join(parts)
        else:
            text = cell.strip()
            sentences = _split(text, 1)
            notes.counts.split += 1
        metadata = raw.data.get("metadata")
        meta: dict[str, Any] = {"row": raw.number}
        if isinstance(metadata, dict):
            meta.update({k: v for k, v in metadata.items() if isinstance(v, str | int | float | bool)})
        source_model = row.optional(("source_model",))
        if source_model is not None:
            meta["source_model"] = source_model
        scenario = meta.get("jmle_question_id")
        notes.add(
            row,
            _MEDRECT_ERRORS,
            note_id=note_id,
            dataset=name,
            text=text,
            sentences=sentences,
            flag=flag,
            scenario_id=str(scenario) if scenario is not None and str(scenario).strip() else None,
            meta=meta,
        )
    return notes.records(table, path)
