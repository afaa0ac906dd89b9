from __future__ import annotations

import asyncio
import email.utils
import random
import time

import httpx
import pytest

from medhal.llm.retry import (
    AttemptError,
    RetryPolicy,
    backoff_delay,
    call_with_retries,
    classify_exception,
    classify_status,
    parse_retry_after,
)


def test_parse_retry_after_forms() -> None:
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after("0.25") == 0.25
    assert parse_retry_after("-5") == 0.0
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None
    now = time.time()
    date = email.utils.formatdate(now + 30, usegmt=True)
    assert parse_retry_after(date, now=now) == pytest.approx(30, abs=1.5)


def test_backoff_grows_and_is_capped() -> None:
    policy = RetryPolicy(base_delay=0.5, max_delay=4.0, jitter=False)
    assert [backoff_delay(k, policy) for k in range(1, 6)] == [0.5, 1.0, 2.0, 4.0, 4.0]
    jittered = RetryPolicy(base_delay=1.0, max_delay=100.0)
    rng = random.Random(0)
    draws = [backoff_delay(3, jittered, rng) for _ in range(200)]
    assert all(2.0 <= d <= 4.0 for d in draws) and len(set(draws)) > 100


def test_status_classification() -> None:
    headers = httpx.Headers({"Retry-After": "7"})
    limited = classify_status(429, '{"error": {"message": "slow down"}}', headers)
    assert limited.retryable and limited.retry_after == 7.0 and limited.reason == "HTTP 429: slow down"
    assert classify_status(503, "", headers).retry_after == 7.0
    assert classify_status(500, "", headers).retry_after is None  # Retry-After only on 429/503
    assert classify_status(502, "", None).retryable
    assert not classify_status(400, "bad", None).retryable
    assert not classify_status(401, "", None).retryable


def test_exception_classification() -> None:
    request = httpx.Request("POST", "http://127.0.0.1:1/v1")
    assert classify_exception(httpx.ReadTimeout("t", request=request)).retryable
    assert classify_exception(httpx.ConnectError("refused", request=request)).retryable
    assert classify_exception(httpx.RemoteProtocolError("peer closed", request=request)).retryable
    assert not classify_exception(httpx.UnsupportedProtocol("ftp", request=request)).retryable
    assert not classify_exception(ValueError("bug")).retryable
    assert "timeout" in classify_exception(httpx.ReadTimeout("t", request=request)).reason


def test_retries_until_success_and_counts_attempts() -> None:
    calls: list[int] = []
    sleeps: list[float] = []

    async def attempt() -> str:
        calls.append(1)
        if len(calls) < 3:
            raise AttemptError("HTTP 500", True)
        return "done"

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    policy = RetryPolicy(max_attempts=5, base_delay=1.0, jitter=False)
    outcome = asyncio.run(call_with_retries(attempt, policy, sleep=sleep))
    assert outcome.ok and outcome.value == "done" and outcome.attempts == 3
    assert sleeps == [1.0, 2.0]


def test_retry_after_is_waited_instead_of_backoff() -> None:
    sleeps: list[float] = []
    calls: list[int] = []

    async def attempt() -> str:
        calls.append(1)
        if len(calls) == 1:
            raise AttemptError("HTTP 429", True, retry_after=12.0)
        if len(calls) == 2:
            raise AttemptError("HTTP 503", True, retry_after=999.0)
        return "ok"

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    policy = RetryPolicy(base_delay=0.01, max_retry_after=60.0)
    outcome = asyncio.run(call_with_retries(attempt, policy, sleep=sleep))
    assert outcome.ok and sleeps == [12.0, 60.0]


def test_non_retryable_stops_and_exhaustion_is_data() -> None:
    async def fatal() -> str:
        raise AttemptError("HTTP 401: no key", False)

    async def flaky() -> str:
        raise httpx.ConnectError("refused")

    async def no_sleep(_: float) -> None:
        return None

    once = asyncio.run(call_with_retries(fatal, RetryPolicy(max_attempts=5), sleep=no_sleep))
    assert not once.ok and once.attempts == 1 and once.reason == "HTTP 401: no key after 1 attempt"
    many = asyncio.run(call_with_retries(flaky, RetryPolicy(max_attempts=4), sleep=no_sleep))
    assert many.attempts == 4 and many.retryable and many.reason is not None
    assert many.reason.startswith("network error (ConnectError: refused)") and many.reason.endswith("4 attempts")


def test_cancellation_propagates() -> None:
    async def slow() -> str:
        await asyncio.sleep(10)
        return "never"

    async def main() -> None:
        task = asyncio.create_task(call_with_retries(slow, RetryPolicy()))
        await asyncio.sleep(0.01)
        task.cancel()
        await task

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(main())
