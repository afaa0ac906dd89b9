"""Align a piece of text (an extracted claim) back to a half-open character span of the text it came from.

Seed 003 §4.2 and Appendix A.3 ask the claim extractor to copy claims verbatim, but models still change case,
spacing, quotes or a word or two.  :func:`align` tries, in order:

1. ``exact``: the needle (stripped) occurs in the text as is;
2. ``normalized``: it occurs after case folding, collapsing whitespace runs to one space and mapping typographic
   quotes, dashes and the ellipsis to ASCII; offsets are mapped back to the original string;
3. ``fuzzy``: the window of whole words (the needle's word count, give or take a half) with the highest
   :class:`difflib.SequenceMatcher` ratio against the normalized needle, kept when the ratio reaches
   ``min_score``.  Candidate windows start where the needle's words are densest, so the search stays cheap.

Every returned :class:`~medhal.text.spans.Span` slices the original text back to its own text.  A needle that
cannot be aligned gives ``None``: callers report it, they do not hide it.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from medhal.text.spans import Span

__all__ = ["AlignMethod", "Alignment", "align", "align_all", "common_prefix_length", "normalize_with_map"]

AlignMethod = Literal["exact", "normalized", "fuzzy"]

_WORD = re.compile(r"\S+")
_TOKEN = re.compile(r"\w+")
_TRAILING = ".,;:!?"
_CHAR_MAP = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": "'",
    "\u201b": "'",
    "\u2032": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u201f": '"',
    "\u2033": '"',
    "\u2010": "-",
    "\u2011": "-",
    "\u2012": "-",
    "\u2013": "-",
    "\u2014": "-",
    "\u2212": "-",
    "\u2026": "...",
    "\u00a0": " ",
}
_MAX_STARTS = 12


@dataclass(frozen=True, slots=True)
class Alignment:
    """Where a needle sits in the text, how it was found, and how similar the span is (1.0 = identical)."""

    span: Span
    method: AlignMethod
    score: float


def normalize_with_map(text: str) -> tuple[str, list[int]]:
    """Case-folded text with whitespace runs collapsed and typographic characters mapped to ASCII, and for each
    character of the result the index of the original character it came from."""
    out: list[str] = []
    origin: list[int] = []
    in_space = False
    for index, ch in enumerate(text):
        if ch.isspace():
            if not in_space and out:
                out.append(" ")
                origin.append(index)
            in_space = True
            continue
        in_space = False
        for piece in _CHAR_MAP.get(ch, ch).casefold():
            out.append(piece)
            origin.append(index)
    if out and out[-1] == " ":
        out.pop()
        origin.pop()
    return "".join(out), origin


def common_prefix_length(a: Sequence[str], b: Sequence[str]) -> int:
    """How many leading items (characters) ``a`` and ``b`` share.

    >>> common_prefix_length("metformin", "metoprolol")
    3
    """
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _occurrences(haystack: str, needle: str) -> list[int]:
    found: list[int] = []
    start = haystack.find(needle)
    while start != -1:
        found.append(start)
        start = haystack.find(needle, start + 1)
    return found


def _pick(candidates: Sequence[Span], taken: Sequence[Span]) -> Span:
    """The first candidate not already taken (by another needle), else the first."""
    used = {(s.start, s.end) for s in taken}
    for span in candidates:
        if (span.start, span.end) not in used:
            return span
    return candidates[0]


def _fuzzy(needle_norm: str, text: str, min_score: float) -> Alignment | None:
    words = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    if not words or not needle_norm:
        return None
    norm_words = [normalize_with_map(text[a:b])[0] for a, b in words]
    count = len(needle_norm.split())
    slack = max(2, round(count * 0.5))
    lengths = range(max(1, count - slack), count + slack + 1)
    wanted = Counter(_TOKEN.findall(needle_norm))
    tokens = [Counter(_TOKEN.findall(w)) for w in norm_words]
    span_words = count + slack
    density: list[tuple[int, int]] = []
    for start in range(len(words)):
        window: Counter[str] = Counter()
        for token_counts in tokens[start : start + span_words]:
            window.update(token_counts)
        density.append((-sum((window & wanted).values()), start))
    starts = [start for _, start in sorted(density)[:_MAX_STARTS]]
    matcher = difflib.SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(needle_norm)
    best: tuple[float, int, int] | None = None
    trim_trailing = not needle_norm.endswith(tuple(_TRAILING))
    for start in starts:
        for length in lengths:
            stop = start + length
            if stop > len(words):
                break
            variants = [(" ".join(norm_words[start:stop]), words[stop - 1][1])]
            last = text[words[stop - 1][0] : words[stop - 1][1]]
            if trim_trailing and last.rstrip(_TRAILING) != last and last.rstrip(_TRAILING):
                cut = len(last) - len(last.rstrip(_TRAILING))
                variants.append((variants[0][0][:-cut] if cut else variants[0][0], words[stop - 1][1] - cut))
            for candidate, end in variants:
                floor = best[0] if best is not None else min_score - 1e-9
                matcher.set_seq1(candidate)
                if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
                    continue
                ratio = matcher.ratio()
                if best is None or ratio > best[0]:
                    best = (ratio, words[start][0], end)
    if best is None or best[0] < min_score:
        return None
    return Alignment(Span.of(text, best[1], best[2]), "fuzzy", round(best[0], 4))


def align(needle: str, text: str, *, min_score: float = 0.75, taken: Sequence[Span] = ()) -> Alignment | None:
    """The best span of ``text`` for ``needle`` (see the module docstring), or ``None``.

    ``taken`` holds spans already given to other needles: when the needle occurs several times, an occurrence
    not yet taken is preferred.
    """
    if not 0.0 < min_score <= 1.0:
        raise ValueError(f"min_score must be in (0, 1], got {min_score}")
    stripped = needle.strip()
    if not stripped or not text:
        return None
    exact = [Span.of(text, s, s + len(stripped)) for s in _occurrences(text, stripped)]
    if exact:
        return Alignment(_pick(exact, taken), "exact", 1.0)
    norm_text, origin = normalize_with_map(text)
    norm_needle, _ = normalize_with_map(stripped)
    found = [
        Span.of(text, origin[s], origin[s + len(norm_needle) - 1] + 1) for s in _occurrences(norm_text, norm_needle)
    ]
    if found:
        return Alignment(_pick(found, taken), "normalized", 1.0)
    return _fuzzy(norm_needle, text, min_score)


def align_all(needles: Sequence[str], text: str, *, min_score: float = 0.75) -> list[Alignment | None]:
    """:func:`align` for each needle in order, preferring occurrences earlier needles did not take."""
    taken: list[Span] = []
    out: list[Alignment | None] = []
    for needle in needles:
        result = align(needle, text, min_score=min_score, taken=taken)
        if result is not None:
            taken.append(result.span)
        out.append(result)
    return out
