"""LLM-based injection of one localizable error into a clean statement (seed 000 §3.2: "inject exactly one error
per statement using an LLM, recording the precise injected span").

One chat request per (record, error type): :data:`INJECTION_PROMPT` filled with the type's definition and a
worked example from :data:`ERROR_DEFINITIONS` (both written for medhal), the evidence (cut to
``max_evidence_chars``), the question and the clean statement.  The model must change exactly one contiguous
stretch and answer with ``{"hallucinated_text": ..., "gold_span": ...}``.

Every request becomes one :class:`LLMInjectionRow`, never dropped:

* ``ok``: the answer parsed (:func:`medhal.llm.parsing.parse_json_object`) and passed
  :func:`medhal.synthesis.injection.validate_injection` (lenient: connector words next to the gold span are allowed);
  the row carries an :class:`~medhal.synthesis.injection.InjectedItem` with the gold span's offsets;
* ``parse_failure``: no JSON object with both fields as strings;
* ``invalid``: parsed, but the edit is not one contiguous change covered by the gold span, or the gold span is
  the whole statement (the reason says why);
* ``api_error`` / ``input_error``: the model could not be reached / the request could not be sent.

Which record gets which type is fixed in advance (:func:`medhal.synthesis.injection.plan_assignments`); failed rows are
reported, not replaced.  :class:`LLMInjectionStats` gives the counts per type and the parse-failure rate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypedDict

from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult, ModelClient, one_sample_config
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import Engine, run_closing
from medhal.llm.parsing import ParseFailure, get_field, parse_json_object
from medhal.synthesis.injection import (
    CleanRecord,
    ErrorType,
    InjectedItem,
    Injection,
    changed_region,
    locate_gold,
    parse_error_types,
    plan_assignments,
    validate_injection,
)

__all__ = [
    "ERROR_DEFINITIONS",
    "INJECTION_PROMPT",
    "LLM_STATUSES",
    "ErrorDefinition",
    "LLMInjectionRow",
    "LLMInjectionStats",
    "LLMInjectionSummary",
    "LLMInjector",
    "LLMStatus",
    "build_injection_prompt",
    "interpret_response",
    "llm_inject_items",
]

LLMStatus = Literal["ok", "parse_failure", "invalid", "api_error", "input_error"]
LLM_STATUSES: tuple[LLMStatus, ...] = ("ok", "parse_failure", "invalid", "api_error", "input_error")


@dataclass(frozen=True, slots=True)
class ErrorDefinition:
    """How the prompt describes one error type, with one worked example (``gold`` occurs in ``hallucinated``)."""

    name: str
    definition: str
    clean: str
    hallucinated: str
    gold: str


ERROR_DEFINITIONS: Mapping[ErrorType, ErrorDefinition] = {
    "entity_substitution": ErrorDefinition(
        "entity substitution",
        "Replace one medical entity (a drug, disease, procedure, test, anatomical site, population or outcome) "
        "with a different but plausible entity of the same kind.",
        "Metformin lowered HbA1c in adults with type 2 diabetes.",
        "Metformin lowered HbA1c in adults with type 1 diabetes.",
        "type 1 diabetes",
    ),
    "relation_error": ErrorDefinition(
        "relation error",
        "Alter one relation between the entities: reverse a direction or comparison (increased/decreased, "
        "superior/inferior), negate or un-negate an association, or exchange the roles of two entities.",
        "Early mobilisation shortened hospital stay after hip surgery.",
        "Early mobilisation prolonged hospital stay after hip surgery.",
        "prolonged hospital stay",
    ),
    "mechanism_misattribution": ErrorDefinition(
        "mechanism misattribution",
        "Attribute the finding to a wrong mechanism or cause: replace the mechanism the statement gives, or add "
        "a short phrase giving a plausible but unsupported mechanism.",
        "Ondansetron reduced postoperative nausea in children.",
        "Ondansetron reduced postoperative nausea in children by blocking dopamine receptors in the gut.",
        "by blocking dopamine receptors in the gut",
    ),
    "invented": ErrorDefinition(
        "invented content",
        "Add one short, specific fact that the evidence does not contain (a number, a subgroup, a follow-up "
        "result or an outcome), leaving the rest of the statement as it is.",
        "Home visits improved adherence to inhaled corticosteroids.",
        "Home visits improved adherence to inhaled corticosteroids, cutting emergency visits by 38% within a year.",
        "cutting emergency visits by 38% within a year",
    ),
}
"""The prompt's description and worked example per error type (written for medhal, not taken from a dataset)."""

INJECTION_PROMPT = (
    "You are building a benchmark for detecting hallucinations in medical text. Below are the evidence a clinical "
    "question was answered from, the question, and a correct statement. Rewrite the statement so that it contains "
    "exactly one error of the type described here.\n\n"
    "Error type: {name}. {definition}\n"
    'Example statement: "{example_clean}"\n'
    'Rewritten: "{example_hallucinated}"\n'
    'gold_span: "{example_gold}"\n\n'
    "Rules:\n"
    "- Change exactly ONE contiguous stretch of the statement and copy every other character unchanged (same "
    "words, punctuation, capitalisation and spacing).\n"
    "- The error must read fluently and plausibly but be wrong or unsupported given the evidence.\n"
    "- gold_span is the new or changed text exactly as it appears in the rewritten statement (it may include a "
    "few neighbouring words, nothing else).\n\n"
    "Evidence: {evidence}\n"
    "Question: {question}\n"
    "Statement: {statement}\n\n"
    "Answer with one JSON object and nothing else: "
    '{{"hallucinated_text": "<the whole rewritten statement>", "gold_span": "<the changed text>"}}'
)
"""The injection prompt; ``{name}``, ``{definition}`` and the ``{example_*}`` fields come from
:data:`ERROR_DEFINITIONS`."""


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[:limit]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head) + " ..."


def build_injection_prompt(record: CleanRecord, error_type: str, *, max_evidence_chars: int = 1200) -> str:
    """The prompt asking for one ``error_type`` error in ``record.clean_text``."""
    (kind,) = parse_error_types([error_type])
    spec = ERROR_DEFINITIONS[kind]
    return INJECTION_PROMPT.format(
        name=spec.name,
        definition=spec.definition,
        example_clean=spec.clean,
        example_hallucinated=spec.hallucinated,
        example_gold=spec.gold,
        evidence=_cut(record.evidence, max_evidence_chars) or "(none given)",
        question=" ".join(record.question.split()) or "(none given)",
        statement=record.clean_text,
    )


@dataclass(frozen=True, slots=True)
class LLMInjectionRow:
    """The outcome of one request: an item when ``status == "ok"``, else the reason (and the raw answer)."""

    record_id: str
    error_type: str
    status: LLMStatus
    item: InjectedItem | None = None
    reason: str | None = None
    raw: str | None = None
    attempts: int = 0
    cached: bool = False

    def to_dict(self) -> dict[str, str | int | None]:
        """The item's MedHal-Loc record when ``ok``; otherwise ``id, target_type, status, reason, raw``."""
        if self.item is not None:
            return {**self.item.to_dict()}
        return {
            "id": self.record_id,
            "target_type": self.error_type,
            "status": self.status,
            "reason": self.reason,
            "raw": self.raw,
        }


_EDGES = " \t\r\n.,;:!?\"'"


class _Attempts(TypedDict):
    attempts: int
    cached: bool


def _text_field(obj: Mapping[str, object], key: str) -> str | None:
    try:
        value = get_field(obj, key)
    except KeyError:
        return None
    return value if isinstance(value, str) and value.strip() else None


def interpret_response(record: CleanRecord, error_type: ErrorType, result: GenerationResult) -> LLMInjectionRow:
    """Turn one model answer into a row (see the module docstring for the statuses)."""
    base: _Attempts = {"attempts": result.attempts, "cached": result.cached}
    if result.status != "ok":
        status: LLMStatus = "input_error" if result.status == "input_error" else "api_error"
        return LLMInjectionRow(record.id, error_type, status, reason=result.reason, **base)
    raw = result.text
    parsed = parse_json_object(raw, required=("hallucinated_text", "gold_span"))
    if isinstance(parsed, ParseFailure):
        return LLMInjectionRow(record.id, error_type, "parse_failure", reason=parsed.reason, raw=raw, **base)
    hallucinated = _text_field(parsed, "hallucinated_text")
    gold = _text_field(parsed, "gold_span")
    if hallucinated is None or gold is None:
        reason = "hallucinated_text and gold_span must be non-empty strings"
        return LLMInjectionRow(record.id, error_type, "parse_failure", reason=reason, raw=raw, **base)
    if record.clean_text == record.clean_text.strip():
        hallucinated = hallucinated.strip()
    gold = gold.strip()
    problems = validate_injection(record.clean_text, hallucinated, gold)
    if not problems and gold.strip(_EDGES) == hallucinated.strip(_EDGES):
        problems = ["gold_span is the whole statement"]
    located = locate_gold(record.clean_text, hallucinated, gold) if not problems else None
    if located is None:
        reason = "; ".join(problems) or "gold_span does not cover the edit"
        return LLMInjectionRow(record.id, error_type, "invalid", reason=reason, raw=raw, **base)
    region = changed_region(record.clean_text, hallucinated)
    injection = Injection(
        error_type,
        hallucinated,
        gold,
        located[0],
        located[1],
        "llm",
        record.clean_text[region.clean_start : region.clean_end],
        hallucinated[region.start : region.end],
    )
    return LLMInjectionRow(
        record.id, error_type, "ok", item=InjectedItem.build(record, injection, "llm"), raw=raw, **base
    )


class LLMInjectionSummary(TypedDict):
    """:meth:`LLMInjectionStats.to_dict`: the row counts and rates, JSON-ready."""

    types: list[str]
    requests: int
    counts: dict[str, dict[str, int]]
    totals: dict[str, int]
    parse_failure_rate: float
    invalid_rate: float
    api_error_rate: float


@dataclass(slots=True)
class LLMInjectionStats:
    """Row counts per error type and status; rates are over all requests (nan when there were none)."""

    types: tuple[str, ...]
    counts: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, types: Sequence[str], rows: Sequence[LLMInjectionRow]) -> LLMInjectionStats:
        stats = cls(tuple(types), {t: dict.fromkeys(LLM_STATUSES, 0) for t in types})
        for row in rows:
            stats.counts.setdefault(row.error_type, dict.fromkeys(LLM_STATUSES, 0))[row.status] += 1
        return stats

    @property
    def requests(self) -> int:
        return sum(sum(c.values()) for c in self.counts.values())

    def total(self, status: str) -> int:
        return sum(c.get(status, 0) for c in self.counts.values())

    def rate(self, status: str) -> float:
        """Share of all requests that ended with ``status``."""
        return self.total(status) / self.requests if self.requests else float("nan")

    @property
    def parse_failure_rate(self) -> float:
        return self.rate("parse_failure")

    @property
    def invalid_rate(self) -> float:
        return self.rate("invalid")

    def to_dict(self) -> LLMInjectionSummary:
        return {
            "types": list(self.types),
            "requests": self.requests,
            "counts": {t: dict(c) for t, c in self.counts.items()},
            "totals": {s: self.total(s) for s in LLM_STATUSES},
            "parse_failure_rate": self.parse_failure_rate,
            "invalid_rate": self.invalid_rate,
            "api_error_rate": self.rate("api_error"),
        }


class LLMInjector:
    """Inject errors with any :class:`~medhal.llm.base.ModelClient`.

    ``chat=True`` sends the prompt as one user message, ``False`` as a raw completion prompt; ``cache``
    remembers answers (greedy decoding is cached); ``config`` defaults to greedy decoding with 1024 new tokens
    (the answer repeats the whole statement).  Synchronous :meth:`inject_many`; :meth:`ainject_many` inside an
    event loop.
    """

    def __init__(
        self,
        client: ModelClient,
        *,
        cache: ResponseCache | None = None,
        config: GenerationConfig | None = None,
        chat: bool = True,
        concurrency: int | None = None,
        max_evidence_chars: int = 1200,
    ) -> None:
        self._client = client
        self._engine = Engine(client, cache=cache, concurrency=concurrency)
        self._config = one_sample_config(
            config, max_tokens=1024, refusal="error injection takes one sample per request (n=1)"
        )
        if max_evidence_chars < 0:
            raise ValueError(f"max_evidence_chars must be >= 0, got {max_evidence_chars}")
        self._chat = chat
        self._max_evidence_chars = max_evidence_chars

    def describe(self) -> dict[str, object]:
        return {
            "model": self._client.model_id,
            "generation": self._config.to_dict(),
            "chat": self._chat,
            "max_evidence_chars": self._max_evidence_chars,
        }

    def request(self, record: CleanRecord, error_type: str, request_id: str | None = None) -> GenerationRequest:
        """The generation request for one (record, type)."""
        prompt = build_injection_prompt(record, error_type, max_evidence_chars=self._max_evidence_chars)
        ident = request_id or f"inject-{record.id}-{error_type}"
        return GenerationRequest.of_prompt(ident, prompt, self._config, chat=self._chat)

    async def ainject_many(self, pairs: Sequence[tuple[CleanRecord, ErrorType]]) -> list[LLMInjectionRow]:
        requests = [self.request(record, kind, f"inject-{i}") for i, (record, kind) in enumerate(pairs)]
        results = await self._engine.agenerate(requests)
        return [interpret_response(record, kind, result) for (record, kind), result in zip(pairs, results, strict=True)]

    def inject_many(self, pairs: Sequence[tuple[CleanRecord, ErrorType]]) -> list[LLMInjectionRow]:
        """One row per (record, type), in order; never raises for a model failure."""
        return run_closing(lambda: self.ainject_many(pairs), self._client.aclose)


def llm_inject_items(
    records: Sequence[CleanRecord],
    injector: LLMInjector,
    *,
    types: Sequence[str],
    seed: int = 0,
    per_type: int | None = None,
) -> tuple[list[LLMInjectionRow], LLMInjectionStats]:
    """Rows for the :func:`~medhal.synthesis.injection.plan_assignments` plan of ``records`` (``per_type`` records per
    type, or all records spread over the types) and their statistics."""
    kinds = parse_error_types(types)
    ids = [r.id for r in records]
    if len(set(ids)) != len(ids):
        raise ValueError("record ids must be unique")
    plan = plan_assignments(records, kinds, seed=seed, per_type=per_type)
    rows = injector.inject_many(plan)
    return rows, LLMInjectionStats.of(kinds, rows)
