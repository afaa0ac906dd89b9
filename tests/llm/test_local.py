"""The in-process clients' shared base, exercised through VLLMClient over a fake ``vllm`` module (no GPU here)."""

from __future__ import annotations

import asyncio
import sys
import types
from typing import Any

import pytest

from medhal.llm.base import GenerationConfig, GenerationRequest, Message
from medhal.llm.vllm import VLLMClient


class _Sample:
    def __init__(self, text: str) -> None:
        self.text, self.finish_reason = text, "stop"


class _Output:
    def __init__(self, text: str) -> None:
        self.outputs = [_Sample(text)]


class _FakeLLM:
    def __init__(self, model: str, **kwargs: Any) -> None:
        self.model = model

    def generate(self, prompts: list[str], params: Any, use_tqdm: bool) -> list[_Output]:
        if any("boom" in p for p in prompts):
            raise RuntimeError("CUDA out of\nmemory")
        return [_Output(p.upper()) for p in prompts]

    def chat(self, conversations: list[Any], params: Any, use_tqdm: bool) -> list[_Output]:
        return [_Output(f"chat:{c[-1]['content']}") for c in conversations]


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> VLLMClient:
    fake = types.ModuleType("vllm")
    fake.LLM = _FakeLLM  # type: ignore[attr-defined]
    fake.SamplingParams = lambda **kw: kw  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "vllm", fake)
    return VLLMClient("tiny", batch_size=4)


def test_results_in_order_with_one_failed_group(client: VLLMClient) -> None:
    hot = GenerationConfig(temperature=0.7, seed=1)
    requests = [
        GenerationRequest("a", prompt="one"),
        GenerationRequest("b", messages=(Message("user", "hi"),)),
        GenerationRequest("c", prompt="boom", config=hot),
        GenerationRequest("d", prompt="two"),
    ]
    results = asyncio.run(client.generate(requests))
    assert [r.id for r in results] == ["a", "b", "c", "d"]
    assert results[0].texts == ("ONE",) and results[3].texts == ("TWO",) and results[1].texts == ("chat:hi",)
    assert results[0].finish_reasons == ("stop",) and results[0].attempts == 1
    assert results[2].status == "api_error"
    assert results[2].reason == "vLLM failed: RuntimeError: CUDA out of memory"  # one line
    assert client.endpoint == "" and client.batch_size == 4 and asyncio.run(client.generate([])) == []
