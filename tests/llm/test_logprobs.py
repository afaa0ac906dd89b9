"""Log-probabilities through the OpenAI client: the request fields, both response shapes, and the cache key."""

from __future__ import annotations

import json
import math
from typing import Any

import httpx
import pytest

from medhal.llm.base import GenerationConfig, GenerationRequest, Message, RequestError
from medhal.llm.engine import run_sync
from medhal.llm.openai import OpenAIClient


def _client(answer: dict[str, Any], seen: list[dict[str, Any]], *, reject: str | None = None) -> OpenAIClient:
    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        seen.append(body)
        if reject is not None and reject in body:
            message = f"Unsupported parameter: '{reject}' is not supported with this model."
            return httpx.Response(400, json={"error": {"message": message, "param": reject}})
        return httpx.Response(200, json=answer)

    return OpenAIClient("m", base_url="http://stub.invalid/v1", transport=httpx.MockTransport(handler))


CHAT = {
    "choices": [
        {
            "index": 0,
            "finish_reason": "stop",
            "message": {"role": "assistant", "content": "Entailment"},
            "logprobs": {
                "content": [
                    {
                        "token": "Ent",
                        "logprob": math.log(0.7),
                        "top_logprobs": [
                            {"token": "Ent", "logprob": math.log(0.7)},
                            {"token": "Neutral", "logprob": math.log(0.2)},
                        ],
                    },
                    {"token": "ailment", "logprob": -0.01, "top_logprobs": []},
                ]
            },
        }
    ]
}


def test_chat_requests_ask_for_top_logprobs_and_get_them_back() -> None:
    seen: list[dict[str, Any]] = []
    request = GenerationRequest("a", messages=(Message("user", "x"),), config=GenerationConfig(logprobs=5))
    (result,) = run_sync(lambda: _client(CHAT, seen).generate([request]))
    assert seen[0]["logprobs"] is True and seen[0]["top_logprobs"] == 5
    assert result.ok and result.text == "Entailment"
    (tokens,) = result.logprobs
    assert tokens is not None and [t.token for t in tokens] == ["Ent", "ailment"]
    assert tokens[0].top[1] == ("Neutral", pytest.approx(math.log(0.2)))


def test_completions_shape_and_no_logprobs_asked() -> None:
    answer = {
        "choices": [
            {
                "index": 0,
                "text": " neutral",
                "logprobs": {
                    "tokens": [" neutral"],
                    "token_logprobs": [-0.1],
                    "top_logprobs": [{" neutral": -0.1, " entail": -2.5}],
                },
            }
        ]
    }
    seen: list[dict[str, Any]] = []
    asked = GenerationRequest("a", prompt="x", config=GenerationConfig(logprobs=2))
    plain = GenerationRequest("b", prompt="x")
    first, second = run_sync(lambda: _client(answer, seen).generate([asked, plain]))
    assert seen[0]["logprobs"] == 2 and "logprobs" not in seen[1] and "top_logprobs" not in seen[1]
    (tokens,) = first.logprobs
    assert tokens is not None and tokens[0].top == ((" neutral", -0.1), (" entail", -2.5))
    assert second.logprobs  # the server sent them unasked: kept, harmless


def test_a_server_that_rejects_logprobs_is_asked_again_without_them() -> None:
    seen: list[dict[str, Any]] = []
    plain_answer = {"choices": [{"index": 0, "message": {"role": "assistant", "content": "neutral"}}]}
    client = OpenAIClient(
        "reject-logprobs-model",
        base_url="http://stub2.invalid/v1",
        transport=httpx.MockTransport(
            lambda r: (
                httpx.Response(400, json={"error": {"message": "top_logprobs is not supported"}})
                if "top_logprobs" in json.loads(r.content)
                else (seen.append(json.loads(r.content)), httpx.Response(200, json=plain_answer))[1]
            )
        ),
    )
    request = GenerationRequest("a", messages=(Message("user", "x"),), config=GenerationConfig(logprobs=5))
    (result,) = run_sync(lambda: client.generate([request]))
    assert result.ok and result.text == "neutral" and result.logprobs == ()
    assert "logprobs" not in seen[-1] and "top_logprobs" not in seen[-1]


def test_logprobs_config_is_validated_and_keyed_only_when_set() -> None:
    assert "logprobs" not in GenerationConfig().to_dict()  # old cache keys are unchanged
    config = GenerationConfig(logprobs=5)
    assert config.to_dict()["logprobs"] == 5 and GenerationConfig.from_dict(config.to_dict()) == config
    for bad in (-1, 21, True):
        with pytest.raises(RequestError, match="logprobs"):
            GenerationConfig(logprobs=bad)
