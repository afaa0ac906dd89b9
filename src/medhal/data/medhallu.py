"""MedHallu (UTAustin-AIHealth/MedHallu): PubMedQA questions with a ground-truth and a hallucinated answer.

Columns (the Hugging Face release): ``Question, Knowledge, Ground Truth, Hallucinated Answer, Difficulty Level,
Category of Hallucination``.  Accepted aliases (the snake_case layout of MedHal-Loc's ``natural_40.jsonl``):
``question``; ``knowledge``/``evidence``; ``ground_truth``/``Ground Truth Answer``; ``hallucinated_answer``;
``difficulty``; ``category``; an optional ``id``/``ID`` column.  ``Difficulty Level`` and ``Category of
Hallucination`` are optional (``None`` when absent); the other four are required.

Read from JSONL (or one JSON array), CSV/TSV, or a folder written by ``datasets.Dataset.save_to_disk`` /
``DatasetDict.save_to_disk`` (only then is the ``datasets`` package imported; pick a split of a DatasetDict
with ``split=``, needed when it has more than one).

``Knowledge`` is a list of abstract paragraphs in the release: it is joined with ``knowledge_sep`` (one space by
default, which reproduces PubMedQA's context text, see :mod:`medhal.data.pubmedqa`).  A CSV cell holding a
Python or JSON list literal (``['para 1', 'para 2']``, as ``pandas.to_csv`` writes a list column) is read as
that list; any other text is taken as is.

Each row gives two :class:`~medhal.data.detection.DetectionItem` (``read_medhallu``): ``<id>:clean`` (Ground
Truth, label 0) and ``<id>:hallucinated`` (label 1), evidence = the joined Knowledge, question = the Question.
``meta``: ``pair_id``, ``difficulty``, ``category`` (on both items: they describe the pair's hallucinated
answer).  Row ids are the ``id`` column where there is one, else ``medhallu-<n>`` with ``n`` the 0-based index
of the row among the file's non-empty rows (the ``datasets`` row index when nothing was skipped).

Role: MedHallu is built on PubMedQA, which is eval-only here; never train or tune on it.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from medhal.data._detection_item import DetectionItem
from medhal.data.errors import DataFileNotFoundError, DataFormatError, at
from medhal.data.loading import (
    LoadStats,
    RawRow,
    RawTable,
    Records,
    is_empty_row,
    pick,
    row_format,
    text_field,
)

__all__ = ["MedHalluRow", "medhallu_detection_items", "read_medhallu", "read_medhallu_rows"]

_WHAT = "MedHallu row"

QUESTION = ("Question", "question")
KNOWLEDGE = ("Knowledge", "knowledge", "evidence")
GROUND_TRUTH = ("Ground Truth", "ground_truth", "Ground Truth Answer")
HALLUCINATED = ("Hallucinated Answer", "hallucinated_answer")
DIFFICULTY = ("Difficulty Level", "difficulty")
CATEGORY = ("Category of Hallucination", "category")
ID = ("id", "ID")

_DATASET_MARKERS = ("dataset_dict.json", "state.json", "dataset_info.json")


@dataclass(frozen=True, slots=True)
class MedHalluRow:
    """One MedHallu row; ``knowledge`` is the paragraphs already joined (see the module docstring)."""

    id: str
    question: str
    knowledge: str
    ground_truth: str
    hallucinated_answer: str
    difficulty: str | None
    category: str | None


def _knowledge(row: RawRow, sep: str) -> str | None:
    value = pick(row, KNOWLEDGE, _WHAT)
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("[") and text.endswith("]"):
            try:
                parsed = ast.literal_eval(text)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                parsed = None
            if isinstance(parsed, list) and all(isinstance(p, str) for p in parsed):
                value = parsed
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list | tuple) and all(isinstance(p, str) for p in value):
        return sep.join(p.strip() for p in value if p.strip())
    raise DataFormatError(
        f"{row.where}: column 'Knowledge' is {type(value).__name__}, expected text or a list of texts"
    )


def _dataset_table(path: Path, split: str | None) -> RawTable:
    if not any((path / marker).is_file() for marker in _DATASET_MARKERS):
        raise DataFormatError(f"{path}: a folder, but not a Hugging Face save_to_disk dataset (no dataset_info.json)")
    try:
        datasets = importlib.import_module("datasets")
    except ImportError:
        raise ImportError(
            f"{path}: reading a save_to_disk folder needs the Hugging Face 'datasets' package (pip install datasets)"
        ) from None
    try:
        data = datasets.load_from_disk(str(path))
    except (OSError, ValueError) as exc:
        message = " ".join(str(exc).split())
        raise DataFormatError(f"{path}: not a loadable save_to_disk dataset ({message})") from None
    if isinstance(data, dict):  # a DatasetDict
        splits = sorted(data)
        if split is None:
            if len(splits) != 1:
                raise DataFormatError(f"{path}: a DatasetDict with splits {', '.join(splits)}; pass split=")
            split = splits[0]
        if split not in data:
            raise DataFormatError(f"{path}: no split {split!r} (splits: {', '.join(splits)})")
        data = data[split]
    elif split is not None:
        raise DataFormatError(f"{path}: a single Dataset without splits; split={split!r} does not apply")
    rows: list[RawRow] = []
    skipped = 0
    for index, record in enumerate(data, start=1):
        if is_empty_row(record):
            skipped += 1
            continue
        rows.append(RawRow(index, at(path, f"row {index}"), dict(record)))
    if not rows:
        raise DataFormatError(f"{path}: no data rows ({skipped} empty; {_WHAT})")
    return RawTable(str(path), tuple(rows), skipped)


def _table(path: str | Path, split: str | None) -> RawTable:
    p = Path(path)
    if not p.exists():
        raise DataFileNotFoundError(f"{path}: no such file or folder ({_WHAT}s)")
    if p.is_dir():
        return _dataset_table(p, split)
    if split is not None:
        raise DataFormatError(f"{path}: split={split!r} applies to a save_to_disk folder only")
    form = row_format(p)
    if form is not None:
        return form.read(p, _WHAT)
    suffix = p.suffix.lower()
    raise DataFormatError(
        f"{path}: unknown MedHallu file type {suffix!r}; expected .jsonl, .json, .csv, .tsv or a folder"
    )


def read_medhallu_rows(
    path: str | Path, *, split: str | None = None, knowledge_sep: str = " ", skip_incomplete: bool = False
) -> Records[MedHalluRow]:
    """All MedHallu rows of ``path`` in order (see the module docstring for formats and columns).

    Blank or all-empty rows are skipped and counted (``.stats.skipped_empty``).  A row whose Question,
    Knowledge, Ground Truth or Hallucinated Answer is empty raises
    :class:`~medhal.data.errors.DataFormatError`, unless ``skip_incomplete``: then it is skipped and counted
    (``.stats.skipped_incomplete``).  A missing required column raises, naming the file and line.
    """
    table = _table(path, split)
    rows: list[MedHalluRow] = []
    incomplete = 0
    for index, raw in enumerate(table.rows):
        values = {
            "Question": text_field(raw, QUESTION, _WHAT),
            "Knowledge": _knowledge(raw, knowledge_sep),
            "Ground Truth": text_field(raw, GROUND_TRUTH, _WHAT),
            "Hallucinated Answer": text_field(raw, HALLUCINATED, _WHAT),
        }
        empty = [name for name, value in values.items() if value is None or not value.strip()]
        if empty:
            if skip_incomplete:
                incomplete += 1
                continue
            raise DataFormatError(f"{raw.where}: empty {', '.join(repr(e) for e in empty)} ({_WHAT})")
        row_id = text_field(raw, ID, _WHAT, required=False)
        rows.append(
            MedHalluRow(
                id=row_id.strip() if row_id and row_id.strip() else f"medhallu-{index}",
                question=(values["Question"] or "").strip(),
                knowledge=(values["Knowledge"] or "").strip(),
                ground_truth=(values["Ground Truth"] or "").strip(),
                hallucinated_answer=(values["Hallucinated Answer"] or "").strip(),
                difficulty=_optional(raw, DIFFICULTY),
                category=_optional(raw, CATEGORY),
            )
        )
    stats = LoadStats(str(path), len(table.rows), len(rows), table.skipped_empty, incomplete)
    return Records(rows, stats)


def _optional(raw: RawRow, names: tuple[str, ...]) -> str | None:
    value = text_field(raw, names, _WHAT, required=False)
    return value.strip() if value is not None and value.strip() else None


def medhallu_detection_items(rows: Iterable[MedHalluRow], *, source: str = "medhallu") -> list[DetectionItem]:
    """Two detection items per row: the ground truth (label 0), then the hallucinated answer (label 1)."""
    out: list[DetectionItem] = []
    for row in rows:
        meta: dict[str, Any] = {"pair_id": row.id, "difficulty": row.difficulty, "category": row.category}
        out.append(
            DetectionItem(f"{row.id}:clean", row.knowledge, row.ground_truth, 0, row.question, source, dict(meta))
        )
        out.append(
            DetectionItem(
                f"{row.id}:hallucinated", row.knowledge, row.hallucinated_answer, 1, row.question, source, meta
            )
        )
    return out


def read_medhallu(
    path: str | Path,
    *,
    split: str | None = None,
    knowledge_sep: str = " ",
    skip_incomplete: bool = False,
    source: str = "medhallu",
) -> Records[DetectionItem]:
    """MedHallu as detection items, two per row (:func:`read_medhallu_rows`, :func:`medhallu_detection_items`)."""
    rows = read_medhallu_rows(path, split=split, knowledge_sep=knowledge_sep, skip_incomplete=skip_incomplete)
    items = medhallu_detection_items(rows, source=source)
    s = rows.stats
    return Records(items, LoadStats(s.path, s.rows, len(items), s.skipped_empty, s.skipped_incomplete))
