"""Locating a note's numbered sentences in its text.

For MEDEC and MedErrBench ``text`` is the ``Text`` column (stripped, line ends normalised to ``\n``) and each
numbered sentence is located in it.  Mostly the ``Sentences`` cell, with its id markers removed, equals
``Text`` up to whitespace: sentences are then matched character by character ignoring whitespace, and an
inline number that could be a marker or part of a sentence (``"1 He drinks 2 beers. 2 Next ..."``) is read as
whichever the ``Text`` continues with; a marker may also follow a full stop directly (MedErrBench EN:
``"... ago.1 He remains ..."``), and a literal backslash-n in a MedErrBench EN cell is a line break.  Where
the cell differs from ``Text`` (MedErrBench EN drops apostrophes and the odd word in 67 of its 208 test cells:
``patients`` for ``patient's``; CN and ARA cells miss a sentence of the text now and then) the two are aligned
with :class:`difflib.SequenceMatcher` and each sentence spans the text from its first to its last aligned
character (``counts["sentences_fuzzy"]``); text no sentence covers stays uncovered.  A sentence's ``text`` is
always the slice of the note, so it keeps the note's own wording and whitespace (a line break inside a lab
table, the apostrophe the cell dropped).  Only where that alignment fails (under 80% of the cell's characters
found) is the note text rebuilt from the cell's sentences joined with one space, the original kept in
``meta["source_text"]`` (``counts["text_rebuilt"]``: none in any test file, one note of MedErrBench CN train).
Lines of a ``sentences`` cell without a number continue the sentence before them (joined with ``\n``); lines
with no letter or digit (``"***"``, ``"---"``, MedRECT-JA) are dropped and counted (``separator_lines``).  A
note without numbered sentences is split by :func:`medhal.text.split_sentences` (ids from the dataset's first
id; ``counts["sentences_split"]``).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from medhal.data.notes.records import NoteSentence
from medhal.text import split_sentences
from medhal.text.align import common_prefix_length

_LOOKAHEAD = 48


_MARKER = re.compile(r"\d+(?=\s|$)")
_MIN_MATCHED = 0.8  # share of a cell's sentence characters a fuzzy match must find in the text


def _non_space(text: str) -> tuple[list[int], str]:
    positions = [i for i, ch in enumerate(text) if not ch.isspace()]
    return positions, "".join(text[i] for i in positions)


def _marker_at(cell: str, i: int, expected: int) -> int | None:
    """The end of the marker for id ``expected`` starting at ``cell[i]``, else ``None``.  A marker starts a token
    or follows a sentence end directly (MedErrBench EN has ``"... 10 days ago.1 He remains ..."``)."""
    if i > 0 and not cell[i - 1].isspace() and cell[i - 1] not in ".。!?！？":
        return None
    m = _MARKER.match(cell, i)
    return m.end() if m is not None and m.group() == str(expected) else None


def _guided(cell: str, text: str, first: int) -> list[tuple[str, int, int]] | None:
    """Split ``cell`` (``"<id> <sentence>"`` markers, on lines or inline, ids ``first, first+1, ...``) into
    sentences located in ``text``: ``None`` unless the cell without its markers equals ``text`` up to
    whitespace.  A number that could be the next marker or part of the sentence is read as whichever the
    text continues with (a marker on a tie)."""
    positions, chars = _non_space(text)
    cell_positions, cell_chars = _non_space(cell)
    spans: list[list[int]] = []  # [first char, one past last char] as indices into ``chars``
    expected = first
    j = 0  # next character of ``chars``
    k = 0  # next character of ``cell_chars``
    while k < len(cell_chars):
        i = cell_positions[k]
        end = _marker_at(cell, i, expected)
        if end is not None:
            after = k + (end - i)
            as_marker = common_prefix_length(cell_chars[after : after + _LOOKAHEAD], chars[j : j + _LOOKAHEAD])
            as_text = common_prefix_length(cell_chars[k : k + _LOOKAHEAD], chars[j : j + _LOOKAHEAD])
            if not spans or as_marker >= as_text:
                spans.append([j, j])
                expected += 1
                k = after
                continue
        if not spans or j >= len(chars) or chars[j] != cell_chars[k]:
            return None
        j += 1
        k += 1
        spans[-1][1] = j
    if not spans or j != len(chars) or any(a == b for a, b in spans):
        return None
    return [(str(first + n), positions[a], positions[b - 1] + 1) for n, (a, b) in enumerate(spans)]


def _projected(cell: str, text: str, first: int) -> list[tuple[str, int, int]] | None:
    """:func:`_guided` for a cell that differs from the text (a word or an apostrophe dropped, a sentence
    missing): the two are aligned by :class:`difflib.SequenceMatcher` (whitespace ignored); a possible marker
    is one when most of its digits have no counterpart in the text; each sentence spans the text from its
    first to its last aligned character.  ``None`` when a sentence has no aligned character, or fewer than
    :data:`_MIN_MATCHED` of the cell's sentence characters are aligned."""
    positions, chars = _non_space(text)
    cell_positions, cell_chars = _non_space(cell)
    target = [-1] * len(cell_chars)
    matcher = difflib.SequenceMatcher(None, cell_chars, chars, autojunk=False)
    for a, b, size in matcher.get_matching_blocks():
        for d in range(size):
            target[a + d] = b + d
    sentences: list[list[int]] = []  # cell indices of each sentence's characters
    expected = first
    k = 0
    while k < len(cell_chars):
        end = _marker_at(cell, cell_positions[k], expected)
        if end is not None:
            width = end - cell_positions[k]
            unaligned = sum(1 for d in range(width) if target[k + d] < 0)
            if not sentences or 2 * unaligned >= width:
                sentences.append([])
                expected += 1
                k += width
                continue
        if not sentences:
            return None
        sentences[-1].append(k)
        k += 1
    content = sum(len(s) for s in sentences)
    aligned = sum(1 for s in sentences for c in s if target[c] >= 0)
    if not sentences or not content or aligned < _MIN_MATCHED * content:
        return None
    out: list[tuple[str, int, int]] = []
    for n, members in enumerate(sentences):
        hits = [target[c] for c in members if target[c] >= 0]
        if not hits:
            return None
        out.append((str(first + n), positions[min(hits)], positions[max(hits)] + 1))
    return out


def _inline(line: str, first: int) -> list[tuple[str, str]]:
    """Inline markers without a text to guide: each next id at its first whitespace-delimited occurrence."""
    out: list[tuple[str, str]] = []
    m = re.match(rf"\s*{first}(?=\s)", line)
    if m is None:
        return out
    expected, pos = first + 1, m.end()
    while True:
        nxt = re.compile(rf"(?<!\S){expected}(?=\s)").search(line, pos)
        body = line[pos : nxt.start() if nxt else len(line)].strip()
        if body:
            out.append((str(expected - 1), body))
        if nxt is None:
            return out
        expected, pos = expected + 1, nxt.end()


def _numbered_lines(cell: str, first: int, *, dot: bool) -> tuple[list[tuple[str, str]], int]:
    """``(id, sentence)`` from ``"<id> text"`` (or ``"<id>. text"``) lines, ids ``first, first+1, ...``.

    A line not starting with the next id continues the sentence before it (joined with ``\\n``); blank lines
    are skipped and lines without a letter or digit dropped (their number is returned).  A one-line cell with
    inline markers is split at each next id's first occurrence.
    """
    lines = [line for line in cell.split("\n") if line.strip()]
    if len(lines) == 1 and not dot:
        return _inline(lines[0], first), 0
    head = re.compile(r"\s*(\d+)\." if dot else r"\s*(\d+)(?=\s|$)")
    out: list[tuple[str, str]] = []
    dropped = 0
    for line in lines:
        m = head.match(line)
        if m is not None and int(m.group(1)) == first + len(out):
            body = line[m.end() :].strip()
            out.append((m.group(1), body))
        elif not any(ch.isalnum() for ch in line):
            dropped += 1
        elif out:
            sid, body = out[-1]
            out[-1] = (sid, f"{body}\n{line.strip()}" if body else line.strip())
        else:
            return [], dropped
    return [(sid, body) for sid, body in out if body], dropped


def _join(parts: Sequence[tuple[str, str]], sep: str = " ") -> tuple[str, tuple[NoteSentence, ...]]:
    """A note text made of ``parts`` joined with ``sep``, and the sentences pointing into it."""
    pieces: list[str] = []
    sentences: list[NoteSentence] = []
    pos = 0
    for k, (sid, body) in enumerate(parts):
        if k:
            pieces.append(sep)
            pos += len(sep)
        pieces.append(body)
        sentences.append(NoteSentence(sid, body, pos, pos + len(body)))
        pos += len(body)
    return "".join(pieces), tuple(sentences)


def _split(text: str, first: int) -> tuple[NoteSentence, ...]:
    return tuple(NoteSentence(str(first + k), s.text, s.start, s.end) for k, s in enumerate(split_sentences(text)))
