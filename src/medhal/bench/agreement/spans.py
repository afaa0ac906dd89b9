"""Where an annotator's error spans fall in an answer: the units (tokens) they cover and each unit's error type.

Seed 000 §3.3 reports span-level agreement without defining the unit; the published MedHal-Loc code
(``src/compute_agreement.py``, reused by ``src/_llm_agreement.py``) fixes it, and medhal follows it by default:

* **Locating a span.**  The first case-insensitive occurrence of the span text in the answer; failing that, the
  first match with any run of whitespace in the span matching any run in the answer.  A span found nowhere is
  *unlocated*: it covers nothing and is counted.
* **Units** (``tokens="whitespace"``, the published code): the whitespace-delimited tokens of the answer (regex
  ``\\S+``), identified by position; a token is covered when its characters overlap the located span at all.
  ``tokens="content"``: medhal's content tokens τ (:func:`medhal.text.content_token_list`, seed 000 §4) of the
  span text, identified by the word itself (a set of distinct words, like the consensus gold's ``gold_words``).
* **Type of a unit**: the type of the first span, in the annotator's order, that covers it.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

from medhal.text import content_token_list

__all__ = ["TOKENS", "CoveredUnits", "Tokens", "covered_units", "locate_span"]

Tokens = Literal["whitespace", "content"]
TOKENS: tuple[Tokens, ...] = ("whitespace", "content")

_WORD = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class CoveredUnits:
    """The units an annotator's spans cover on one answer (``types``: unit -> error type) and how many of its
    spans could not be located."""

    types: dict[Hashable, str]
    unlocated: int = 0

    @property
    def units(self) -> frozenset[Hashable]:
        return frozenset(self.types)


def locate_span(answer: str, span: str) -> tuple[int, int] | None:
    """``(start, end)`` of ``span`` in ``answer``: first case-insensitive occurrence, else first match with
    whitespace runs made flexible; ``None`` when the span is empty or not found."""
    needle = span.strip()
    if not needle:
        return None
    low = answer.lower()
    start = low.find(span.lower())
    if start >= 0:
        return start, start + len(span)
    words = needle.lower().split()
    match = re.search(r"\s+".join(re.escape(w) for w in words), low)
    return (match.start(), match.end()) if match else None


def covered_units(answer: str, spans: Sequence[tuple[str, str]], *, tokens: Tokens = "whitespace") -> CoveredUnits:
    """The units of ``answer`` covered by ``spans`` (``(text, type)`` pairs), with the type of the first span
    covering each unit."""
    if tokens not in TOKENS:
        raise ValueError(f"unknown tokens {tokens!r}; choose one of {', '.join(TOKENS)}")
    positions = [(m.start(), m.end()) for m in _WORD.finditer(answer)] if tokens == "whitespace" else []
    types: dict[Hashable, str] = {}
    unlocated = 0
    for text, error_type in spans:
        where = locate_span(answer, text)
        if where is None:
            unlocated += 1
            continue
        start, end = where
        if tokens == "whitespace":
            for index, (a, b) in enumerate(positions):
                if a < end and b > start:
                    types.setdefault(index, error_type)
        else:
            for word in content_token_list(answer[start:end]):
                types.setdefault(word, error_type)
    return CoveredUnits(types, unlocated)
