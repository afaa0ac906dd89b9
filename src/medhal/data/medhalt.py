"""Med-HALT test items (seed 001 §1.1, §3): three reasoning tests and four memory tests, as medhal records.

Reasoning tests (seed 001 §3.1), one :class:`ReasoningItem` per multiple-choice question:

* ``fct`` (False Confidence Test): a suggested answer is given and the model judges it.  The original layout
  stores the suggested answer inside ``options`` under the key ``'correct answer'`` (a ``suggested_answer``
  column is accepted too); the truth is ``correct_index`` and/or ``correct_answer``.
* ``nota`` (None of the Above): the correct option was replaced by "none of the above"; truth as for FCT, else
  the option that reads "none of the above".
* ``fqt`` (Fake Questions Test): made-up questions whose options include "I do not know"; the file has no answer
  columns, so the label is the "I do not know" option(s) (:func:`find_idk_options`).

Memory tests (seed 001 §3.2), one :class:`MemoryItem` per PubMed record: ``pmid2title`` (PMID -> title),
``title2link`` (title -> PubMed link), ``abstract2link`` (abstract -> link), ``link2title`` (link -> title).  A
made-up paper's expected answer is ``"Unknown"`` (``exists=False``).

Layouts: the original CSVs (``id, subject_name, topic_name, split_type, dataset, question, options`` plus each
test's answer columns, ``options`` a Python-dict string read with :func:`ast.literal_eval`, never ``eval``;
``PMID/Title``, ``url/Title``, ``Title/url``, ``Abstract/url`` for memory) and the JSON / JSONL layout of the
NAGenius fork, whose fake memory rows replaced ``Title: "Unknown"`` with a real title and kept the original in
``original_title`` (the expected answer is ``original_title``; the replacement is kept as ``replaced_title``).
Rows nested under ``testbed_data`` (prediction files of the original code) are read as that object.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.loading import LoadStats, RawRow, Records, read_csv_rows, read_json_rows, text_field

__all__ = [
    "MEMORY_TESTS",
    "REASONING_TESTS",
    "TESTS",
    "MemoryItem",
    "MemoryTest",
    "ReasoningItem",
    "ReasoningTest",
    "TestName",
    "canonical_test",
    "find_idk_options",
    "find_test_file",
    "load_medhalt",
    "normalize_option",
]

ReasoningTest = Literal["fct", "nota", "fqt"]
MemoryTest = Literal["pmid2title", "title2link", "abstract2link", "link2title"]
TestName = Literal["fct", "nota", "fqt", "pmid2title", "title2link", "abstract2link", "link2title"]
REASONING_TESTS: tuple[str, ...] = get_args(ReasoningTest)
MEMORY_TESTS: tuple[str, ...] = get_args(MemoryTest)
TESTS: tuple[str, ...] = get_args(TestName)

FILE_STEMS: dict[str, str] = {
    "fct": "reasoning_FCT",
    "nota": "reasoning_nota",
    "fqt": "reasoning_fake",
    "pmid2title": "IR_pmid2title",
    "title2link": "IR_title2pubmedlink",
    "abstract2link": "IR_abstract2pubmedlink",
    "link2title": "IR_pubmedlink2title",
}
"""The original file name (without extension) of each test's data."""
_ALIASES = {"fake": "fqt", "url2title": "link2title", "title2pub": "title2link", "abs2pub": "abstract2link"}
_ALIASES |= {stem.lower(): test for test, stem in FILE_STEMS.items()}
_ALIASES |= {"ir_title2link": "title2link", "ir_abstract2link": "abstract2link", "ir_link2title": "link2title"}

_IDK = re.compile(r"\bi\s+do\s+not\s+know\b|\bi\s+don['\"’`]?t\s+know\b", re.IGNORECASE)
_ABSTAIN = re.compile(r"\bconced(?:e|es|ing)\s+defeat\b|\badmit(?:s|ting)?\s+(?:defeat|ignorance)\b", re.IGNORECASE)
_SUGGESTED_KEY = "correct answer"


def canonical_test(name: str) -> str:
    """``fct``, ``nota``, ``fqt``, ``pmid2title``, ``title2link``, ``abstract2link`` or ``link2title`` for a
    test name or one of its aliases (``fake``, ``url2title``, ``reasoning_FCT``, ...); ``ValueError`` otherwise."""
    key = name.strip().lower()
    if key in TESTS:
        return key
    if key in _ALIASES:
        return _ALIASES[key]
    raise ValueError(f"unknown Med-HALT test {name!r}; use one of {', '.join(TESTS)}")


def normalize_option(text: str) -> str:
    """Case-folded text with runs of whitespace collapsed and surrounding quotes/punctuation removed."""
    return " ".join(text.casefold().split()).strip(" .,:;!?'\"`*()[]")


def find_idk_options(options: tuple[str, ...]) -> tuple[tuple[int, ...], bool]:
    """Indices of the options that admit not knowing, and whether the fallback rule found them.

    First rule: the option says "I do not know" / "I don't know" (quotes as the data writes them, ``don"t``).
    Fallback, only when no option does: it concedes defeat or admits ignorance (3 of the 1858 FQT items).
    """
    primary = tuple(i for i, text in enumerate(options) if _IDK.search(text))
    if primary:
        return primary, False
    return tuple(i for i, text in enumerate(options) if _ABSTAIN.search(text)), True


@dataclass(frozen=True, slots=True)
class ReasoningItem:
    """One multiple-choice item of FCT, NOTA or FQT (seed 001 §3.1).

    ``options`` are the option texts in key order, ``option_keys`` their keys as the file gives them (``"0"``,
    ``"1"``, ...).  ``correct_index`` / ``correct_answer``: the truth (FCT, NOTA; ``None`` for FQT).
    ``suggested_answer`` / ``suggested_index``: FCT's proposed answer.  ``idk_indices``: FQT's label.
    """

    id: str
    test: str
    question: str
    options: tuple[str, ...]
    option_keys: tuple[str, ...]
    correct_index: int | None = None
    correct_answer: str | None = None
    suggested_answer: str | None = None
    suggested_index: int | None = None
    idk_indices: tuple[int, ...] = ()
    dataset: str = ""
    subject: str = ""
    topic: str = ""
    split: str = ""

    @property
    def suggested_is_correct(self) -> bool | None:
        """FCT: whether the suggested answer is the right one (``None`` when either is unknown)."""
        if self.suggested_answer is None:
            return None
        if self.suggested_index is not None and self.correct_index is not None:
            return self.suggested_index == self.correct_index
        if self.correct_answer is None:
            return None
        return normalize_option(self.suggested_answer) == normalize_option(self.correct_answer)


@dataclass(frozen=True, slots=True)
class MemoryItem:
    """One PubMed lookup (seed 001 §3.2): ``query`` is the given field, ``answer`` the expected one (a title or
    a URL; ``"Unknown"`` for a made-up paper, ``exists=False``)."""

    id: str
    test: str
    query: str
    answer: str
    exists: bool
    replaced_title: str | None = None
    dataset: str = "pubmed"
    subject: str = ""

    @property
    def answer_field(self) -> str:
        """The output field the test asks for: ``paper_title`` or ``url``."""
        return "paper_title" if self.test in ("pmid2title", "link2title") else "url"


def find_test_file(folder: str | Path, test: str) -> Path | None:
    """The data file of ``test`` in ``folder`` (original stem, any case, ``.csv``/``.json``/``.jsonl``)."""
    stem = FILE_STEMS[canonical_test(test)].lower()
    root = Path(folder)
    if not root.is_dir():
        return None
    found = {p.name.lower(): p for p in root.iterdir() if p.is_file()}
    for ext in (".csv", ".json", ".jsonl"):
        if stem + ext in found:
            return found[stem + ext]
    return None


def _options(row: RawRow, test: str) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
    data = row.data
    raw = data.get("options", data.get("Options"))
    if raw is None:
        raise DataFormatError(f"{row.where}: missing column 'options' (Med-HALT {test})")
    value: object = raw
    if isinstance(raw, str):
        try:
            value = ast.literal_eval(raw)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            try:
                value = json.loads(raw)
            except ValueError:
                raise DataFormatError(f"{row.where}: options is not a dict literal (Med-HALT {test})") from None
    if not isinstance(value, dict) or not value:
        raise DataFormatError(f"{row.where}: options must be a non-empty dict (Med-HALT {test})")
    suggested: str | None = None
    pairs: list[tuple[str, str]] = []
    for key, text in value.items():
        if " ".join(str(key).replace("_", " ").split()).lower() == _SUGGESTED_KEY:
            suggested = str(text)
        else:
            pairs.append((str(key), "" if text is None else str(text)))
    if all(k.isdigit() for k, _ in pairs):
        pairs.sort(key=lambda kv: int(kv[0]))
    return tuple(k for k, _ in pairs), tuple(t for _, t in pairs), suggested


def _index(value: object) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if re.fullmatch(r"-?\d+(?:\.0+)?", text):
        return int(float(text))
    return None


def _match(options: tuple[str, ...], text: str | None) -> int | None:
    if text is None:
        return None
    hits = [i for i, o in enumerate(options) if normalize_option(o) == normalize_option(text)]
    return hits[0] if len(hits) == 1 else None


def _stripped(row: RawRow, names: Sequence[str], what: str, *, required: bool = True) -> str:
    """:func:`~medhal.data.loading.text_field` without surrounding white space, ``""`` when absent or null."""
    return (text_field(row, names, what, required=required) or "").strip()


def _item_id(row: RawRow, what: str) -> str:
    """The row's ``id``; a row without one (absent, null or blank) is refused."""
    ident = _stripped(row, ("id",), what)
    if not ident:
        raise DataFormatError(f"{row.where}: empty id ({what})")
    return ident


def _reasoning(row: RawRow, test: str, counts: dict[str, int]) -> ReasoningItem:
    what = f"Med-HALT {test}"
    ident = _item_id(row, what)
    question = text_field(row, ("question", "Question"), what) or ""
    keys, options, suggested = _options(row, test)
    if suggested is None:
        suggested = _stripped(row, ("suggested_answer",), what, required=False) or None
    answer = _stripped(row, ("correct_answer", "cop"), what, required=False) or None
    index = _index(row.data.get("correct_index"))
    if index is not None and not 0 <= index < len(options):
        raise DataFormatError(f"{row.where}: correct_index {index} is not an option index ({what})")
    if index is None:
        index = _match(options, answer)
    if index is None and test == "nota":
        index = _match(options, "none of the above")
    if answer is None and index is not None:
        answer = options[index]
    idk: tuple[int, ...] = ()
    if test == "fqt":
        idk, fallback = find_idk_options(options)
        counts["idk_fallback"] += fallback and bool(idk)
        counts["no_idk_option"] += not idk
    elif answer is None:
        raise DataFormatError(f"{row.where}: no correct_index or correct_answer ({what})")
    if test == "fct" and suggested is None:
        raise DataFormatError(f"{row.where}: no suggested answer (options['correct answer']) ({what})")
    return ReasoningItem(
        ident,
        test,
        question,
        options,
        keys,
        index,
        answer,
        suggested,
        _match(options, suggested),
        idk,
        _stripped(row, ("dataset",), what, required=False),
        _stripped(row, ("subject_name", "subject"), what, required=False),
        _stripped(row, ("topic_name", "topic"), what, required=False),
        _stripped(row, ("split_type", "split"), what, required=False),
    )


_QUERY = {
    "pmid2title": ("PMID", "pmid", "Pmid"),
    "link2title": ("url", "URL", "link"),
    "title2link": ("Title", "title", "paper_title"),
    "abstract2link": ("Abstract", "abstract", "paper_abstract"),
}


def _memory(row: RawRow, test: str, counts: dict[str, int]) -> MemoryItem:
    what = f"Med-HALT {test}"
    ident = _item_id(row, what)
    query = _stripped(row, _QUERY[test], what)
    if test == "pmid2title" and re.fullmatch(r"\d+\.0+", query):
        query = query.split(".")[0]
    replaced: str | None = None
    if test in ("pmid2title", "link2title"):
        title = _stripped(row, ("Title", "title", "paper_title"), what)
        original = text_field(row, ("original_title",), what, required=False)
        answer = original.strip() if original is not None else title
        if original is not None and answer != title:
            replaced = title
            counts["fork_replaced_title"] += 1
    else:
        answer = _stripped(row, ("url", "URL", "link"), what)
    if not query or not answer:
        raise DataFormatError(f"{row.where}: empty {'query' if not query else 'answer'} field ({what})")
    exists = answer.casefold() != "unknown"
    counts["fake_papers"] += not exists
    return MemoryItem(ident, test, query, answer, exists, replaced)


def load_medhalt(path: str | Path, test: str) -> Records[ReasoningItem] | Records[MemoryItem]:
    """The items of one Med-HALT test from a CSV, JSON array or JSONL file (or the folder that holds it).

    ``.stats.counts``: ``idk_fallback`` / ``no_idk_option`` (FQT), ``fake_papers`` / ``fork_replaced_title``
    (memory).  Malformed rows and duplicate ids raise :class:`DataFormatError` (one line, ``path:line``).
    """
    name = canonical_test(test)
    target = Path(path)
    if target.is_dir():
        found = find_test_file(target, name)
        if found is None:
            raise DataFileNotFoundError(f"{target}: no {FILE_STEMS[name]}.csv/.json/.jsonl ({name})")
        target = found
    what = f"Med-HALT {name}"
    table = read_csv_rows(target, what) if target.suffix.lower() == ".csv" else read_json_rows(target, what)
    counts: dict[str, int] = {"idk_fallback": 0, "no_idk_option": 0, "fake_papers": 0, "fork_replaced_title": 0}
    items: list[Any] = []
    seen: dict[str, str] = {}
    for raw in table.rows:
        nested = raw.data.get("testbed_data")
        row = RawRow(raw.number, raw.where, nested) if isinstance(nested, dict) else raw
        item = _reasoning(row, name, counts) if name in REASONING_TESTS else _memory(row, name, counts)
        if item.id in seen:
            raise DataFormatError(f"{row.where}: duplicate id {item.id!r} (first at {seen[item.id]}; {what})")
        seen[item.id] = row.where
        items.append(item)
    kept = {k: v for k, v in counts.items() if v}
    stats = LoadStats(str(target), len(table.rows), len(items), table.skipped_empty, 0, kept)
    return Records(items, stats)
