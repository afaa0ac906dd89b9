"""Reading the fields of one raw row of a note file: mojibake repair, line ends, flags, sentence ids, and the
per-file ``counts``; and the notes of one file as its rows are read (:class:`_NoteFile`).

Other ``counts``: ``error_sentence_mismatch`` (error notes whose ``error_sentence`` differs, beyond
whitespace, from the sentence its ``error_sentence_id`` names, or whose id names no sentence).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from medhal.data.errors import DataFormatError
from medhal.data.loading import LoadStats, RawRow, RawTable, Records, text_field
from medhal.data.notes.mojibake import repair_mojibake
from medhal.data.notes.records import DATASETS, ClinicalNote, NoteSentence


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


@dataclass(slots=True)
class _Counts:
    repaired: int = 0
    rows: int = 0
    ambiguous: int = 0
    rebuilt: int = 0
    fuzzy: int = 0
    split: int = 0
    separators: int = 0
    mismatch: int = 0

    def as_dict(self) -> dict[str, int]:
        return {
            "mojibake_repaired": self.repaired,
            "mojibake_rows": self.rows,
            "mojibake_ambiguous": self.ambiguous,
            "text_rebuilt": self.rebuilt,
            "sentences_fuzzy": self.fuzzy,
            "sentences_split": self.split,
            "separator_lines": self.separators,
            "error_sentence_mismatch": self.mismatch,
        }


class _Row:
    """The text fields of one raw row, mojibake-repaired (counted) and with ``\\n`` line ends."""

    def __init__(self, raw: RawRow, what: str, counts: _Counts, repair: bool) -> None:
        self.raw = raw
        self.what = what
        self.values: dict[str, str | None] = {}
        touched = False
        for key in raw.data:
            value = text_field(raw, (key,), what, required=False) if _is_text(raw.data[key]) else None
            if value is not None and repair:
                value, status = repair_mojibake(value)
                if status == "repaired":
                    counts.repaired += 1
                    touched = True
                elif status == "ambiguous":
                    counts.ambiguous += 1
            self.values[key] = _normalise_newlines(value) if value is not None else None
        counts.rows += touched

    def get(self, names: Sequence[str], *, required: bool = True) -> str | None:
        for name in names:
            if name in self.raw.data:
                return self.values.get(name)
        if required:
            aliases = f" (or {', '.join(repr(n) for n in names[1:])})" if len(names) > 1 else ""
            raise DataFormatError(f"{self.raw.where}: missing column {names[0]!r}{aliases} ({self.what})")
        return None

    def optional(self, names: Sequence[str]) -> str | None:
        """A column that may be absent, empty or ``NA`` (all ``None``); stripped otherwise."""
        value = self.get(names, required=False)
        if value is None or not value.strip() or value.strip().upper() in {"NA", "N/A", "NAN", "NONE", "NULL"}:
            return None
        return value.strip()


def _is_text(value: Any) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _flag(row: _Row, names: Sequence[str]) -> int:
    raw = row.raw.data.get(next((n for n in names if n in row.raw.data), names[0]))
    value = row.get(names)
    if isinstance(raw, bool):
        return int(raw)
    text = (value or "").strip()
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if number not in (0.0, 1.0):
        raise DataFormatError(f"{row.raw.where}: {names[0]} {text!r} is not 0 or 1 ({row.what})")
    return int(number)


def _sentence_id(value: str | None) -> str | None:
    """A dataset's error sentence id as text; ``None`` for empty, ``NA`` or negative (``-1`` = no error)."""
    if value is None:
        return None
    text = value.strip()
    try:
        number = float(text)
    except ValueError:
        return text or None
    if number < 0 or number != int(number):
        return None
    return str(int(number))


def _check_error_sentence(note: ClinicalNote, counts: _Counts) -> None:
    if note.error_flag != 1 or note.error_sentence is None:
        return
    span = note.error_span
    if span is None or _loose(span.text) != _loose(note.error_sentence):
        counts.mismatch += 1


def _loose(text: str) -> str:
    """``text`` without whitespace and final punctuation (MedErrBench ARA drops the final ``.``)."""
    return "".join(text.split()).rstrip(".。,،;؛!?！？")


def _unique(rows: Sequence[RawRow], ids: Sequence[str], what: str) -> None:
    seen: dict[str, RawRow] = {}
    for raw, note_id in zip(rows, ids, strict=True):
        if note_id in seen:
            raise DataFormatError(
                f"{raw.where}: duplicate note id {note_id!r} (first at {seen[note_id].where}; {what})"
            )
        seen[note_id] = raw


@dataclass(frozen=True, slots=True)
class _ErrorColumns:
    """Where a note file keeps the error fields of an error note: each field's column names (the first present
    one is read)."""

    sentence_id: Sequence[str]
    sentence: Sequence[str]
    corrected_sentence: Sequence[str]
    type: Sequence[str]
    corrected_text: Sequence[str]


class _NoteFile:
    """The notes of one file as its rows are read, with what every reader checks and counts the same way:
    incomplete rows (skipped and counted, or raised), the error fields of error notes, each note's error
    sentence (``counts.mismatch``), unique ids, and the file's :class:`~medhal.data.loading.LoadStats`."""

    def __init__(self, what: str, *, skip_incomplete: bool) -> None:
        self.what = what
        self.skip_incomplete = skip_incomplete
        self.counts = _Counts()
        self.notes: list[ClinicalNote] = []
        self.kept: list[RawRow] = []
        self.incomplete = 0

    def complete(self, raw: RawRow, fields: Sequence[tuple[str, str]]) -> bool:
        """Whether every ``(name, value)`` of ``fields`` has a value; an incomplete row is counted when
        ``skip_incomplete``, else it raises :class:`~medhal.data.errors.DataFormatError`."""
        empty = [name for name, value in fields if not value]
        if not empty:
            return True
        if not self.skip_incomplete:
            raise DataFormatError(f"{raw.where}: empty {', '.join(repr(e) for e in empty)} ({self.what})")
        self.incomplete += 1
        return False

    def add(
        self,
        row: _Row,
        columns: _ErrorColumns,
        *,
        note_id: str,
        dataset: str,
        text: str,
        sentences: tuple[NoteSentence, ...],
        flag: int,
        scenario_id: str | None,
        meta: dict[str, Any],
    ) -> None:
        """Keep the note of ``row``; its error fields (read from ``columns``) are set only when ``flag == 1``."""
        error = flag == 1
        note = ClinicalNote(
            id=note_id,
            dataset=dataset,
            language=DATASETS[dataset],
            text=text,
            sentences=sentences,
            error_flag=flag,
            error_sentence_id=_sentence_id(row.get(columns.sentence_id, required=False)) if error else None,
            error_sentence=row.optional(columns.sentence) if error else None,
            corrected_sentence=row.optional(columns.corrected_sentence) if error else None,
            error_type=row.optional(columns.type) if error else None,
            scenario_id=scenario_id,
            corrected_text=row.optional(columns.corrected_text) if error else None,
            meta=meta,
        )
        _check_error_sentence(note, self.counts)
        self.notes.append(note)
        self.kept.append(row.raw)

    def records(self, table: RawTable, path: str | Path) -> Records[ClinicalNote]:
        """The notes kept, in file order (raises for a duplicate id), with the file's load statistics."""
        _unique(self.kept, [n.id for n in self.notes], self.what)
        stats = LoadStats(
            str(path), len(table.rows), len(self.notes), table.skipped_empty, self.incomplete, self.counts.as_dict()
        )
        return Records(self.notes, stats)
