"""Reading the fields of one raw row of a note file: mojibake repair, line ends, flags, sentence ids, and the
per-file ``counts``.

Other ``counts``: ``error_sentence_mismatch`` (error notes whose ``error_sentence`` differs, beyond
whitespace, from the sentence its ``error_sentence_id`` names, or whose id names no sentence).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from medhal.data.errors import DataFormatError
from medhal.data.loading import RawRow, text_field
from medhal.data.notes.mojibake import repair_mojibake
from medhal.data.notes.records import ClinicalNote


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
