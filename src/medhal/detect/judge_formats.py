"""The prompts of the ``llm-judge`` detector and how its answers are read: the response-level and span-level
formats (:class:`ResponseFormat`, :class:`SpanFormat`), their parsers and the parsed judgements.

See :mod:`medhal.detect.llm_judge` for what each level asks and how the detector uses the answers.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from medhal.detect.records import CheckItem, JSONObject, Verdict
from medhal.detect.units import ConfigError
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
    "JudgedSpan",
    "ResponseFormat",
    "ResponseJudgement",
    "SpanFormat",
    "SpanJudgement",
    "YesNoFormat",
    "parse_response_judgement",
    "parse_span_judgement",
    "render_prompt",
]

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

    def to_dict(self) -> JSONObject:
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


def _field(obj: Mapping[str, object], *keys: str) -> tuple[bool, object]:
    """Whether the model's object has one of ``keys`` (case- and separator-insensitively), and the first one's
    value."""
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

    def describe(self) -> JSONObject: ...


class JsonResponseFormat:
    """:data:`RESPONSE_PROMPT` (or ``template``) read by :func:`parse_response_judgement`."""

    name = "json"

    def __init__(self, template: str = RESPONSE_PROMPT) -> None:
        self.template = _check_template(template, "response")

    def render(self, item: CheckItem) -> str:
        return render_prompt(self.template, item)

    def parse(self, text: str) -> ResponseJudgement | ParseFailure:
        return parse_response_judgement(text)

    def describe(self) -> JSONObject:
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

    def describe(self) -> JSONObject:
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

    def to_dict(self) -> JSONObject:
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

    def to_dict(self) -> JSONObject:
        return {
            "errors": [e.to_dict() for e in self.errors],
            "unaligned": list(self.unaligned),
            "invalid": self.invalid,
            "duplicates": self.duplicates,
        }


def _json_list(text: str) -> list[object] | None:
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
    entries: list[object]
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

    def describe(self) -> JSONObject: ...


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

    def describe(self) -> JSONObject:
        return {"name": self.name, "prompt": self.template, "min_similarity": self.min_similarity}
