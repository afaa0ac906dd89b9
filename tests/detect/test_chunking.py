from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from medhal.detect.chunking import DYADIC_GRANULARITIES, build_library, chunk_ranges, packed_windows
from medhal.text import Span, split_sentences

SEED_DOC = (Path(__file__).resolve().parents[2] / "examples" / "transit_evidence.txt").read_text()


def test_seed_003_appendix_b_library_has_23_entries_and_15_distinct_windows() -> None:
    sentences = split_sentences(SEED_DOC)
    assert len(sentences) == 8
    # chunk sizes {8, 4, 2, 1, 1} for m in {1, 2, 4, 8, 16} (seed 003 Appendix B)
    sizes = [math.ceil(8 / m) for m in DYADIC_GRANULARITIES]
    assert sizes == [8, 4, 2, 1, 1]
    library = build_library(SEED_DOC, sentences)
    assert library.entries == 1 + 2 + 4 + 8 + 8 == 23
    # the m=8 and m=16 chunks coincide, so only 15 windows are distinct
    assert len(library.windows) == 1 + 2 + 4 + 8 == 15
    singles = [w for w in library.windows if w.n_sentences == 1]
    assert all(w.granularities == (8, 16) for w in singles)
    for w in library.windows:
        assert SEED_DOC[w.start : w.end] == w.text


def test_chunk_ranges_match_ceil_rule() -> None:
    assert chunk_ranges(10, 4) == [(0, 3), (3, 6), (6, 9), (9, 10)]
    assert chunk_ranges(3, 16) == [(0, 1), (1, 2), (2, 3)]
    assert chunk_ranges(0, 4) == []
    assert chunk_ranges(1, 1) == [(0, 1)]


@given(st.integers(min_value=1, max_value=200))
def test_library_size_bounds(n: int) -> None:
    text = " ".join(f"Sentence number {i} is here." for i in range(n))
    sentences = [Span.of(text, s.start, s.end) for s in split_sentences(text)]
    assert len(sentences) == n
    library = build_library(text, sentences)
    assert library.entries <= 31
    assert len(library.windows) <= library.entries
    # every sentence is reachable alone when n <= 16, and every window tiles consecutive sentences
    ranges = {(w.first, w.stop) for w in library.windows}
    assert (0, n) in ranges
    if n <= 16:
        assert all((i, i + 1) in ranges for i in range(n))
    # independent recount of distinct ranges
    expected = {r for m in DYADIC_GRANULARITIES for r in chunk_ranges(n, m)}
    assert ranges == expected


@pytest.mark.parametrize("budget", [1, 30, 70, 200, 10_000])
def test_packed_windows_cover_every_sentence_and_overlap_by_half(budget: int) -> None:
    evidence = " ".join(f"Sentence number {i} has {'some ' * (i % 4)}words." for i in range(11))
    sentences = split_sentences(evidence)
    windows = packed_windows(evidence, sentences, lambda text: len(text) <= budget)
    assert windows[0].first == 0 and windows[-1].stop == len(sentences)
    for w in windows:
        assert evidence[w.start : w.end] == w.text
        assert w.n_sentences == 1 or len(w.text) <= budget
    for a, b in itertools.pairwise(windows):
        assert a.first < b.first <= a.stop
        if a.n_sentences > 1:
            assert b.first < a.stop  # adjacent sentences a.stop-1, a.stop... share a window
    if budget >= len(evidence):
        assert len(windows) == 1


def test_packed_windows_reject_bad_overlap() -> None:
    with pytest.raises(ValueError):
        packed_windows("A b.", split_sentences("A b."), lambda _: True, overlap=1.0)
