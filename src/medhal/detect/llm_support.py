"""Plumbing shared by the LLM-backed detectors (``fava``, ``llm-judge``, ``selfcheck-nli``) and the claim extractor.

Private to :mod:`medhal.detect`: building the :class:`~medhal.llm.engine.Engine` and its requests, recording a
model answer, and assembling the :class:`~medhal.detect.records.CheckResult` and
:class:`~medhal.detect.records.UnitResult` records of detectors whose judgements come from a model's text rather
than from an entailment model, and the record of an item such a detector could not judge.
"""

from __future__ import annotations

from typing import Protocol

from medhal.detect.items import item_result
from medhal.detect.records import CheckItem, CheckResult, JSONObject, Status, UnitKind, UnitResult, Verdict
from medhal.detect.units import ConfigError, Unit, judged_unit
from medhal.llm.base import GenerationResult, ModelClient
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import Engine


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


def failure_result(
    detector: str,
    item: CheckItem,
    config: JSONObject,
    status: Status,
    reason: str,
    *,
    key: str,
    record: JSONObject | None,
    verifier_id: str | None = None,
) -> CheckResult:
    """The result of an item ``detector`` could not judge (``status``, ``reason``, no score): its ``config`` (the
    detector's options) plus, when the model answered or sampled, that ``record`` under ``key`` (``"fava"``,
    ``"judge"``, ``"samples"``); ``config`` itself is left as it was."""
    if record is not None:
        config = {**config, key: record}
    return item_result(detector, item, config, status, reason=reason, verifier_id=verifier_id)
