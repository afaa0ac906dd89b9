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

import json
import string
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol, get_args, runtime_checkable

from medhal.detect.base import InputError, validate_item
from medhal.detect.llm_support import answer_record, build_request, llm_result, llm_unit, make_engine, run_closing
from medhal.detect.records import CheckItem, CheckResult, Status, UnitResult, Verdict
from medhal.detect.units import ConfigError, response_span
from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult, ModelClient
from medhal.llm.cache import ResponseCache
from medhal.llm.parsing import ParseFailure, extract_code_blocks, get_field, parse_json_object, parse_yes_no
from medhal.text import Span
from medhal.text.align import AlignMethod, align_all

__all__ = [
    "NO_QUESTION",
    "RESPONSE_PROMPT",
    "SPAN_PROMPT",
    "YES_NO_PROMPT",
    "JsonResponseFormat",
    "JsonSpanFormat",
    "JudgeLevel",
    "JudgedSpan",
    "LLMJudgeDetector",
    "ResponseFormat",
    "ResponseJudgement",
    "SpanFormat",
    "SpanJudgement",
    "YesNoFormat",
    "parse_response_judgement",
    "parse_span_judgement",
    "render_prompt",
]

JudgeLevel = Literal["response", "span", "both"]

NO_QUESTION = "(none given)"
"""Stands in for ``{question}`` when an item has none."""

_HEADER = (
    "You are checking a medical answer against the evidence it was given.\n\n"
    "Evidence:\n{evidence}\n\n"
    "Question: {question}\n\n"
    "Answer:\n{response}\n\n"
)

RESPONSE_PROMPT = _HEADER + (
    "Is every statement in the answer fully supported by the evidence? A statement is a hallucination when the "
    "evidence contradicts it or does not support it.\n"
    "Reply with one JSON object and nothing else, in this form:\n"
    '{{"verdict": "supported" | "unsupported" | "contradicted", "hallucination_score": <a number from 0 to 1: '
    'the probability that the answer contains a hallucination>, "reason": "<one sentence>"}}\n'
    '"supported": every statement is supported by the evidence; "contradicted": the evidence contradicts at '
    'least one statement; "unsupported": at least one statement is not supported, but none is contradicted.'
)
"""medhal's response-level judge prompt; fields ``{evidence}``, ``{question}``, ``{response}``."""

SPAN_PROMPT = _HEADER + (
    "List every erroneous part of the answer: each part that the evidence contradicts or does not support. Copy "
    "each part exactly as it is written in the answer, character for character, and keep it as short as "
    "possible (the wrong words or phrase, not the whole sentence).\n"
    "Reply with one JSON object and nothing else, in this form:\n"
    '{{"errors": [{{"text": "<exact substring of the answer>", "type": "contradicted" | "unsupported", '
    '"reason": "<short reason>"}}]}}\n'
    'Reply {{"errors": []}} when every statement of the answer is supported by the evidence.'
)
"""medhal's span-level judge prompt; fields ``{evidence}``, ``{question}``, ``{response}``."""

YES_NO_PROMPT = _HEADER + (
    "Does the answer contain a hallucination, that is, a statement that the evidence contradicts or does not "
    "support? Reply with one word: Yes or No."
)
"""The binary question of :class:`YesNoFormat` (the shape of the MedHal-Loc LLM-Judge; medhal's wording)."""

_FIELDS = frozenset({"evidence", "question", "response"})

_VERDICTS: dict[str, Verdict] = {
    "supported": "supported",
    "fully supported": "supported",
    "faithful": "supported",
    "consistent": "supported",
    "entailed": "supported",
    "unsupported": "unsupported",
    "not supported": "unsupported",
    "partially supported": "unsupported",
    "hallucinated": "unsupported",
    "hallucination": "unsupported",
    "unverifiable": "unsupported",
    "contradicted": "contradicted",
    "contradiction": "contradicted",
    "contradicts": "contradicted",
    "contradictory": "contradicted",
}


def _check_template(template: str, what: str) -> str:
    try:
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    except ValueError as exc:
        raise ConfigError(f"malformed {what} prompt: {exc}") from None
    if not {"evidence", "response"} <= fields:
        raise ConfigError(f"the {what} prompt must contain {{evidence}} and {{response}}")
    if fields - _FIELDS:
        raise ConfigError(f"the {what} prompt may only use {{evidence}}, {{question}}, {{response}}")
    return template


def render_prompt(template: str, item: CheckItem) -> str:
    """``template`` filled with the item's evidence, question (:data:`NO_QUESTION` if none) and response."""
    return template.format(evidence=item.evidence, question=item.question or NO_QUESTION, response=item.response)


# -- response-level judgement ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ResponseJudgement:
    """A parsed response-level answer.  ``score`` is the hallucination score in [0, 1] (higher = worse)."""

    verdict: Verdict
    score: float
    reason: str | None = None
    score_given: bool = True
    """False when the judge gave no score and it was derived from the verdict."""
    consistent: bool = True
    """False when the judge's verdict and its own score disagree (supported with score >= 0.5 or vice versa)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "score": self.score,
            "reason": self.reason,
            "score_given": self.score_given,
            "consistent": self.consistent,
        }


def _verdict_of(value: object) -> tuple[Verdict | None, str | None]:
    """(verdict, error): the verdict a value names; ``(None, None)`` when it names none (absent, a bool, a
    number); ``(None, message)`` for a word that is not a known verdict."""
    if not isinstance(value, str):
        return None, None
    key = " ".join(value.strip().strip(".!").lower().replace("_", " ").split())
    if key in _VERDICTS:
        return _VERDICTS[key], None
    return None, f"unknown verdict {value!r}"


def _bool_of(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        parsed = parse_yes_no(value)
        return None if isinstance(parsed, ParseFailure) else parsed
    return None


def _score_of(value: object) -> float | str | None:
    """A score in [0, 1], ``None`` when absent, or an error message string."""
    if value is None:
        return None
    if isinstance(value, bool):
        return f"score {value!r} is not a number"
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return f"score {value!r} is not a number"
    if not isinstance(value, int | float) or value != value:
        return f"score {value!r} is not a number"
    if not 0.0 <= float(value) <= 1.0:
        return f"score {value!r} is outside [0, 1]"
    return float(value)


def _field(obj: dict[str, Any], *keys: str) -> tuple[bool, Any]:
    for key in keys:
        try:
            return True, get_field(obj, key)
        except KeyError:
            continue
    return False, None


def parse_response_judgement(text: str) -> ResponseJudgement | ParseFailure:
    """Read :data:`RESPONSE_PROMPT`'s JSON answer (tolerant of fences, quotes, key spelling; see
    :func:`medhal.llm.parsing.parse_json_object`).  Also accepted: ``"supported": true/false`` or
    ``"hallucinated": true/false`` instead of ``verdict``, ``score`` instead of ``hallucination_score``."""
    obj = parse_json_object(text)
    if isinstance(obj, ParseFailure):
        return obj
    verdict: Verdict | None = None
    has_verdict, raw_verdict = _field(obj, "verdict", "label", "judgement", "judgment")
    if has_verdict:
        verdict, error = _verdict_of(raw_verdict)
        if error is not None:
            return ParseFailure(text, error)
    if verdict is None:
        has, value = _field(obj, "supported", "is_supported", "fully_supported")
        flag = _bool_of(value) if has else None
        if flag is not None:
            verdict = "supported" if flag else "unsupported"
    if verdict is None:
        has, value = _field(obj, "hallucinated", "hallucination", "contains_hallucination")
        flag = _bool_of(value) if has else None
        if flag is not None:
            verdict = "unsupported" if flag else "supported"
    has_score, raw_score = _field(obj, "hallucination_score", "score", "hallucination_probability")
    score = _score_of(raw_score) if has_score else None
    if isinstance(score, str):
        return ParseFailure(text, score)
    if verdict is None and score is None:
        return ParseFailure(text, "no verdict or hallucination_score in the object")
    has_reason, raw_reason = _field(obj, "reason", "explanation", "rationale")
    reason = str(raw_reason) if has_reason and raw_reason is not None else None
    if score is None:
        assert verdict is not None
        return ResponseJudgement(verdict, 0.0 if verdict == "supported" else 1.0, reason, score_given=False)
    if verdict is None:
        return ResponseJudgement("unsupported" if score >= 0.5 else "supported", score, reason)
    consistent = (verdict == "supported") == (score < 0.5)
    return ResponseJudgement(verdict, score, reason, consistent=consistent)


@runtime_checkable
class ResponseFormat(Protocol):
    """How the response-level question is asked and its answer read."""

    @property
    def name(self) -> str: ...

    def render(self, item: CheckItem) -> str: ...

    def parse(self, text: str) -> ResponseJudgement | ParseFailure: ...

    def describe(self) -> dict[str, Any]: ...


class JsonResponseFormat:
    """:data:`RESPONSE_PROMPT` (or ``template``) read by :func:`parse_response_judgement`."""

    name = "json"

    def __init__(self, template: str = RESPONSE_PROMPT) -> None:
        self.template = _check_template(template, "response")

    def render(self, item: CheckItem) -> str:
        return render_prompt(self.template, item)

    def parse(self, text: str) -> ResponseJudgement | ParseFailure:
        return parse_response_judgement(text)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "prompt": self.template}


class YesNoFormat:
    """:data:`YES_NO_PROMPT` read by :func:`medhal.llm.parsing.parse_yes_no`: Yes -> ``unsupported``, score 1;
    No -> ``supported``, score 0."""

    name = "yes-no"

    def __init__(self, template: str = YES_NO_PROMPT) -> None:
        self.template = _check_template(template, "yes-no")

    def render(self, item: CheckItem) -> str:
        return render_prompt(self.template, item)

    def parse(self, text: str) -> ResponseJudgement | ParseFailure:
        answer = parse_yes_no(text)
        if isinstance(answer, ParseFailure):
            return answer
        if answer:
            return ResponseJudgement("unsupported", 1.0, score_given=False)
        return ResponseJudgement("supported", 0.0, score_given=False)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "prompt": self.template}


# -- span-level judgement ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JudgedSpan:
    """One erroneous substring the judge listed, and where it sits in the answer (``span`` ``None``: unaligned)."""

    listed: str
    kind: Verdict
    reason: str | None
    span: Span | None
    method: AlignMethod | None
    similarity: float | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "listed": self.listed,
            "type": self.kind,
            "reason": self.reason,
            "span": None if self.span is None else self.span.to_dict(),
            "method": self.method,
            "similarity": self.similarity,
        }


@dataclass(frozen=True, slots=True)
class SpanJudgement:
    """A parsed span-level answer: the listed errors (aligned or not), in the judge's order."""

    errors: tuple[JudgedSpan, ...]
    invalid: int = 0
    """Entries of ``errors`` that were neither a string nor an object with a text."""
    duplicates: int = 0
    """Listed errors that aligned to a span another listed error already took."""

    @property
    def aligned(self) -> tuple[JudgedSpan, ...]:
        """Aligned errors in reading order, one per distinct span."""
        seen: set[tuple[int, int]] = set()
        out = []
        placed = [e for e in self.errors if e.span is not None]
        for error in sorted(placed, key=lambda e: (e.span.start, e.span.end) if e.span else (0, 0)):
            assert error.span is not None
            key = (error.span.start, error.span.end)
            if key not in seen:
                seen.add(key)
                out.append(error)
        return tuple(out)

    @property
    def unaligned(self) -> tuple[str, ...]:
        return tuple(e.listed for e in self.errors if e.span is None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "errors": [e.to_dict() for e in self.errors],
            "unaligned": list(self.unaligned),
            "invalid": self.invalid,
            "duplicates": self.duplicates,
        }


def _json_list(text: str) -> list[Any] | None:
    """A bare JSON list answer (``["...", "..."]``), fenced or not."""
    for candidate in [*extract_code_blocks(text), text]:
        stripped = candidate.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            try:
                value = json.loads(stripped)
            except ValueError:
                continue
            if isinstance(value, list):
                return value
    return None


def _kind_of(value: object) -> Verdict:
    found, _ = _verdict_of(value)
    return "contradicted" if found == "contradicted" else "unsupported"


def parse_span_judgement(text: str, response: str, *, min_similarity: float = 0.85) -> SpanJudgement | ParseFailure:
    """Read :data:`SPAN_PROMPT`'s answer and align each listed substring to ``response``.

    Accepted entries: strings, or objects with ``text`` (also ``span``, ``substring``, ``quote``, ``error``) and
    optional ``type`` and ``reason``; a bare JSON list of entries is accepted too.  ``"errors": []`` (or
    ``null``) means no error.  A ``ParseFailure`` when no object/list is found, ``errors`` is not a list, or
    every entry is unusable.
    """
    entries: list[Any]
    obj = parse_json_object(text, required=("errors",))
    if isinstance(obj, ParseFailure):
        bare = _json_list(text)
        if bare is None:
            return obj
        entries = bare
    else:
        value = get_field(obj, "errors")
        if value is None:
            entries = []
        elif isinstance(value, list):
            entries = value
        else:
            return ParseFailure(text, f"'errors' is a {type(value).__name__}, not a list")
    listed: list[tuple[str, Verdict, str | None]] = []
    invalid = 0
    for entry in entries:
        kind: Verdict = "unsupported"
        reason: str | None = None
        if isinstance(entry, str):
            needle = entry
        elif isinstance(entry, dict):
            has, raw = _field(entry, "text", "span", "substring", "quote", "error")
            if not has or not isinstance(raw, str):
                invalid += 1
                continue
            needle = raw
            kind = _kind_of(_field(entry, "type", "verdict", "kind")[1])
            has_reason, raw_reason = _field(entry, "reason", "explanation")
            reason = str(raw_reason) if has_reason and raw_reason is not None else None
        else:
            invalid += 1
            continue
        if not needle.strip():
            invalid += 1
            continue
        listed.append((needle, kind, reason))
    if entries and not listed:
        return ParseFailure(text, f"none of the {len(entries)} entries of 'errors' has a text")
    alignments = align_all([needle for needle, _, _ in listed], response, min_score=min_similarity)
    errors = tuple(
        JudgedSpan(
            needle,
            kind,
            reason,
            a.span if a else None,
            a.method if a else None,
            a.score if a else None,
        )
        for (needle, kind, reason), a in zip(listed, alignments, strict=True)
    )
    spans = [(e.span.start, e.span.end) for e in errors if e.span is not None]
    return SpanJudgement(errors, invalid=invalid, duplicates=len(spans) - len(set(spans)))


@runtime_checkable
class SpanFormat(Protocol):
    """How the span-level question is asked and its answer read."""

    @property
    def name(self) -> str: ...

    def render(self, item: CheckItem) -> str: ...

    def parse(self, text: str, response: str) -> SpanJudgement | ParseFailure: ...

    def describe(self) -> dict[str, Any]: ...


class JsonSpanFormat:
    """:data:`SPAN_PROMPT` (or ``template``) read by :func:`parse_span_judgement`."""

    name = "json"

    def __init__(self, template: str = SPAN_PROMPT, *, min_similarity: float = 0.85) -> None:
        if not 0.0 < min_similarity <= 1.0:
            raise ConfigError(f"min_similarity must be in (0, 1], got {min_similarity}")
        self.template = _check_template(template, "span")
        self.min_similarity = min_similarity

    def render(self, item: CheckItem) -> str:
        return render_prompt(self.template, item)

    def parse(self, text: str, response: str) -> SpanJudgement | ParseFailure:
        return parse_span_judgement(text, response, min_similarity=self.min_similarity)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "prompt": self.template, "min_similarity": self.min_similarity}


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
        if not 0.0 <= threshold <= 1.0:
            raise ConfigError(f"threshold must lie in [0, 1], got {threshold}")
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
    def config(self) -> dict[str, Any]:
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
        return build_request(request_id, prompt, self._generation, chat=self._chat)

    def _failure(self, item: CheckItem, status: Status, reason: str, judge: dict[str, Any] | None) -> CheckResult:
        config = self.config
        if judge is not None:
            config["judge"] = judge
        return llm_result(self.name, item, config, status, reason=reason)

    async def adetect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """:meth:`detect_many` inside an event loop."""
        results: list[CheckResult | None] = [None] * len(items)
        valid: list[int] = []
        for i, item in enumerate(items):
            try:
                validate_item(item)
                valid.append(i)
            except InputError as exc:
                results[i] = self._failure(item, "input_error", str(exc), None)
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
        judge: dict[str, Any] = {}
        status: Status = "ok"
        reason: str | None = None
        verdict: ResponseJudgement | None = None
        spans: SpanJudgement | None = None
        for kind, answer in answers.items():
            record: dict[str, Any] = {"status": answer.status, **answer_record(answer)}
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
        return llm_result(
            self.name, item, config, "ok", score=score, flagged=score >= self.threshold, units=tuple(units)
        )

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """One result per item, in order; the judge calls of all items run concurrently through the engine."""
        return run_closing(lambda: self.adetect_many(items), self._client.aclose)

    def detect(self, item: CheckItem) -> CheckResult:
        return self.detect_many([item])[0]
