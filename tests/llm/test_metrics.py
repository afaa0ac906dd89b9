from __future__ import annotations

import pytest

from medhal.llm import accuracy, run_metrics
from medhal.llm.metrics import percentile


def test_accuracy_counts_failures_as_wrong_by_default() -> None:
    outcomes = [True, True, False, None, None]
    counted = accuracy(outcomes)
    assert counted.value == pytest.approx(2 / 5) and counted.scored == 5 and counted.failures == 2
    assert counted.failure_rate == pytest.approx(2 / 5)
    excluded = accuracy(outcomes, failures="exclude")
    assert excluded.value == pytest.approx(2 / 3) and excluded.scored == 3 and excluded.failures == 2
    assert excluded.failure_rate == pytest.approx(2 / 5)
    assert excluded.to_dict()["failures_counted_as"] == "exclude"
    assert accuracy([]).value is None and accuracy([None], failures="exclude").value is None
    with pytest.raises(ValueError):
        accuracy([True], failures="drop")  # type: ignore[arg-type]


def test_run_metrics() -> None:
    rows = [
        {"status": "ok", "attempts": 1, "latency_s": 1.0, "usage": {"prompt_tokens": 3}},
        {"status": "ok", "attempts": 3, "latency_s": 3.0, "usage": {"prompt_tokens": 4}},
        {"status": "ok", "attempts": 0, "cached": True, "latency_s": 0.0},
        {"status": "parse_failure", "attempts": 1, "latency_s": 2.0},
        {"status": "api_error", "attempts": 5, "latency_s": 9.0},
        {"status": "input_error", "attempts": 0},
    ]
    metrics = run_metrics(rows)
    assert metrics["items"] == 6
    assert metrics["status"] == {"ok": 3, "parse_failure": 1, "api_error": 1, "input_error": 1}
    assert metrics["parse_failure_rate"] == pytest.approx(1 / 6)
    assert metrics["cached"] == 1 and metrics["attempts"] == 10 and metrics["retried_items"] == 2
    assert metrics["latency_s"]["p50"] == 2.0 and metrics["latency_s"]["max"] == 3.0  # ok/parsed, not cached
    assert metrics["usage"] == {"prompt_tokens": 7}
    assert run_metrics([])["ok_rate"] is None


def test_percentile() -> None:
    assert percentile([], 50) is None
    assert percentile([5.0], 90) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
