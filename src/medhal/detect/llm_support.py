"""Plumbing shared by the LLM-backed detectors (``fava``, ``llm-judge``, ``selfcheck-nli``) and the claim extractor.

Private to :mod:`medhal.detect`: building the :class:`~medhal.llm.engine.Engine` and its requests, running a batch
from synchronous code and closing the client afterwards, recording a model answer, and assembling the
:class:`~medhal.detect.records.CheckResult` and :class:`~medhal.detect.records.UnitResult` records of detectors
whose judgements come from a model's text rather than from an entailment model.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol, TypeVar

from medhal.detect.records import JSONObject, UnitKind, UnitResult, Verdict
from medhal.detect.units import ConfigError, Unit, judged_unit
from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult, Message, ModelClient
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import Engine, run_sync

T = TypeVar("T")


class Located(Protocol):
    """Anything that covers ``text`` at ``[start, end)`` of the response (a :class:`~medhal.text.Span`, a FAVA
    span)."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...

    @property
    def text(self) -> str: ...


def make_engine(client: ModelClient, *, cache: ResponseCache | None, concurrency: int | None) -> Engine:
    """An :class:`Engine` over ``client``; an invalid option is a :class:`ConfigError` carrying the engine's
    message."""
    try:
        return Engine(client, cache=cache, concurrency=concurrency)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


def build_request(request_id: str, prompt: str, config: GenerationConfig, *, chat: bool) -> GenerationRequest:
    """``prompt`` as one user message (``chat=True``) or as a raw completion prompt."""
    if chat:
        return GenerationRequest(request_id, messages=(Message("user", prompt),), config=config)
    return GenerationRequest(request_id, prompt=prompt, config=config)


def run_closing(main: Callable[[], Coroutine[Any, Any, T]], close: Callable[[], Awaitable[None]] | None) -> T:
    """Run ``main()`` from synchronous code (:func:`~medhal.llm.engine.run_sync`), then await ``close()`` (when
    given) in the same event loop, whether ``main`` returned or raised."""

    async def guarded() -> T:
        try:
            return await main()
        finally:
            if close is not None:
                await close()

    return run_sync(guarded)


def answer_record(answer: GenerationResult) -> JSONObject:
    """What a result's ``config`` keeps of one model answer: its text (``None`` unless ``ok``), attempts and
    whether it came from the cache."""
    return {
        "raw": answer.text if answer.status == "ok" else None,
        "attempts": answer.attempts,
        "cached": answer.cached,
    }


def llm_unit(index: int, span: Located, kind: UnitKind, verdict: Verdict, score: float) -> UnitResult:
    """A unit judged by a model's text: suspicion = ``score``, no entailment probabilities or evidence pointers."""
    return judged_unit(index, Unit(span.text, span.start, span.end), kind, verdict, score)
