"""``vllm/<hub id or path>``: vLLM's in-process offline engine (``vllm.LLM``), for GPU machines.

Optional: ``pip install 'medhal[vllm]'``.  vLLM is imported when a :class:`VLLMClient` is built; without it,
:class:`~medhal.llm.base.LLMConfigError` says how to install it.  This module is deliberately thin and is not
exercised by medhal's test suite (vLLM needs a GPU): each :meth:`VLLMClient.generate` call groups its requests by
generation config and hands each group to ``LLM.generate`` (prompts) or ``LLM.chat`` (messages, rendered with
the model's chat template by vLLM) in a worker thread; vLLM does its own continuous batching, so the engine should
pass large batches (``batch_size`` defaults to 256).  ``SamplingParams`` gets temperature, top_p, max_tokens,
stop, seed and n unchanged.  To talk to a vLLM *server* instead, use ``openai/<model>`` with ``--base-url``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult, LLMConfigError
from medhal.llm.local import LocalClient, failed_results, ok_result

__all__ = ["VLLM_INSTALL_HINT", "VLLMClient"]

VLLM_INSTALL_HINT = "vllm/ models need vLLM; pip install 'medhal[vllm]' (GPU machines)"


class VLLMClient(LocalClient):
    """A :class:`~medhal.llm.base.ModelClient` over ``vllm.LLM(model, **engine_args)``."""

    def __init__(self, model: str, *, batch_size: int = 256, engine_args: Mapping[str, Any] | None = None) -> None:
        if not model:
            raise LLMConfigError("vllm/ needs a hub id or a local path: vllm/<id or path>")
        try:
            import vllm
        except ImportError:
            raise LLMConfigError(VLLM_INSTALL_HINT) from None
        self._vllm: Any = vllm
        self._name = model
        self._batch_size = batch_size
        self._engine_args = dict(engine_args or {})
        self._llm: Any = vllm.LLM(model=model, **self._engine_args)
        self._lock = threading.Lock()

    @property
    def model_id(self) -> str:
        return f"vllm/{self._name}"

    def describe(self) -> dict[str, Any]:
        return {
            "provider": "vllm",
            "model": self._name,
            "batch_size": self._batch_size,
            "engine_args": self._engine_args,
        }

    def _params(self, config: GenerationConfig) -> Any:
        return self._vllm.SamplingParams(
            temperature=config.temperature,
            top_p=config.top_p,
            max_tokens=config.max_tokens,
            stop=list(config.stop) or None,
            seed=config.seed,
            n=config.n,
        )

    def _generate_sync(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        out: dict[int, GenerationResult] = {}
        groups: dict[tuple[GenerationConfig, str], list[int]] = {}
        for index, request in enumerate(requests):
            groups.setdefault((request.config, request.kind), []).append(index)
        with self._lock:
            for (config, kind), members in groups.items():
                began = time.perf_counter()
                try:
                    params = self._params(config)
                    if kind == "chat":
                        conversations = [[m.to_openai() for m in requests[i].messages or ()] for i in members]
                        outputs = self._llm.chat(conversations, params, use_tqdm=False)
                    else:
                        outputs = self._llm.generate([requests[i].prompt for i in members], params, use_tqdm=False)
                except Exception as exc:
                    out.update(failed_results(requests, members, "vLLM failed", exc))
                    continue
                latency = time.perf_counter() - began
                for i, output in zip(members, outputs, strict=True):
                    samples = list(output.outputs)
                    texts = [str(s.text) for s in samples]
                    out[i] = ok_result(
                        requests[i], texts, [getattr(s, "finish_reason", None) for s in samples], latency
                    )
        return [out[i] for i in range(len(requests))]
