"""Prometheus text-format metrics for the checking service, hand-written (no ``prometheus_client`` dependency).

Exposed at ``GET /metrics`` (text format 0.0.4).  Every update takes one lock: requests are counted on the event
loop thread, batches on the verifier worker thread.
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Iterable, Sequence

__all__ = ["BATCH_SIZE_BUCKETS", "CONTENT_TYPE", "LATENCY_BUCKETS", "Histogram", "Metrics"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""Request latency buckets (seconds)."""
BATCH_SIZE_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256)
"""Items per verifier batch."""

Labels = tuple[tuple[str, str], ...]


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _labels(labels: Labels, extra: Labels = ()) -> str:
    pairs = labels + extra
    if not pairs:
        return ""
    return "{" + ",".join(f'{k}="{_escape(v)}"' for k, v in pairs) + "}"


def _number(value: float) -> str:
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(float(value))


class Histogram:
    """Cumulative-bucket histogram of one label set."""

    def __init__(self, buckets: Sequence[float]) -> None:
        self.buckets = tuple(sorted(buckets))
        self.counts = [0] * (len(self.buckets) + 1)
        self.total = 0.0

    def observe(self, value: float) -> None:
        self.counts[bisect_left(self.buckets, value)] += 1
        self.total += value

    def lines(self, name: str, labels: Labels) -> Iterable[str]:
        running = 0
        for bound, count in zip(self.buckets, self.counts, strict=False):
            running += count
            yield f"{name}_bucket{_labels(labels, (('le', _number(bound)),))} {running}"
        running += self.counts[-1]
        yield f"{name}_bucket{_labels(labels, (('le', '+Inf'),))} {running}"
        yield f"{name}_sum{_labels(labels)} {_number(self.total)}"
        yield f"{name}_count{_labels(labels)} {running}"


class Metrics:
    """The service's counters, gauges and histograms."""

    def __init__(self, *, version: str = "", verifier_id: str = "", detector: str = "") -> None:
        self._lock = threading.Lock()
        self._info: Labels = (("version", version), ("verifier_id", verifier_id), ("detector", detector))
        self._requests: dict[Labels, int] = {}
        self._latency: dict[Labels, Histogram] = {}
        self._errors: dict[Labels, int] = {}
        self._items: dict[Labels, int] = {}
        self._batch_sizes = Histogram(BATCH_SIZE_BUCKETS)
        self._batch_seconds = Histogram(LATENCY_BUCKETS)
        self.batches = 0
        self.items = 0
        self.verifier_passes = 0
        self.pairs = 0
        self.queue_depth = 0
        self.in_flight = 0

    def request(self, route: str, method: str, status: int, seconds: float) -> None:
        """One finished HTTP request (``route`` is the route template, never the raw path)."""
        key = (("route", route), ("method", method), ("status", str(status)))
        with self._lock:
            self._requests[key] = self._requests.get(key, 0) + 1
            hist = self._latency.setdefault((("route", route),), Histogram(LATENCY_BUCKETS))
            hist.observe(seconds)

    def error(self, code: str) -> None:
        """One error response, by its stable ``error.code``."""
        key = (("code", code),)
        with self._lock:
            self._errors[key] = self._errors.get(key, 0) + 1

    def batch(self, *, items: int, seconds: float, verifier_passes: int, pairs: int, statuses: Iterable[str]) -> None:
        """One shared verifier batch (one ``Checker.check_many`` call)."""
        with self._lock:
            self.batches += 1
            self.items += items
            self._batch_sizes.observe(items)
            self._batch_seconds.observe(seconds)
            self.verifier_passes += verifier_passes
            self.pairs += pairs
            for status in statuses:
                key = (("status", status),)
                self._items[key] = self._items.get(key, 0) + 1

    def failed(self, items: int) -> None:
        """Items whose check raised (counted as ``medhal_checked_items_total{status="internal_error"}``)."""
        key = (("status", "internal_error"),)
        with self._lock:
            self._items[key] = self._items.get(key, 0) + items

    def count(self, route: str, method: str, status: int) -> int:
        """Requests so far of one route, method and status (for tests and the load script)."""
        with self._lock:
            return self._requests.get((("route", route), ("method", method), ("status", str(status))), 0)

    def render(self) -> str:
        """The Prometheus text exposition."""
        out: list[str] = []

        def family(name: str, kind: str, help_text: str) -> None:
            out.append(f"# HELP {name} {help_text}")
            out.append(f"# TYPE {name} {kind}")

        with self._lock:
            family("medhal_build_info", "gauge", "Version, verifier and default detector of this service.")
            out.append(f"medhal_build_info{_labels(self._info)} 1")
            family("medhal_http_requests_total", "counter", "HTTP requests by route template, method and status.")
            out.extend(f"medhal_http_requests_total{_labels(k)} {v}" for k, v in sorted(self._requests.items()))
            family("medhal_http_request_duration_seconds", "histogram", "HTTP request latency by route template.")
            for key, hist in sorted(self._latency.items()):
                out.extend(hist.lines("medhal_http_request_duration_seconds", key))
            family("medhal_http_errors_total", "counter", "Error responses by error code.")
            out.extend(f"medhal_http_errors_total{_labels(k)} {v}" for k, v in sorted(self._errors.items()))
            family("medhal_checked_items_total", "counter", "Items checked, by result status.")
            out.extend(f"medhal_checked_items_total{_labels(k)} {v}" for k, v in sorted(self._items.items()))
            family("medhal_verifier_batches_total", "counter", "Shared verifier batches (check_many calls).")
            out.append(f"medhal_verifier_batches_total {self.batches}")
            family("medhal_verifier_passes_total", "counter", "(premise, hypothesis) pairs sent through the model.")
            out.append(f"medhal_verifier_passes_total {self.verifier_passes}")
            family("medhal_pairs_total", "counter", "(premise, hypothesis) pairs needed, before deduplication.")
            out.append(f"medhal_pairs_total {self.pairs}")
            family("medhal_batch_items", "histogram", "Items per shared verifier batch.")
            out.extend(self._batch_sizes.lines("medhal_batch_items", ()))
            family("medhal_batch_duration_seconds", "histogram", "Wall time of one shared verifier batch.")
            out.extend(self._batch_seconds.lines("medhal_batch_duration_seconds", ()))
            family("medhal_queue_depth", "gauge", "Items waiting for a verifier batch.")
            out.append(f"medhal_queue_depth {self.queue_depth}")
            family("medhal_http_requests_in_flight", "gauge", "HTTP requests being served.")
            out.append(f"medhal_http_requests_in_flight {self.in_flight}")
        return "\n".join(out) + "\n"
