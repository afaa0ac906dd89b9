"""Evidence blocks and where a deciding window sits in them (as the UTF-16 offsets JavaScript slices by).

Evidence given as passages is shown one block per passage, labelled with its id; a pointer that names a passage is
placed in that passage's block by its offsets inside the passage."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from medhal.detect.passages import Passage, PassageLayout
from medhal.detect.records import EvidencePointer, UnitResult
from medhal.report._viewer.common import num


@dataclass(frozen=True, slots=True)
class Block:
    start: int
    """Code-point offset of the block in the evidence (the passages' joined text, for evidence given as passages)."""
    text: str
    passage: str | None = None
    """The id of the passage the block shows (whole, or the part the pointers reach), ``None``: string evidence."""
    passage_start: int = 0
    """Code-point offset of the block in its passage."""

    @property
    def end(self) -> int:
        return self.start + len(self.text)


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


@lru_cache(maxsize=64)
def _astral_positions(text: str) -> tuple[int, ...]:
    return tuple(m.start() for m in _ASTRAL.finditer(text))


def _utf16(text: str, index: int) -> int:
    """JavaScript's string index of code point ``index`` of ``text`` (astral characters take two code units)."""
    return index + bisect_left(_astral_positions(text), index)


def valid_pointers(units: Sequence[UnitResult]) -> list[EvidencePointer]:
    out = [p for u in units for p in (u.entailing, u.contradicting) if p is not None]
    return [p for p in out if 0 <= p.start <= p.end and len(p.text) == p.end - p.start and _valid_in_passage(p)]


def _valid_in_passage(pointer: EvidencePointer) -> bool:
    if pointer.passage is None:
        return True
    start, end = pointer.passage_start, pointer.passage_end
    return start is not None and end is not None and 0 <= start <= end and end - start == len(pointer.text)


def passage_blocks(passages: Sequence[Passage]) -> list[Block]:
    """One block per passage, each holding the passage whole."""
    layout = PassageLayout.of(passages)
    return [Block(start, p.text, p.id) for p, start in zip(layout.passages, layout.starts, strict=True)]


def where(pointer: EvidencePointer) -> str:
    """Where a pointer sits, as the viewer writes it: ``[start:end)`` of the evidence, or for evidence given as
    passages ``in passage ID [start:end)`` with the offsets inside that passage."""
    if pointer.passage is None:
        return f"[{pointer.start}:{pointer.end})"
    return f"in passage {pointer.passage} [{pointer.passage_start}:{pointer.passage_end})"


def pointer_blocks(units: Sequence[UnitResult]) -> list[Block]:
    """Runs of overlapping or touching pointer windows, each rebuilt from the pointer texts."""
    blocks: list[Block] = []
    for p in sorted(valid_pointers(units), key=lambda p: (p.start, -p.end)):
        if blocks and blocks[-1].passage == p.passage and blocks[-1].start <= p.start <= blocks[-1].end:
            last = blocks[-1]
            rel = p.start - last.start
            common = min(len(p.text), len(last.text) - rel)
            if last.text[rel : rel + common] == p.text[:common]:
                blocks[-1] = Block(last.start, last.text + p.text[common:], last.passage, last.passage_start)
                continue
        blocks.append(Block(p.start, p.text, p.passage, p.passage_start or 0))
    return blocks


def locate(blocks: Sequence[Block], pointer: EvidencePointer) -> tuple[int, int, int] | None:
    """The block holding ``pointer`` and its UTF-16 offsets there: by the passage it names and its offsets inside
    that passage when it names one, else by its offsets into the evidence."""
    for b, block in enumerate(blocks):
        if pointer.passage is not None and block.passage is not None:
            if block.passage != pointer.passage or pointer.passage_start is None or pointer.passage_end is None:
                continue
            rel_s, rel_e = pointer.passage_start - block.passage_start, pointer.passage_end - block.passage_start
            if 0 <= rel_s <= rel_e <= len(block.text) and block.text[rel_s:rel_e] == pointer.text:
                return b, _utf16(block.text, rel_s), _utf16(block.text, rel_e)
        elif block.start <= pointer.start and pointer.end <= block.end:
            rel_s, rel_e = pointer.start - block.start, pointer.end - block.start
            if block.text[rel_s:rel_e] == pointer.text:
                return b, _utf16(block.text, rel_s), _utf16(block.text, rel_e)
    return None


def window_label(kind: str, pointer: EvidencePointer) -> str:
    name = "P(C)" if kind == "contradicting" else "P(E)"
    return f"{name} {num(pointer.probability)}"
