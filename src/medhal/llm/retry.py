"""Retries with exponential backoff and jitter, ``Retry-After``, and failure classification.

Everything that can go wrong with one HTTP call is mapped onto an :class:`AttemptError` that says whether
trying again may help (connection refused or dropped, timeouts, truncated or malformed bodies, 408/409/425/429
and 5xx) or cannot (other 4xx, a bad URL, a response the client cannot use).  :func:`call_with_retries` runs an
attempt function under a :class:`RetryPolicy` and returns a :class:`RetryOutcome` — a value, or the last
reason and the number of attempts — so a failure is data on the item, never an exception through the run
(seed 001 "Pitfalls": silent loss on server errors).
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import httpx

from medhal.errors import ModelClientError

__all__ = [
    "RETRYABLE_STATUS",
    "AttemptError",
    "RetryOutcome",
    "RetryPolicy",
    "backoff_delay",
    "call_with_retries",
    "classify_exception",
    "classify_status",
    "parse_retry_after",
]

T = TypeVar("T")

RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
"""HTTP statuses worth another attempt; 429 and 503 also honour ``Retry-After``."""
_RETRY_AFTER_STATUS = frozenset({429, 503})


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How hard to try.  Delay before attempt ``k + 1`` (k >= 1) is ``min(max_delay, base_delay * 2**(k-1))``
    with "equal jitter" (half fixed, half uniform), unless the server sent ``Retry-After`` on 429/503, which is
    waited instead (capped at ``max_retry_after``)."""

    max_attempts: int = 5
    base_delay: float = 0.5
    max_delay: float = 30.0
    max_retry_after: float = 120.0
    jitter: bool = True

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be >= 1")
        if self.base_delay < 0 or self.max_delay < 0 or self.max_retry_after < 0:
            raise ValueError("delays must be >= 0")


class AttemptError(ModelClientError):
    """One failed attempt: a one-line ``reason``, whether to retry, and the server's ``Retry-After``."""

    def __init__(
        self, reason: str, retryable: bool, retry_after: float | None = None, status_code: int | None = None
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retryable = retryable
        self.retry_after = retry_after
        self.status_code = status_code

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True, slots=True)
class RetryOutcome(Generic[T]):
    """The value of the first successful attempt, or the last failure's reason; always the attempt count."""

    value: T | None
    reason: str | None
    attempts: int
    elapsed_s: float
    retryable: bool = False
    """When failed: whether the last error was of a kind that might succeed later (e.g. on ``--resume``)."""

    @property
    def ok(self) -> bool:
        return self.reason is None


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delta-seconds (decimals tolerated) or an HTTP date."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when is None:
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    if seconds != seconds:  # NaN
        return None
    return max(0.0, seconds)


def _one_line(text: str, limit: int = 300) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _server_message(body: str) -> str:
    """The ``error.message`` of an OpenAI-style error body, else the body itself (one line)."""
    try:
        data = json.loads(body)
    except ValueError:
        return _one_line(body, 200)
    error = data.get("error") if isinstance(data, dict) else None
    message = (
        error.get("message")
        if isinstance(error, dict)
        else (error or data.get("detail") if isinstance(data, dict) else None)
    )
    return _one_line(str(message), 200) if message else _one_line(body, 200)


def classify_status(status_code: int, body: str, headers: httpx.Headers | None = None) -> AttemptError:
    """An :class:`AttemptError` for a non-2xx response; ``body`` supplies the server's message."""
    message = _server_message(body) if body else ""
    reason = f"HTTP {status_code}" + (f": {message}" if message else "")
    retry_after = None
    if status_code in _RETRY_AFTER_STATUS and headers is not None:
        retry_after = parse_retry_after(headers.get("retry-after"))
    return AttemptError(reason, status_code in RETRYABLE_STATUS, retry_after, status_code)


def classify_exception(exc: BaseException) -> AttemptError:
    """Map an httpx exception (or a decoding problem) onto retryable / not retryable."""
    if isinstance(exc, AttemptError):
        return exc
    name = type(exc).__name__
    detail = _one_line(str(exc), 160)
    text = f"{name}: {detail}" if detail else name
    if isinstance(exc, httpx.TimeoutException):  # connect / read / write / pool timeouts
        return AttemptError(f"timeout ({text})", True)
    if isinstance(exc, httpx.RemoteProtocolError):  # dropped connection, truncated body
        return AttemptError(f"connection broken ({text})", True)
    if isinstance(exc, httpx.NetworkError):  # ConnectError, ReadError, WriteError, CloseError
        return AttemptError(f"network error ({text})", True)
    if isinstance(exc, httpx.DecodingError):
        return AttemptError(f"undecodable response ({text})", True)
    if isinstance(exc, httpx.LocalProtocolError | httpx.UnsupportedProtocol | httpx.TooManyRedirects):
        return AttemptError(f"request error ({text})", False)
    if isinstance(exc, httpx.InvalidURL):
        return AttemptError(f"invalid URL ({text})", False)
    if isinstance(exc, httpx.TransportError):
        return AttemptError(f"transport error ({text})", True)
    if isinstance(exc, OSError):
        return AttemptError(f"OS error ({text})", True)
    return AttemptError(f"unexpected error ({text})", False)


def backoff_delay(attempt: int, policy: RetryPolicy, rng: random.Random | None = None) -> float:
    """Seconds to wait after failed attempt number ``attempt`` (1-based) before the next one."""
    raw = min(policy.max_delay, policy.base_delay * (2.0 ** (attempt - 1)))
    if not policy.jitter:
        return raw
    draw = (rng or random).random()
    return raw / 2.0 + draw * raw / 2.0


async def call_with_retries(
    attempt: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    rng: random.Random | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> RetryOutcome[T]:
    """Await ``attempt()`` until it returns, raises a non-retryable error, or ``policy.max_attempts`` is used.

    Any exception from ``attempt`` is classified with :func:`classify_exception`; only
    ``asyncio.CancelledError`` (and other ``BaseException``) propagates.
    """
    start = time.perf_counter()
    last: AttemptError | None = None
    for number in range(1, policy.max_attempts + 1):
        try:
            value = await attempt()
        except Exception as exc:
            last = classify_exception(exc)
        else:
            return RetryOutcome(value, None, number, time.perf_counter() - start)
        if not last.retryable or number == policy.max_attempts:
            break
        if last.retry_after is not None:
            delay = min(last.retry_after, policy.max_retry_after)
        else:
            delay = backoff_delay(number, policy, rng)
        await sleep(delay)
    assert last is not None
    tried = number
    suffix = f" after {tried} attempt{'s' if tried != 1 else ''}"
    return RetryOutcome(None, last.reason + suffix, tried, time.perf_counter() - start, last.retryable)
