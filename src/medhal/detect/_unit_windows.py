"""Which windows a unit of the decomposed checker reads beside its library windows (issue 14): the coverage tiles
best aligned with it, when there are more than its budget, and the window of a deciding sentence alone, added to
the library when it has none.  Split out of :mod:`medhal.detect.decomposed` when it reached 500 lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.chunking import Window, window_of
from medhal.text import Span

__all__ = ["best_tiles", "sentence_window"]


def best_tiles(unit: str, tiles: Sequence[Window], index: EvidenceIndex, limit: int) -> list[Window]:
    """The ``limit`` coverage tiles best aligned with ``unit`` (all when there are no more), in document order."""
    if limit >= len(tiles):
        return list(tiles)
    by_sentence = index.alignment(unit)
    order = sorted(range(len(tiles)), key=lambda k: (-by_sentence[tiles[k].first : tiles[k].stop].max(), k))
    return [tiles[k] for k in sorted(order[:limit])]


def sentence_window(evidence: str, sentences: Sequence[Span], windows: list[Window], sentence: int) -> int:
    """The index in ``windows`` of the window of ``sentence`` alone, appended to ``windows`` when the library has
    none (evidence of more sentences than the finest granularity)."""
    for k, w in enumerate(windows):
        if w.first == sentence and w.stop == sentence + 1:
            return k
    windows.append(window_of(evidence, sentences, sentence, sentence + 1, ()))
    return len(windows) - 1
