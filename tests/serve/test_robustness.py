"""What one bad or hostile request can do to the service: fail only itself, never others, within bounded time."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import pytest

pytest.importorskip("fastapi")
import httpx
import uvicorn
from fastapi.testclient import TestClient

from fakes import RuleVerifier
from medhal.detect import CheckItem, CheckResult, ConfigError
from medhal.detect.decomposed import DecomposedDetector
from medhal.serve.server import server_config

MakeApp = Callable[..., Any]
JSON = {"content-type": "application/json"}
POISON = "POISON"
"""A response containing this makes the verifier raise TypeError, as a tokenizer does on a text it cannot take."""
SURROGATE_BODY = b'{"evidence": "Aspirin was given.", "response": "Aspirin \\ud800 was given.", "id": "s"}'
"""A lone surrogate escape: valid JSON, not text (it crashed HF tokenizers; medhal now replaces it)."""


@pytest.fixture
def poisoned(verifier: RuleVerifier, monkeypatch: pytest.MonkeyPatch) -> RuleVerifier:
    """The verifier raises on a pair whose hypothesis holds ``POISON``."""
    predict = verifier.predict

    def picky(pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        if any(POISON in hypothesis for _, hypothesis in pairs):
            raise TypeError("TextEncodeInput must be Union[TextInputSequence, Tuple[InputSequence, InputSequence]]")
        return predict(pairs)

    monkeypatch.setattr(verifier, "predict", picky)
    return verifier


@pytest.fixture
def broken_checker(verifier: RuleVerifier, monkeypatch: pytest.MonkeyPatch) -> None:
    """The decomposed detector's ``detect_many`` raises for any call holding an item whose response holds
    ``POISON`` (a failure the detector does not turn into a record itself: the service alone must keep it from the
    other items)."""
    detect_many = DecomposedDetector.detect_many

    def picky(self: DecomposedDetector, items: Sequence[CheckItem]) -> list[CheckResult]:
        if any(POISON in item.response for item in items):
            raise TypeError("cannot tokenize")
        return detect_many(self, items)

    monkeypatch.setattr(DecomposedDetector, "detect_many", picky)


def client_of(app: Any) -> TestClient:
    return TestClient(app, raise_server_exceptions=False)


def assert_error(resp: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert set(body) == {"error"} and body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and "\n" not in body["error"]["message"]
    return dict(body["error"])


def body_of(i: int, transit: dict[str, str], kind: str | None = None) -> bytes:
    sentences = transit["response"].split(". ")
    response = f"{sentences[i % len(sentences)]}. Report {i}."
    if kind == "poison":
        response += f" {POISON} here."
    body = json.dumps({"evidence": transit["evidence"], "response": response, "id": str(i), "timings": False})
    if kind == "surrogate":  # a lone surrogate escape: valid JSON, not text; cleaned and noted, not refused
        body = body.replace(f"Report {i}.", f"Report {i} \\ud800.")
    return body.encode("utf-8")


@pytest.mark.parametrize("where", ["verifier", "checker"])
def test_batch_with_a_failing_item_checks_the_others(
    where: str, make_app: MakeApp, request: pytest.FixtureRequest, transit: dict[str, str]
) -> None:
    request.getfixturevalue("poisoned" if where == "verifier" else "broken_checker")
    with client_of(make_app(max_batch=8)) as client:
        items = [
            {**transit, "id": "good", "units": "sentence"},
            {**transit, "response": f"{POISON} in the answer.", "id": "bad"},
            {**transit, "id": 3},
            {**transit, "response": "Aspirin \ud800 was given.", "id": "\ud800"},
            {"evidence": "Aspirin was given.", "response": "Aspirin \ud800 was given.", "id": "s"},
        ]
        body = json.dumps({"items": items}).encode("utf-8")  # ensure_ascii: a surrogate travels as \ud800
        resp = client.post("/v1/check/batch", content=body, headers={"content-type": "application/json"})
        metrics = client.get("/metrics").text
    assert resp.status_code == 200, resp.text
    good, bad, third, bad_id, surrogate = resp.json()["results"]
    assert good["status"] == "ok" and good["id"] == "good" and good["flagged"] is True
    assert third["status"] == "ok" and third["id"] == "3"
    assert (bad["index"], bad["id"], bad["status"], bad["detector"]) == (1, "bad", "internal_error", "decomposed")
    assert bad["reason"].startswith("internal error") and "\n" not in bad["reason"]
    if where == "checker":
        assert bad["reason"] == "internal error (TypeError; see the service log)"
    assert bad_id["status"] == "input_error" and "lone surrogate" in bad_id["reason"]
    assert bad_id["id"] == "\\ud800"  # escaped: never a lone surrogate in a response
    assert surrogate["status"] == "ok" and "\ud800" not in json.dumps(surrogate, ensure_ascii=False)
    assert 'medhal_checked_items_total{status="internal_error"} 1' in metrics
    assert 'medhal_checked_items_total{status="ok"} 3' in metrics


@pytest.mark.parametrize("where", ["verifier", "checker"])
def test_single_check_failure_is_its_own_500(
    where: str, make_app: MakeApp, request: pytest.FixtureRequest, transit: dict[str, str]
) -> None:
    request.getfixturevalue("poisoned" if where == "verifier" else "broken_checker")
    with client_of(make_app()) as client:
        resp = client.post("/v1/check", json={**transit, "response": f"{POISON}."})
        assert_error(resp, 500, "internal_error")
        assert "TextEncodeInput" not in resp.text and "tokenize" not in resp.text  # the message is not sent
        assert client.post("/v1/check", json=transit).status_code == 200


async def _load(app: Any, bodies: list[bytes]) -> list[httpx.Response]:
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            headers = {"content-type": "application/json"}
            return list(await asyncio.gather(*(client.post("/v1/check", content=b, headers=headers) for b in bodies)))


@pytest.mark.parametrize("where", ["verifier", "checker"])
def test_poison_load_fails_no_innocent_request(
    where: str, make_app: MakeApp, request: pytest.FixtureRequest, transit: dict[str, str]
) -> None:
    """100 concurrent requests through shared batches, 5% poison: each poison request gets its own 500, every
    other request (lone surrogates included: cleaned, not refused) its 200."""
    request.getfixturevalue("poisoned" if where == "verifier" else "broken_checker")
    kinds = {i: "poison" for i in (7, 27, 47, 67, 87)} | {i: "surrogate" for i in (3, 50, 99)}
    bodies = [body_of(i, transit, kinds.get(i)) for i in range(100)]
    app = make_app(max_batch=16, batch_wait_ms=50)
    responses = asyncio.run(_load(app, bodies))
    innocent = [i for i in range(100) if kinds.get(i) != "poison"]
    assert [responses[i].status_code for i in innocent] == [200] * 95
    assert [responses[i].json()["id"] for i in innocent] == [str(i) for i in innocent]
    for i in (7, 27, 47, 67, 87):
        assert_error(responses[i], 500, "internal_error")
    metrics, batcher = app.state.service.metrics, app.state.service.batcher
    if where == "checker":  # shared batches held poison: they failed and were run again item by item
        assert batcher.batches - metrics.batches > 5 and metrics.items == 95
    else:  # the checker keeps a verifier failure to its item (its own record): batches stay shared
        assert metrics.items >= 95 and batcher.batches < 100
    assert 'medhal_checked_items_total{status="internal_error"} 5' in metrics.render()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "body: the JSON is nested too deeply"),
        (b'{"items": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "body: the JSON is nested too deeply"),
        (b'{"evidence": "\xff\xfe", "response": "r"}', "body: the body is not valid UTF-8"),
        (b'{"evidence": "e", "response": "r"}\x00', None),
    ],
)
@pytest.mark.parametrize("route", ["/v1/check", "/v1/check/batch", "/v1/render"])
def test_malformed_bodies_are_422(client: TestClient, route: str, body: bytes, message: str | None) -> None:
    resp = client.post(route, content=body, headers={"content-type": "application/json"})
    error = assert_error(resp, 422, "invalid_request")
    assert set(error) == {"code", "message", "details"} and error["details"]
    if message is not None:
        assert error["message"] == message


@pytest.fixture
def client(make_app: MakeApp) -> Iterator[TestClient]:
    with client_of(make_app()) as c:
        yield c


def test_lone_surrogates_are_cleaned_or_refused_never_echoed(client: TestClient) -> None:
    resp = client.post("/v1/check", content=SURROGATE_BODY, headers=JSON)
    assert resp.status_code == 200 and "\ud800" not in json.dumps(resp.json(), ensure_ascii=False)
    html = client.post("/v1/render", content=SURROGATE_BODY, headers=JSON)
    assert html.status_code == 200 and "Aspirin" in html.text
    key = b'{"evidence": "e", "response": "r", "\\udfff' + b"x" * 5000 + b'": 1}'
    resp = client.post("/v1/check", content=key, headers={"content-type": "application/json"})
    error = assert_error(resp, 422, "invalid_request")  # an unknown field named with a surrogate
    resp.content.decode("utf-8")  # the response is valid UTF-8
    assert error["details"][0]["loc"].startswith("body") and len(resp.content) < 1000  # the key is not echoed whole
    ident = b'{"evidence": "e", "response": "r", "id": "a\\udc00"}'
    error = assert_error(client.post("/v1/check", content=ident, headers=JSON), 422, "invalid_request")
    assert error["details"][0]["loc"] == "body.id" and "lone surrogate" in error["message"]
    raw = b'{"evidence": "e", "response": "r \xed\xa0\x80"}'  # a surrogate as raw bytes: not UTF-8
    error = assert_error(client.post("/v1/check", content=raw, headers=JSON), 422, "invalid_request")
    assert error["message"] == "body: the body is not valid UTF-8"


def test_question_is_bounded(make_app: MakeApp, transit: dict[str, str]) -> None:
    with client_of(make_app(max_question_chars=10)) as client:
        error = assert_error(client.post("/v1/check", json={**transit, "question": "q" * 11}), 413, "text_too_large")
        assert error["message"] == "question has 11 characters; the limit is 10"
        resp = client.post("/v1/check/batch", json={"items": [{**transit, "question": "q" * 11}, transit]})
        assert [r["status"] for r in resp.json()["results"]] == ["input_error", "ok"]


def test_limits_cannot_exceed_medhals_own(make_app: MakeApp) -> None:
    with pytest.raises(ConfigError, match="cannot exceed 200000"):
        make_app(max_evidence_chars=200_001)
    with pytest.raises(ConfigError, match="body_timeout_s"):
        make_app(body_timeout_s=0)


def test_slow_body_is_408_and_closes(make_app: MakeApp) -> None:
    app = make_app(body_timeout_s=0.2)
    sent: list[dict[str, Any]] = []

    async def main() -> float:
        chunks = [{"type": "http.request", "body": b'{"evidence": ', "more_body": True}]

        async def receive() -> dict[str, Any]:
            if chunks:
                return chunks.pop()
            await asyncio.sleep(3600)  # the client sends nothing more
            raise AssertionError("unreachable")

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        scope = {
            "type": "http",
            "method": "POST",
            "path": "/v1/check",
            "raw_path": b"/v1/check",
            "query_string": b"",
            "headers": [(b"content-type", b"application/json"), (b"content-length", b"5000")],
            "http_version": "1.1",
            "scheme": "http",
            "server": ("test", 80),
            "client": ("test", 1),
            "root_path": "",
        }
        start = time.perf_counter()
        await app(scope, receive, send)
        return time.perf_counter() - start

    elapsed = asyncio.run(main())
    assert 0.2 <= elapsed < 2.0
    assert sent[0]["status"] == 408 and (b"connection", b"close") in sent[0]["headers"]
    body = json.loads(sent[1]["body"])
    assert body["error"]["code"] == "request_timeout" and "0.2 seconds" in body["error"]["message"]
    assert 'medhal_http_errors_total{code="request_timeout"} 1' in app.state.service.metrics.render()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _read_until_closed(sock: socket.socket, limit_s: float) -> tuple[bytes, float]:
    sock.settimeout(limit_s)
    start = time.perf_counter()
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data, time.perf_counter() - start


def test_slowloris_connections_are_closed_by_the_server(make_app: MakeApp, transit: dict[str, str]) -> None:
    """Over real sockets: a trickled request head is cut off after the head timeout, a trickled body gets 408."""
    app = make_app(body_timeout_s=0.3)
    port = _free_port()
    server = uvicorn.Server(server_config(app, port=port, log_level="warning", access_log=False, head_timeout_s=0.3))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    try:
        with socket.create_connection(("127.0.0.1", port)) as head:
            head.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-")  # and nothing more
            data, waited = _read_until_closed(head, 5.0)
            assert data == b"" and waited < 3.0
        with socket.create_connection(("127.0.0.1", port)) as body:
            body.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
            body.sendall(b"Content-Length: 500\r\n\r\n" + b'{"evidence": ')
            data, waited = _read_until_closed(body, 5.0)
            assert data.startswith(b"HTTP/1.1 408 ") and b"request_timeout" in data and waited < 3.0
        with socket.create_connection(("127.0.0.1", port)) as idle:  # connected, then nothing at all
            data, waited = _read_until_closed(idle, 5.0)
            assert data == b"" and waited < 3.0
        resp = httpx.post(f"http://127.0.0.1:{port}/v1/check", json=transit, timeout=30)
        assert resp.status_code == 200  # honest clients are served
    finally:
        server.should_exit = True
        thread.join(timeout=10)
