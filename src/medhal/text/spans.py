"""Character spans: the one currency every medhal record uses to point into a text.

A :class:`Span` is a half-open ``[start, end)`` interval of Python ``str`` indices (Unicode code points, not
bytes and not grapheme clusters) into an *original* string, together with the exact text it covers, so that
``source[span.start:span.end] == span.text`` always holds.  Splitters never normalise the text they return:
whitespace is trimmed by moving the offsets, not by editing the string.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from medhal.errors import InvariantError

__all__ = ["Span", "SpanError", "check_spans", "trim_span"]


class SpanError(InvariantError, ValueError):
    """A span does not slice back to its text, or lies outside its source."""


@dataclass(frozen=True, slots=True)
class Span:
    """A half-open ``[start, end)`` character interval into a source string and the text it covers."""

    start: int
    end: int
    text: str

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end:
            raise SpanError(f"invalid span [{self.start}, {self.end})")
        if self.end - self.start != len(self.text):
            raise SpanError(
                f"span [{self.start}, {self.end}) has length {self.end - self.start}, text {len(self.text)}"
            )

    @classmethod
    def of(cls, source: str, start: int, end: int) -> Span:
        """The span ``[start, end)`` of ``source``."""
        if not 0 <= start <= end <= len(source):
            raise SpanError(f"span [{start}, {end}) outside a source of length {len(source)}")
        return cls(start, end, source[start:end])

    def __len__(self) -> int:
        return self.end - self.start

    def overlaps(self, other: Span) -> bool:
        """True when the two intervals share at least one character."""
        return self.start < other.end and other.start < self.end

    def contains(self, other: Span) -> bool:
        return self.start <= other.start and other.end <= self.end

    def merge(self, other: Span, source: str) -> Span:
        """The smallest span of ``source`` that covers both spans."""
        return Span.of(source, min(self.start, other.start), max(self.end, other.end))

    def to_dict(self) -> dict[str, int | str]:
        return {"start": self.start, "end": self.end, "text": self.text}


def trim_span(source: str, start: int, end: int) -> Span | None:
    """``source[start:end]`` with surrounding whitespace removed by moving the offsets; ``None`` if blank."""
    while start < end and source[start].isspace():
        start += 1
    while end > start and source[end - 1].isspace():
        end -= 1
    if start >= end:
        return None
    return Span.of(source, start, end)


def check_spans(source: str, spans: Iterable[Span]) -> None:
    """Raise :class:`SpanError` unless every span slices ``source`` back to its own text."""
    for span in spans:
        if source[span.start : span.end] != span.text:
            raise SpanError(f"span [{span.start}, {span.end}) does not slice back to {span.text!r}")


def covering(spans: Sequence[Span], source: str) -> Span:
    """The smallest span of ``source`` that covers all ``spans`` (which must be non-empty)."""
    if not spans:
        raise SpanError("no spans to cover")
    return Span.of(source, min(s.start for s in spans), max(s.end for s in spans))
