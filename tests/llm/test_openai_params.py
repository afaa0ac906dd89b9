"""Today's OpenAI API: max_completion_tokens, sampling parameters, model arguments, response_format."""

from __future__ import annotations

import re

import pytest

from medhal.llm import Engine, GenerationConfig, GenerationRequest, LLMConfigError, OpenAIClient, RetryPolicy
from medhal.llm.openai import _ADAPTED, is_reasoning_model, rejected_parameter

from .stub_server import StubServer

FAST = RetryPolicy(max_attempts=3, base_delay=0.01, max_delay=0.05)


@pytest.fixture(autouse=True)
def _forget_adaptations() -> None:
    _ADAPTED.clear()


@pytest.mark.parametrize(
    ("name", "reasoning"),
    [
        ("o1", True),
        ("o3-mini", True),
        ("o4-mini-2025-04-16", True),
        ("gpt-5", True),
        ("gpt-5-mini", True),
        ("openai/o3-mini", True),
        ("gpt-4o", False),
        ("gpt-4o-mini", False),
        ("ollama-model", False),
        ("meta-llama/Llama-3.1-8B-Instruct", False),
    ],
)
def test_reasoning_families(name: str, reasoning: bool) -> None:
    assert is_reasoning_model(name) is reasoning


def test_known_family_sends_max_completion_tokens_and_no_sampling(stub: StubServer) -> None:
    stub.reasoning_models = re.compile(r"^o3")
    client = OpenAIClient("o3-mini", base_url=stub.url, retry=FAST)
    result = Engine(client).generate([GenerationRequest("a", prompt="hi", config=GenerationConfig(max_tokens=77))])
    assert result[0].status == "ok", result[0].reason
    body = stub.bodies[-1]
    assert body["max_completion_tokens"] == 77
    assert "max_tokens" not in body and "temperature" not in body and "top_p" not in body
    assert stub.requests == 1
    assert client.describe()["token_param"] == "max_completion_tokens"


def test_unknown_name_adapts_once_and_remembers(stub: StubServer) -> None:
    stub.reasoning_models = re.compile(r"my-reasoner")
    client = OpenAIClient("my-reasoner", base_url=stub.url, retry=FAST)
    first = Engine(client).generate([GenerationRequest("a", prompt="one")])[0]
    assert first.status == "ok", first.reason
    assert first.attempts == 3  # max_tokens rejected, then temperature, then it goes through
    assert client.adaptations == {"max_tokens", "temperature"}
    assert client.describe()["adapted"] == ["max_tokens", "temperature"]
    stub.reset()
    second = Engine(client).generate([GenerationRequest("b", prompt="two")])[0]
    assert second.status == "ok" and second.attempts == 1 and stub.requests == 1
    assert "max_tokens" not in stub.bodies[0] and "max_completion_tokens" in stub.bodies[0]
    # a second client for the same server and model starts with what the first learned
    again = OpenAIClient("my-reasoner", base_url=stub.url, retry=FAST)
    assert again.adaptations == {"max_tokens", "temperature"}


def test_forced_max_tokens_still_adapts_and_explicit_arg_is_never_rewritten(stub: StubServer) -> None:
    stub.reasoning_models = re.compile(r"^o3")
    forced = OpenAIClient("o3-mini", base_url=stub.url, retry=FAST, token_param="max_tokens", sampling="send")
    assert Engine(forced).generate([GenerationRequest("a", prompt="x")])[0].status == "ok"
    _ADAPTED.clear()
    # a parameter the user asked for with -M is not silently dropped: the error names it and the fix
    stub.reject_fields = {"reasoning_effort"}
    pinned = OpenAIClient("o3-mini", base_url=stub.url, retry=FAST, extra_body={"reasoning_effort": "low"})
    bad = Engine(pinned).generate([GenerationRequest("b", prompt="y")])[0]
    assert bad.status == "api_error" and bad.attempts == 1
    assert "the server rejects 'reasoning_effort': drop -M reasoning_effort" in (bad.reason or "")
    # a generation parameter the server still refuses after the fix: the reason names the -M way out
    _ADAPTED.clear()
    stub.reject_fields = {"max_completion_tokens", "max_tokens"}
    both = Engine(OpenAIClient("o3-mini", base_url=stub.url, retry=FAST)).generate([GenerationRequest("c", prompt="z")])
    assert both[0].status == "api_error" and both[0].attempts == 2
    assert "-M max_tokens=null sends no limit" in (both[0].reason or "")


def test_model_args_reach_the_body_and_the_cache_key(stub: StubServer) -> None:
    plain = OpenAIClient("o3-mini", base_url=stub.url, retry=FAST)
    tuned = OpenAIClient("o3-mini", base_url=stub.url, retry=FAST, extra_body={"reasoning_effort": "low"})
    assert Engine(tuned).generate([GenerationRequest("a", prompt="x")])[0].status == "ok"
    assert stub.bodies[-1]["reasoning_effort"] == "low"
    assert plain.endpoint != tuned.endpoint  # the cache key includes the endpoint
    assert tuned.describe()["extra_body"] == {"reasoning_effort": "low"}


def test_model_args_null_leaves_a_sampling_parameter_out(stub: StubServer) -> None:
    client = OpenAIClient("gpt-4o", base_url=stub.url, retry=FAST, extra_body={"temperature": None})
    assert Engine(client).generate([GenerationRequest("a", prompt="x")])[0].status == "ok"
    assert "temperature" not in stub.bodies[-1] and stub.bodies[-1]["top_p"] == 1.0
    with pytest.raises(LLMConfigError, match="generation config"):
        OpenAIClient("gpt-4o", base_url=stub.url, extra_body={"temperature": 0.3})
    mct = OpenAIClient("gpt-4o", base_url=stub.url, retry=FAST, extra_body={"max_completion_tokens": 9})
    assert Engine(mct).generate([GenerationRequest("b", prompt="y")])[0].status == "ok"
    assert stub.bodies[-1]["max_completion_tokens"] == 9 and "max_tokens" not in stub.bodies[-1]


def test_response_format_is_requested_and_dropped_when_rejected(stub: StubServer) -> None:
    schema = {"type": "object", "properties": {"label": {"type": "string"}}}
    config = GenerationConfig(json_schema=schema)
    assert "json_schema" in config.to_dict() and "json_schema" not in GenerationConfig().to_dict()
    assert GenerationConfig.from_dict(config.to_dict()) == config
    client = OpenAIClient("gpt-4o", base_url=stub.url, retry=FAST)
    assert Engine(client).generate([GenerationRequest("a", prompt="x", config=config)])[0].status == "ok"
    assert stub.bodies[-1]["response_format"]["json_schema"]["schema"] == schema
    stub.reject_fields = {"response_format"}
    stub.reset()
    result = Engine(client).generate([GenerationRequest("b", prompt="y", config=config)])[0]
    assert result.status == "ok" and result.attempts == 2
    assert "response_format" not in stub.bodies[-1]
    assert client.adaptations == {"response_format"}


@pytest.mark.parametrize(
    ("status", "body", "expected"),
    [
        (400, '{"error": {"message": "x", "param": "max_tokens"}}', "max_tokens"),
        (400, '{"error": {"message": "Unsupported parameter: \'top_p\' is not supported"}}', "top_p"),
        (422, '{"detail": "Extra inputs are not permitted: reasoning_effort"}', "reasoning_effort"),
        (400, '{"error": {"message": "prompt too long"}}', None),
        (500, '{"error": {"message": "Unsupported parameter: max_tokens"}}', None),
    ],
)
def test_rejected_parameter(status: int, body: str, expected: str | None) -> None:
    sent = {"model": "m", "prompt": "p", "max_tokens": 5, "top_p": 1.0, "reasoning_effort": "low"}
    assert rejected_parameter(status, body, sent) == expected
