"""The service with evidence given as passages (issue 19): ``/v1/check``, ``/v1/check/batch`` and ``/v1/render``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from fakes import RuleVerifier
from medhal.checker import Checker
from passage_items import EVIDENCE, PASSAGES, RESPONSE, TEXTS, assert_pointers_in_passages, contradicting_passages

MakeApp = Callable[..., Any]


@pytest.fixture
def client(make_app: MakeApp) -> Iterator[TestClient]:
    with TestClient(make_app(), raise_server_exceptions=False) as c:
        yield c


def _error(resp: Any, status: int, code: str) -> str:
    assert resp.status_code == status, resp.text
    body = resp.json()["error"]
    assert body["code"] == code
    return str(body["message"])


def test_check_three_passages(client: TestClient, verifier: RuleVerifier) -> None:
    resp = client.post("/v1/check", json={"evidence": PASSAGES, "response": RESPONSE, "units": "sentence"})
    assert resp.status_code == 200, resp.text
    record = resp.json()
    assert_pointers_in_passages(record, PASSAGES)
    assert contradicting_passages(record) == {1: "mayor"}
    expected = Checker(RuleVerifier(verifier.contradictions), units="sentence").check(PASSAGES, RESPONSE)
    assert record["units"] == expected.to_dict()["units"]  # the record the Python API gives


def test_check_passages_as_strings_and_integer_ids(client: TestClient) -> None:
    record = client.post("/v1/check", json={"evidence": TEXTS, "response": RESPONSE}).json()
    assert_pointers_in_passages(record, [{"id": str(k), "text": t} for k, t in enumerate(TEXTS, start=1)])
    numbered = [{"id": 10 + k, "text": p["text"]} for k, p in enumerate(PASSAGES)]
    record = client.post("/v1/check", json={"evidence": numbered, "response": RESPONSE}).json()
    assert {p["passage"] for u in record["units"] for p in u["evidence"].values() if p} <= {"10", "11", "12"}


def test_string_evidence_is_unchanged(client: TestClient) -> None:
    record = client.post("/v1/check", json={"evidence": EVIDENCE, "response": RESPONSE, "timings": False}).json()
    assert record["status"] == "ok" and "passage" not in str(record)


@pytest.mark.parametrize(
    ("evidence", "message"),
    [
        ([], "evidence is an empty list; give at least one passage"),
        (["A.", " "], "evidence passage 2 is empty"),
        ([{"id": "a", "text": "A."}, {"id": "a", "text": "B."}], "evidence passages 1 and 2 share the id 'a'"),
    ],
)
def test_lists_medhal_refuses_are_400(client: TestClient, evidence: list[Any], message: str) -> None:
    assert (
        _error(client.post("/v1/check", json={"evidence": evidence, "response": "R."}), 400, "input_error") == message
    )


@pytest.mark.parametrize(
    "evidence",
    [
        [1, 2],
        ["A.", {"id": "b", "text": "B."}],
        [{"id": "a", "text": "A.", "url": "u"}],
        [{"text": "A."}],
        {"id": "a", "text": "A."},
    ],
)
def test_wrong_shapes_are_422(client: TestClient, evidence: Any) -> None:
    _error(client.post("/v1/check", json={"evidence": evidence, "response": "R."}), 422, "invalid_request")


def test_a_passage_id_with_a_lone_surrogate_is_422(client: TestClient) -> None:
    body = '{"evidence": [{"id": "\\ud800", "text": "A."}], "response": "R."}'
    resp = client.post("/v1/check", content=body, headers={"content-type": "application/json"})
    assert "lone surrogate" in _error(resp, 422, "invalid_request")


def test_oversized_passages_are_413(make_app: MakeApp) -> None:
    with TestClient(make_app(max_evidence_chars=100), raise_server_exceptions=False) as client:
        message = _error(
            client.post("/v1/check", json={"evidence": ["a" * 60, "b" * 40], "response": "R."}), 413, "text_too_large"
        )
    assert message == "evidence has 102 characters (its passages joined); the limit is 100"


def test_batch_mixes_passages_strings_and_errors(client: TestClient) -> None:
    items: list[Any] = [
        {"evidence": PASSAGES, "response": RESPONSE, "id": "p", "units": "sentence"},
        {"evidence": [], "response": RESPONSE, "id": "empty"},
        {"evidence": EVIDENCE, "response": RESPONSE, "id": "s"},
        {"evidence": [{"id": "x"}], "response": RESPONSE, "id": "shape"},
    ]
    results = client.post("/v1/check/batch", json={"items": items}).json()["results"]
    assert [(r["index"], r["id"], r["status"]) for r in results] == [
        (0, "p", "ok"),
        (1, "empty", "input_error"),
        (2, "s", "ok"),
        (3, "shape", "input_error"),
    ]
    assert_pointers_in_passages(results[0], PASSAGES)
    assert results[1]["reason"] == "evidence is an empty list; give at least one passage"
    assert "passage" not in str(results[2]["units"])


def test_render_shows_passages(client: TestClient) -> None:
    resp = client.post("/v1/render", json={"evidence": PASSAGES, "response": RESPONSE, "units": "sentence"})
    assert resp.status_code == 200, resp.text
    page = resp.text
    for k, passage in enumerate(PASSAGES):
        assert f'<div class="ev-block" data-block="{k}"' in page and f'data-passage="{passage["id"]}"' in page
    assert '"passage":"mayor"' in page
