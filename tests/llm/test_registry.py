from __future__ import annotations

import importlib.util

import pytest

from medhal.llm import LLMConfigError, OpenAIClient, load_client, parse_model_spec

from .stub_server import StubServer


def test_parse_model_spec() -> None:
    spec = parse_model_spec("openai/meta-llama/Llama-3.1-8B-Instruct")
    assert (spec.provider, spec.model) == ("openai", "meta-llama/Llama-3.1-8B-Instruct")
    assert str(spec) == "openai/meta-llama/Llama-3.1-8B-Instruct"
    assert parse_model_spec("hf//models/tiny").model == "/models/tiny"
    for bad in ("gpt-4o", "openai/", "anthropic/claude", "/x", ""):
        with pytest.raises(LLMConfigError):
            parse_model_spec(bad)


def test_load_openai_client(stub: StubServer) -> None:
    client = load_client("openai/qwen", base_url=stub.url, concurrency=3)
    assert isinstance(client, OpenAIClient)
    assert client.model_id == "openai/qwen" and client.concurrency == 3 and client.batch_size == 1
    with pytest.raises(LLMConfigError, match="MEDHAL_BASE_URL"):
        load_client("openai/qwen")
    with pytest.raises(LLMConfigError, match="concurrency"):
        load_client("openai/qwen", base_url=stub.url, batch_size=8)


def test_options_that_do_not_apply_are_refused() -> None:
    with pytest.raises(LLMConfigError, match="openai/"):
        load_client("hf/tiny", base_url="http://127.0.0.1:1/v1")


@pytest.mark.skipif(importlib.util.find_spec("vllm") is not None, reason="vLLM is installed here")
def test_vllm_without_vllm_says_how_to_install() -> None:
    with pytest.raises(LLMConfigError, match=r"medhal\[vllm\]"):
        load_client("vllm/Qwen/Qwen2.5-0.5B-Instruct")


def test_hf_load_failure_is_a_config_error(tmp_path: object) -> None:
    pytest.importorskip("transformers")
    with pytest.raises(LLMConfigError, match="cannot load"):
        load_client(f"hf/{tmp_path}/no-such-model")
