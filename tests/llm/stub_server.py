"""An OpenAI-compatible HTTP server on 127.0.0.1 for the tests and the throughput benchmark.

A raw asyncio HTTP/1.1 server (keep-alive, Content-Length bodies) running in a background thread, so faults can
be injected below the HTTP layer.  It serves ``POST /v1/chat/completions`` and ``POST /v1/completions``.  The
answer is ``"echo: <prompt>"`` (the last user message for chat) unless ``reply_for`` returns a text.

Behaviour is scripted by directives inside the prompt, ``[[key=value]]``:

* ``faults=429,500,...``: the k-th attempt at this exact request gets the k-th fault, later attempts succeed;
* ``always=FAULT``: every attempt gets FAULT;
* ``delay=SECONDS``: answer after this long (default: the server's ``delay``);
* ``retry_after=SECONDS``: the ``Retry-After`` header of 429/503 (default ``0``).

Set ``faults_enabled = False`` to answer everything normally (a server that has recovered).  ``requests``,
``attempts`` (per request key), ``max_in_flight``, ``authorization`` headers and JSON ``bodies`` are recorded.

Faults: ``429``, ``503`` (with ``Retry-After``), ``500``, ``400``, ``malformed`` (200 with a body that is not
JSON), ``truncated`` (200 whose body stops halfway, then the connection closes), ``drop`` (the connection closes
without a response), ``slow`` (answer after ``slow_s`` seconds), ``few`` (fewer choices than ``n``).

Run standalone for benchmarks: ``python tests/llm/stub_server.py --delay 0.005`` prints the base URL, then
serves until its standard input closes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import sys
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

DIRECTIVE = re.compile(r"\[\[(\w+)=([^\]]*)\]\]")


def prompt_text(path: str, body: dict[str, Any]) -> str:
    if path.endswith("/chat/completions"):
        users = [m for m in body.get("messages", []) if m.get("role") == "user"]
        if not users:
            return ""
        content = users[-1].get("content")
        if isinstance(content, list):
            return " ".join(p.get("text", "") for p in content if p.get("type") == "text")
        return str(content)
    return str(body.get("prompt", ""))


class StubServer:
    """Start with :meth:`start` (or as a context manager); ``url`` is the base URL to give a client."""

    def __init__(self, *, delay: float = 0.0, slow_s: float = 1.0) -> None:
        self.delay = delay
        self.slow_s = slow_s
        self.reply_for: Callable[[str], str | None] | None = None
        self.faults_enabled = True
        self.requests = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.attempts: Counter[str] = Counter()
        self.paths: Counter[str] = Counter()
        self.authorization: list[str | None] = []
        self.bodies: list[dict[str, Any]] = []
        self.reasoning_models: re.Pattern[str] | None = None
        """Model names that answer like OpenAI reasoning models: 400 for ``max_tokens``, for ``top_p`` and for a
        ``temperature`` other than 1 (the error bodies the OpenAI API sends)."""
        self.reject_fields: set[str] = set()
        """Body fields answered with a 400 "Unsupported parameter" for every model."""
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.Server | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def reset(self) -> None:
        self.requests = 0
        self.max_in_flight = 0
        self.attempts.clear()
        self.paths.clear()
        self.authorization.clear()
        self.bodies.clear()

    # -- lifecycle -------------------------------------------------------------------------------------------
    def start(self) -> StubServer:
        self._thread = threading.Thread(target=self._serve, name="stub-openai", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("stub server did not start")
        return self

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        self._server = loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", 0, backlog=256))
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            self._server.close()
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.close()

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
            self._loop = None

    def __enter__(self) -> StubServer:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    # -- HTTP ------------------------------------------------------------------------------------------------
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path, _ = lines[0].split(" ", 2)
                headers = {}
                for line in lines[1:]:
                    if ":" in line:
                        key, value = line.split(":", 1)
                        headers[key.strip().lower()] = value.strip()
                length = int(headers.get("content-length", "0"))
                raw = await reader.readexactly(length) if length else b""
                self.in_flight += 1
                self.max_in_flight = max(self.max_in_flight, self.in_flight)
                try:
                    keep = await self._respond(method, path, headers, raw, writer)
                finally:
                    self.in_flight -= 1
                if not keep or headers.get("connection", "").lower() == "close":
                    break
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError, asyncio.CancelledError):
            pass  # client went away, or the server is stopping
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    @staticmethod
    async def _send(writer: asyncio.StreamWriter, status: int, payload: bytes, extra: dict[str, str]) -> None:
        reasons = {200: "OK", 400: "Bad Request", 404: "Not Found", 429: "Too Many Requests", 500: "Server Error"}
        reasons[503] = "Service Unavailable"
        head = [f"HTTP/1.1 {status} {reasons.get(status, 'Status')}", "Content-Type: application/json"]
        head.append(f"Content-Length: {len(payload)}")
        head.extend(f"{k}: {v}" for k, v in extra.items())
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        await writer.drain()

    def _reasoning_rejection(self, body: dict[str, Any]) -> dict[str, Any] | None:
        for name in sorted(self.reject_fields & set(body)):
            message = f"Unsupported parameter: '{name}' is not supported by this server."
            return {"message": message, "type": "invalid_request_error", "param": None}
        if self.reasoning_models is None or not self.reasoning_models.search(str(body.get("model", ""))):
            return None
        if "max_tokens" in body:
            message = (
                "Unsupported parameter: 'max_tokens' is not supported with this model. "
                "Use 'max_completion_tokens' instead."
            )
            return {
                "message": message,
                "type": "invalid_request_error",
                "param": "max_tokens",
                "code": "unsupported_parameter",
            }
        for name in ("temperature", "top_p"):
            if name in body and body[name] != 1:
                message = (
                    f"Unsupported value: '{name}' does not support {body[name]} with this model. "
                    "Only the default (1) value is supported."
                )
                return {"message": message, "type": "invalid_request_error", "param": name, "code": "unsupported_value"}
        return None

    async def _respond(
        self, method: str, path: str, headers: dict[str, str], raw: bytes, writer: asyncio.StreamWriter
    ) -> bool:
        self.requests += 1
        self.paths[path] += 1
        self.authorization.append(headers.get("authorization"))
        if method != "POST" or not path.endswith(("/chat/completions", "/completions")):
            await self._send(writer, 404, b'{"error": {"message": "not found"}}', {})
            return True
        body = json.loads(raw)
        self.bodies.append(body)
        rejection = self._reasoning_rejection(body)
        if rejection is not None:
            await self._send(writer, 400, json.dumps({"error": rejection}).encode(), {})
            return True
        text = prompt_text(path, body)
        directives = dict(DIRECTIVE.findall(text))
        key = json.dumps([path, text, body.get("seed"), body.get("temperature"), body.get("n")])
        self.attempts[key] += 1
        attempt = self.attempts[key]
        faults = [f for f in directives.get("faults", "").split(",") if f]
        fault = directives.get("always") or (faults[attempt - 1] if attempt <= len(faults) else "")
        if not self.faults_enabled:
            fault = ""
        delay = float(directives.get("delay", self.delay))
        if fault == "slow":
            delay = self.slow_s
        if delay:
            await asyncio.sleep(delay)
        retry_after = {"Retry-After": directives.get("retry_after", "0")}
        if fault in ("429", "503"):
            await self._send(writer, int(fault), b'{"error": {"message": "busy, retry later"}}', retry_after)
            return True
        if fault in ("500", "400"):
            await self._send(writer, int(fault), b'{"error": {"message": "stub failure"}}', {})
            return True
        if fault == "drop":
            writer.transport.abort()
            return False
        n = int(body.get("n", 1))
        answer = self.reply_for(text) if self.reply_for is not None else None
        if answer is None:
            answer = "echo: " + DIRECTIVE.sub("", text).strip()
        sampled = float(body.get("temperature", 0)) > 0
        texts = [answer + (f" [seed={body.get('seed')} sample={i}]" if sampled else "") for i in range(n)]
        if fault == "few":
            texts = texts[: max(0, n - 1)]
        chat = path.endswith("/chat/completions")
        choices = [
            {
                "index": i,
                "finish_reason": "stop",
                **({"message": {"role": "assistant", "content": t}} if chat else {"text": t}),
            }
            for i, t in enumerate(texts)
        ]
        usage = {"prompt_tokens": len(text.split()), "completion_tokens": sum(len(t.split()) for t in texts)}
        payload = json.dumps(
            {"id": f"stub-{self.requests}", "object": "x", "choices": choices, "usage": usage}
        ).encode()
        if fault == "malformed":
            await self._send(writer, 200, b'{"choices": [ not json', {})
            return True
        if fault == "truncated":
            head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
            writer.write(head.encode() + payload[: len(payload) // 2])
            await writer.drain()
            writer.close()
            return False
        await self._send(writer, 200, payload, {})
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--delay", type=float, default=0.0)
    args = parser.parse_args()
    server = StubServer(delay=args.delay).start()
    print(server.url, flush=True)
    sys.stdin.read()
    server.stop()


if __name__ == "__main__":
    main()
