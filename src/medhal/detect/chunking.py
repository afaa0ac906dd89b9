"""The dyadic multi-scale chunk library of HallDetect (seed 003 §4.3 and Appendix A.4).

For each granularity ``m`` in {1, 2, 4, 8, 16} the evidence's sentences are cut into consecutive groups of
``ceil(n_sent / m)`` sentences; the union of all groups is the context library K.  The seed counts library
*entries* (``1 + 2 + 4 + 8 + 8 = 23`` for its 8-sentence example, Appendix B) although, with ``ceil`` chunking,
the eight ``m = 16`` chunks repeat the eight ``m = 8`` chunks exactly.  medhal reports both numbers:
``entries`` (the seed's count, what the original schedule pays for) and ``windows`` (distinct sentence ranges,
what medhal verifies — 15 for that example).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from medhal.detect.pointer_record import EvidencePointer, FocusLine
from medhal.text import Span

__all__ = [
    "DYADIC_GRANULARITIES",
    "ChunkLibrary",
    "Window",
    "build_library",
    "chunk_ranges",
    "packed_windows",
    "range_windows",
    "smallest_holding",
    "unreached_runs",
    "window_of",
]

DYADIC_GRANULARITIES: tuple[int, ...] = (1, 2, 4, 8, 16)


@dataclass(frozen=True, slots=True)
class Window:
    """A run of consecutive evidence sentences ``[first, stop)`` and its character span in the evidence."""

    start: int
    end: int
    text: str
    first: int
    stop: int
    granularities: tuple[int, ...]
    """Every granularity ``m`` whose chunking produced exactly this window, ascending."""

    @property
    def n_sentences(self) -> int:
        return self.stop - self.first

    def pointer(self, probability: float, focus: FocusLine | None = None) -> EvidencePointer:
        """This window as the evidence pointer of a unit it decided (granularity 0: not a dyadic chunk), with the
        line of it to read first when one is named."""
        return EvidencePointer(
            start=self.start,
            end=self.end,
            text=self.text,
            probability=probability,
            sentences=(self.first, self.stop),
            granularity=min(self.granularities) if self.granularities else 0,
            focus=focus,
        )


@dataclass(frozen=True, slots=True)
class ChunkLibrary:
    """Distinct windows of one evidence text, ordered coarse to fine then by position."""

    windows: tuple[Window, ...]
    entries: int
    sentences: tuple[Span, ...]


def chunk_ranges(n_sentences: int, m: int) -> list[tuple[int, int]]:
    """Sentence ranges of granularity ``m``: groups of ``ceil(n / m)`` sentences (seed 003 A.4).

    Fewer than ``m`` groups come back when ``n`` is not a multiple of the chunk size or ``m > n``.
    """
    if m < 1:
        raise ValueError("granularity must be >= 1")
    if n_sentences <= 0:
        return []
    size = math.ceil(n_sentences / m)
    return [(i, min(i + size, n_sentences)) for i in range(0, n_sentences, size)]


def window_of(evidence: str, sentences: Sequence[Span], first: int, stop: int, grans: tuple[int, ...]) -> Window:
    """The window covering sentences ``[first, stop)``, original whitespace between them included."""
    start, end = sentences[first].start, sentences[stop - 1].end
    return Window(start, end, evidence[start:end], first, stop, grans)


def build_library(
    evidence: str,
    sentences: Sequence[Span],
    granularities: Sequence[int] = DYADIC_GRANULARITIES,
    *,
    ranges: Sequence[tuple[int, int]] | None = None,
) -> ChunkLibrary:
    """Build the chunk library of ``evidence`` from its sentence spans.

    ``ranges`` are the ``[first, stop)`` sentence ranges no window may cross: one per passage of evidence given as
    passages (:func:`medhal.detect.passages.evidence_sentences`); ``None`` is one range over every sentence (string
    evidence: the seed's library).  Each granularity cuts each range on its own, so every range gets the library
    the seed would build for it alone, and ``entries`` is the sum of theirs."""
    n = len(sentences)
    seen: dict[tuple[int, int], list[int]] = {}
    entries = 0
    for m in granularities:
        for first, stop in [(0, n)] if ranges is None else ranges:
            for a, b in chunk_ranges(stop - first, m):
                entries += 1
                seen.setdefault((first + a, first + b), []).append(m)
    ordered = sorted(seen.items(), key=lambda kv: (-(kv[0][1] - kv[0][0]), kv[0][0]))
    windows = tuple(window_of(evidence, sentences, a, b, tuple(sorted(set(ms)))) for (a, b), ms in ordered)
    return ChunkLibrary(windows=windows, entries=entries, sentences=tuple(sentences))


def packed_windows(
    evidence: str,
    sentences: Sequence[Span],
    fits: Callable[[str], bool],
    *,
    overlap: float = 0.5,
    first: int = 0,
    stop: int | None = None,
    granularities: tuple[int, ...] = (),
) -> list[Window]:
    """Overlapping runs of consecutive sentences of ``[first, stop)`` (default: all), each as long as ``fits``
    allows, covering every sentence of the range.

    A window starts at a sentence and grows while ``fits(text)`` holds (a single sentence is always kept, even
    when too long); the next window starts ``ceil((1 - overlap) * size)`` sentences later, so with the default
    half overlap every pair of adjacent sentences shares at least one window, and with ``overlap=0`` the runs
    tile the range.  The last window ends at the range's last sentence.  Used where a premise must fit a
    short-context verifier whole (no truncation); ``granularities`` is copied onto every window.
    """
    if not 0.0 <= overlap < 1.0:
        raise ValueError("overlap must lie in [0, 1)")
    end = len(sentences) if stop is None else stop
    out: list[Window] = []
    start = first
    while start < end:
        run_end = start + 1
        while run_end < end and fits(window_of(evidence, sentences, start, run_end + 1, granularities).text):
            run_end += 1
        out.append(window_of(evidence, sentences, start, run_end, granularities))
        if run_end >= end:
            break
        start += max(1, math.ceil((1.0 - overlap) * (run_end - start)))
    return out


def range_windows(
    evidence: str,
    sentences: Sequence[Span],
    ranges: Sequence[tuple[int, int]],
    fits: Callable[[str], bool] | None = None,
    *,
    overlap: float = 0.5,
) -> list[Window]:
    """Each non-empty sentence range ``[first, stop)`` whole (one window per evidence passage, granularity 0), or,
    where ``fits`` is given and a range's window does not fit, that range's :func:`packed_windows` (``overlap``).

    No window crosses a range: where a verifier-backed detector reads "the whole evidence" of evidence given as
    passages, it reads each passage whole instead."""
    out: list[Window] = []
    for first, stop in ranges:
        if stop <= first:
            continue
        whole = window_of(evidence, sentences, first, stop, ())
        if fits is None or fits(whole.text):
            out.append(whole)
        else:
            out.extend(packed_windows(evidence, sentences, fits, overlap=overlap, first=first, stop=stop))
    return out


def unreached_runs(reached: bytearray, first: int, stop: int) -> list[tuple[int, int]]:
    """Maximal runs ``[a, b)`` within ``[first, stop)`` of sentences not yet reached by any window."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for i in range(first, stop + 1):
        if i < stop and not reached[i]:
            start = i if start is None else start
        elif start is not None:
            runs.append((start, i))
            start = None
    return runs


def smallest_holding(windows: Sequence[Window], sentence: int | None) -> int | None:
    """The smallest verified window that holds ``sentence`` (ties: the first), through which a deterministic cue
    points at that sentence; ``None`` when no verified window holds it."""
    holding = [] if sentence is None else [k for k, w in enumerate(windows) if w.first <= sentence < w.stop]
    return min(holding, key=lambda k: (windows[k].n_sentences, k)) if holding else None
