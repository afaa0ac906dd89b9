from __future__ import annotations

import pytest

from medhal.bench.localization.spans import (
    aggregate_spans,
    span_item,
    span_overlap_score,
    spans_by_type,
)

RESPONSE = "The Holmium:YAG laser is ideal for renal calculi, with a high success rate and low morbidity."


def span_of(text: str) -> tuple[int, int]:
    start = RESPONSE.index(text)
    return start, start + len(text)


def test_span_item_hit_and_token_counts_by_hand() -> None:
    item = span_item("renal calculi", RESPONSE, [span_of("renal calculi")], id="a", error_type="entity")
    assert item is not None
    # tau(response): holmium laser ideal renal calculi high success rate morbidity -> 9 distinct tokens
    assert (item.flagged, item.n_spans, item.hit, item.n_flagged_tok, item.n_passage_tok) == (1, 1, 1, 2, 9)
    assert item.chance == pytest.approx(2 / 9)
    miss = span_item("renal calculi", RESPONSE, [span_of("low morbidity")])
    assert miss is not None and miss.hit == 0 and miss.n_flagged_tok == 1
    none = span_item("renal calculi", RESPONSE, [])
    assert none is not None and (none.flagged, none.hit, none.chance) == (0, 0, 0.0)
    assert span_item("of the", RESPONSE, []) is None
    with pytest.raises(ValueError, match="outside"):
        span_item("renal calculi", RESPONSE, [(0, 1000)])


def test_aggregate_and_chance_bases() -> None:
    items = [
        span_item("renal calculi", RESPONSE, [span_of("renal calculi")], error_type="entity"),
        span_item("renal calculi", RESPONSE, [span_of("low morbidity")], error_type="entity"),
        span_item("renal calculi", RESPONSE, [], error_type="invented"),
    ]
    kept = [i for i in items if i is not None]
    report = aggregate_spans(kept)
    assert report.hit == pytest.approx(1 / 3) and report.flagged == pytest.approx(2 / 3)
    assert report.chance == pytest.approx((2 / 9 + 1 / 9 + 0) / 3)
    flagged = aggregate_spans(kept, chance="flagged")
    assert flagged.chance == pytest.approx((2 / 9 + 1 / 9) / 2)
    assert report.lift == pytest.approx(report.hit - report.chance)
    assert set(spans_by_type(kept)) == {"entity", "invented"}
    assert report.to_metrics()["hit1"] == report.hit
    with pytest.raises(ValueError):
        aggregate_spans(kept, chance="some")  # type: ignore[arg-type]


def test_span_overlap_score() -> None:
    assert span_overlap_score(["renal calculi", "of the"], [["renal stones"], ["x"]]) == 1.0
    assert span_overlap_score(["renal calculi", "low morbidity"], [["renal stones"], []]) == 0.5
