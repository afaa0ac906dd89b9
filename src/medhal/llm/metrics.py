"""Run-level numbers from ``items.jsonl`` rows, and accuracy with an explicit parse-failure policy.

Pure functions, no I/O.  Seed 001 "Pitfalls" (Parse truncation): Med-HALT counts parse failures as exceptions
and drops them from the accuracy denominator, and its server errors vanish in an inner join.  medhal counts every
item: :func:`accuracy` scores failures as wrong by default (``failures="wrong"``) and can exclude them
(``failures="exclude"``) to reproduce a paper, and always reports how many there were.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from medhal.llm.base import STATUSES

__all__ = ["Accuracy", "FailurePolicy", "accuracy", "percentile", "run_metrics"]

FailurePolicy = Literal["wrong", "exclude"]


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile (0-100) by linear interpolation; ``None`` for no values."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    low, high = math.floor(pos), math.ceil(pos)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def run_metrics(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts per status, rates over all items, attempts, cache use, latency percentiles and token usage."""
    counts: Counter[str] = Counter()
    latencies: list[float] = []
    attempts = retried = cached = 0
    usage: Counter[str] = Counter()
    total = 0
    for row in rows:
        total += 1
        counts[str(row.get("status"))] += 1
        tries = int(row.get("attempts") or 0)
        attempts += tries
        retried += tries > 1
        if row.get("cached"):
            cached += 1
        elif row.get("status") in ("ok", "parse_failure") and isinstance(row.get("latency_s"), int | float):
            latencies.append(float(row["latency_s"]))
        for key, value in (row.get("usage") or {}).items():
            if isinstance(value, int):
                usage[key] += value
    by_status = {status: counts.get(status, 0) for status in STATUSES}
    for other, value in counts.items():
        if other not in by_status:
            by_status[other] = value

    def rate(n: int) -> float | None:
        return n / total if total else None

    return {
        "items": total,
        "status": by_status,
        "ok_rate": rate(by_status["ok"]),
        "parse_failure_rate": rate(by_status["parse_failure"]),
        "api_error_rate": rate(by_status["api_error"]),
        "input_error_rate": rate(by_status["input_error"]),
        "cached": cached,
        "attempts": attempts,
        "retried_items": retried,
        "latency_s": {
            "p50": percentile(latencies, 50),
            "p90": percentile(latencies, 90),
            "p99": percentile(latencies, 99),
            "max": max(latencies) if latencies else None,
        },
        "usage": dict(usage),
    }


@dataclass(frozen=True, slots=True)
class Accuracy:
    """Accuracy under a failure policy, with the failures it counted or excluded."""

    correct: int
    scored: int
    """Items in the denominator."""
    failures: int
    """Items whose outcome is unknown (parse failure or API error)."""
    policy: FailurePolicy

    @property
    def value(self) -> float | None:
        return self.correct / self.scored if self.scored else None

    @property
    def failure_rate(self) -> float | None:
        total = self.scored if self.policy == "wrong" else self.scored + self.failures
        return self.failures / total if total else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "accuracy": self.value,
            "correct": self.correct,
            "scored": self.scored,
            "failures": self.failures,
            "failure_rate": self.failure_rate,
            "failures_counted_as": self.policy,
        }


def accuracy(outcomes: Iterable[bool | None], *, failures: FailurePolicy = "wrong") -> Accuracy:
    """Accuracy of ``outcomes`` (``True`` right, ``False`` wrong, ``None`` unparsable or failed).

    ``failures="wrong"`` (default) keeps failures in the denominator as wrong answers; ``"exclude"`` drops
    them, as the Med-HALT code does (seed 001 "Pitfalls").
    """
    if failures not in ("wrong", "exclude"):
        raise ValueError(f"failures must be 'wrong' or 'exclude', got {failures!r}")
    correct = wrong = unknown = 0
    for outcome in outcomes:
        if outcome is None:
            unknown += 1
        elif outcome:
            correct += 1
        else:
            wrong += 1
    scored = correct + wrong + (unknown if failures == "wrong" else 0)
    return Accuracy(correct, scored, unknown, failures)
