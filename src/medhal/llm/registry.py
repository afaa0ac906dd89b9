"""``load_client("provider/model")``: the one way medhal turns a model spec into a :class:`ModelClient`.

Specs follow the ``provider/model`` convention; everything after the first ``/`` is the model, so hub ids keep
their own slash (``openai/meta-llama/Llama-3.1-8B-Instruct`` is the model ``meta-llama/Llama-3.1-8B-Instruct``
on an OpenAI-compatible server):

* ``openai/<model>``: :class:`~medhal.llm.openai.OpenAIClient` (base URL from ``base_url`` or
  ``MEDHAL_BASE_URL``; key from ``MEDHAL_API_KEY`` / ``OPENAI_API_KEY``); several comma-separated base URLs
  (replicas of one model) give a load-balancing :class:`~medhal.llm.balance.BalancedClient` instead;
* ``hf/<hub id or path>``: :class:`~medhal.llm.hf.HFClient` (needs ``medhal[hf]``);
* ``vllm/<hub id or path>``: :class:`~medhal.llm.vllm.VLLMClient` (needs ``medhal[vllm]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from medhal.llm.balance import HealthPolicy, balanced_openai_client, split_base_urls
from medhal.llm.base import LLMConfigError, ModelClient
from medhal.llm.openai import Endpoint, OpenAIClient, Timeouts
from medhal.llm.retry import RetryPolicy

__all__ = ["PROVIDERS", "ModelSpec", "load_client", "parse_model_spec"]

Provider = Literal["openai", "hf", "vllm"]
PROVIDERS: tuple[str, ...] = get_args(Provider)


@dataclass(frozen=True, slots=True)
class ModelSpec:
    provider: Provider
    model: str

    def __str__(self) -> str:
        return f"{self.provider}/{self.model}"


def parse_model_spec(spec: str) -> ModelSpec:
    """Split ``provider/model``; :class:`LLMConfigError` for an unknown provider or a missing model."""
    provider, sep, model = spec.strip().partition("/")
    if not sep or not model.strip():
        raise LLMConfigError(
            f"model spec {spec!r} must look like provider/model, provider one of {', '.join(PROVIDERS)}"
        )
    if provider not in PROVIDERS:
        raise LLMConfigError(f"unknown model provider {provider!r} in {spec!r}; use one of {', '.join(PROVIDERS)}")
    return ModelSpec(provider, model.strip())  # type: ignore[arg-type]


def load_client(
    spec: str,
    *,
    base_url: str | None = None,
    api_key_env: str | None = None,
    endpoint: Endpoint = "auto",
    concurrency: int = 16,
    timeouts: Timeouts | None = None,
    retry: RetryPolicy | None = None,
    batch_size: int | None = None,
    device: str = "cpu",
    dtype: str | None = None,
    model_args: Mapping[str, Any] | None = None,
    replica_concurrency: int | None = None,
    health: HealthPolicy | None = None,
) -> ModelClient:
    """A ready client for ``spec``.  Options that do not apply to the provider raise :class:`LLMConfigError`
    (so a ``--base-url`` is never silently ignored).  ``model_args`` (``-M key=value``) are merged into every
    request body of an ``openai/`` model (``reasoning_effort``, ``max_completion_tokens``, ``top_k``...).

    ``base_url`` (else ``$MEDHAL_BASE_URL``) may list several comma-separated replicas of one model: the client
    is then a :class:`~medhal.llm.balance.BalancedClient` spreading ``concurrency`` requests over them, at most
    ``replica_concurrency`` on one (default: split evenly), with ``health`` deciding how long a failing replica
    is left alone."""
    parsed = parse_model_spec(spec)
    if parsed.provider == "openai":
        if batch_size not in (None, 1):
            raise LLMConfigError("openai/ models take one request per call; use --concurrency instead of a batch size")
        urls = split_base_urls(base_url)
        if len(urls) > 1:
            return balanced_openai_client(
                parsed.model,
                urls,
                api_key_env=api_key_env,
                endpoint=endpoint,
                concurrency=concurrency,
                replica_concurrency=replica_concurrency,
                timeouts=timeouts,
                retry=retry,
                health=health,
                extra_body=model_args,
            )
        return OpenAIClient(
            parsed.model,
            base_url=urls[0] if urls else base_url,
            api_key_env=api_key_env,
            endpoint=endpoint,
            concurrency=concurrency,
            timeouts=timeouts,
            retry=retry,
            extra_body=model_args,
        )
    if model_args:
        raise LLMConfigError(f"model arguments (-M, --model-args) apply to openai/ models, not {parsed.provider}/")
    if base_url is not None or api_key_env is not None:
        raise LLMConfigError(f"--base-url and API keys apply to openai/ models, not {parsed.provider}/")
    if replica_concurrency is not None or health is not None:
        raise LLMConfigError(f"replica options apply to openai/ models with several base URLs, not {parsed.provider}/")
    if parsed.provider == "hf":
        from medhal.llm.hf import HFClient

        return HFClient(parsed.model, device=device, batch_size=batch_size or 8, dtype=dtype)
    from medhal.llm.vllm import VLLMClient

    return VLLMClient(parsed.model, batch_size=batch_size or 256)
