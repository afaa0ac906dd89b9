"""Detector ``llm-judge``: an LLM asked whether the answer is supported by the evidence (seed 000 §5, Table 2).

Seed 000 evaluates an LLM-Judge as a *response-level* detector: it emits a document-level decision only, so it
localizes at 0% by construction (Table 2, §7 "Response-level detectors cannot localize"); seed 003 §5 has a
similar generative chain-of-thought judge with a binary verdict (eq. 4).  Neither seed gives its prompt, so
medhal's prompts are documented here and recorded in every result's ``config``.

``level`` chooses what the judge is asked:

* ``response`` (default, the seed-000 setting): :data:`RESPONSE_PROMPT` asks whether every statement is fully
  supported by the evidence and for one JSON object ``{"verdict": "supported" | "unsupported" |
  "contradicted", "hallucination_score": 0..1, "reason": ...}``.  The result has one ``response`` unit spanning
  the whole (trimmed) answer; its score and the response score are ``hallucination_score`` (when the object
  gives only a verdict: 0 for supported, 1 otherwise; when it gives only a score: the verdict is ``unsupported``
  at ``>= 0.5``).  A verdict that disagrees with its own score is kept and marked ``consistent: false``.
* ``span``: :data:`SPAN_PROMPT` asks for the exact erroneous substrings of the answer as ``{"errors": [{"text":
  ..., "type": "contradicted" | "unsupported", "reason": ...}]}``.  Each listed substring is aligned back to a
  span of the answer with :func:`medhal.text.align.align_all` (exact, then case/space-insensitive, then fuzzy at
  ``min_similarity``) and becomes a ``span`` unit with suspicion 1.0; substrings that cannot be placed are
  counted and listed in ``config["judge"]["span"]["unaligned"]``, never dropped silently.  The response score is
  1 when the judge listed any error (placed or not), else 0.
* ``both``: both calls; units are the span units, the response score is the response-level judgement.

The published MedHal-Loc LLM-Judge (``run_real_experiments.py``: Qwen2.5-14B-Instruct, evidence cut to 800 and
the answer to 400 characters) asked a Yes/No question and scored the next-token probability of "Yes"; medhal's
engine returns text, not log-probabilities, so ``response_format=
"yes-no"`` (:class:`YesNoFormat`) keeps the binary question but scores the parsed answer 1 (Yes) or 0 (No).

Decoding is greedy by default (``temperature=0``).  Every item ends with a status: ``api_error`` when a call
failed, ``parse_failure`` when the judge answered but the answer does not parse (the raw text is kept in
``config["judge"][level]["raw"]``, the parser's message in ``reason`` and ``config["judge"][level]["error"]``),
``input_error`` for invalid items.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Literal, get_args

from medhal.detect.base import item_result, split_valid
from medhal.detect.judge_formats import (
    JsonResponseFormat,
    JsonSpanFormat,
    ResponseFormat,
    ResponseJudgement,
    SpanFormat,
    SpanJudgement,
    YesNoFormat,
)
from medhal.detect.llm_support import answer_record, failure_result, llm_unit, make_engine
from medhal.detect.records import CheckItem, CheckResult, JSONObject, Status, UnitResult
from medhal.detect.units import ConfigError, check_threshold, response_span
from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult, ModelClient
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import run_closing
from medhal.llm.parsing import ParseFailure

__all__ = ["JudgeLevel", "LLMJudgeDetector"]

JudgeLevel = Literal["response", "span", "both"]


# -- the detector ------------------------------------------------------------------------------------------------

_SEVERITY: dict[Status, int] = {"ok": 0, "parse_failure": 1, "input_error": 2, "api_error": 3}


class LLMJudgeDetector:
    """An LLM judge over any :class:`~medhal.llm.base.ModelClient` (see the module docstring).

    ``response_format``: ``"json"`` (:class:`JsonResponseFormat`), ``"yes-no"`` (:class:`YesNoFormat`) or any
    :class:`ResponseFormat`; ``span_format``: a :class:`SpanFormat` (default :class:`JsonSpanFormat` with
    ``min_similarity``).  ``chat=True`` sends each prompt as one user message, ``False`` as a raw completion
    prompt.  ``cache`` remembers answers (greedy or seeded decoding); ``concurrency`` bounds calls in flight.
    """

    name = "llm-judge"

    def __init__(
        self,
        client: ModelClient,
        *,
        level: JudgeLevel = "response",
        response_format: ResponseFormat | str = "json",
        span_format: SpanFormat | None = None,
        threshold: float = 0.5,
        temperature: float = 0.0,
        seed: int = 0,
        max_tokens: int = 512,
        min_similarity: float = 0.85,
        chat: bool = True,
        cache: ResponseCache | None = None,
        concurrency: int | None = None,
    ) -> None:
        if level not in get_args(JudgeLevel):
            raise ConfigError(f"unknown judge level {level!r}; choose response, span or both")
        if isinstance(response_format, str):
            if response_format == "json":
                response_format = JsonResponseFormat()
            elif response_format == "yes-no":
                response_format = YesNoFormat()
            else:
                raise ConfigError(f"unknown response format {response_format!r}; choose json or yes-no")
        check_threshold(threshold)
        if not 0.0 <= temperature <= 10.0:
            raise ConfigError(f"temperature must be in [0, 10], got {temperature}")
        if not isinstance(max_tokens, int) or max_tokens < 1:
            raise ConfigError(f"max_tokens must be an integer >= 1, got {max_tokens!r}")
        if not isinstance(seed, int):
            raise ConfigError(f"seed must be an integer, got {seed!r}")
        self._client = client
        self.level: JudgeLevel = level
        self.response_format: ResponseFormat = response_format
        self.span_format: SpanFormat = span_format or JsonSpanFormat(min_similarity=min_similarity)
        self.threshold = threshold
        self._generation = GenerationConfig(temperature=temperature, max_tokens=max_tokens, seed=seed)
        self._chat = chat
        self._engine = make_engine(client, cache=cache, concurrency=concurrency)

    @property
    def config(self) -> JSONObject:
        """The options that shape this detector's output, recorded in every result."""
        return {
            "model": self._client.model_id,
            "level": self.level,
            "threshold": self.threshold,
            "generation": self._generation.to_dict(),
            "chat": self._chat,
            "response_format": self.response_format.describe() if self.level != "span" else None,
            "span_format": self.span_format.describe() if self.level != "response" else None,
        }

    def _request(self, prompt: str, request_id: str) -> GenerationRequest:
        return GenerationRequest.of_prompt(request_id, prompt, self._generation, chat=self._chat)

    def _failure(self, item: CheckItem, status: Status, reason: str, judge: JSONObject | None) -> CheckResult:
        return failure_result(self.name, item, self.config, status, reason, key="judge", record=judge)

    async def adetect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """:meth:`detect_many` inside an event loop."""
        results, valid = split_valid(items, lambda item, reason: self._failure(item, "input_error", reason, None))
        kinds = [k for k in ("response", "span") if self.level in (k, "both")]
        prompts: dict[str, int] = {}
        wanted: dict[tuple[int, str], int] = {}
        for i in valid:
            for kind in kinds:
                fmt = self.response_format if kind == "response" else self.span_format
                prompt = fmt.render(items[i])
                wanted[(i, kind)] = prompts.setdefault(prompt, len(prompts))
        start = time.perf_counter()
        answers = await self._engine.agenerate([self._request(p, f"judge-{k}") for p, k in prompts.items()])
        seconds = time.perf_counter() - start
        for i in valid:
            result = self._assemble(items[i], {kind: answers[wanted[(i, kind)]] for kind in kinds})
            timings = {"judge_s": round(seconds / max(1, len(valid)), 6), "batch_judge_s": round(seconds, 6)}
            results[i] = replace(result, timings=timings)
        return [r for r in results if r is not None]

    def _assemble(self, item: CheckItem, answers: dict[str, GenerationResult]) -> CheckResult:
        judge: JSONObject = {}
        status: Status = "ok"
        reason: str | None = None
        verdict: ResponseJudgement | None = None
        spans: SpanJudgement | None = None
        for kind, answer in answers.items():
            record: JSONObject = {"status": answer.status, **answer_record(answer)}
            judge[kind] = record
            if answer.status != "ok":
                record["error"] = answer.reason
                failure: tuple[Status, str] = (answer.status, f"{kind} judge call failed: {answer.reason}")
            else:
                parsed: ResponseJudgement | SpanJudgement | ParseFailure = (
                    self.response_format.parse(answer.text)
                    if kind == "response"
                    else self.span_format.parse(answer.text, item.response)
                )
                if isinstance(parsed, ParseFailure):
                    record.update(status="parse_failure", error=parsed.reason)
                    failure = ("parse_failure", f"{kind} judge answer did not parse: {parsed.reason}")
                else:
                    record.update(parsed.to_dict())
                    if isinstance(parsed, ResponseJudgement):
                        verdict = parsed
                    else:
                        spans = parsed
                    continue
            if _SEVERITY[failure[0]] > _SEVERITY[status]:
                status, reason = failure
        if status != "ok":
            return self._failure(item, status, reason or status, judge)
        units: list[UnitResult] = []
        if spans is not None:
            for index, error in enumerate(spans.aligned):
                assert error.span is not None
                units.append(llm_unit(index, error.span, "span", error.kind, 1.0))
        if verdict is not None:
            score = verdict.score
            if spans is None:
                units.append(llm_unit(0, response_span(item.response), "response", verdict.verdict, score))
        else:
            assert spans is not None
            score = 1.0 if spans.errors else 0.0
        config = self.config
        config["judge"] = judge
        return item_result(
            self.name, item, config, "ok", score=score, flagged=score >= self.threshold, units=tuple(units)
        )

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """One result per item, in order; the judge calls of all items run concurrently through the engine."""
        return run_closing(lambda: self.adetect_many(items), self._client.aclose)

    def detect(self, item: CheckItem) -> CheckResult:
        return self.detect_many([item])[0]
