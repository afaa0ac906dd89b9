"""Tolerant parsing of model output: every parser returns the value or a :class:`ParseFailure` with the raw text.

Seed 001 "Pitfalls" (Parse truncation) describes what not to do: the Med-HALT code parses only the first line of
each output (multi-line JSON loses its later lines), rewrites ``'s`` before parsing, and drops failures from
the accuracy denominator.  Here:

* :func:`parse_json_object` finds a JSON or Python-dict-like object anywhere in the text — inside code fences,
  over several lines, with single quotes, trailing commas, bare keys, ``True``/``None`` or ``true``/``null``;
* :func:`parse_key_values` reads ``Key: value`` line formats (``**Key**:``, ``- Key:`` and multi-line values);
* :func:`parse_option` reads a multiple-choice answer as an option letter, a number or the option's text;
* :func:`parse_yes_no` reads a yes/no verdict.

No parser raises on bad model output; failures are data, so a benchmark can report its parse-failure rate and
score them as wrong (the default) or exclude them (to reproduce a paper), see :mod:`medhal.llm.metrics`.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

__all__ = [
    "ParseFailure",
    "extract_code_blocks",
    "get_field",
    "is_failure",
    "parse_json_object",
    "parse_key_values",
    "parse_option",
    "parse_yes_no",
]

T = TypeVar("T")

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\r?\n(.*?)(?:```|\Z)", re.DOTALL)
_MAX_CANDIDATES = 64


@dataclass(frozen=True, slots=True)
class ParseFailure:
    """Model output that could not be parsed: the raw text and why."""

    raw: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


def is_failure(value: object) -> bool:
    return isinstance(value, ParseFailure)


def extract_code_blocks(text: str) -> list[str]:
    """Contents of fenced code blocks (an unclosed last fence runs to the end of the text)."""
    return [m.group(2) for m in _FENCE.finditer(text)]


def _balanced(text: str, start: int) -> int | None:
    """End (exclusive) of the bracketed value opening at ``text[start]``, honouring quoted strings.

    A single quote opens a string only where a JSON/Python token may start (after ``{[,:`` and spaces), so
    apostrophes in prose ("it's") do not derail the scan.
    """
    pairs = {"{": "}", "[": "]"}
    stack = [pairs[text[start]]]
    i = start + 1
    quote = ""
    prev_sig = text[start]
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote and (quote == '"' or _closes_single(text, i)):
                quote = ""
                prev_sig = ch
        elif ch == '"' or (ch == "'" and prev_sig in "{[,:"):
            quote = ch
        elif ch in pairs:
            stack.append(pairs[ch])
            prev_sig = ch
        elif ch in "}]":
            if ch != stack[-1]:
                return None
            stack.pop()
            if not stack:
                return i + 1
            prev_sig = ch
        elif not ch.isspace():
            prev_sig = ch
        i += 1
    return None


def _closes_single(text: str, i: int) -> bool:
    """Whether the ``'`` at ``i`` ends a single-quoted string (next significant char is ``:,}]`` or end)."""
    j = i + 1
    while j < len(text) and text[j] in " \t\r\n":
        j += 1
    return j >= len(text) or text[j] in ":,}]"


_PY_NAMES = {"true": "True", "false": "False", "null": "None", "none": "None"}


def _pythonize(src: str) -> str:
    """Rewrite a JSON-ish object as a Python literal: double-quote single-quoted strings (apostrophes kept),
    quote bare keys, map true/false/null, drop trailing commas."""
    out: list[str] = []
    i = 0
    n = len(src)
    prev_sig = "^"
    while i < n:
        ch = src[i]
        if ch == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append(src[i : j + 1])
            i = j + 1
            prev_sig = '"'
            continue
        if ch == "'" and prev_sig in "{[,:":
            j = i + 1
            buf: list[str] = []
            while j < n and not (src[j] == "'" and _closes_single(src, j)):
                if src[j] == "\\" and j + 1 < n:
                    buf.append(src[j : j + 2])
                    j += 2
                    continue
                buf.append('\\"' if src[j] == '"' else src[j])
                j += 1
            out.append('"' + "".join(buf).replace("\\'", "'") + '"')
            i = j + 1
            prev_sig = '"'
            continue
        if ch == ",":
            j = i + 1
            while j < n and src[j].isspace():
                j += 1
            if j < n and src[j] in "}]":
                i += 1
                continue
        if (ch.isalpha() or ch == "_") and prev_sig == ":":
            j = i
            while j < n and src[j] not in ",}]\n":
                j += 1
            word = src[i:j].rstrip()
            mapped = _PY_NAMES.get(word.lower())
            out.append(mapped if mapped else json.dumps(word))  # a bare value: {answer: B}
            i += len(word)
            prev_sig = "a"
            continue
        if ch.isalpha() or ch == "_":
            j = i
            while j < n and (src[j].isalnum() or src[j] in "_-"):
                j += 1
            word = src[i:j]
            k = j
            while k < n and src[k] in " \t":
                k += 1
            if prev_sig in "{," and k < n and src[k] == ":":
                out.append(json.dumps(word))  # a bare key: {answer: ...}
            else:
                out.append(_PY_NAMES.get(word.lower(), word))
            i = j
            prev_sig = "a"
            continue
        out.append(ch)
        if not ch.isspace():
            prev_sig = ch
        i += 1
    return "".join(out)


def _load(candidate: str) -> object | None:
    try:
        value: object = json.loads(candidate, strict=False)
        return value
    except ValueError:
        pass
    try:
        value = ast.literal_eval(_pythonize(candidate).replace("\n", " ").replace("\r", " "))
        return value
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _candidates(text: str, opener: str) -> Iterator[str]:
    """Bracketed substrings starting with ``opener``: fenced blocks first, then the raw text."""
    yielded = 0
    for source in [*extract_code_blocks(text), text]:
        start = source.find(opener)
        while start != -1 and yielded < _MAX_CANDIDATES:
            end = _balanced(source, start)
            if end is not None:
                yielded += 1
                yield source[start:end]
            start = source.find(opener, start + 1)


def _norm_key(key: str) -> str:
    return re.sub(r"[\s_-]+", "_", key.strip().strip("*`\"'").strip()).lower()


def parse_json_object(text: str, *, required: Sequence[str] = ()) -> dict[str, Any] | ParseFailure:
    """The first object in ``text`` that parses (and has every ``required`` key, compared case- and
    separator-insensitively: ``"Is Answer Correct"`` matches ``is_answer_correct``).

    Outer objects are tried before the objects nested in them.  Keys are returned as the model wrote them.
    """
    if not text or not text.strip():
        return ParseFailure(text, "empty output")
    wanted = {_norm_key(k) for k in required}
    saw_object = False
    for candidate in _candidates(text, "{"):
        value = _load(candidate)
        if not isinstance(value, dict):
            continue
        saw_object = True
        keys = {_norm_key(str(k)) for k in value}
        if wanted <= keys:
            return {str(k): v for k, v in value.items()}
    if saw_object:
        return ParseFailure(text, f"no object with key(s) {', '.join(required)}")
    if "{" in text:
        return ParseFailure(text, "object is malformed or incomplete")
    return ParseFailure(text, "no object found")


def get_field(obj: Mapping[str, Any], key: str) -> Any:
    """``obj[key]`` matched case- and separator-insensitively (``KeyError`` if absent)."""
    wanted = _norm_key(key)
    for k, v in obj.items():
        if _norm_key(str(k)) == wanted:
            return v
    raise KeyError(key)


_KV_LINE = re.compile(r"^\s*(?:[-*•]\s*)?(?:\*\*|__)?([A-Za-z][\w /()-]{0,60}?)(?:\*\*|__)?\s*[:=]\s*(.*)$")


def parse_key_values(
    text: str, keys: Sequence[str] | None = None, *, required: Sequence[str] = ()
) -> dict[str, str] | ParseFailure:
    """``Key: value`` lines as ``{normalized_key: value}`` (keys lower-cased, spaces/hyphens as ``_``).

    With ``keys``, only those keys start a field and a value runs on over following lines until the next such
    key (multi-line values); without, every ``Key: value`` line is a field.  The first occurrence of a key wins.
    """
    if not text or not text.strip():
        return ParseFailure(text, "empty output")
    allowed = None if keys is None else {_norm_key(k) for k in keys}
    fields: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        m = _KV_LINE.match(line)
        key = _norm_key(m.group(1)) if m else None
        if m and key and (allowed is None or key in allowed):
            if key in fields:
                current = None  # a repeated key: keep the first, ignore the repeat's lines
                continue
            fields[key] = [m.group(2).strip().strip("*").strip()]
            current = key
        elif current is not None and allowed is not None:
            fields[current].append(line.strip())
    result = {k: "\n".join(v).strip() for k, v in fields.items()}
    if not result:
        return ParseFailure(text, "no 'Key: value' lines")
    missing = [k for k in required if _norm_key(k) not in result]
    if missing:
        return ParseFailure(text, f"missing field(s): {', '.join(missing)}")
    return result


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _option_patterns(letters: str) -> list[re.Pattern[str]]:
    cls = f"[{letters}{letters.lower()}]"
    return [
        re.compile(
            rf"\b(?:answer|option|choice)\s*(?:is|:|=)?\s*(?:option\s*)?[\(\[]?({cls})[\)\].:]?(?![\w])", re.IGNORECASE
        ),
        re.compile(rf"^\s*[\(\[]?({cls})[\)\].:](?:\s|$)", re.MULTILINE),
        re.compile(rf"[\(\[]({cls})[\)\]]"),
        re.compile(rf"^\s*({cls})\s*$", re.MULTILINE),
    ]


def parse_option(text: str, options: Sequence[str] | int, *, zero_based_numbers: bool = False) -> int | ParseFailure:
    """The chosen option's 0-based index.

    Accepts, in order of trust: a JSON object with an ``answer``/``cop``/``option`` field holding a letter, number
    or option text; "Answer: B" / "the answer is (B)"; then any of a line starting "B)" / "B.", a bracketed
    "(B)" or a lone letter on its line; a lone number (1-based unless ``zero_based_numbers``); the text of exactly
    one option.  Several different letters at the same level of trust, or none, is a :class:`ParseFailure`.
    """
    count = options if isinstance(options, int) else len(options)
    texts = [] if isinstance(options, int) else [o.strip() for o in options]
    if count < 1 or count > len(_LETTERS):
        raise ValueError(f"need 1..{len(_LETTERS)} options, got {count}")
    if not text or not text.strip():
        return ParseFailure(text, "empty output")
    letters = _LETTERS[:count]

    def from_value(value: object) -> int | None:
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            index = value if zero_based_numbers else value - 1
            return index if 0 <= index < count else None
        if isinstance(value, str):
            v = value.strip().strip("().[]").strip()
            if len(v) == 1 and v.upper() in letters:
                return letters.index(v.upper())
            if v.isdigit():
                return from_value(int(v))
            matches = [i for i, t in enumerate(texts) if t and t.lower() == value.strip().lower()]
            if len(matches) == 1:
                return matches[0]
            head = re.match(r"^\s*[\(\[]?([A-Za-z])[\)\].:]\s", value)
            if head and head.group(1).upper() in letters:
                return letters.index(head.group(1).upper())
        return None

    obj = parse_json_object(text) if "{" in text else None
    if isinstance(obj, dict):
        for key in ("answer", "cop", "option", "choice", "correct_option", "correct_answer"):
            try:
                found = from_value(get_field(obj, key))
            except KeyError:
                continue
            if found is not None:
                return found
    strong, *weak = _option_patterns(letters)
    for level in ([strong], weak):
        hits = {m.group(1).upper() for pattern in level for m in pattern.finditer(text)}
        if len(hits) == 1:
            return letters.index(hits.pop())
        if len(hits) > 1:
            return ParseFailure(text, f"several options named: {', '.join(sorted(hits))}")
    numbers = re.fullmatch(r"\s*(?:option\s*)?(\d{1,2})\s*[.)]?\s*", text, re.IGNORECASE)
    if numbers:
        found = from_value(int(numbers.group(1)))
        if found is not None:
            return found
    if texts:
        low = text.lower()
        hits_text = [i for i, t in enumerate(texts) if t and re.search(rf"(?<!\w){re.escape(t.lower())}(?!\w)", low)]
        if len(hits_text) == 1:
            return hits_text[0]
        if len(hits_text) > 1:
            return ParseFailure(text, "the text of several options appears")
    return ParseFailure(text, "no option letter, number or option text found")


_YES = re.compile(r"\b(yes|true|correct)\b", re.IGNORECASE)
_NO = re.compile(r"\b(no|false|incorrect|not correct)\b", re.IGNORECASE)


def parse_yes_no(text: str) -> bool | ParseFailure:
    """``True`` for yes/true/correct, ``False`` for no/false/incorrect; the first word decides when it is one
    of them, otherwise the text must name only one side."""
    if not text or not text.strip():
        return ParseFailure(text, "empty output")
    first = re.match(r"\W*(\w+)", text)
    if first:
        word = first.group(1).lower()
        if word in ("yes", "true", "correct"):
            return True
        if word in ("no", "false", "incorrect"):
            return False
    no = bool(_NO.search(text))
    yes = bool(_YES.search(_NO.sub(" ", text)))
    if yes != no:
        return yes
    return ParseFailure(text, "both yes and no" if yes else "no yes/no verdict")
