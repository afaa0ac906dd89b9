"""One model served by several OpenAI-compatible replicas behind one :class:`~medhal.llm.base.ModelClient`.

``--base-url http://a:8000/v1,http://b:8000/v1`` (or the same in ``MEDHAL_BASE_URL``) makes
:func:`~medhal.llm.registry.load_client` return a :class:`BalancedClient` over one
:class:`~medhal.llm.openai.OpenAIClient` per replica.  Teams that serve one model on several vLLM/TGI replicas
get all of them working on one run, and a replica that dies mid-run costs no item.

Routing.  Each request goes to the replica with the fewest requests outstanding (ties in round-robin order),
never above the per-replica concurrency limit (default: the client's concurrency split evenly, rounded up).
A retry prefers the replicas the request has not tried yet.  When every usable replica is full, the request
waits for a slot; it never queues inside a replica's client.

Health.  A replica whose attempt fails with a connection error, a timeout or a 5xx is *down* for a cool-off
(``HealthPolicy``: ``cooloff_s`` doubled for each failure in a row, capped at ``max_cooloff_s``); the request
moves at once to another replica.  A success brings a replica back.  While at least one replica is up, down
ones get no work; when all are down, requests probe them (the first to come back first), with the usual
backoff.
Failures that are the request's own (other 4xx, a response the client cannot use) end the item at once;
overload answers (429, 408...) move the request to another replica without counting against the replica.

Attempts.  Each replica's client makes one HTTP attempt per call (``max_attempts=1``); retrying is done here,
across replicas, under the client's :class:`~medhal.llm.retry.RetryPolicy`.  A request gets
``max_attempts + replicas - 1`` attempts (so one dead replica never uses up an item's retries); after a failure
it is sent straight to a healthy replica it has not tried yet, or else waits the policy's backoff.  With every
replica down the item ends as an ``api_error`` after those attempts: bounded by the retry policy, never a hang.

Identity.  ``model_id`` is the model's, and ``endpoint`` (part of the response cache key) is built from the
*sorted set* of replica endpoints, never from the replica that answered: a rerun hits the cache whatever
replica answered first, and listing the replicas in another order changes nothing.  :meth:`describe` records
``base_url`` as the list of replica URLs (``config.json``).

Threads.  The engine drives a client from whatever thread runs its event loop (:func:`~medhal.llm.engine.run_sync`
uses a helper thread inside a running loop; ``medhal serve`` runs detectors in worker threads), so the routing
state sits behind a :class:`threading.Lock` and a request waiting for a slot is woken through its own loop
(``call_soon_threadsafe``), whichever thread frees the slot.

Classification reads the ``reason`` of the replica's ``api_error`` result (the one-line reasons of
:mod:`medhal.llm.retry`), because :class:`~medhal.llm.base.GenerationResult` carries no status code.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import random
import re
import threading
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from medhal.llm.base import ConcurrentClient, GenerationRequest, GenerationResult, LLMConfigError, ModelClient
from medhal.llm.openai import BASE_URL_ENV, Endpoint, OpenAIClient, Timeouts
from medhal.llm.retry import RETRYABLE_STATUS, RetryPolicy, backoff_delay, classify_exception

__all__ = [
    "BalancedClient",
    "FailureKind",
    "HealthPolicy",
    "ReplicaStats",
    "balanced_openai_client",
    "classify_failure",
    "split_base_urls",
]

FailureKind = Literal["fatal", "overload", "health"]
"""How a failed attempt is handled: ``fatal`` ends the item (the request itself is at fault), ``overload`` tries
another replica without blaming this one, ``health`` also puts the replica in cool-off."""

_ATTEMPTS_SUFFIX = re.compile(r" after \d+ attempts?$")
_HTTP_STATUS = re.compile(r"^HTTP (\d{3})\b")
_HEALTH_PREFIXES = ("timeout (", "connection broken (", "network error (", "transport error (", "OS error (")
_OVERLOAD_PREFIXES = ("undecodable response (", "malformed JSON in response", "server error: ")


def classify_failure(reason: str) -> FailureKind:
    """The kind of an ``api_error`` reason written by :mod:`medhal.llm.retry` / :class:`OpenAIClient`.

    5xx answers that are worth retrying, connection errors and timeouts are the replica's (``health``);
    408/409/425/429, undecodable bodies and error objects in a 200 are worth another try elsewhere
    (``overload``); anything else (other 4xx, an unusable response) would fail on every replica (``fatal``).
    """
    text = _ATTEMPTS_SUFFIX.sub("", reason.strip())
    status = _HTTP_STATUS.match(text)
    if status is not None:
        code = int(status.group(1))
        if code not in RETRYABLE_STATUS:
            return "fatal"
        return "health" if code >= 500 else "overload"
    if text.startswith(_HEALTH_PREFIXES):
        return "health"
    if text.startswith(_OVERLOAD_PREFIXES):
        return "overload"
    return "fatal"


def split_base_urls(base_url: str | None) -> tuple[str, ...]:
    """The replica URLs of ``base_url`` (else ``$MEDHAL_BASE_URL``): comma-separated, blanks dropped, trailing
    slashes removed; ``()`` when none is given.  A URL listed twice is an :class:`LLMConfigError`."""
    raw = base_url if base_url else os.environ.get(BASE_URL_ENV, "")
    urls = tuple(part.strip().rstrip("/") for part in raw.split(",") if part.strip())
    seen: set[str] = set()
    for url in urls:
        if url in seen:
            raise LLMConfigError(f"replica URL {url!r} is listed twice in the base URL")
        seen.add(url)
    return urls


@dataclass(frozen=True, slots=True)
class HealthPolicy:
    """How long a failing replica is left alone: ``cooloff_s * 2**(k-1)`` after its k-th failure in a row,
    at most ``max_cooloff_s``."""

    cooloff_s: float = 1.0
    max_cooloff_s: float = 60.0

    def __post_init__(self) -> None:
        if self.cooloff_s < 0 or self.max_cooloff_s < self.cooloff_s:
            raise LLMConfigError("cool-off must be >= 0 and max_cooloff_s >= cooloff_s")

    def cooloff(self, failures: int) -> float:
        """Seconds of cool-off after ``failures`` (>= 1) failures in a row."""
        return min(self.max_cooloff_s, self.cooloff_s * 2.0 ** min(failures - 1, 60))


@dataclass(frozen=True, slots=True)
class ReplicaStats:
    """One replica's share of the work so far (for the run summary)."""

    url: str
    requests: int
    """Attempts routed to this replica."""
    ok: int
    failures: int
    """Attempts that ended in an error (any kind)."""
    cooloffs: int
    """Times it was put in cool-off."""
    in_flight: int
    down: bool
    """In cool-off right now."""


@dataclass(slots=True)
class _Replica:
    """Mutable routing state of one replica; read and written only under :attr:`BalancedClient._lock`."""

    client: ModelClient
    url: str
    outstanding: int = 0
    failures_in_row: int = 0
    down_until: float = 0.0
    requests: int = 0
    ok: int = 0
    failures: int = 0
    cooloffs: int = 0


def _replica_url(client: ModelClient) -> str:
    url = client.describe().get("base_url")
    return url if isinstance(url, str) else client.endpoint


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def _replica_limit(concurrency: int, replica_concurrency: int | None, replicas: int) -> int:
    """The most requests in flight on one replica: ``replica_concurrency``, by default ``concurrency`` split evenly
    over the ``replicas``, rounded up (both checked to be >= 1)."""
    if concurrency < 1:
        raise LLMConfigError(f"concurrency must be >= 1, got {concurrency}")
    per_replica = replica_concurrency if replica_concurrency is not None else -(-concurrency // replicas)
    if per_replica < 1:
        raise LLMConfigError(f"replica concurrency must be >= 1, got {per_replica}")
    return per_replica


class BalancedClient(ConcurrentClient):
    """A :class:`~medhal.llm.base.ModelClient` that spreads requests over replicas of one model (module docstring).

    ``replicas``: one client per server, all with the same ``model_id``; give them ``max_attempts=1`` so that
    retries happen here, across replicas.  ``concurrency``: requests in flight in all (what the engine reads);
    ``replica_concurrency``: the most in flight on one replica (default ``ceil(concurrency / replicas)``).
    ``clock`` and ``sleep`` are for tests.
    """

    def __init__(
        self,
        replicas: Sequence[ModelClient],
        *,
        concurrency: int = 16,
        replica_concurrency: int | None = None,
        retry: RetryPolicy | None = None,
        health: HealthPolicy | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if not replicas:
            raise LLMConfigError("a balanced client needs at least one replica")
        models = {client.model_id for client in replicas}
        if len(models) != 1:
            raise LLMConfigError(f"replicas must serve one model, got {', '.join(sorted(models))}")
        per_replica = _replica_limit(concurrency, replica_concurrency, len(replicas))
        self._replicas = [_Replica(client, _replica_url(client)) for client in replicas]
        self._model_id = models.pop()
        self._concurrency = concurrency
        self._limit = per_replica
        self._retry = retry or RetryPolicy()
        self._health = health or HealthPolicy()
        self._clock = clock
        self._sleep = sleep
        self._rng = random.Random()
        self._lock = threading.Lock()
        self._cursor = 0
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    def __repr__(self) -> str:
        return f"BalancedClient(model={self._model_id!r}, replicas={[r.url for r in self._replicas]!r})"

    # -- ModelClient -------------------------------------------------------------------------------------------
    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def endpoint(self) -> str:
        """The sorted replica endpoints, comma-joined: the same whatever replica answers (cache key)."""
        return ",".join(sorted(r.client.endpoint for r in self._replicas))

    @property
    def replica_concurrency(self) -> int:
        return self._limit

    @property
    def urls(self) -> tuple[str, ...]:
        return tuple(r.url for r in self._replicas)

    def describe(self) -> dict[str, Any]:
        """The first replica's settings, with ``base_url`` the list of replica URLs, the overall concurrency and
        retry policy, the union of parameters any replica adapted, and the balancing options."""
        doc = dict(self._replicas[0].client.describe())
        doc["base_url"] = list(self.urls)
        doc["concurrency"] = self._concurrency
        doc["retry"] = dataclasses.asdict(self._retry)
        adapted: set[str] = set()
        for replica in self._replicas:
            found = replica.client.describe().get("adapted")
            if isinstance(found, list):
                adapted.update(str(name) for name in found)
        if "adapted" in doc:
            doc["adapted"] = sorted(adapted)
        doc["balance"] = {
            "replicas": len(self._replicas),
            "replica_concurrency": self._limit,
            "routing": "least-outstanding",
            "cooloff_s": self._health.cooloff_s,
            "max_cooloff_s": self._health.max_cooloff_s,
        }
        return doc

    def replica_stats(self) -> tuple[ReplicaStats, ...]:
        """Per-replica counts so far, in the order the URLs were given."""
        now = self._clock()
        with self._lock:
            return tuple(
                ReplicaStats(r.url, r.requests, r.ok, r.failures, r.cooloffs, r.outstanding, r.down_until > now)
                for r in self._replicas
            )

    async def aclose(self) -> None:
        for replica in self._replicas:
            await replica.client.aclose()

    # -- routing -----------------------------------------------------------------------------------------------
    def _choose(self, tried: set[int], now: float) -> int | None:
        """The replica for the next attempt, or ``None`` when every usable one is full.  Caller holds the lock."""
        indices = range(len(self._replicas))
        pool = [i for i in indices if self._replicas[i].down_until <= now] or list(indices)
        fresh = [i for i in pool if i not in tried]  # a retry waits for a replica it has not tried yet, if any
        candidates = [i for i in (fresh or pool) if self._replicas[i].outstanding < self._limit]
        if not candidates:
            return None
        first = min(self._replicas[i].down_until for i in candidates)  # all down: probe the first to come back
        candidates = [i for i in candidates if self._replicas[i].down_until <= max(first, now)]
        least = min(self._replicas[i].outstanding for i in candidates)
        tied = {i for i in candidates if self._replicas[i].outstanding == least}
        count = len(self._replicas)
        chosen = next(i % count for i in range(self._cursor, self._cursor + count) if i % count in tied)
        self._cursor = (chosen + 1) % count
        return chosen

    async def _acquire(self, tried: set[int]) -> int:
        loop = asyncio.get_running_loop()
        while True:
            with self._lock:
                index = self._choose(tried, self._clock())
                if index is not None:
                    replica = self._replicas[index]
                    replica.outstanding += 1
                    replica.requests += 1
                    return index
                future: asyncio.Future[None] = loop.create_future()
                self._waiters.append((loop, future))
            await future

    def _release(self, index: int, outcome: Literal["ok", "failed", "down", "none"]) -> None:
        now = self._clock()
        with self._lock:
            replica = self._replicas[index]
            replica.outstanding -= 1
            if outcome == "ok":
                replica.ok += 1
                replica.failures_in_row = 0
                replica.down_until = 0.0
            elif outcome in ("failed", "down"):
                replica.failures += 1
            if outcome == "down" and replica.down_until <= now:  # failures of requests sent before it went down
                replica.failures_in_row += 1  # do not lengthen the cool-off again
                replica.cooloffs += 1
                replica.down_until = now + self._health.cooloff(replica.failures_in_row)
            waiters, self._waiters = self._waiters, []
        for loop, future in waiters:
            with contextlib.suppress(RuntimeError):  # that loop has closed: nobody is waiting any more
                loop.call_soon_threadsafe(_wake, future)

    def _fresh_replica_up(self, tried: set[int]) -> bool:
        now = self._clock()
        with self._lock:
            return any(i not in tried and r.down_until <= now for i, r in enumerate(self._replicas))

    async def _one(self, request: GenerationRequest) -> GenerationResult:
        started = time.perf_counter()
        budget = self._retry.max_attempts + len(self._replicas) - 1
        calls = attempts = backoffs = 0
        tried: set[int] = set()
        while True:
            index = await self._acquire(tried)
            replica = self._replicas[index]
            calls += 1
            outcome: Literal["ok", "failed", "down", "none"] = "none"
            try:
                try:
                    answers = await replica.client.generate([request])
                    if len(answers) != 1:
                        raise RuntimeError(f"replica returned {len(answers)} results for 1 request")
                    result = answers[0]
                    kind = classify_failure(result.reason or "") if result.status == "api_error" else "fatal"
                except Exception as exc:  # a replica client that raises: classify it like a failed attempt
                    error = classify_exception(exc)
                    result = GenerationResult(request.id, "api_error", reason=error.reason, attempts=1)
                    kind = "health" if error.retryable else "fatal"
                if result.status == "ok":
                    outcome = "ok"
                elif result.status == "api_error":
                    outcome = "down" if kind == "health" else "failed"
            finally:
                self._release(index, outcome)
            attempts += result.attempts
            tried.add(index)
            if result.status != "api_error":
                return dataclasses.replace(result, attempts=attempts, latency_s=time.perf_counter() - started)
            if kind == "fatal" or calls >= budget:
                base = _ATTEMPTS_SUFFIX.sub("", (result.reason or "unknown error").strip())
                plural = "s" if attempts != 1 else ""
                where = f" across {len(tried)} replicas" if len(tried) > 1 else ""
                return GenerationResult(
                    request.id,
                    "api_error",
                    reason=f"{base} after {attempts} attempt{plural}{where}",
                    attempts=attempts,
                    latency_s=time.perf_counter() - started,
                )
            if not self._fresh_replica_up(tried):
                backoffs += 1
                await self._sleep(backoff_delay(backoffs, self._retry, self._rng))


def balanced_openai_client(
    model: str,
    base_urls: Sequence[str],
    *,
    api_key_env: str | Sequence[str] | None = None,
    endpoint: Endpoint = "auto",
    concurrency: int = 16,
    replica_concurrency: int | None = None,
    timeouts: Timeouts | None = None,
    retry: RetryPolicy | None = None,
    health: HealthPolicy | None = None,
    extra_body: Mapping[str, Any] | None = None,
) -> BalancedClient:
    """A :class:`BalancedClient` over one :class:`OpenAIClient` per URL (each making one attempt per call)."""
    if not base_urls:
        raise LLMConfigError("a balanced client needs at least one base URL")
    per_replica = _replica_limit(concurrency, replica_concurrency, len(base_urls))
    policy = retry or RetryPolicy()
    single = dataclasses.replace(policy, max_attempts=1)
    replicas = [
        OpenAIClient(
            model,
            base_url=url,
            api_key_env=api_key_env,
            endpoint=endpoint,
            concurrency=per_replica,
            timeouts=timeouts,
            retry=single,
            extra_body=extra_body,
        )
        for url in base_urls
    ]
    return BalancedClient(
        replicas, concurrency=concurrency, replica_concurrency=per_replica, retry=policy, health=health
    )
