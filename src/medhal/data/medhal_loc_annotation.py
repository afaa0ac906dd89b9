"""Loaders for the MedHal-Loc natural-subset annotation files (seed 000 §3.3).

The MedHal-Loc repository's ``annotation/`` folder (github.com/green-leo-1/MedHal-Loc, MIT) holds:

* ``llm_annot_{A,B,C}.json`` -- one file per LLM annotator: ``{"annotations": [{"id", "spans": [{"text",
  "type"}], "no_locatable_span"}]}`` (a bare list of those objects is accepted too).  Span texts are verbatim
  substrings of the item's ``hallucinated_answer`` (in ``natural_40.jsonl``, read with
  :func:`medhal.data.medhallu.read_medhallu_rows`); types are the six of ``ANNOTATION_GUIDE.md``.
  :func:`read_llm_annotations`.
* ``verify_natural_18.csv`` -- the human audit sheet of 18 natural items: per item up to two LLM spans (the span
  cell holds the English span, often followed by a Chinese translation) with their types, and the auditor's
  verdicts ``Y`` (correct), ``P`` (partial), ``N`` (wrong) per span and ``Y``/``N`` per type.  The file is
  GBK-encoded with Chinese headers (re-saved by a spreadsheet); UTF-8 and the English headers of
  ``VERIFY_GUIDE.md`` are read too.  :func:`read_audit`.

Loaders read user-given paths only; no data ships with medhal.  Errors are one-line
:class:`~medhal.data.errors.DataFormatError`.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from medhal.data.errors import DataFileNotFoundError, DataFormatError, at

__all__ = [
    "AnnotatedItem",
    "AnnotatedSpan",
    "AuditRow",
    "AuditSpan",
    "find_annotator_files",
    "read_audit",
    "read_llm_annotations",
]


@dataclass(frozen=True, slots=True)
class AnnotatedSpan:
    """One error span of an annotator: its verbatim text and its error type (lowercased)."""

    text: str
    type: str


@dataclass(frozen=True, slots=True)
class AnnotatedItem:
    """One annotator's annotation of one item (spans with empty text are dropped and counted in ``empty_spans``)."""

    id: str
    spans: tuple[AnnotatedSpan, ...]
    no_locatable_span: bool = False
    empty_spans: int = 0


@dataclass(frozen=True, slots=True)
class AuditSpan:
    """One LLM span on the audit sheet: its English text, its type, and the auditor's verdicts (``""`` when the
    cell is blank; span verdict ``Y``/``P``/``N``, type verdict ``Y``/``N``)."""

    text: str
    type: str
    verdict: str
    type_verdict: str


@dataclass(frozen=True, slots=True)
class AuditRow:
    """One audited item: its spans, and the error the auditor says the LLM missed (``""`` when none)."""

    id: str
    subset: str
    spans: tuple[AuditSpan, ...]
    missed_error: str = ""
    missed_type: str = ""
    notes: str = ""


def find_annotator_files(folder: str | Path) -> dict[str, Path]:
    """``{name: path}`` of the ``llm_annot_<name>.json`` files in ``folder``, sorted by name."""
    base = Path(folder)
    return {p.stem.removeprefix("llm_annot_"): p for p in sorted(base.glob("llm_annot_*.json")) if p.is_file()}


def _load_json(path: Path) -> Any:
    if not path.exists():
        raise DataFileNotFoundError(f"{path}: no such file (LLM annotation)")
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise DataFormatError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise DataFormatError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from None


def read_llm_annotations(path: str | Path) -> dict[str, AnnotatedItem]:
    """One annotator's file: ``{item id: AnnotatedItem}`` in file order.  A repeated id is an error."""
    p = Path(path)
    data = _load_json(p)
    items = data.get("annotations") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise DataFormatError(f"{p}: expected a list of annotations or an object with an 'annotations' list")
    out: dict[str, AnnotatedItem] = {}
    for n, item in enumerate(items, start=1):
        where = at(p, f"item {n}")
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not item["id"].strip():
            raise DataFormatError(f"{where}: expected an object with a string 'id'")
        spans_raw = item.get("spans") or []
        if not isinstance(spans_raw, list):
            raise DataFormatError(f"{where}: 'spans' must be a list")
        spans: list[AnnotatedSpan] = []
        empty = 0
        for s in spans_raw:
            if not isinstance(s, dict):
                raise DataFormatError(f"{where}: every span must be an object with 'text' and 'type'")
            text, kind = s.get("text") or "", s.get("type") or ""
            if not isinstance(text, str) or not isinstance(kind, str):
                raise DataFormatError(f"{where}: span 'text' and 'type' must be strings")
            if not text.strip():
                empty += 1
                continue
            spans.append(AnnotatedSpan(text, kind.strip().lower()))
        ident = item["id"].strip()
        if ident in out:
            raise DataFormatError(f"{where}: repeated id {ident!r}")
        out[ident] = AnnotatedItem(ident, tuple(spans), bool(item.get("no_locatable_span", False)), empty)
    return out


# canonical column -> accepted headers (the Chinese sheet of verify_natural_18.csv, the English VERIFY_GUIDE.md)
_COLUMNS: dict[str, tuple[str, ...]] = {
    "id": ("编号", "id"),
    "subset": ("子集", "subset"),
    "span1": ("LLM标注_错误片段1(英文)", "llm_span_1"),
    "type1": ("LLM标注_类型1", "llm_type_1"),
    "ok1": ("片段1对吗(Y对/P部分/N错)", "span1_ok(Y/N/P)"),
    "tok1": ("类型1对吗(Y/N)", "type1_ok(Y/N)"),
    "span2": ("LLM标注_错误片段2(英文)", "llm_span_2"),
    "type2": ("LLM标注_类型2", "llm_type_2"),
    "ok2": ("片段2对吗(Y对/P部分/N错)", "span2_ok(Y/N/P)"),
    "tok2": ("类型2对吗(Y/N)", "type2_ok(Y/N)"),
    "missed": ("漏标的错误-逐字复制英文", "missed_error"),
    "missed_type": ("漏标类型", "missed_type"),
    "notes": ("备注", "notes"),
}
_SUBSETS = {"自然": "natural", "受控": "controlled"}
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_TYPE = re.compile(r"\(([a-z_]+)\)\s*$")


def _english(cell: str) -> str:
    """The English span of a sheet cell (English, then often a Chinese translation on the next line or straight
    after it): the first non-blank line up to its first CJK character, whitespace collapsed; ``""`` when the
    cell holds only the translation."""
    line = next((ln for ln in cell.split("\n") if ln.strip()), "")
    match = _CJK.search(line)
    return " ".join((line[: match.start()] if match else line).split())


def _type(cell: str) -> str:
    """``'与证据矛盾(contradictory)'`` -> ``'contradictory'``; a bare code is kept (lowercased)."""
    cell = cell.strip()
    match = _TYPE.search(cell.lower())
    return match.group(1) if match else cell.lower()


def _verdict(cell: str, allowed: str) -> str:
    value = cell.strip().upper()[:1]
    return value if value and value in allowed else ""


def _decode(path: Path) -> str:
    data = path.read_bytes()
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise DataFormatError(f"{path}: neither UTF-8 nor GBK text")


def read_audit(path: str | Path) -> list[AuditRow]:
    """The human audit sheet (``verify_natural_18.csv`` layout): one :class:`AuditRow` per non-empty row."""
    p = Path(path)
    if not p.exists():
        raise DataFileNotFoundError(f"{p}: no such file (audit sheet)")
    if p.is_dir():
        raise DataFormatError(f"{p}: is a folder, expected the audit CSV")
    reader = csv.reader(io.StringIO(_decode(p), newline=""))
    header = next(reader, None)
    if header is None:
        raise DataFormatError(f"{p}: empty file")
    names = [h.strip() for h in header]
    index: dict[str, int] = {}
    for key, aliases in _COLUMNS.items():
        for alias in aliases:
            if alias in names:
                index[key] = names.index(alias)
                break
    if "id" not in index or "span1" not in index:
        raise DataFormatError(f"{p}: no id / first-span column (expected the verify_natural_18.csv headers)")
    rows: list[AuditRow] = []
    for line, raw in enumerate(reader, start=2):
        if not any(cell.strip() for cell in raw):
            continue

        def cell(key: str, raw: list[str] = raw) -> str:
            j = index.get(key)
            return raw[j] if j is not None and j < len(raw) else ""

        ident = cell("id").strip()
        if not ident:
            raise DataFormatError(f"{at(p, line)}: empty id")
        spans = []
        for k in ("1", "2"):
            raw_span = cell(f"span{k}")
            if not raw_span.strip():
                continue
            spans.append(
                AuditSpan(
                    _english(raw_span),
                    _type(cell(f"type{k}")),
                    _verdict(cell(f"ok{k}"), "YPN"),
                    _verdict(cell(f"tok{k}"), "YN"),
                )
            )
        subset = cell("subset").strip()
        subset = _SUBSETS.get(subset, subset) or ("natural" if ident.startswith("mh_") else "")
        rows.append(
            AuditRow(
                ident, subset, tuple(spans), cell("missed").strip(), _type(cell("missed_type")), cell("notes").strip()
            )
        )
    return rows
