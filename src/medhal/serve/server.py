"""Run the app with uvicorn under connection-level limits (imports uvicorn: the CLI imports this lazily).

:func:`server_settings` are the ``uvicorn.run`` settings of ``medhal serve`` (:func:`server_config`: the same as
a ``uvicorn.Config``): a bound on concurrent connections and tasks (``limit_concurrency``: beyond it a request
gets 503), a bound on an incomplete request head (``h11_max_incomplete_event_size``), a short keep-alive, and an
HTTP protocol that closes a connection whose request head has not arrived within ``head_timeout_s`` seconds of
the connection opening (or of the previous response).  uvicorn has no such timeout of its own, so a client
trickling its headers a byte at a time would otherwise hold a connection for ever; the body is bounded by the
app's ``body_timeout_s`` (408).
"""

from __future__ import annotations

import asyncio
from typing import TypedDict, Unpack

import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["MAX_HEAD_BYTES", "ServerSettings", "head_timeout_protocol", "server_config", "server_settings"]

MAX_HEAD_BYTES = 16 * 1024
"""Largest request head (request line and headers) accepted; beyond it uvicorn answers 400 and closes."""


class _HeadTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection that does not deliver a request head in time."""

    head_timeout_s: float = 30.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._head_timer: asyncio.TimerHandle | None = None
        self._head_cycle: object = None
        super().connection_made(transport)
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self._head_timer is not None and self.cycle is not self._head_cycle:
            self._cancel_head_timer()  # a request head arrived: the app (and its body timeout) take over

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete):
            self._arm_head_timer()  # waiting for the next request (or for the rest of an unread body)

    def _arm_head_timer(self) -> None:
        self._cancel_head_timer()
        self._head_cycle = self.cycle
        self._head_timer = self.loop.call_later(self.head_timeout_s, self._head_timed_out)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self.cycle is self._head_cycle and not self.transport.is_closing():
            self.logger.info("closing a connection that sent no complete request within %gs", self.head_timeout_s)
            self.transport.close()


def head_timeout_protocol(head_timeout_s: float) -> type[asyncio.Protocol]:
    """An h11 protocol class closing connections whose request head takes longer than ``head_timeout_s``."""
    if head_timeout_s <= 0:
        raise ValueError("head_timeout_s must be > 0")
    return type("MedhalH11Protocol", (_HeadTimeoutProtocol,), {"head_timeout_s": float(head_timeout_s)})


class ServerSettings(TypedDict):
    """The keyword arguments of ``uvicorn.run`` / ``uvicorn.Config`` that :func:`server_settings` gives."""

    host: str
    port: int
    log_level: str
    access_log: bool
    server_header: bool
    http: type[asyncio.Protocol]
    limit_concurrency: int | None
    timeout_keep_alive: int
    h11_max_incomplete_event_size: int


class ServerOptions(TypedDict, total=False):
    """The keyword arguments of :func:`server_settings`."""

    host: str
    port: int
    log_level: str
    access_log: bool
    limit_concurrency: int | None
    head_timeout_s: float
    keep_alive_s: int


def server_settings(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    log_level: str = "info",
    access_log: bool = True,
    limit_concurrency: int | None = 256,
    head_timeout_s: float = 30.0,
    keep_alive_s: int = 5,
) -> ServerSettings:
    """The keyword arguments of ``uvicorn.run`` / ``uvicorn.Config`` for ``medhal serve`` (see the module doc)."""
    return {
        "host": host,
        "port": port,
        "log_level": log_level,
        "access_log": access_log,
        "server_header": False,
        "http": head_timeout_protocol(head_timeout_s),
        "limit_concurrency": limit_concurrency,
        "timeout_keep_alive": keep_alive_s,
        "h11_max_incomplete_event_size": MAX_HEAD_BYTES,
    }


def server_config(app: FastAPI, **settings: Unpack[ServerOptions]) -> uvicorn.Config:
    """``uvicorn.Config(app, **server_settings(**settings))``."""
    return uvicorn.Config(app, **server_settings(**settings))
