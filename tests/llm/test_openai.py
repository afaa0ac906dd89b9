from __future__ import annotations

import socket
import time

import pytest

from medhal.llm import (
    Engine,
    GenerationConfig,
    GenerationRequest,
    ImagePart,
    LLMConfigError,
    Message,
    OpenAIClient,
    RetryPolicy,
    TextPart,
    Timeouts,
)

from .stub_server import StubServer

FAST = RetryPolicy(max_attempts=3, base_delay=0.01, max_delay=0.05)


def client(stub: StubServer, **kwargs: object) -> OpenAIClient:
    options: dict[str, object] = {"base_url": stub.url, "retry": FAST, "timeouts": Timeouts(read=2.0)}
    options.update(kwargs)
    return OpenAIClient("stub-model", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("fault", ["429", "503", "500", "malformed", "truncated", "drop"])
def test_transient_faults_are_retried(stub: StubServer, fault: str) -> None:
    result = Engine(client(stub)).generate([GenerationRequest("a", prompt=f"hello [[faults={fault}]]")])[0]
    assert result.status == "ok", result.reason
    assert result.attempts == 2 and result.text == "echo: hello"
    assert stub.requests == 2


def test_read_timeout_is_retried(stub: StubServer) -> None:
    stub.slow_s = 1.0
    c = client(stub, timeouts=Timeouts(read=0.2))
    result = Engine(c).generate([GenerationRequest("a", prompt="x [[faults=slow]]")])[0]
    assert result.status == "ok" and result.attempts == 2


def test_permanent_failures_are_data_not_exceptions(stub: StubServer) -> None:
    requests = [
        GenerationRequest("bad-request", prompt="x [[always=400]]"),
        GenerationRequest("down", prompt="y [[always=500]]"),
        GenerationRequest("dropping", prompt="z [[always=drop]]"),
        GenerationRequest("few", prompt="w [[always=few]]", config=GenerationConfig(n=3)),
        GenerationRequest("fine", prompt="v"),
    ]
    results = {r.id: r for r in Engine(client(stub)).generate(requests)}
    assert [r.id for r in Engine(client(stub)).generate(requests)] == [r.id for r in requests]
    assert results["bad-request"].status == "api_error" and results["bad-request"].attempts == 1
    assert results["bad-request"].reason == "HTTP 400: stub failure after 1 attempt"
    assert results["down"].status == "api_error" and results["down"].attempts == 3
    assert results["dropping"].status == "api_error" and "connection broken" in (results["dropping"].reason or "")
    assert results["few"].status == "api_error" and "2 of n=3" in (results["few"].reason or "")
    assert results["fine"].status == "ok"


def test_retry_after_is_honoured(stub: StubServer) -> None:
    started = time.perf_counter()
    result = Engine(client(stub)).generate([GenerationRequest("a", prompt="x [[faults=429]] [[retry_after=0.4]]")])[0]
    elapsed = time.perf_counter() - started
    assert result.status == "ok" and result.attempts == 2
    assert elapsed >= 0.4  # the backoff alone would wait <= 0.01 s


def test_connection_refused_is_api_error() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    c = OpenAIClient("m", base_url=f"http://127.0.0.1:{port}/v1", retry=FAST)
    result = Engine(c).generate([GenerationRequest("a", prompt="x")])[0]
    assert result.status == "api_error" and result.attempts == 3
    assert (result.reason or "").startswith("network error")


def test_concurrency_is_bounded(stub: StubServer) -> None:
    stub.delay = 0.05
    c = client(stub, concurrency=3)
    requests = [GenerationRequest(str(i), prompt=f"q{i}") for i in range(12)]
    started = time.perf_counter()
    results = Engine(c, concurrency=12).generate(requests)
    elapsed = time.perf_counter() - started
    assert all(r.ok for r in results)
    assert stub.max_in_flight <= 3
    assert elapsed >= 0.05 * 12 / 3 * 0.9


def test_routes_chat_and_completion_and_sends_settings(stub: StubServer) -> None:
    config = GenerationConfig(temperature=0.7, top_p=0.9, max_tokens=33, stop=("END",), seed=5, n=2)
    image = ImagePart.from_bytes(b"\x89PNG....", "image/png")
    requests = [
        GenerationRequest("p", prompt="complete me"),
        GenerationRequest("c", messages=(Message("system", "be brief"), Message("user", (TextPart("look"), image)))),
        GenerationRequest("s", prompt="sample me", config=config),
    ]
    results = {r.id: r for r in Engine(client(stub)).generate(requests)}
    assert stub.paths == {"/v1/completions": 2, "/v1/chat/completions": 1}
    chat_body = next(b for b in stub.bodies if "messages" in b)
    assert chat_body["messages"][1]["content"][1] == {"type": "image_url", "image_url": {"url": image.url}}
    assert chat_body["messages"][1]["content"][1]["image_url"]["url"].startswith("data:image/png;base64,")
    sampled = next(b for b in stub.bodies if b.get("prompt") == "sample me")
    assert sampled["temperature"] == 0.7 and sampled["top_p"] == 0.9 and sampled["max_tokens"] == 33
    assert sampled["stop"] == ["END"] and sampled["seed"] == 5 and sampled["n"] == 2
    assert results["s"].texts == ("echo: sample me [seed=5 sample=0]", "echo: sample me [seed=5 sample=1]")
    assert results["c"].text == "echo: look"
    assert results["p"].usage == {"prompt_tokens": 2, "completion_tokens": 3}


def test_endpoint_modes(stub: StubServer) -> None:
    chat_only = client(stub, endpoint="chat")
    assert Engine(chat_only).generate([GenerationRequest("a", prompt="hi")])[0].text == "echo: hi"
    assert stub.paths == {"/v1/chat/completions": 1}
    completions_only = client(stub, endpoint="completions")
    refused = Engine(completions_only).generate([GenerationRequest("b", messages=(Message("user", "hi"),))])[0]
    assert refused.status == "input_error" and refused.attempts == 0


def test_api_key_comes_from_env_only_and_is_never_recorded(stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "sk-test-0123456789abcdef"
    monkeypatch.setenv("MEDHAL_API_KEY", secret)
    c = client(stub)
    result = Engine(c).generate([GenerationRequest("a", prompt=f"{secret} [[always=400]]")])[0]
    assert stub.authorization == [f"Bearer {secret}"]
    assert secret not in repr(c) and secret not in str(c.describe()) and secret not in c.endpoint
    assert c.describe()["api_key_env"] == "MEDHAL_API_KEY"
    assert secret not in (result.reason or "")


def test_no_key_no_authorization_header(stub: StubServer) -> None:
    Engine(client(stub)).generate([GenerationRequest("a", prompt="x")])
    assert stub.authorization == [None]
    assert client(stub).describe()["api_key_env"] is None


def test_base_url_from_argument_or_env(stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LLMConfigError, match="MEDHAL_BASE_URL"):
        OpenAIClient("m")
    with pytest.raises(LLMConfigError, match="http"):
        OpenAIClient("m", base_url="ftp://example")
    monkeypatch.setenv("MEDHAL_BASE_URL", stub.url + "/")
    c = OpenAIClient("m")
    assert c.endpoint == stub.url
    assert Engine(c).generate([GenerationRequest("a", prompt="x")])[0].ok


def test_reserved_extra_body_keys_are_refused(stub: StubServer) -> None:
    with pytest.raises(LLMConfigError, match="temperature"):
        client(stub, extra_body={"temperature": 1.0})
    c = client(stub, extra_body={"top_k": 20})
    Engine(c).generate([GenerationRequest("a", prompt="x")])
    assert stub.bodies[0]["top_k"] == 20 and "top_k" in c.endpoint


def test_client_is_reusable_across_event_loops(stub: StubServer) -> None:
    c = client(stub)
    for round_ in range(3):
        assert Engine(c).generate([GenerationRequest(str(round_), prompt="x")])[0].ok
