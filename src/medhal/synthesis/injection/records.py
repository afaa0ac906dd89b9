"""Records of error injection: the error types, the clean records read from JSONL, one :class:`Injection` and
the :class:`InjectedItem` (a MedHal-Loc item plus where its gold span is and how it was made)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from medhal.data.medhal_loc import LocItem

__all__ = [
    "ERROR_TYPES",
    "SCHEMA_VERSION",
    "CleanRecord",
    "ErrorType",
    "InjectedItem",
    "Injection",
    "parse_error_types",
    "read_clean_records",
]

ErrorType = Literal["entity_substitution", "relation_error", "mechanism_misattribution", "invented"]
ERROR_TYPES: tuple[ErrorType, ...] = get_args(ErrorType)
SCHEMA_VERSION = 1
"""Version of the extra fields an :class:`InjectedItem` writes beside the MedHal-Loc schema."""


@dataclass(frozen=True, slots=True)
class CleanRecord:
    """A clean, evidence-supported statement to inject an error into."""

    id: str
    clean_text: str
    question: str = ""
    evidence: str = ""


@dataclass(frozen=True, slots=True)
class Injection:
    """One injected error: ``hallucinated_text[gold_start:gold_end] == gold_span``.

    ``removed`` is the clean text the edit replaced ('' for an insertion), ``inserted`` the new text (the gold
    span may be wider: whole words, unique, with content tokens).
    """

    error_type: ErrorType
    hallucinated_text: str
    gold_span: str
    gold_start: int
    gold_end: int
    operation: str
    removed: str
    inserted: str


@dataclass(frozen=True, slots=True)
class InjectedItem:
    """A MedHal-Loc item (``id, source, target_type, question, evidence, clean_text, hallucinated_text,
    gold_span``) plus where the gold span is and how it was made."""

    id: str
    source: str
    target_type: str
    question: str
    evidence: str
    clean_text: str
    hallucinated_text: str
    gold_span: str
    gold_start: int
    gold_end: int
    method: str
    """``rule`` or ``llm``."""
    operation: str
    source_id: str
    """The id of the clean record."""

    def to_dict(self) -> dict[str, str | int]:
        """MedHal-Loc fields first, then ``gold_start, gold_end, method, operation, source_id, schema_version``."""
        return {
            "id": self.id,
            "source": self.source,
            "target_type": self.target_type,
            "question": self.question,
            "evidence": self.evidence,
            "clean_text": self.clean_text,
            "hallucinated_text": self.hallucinated_text,
            "gold_span": self.gold_span,
            "gold_start": self.gold_start,
            "gold_end": self.gold_end,
            "method": self.method,
            "operation": self.operation,
            "source_id": self.source_id,
            "schema_version": SCHEMA_VERSION,
        }

    def to_loc_item(self) -> LocItem:
        """As the :class:`~medhal.data.medhal_loc.LocItem` the localization suite runs on."""
        return LocItem(
            id=self.id,
            error_type=self.target_type,
            question=self.question,
            evidence=self.evidence,
            clean_text=self.clean_text,
            hallucinated_text=self.hallucinated_text,
            gold_span=self.gold_span,
            source=self.source,
        )

    @classmethod
    def build(cls, record: CleanRecord, injection: Injection, method: str) -> InjectedItem:
        return cls(
            id=f"{record.id}:{injection.error_type}",
            source="injected",
            target_type=injection.error_type,
            question=record.question,
            evidence=record.evidence,
            clean_text=record.clean_text,
            hallucinated_text=injection.hallucinated_text,
            gold_span=injection.gold_span,
            gold_start=injection.gold_start,
            gold_end=injection.gold_end,
            method=method,
            operation=injection.operation,
            source_id=record.id,
        )


def parse_error_types(spec: str | Sequence[str]) -> tuple[ErrorType, ...]:
    """Error types from ``"a,b"`` or a list (order kept, repeats dropped); ``ValueError`` for unknown ones."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    out: list[ErrorType] = []
    for raw in names:
        name = raw.strip()
        if not name:
            continue
        if name not in ERROR_TYPES:
            raise ValueError(f"unknown error type {name!r}; use one of {', '.join(ERROR_TYPES)}")
        if name not in out:
            out.append(name)
    if not out:
        raise ValueError(f"no error types given; use one or more of {', '.join(ERROR_TYPES)}")
    return tuple(out)


def _record(number: int, obj: object) -> CleanRecord:
    if not isinstance(obj, dict):
        raise ValueError(f"line {number} is not a JSON object")
    raw_id = obj.get("id")
    if isinstance(raw_id, bool) or not isinstance(raw_id, str | int) or raw_id == "":
        raise ValueError(f"line {number}: id must be a non-empty string or an integer")
    clean = obj.get("clean_text")
    if not isinstance(clean, str) or not clean.strip():
        raise ValueError(f"line {number}: clean_text must be a non-empty string")
    for key in ("question", "evidence"):
        if obj.get(key) is not None and not isinstance(obj[key], str):
            raise ValueError(f"line {number}: {key} must be a string")
    return CleanRecord(str(raw_id), clean, obj.get("question") or "", obj.get("evidence") or "")


def read_clean_records(path: str | Path) -> list[CleanRecord]:
    """Clean statements from a JSONL file: ``id, clean_text`` and optional ``question, evidence`` per line (a
    MedHal-Loc file works too: its ``clean_text`` is reused, its errors ignored).  Blank lines are skipped; lines
    are split on ``\\n`` only.  ``ValueError`` (one line, with the line number) for a malformed line, a duplicate
    id or an empty file; ``OSError`` when the file cannot be read."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not valid UTF-8 (byte offset {exc.start})") from None
    records: list[CleanRecord] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"line {number} is not JSON: {exc.msg} (column {exc.colno})") from None
        record = _record(number, obj)
        if record.id in seen:
            raise ValueError(f"duplicate id {record.id!r} on lines {seen[record.id]} and {number}")
        seen[record.id] = number
        records.append(record)
    if not records:
        raise ValueError("no records")
    return records
