"""What the in-process model clients (``hf/``, ``vllm/``) share: batches run in a worker thread, one at a time.

A subclass sets ``_batch_size`` and implements ``_generate_sync`` (requests -> results, in order); it reports a
failed batch with :func:`failed_results` and a finished one with :func:`ok_result`, so the two backends word
their records the same way.  Such a client has no HTTP endpoint (``endpoint == ""``: the response cache keys on the
model id alone) and nothing to close.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence

from medhal.llm.base import GenerationRequest, GenerationResult

__all__ = ["LocalClient", "failed_results", "ok_result"]


def failed_results(
    requests: Sequence[GenerationRequest], members: Iterable[int], what: str, exc: BaseException
) -> dict[int, GenerationResult]:
    """An ``api_error`` result for each of ``members`` (positions in ``requests``) of a batch that raised."""
    reason = f"{what}: {type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
    return {i: GenerationResult(requests[i].id, "api_error", reason=reason, attempts=1) for i in members}


def ok_result(
    request: GenerationRequest, texts: Iterable[str], finishes: Iterable[str | None], latency_s: float
) -> GenerationResult:
    """The ``ok`` result of one request answered in a batch that took ``latency_s`` seconds."""
    return GenerationResult(
        request.id, "ok", texts=tuple(texts), attempts=1, latency_s=latency_s, finish_reasons=tuple(finishes)
    )


class LocalClient:
    """Base of the clients that run the model in this process (see the module docstring)."""

    _batch_size: int

    @property
    def endpoint(self) -> str:
        return ""

    @property
    def batch_size(self) -> int:
        return self._batch_size

    async def aclose(self) -> None:
        return None

    def _generate_sync(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        raise NotImplementedError

    async def generate(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        """Run ``requests`` in a worker thread (the event loop stays free); results in input order."""
        if not requests:
            return []
        return await asyncio.to_thread(self._generate_sync, list(requests))
