"""Reading Med-HALT answers (seed 001 §3.1, §3.2 output schemas; "Pitfalls", Parse truncation).

The original keeps only the first line of an output, rewrites ``'s`` to ``s`` and drops what fails.  Here the
whole output is read: a closed ``<think>...</think>`` block is skipped when an answer follows it, text after the
first ``Stop Here`` is ignored, and the answer object is found anywhere (JSON or a Python-dict-like object, over
several lines, in code fences, single-quoted, with trailing text) by :func:`medhal.llm.parsing.parse_json_object`;
``Key: value`` lines are the fallback.  Fields, matched case- and separator-insensitively:

* FCT: ``is_answer_correct`` (yes/no) and ``answer`` (also ``correct answer`` / ``correct_answer``, as the
  original's examples write it), ``why_correct``, ``why_others_incorrect``;
* NOTA, FQT: ``cop`` (the chosen option's text) and ``cop_index``; the option is resolved by text first, then by
  index (0-based, as the options are keyed), then by an option text contained in ``cop``;
* memory: ``is_paper_exist`` (also ``is_paper_exists``) and the requested field, ``paper_title`` or ``url``.

An output without any of its test's fields is a :class:`~medhal.llm.parsing.ParseFailure` carrying the raw text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from medhal.data.medhalt import MemoryItem, ReasoningItem, normalize_option
from medhal.detect.records import JSON
from medhal.llm.parsing import ParseFailure, get_field, parse_json_object, parse_key_values, parse_yes_no

__all__ = [
    "ChoiceAnswer",
    "FCTAnswer",
    "MemoryAnswer",
    "answer_body",
    "parse_choice",
    "parse_fct",
    "parse_memory",
    "parse_output",
    "resolve_option",
]

_ANSWER_KEYS = ("answer", "correct_answer", "corrent_answer")
_EXISTS_KEYS = ("is_paper_exist", "is_paper_exists", "paper_exists")
_IDK = re.compile(r"\bi\s+do\s+not\s+know\b|\bi\s+don['\"’`]?t\s+know\b", re.IGNORECASE)
_LABEL = re.compile(r"^\s*(?:option\s*)?[\(\[]?([0-9]{1,2}|[A-Za-z])[\)\].:]\s+(.+)$", re.IGNORECASE | re.DOTALL)
_ABSENT = {"no", "false", "unknown", "none", "not found", "n/a", "na", "0", "does not exist", "not exist", "nan"}
_PRESENT = {"yes", "true", "exists", "exist", "1"}


@dataclass(frozen=True, slots=True)
class FCTAnswer:
    """An FCT answer: the verdict on the suggested answer and the answer the model gives."""

    verdict: bool | None
    answer: str | None
    answer_index: int | None = None
    why_correct: str | None = None
    why_others_incorrect: str | None = None


@dataclass(frozen=True, slots=True)
class ChoiceAnswer:
    """A NOTA / FQT answer: ``cop`` and ``cop_index`` as given, ``index`` the option they resolve to and ``via``
    how (``text``, ``index``, ``contains``, ``idk``), ``None`` when they match no option."""

    cop: str | None
    cop_index: int | None
    index: int | None = None
    via: str | None = None
    why_correct: str | None = None
    why_others_incorrect: str | None = None


@dataclass(frozen=True, slots=True)
class MemoryAnswer:
    """A memory-test answer: the requested field's value and the existence flag (``None`` where absent)."""

    value: str | None
    exists: bool | None


def answer_body(text: str) -> str:
    """The part of ``text`` that holds the answer: after a closed ``</think>`` (when something follows it),
    before the first ``Stop Here`` (when something precedes it)."""
    if "</think>" in text:
        tail = text.rsplit("</think>", 1)[1]
        if tail.strip():
            text = tail
    head = text.split("Stop Here", 1)[0]
    return head if head.strip() else text


def _field(obj: Mapping[str, JSON], *keys: str) -> Any:
    for key in keys:
        try:
            return get_field(obj, key)
        except KeyError:
            continue
    return None


def _text(value: object) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else str(value)


def _answer_object(text: str, alternatives: Sequence[str], all_keys: Sequence[str]) -> dict[str, Any] | ParseFailure:
    body = answer_body(text or "")
    first: ParseFailure | None = None
    for key in alternatives:
        found = parse_json_object(body, required=(key,))
        if isinstance(found, dict):
            return found
        first = first or found
    lines = parse_key_values(body, list(all_keys))
    if isinstance(lines, dict) and any(_field(lines, key) is not None for key in alternatives):
        return dict(lines)
    reason = first.reason if first is not None else "no answer object"
    return ParseFailure(text, f"{reason} (fields: {', '.join(alternatives)})")


def _index(value: object) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = str(value).strip().strip("'\"()[]. ")
    return int(text) if re.fullmatch(r"\d{1,3}", text) else None


def resolve_option(value: object, index: object, options: Sequence[str]) -> tuple[int | None, str | None]:
    """The 0-based option ``value`` (a text) or ``index`` name, and how it was found; ``(None, None)`` if none."""
    if not options:
        return None, None
    norms = [normalize_option(o) for o in options]
    text = _text(value)
    if text is not None and text.strip():
        wanted = normalize_option(text)
        exact = [i for i, n in enumerate(norms) if n == wanted]
        if len(exact) == 1:
            return exact[0], "text"
        label = _LABEL.match(text)
        if label:
            rest = [i for i, n in enumerate(norms) if n == normalize_option(label.group(2))]
            if len(rest) == 1:
                return rest[0], "text"
        number = _index(value)
        if number is not None and 0 <= number < len(options):
            return number, "index"
        if len(wanted) == 1 and wanted.isalpha() and ord(wanted) - ord("a") < len(options):
            return ord(wanted) - ord("a"), "index"
    number = _index(index)
    if number is not None and 0 <= number < len(options):
        return number, "index"
    if text:
        wanted = normalize_option(text)
        inside = [i for i, n in enumerate(norms) if len(n) >= 4 and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", wanted)]
        if len(inside) == 1:
            return inside[0], "contains"
    return None, None


def _verdict(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    text = _text(value)
    if text is None:
        return None
    parsed = parse_yes_no(text)
    return parsed if isinstance(parsed, bool) else None


def parse_fct(text: str, options: Sequence[str] = ()) -> FCTAnswer | ParseFailure:
    """An FCT answer; a failure when neither ``is_answer_correct`` nor ``answer`` can be read."""
    obj = _answer_object(text, ("is_answer_correct", *_ANSWER_KEYS), ("is_answer_correct", *_ANSWER_KEYS))
    if isinstance(obj, ParseFailure):
        return obj
    verdict = _verdict(_field(obj, "is_answer_correct"))
    answer = _text(_field(obj, *_ANSWER_KEYS))
    if verdict is None and answer is None:
        return ParseFailure(text, "no readable is_answer_correct verdict and no answer")
    index, _ = resolve_option(answer, None, options)
    why = _text(_field(obj, "why_correct"))
    return FCTAnswer(verdict, answer, index, why, _text(_field(obj, "why_others_incorrect")))


def parse_choice(
    text: str, options: Sequence[str] = (), idk_indices: Sequence[int] = ()
) -> ChoiceAnswer | ParseFailure:
    """A NOTA / FQT answer; a failure when neither ``cop`` nor ``cop_index`` is there.  With ``idk_indices``
    (FQT), a ``cop`` saying "I do not know" that matches no option text chooses the "I do not know" option."""
    obj = _answer_object(text, ("cop", "cop_index"), ("cop", "cop_index", "why_correct", "why_others_incorrect"))
    if isinstance(obj, ParseFailure):
        return obj
    cop, raw_index = _field(obj, "cop"), _field(obj, "cop_index")
    if (cop is None or not str(cop).strip()) and _index(raw_index) is None:
        return ParseFailure(text, "no readable cop or cop_index")
    index, via = resolve_option(cop, raw_index, options)
    if via != "text" and idk_indices and cop is not None and _IDK.search(str(cop)):
        index, via = idk_indices[0], "idk"
    why = _text(_field(obj, "why_correct"))
    return ChoiceAnswer(_text(cop), _index(raw_index), index, via, why, _text(_field(obj, "why_others_incorrect")))


def _exists(value: object) -> bool | None:
    """An existence flag: a word of ``_PRESENT`` or ``_ABSENT``, else read as :func:`_verdict` reads a verdict."""
    text = None if isinstance(value, bool) else _text(value)
    if text is not None:
        word = " ".join(text.casefold().split()).strip(" .!'\"")
        if word in _PRESENT:
            return True
        if word in _ABSENT:
            return False
    return _verdict(value)


def parse_memory(text: str, field: str) -> MemoryAnswer | ParseFailure:
    """A memory-test answer (``field`` is ``paper_title`` or ``url``); a failure when neither the field nor the
    existence flag is there."""
    obj = _answer_object(text, (field, *_EXISTS_KEYS), (field, *_EXISTS_KEYS))
    if isinstance(obj, ParseFailure):
        return obj
    value = _text(_field(obj, field))
    exists = _exists(_field(obj, *_EXISTS_KEYS))
    if value is None and exists is None:
        return ParseFailure(text, f"no readable {field} and no existence flag")
    return MemoryAnswer(value.strip() if value is not None else None, exists)


def parse_output(
    test: str, text: str, item: ReasoningItem | MemoryItem | None = None
) -> FCTAnswer | ChoiceAnswer | MemoryAnswer | ParseFailure:
    """The answer of ``test`` in ``text``; with ``item`` the chosen option is resolved against its options."""
    options: tuple[str, ...] = item.options if isinstance(item, ReasoningItem) else ()
    if test == "fct":
        return parse_fct(text, options)
    if test in ("nota", "fqt"):
        idk = item.idk_indices if isinstance(item, ReasoningItem) and test == "fqt" else ()
        return parse_choice(text, options, idk)
    field = "paper_title" if test in ("pmid2title", "link2title") else "url"
    return parse_memory(text, field)
