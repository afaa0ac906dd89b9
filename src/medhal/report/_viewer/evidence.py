"""Evidence blocks and where a deciding window sits in them (as the UTF-16 offsets JavaScript slices by)."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from medhal.detect.records import EvidencePointer, UnitResult
from medhal.report._viewer.common import num


@dataclass(frozen=True, slots=True)
class Block:
    start: int
    """Code-point offset of the block in the evidence."""
    text: str

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
    return [p for p in out if 0 <= p.start <= p.end and len(p.text) == p.end - p.start]


def pointer_blocks(units: Sequence[UnitResult]) -> list[Block]:
    """Runs of overlapping or touching pointer windows, each rebuilt from the pointer texts."""
    blocks: list[Block] = []
    for p in sorted(valid_pointers(units), key=lambda p: (p.start, -p.end)):
        if blocks and blocks[-1].start <= p.start <= blocks[-1].end:
            last = blocks[-1]
            rel = p.start - last.start
            common = min(len(p.text), len(last.text) - rel)
            if last.text[rel : rel + common] == p.text[:common]:
                blocks[-1] = Block(last.start, last.text + p.text[common:])
                continue
        blocks.append(Block(p.start, p.text))
    return blocks


def locate(blocks: Sequence[Block], pointer: EvidencePointer) -> tuple[int, int, int] | None:
    for b, block in enumerate(blocks):
        if block.start <= pointer.start and pointer.end <= block.end:
            rel_s, rel_e = pointer.start - block.start, pointer.end - block.start
            if block.text[rel_s:rel_e] == pointer.text:
                return b, _utf16(block.text, rel_s), _utf16(block.text, rel_e)
    return None


def window_label(kind: str, pointer: EvidencePointer) -> str:
    name = "P(C)" if kind == "contradicting" else "P(E)"
    return f"{name} {num(pointer.probability)}"
