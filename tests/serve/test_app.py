from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("fastapi")
import httpx
from fastapi.testclient import TestClient

from fakes import RuleVerifier
from medhal.checker import Checker
from medhal.detect.records import SCHEMA_VERSION

MakeApp = Callable[..., Any]


def client_of(app: Any) -> TestClient:
    return TestClient(app, raise_server_exceptions=False)


def assert_error(resp: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/json")
    body = resp.json()
    assert set(body) == {"error"} and body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    return dict(body["error"])


@pytest.fixture
def client(make_app: MakeApp) -> Iterator[TestClient]:
    with client_of(make_app()) as c:
        yield c


def test_check_returns_the_cli_record(client: TestClient, transit: dict[str, str]) -> None:
    resp = client.post("/v1/check", json={**transit, "units": "sentence", "id": "t1", "question": "What happened?"})
    assert resp.status_code == 200, resp.text
    record = resp.json()
    assert record["schema_version"] == SCHEMA_VERSION and record["status"] == "ok" and record["flagged"] is True
    assert record["id"] == "t1" and record["verifier_id"].startswith("rule:")
    assert record["windows"] == 15 and record["verifier_passes"] == 45 and "timings" in record
    assert record["units"][1]["verdict"] == "contradicted"
    assert record["units"][1]["evidence"]["contradicting"]["text"].startswith("Mayor Lena Ortiz said")
    expected = Checker(RuleVerifier(), units="sentence").check(transit["evidence"], transit["response"], id="t1")
    assert set(record) == set(expected.to_dict())
    assert resp.headers["x-content-type-options"] == "nosniff"


def test_check_options_and_no_timings(client: TestClient, transit: dict[str, str]) -> None:
    resp = client.post(
        "/v1/check", json={**transit, "threshold": 0.99, "long_windows": "split", "timings": False, "id": 7}
    )
    record = resp.json()
    assert resp.status_code == 200 and "timings" not in record and record["id"] == "7"
    assert record["config"]["threshold"] == 0.99 and record["config"]["long_windows"] == "split"
    assert record["units"][0]["kind"] == "clause" and record["flagged"] == (record["score"] >= 0.99)


def test_batch_keeps_order_and_isolates_bad_items(make_app: MakeApp, transit: dict[str, str]) -> None:
    with client_of(make_app(max_response_chars=500)) as client:
        items: list[Any] = [
            {**transit, "id": "a"},
            {"evidence": "x", "id": "no-response"},
            {"evidence": "   ", "response": "Something.", "id": "blank"},
            {"evidence": transit["evidence"], "response": "word " * 200, "id": "long"},
            {**transit, "id": "d", "detector": "fava"},
            "not an object",
            {**transit, "id": "b", "units": "sentence", "timings": False},
        ]
        resp = client.post("/v1/check/batch", json={"items": items})
    assert resp.status_code == 200, resp.text
    results = resp.json()["results"]
    assert [r["index"] for r in results] == list(range(len(items)))
    assert [r["status"] for r in results] == ["ok", *["input_error"] * 5, "ok"]
    assert results[0]["id"] == "a" and results[6]["id"] == "b" and "timings" not in results[6]
    assert "response" in results[1]["reason"] and results[1]["id"] == "no-response"
    assert results[2]["reason"] == "evidence is empty"
    assert "limit is 500" in results[3]["reason"]
    assert "'fava' is not served" in results[4]["reason"]
    assert results[5]["id"] is None


def test_batch_too_many_items(make_app: MakeApp, transit: dict[str, str]) -> None:
    with client_of(make_app(max_items=2)) as client:
        assert_error(client.post("/v1/check/batch", json={"items": [transit] * 3}), 413, "too_many_items")


def test_oversized_body_is_413(make_app: MakeApp, transit: dict[str, str]) -> None:
    with client_of(make_app(max_body_bytes=400)) as client:
        error = assert_error(client.post("/v1/check", json=transit), 413, "payload_too_large")
        assert "400 bytes" in error["message"]
        body = json.dumps(transit).encode()
        chunked = client.post(
            "/v1/check",
            content=iter([body[:300], body[300:]]),
            headers={"content-type": "application/json"},
        )
        assert_error(chunked, 413, "payload_too_large")
        small = client.post("/v1/check", json={"evidence": "Aspirin reduced pain.", "response": "Pain fell."})
        assert small.status_code == 200


def test_oversized_text_is_413(make_app: MakeApp, transit: dict[str, str]) -> None:
    with client_of(make_app(max_evidence_chars=100)) as client:
        error = assert_error(client.post("/v1/check", json=transit), 413, "text_too_large")
        assert error["message"] == f"evidence has {len(transit['evidence'])} characters; the limit is 100"


@pytest.mark.parametrize(
    ("body", "where"),
    [
        (b"{not json", None),
        (b'{"evidence": "e"}', "body.response"),
        (b'{"evidence": "e", "response": 3}', "body.response"),
        (b'{"evidence": "e", "response": "r", "verifier": "onnx:/tmp/model.onnx"}', "body.verifier"),
        (b'{"evidence": "e", "response": "r", "threshold": 2}', "body.threshold"),
        (b"[]", None),
    ],
)
def test_malformed_is_422_with_stable_shape(client: TestClient, body: bytes, where: str | None) -> None:
    resp = client.post("/v1/check", content=body, headers={"content-type": "application/json"})
    error = assert_error(resp, 422, "invalid_request")
    assert set(error) == {"code", "message", "details"}
    if where is not None:
        assert where in [d["loc"] for d in error["details"]]
    assert "/tmp/model.onnx" not in resp.text  # the offending input is never echoed


def test_bad_requests_are_400(client: TestClient, transit: dict[str, str]) -> None:
    error = assert_error(client.post("/v1/check", json={**transit, "detector": "llm-judge"}), 400, "unsupported_option")
    assert "decomposed" in error["message"]
    assert_error(client.post("/v1/check", json={**transit, "units": "claim"}), 400, "unsupported_option")
    error = assert_error(client.post("/v1/check", json={**transit, "response": " \n"}), 400, "input_error")
    assert error["message"] == "response is empty"


def test_unknown_route_and_method(client: TestClient) -> None:
    assert_error(client.get("/v2/nothing"), 404, "not_found")
    assert_error(client.get("/v1/check"), 405, "method_not_allowed")


def test_internal_error_is_500_json_without_details(
    make_app: MakeApp, verifier: RuleVerifier, transit: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(pairs: Any) -> np.ndarray:
        raise RuntimeError("secret evidence text")

    monkeypatch.setattr(verifier, "predict", broken)
    with client_of(make_app()) as client:
        resp = client.post("/v1/check", json=transit)
        assert_error(resp, 500, "internal_error")
        assert "secret" not in resp.text
        assert client.get("/healthz").status_code == 200  # the batcher survives
        assert 'medhal_http_errors_total{code="internal_error"} 1' in client.get("/metrics").text


def test_token_auth(make_app: MakeApp, transit: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEDHAL_SERVE_TOKEN", "s3cret")
    with client_of(make_app()) as client:
        resp = client.post("/v1/check", json=transit)
        assert_error(resp, 401, "unauthorized")
        assert resp.headers["www-authenticate"] == "Bearer"
        assert_error(
            client.post("/v1/check", json=transit, headers={"Authorization": "Bearer nope"}), 401, "unauthorized"
        )
        assert_error(
            client.post("/v1/check", json=transit, headers={"Authorization": "Basic s3cret"}), 401, "unauthorized"
        )
        assert_error(client.get("/metrics"), 401, "unauthorized")
        ok = client.post("/v1/check", json=transit, headers={"Authorization": "Bearer s3cret"})
        assert ok.status_code == 200
        assert client.get("/healthz").status_code == 200 and client.get("/").status_code == 200
        assert 'id="token"' in client.get("/").text
        assert client.get("/metrics", headers={"Authorization": "bearer s3cret"}).status_code == 200
        schema = client.get("/openapi.json").json()
        assert schema["paths"]["/v1/check"]["post"]["security"] == [{"bearer": []}]
        assert "security" not in schema["paths"]["/healthz"]["get"]


def test_healthz(client: TestClient) -> None:
    resp = client.get("/healthz")
    assert resp.status_code == 200
    body = resp.json()
    assert body["status"] == "ok" and body["verifier_id"] == "rule:test@000000000000"
    assert body["detectors"] == ["decomposed"] and body["units"] == ["clause", "sentence"]


def test_metrics_count_requests_batches_and_errors(client: TestClient, transit: dict[str, str]) -> None:
    client.post("/v1/check", json={**transit, "units": "sentence"})
    client.post("/v1/check", json={"evidence": "e"})
    client.get("/nowhere/at/all")
    text = client.get("/metrics").text
    assert client.get("/metrics").headers["content-type"].startswith("text/plain; version=0.0.4")
    assert 'medhal_http_requests_total{route="/v1/check",method="POST",status="200"} 1' in text
    assert 'medhal_http_requests_total{route="/v1/check",method="POST",status="422"} 1' in text
    assert 'medhal_http_requests_total{route="unmatched",method="GET",status="404"} 1' in text
    assert 'medhal_http_request_duration_seconds_bucket{route="/v1/check",le="+Inf"} 2' in text
    assert "medhal_verifier_batches_total 1" in text and "medhal_verifier_passes_total 45" in text
    assert 'medhal_http_errors_total{code="invalid_request"} 1' in text
    assert 'medhal_checked_items_total{status="ok"} 1' in text
    assert "# TYPE medhal_http_request_duration_seconds histogram" in text


def test_page_docs_and_openapi(client: TestClient, transit: dict[str, str]) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<form" in page.text and "v1/render" in page.text and '<div hidden><label for="token">' in page.text
    assert "connect-src 'self'" in page.headers["content-security-policy"]
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/v1/check/batch" in docs.text and "CheckRequest" in docs.text
    assert "http://" not in docs.text and "https://" not in docs.text  # nothing fetched from a CDN
    schema = client.get("/openapi.json").json()
    assert {"/v1/check", "/v1/check/batch", "/v1/render", "/healthz", "/metrics"} <= set(schema["paths"])
    assert client.get("/redoc").status_code == 404
    html = client.post("/v1/render", json={**transit, "units": "sentence"})
    assert html.status_code == 200 and html.headers["content-type"].startswith("text/html")
    assert html.headers["x-medhal-flagged"] == "true" and float(html.headers["x-medhal-score"]) > 0.5
    assert 'data-verdict="contradicted"' in html.text and "Mayor Ortiz opposed the expansion." in html.text


def test_nothing_loads_files_from_a_request(make_app: MakeApp, transit: dict[str, str]) -> None:
    with client_of(make_app(detectors=["nli-clause"])) as client:
        resp = client.post("/v1/check", json={**transit, "detector": "nli-clause", "premise": "windows"})
        assert resp.status_code == 200 and resp.json()["detector"] == "nli-clause"
        assert_error(client.post("/v1/check", json={**transit, "detector": "kg-triple"}), 400, "unsupported_option")


def test_start_up_refuses_detectors_that_need_more_than_the_verifier(make_app: MakeApp) -> None:
    from medhal.detect import ConfigError

    with pytest.raises(ConfigError, match="cannot be served"):
        make_app(detector="llm-judge")
    with pytest.raises(ConfigError, match="cannot be served"):
        make_app(units="claim")


async def _concurrent(app: Any, bodies: list[dict[str, Any]]) -> list[httpx.Response]:
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return list(await asyncio.gather(*(client.post("/v1/check", json=b) for b in bodies)))


def _bodies(transit: dict[str, str]) -> list[dict[str, Any]]:
    sentences = transit["response"].split(". ")
    return [
        {"evidence": transit["evidence"], "response": f"{sentences[i % len(sentences)]}. Report {i}.", "id": str(i)}
        for i in range(8)
    ]


def test_concurrent_requests_share_one_verifier_call(
    make_app: MakeApp, verifier: RuleVerifier, transit: dict[str, str]
) -> None:
    app = make_app(max_batch=8, batch_wait_ms=2000)  # dispatched when 8 are waiting, long before the deadline
    responses = asyncio.run(_concurrent(app, _bodies(transit)))
    assert [r.status_code for r in responses] == [200] * 8
    assert len(verifier.calls) == 1
    batched = [r.json() for r in responses]
    assert [b["id"] for b in batched] == [str(i) for i in range(8)]
    assert all(b["timings"]["batch_verify_s"] == batched[0]["timings"]["batch_verify_s"] for b in batched)
    assert "medhal_verifier_batches_total 1" in app.state.service.metrics.render()

    verifier.calls.clear()
    alone = [r.json() for r in asyncio.run(_concurrent(make_app(max_batch=1), _bodies(transit)))]
    assert len(verifier.calls) == 8

    def stable(record: dict[str, Any]) -> dict[str, Any]:  # all but timings and the pass accounting
        return {k: v for k, v in record.items() if k not in ("timings", "verifier_passes")}

    assert [stable(b) for b in batched] == [stable(a) for a in alone]
    assert sum(b["verifier_passes"] for b in batched) < sum(a["verifier_passes"] for a in alone)  # windows shared


def test_batch_wait_gathers_stragglers(make_app: MakeApp, verifier: RuleVerifier, transit: dict[str, str]) -> None:
    async def staggered(app: Any) -> list[int]:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:

                async def later(i: int, body: dict[str, Any]) -> int:
                    await asyncio.sleep(0.01 * i)
                    return (await client.post("/v1/check", json=body)).status_code

                return list(await asyncio.gather(*(later(i, b) for i, b in enumerate(_bodies(transit)[:4]))))

    assert asyncio.run(staggered(make_app(max_batch=32, batch_wait_ms=500))) == [200] * 4
    assert len(verifier.calls) == 1
