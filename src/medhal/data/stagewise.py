"""Stage-wise diagnosis items (seed 004 §3): a question, its gold answer, optional images and a reference trace.

Seed 004 §3 ("Structured reasoning traces") decomposes every reference trace into Visual Recognition (VR),
Knowledge Recall (KR) and Reasoning Integration (RI), followed by the answer.  medhal keeps one
:class:`StagewiseItem` per question in its own JSONL schema (``docs/stagewise-data.md``):

* :func:`load_stagewise` reads that schema (JSONL, or one JSON array);
* :func:`convert_vqa` reads simple VQA / MCQ JSONL (VQA-RAD, PathVQA, MedXpertQA-style field names) into it;
* :func:`convert_jmle` reads the JMLE questions MedRECT ships (``jmle-2018-2025-source-questions.json``) as
  text-only items: no images, so the VR stage describes the case findings given in the text;
* :func:`write_stagewise` writes items back in the schema.

Items may be multimodal (local image files, resolved against the data file's folder) or text-only.  The reference
trace is optional on load: converted sets have none until one is written or built, and a run reports such items as
``no_reference`` rather than dropping them.  Nothing here checks that image files exist; an unreadable image is
an ``input_error`` of that item in a run (counted as ``missing_images`` at load).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from medhal.data.errors import DataFormatError
from medhal.data.loading import LoadStats, RawRow, Records, parse_json, read_json_rows, read_text

__all__ = [
    "ANSWER_TYPES",
    "SCHEMA_VERSION",
    "STAGES",
    "STAGE_KEYS",
    "STAGE_NAMES",
    "AnswerType",
    "Stage",
    "StagewiseItem",
    "Trace",
    "convert_jmle",
    "convert_vqa",
    "infer_answer_type",
    "item_from_dict",
    "load_stagewise",
    "write_stagewise",
]

SCHEMA_VERSION = "1.0"
Stage = Literal["vr", "kr", "ri"]
STAGES: tuple[Stage, ...] = ("vr", "kr", "ri")
STAGE_NAMES: dict[str, str] = {"vr": "Visual Recognition", "kr": "Knowledge Recall", "ri": "Reasoning Integration"}
STAGE_KEYS: dict[str, str] = {"vr": "visual_recognition", "kr": "knowledge_recall", "ri": "reasoning_integration"}
"""The keys of a trace in the JSONL schema (the short keys ``vr``/``kr``/``ri`` are accepted on load)."""
AnswerType = Literal["option", "yes_no", "short", "open"]
ANSWER_TYPES: tuple[str, ...] = get_args(AnswerType)
SHORT_ANSWER_WORDS = 4
"""Answers of at most this many words and 32 characters are short terms, matched exactly (seed 004 §4)."""
_WHAT = "stage-wise items"


@dataclass(frozen=True, slots=True)
class Trace:
    """A three-stage reasoning trace and its answer (seed 004 §3)."""

    vr: str
    kr: str
    ri: str
    answer: str

    def stage(self, name: str) -> str:
        if name not in STAGE_KEYS:
            raise KeyError(name)
        return str(getattr(self, name))

    def to_dict(self) -> dict[str, str]:
        return {**{STAGE_KEYS[s]: self.stage(s) for s in STAGES}, "answer": self.answer}


@dataclass(frozen=True, slots=True)
class StagewiseItem:
    """One question.  ``answer``: for ``option`` items the label(s) of the correct option(s), else one text.

    ``select`` (option items) is how many options a correct reply chooses: a reply is right when it names exactly
    ``select`` labels, all of them in ``answer`` (``select == len(answer)``: all required; ``select == 1`` with
    several labels: any one is accepted, as for a JMLE question with two accepted answers).
    """

    id: str
    question: str
    answer: tuple[str, ...]
    answer_type: AnswerType
    dataset: str = "default"
    options: tuple[tuple[str, str], ...] = ()
    select: int = 1
    images: tuple[str, ...] = ()
    reference: Trace | None = None
    meta: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def modality(self) -> Literal["image", "text"]:
        return "image" if self.images else "text"

    @property
    def closed(self) -> bool:
        """Judged by normalized exact match (seed 004 §4); ``open`` answers go to the LLM judge."""
        return self.answer_type != "open"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"schema_version": SCHEMA_VERSION, "id": self.id, "dataset": self.dataset}
        out["question"] = self.question
        if self.options:
            out["options"] = dict(self.options)
            out["select"] = self.select
        out["answer"] = list(self.answer) if self.answer_type == "option" else self.answer[0]
        if self.answer_type != "option" and len(self.answer) > 1:
            out["aliases"] = list(self.answer[1:])
        out["answer_type"] = self.answer_type
        if self.images:
            out["images"] = list(self.images)
        if self.reference is not None:
            out["reference"] = self.reference.to_dict()
        if self.meta:
            out["meta"] = dict(self.meta)
        return out


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).lower().split())


def infer_answer_type(answer: str, has_options: bool) -> AnswerType:
    """``option`` with options; ``yes_no`` for yes/no; ``short`` for a short term; else ``open``."""
    if has_options:
        return "option"
    text = _norm(answer).strip(" .!")
    if text in ("yes", "no"):
        return "yes_no"
    if len(text.split()) <= SHORT_ANSWER_WORDS and len(text) <= 32:
        return "short"
    return "open"


def _text(value: object, name: str, where: str, *, required: bool = True) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise DataFormatError(f"{where}: field {name!r} is missing or empty ({_WHAT})")
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise DataFormatError(f"{where}: field {name!r} is {type(value).__name__}, expected text ({_WHAT})")
    return str(value).strip()


def _options(value: object, where: str) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    if isinstance(value, Mapping):
        pairs = [(str(k).strip(), _text(v, f"options.{k}", where, required=False) or "") for k, v in value.items()]
    elif isinstance(value, list):
        if len(value) > 26:
            raise DataFormatError(f"{where}: more than 26 options ({_WHAT})")
        pairs = [
            (chr(ord("A") + i), _text(v, f"options[{i}]", where, required=False) or "") for i, v in enumerate(value)
        ]
    else:
        raise DataFormatError(f"{where}: options must be an object or a list ({_WHAT})")
    labels = [_norm(k) for k, _ in pairs]
    if any(not k for k in labels) or len(set(labels)) != len(labels):
        raise DataFormatError(f"{where}: option labels must be non-empty and distinct ({_WHAT})")
    return tuple(pairs)


def _labels(answer: object, options: tuple[tuple[str, str], ...], where: str) -> tuple[str, ...]:
    """The option labels named by ``answer`` (labels, or option texts that match exactly one option)."""
    raw = answer if isinstance(answer, list) else [answer]
    by_label = {_norm(k): k for k, _ in options}
    by_text: dict[str, list[str]] = {}
    for k, v in options:
        if v:
            by_text.setdefault(_norm(v), []).append(k)
    out: list[str] = []
    for value in raw:
        text = _norm(_text(value, "answer", where) or "").strip("()[]. ")
        if text in by_label:
            out.append(by_label[text])
        elif len(by_text.get(_norm(str(value)), [])) == 1:
            out.append(by_text[_norm(str(value))][0])
        else:
            raise DataFormatError(f"{where}: answer {value!r} is neither an option label nor an option's text")
    if len(set(out)) != len(out):
        raise DataFormatError(f"{where}: answer names an option twice ({_WHAT})")
    return tuple(out)


def _trace(value: object, where: str) -> Trace | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise DataFormatError(f"{where}: reference must be an object with the three stages and answer ({_WHAT})")
    stages: dict[str, str] = {}
    for short, long in STAGE_KEYS.items():
        got = value.get(long, value.get(short))
        stages[short] = _text(got, f"reference.{long}", where) or ""
    answer = _text(value.get("answer"), "reference.answer", where) or ""
    return Trace(stages["vr"], stages["kr"], stages["ri"], answer)


def _images(value: object, base: Path | None, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    values = value if isinstance(value, list) else [value]
    out: list[str] = []
    for v in values:
        text = _text(v, "images", where)
        assert text is not None
        path = Path(text)
        out.append(str(path if path.is_absolute() or base is None else base / path))
    return tuple(out)


def item_from_dict(data: Mapping[str, Any], *, where: str = "item", base_dir: Path | None = None) -> StagewiseItem:
    """A :class:`StagewiseItem` from one schema object (image paths resolve against ``base_dir``)."""
    ident = _text(data.get("id"), "id", where)
    question = _text(data.get("question"), "question", where)
    assert ident is not None and question is not None
    options = _options(data.get("options"), where)
    raw_answer = data.get("answer")
    if options:
        answer = _labels(raw_answer, options, where)
    else:
        first = _text(raw_answer, "answer", where)
        aliases = data.get("aliases") or []
        if not isinstance(aliases, list):
            raise DataFormatError(f"{where}: aliases must be a list ({_WHAT})")
        answer = (first or "", *(a for a in (_text(x, "aliases", where) for x in aliases) if a))
    kind = data.get("answer_type") or infer_answer_type(answer[0], bool(options))
    if kind not in ANSWER_TYPES or (kind == "option") != bool(options):
        raise DataFormatError(f"{where}: answer_type {kind!r} does not fit (option items need options; {_WHAT})")
    select = data.get("select", len(answer) if options else 1)
    if isinstance(select, bool) or not isinstance(select, int) or not 1 <= select <= max(1, len(answer)):
        raise DataFormatError(f"{where}: select must be an integer from 1 to the number of answers ({_WHAT})")
    meta = data.get("meta") or {}
    if not isinstance(meta, Mapping):
        raise DataFormatError(f"{where}: meta must be an object ({_WHAT})")
    return StagewiseItem(
        id=ident,
        question=question,
        answer=answer,
        answer_type=kind,
        dataset=_text(data.get("dataset"), "dataset", where, required=False) or "default",
        options=options,
        select=select,
        images=_images(data.get("images"), base_dir, where),
        reference=_trace(data.get("reference"), where),
        meta=dict(meta),
    )


def _finish(
    path: str | Path, rows: int, items: list[StagewiseItem], skipped: int, **counts: int
) -> Records[StagewiseItem]:
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            raise DataFormatError(f"{path}: duplicate id {item.id!r} ({_WHAT})")
        seen.add(item.id)
    counts = {
        "with_reference": sum(1 for i in items if i.reference is not None),
        "multimodal": sum(1 for i in items if i.images),
        "missing_images": sum(1 for i in items for p in i.images if not Path(p).is_file()),
        **counts,
    }
    return Records(items, LoadStats(str(path), rows, len(items), skipped, counts=counts))


def load_stagewise(path: str | Path) -> Records[StagewiseItem]:
    """Items in medhal's stage-wise JSONL schema (or a JSON array of such objects); one-line errors."""
    table = read_json_rows(path, _WHAT)
    base = Path(path).resolve().parent
    items = [item_from_dict(row.data, where=row.where, base_dir=base) for row in table.rows]
    return _finish(path, len(table.rows), items, table.skipped_empty)


_VQA_ID = ("id", "qid", "question_id", "idx", "uid")
_VQA_QUESTION = ("question", "query")
_VQA_ANSWER = ("answer", "label", "gt_answer", "ground_truth", "correct_answer")
_VQA_OPTIONS = ("options", "choices")
_VQA_IMAGES = ("images", "image", "image_path", "image_paths", "image_name", "img_name", "img_path")


def _first(row: RawRow, names: Sequence[str]) -> Any:
    return next((row.data[n] for n in names if row.data.get(n) not in (None, "", [])), None)


def convert_vqa(
    path: str | Path, *, dataset: str | None = None, image_root: str | Path | None = None
) -> Records[StagewiseItem]:
    """Simple VQA / MCQ JSONL (or a JSON array) as stage-wise items without reference traces.

    Field names accepted: id (``id``, ``qid``, ``question_id``, ``idx``, ``uid``; else ``<dataset>-<line>``),
    question (``question``, ``query``), answer (``answer``, ``label``, ``gt_answer``, ``ground_truth``,
    ``correct_answer``), options (``options``/``choices``: an object label -> text or a list), images
    (``images``, ``image``, ``image_path``, ``image_name``, ``img_name``, ...: one path or a list, relative to
    ``image_root`` or the file's folder), ``dataset``/``source`` and a ``reference`` in the medhal schema.
    """
    table = read_json_rows(path, "VQA/MCQ rows")
    base = Path(image_root) if image_root is not None else Path(path).resolve().parent
    name = dataset or Path(path).stem
    items: list[StagewiseItem] = []
    for row in table.rows:
        ident = _first(row, _VQA_ID)
        obj: dict[str, Any] = {
            "id": f"{name}-{row.number}" if ident is None else str(ident),
            "dataset": dataset or row.data.get("dataset") or row.data.get("source") or name,
            "question": _first(row, _VQA_QUESTION),
            "answer": _first(row, _VQA_ANSWER),
            "options": _first(row, _VQA_OPTIONS),
            "images": _first(row, _VQA_IMAGES),
            "reference": row.data.get("reference"),
        }
        if isinstance(row.data.get("answer_type"), str) and row.data["answer_type"] in ANSWER_TYPES:
            obj["answer_type"] = row.data["answer_type"]
        source_type = row.data.get("answer_type", row.data.get("type"))
        if isinstance(source_type, str) and source_type not in ANSWER_TYPES:
            obj["meta"] = {"source_answer_type": source_type}
        items.append(item_from_dict(obj, where=row.where, base_dir=base))
    return _finish(path, len(table.rows), items, table.skipped_empty)


_SELECT = re.compile(r"([0-9０-９])\s*つ選べ")
_UNSHIPPED_IMAGE = re.compile(r"別冊|別に示す")


def convert_jmle(path: str | Path, *, dataset: str = "jmle") -> Records[StagewiseItem]:
    """The JMLE questions of MedRECT (``id, question, choices, answer, case_classification``) as text-only items.

    ``answer`` is a list of option letters.  A question that says "N つ選べ" (choose N) needs all N; one that asks
    for a single option but lists several answers accepts any of them (``select = 1``; 1 of 1183 in the
    2018-2025 file).  Questions that point at a figure in the separate booklet (別冊 / 別に示す), which the file does
    not ship, are kept and flagged ``meta.image_not_provided`` (counted as ``image_not_provided``).  Options
    whose texts are empty because the question holds them as a table are kept (``options_in_question``).
    """
    data = parse_json(path, read_text(path, "JMLE questions"))
    if not isinstance(data, list):
        raise DataFormatError(f"{path}: expected a JSON array of questions")
    items: list[StagewiseItem] = []
    counts = {"multi_answer": 0, "any_of": 0, "image_not_provided": 0, "options_in_question": 0}
    for index, row in enumerate(data, start=1):
        where = f"{path}:item {index}"
        if not isinstance(row, dict):
            raise DataFormatError(f"{where}: expected a JSON object")
        question = _text(row.get("question"), "question", where) or ""
        answer = row.get("answer")
        labels = answer if isinstance(answer, list) else [answer]
        match = _SELECT.search(question)
        select = int(unicodedata.normalize("NFKC", match.group(1))) if match else 1
        flagged = bool(_UNSHIPPED_IMAGE.search(question))
        counts["multi_answer"] += len(labels) > 1
        counts["any_of"] += len(labels) > select
        counts["image_not_provided"] += flagged
        choices = row.get("choices")
        counts["options_in_question"] += isinstance(choices, dict) and not any(str(v).strip() for v in choices.values())
        meta = {"case_classification": row.get("case_classification"), "image_not_provided": flagged}
        obj = {"id": row.get("id"), "dataset": dataset, "question": question, "options": row.get("choices")}
        obj |= {"answer": labels, "answer_type": "option", "select": select, "meta": meta}
        items.append(item_from_dict(obj, where=where))
    return _finish(path, len(data), items, 0, **counts)


def write_stagewise(path: str | Path, items: Iterable[StagewiseItem]) -> int:
    """Write ``items`` as schema JSONL (UTF-8, one object per line); returns the number written."""
    lines = [json.dumps(item.to_dict(), ensure_ascii=False) + "\n" for item in items]
    Path(path).write_text("".join(lines), encoding="utf-8")
    return len(lines)
