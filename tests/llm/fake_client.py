"""A scripted in-process :class:`ModelClient` for tests that do not need HTTP."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from medhal.llm import GenerationRequest, GenerationResult


def request_text(request: GenerationRequest) -> str:
    if request.prompt is not None:
        return request.prompt
    assert request.messages is not None
    return request.messages[-1].text


class ScriptedClient:
    """Answers with ``answer(text_of_request)``; records every request it sees.

    ``answer`` may return a string (ok), or a ``GenerationResult`` to return as is (its id is replaced).
    """

    def __init__(
        self,
        answer: Callable[[str], str | GenerationResult] | None = None,
        *,
        model: str = "fake/scripted",
        batch_size: int = 1,
        raise_on: str | None = None,
    ) -> None:
        self.answer = answer or (lambda text: f"echo: {text}")
        self._model = model
        self._batch_size = batch_size
        self.raise_on = raise_on
        self.seen: list[GenerationRequest] = []
        self.calls = 0

    @property
    def model_id(self) -> str:
        return self._model

    @property
    def endpoint(self) -> str:
        return ""

    @property
    def batch_size(self) -> int:
        return self._batch_size

    def describe(self) -> dict[str, Any]:
        return {"provider": "fake", "model": self._model}

    async def aclose(self) -> None:
        return None

    async def generate(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        self.calls += 1
        out: list[GenerationResult] = []
        for request in requests:
            self.seen.append(request)
            text = request_text(request)
            if self.raise_on is not None and self.raise_on in text:
                raise RuntimeError("scripted client failure")
            answer = self.answer(text)
            if isinstance(answer, GenerationResult):
                out.append(GenerationResult(request.id, answer.status, answer.texts, answer.reason, answer.attempts))
            else:
                texts = tuple(answer for _ in range(request.config.n))
                out.append(
                    GenerationResult(request.id, "ok", texts=texts, attempts=1, finish_reasons=("stop",) * len(texts))
                )
        return out
