"""Where an injected error is: the changed region between clean and hallucinated text, the gold span of new text,
and :func:`validate_injection`.

Every injection changes exactly one contiguous region of the clean text, inside one sentence.  The gold span is
the new text, snapped to whole words and, where needed, widened word by word until it occurs once in the
hallucinated text and has content tokens (so the localization metric of seed 000 §4, which compares content
tokens, does not exclude the item).  ``gold_start``/``gold_end`` record where it is; every item passes
:func:`validate_injection` with ``strict=True``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from medhal.text import content_tokens
from medhal.text.align import common_prefix_length

__all__ = ["EditRegion", "changed_region", "locate_gold", "validate_injection"]

_PUNCT_SPACE = " \t\r\n,;:.!?()[]{}\"'“”‘’-–—"
# fmt: off
_CONNECTORS = frozenset({
    "and", "or", "but", "while", "whereas", "although", "though", "which", "who", "whom", "whose", "that", "in",
    "with", "as", "also", "additionally", "moreover", "furthermore", "thereby", "thus", "particularly", "especially",
    "primarily", "largely", "mainly", "mostly", "likely", "possibly", "the", "a", "an", "of", "to", "by", "for", "at",
    "on", "among",
})
# fmt: on
"""Glue words a lenient :func:`validate_injection` lets the edit have outside the gold span ("..., in whom X")."""
_TOKEN = re.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True, slots=True)
class EditRegion:
    """The changed region between two texts: ``clean[clean_start:clean_end]`` became
    ``hallucinated[start:end]``; everything before and after is common (common prefix + common suffix)."""

    clean_start: int
    clean_end: int
    start: int
    end: int


def changed_region(clean: str, hallucinated: str) -> EditRegion:
    """The middle left after removing the longest common prefix, then the longest common suffix."""
    limit = min(len(clean), len(hallucinated))
    p = 0
    while p < limit and clean[p] == hallucinated[p]:
        p += 1
    s = 0
    while s < limit - p and clean[-1 - s] == hallucinated[-1 - s]:
        s += 1
    return EditRegion(p, len(clean) - s, p, len(hallucinated) - s)


def _common_suffix(a: str, b: str) -> int:
    return common_prefix_length(a[::-1], b[::-1])


def _widen(text: str, start: int, end: int, lenient: bool, max_words: int = 3) -> tuple[int, int]:
    """``[start, end)`` grown over adjacent spaces and punctuation (and, when ``lenient``, up to ``max_words``
    connector words on each side)."""

    def left(i: int) -> int:
        words = 0
        while True:
            while i > 0 and text[i - 1] in _PUNCT_SPACE:
                i -= 1
            m = re.search(r"(\w+)$", text[:i])
            if not lenient or m is None or words >= max_words or m.group(1).lower() not in _CONNECTORS:
                return i
            i, words = m.start(1), words + 1

    def right(i: int) -> int:
        words = 0
        while True:
            while i < len(text) and text[i] in _PUNCT_SPACE:
                i += 1
            m = re.match(r"\w+", text[i:])
            if not lenient or m is None or words >= max_words or m.group(0).lower() not in _CONNECTORS:
                return i
            i, words = i + m.end(), words + 1

    return left(start), right(end)


def _covers(clean: str, hallucinated: str, start: int, end: int, prefix: int, suffix: int) -> bool:
    """Whether one replacement inside ``hallucinated[start:end]`` turns ``clean`` into ``hallucinated``."""
    tail = len(hallucinated) - end
    return start <= prefix and tail <= suffix and start + tail <= len(clean)


def _occurrences(text: str, needle: str) -> list[int]:
    out: list[int] = []
    i = text.find(needle)
    while i != -1 and needle:
        out.append(i)
        i = text.find(needle, i + 1)
    return out


def locate_gold(
    clean: str, hallucinated: str, gold_span: str, *, strict: bool = False, gold_start: int | None = None
) -> tuple[int, int] | None:
    """``(start, end)`` of the occurrence of ``gold_span`` in ``hallucinated`` that covers the edit from
    ``clean`` (see :func:`validate_injection`), or ``None``."""
    if not gold_span or clean == hallucinated:
        return None
    prefix, suffix = common_prefix_length(clean, hallucinated), _common_suffix(clean, hallucinated)
    starts = [gold_start] if gold_start is not None else _occurrences(hallucinated, gold_span)
    for start in starts:
        end = start + len(gold_span)
        if hallucinated[start:end] != gold_span:
            continue
        wide_start, wide_end = _widen(hallucinated, start, end, lenient=not strict)
        if _covers(clean, hallucinated, wide_start, wide_end, prefix, suffix):
            return start, end
    return None


def _changed_blocks(clean: str, hallucinated: str) -> list[tuple[int, int]]:
    """Character ranges of ``hallucinated`` that a word-level diff marks as changed (a deletion is an empty
    range at its position)."""
    a = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(clean)]
    b = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(hallucinated)]
    matcher = difflib.SequenceMatcher(None, [t[2] for t in a], [t[2] for t in b], autojunk=False)
    blocks: list[tuple[int, int]] = []
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if j1 < j2:
            blocks.append((b[j1][0], b[j2 - 1][1]))
        else:
            pos = b[j1][0] if j1 < len(b) else len(hallucinated)
            blocks.append((pos, pos))
    return blocks


def validate_injection(
    clean: str, hallucinated: str, gold_span: str, *, strict: bool = False, gold_start: int | None = None
) -> list[str]:
    """Problems of an injected item (empty list: valid).

    Valid means: the texts differ; ``gold_span`` is non-empty and occurs in ``hallucinated`` (at ``gold_start``
    when given); and one occurrence *covers the edit*: replacing some text inside it turns ``clean`` into
    ``hallucinated``, so the change is one contiguous region within the gold span.  The gold span may extend
    beyond the edit (published spans often take the whole phrase: "renal calculi" for ureteral -> renal); the
    edit may reach past the gold span only over spaces and punctuation, and, unless ``strict``, over up to three
    connector words on each side (", in whom <gold>", ", and <gold>").  When the edit is not covered and a
    word-level diff finds several separated changes, that is reported as well.
    """
    problems: list[str] = []
    if clean == hallucinated:
        return ["hallucinated_text equals clean_text"]
    if not gold_span.strip():
        return ["gold_span is empty"]
    if gold_start is not None and hallucinated[gold_start : gold_start + len(gold_span)] != gold_span:
        problems.append(f"gold_span is not at gold_start {gold_start} of hallucinated_text")
        gold_start = None
    if gold_span not in hallucinated:
        return [*problems, "gold_span does not occur in hallucinated_text"]
    if locate_gold(clean, hallucinated, gold_span, strict=strict, gold_start=gold_start) is not None:
        return problems
    region = changed_region(clean, hallucinated)
    occurrences = [gold_start] if gold_start is not None else _occurrences(hallucinated, gold_span)
    blocks = _changed_blocks(clean, hallucinated)
    outside = [(s, e) for s, e in blocks if not any(o <= s and e <= o + len(gold_span) for o in occurrences)]
    if len(blocks) > 1 and outside:
        problems.append(f"{len(blocks)} separate changed regions (expected one contiguous edit)")
    start, end = _whole_words(hallucinated, region.start, region.end)
    edit = (
        hallucinated[start:end]
        if region.end > region.start
        else f"(deleted {clean[region.clean_start : region.clean_end]!r})"
    )
    problems.append(f"gold_span does not cover the edit {_short(edit)!r}")
    return problems


def _whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` grown to whole words where it cuts one."""
    while 0 < start < len(text) and text[start - 1].isalnum() and text[start].isalnum():
        start -= 1
    while 0 < end < len(text) and text[end - 1].isalnum() and text[end].isalnum():
        end += 1
    return start, end


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


_WORD_SPAN = re.compile(r"[^\s]+")
_EDGE_PUNCT = "([{\"'“‘"
_END_PUNCT = ",;:.!?)]}\"'”’"


def _words(text: str) -> list[tuple[int, int]]:
    """Word spans of ``text`` without the punctuation glued to their edges."""
    out: list[tuple[int, int]] = []
    for m in _WORD_SPAN.finditer(text):
        s, e = m.start(), m.end()
        while s < e and text[s] in _EDGE_PUNCT:
            s += 1
        while e > s and text[e - 1] in _END_PUNCT:
            e -= 1
        if s < e:
            out.append((s, e))
    return out


def _gold_span(text: str, start: int, end: int, max_extra: int = 6) -> tuple[int, int]:
    """The gold region for new text ``text[start:end]``: trimmed of edge spaces/punctuation, snapped to whole
    words, then widened a word at a time (right first, never across a sentence end) until it occurs once in
    ``text`` and has content tokens."""
    while start < end and text[start] in _PUNCT_SPACE:
        start += 1
    while end > start and text[end - 1] in _PUNCT_SPACE:
        end -= 1
    start, end = _whole_words(text, start, end) if start < end else (start, end)
    words = _words(text)
    for _ in range(max_extra):
        gold = text[start:end]
        if content_tokens(gold) and len(_occurrences(text, gold)) == 1:
            break
        after = [w for w in words if w[0] >= end]
        before = [w for w in words if w[1] <= start]
        if after and not re.search(r"[.;!?]", text[end : after[0][0]]):
            end = after[0][1]
        elif before and not re.search(r"[.;!?]", text[before[-1][1] : start]):
            start = before[-1][0]
        else:
            break
    return start, end
