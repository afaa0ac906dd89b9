"""SelfCheck's sampling (prompt, sample sets, the model sampler) and its sentence scores.

Re-exported by :mod:`medhal.detect.selfcheck`.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, TypedDict, runtime_checkable

import numpy as np

from medhal.detect.llm_support import make_engine
from medhal.detect.records import CheckItem, JSONObject, Status
from medhal.detect.units import ConfigError
from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult, ModelClient
from medhal.llm.cache import ResponseCache
from medhal.verify.base import CONTRADICTION, ENTAILMENT, Probabilities

SelfCheckScore = Literal["selfcheck", "contradiction"]
Aggregate = Literal["mean", "max"]
PairOrder = Literal["sample_first", "sentence_first"]
SampleSourceKind = Literal["model", "evidence"]

DEFAULT_N_SAMPLES = 20
"""SelfCheckGPT's sample count (Manakul et al. 2023: 20 stochastic samples at temperature 1.0)."""

SAMPLE_PROMPT = (
    "Answer the question using the evidence below.\n\nEvidence:\n{evidence}\n\nQuestion: {question}\n\nAnswer:"
)
"""medhal's sampling prompt (seed 000 gives none): fields ``{evidence}`` and ``{question}``."""

NO_QUESTION = "What does the evidence show?"
"""Stands in for ``{question}`` when an item has none."""

_FIELDS = frozenset({"evidence", "question"})


def _template_fields(template: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    except ValueError as exc:
        raise ConfigError(f"malformed sampling prompt: {exc}") from None


def _check_prompt(template: str) -> str:
    fields = _template_fields(template)
    if "evidence" not in fields:
        raise ConfigError("the sampling prompt must contain {evidence}")
    unknown = fields - _FIELDS
    if unknown:
        raise ConfigError(f"the sampling prompt may only use {{evidence}} and {{question}}, not {sorted(unknown)}")
    return template


def _check_sampling(n_samples: int, temperature: float, top_p: float, max_tokens: int, seed: int) -> None:
    if not isinstance(n_samples, int) or n_samples < 1:
        raise ConfigError(f"n_samples must be an integer >= 1, got {n_samples!r}")
    if not 0.0 < temperature <= 10.0:
        raise ConfigError(f"temperature must be in (0, 10] (SelfCheckGPT needs random samples), got {temperature}")
    if not 0.0 < top_p <= 1.0:
        raise ConfigError(f"top_p must be in (0, 1], got {top_p}")
    if not isinstance(max_tokens, int) or max_tokens < 1:
        raise ConfigError(f"max_tokens must be an integer >= 1, got {max_tokens!r}")
    if not isinstance(seed, int):
        raise ConfigError(f"seed must be an integer, got {seed!r}")


def build_sample_prompt(item: CheckItem, template: str = SAMPLE_PROMPT) -> str:
    """The sampling prompt of ``item`` (``{question}`` is :data:`NO_QUESTION` when the item has none)."""
    return template.format(evidence=item.evidence, question=item.question or NO_QUESTION)


def selfcheck_sentence_score(rows: Probabilities, score: SelfCheckScore = "selfcheck") -> float:
    """The SelfCheckGPT-NLI score of one sentence from its ``(n_samples, 3)`` probability rows (one per sample).

    ``selfcheck``: mean over samples of ``P(C) / (P(E) + P(C))`` (0.5 for a sample where both are 0);
    ``contradiction``: mean over samples of ``P(C)``.
    """
    rows = np.asarray(rows, dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] != 3 or rows.shape[0] == 0:
        raise ValueError(f"need (n_samples >= 1, 3) probabilities, got shape {rows.shape}")
    p_e, p_c = rows[:, ENTAILMENT], rows[:, CONTRADICTION]
    if score == "contradiction":
        return float(np.mean(p_c))
    total = p_e + p_c
    safe = np.where(total > 0.0, total, 1.0)
    per_sample = np.where(total > 0.0, p_c / safe, 0.5)
    return float(np.mean(per_sample))


def aggregate_scores(scores: Sequence[float], how: Aggregate = "mean") -> float:
    """The response score from sentence scores: their mean (SelfCheckGPT) or maximum."""
    if len(scores) == 0:
        raise ValueError("no sentence scores to aggregate")
    return float(np.mean(scores)) if how == "mean" else float(max(scores))


class _Failures(TypedDict):
    """What a :class:`SampleSet` drawn from the model counts of its requests."""

    failed: int
    blank: int
    reasons: tuple[str, ...]
    cached: int


@dataclass(frozen=True, slots=True)
class SampleSet:
    """The samples one item is checked against, and what became of the ones that could not be used.

    ``status`` is ``ok`` when at least one usable (non-blank) sample exists; otherwise it says why not
    (``api_error``: the model could not be reached; ``parse_failure``: every sample came back blank;
    ``input_error``: no samples and nothing to draw them from).
    """

    texts: tuple[str, ...]
    requested: int
    source: Literal["model", "precomputed", "evidence"]
    failed: int = 0
    blank: int = 0
    reasons: tuple[str, ...] = ()
    cached: int = 0
    status: Status = "ok"
    reason: str | None = None

    def to_dict(self) -> JSONObject:
        return {
            "source": self.source,
            "requested": self.requested,
            "used": len(self.texts),
            "failed": self.failed,
            "blank": self.blank,
            "cached": self.cached,
            "reasons": list(self.reasons),
            "texts": list(self.texts),
        }

    @classmethod
    def from_texts(
        cls, texts: Sequence[str], source: Literal["model", "precomputed", "evidence"], *, requested: int | None = None
    ) -> SampleSet:
        """Samples given as text (precomputed, or the evidence): blank ones are counted and left out."""
        usable = tuple(t.strip() for t in texts if isinstance(t, str) and t.strip())
        blank = len(texts) - len(usable)
        wanted = len(texts) if requested is None else requested
        if usable:
            return cls(usable, wanted, source, blank=blank)
        return cls(
            (), wanted, source, blank=blank, status="input_error", reason=f"all {len(texts)} {source} samples are blank"
        )

    @classmethod
    def from_results(cls, results: Sequence[GenerationResult]) -> SampleSet:
        """Samples drawn from the model: one result per sample request."""
        texts: list[str] = []
        reasons: list[str] = []
        statuses: list[Status] = []
        blank = 0
        for result in results:
            if result.status != "ok":
                statuses.append(result.status)
                reasons.append(result.reason or result.status)
            elif result.text.strip():
                texts.append(result.text.strip())
            else:
                blank += 1
        cached = sum(1 for r in results if r.cached)
        common: _Failures = {"failed": len(statuses), "blank": blank, "reasons": tuple(reasons), "cached": cached}
        if texts:
            return cls(tuple(texts), len(results), "model", **common)
        if statuses:
            status: Status = "api_error" if "api_error" in statuses else statuses[0]
            reason = f"{len(statuses)} of {len(results)} samples failed: {reasons[0]}"
            return cls((), len(results), "model", status=status, reason=reason, **common)
        return cls(
            (), len(results), "model", status="parse_failure", reason=f"all {len(results)} samples were blank", **common
        )


@runtime_checkable
class SampleSource(Protocol):
    """Where samples come from: anything that draws them for a batch of items (the model under test)."""

    async def asample_many(self, items: Sequence[CheckItem]) -> list[SampleSet]:
        """One :class:`SampleSet` per item, in order; never raises for a model failure."""
        ...

    async def aclose(self) -> None: ...

    def describe(self) -> JSONObject:
        """JSON-ready settings recorded in every result's ``config``."""
        ...


class ModelSampler:
    """Draw ``n_samples`` answers per item from ``client`` with :data:`SAMPLE_PROMPT` (or ``prompt``).

    One request per sample (``n=1``, seed ``seed + k``), sent through an :class:`~medhal.llm.engine.Engine` (cache,
    concurrency, batching); items whose prompts are identical share one set of requests.  ``chat=True`` sends the
    prompt as one user message, ``False`` as a raw completion prompt.
    """

    def __init__(
        self,
        client: ModelClient,
        *,
        n_samples: int = DEFAULT_N_SAMPLES,
        temperature: float = 1.0,
        top_p: float = 1.0,
        max_tokens: int = 512,
        seed: int = 0,
        prompt: str = SAMPLE_PROMPT,
        chat: bool = True,
        cache: ResponseCache | None = None,
        concurrency: int | None = None,
    ) -> None:
        _check_sampling(n_samples, temperature, top_p, max_tokens, seed)
        self._client = client
        self._prompt = _check_prompt(prompt)
        self._chat = chat
        self.n_samples = n_samples
        self._seed = seed
        self._temperature = temperature
        self._top_p = top_p
        self._max_tokens = max_tokens
        self._engine = make_engine(client, cache=cache, concurrency=concurrency)

    def describe(self) -> JSONObject:
        return {
            "model": self._client.model_id,
            "n_samples": self.n_samples,
            "temperature": self._temperature,
            "top_p": self._top_p,
            "max_tokens": self._max_tokens,
            "seed": self._seed,
            "chat": self._chat,
            "prompt": self._prompt,
        }

    def requests(self, item: CheckItem, request_id: str = "sample") -> list[GenerationRequest]:
        """The ``n_samples`` requests of one item."""
        prompt = build_sample_prompt(item, self._prompt)
        out = []
        for k in range(self.n_samples):
            config = GenerationConfig(
                temperature=self._temperature,
                top_p=self._top_p,
                max_tokens=self._max_tokens,
                seed=self._seed + k,
            )
            out.append(GenerationRequest.of_prompt(f"{request_id}-{k}", prompt, config, chat=self._chat))
        return out

    async def asample_many(self, items: Sequence[CheckItem]) -> list[SampleSet]:
        groups: dict[str, list[int]] = {}
        for i, item in enumerate(items):
            groups.setdefault(build_sample_prompt(item, self._prompt), []).append(i)
        firsts = [members[0] for members in groups.values()]
        requests = [r for g, i in enumerate(firsts) for r in self.requests(items[i], f"sample-{g}")]
        results = await self._engine.agenerate(requests)
        out: list[SampleSet | None] = [None] * len(items)
        n = self.n_samples
        for g, members in enumerate(groups.values()):
            sample_set = SampleSet.from_results(results[g * n : (g + 1) * n])
            for i in members:
                out[i] = sample_set
        return [s for s in out if s is not None]

    async def aclose(self) -> None:
        await self._client.aclose()
