"""Evidence as passages (issue 19): the forms evidence is accepted in, their validation, and where each passage sits.

Evidence is one string (as before) or a list of passages, e.g. the chunks a retriever returned:

* ``["text", "text", ...]``: passage ids are their 1-based positions as strings, ``"1"``, ``"2"``, ...;
* ``[{"id": ..., "text": ...}, ...]`` (or :class:`Passage` objects): ids as given (a string, or an integer
  written as a string), unique, at most :data:`MAX_PASSAGE_ID_CHARS` characters.

A list must use one form, hold 1 to :data:`MAX_PASSAGES` passages, and no passage text may be empty or only
whitespace; anything else is a one-line :class:`~medhal.errors.InputError`.  :func:`evidence_fields` is the one
place that turns what a caller gave into the item's fields (:class:`~medhal.detect.records.CheckItem` calls it).

Detectors read one evidence text either way: the passages joined by :data:`PASSAGE_SEPARATOR` (a blank line, so
the text a prompt-based detector shows a model keeps the passages apart).  Every offset medhal records indexes
that text, and :class:`PassageLayout` maps it back: which passage an interval lies in and where inside it.
Verifier-backed detectors split sentences passage by passage (:func:`evidence_sentences`), build their windows
inside one passage (:mod:`medhal.detect.chunking`), and every evidence pointer names its passage and its offsets
inside it (:func:`medhal.detect.items.place_in_passages`).

This module imports nothing from :mod:`medhal.detect` (the records import it).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from medhal.errors import InputError
from medhal.text import Span, clean_text, split_sentences

__all__ = [
    "MAX_PASSAGES",
    "MAX_PASSAGE_ID_CHARS",
    "PASSAGE_SEPARATOR",
    "EvidenceInput",
    "Passage",
    "PassageInput",
    "PassageLayout",
    "evidence_fields",
    "evidence_sentences",
    "join_passages",
    "parse_passages",
]

PASSAGE_SEPARATOR = "\n\n"
"""What joins the passages into the evidence text detectors read (and that recorded offsets index)."""
MAX_PASSAGES = 1_000
"""Most passages one item's evidence may have."""
MAX_PASSAGE_ID_CHARS = 200
"""Longest passage id accepted (characters)."""


@dataclass(frozen=True, slots=True)
class Passage:
    """One passage of the evidence: its id (unique within the item) and its text."""

    id: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "text": self.text}


PassageInput: TypeAlias = "str | Passage | Mapping[str, object]"
"""One passage as a caller may give it: its text, a :class:`Passage`, or a mapping with ``id`` and ``text``."""
EvidenceInput: TypeAlias = "str | Sequence[PassageInput]"
"""Evidence as a caller may give it: one string, or a list of passages (one form per list)."""


def join_passages(passages: Sequence[Passage]) -> str:
    """The evidence text of ``passages``: their texts in order, joined by :data:`PASSAGE_SEPARATOR`."""
    return PASSAGE_SEPARATOR.join(p.text for p in passages)


def _passage_id(raw: object, position: int) -> str:
    if isinstance(raw, bool) or not isinstance(raw, str | int):
        raise InputError(f"evidence passage {position}: id must be a string, got {type(raw).__name__}")
    ident = str(raw)
    if not ident.strip():
        raise InputError(f"evidence passage {position}: id is empty")
    if len(ident) > MAX_PASSAGE_ID_CHARS:
        raise InputError(
            f"evidence passage {position}: id has {len(ident)} characters; the limit is {MAX_PASSAGE_ID_CHARS}"
        )
    if clean_text(ident)[1]:
        raise InputError(f"evidence passage {position}: id contains a lone surrogate or a control character")
    return ident


def _from_object(raw: object, position: int) -> Passage:
    if isinstance(raw, Passage):
        ident, text = raw.id, raw.text
    elif isinstance(raw, Mapping):
        unknown = sorted(str(k) for k in raw if k not in ("id", "text"))
        if unknown:
            raise InputError(f"evidence passage {position}: unknown field(s) {', '.join(unknown)}; give id and text")
        missing = [k for k in ("id", "text") if k not in raw]
        if missing:
            raise InputError(f"evidence passage {position} lacks field(s): {', '.join(missing)}")
        ident, text = raw["id"], raw["text"]
    else:
        raise InputError(
            f"evidence passage {position} must be a string or an object with id and text, got {type(raw).__name__}"
        )
    return Passage(_passage_id(ident, position), _text(text, position))


def _text(raw: object, position: int) -> str:
    if not isinstance(raw, str):
        raise InputError(f"evidence passage {position}: text must be a string, got {type(raw).__name__}")
    if not raw.strip():
        raise InputError(f"evidence passage {position} is empty")
    return raw


def parse_passages(evidence: Sequence[object]) -> tuple[Passage, ...]:
    """The passages of a list evidence (module docstring: ids ``"1"``..``"n"`` for a list of strings), or a
    one-line :class:`InputError` naming the first problem (positions count from 1)."""
    if not evidence:
        raise InputError("evidence is an empty list; give at least one passage")
    if len(evidence) > MAX_PASSAGES:
        raise InputError(f"evidence has {len(evidence)} passages; the limit is {MAX_PASSAGES}")
    strings = [isinstance(raw, str) for raw in evidence]
    if all(strings):
        passages = tuple(Passage(str(k), _text(raw, k)) for k, raw in enumerate(evidence, start=1))
    elif any(strings):
        raise InputError("evidence mixes strings and passage objects; give one form for every passage")
    else:
        passages = tuple(_from_object(raw, k) for k, raw in enumerate(evidence, start=1))
    first: dict[str, int] = {}
    for k, passage in enumerate(passages, start=1):
        if passage.id in first:
            raise InputError(f"evidence passages {first[passage.id]} and {k} share the id {passage.id!r}")
        first[passage.id] = k
    return passages


def evidence_fields(
    evidence: object, passages: Sequence[Passage] | None = None
) -> tuple[object, tuple[Passage, ...] | None]:
    """An item's ``evidence`` and ``passages`` fields from what a caller gave.

    A string (or any value that is not a list: :func:`~medhal.detect.items.validate_item` names its type) is kept
    as it is, with no passages.  A list (or tuple) is parsed into passages and the evidence is their joined text.
    ``passages`` given with a string evidence (what :func:`dataclasses.replace` passes) must join to it."""
    if passages is not None:
        given = tuple(passages)
        if not given or not all(isinstance(p, Passage) for p in given):
            raise InputError("passages must be a non-empty sequence of Passage")
        if evidence != join_passages(given):
            raise InputError("evidence is not the text of its passages; give the passages as the evidence instead")
        return evidence, given
    if isinstance(evidence, Sequence) and not isinstance(evidence, str | bytes | bytearray):
        parsed = parse_passages(evidence)
        return join_passages(parsed), parsed
    return evidence, None


@dataclass(frozen=True, slots=True)
class PassageLayout:
    """Where each passage sits in the evidence text (:func:`join_passages`)."""

    passages: tuple[Passage, ...]
    starts: tuple[int, ...]
    """Offset of each passage's first character in the evidence text."""

    @classmethod
    def of(cls, passages: Sequence[Passage]) -> PassageLayout:
        starts: list[int] = []
        offset = 0
        for passage in passages:
            starts.append(offset)
            offset += len(passage.text) + len(PASSAGE_SEPARATOR)
        return cls(tuple(passages), tuple(starts))

    def span(self, k: int) -> tuple[int, int]:
        """Passage ``k``'s ``[start, end)`` in the evidence text."""
        return self.starts[k], self.starts[k] + len(self.passages[k].text)

    def find(self, start: int, end: int) -> int | None:
        """The index of the passage that holds ``[start, end)`` of the evidence text, ``None`` when no single one
        does (the interval reaches over a separator)."""
        k = bisect_right(self.starts, start) - 1
        if k < 0:
            return None
        first, stop = self.span(k)
        return k if first <= start <= end <= stop else None


def evidence_sentences(evidence: str, passages: Sequence[Passage] | None) -> tuple[list[Span], list[tuple[int, int]]]:
    """The evidence's sentences (spans of the evidence text) and each passage's ``[first, stop)`` range of them.

    String evidence (``passages`` is ``None``) is split as a whole, as it always was: one range over every
    sentence.  Passages are split one by one and their sentences shifted to the evidence text, so no sentence ever
    reaches over a passage boundary, whatever the passages contain."""
    if passages is None:
        sentences = split_sentences(evidence)
        return sentences, [(0, len(sentences))]
    layout = PassageLayout.of(passages)
    out: list[Span] = []
    ranges: list[tuple[int, int]] = []
    for passage, offset in zip(layout.passages, layout.starts, strict=True):
        first = len(out)
        out.extend(Span(s.start + offset, s.end + offset, s.text) for s in split_sentences(passage.text))
        ranges.append((first, len(out)))
    return out, ranges
