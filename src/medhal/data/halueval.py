"""HaluEval (RUCAIBox/HaluEval ``data/*.json``, one JSON object per line) as detection items.

Tasks, told apart by their fields (or chosen with ``task=``):

* ``general`` (``general_data.json``): ``ID, user_query, chatgpt_response, hallucination (yes/no),
  hallucination_spans``; the repository README calls the label field ``hallucination_label``, accepted too.
  One item per row: response = the ChatGPT response, label 1 for ``yes``, question = the user query and
  **evidence = None**: these are open queries judged by annotators against world knowledge, there is no
  grounding text (the query is not evidence).  Ids are ``halueval-general-<ID>``.  A row whose ``ID`` is not a
  positive integer or repeats an earlier one gets its line number instead (in the released file three rows,
  lines 1975, 2059 and 2159, carry ``""``, ``"ID"``, ``"ID"``: exactly the three missing IDs), counted in
  ``.stats.counts["id_from_line"]``, the raw value kept in ``meta["raw_id"]``.
  ``meta["hallucination_spans"]``: the annotators' span texts as given; ``meta["spans"]``: ``(start, end)`` of
  those that occur verbatim in the response (first occurrence; some are notes such as ``"Incomplete answer"``
  or cover several separate lines, and are not located), counted in ``spans_located`` / ``spans_not_located``.
* ``qa`` (``knowledge, question, right_answer, hallucinated_answer``), ``dialogue`` (``knowledge,
  dialogue_history, right_response, hallucinated_response``), ``summarization`` (``document, right_summary,
  hallucinated_summary``): two items per row, ``halueval-<task>-<n>:clean`` (label 0) and ``:hallucinated``
  (label 1), ``n`` the 0-based index among the non-empty rows; evidence = knowledge / document, question = the
  question / dialogue history (``None`` for summarization).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from medhal.data._detection_item import DetectionItem
from medhal.data.errors import DataFormatError
from medhal.data.loading import LoadStats, RawRow, Records, pick, read_json_rows, text_field

__all__ = ["HALUEVAL_TASKS", "HaluEvalTask", "read_halueval"]

HaluEvalTask = Literal["general", "qa", "dialogue", "summarization"]
HALUEVAL_TASKS: tuple[HaluEvalTask, ...] = ("general", "qa", "dialogue", "summarization")

# task -> (evidence field, question field, right field, hallucinated field)
_PAIRED: dict[str, tuple[str, str | None, str, str]] = {
    "qa": ("knowledge", "question", "right_answer", "hallucinated_answer"),
    "dialogue": ("knowledge", "dialogue_history", "right_response", "hallucinated_response"),
    "summarization": ("document", None, "right_summary", "hallucinated_summary"),
}
_LABELS = {"yes": 1, "no": 0}


def _guess_task(data: Mapping[str, Any], where: str) -> HaluEvalTask:
    if "chatgpt_response" in data or "user_query" in data:
        return "general"
    for task in HALUEVAL_TASKS[1:]:
        if _PAIRED[task][2] in data:
            return task
    fields = ", ".join(sorted(data)[:8])
    raise DataFormatError(f"{where}: not a HaluEval row (fields: {fields}); pass task= to say which task")


def _required(row: RawRow, name: str, what: str, incomplete: list[str]) -> str:
    value = text_field(row, (name,), what)
    if value is None or not value.strip():
        incomplete.append(name)
        return ""
    return value


def _skips(row: RawRow, incomplete: Sequence[str], what: str, skip_incomplete: bool) -> bool:
    """Whether ``row`` is skipped for its ``incomplete`` fields (:func:`_required`): never when it has none; when
    it has some, ``skip_incomplete`` says, else the row is refused (one line naming the empty fields)."""
    if not incomplete:
        return False
    if skip_incomplete:
        return True
    raise DataFormatError(f"{row.where}: empty {', '.join(repr(m) for m in incomplete)} ({what})")


def _general(
    rows: tuple[RawRow, ...], skip_incomplete: bool, source: str
) -> tuple[list[DetectionItem], int, dict[str, int]]:
    what = "HaluEval general row"
    numeric = {str(r.data.get("ID")).strip() for r in rows if str(r.data.get("ID")).strip().isdigit()}
    seen: set[str] = set()
    items: list[DetectionItem] = []
    skipped = 0
    counts = {"id_from_line": 0, "spans_located": 0, "spans_not_located": 0, "hallucinated_without_spans": 0}
    for row in rows:
        missing: list[str] = []
        query = _required(row, "user_query", what, missing)
        response = _required(row, "chatgpt_response", what, missing)
        raw_label = pick(row, ("hallucination", "hallucination_label"), what)
        if _skips(row, missing, what, skip_incomplete):
            skipped += 1
            continue
        label = _LABELS.get(str(raw_label).strip().lower())
        if label is None:
            raise DataFormatError(f"{row.where}: hallucination label {raw_label!r} is neither 'yes' nor 'no' ({what})")
        raw_id = str(pick(row, ("ID", "id"), what, required=False) or "").strip()
        meta: dict[str, Any] = {}
        if raw_id.isdigit() and raw_id not in seen:
            base = raw_id
        else:
            line = str(row.number)
            base = line if line not in numeric and line not in seen else f"line{row.number}"
            counts["id_from_line"] += 1
            meta["raw_id"] = raw_id
        seen.add(base)
        spans_raw = pick(row, ("hallucination_spans",), what, required=False) or []
        if not isinstance(spans_raw, list) or not all(isinstance(s, str) for s in spans_raw):
            raise DataFormatError(f"{row.where}: hallucination_spans must be a list of strings ({what})")
        located: list[tuple[int, int]] = []
        for span in spans_raw:
            start = response.find(span) if span.strip() else -1
            if start >= 0:
                located.append((start, start + len(span)))
                counts["spans_located"] += 1
            else:
                counts["spans_not_located"] += 1
        if label == 1 and not spans_raw:
            counts["hallucinated_without_spans"] += 1
        meta.update({"hallucination_spans": tuple(spans_raw), "spans": tuple(located)})
        items.append(DetectionItem(f"halueval-general-{base}", None, response, label, query, source, meta))
    return items, skipped, counts


def _paired(rows: tuple[RawRow, ...], task: str, skip_incomplete: bool, source: str) -> tuple[list[DetectionItem], int]:
    what = f"HaluEval {task} row"
    evidence_key, question_key, right_key, wrong_key = _PAIRED[task]
    items: list[DetectionItem] = []
    skipped = 0
    for index, row in enumerate(rows):
        missing: list[str] = []
        evidence = _required(row, evidence_key, what, missing)
        question = _required(row, question_key, what, missing) if question_key else None
        right = _required(row, right_key, what, missing)
        wrong = _required(row, wrong_key, what, missing)
        if _skips(row, missing, what, skip_incomplete):
            skipped += 1
            continue
        pair = f"halueval-{task}-{index}"
        meta = {"pair_id": pair}
        items.append(DetectionItem(f"{pair}:clean", evidence, right, 0, question, source, dict(meta)))
        items.append(DetectionItem(f"{pair}:hallucinated", evidence, wrong, 1, question, source, dict(meta)))
    return items, skipped


def read_halueval(
    path: str | Path, *, task: HaluEvalTask | Literal["auto"] = "auto", skip_incomplete: bool = False
) -> Records[DetectionItem]:
    """HaluEval detection items of one task file, in file order (see the module docstring).

    ``task="auto"`` tells the task from the first row's fields.  ``source`` of every item is
    ``halueval-<task>``.  Blank lines are skipped and counted; a row with an empty required field raises
    :class:`~medhal.data.errors.DataFormatError` unless ``skip_incomplete`` (then skipped and counted); a
    label other than yes/no, a missing field or a line that is not JSON raises, naming the file and line.
    """
    table = read_json_rows(path, "HaluEval row")
    if task == "auto":
        task = _guess_task(table.rows[0].data, table.rows[0].where)
    elif task not in HALUEVAL_TASKS:
        raise ValueError(f"unknown HaluEval task {task!r}; expected auto or one of {', '.join(HALUEVAL_TASKS)}")
    source = f"halueval-{task}"
    counts: dict[str, int] = {}
    if task == "general":
        items, skipped, counts = _general(table.rows, skip_incomplete, source)
    else:
        items, skipped = _paired(table.rows, task, skip_incomplete, source)
    stats = LoadStats(str(path), len(table.rows), len(items), table.skipped_empty, skipped, counts)
    return Records(items, stats)
