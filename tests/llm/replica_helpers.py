"""Replicas for the load-balancing tests: a stub server that can be broken as a whole, a URL nobody listens on,
and an in-process replica client with a scripted outcome."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Sequence
from typing import Any

from medhal.llm import GenerationRequest, GenerationResult

from .stub_server import StubServer


class ReplicaServer(StubServer):
    """A :class:`StubServer` that answers every request with HTTP ``fail_with`` while that is set (a replica
    that is up but broken), and normally otherwise."""

    def __init__(self, *, fail_with: int | None = None, delay: float = 0.0) -> None:
        super().__init__(delay=delay)
        self.fail_with = fail_with

    def __enter__(self) -> ReplicaServer:
        self.start()
        return self

    async def _respond(
        self, method: str, path: str, headers: dict[str, str], raw: bytes, writer: asyncio.StreamWriter
    ) -> bool:
        if self.fail_with is None:
            return await super()._respond(method, path, headers, raw, writer)
        self.requests += 1
        await self._send(writer, self.fail_with, b'{"error": {"message": "replica broken"}}', {})
        return True


def closed_url() -> str:
    """The base URL of a loopback port that was free a moment ago: connections to it are refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


class FakeReplica:
    """A replica client without HTTP: answers ``"<name>: <prompt>"`` after ``delay`` seconds, or an
    ``api_error`` with ``reason`` while that is set.  Records calls and the most calls in flight at once
    (across threads and event loops)."""

    def __init__(self, name: str, *, delay: float = 0.0, reason: str | None = None) -> None:
        self.name = name
        self.delay = delay
        self.reason = reason
        self.calls = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()

    @property
    def model_id(self) -> str:
        return "openai/fake"

    @property
    def endpoint(self) -> str:
        return f"http://{self.name}/v1"

    @property
    def batch_size(self) -> int:
        return 1

    def describe(self) -> dict[str, Any]:
        return {"provider": "openai", "model": "fake", "base_url": self.endpoint}

    async def aclose(self) -> None:
        return None

    async def generate(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        with self._lock:
            self.calls += 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            if self.reason is not None:
                return [GenerationResult(r.id, "api_error", reason=self.reason, attempts=1) for r in requests]
            return [GenerationResult(r.id, "ok", texts=(f"{self.name}: {r.prompt}",), attempts=1) for r in requests]
        finally:
            with self._lock:
                self.in_flight -= 1
