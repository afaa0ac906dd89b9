"""PubMedQA (``ori_pqal.json`` layout): questions, full abstract contexts, long answers, yes/no/maybe decisions.

The file is one JSON object mapping a PubMed id to a record
``{QUESTION, CONTEXTS (list of paragraphs), LABELS, MESHES, YEAR, final_decision, LONG_ANSWER, ...}``. The
PQA-A/PQA-U files share the layout (PQA-U has no ``final_decision``: it is ``None`` there).

Role: PubMedQA is **eval-only** in this project (``shared/data/README.md``): its 1000 PQA-L questions underlie
the hidden MedHal-Loc and MedHallu held-out sets. Read it to restore full contexts or to evaluate; never train
or tune on it.

The full context of an item is its paragraphs joined by one space (:attr:`PubMedQAItem.context`); the evidence of
a MedHal-Loc item is that text cut to 1200 characters, so the join reproduces it exactly.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from medhal.data.errors import DataFormatError, at
from medhal.data.loading import LoadStats, Records, is_empty_row, parse_json, read_text

__all__ = ["PubMedQAItem", "context_index", "normalize_question", "pubmedqa_contexts", "read_pubmedqa"]

log = logging.getLogger(__name__)

_WHAT = "PubMedQA ori_pqal.json layout"


@dataclass(frozen=True, slots=True)
class PubMedQAItem:
    """One PubMedQA question with its abstract paragraphs (``contexts``, section ``labels`` in parallel)."""

    pmid: str
    question: str
    contexts: tuple[str, ...]
    labels: tuple[str, ...]
    long_answer: str
    final_decision: str | None
    meshes: tuple[str, ...] = ()
    year: str | None = None

    @property
    def context(self) -> str:
        """The full context: the paragraphs joined by one space."""
        return " ".join(self.contexts)


def normalize_question(text: str) -> str:
    """The key questions are matched on: whitespace runs collapsed to one space, ends stripped, casefolded."""
    return " ".join(text.split()).casefold()


def _strings(value: Any, where: str, name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DataFormatError(f"{where}: {name} must be a list of strings ({_WHAT})")
    return tuple(value)


def _text(record: dict[str, Any], key: str, where: str, *, required: bool) -> str | None:
    if key not in record or record[key] is None:
        if required:
            raise DataFormatError(f"{where}: missing field {key!r} ({_WHAT})")
        return None
    value = record[key]
    if not isinstance(value, str | int):
        raise DataFormatError(f"{where}: field {key!r} is {type(value).__name__}, expected text ({_WHAT})")
    return str(value)


def read_pubmedqa(path: str | Path) -> Records[PubMedQAItem]:
    """All items of a PubMedQA JSON file, in file order; ``.stats`` counts them (and skipped empty records).

    Raises :class:`~medhal.data.errors.DataFormatError` (one line, naming the file and PubMed id) for a file that
    is not one JSON object of records, or a record without ``QUESTION`` or ``CONTEXTS``.
    """
    data = parse_json(path, read_text(path, _WHAT), _WHAT)
    if not isinstance(data, dict):
        raise DataFormatError(f"{path}: expected one JSON object of pmid -> record, got {type(data).__name__}")
    items: list[PubMedQAItem] = []
    skipped = 0
    for pmid, record in data.items():
        where = at(path, f"pmid {pmid}")
        if not isinstance(record, dict):
            raise DataFormatError(f"{where}: expected a JSON object, got {type(record).__name__} ({_WHAT})")
        if is_empty_row(record):
            skipped += 1
            continue
        if "CONTEXTS" not in record:
            raise DataFormatError(f"{where}: missing field 'CONTEXTS' ({_WHAT})")
        contexts = _strings(record["CONTEXTS"], where, "CONTEXTS")
        labels = _strings(record.get("LABELS"), where, "LABELS")
        items.append(
            PubMedQAItem(
                pmid=str(pmid),
                question=_text(record, "QUESTION", where, required=True) or "",
                contexts=contexts,
                labels=labels,
                long_answer=_text(record, "LONG_ANSWER", where, required=False) or "",
                final_decision=_text(record, "final_decision", where, required=False),
                meshes=_strings(record.get("MESHES"), where, "MESHES"),
                year=_text(record, "YEAR", where, required=False),
            )
        )
    if not items:
        raise DataFormatError(f"{path}: no PubMedQA records ({skipped} empty)")
    return Records(items, LoadStats(str(path), rows=len(items), items=len(items), skipped_empty=skipped))


def context_index(items: Iterable[PubMedQAItem]) -> tuple[dict[str, str], frozenset[str]]:
    """Normalized question -> full context, and the normalized questions left out as ambiguous.

    A question that occurs more than once with *different* contexts maps to neither: it is returned in the
    second element instead, so a caller can report it rather than pick one at random.
    """
    index: dict[str, str] = {}
    ambiguous: set[str] = set()
    for item in items:
        key = normalize_question(item.question)
        if key in ambiguous:
            continue
        if key in index and index[key] != item.context:
            del index[key]
            ambiguous.add(key)
            continue
        index[key] = item.context
    return index, frozenset(ambiguous)


def pubmedqa_contexts(path: str | Path) -> dict[str, str]:
    """``normalize_question(QUESTION)`` -> full context (paragraphs joined by one space) for a PubMedQA file.

    Questions that occur with different contexts are left out, with a logged warning naming how many.
    """
    index, ambiguous = context_index(read_pubmedqa(path))
    if ambiguous:
        log.warning("%s: %d questions occur with different contexts and were left out", path, len(ambiguous))
    return index
