from __future__ import annotations

import pytest

from medhal.text import Span, SpanError, check_spans, trim_span
from medhal.text.spans import covering

SOURCE = "  Renal calculi were treated.  "


def test_span_of_slices_the_source() -> None:
    span = Span.of(SOURCE, 2, 7)
    assert span == Span(2, 7, "Renal")
    assert len(span) == 5
    assert span.to_dict() == {"start": 2, "end": 7, "text": "Renal"}


@pytest.mark.parametrize(("start", "end", "text"), [(-1, 2, "abc"), (3, 2, ""), (0, 2, "abc")])
def test_invalid_spans_are_rejected(start: int, end: int, text: str) -> None:
    with pytest.raises(SpanError):
        Span(start, end, text)


def test_span_of_outside_the_source_is_rejected() -> None:
    with pytest.raises(SpanError):
        Span.of("abc", 1, 4)
    with pytest.raises(SpanError):
        Span.of("abc", -1, 2)


def test_span_error_is_a_value_error() -> None:
    assert issubclass(SpanError, ValueError)


def test_spans_are_frozen() -> None:
    span = Span.of(SOURCE, 2, 7)
    with pytest.raises(AttributeError):
        span.start = 0  # type: ignore[misc]


def test_trim_span_moves_offsets_not_text() -> None:
    span = trim_span(SOURCE, 0, len(SOURCE))
    assert span is not None
    assert span.text == "Renal calculi were treated."
    assert SOURCE[span.start : span.end] == span.text
    assert (span.start, span.end) == (2, 29)


@pytest.mark.parametrize(("start", "end"), [(0, 2), (29, 31), (5, 5)])
def test_trim_span_of_blank_is_none(start: int, end: int) -> None:
    assert trim_span(SOURCE, start, end) is None


def test_trim_span_handles_unicode_whitespace() -> None:
    text = "\u3000\u00a0\tFever\u2028\r\n"
    span = trim_span(text, 0, len(text))
    assert span is not None and span.text == "Fever"


def test_check_spans_accepts_good_and_rejects_bad_spans() -> None:
    check_spans(SOURCE, [Span.of(SOURCE, 2, 7), Span.of(SOURCE, 8, 15)])
    with pytest.raises(SpanError):
        check_spans(SOURCE, [Span(2, 7, "renal")])


def test_overlaps_contains_merge_and_covering() -> None:
    a, b, c = Span.of(SOURCE, 2, 7), Span.of(SOURCE, 5, 15), Span.of(SOURCE, 8, 15)
    assert a.overlaps(b) and b.overlaps(a)
    assert not a.overlaps(c)
    assert not a.overlaps(Span.of(SOURCE, 7, 8))  # half-open: touching is not overlapping
    assert b.contains(c) and not c.contains(b)
    assert a.merge(c, SOURCE) == Span.of(SOURCE, 2, 15)
    assert covering([c, a], SOURCE) == Span.of(SOURCE, 2, 15)
    with pytest.raises(SpanError):
        covering([], SOURCE)
