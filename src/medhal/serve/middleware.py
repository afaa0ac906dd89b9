"""The service's ASGI middleware and its JSON error shape.

:class:`ServiceMiddleware` wraps every HTTP request: it counts it in the metrics (by route template, method and
status, with its latency), refuses a missing or wrong bearer token on protected paths before reading the body
(401), buffers the body up to ``max_body_bytes`` and refuses more (413, from ``Content-Length`` alone when the
client declares it), refuses a body not received within ``body_timeout_s`` seconds (408: a client trickling its
body must not hold a connection open), refuses a body that is not UTF-8 (422, as unparsable JSON: the JSON parser
would let a surrogate encoded as bytes through), closes the connection after a refusal sent before the body was
read, turns an unhandled exception into a 500 JSON error, and adds conservative headers.  It never logs a
request body, a header value or an exception message (which could quote the input): only the method, the route
and the exception's type (the traceback too with ``MEDHAL_DEBUG=1``).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import time
from collections.abc import Callable, Iterable

from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from medhal.errors import ServiceError
from medhal.serve.metrics import Metrics

__all__ = ["APIError", "ServiceMiddleware", "error_body", "error_response"]

logger = logging.getLogger("medhal.serve")

_SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
    (b"x-frame-options", b"DENY"),
)
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class APIError(ServiceError):
    """An error answered as ``{"error": {"code": code, "message": message}}`` with HTTP ``status``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def error_body(code: str, message: str, **extra: object) -> dict[str, dict[str, object]]:
    return {"error": {"code": code, "message": message, **extra}}


def error_response(
    status: int, code: str, message: str, *, headers: dict[str, str] | None = None, **extra: object
) -> Response:
    """The stable JSON error response."""
    # backslashreplace: a lone surrogate in a message (a field name quoted from the input) becomes its JSON escape
    body = json.dumps(error_body(code, message, **extra), ensure_ascii=False).encode("utf-8", "backslashreplace")
    return Response(body, status_code=status, media_type="application/json", headers=headers)


class ServiceMiddleware:
    """Metrics, bearer-token auth, the body size and time limits, 500s as JSON and security headers (see the
    module doc).  ``body_timeout_s=None``: no time limit on reading a body."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        metrics: Metrics,
        max_body_bytes: int,
        token: str | None = None,
        protected: Iterable[str] = (),
        known_paths: Callable[[], Iterable[str]] | None = None,
        body_timeout_s: float | None = None,
    ) -> None:
        self.app = app
        self.metrics = metrics
        self.max_body_bytes = max_body_bytes
        self.body_timeout_s = body_timeout_s
        self.token = token.encode("utf-8") if token else None
        self.protected = tuple(protected)
        self._known_paths = known_paths
        self._known: frozenset[str] | None = None

    def _route(self, scope: Scope) -> str:
        route = scope.get("route")
        path = getattr(route, "path", None)
        if isinstance(path, str):
            return path
        if self._known is None:
            self._known = frozenset(self._known_paths() if self._known_paths is not None else ())
        raw = str(scope.get("path", ""))
        return raw if raw in self._known else "unmatched"  # never an unbounded label set

    def _authorized(self, scope: Scope) -> bool:
        if self.token is None or not str(scope.get("path", "")).startswith(self.protected):
            return True
        for name, value in scope.get("headers", ()):
            if name == b"authorization":
                scheme, _, credentials = value.partition(b" ")
                return scheme.lower() == b"bearer" and hmac.compare_digest(credentials.strip(), self.token)
        return False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500
        started = False

        async def send_wrapper(message: Message) -> None:
            nonlocal status, started
            if message["type"] == "http.response.start":
                status = int(message["status"])
                started = True
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in _SECURITY_HEADERS if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        method = str(scope.get("method", ""))
        self.metrics.in_flight += 1
        try:
            await self._handle(scope, receive, send_wrapper)
        except Exception as exc:
            logger.error(
                "internal error on %s %s: %s",
                method,
                self._route(scope),
                type(exc).__name__,
                exc_info=bool(os.environ.get("MEDHAL_DEBUG")),
            )
            if not started:
                await self._refuse(scope, receive, send_wrapper, 500, "internal_error", "internal error (see the log)")
        finally:
            self.metrics.in_flight -= 1
            self.metrics.request(self._route(scope), method, status, time.perf_counter() - start)

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, status: int, code: str, message: str, *, close: bool = False
    ) -> None:
        """Answer an error; ``close``: the body was not read, so the connection cannot serve another request."""
        self.metrics.error(code)
        headers: dict[str, str] = {}
        if status == 401:
            headers["WWW-Authenticate"] = "Bearer"
        if close:
            headers["Connection"] = "close"
        await error_response(status, code, message, headers=headers or None)(scope, receive, send)

    async def _handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._authorized(scope):
            unread = scope.get("method") in _BODY_METHODS
            await self._refuse(
                scope, receive, send, 401, "unauthorized", "a valid bearer token is required", close=unread
            )
            return
        if scope.get("method") not in _BODY_METHODS:
            await self.app(scope, receive, send)
            return
        too_large = f"request body exceeds {self.max_body_bytes} bytes"
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.max_body_bytes:
                await self._refuse(scope, receive, send, 413, "payload_too_large", too_large, close=True)
                return
        chunks: list[bytes] = []
        refusal: tuple[int, str, str] | None = None
        try:
            async with asyncio.timeout(self.body_timeout_s):
                size = 0
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return
                    part = message.get("body", b"")
                    size += len(part)
                    if size > self.max_body_bytes:
                        refusal = (413, "payload_too_large", too_large)
                        break
                    chunks.append(part)
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            refusal = (408, "request_timeout", f"request body not received within {self.body_timeout_s:g} seconds")
        if refusal is not None:
            await self._refuse(scope, receive, send, *refusal, close=True)
            return
        body = b"".join(chunks)
        try:
            body.decode("utf-8")
        except UnicodeDecodeError:
            reason = "the body is not valid UTF-8"
            self.metrics.error("invalid_request")
            details = [{"loc": "body", "message": reason}]
            await error_response(422, "invalid_request", f"body: {reason}", details=details)(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
