"""An LLM as the entailment verifier: one chat request per ``(premise, hypothesis)`` pair.

:class:`LLMVerifier` implements the :class:`~medhal.verify.base.Verifier` Protocol over any
:class:`~medhal.llm.base.ModelClient` (``--verifier openai/<model>``, see :mod:`medhal.verify.loader`).  Each
distinct pair becomes one greedy request with the prompt :data:`NLI_SYSTEM` / :data:`NLI_USER` (version
:data:`NLI_PROMPT_VERSION`), asking for exactly one word: entailment, neutral or contradiction.  The answer
becomes a row of :data:`~medhal.verify.base.LABELS` probabilities (:mod:`medhal.verify.llm_answers`):

* from log-probabilities when the server returns them (``logprobs: true, top_logprobs: 5``): the probability mass
  of the first answer token's alternatives that start each label, renormalised (``logprob_rows``);
* else from the answer's text: the label it names gets :data:`LABEL_CONFIDENCE` (0.9) and the two others 0.05
  each (``label_rows``), a deliberately soft one-hot so that the verdict thresholds still mean "confident";
* a pair whose request failed (an API error after the client's retries) or whose answer names no label is a row
  of NaN, never a verdict: :meth:`LLMVerifier.pair_failure` says why and ``failed_pairs`` counts it.  The
  detectors turn such rows into units with an ``error`` (``docs/check-record.md``).

Requests run through :class:`~medhal.llm.engine.Engine` (bounded concurrency: the client's) and the LLM response
cache (:class:`~medhal.llm.cache.ResponseCache`), so a rerun makes no request for a pair already answered; failed
requests are not cached and are tried again.  The cache stores answer texts only, so each answer is stored as a
small JSON envelope holding its text and its tokens' log-probabilities (:func:`medhal.verify.llm_answers.envelope`).

``id`` is ``llm:<provider/model>:<prompt version>:<sha256 of the prompt, the generation settings, the model
arguments and the answer-to-row rule, 12 hex digits>``, so probabilities of different prompts or settings never
mix in any cache.  ``pair_lengths`` is an estimate, not a tokenizer: :data:`CHARS_PER_TOKEN` characters per token
(3, conservative for English clinical text, where GPT-style tokenizers average about 4), plus the prompt's own
length.  ``max_length`` (default :data:`DEFAULT_MAX_LENGTH`, 4096) is large, so detectors keep whole windows;
a pair over it has its premise cut to fit, like every other verifier (``stats.truncated``).
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult, Message, ModelClient
from medhal.llm.cache import ClientAndCache, ResponseCache
from medhal.llm.engine import Engine
from medhal.verify.base import LABELS, OwnVerifier, Pair, Probabilities, VerifierError, VerifierStats
from medhal.verify.dedupe import unique_pairs
from medhal.verify.llm_answers import LABEL_CONFIDENCE, TOP_LOGPROBS, AnswerRow, answer_row, envelope

__all__ = [
    "CHARS_PER_TOKEN",
    "DEFAULT_MAX_LENGTH",
    "LABEL_CONFIDENCE",
    "NLI_PROMPT_VERSION",
    "NLI_SYSTEM",
    "NLI_USER",
    "EnvelopeClient",
    "LLMVerifier",
]

NLI_PROMPT_VERSION = "nli-prompt-v1"
"""Bump with any change to :data:`NLI_SYSTEM` or :data:`NLI_USER` (it is part of the verifier id)."""

NLI_SYSTEM = """\
You check statements against medical evidence. Given EVIDENCE and a STATEMENT, answer with exactly one word: \
entailment, neutral or contradiction.

entailment: the evidence states the statement, explicitly or as a direct restatement. Every number, dose, unit, \
frequency, route, percentage, population, comparator, time frame, direction of effect and negation in the \
statement must match the evidence.
contradiction: the evidence reports the same thing differently: a changed number, dose, unit or percentage; the \
opposite direction (increased vs decreased, higher vs lower, more vs fewer); a negation added or removed; a \
different population, drug, condition, comparator or time frame for the same finding; a definite effect where \
the evidence reports no significant difference.
neutral: the evidence neither states nor contradicts the statement: it is not mentioned, only part of it is \
supported, or the statement is definite where the evidence only suggests, hypothesises or is uncertain.

Judge only from the evidence, never from your own medical knowledge. Answer with the single word only."""
"""The system message of every request (version :data:`NLI_PROMPT_VERSION`)."""

NLI_USER = "EVIDENCE:\n{premise}\n\nSTATEMENT:\n{hypothesis}\n\nAnswer (entailment, neutral or contradiction):"
"""The user message; ``{premise}`` is the evidence window, ``{hypothesis}`` the unit being checked."""

CHARS_PER_TOKEN = 3
"""Characters per token of the :meth:`LLMVerifier.pair_lengths` estimate (overestimates tokens: conservative)."""
DEFAULT_MAX_LENGTH = 4096
"""Token budget of one pair (prompt included), by the estimate."""
MAX_TOKENS = 3
"""Answer tokens asked for: the label word, with room for a leading space or quote."""
_CHAT_OVERHEAD = 8
"""Tokens a chat template adds around two messages (role markers), by the estimate."""


def _estimate(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


class LLMVerifier(ClientAndCache, OwnVerifier):
    """A :class:`~medhal.verify.base.Verifier` that asks ``client`` for one NLI label per pair (module docstring).

    ``cache``: the response cache to read and fill (``None``: every pair is a request).  ``model_args``: the
    model arguments the client sends (only hashed into :attr:`id`; the client applies them).  ``concurrency``:
    requests in flight (default: the client's).  Safe to share between threads: calls to :meth:`predict` run
    one at a time, each with its requests in parallel.
    """

    def __init__(
        self,
        client: ModelClient,
        *,
        cache: ResponseCache | None = None,
        max_length: int | None = None,
        model_args: Mapping[str, Any] | None = None,
        concurrency: int | None = None,
    ) -> None:
        self._max_length = DEFAULT_MAX_LENGTH if max_length is None else int(max_length)
        self._overhead = _estimate(NLI_SYSTEM) + _estimate(NLI_USER) + _CHAT_OVERHEAD
        if self._max_length <= self._overhead + 16:
            room = f"({self._overhead} tokens by the estimate)"
            raise VerifierError(f"max_length {self._max_length} leaves no room for a pair beside the prompt {room}")
        self._client = client
        self._cache = cache
        self._config = GenerationConfig(temperature=0.0, max_tokens=MAX_TOKENS, logprobs=TOP_LOGPROBS)
        wrapped = EnvelopeClient(client)
        self._engine = Engine(wrapped, cache=cache, concurrency=concurrency, batch_size=client.batch_size)
        document = {
            "system": NLI_SYSTEM,
            "user": NLI_USER,
            "config": self._config.to_dict(),
            "model_args": {str(k): v for k, v in sorted((model_args or {}).items())},
            "rows": {"labels": list(LABELS), "label_confidence": LABEL_CONFIDENCE, "top_logprobs": TOP_LOGPROBS},
        }
        canonical = json.dumps(document, sort_keys=True, ensure_ascii=False, default=str)
        digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]
        self._id = f"llm:{client.model_id}:{NLI_PROMPT_VERSION}:{digest}"
        self._stats = VerifierStats(extra={"requests": 0, "logprob_rows": 0, "label_rows": 0, "failed_pairs": 0})
        self._failures: dict[Pair, str] = {}
        self._lock = threading.Lock()

    def pair_lengths(self, pairs: Sequence[Pair]) -> list[int]:
        """Estimated tokens of each pair's request: prompt + premise + hypothesis at :data:`CHARS_PER_TOKEN`."""
        return [self._overhead + _estimate(premise) + _estimate(hypothesis) for premise, hypothesis in pairs]

    def pair_failure(self, pair: Pair) -> str | None:
        """Why the last :meth:`predict` of ``pair`` gave a NaN row (``None``: it did not, or was never asked)."""
        return self._failures.get((pair[0], pair[1]))

    def request(self, pair: Pair, request_id: str = "pair") -> GenerationRequest:
        """The chat request of one pair (the premise cut to the budget when the pair is over it)."""
        premise, hypothesis = self._fit(pair)
        user = NLI_USER.format(premise=premise, hypothesis=hypothesis)
        messages = (Message("system", NLI_SYSTEM), Message("user", user))
        return GenerationRequest(id=request_id, messages=messages, config=self._config)

    def _fit(self, pair: Pair) -> Pair:
        premise, hypothesis = pair
        room = self._max_length - self._overhead - _estimate(hypothesis)
        if _estimate(premise) <= room:
            return premise, hypothesis
        return premise[: max(0, room) * CHARS_PER_TOKEN], hypothesis

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        """``(len(pairs), 3)`` probabilities; rows of failed pairs are NaN (see :meth:`pair_failure`)."""
        if not pairs:
            return np.zeros((0, 3), dtype=np.float64)
        with self._lock:
            start = time.perf_counter()
            uniques, inverse = unique_pairs(pairs)
            requests = [self.request(pair, f"pair-{i}") for i, pair in enumerate(uniques)]
            truncated = sum(1 for n in self.pair_lengths(uniques) if n > self._max_length)
            results = self._engine.generate(requests)
            table = np.full((len(uniques), 3), np.nan, dtype=np.float64)
            counts = {"logprob_rows": 0, "label_rows": 0, "failed_pairs": 0}
            for i, (pair, result) in enumerate(zip(uniques, results, strict=True)):
                answer = _answer(result)
                if answer.row is None:
                    counts["failed_pairs"] += 1
                    self._failures[pair] = answer.reason or "no answer"
                else:
                    counts["logprob_rows" if answer.source == "logprobs" else "label_rows"] += 1
                    table[i] = answer.row
                    self._failures.pop(pair, None)
            stats = self._stats
            fresh = [r for r in results if not r.cached]
            stats.pairs += len(fresh)
            stats.batches += 1 if fresh else 0
            stats.truncated += truncated
            stats.cache_hits += len(results) - len(fresh)
            stats.seconds += time.perf_counter() - start
            stats.extra["requests"] += sum(r.attempts for r in fresh)
            for key, value in counts.items():
                stats.extra[key] += value
        return table[inverse]

    def close(self) -> None:
        """Close the response cache (the client's connections close after every :meth:`predict`)."""
        if self._cache is not None:
            self._cache.close()


def _answer(result: GenerationResult) -> AnswerRow:
    """The row of one pair's result; a result that is not ``ok`` has none, and its reason says why."""
    if result.status != "ok":
        return AnswerRow(None, reason=f"{result.status}: {result.reason or 'no reason given'}")
    return answer_row(result.text)


class EnvelopeClient:
    """``inner`` with each answer's text replaced by :func:`~medhal.verify.llm_answers.envelope` (the text and its
    tokens' log-probabilities as JSON), so that the response cache, which stores texts, keeps the log-probabilities
    too.  Everything else is the inner client's."""

    def __init__(self, inner: ModelClient) -> None:
        self._inner = inner

    @property
    def model_id(self) -> str:
        return self._inner.model_id

    @property
    def endpoint(self) -> str:
        return self._inner.endpoint

    @property
    def batch_size(self) -> int:
        return self._inner.batch_size

    @property
    def concurrency(self) -> int:
        return int(getattr(self._inner, "concurrency", 1))

    async def generate(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        results = await self._inner.generate(requests)
        return [_enveloped(result) for result in results]

    async def aclose(self) -> None:
        await self._inner.aclose()

    def describe(self) -> dict[str, Any]:
        return self._inner.describe()


def _enveloped(result: GenerationResult) -> GenerationResult:
    if result.status != "ok":
        return result
    texts = tuple(
        envelope(text, result.logprobs[i] if i < len(result.logprobs) else None) for i, text in enumerate(result.texts)
    )
    return GenerationResult(
        result.id,
        result.status,
        texts=texts,
        reason=result.reason,
        attempts=result.attempts,
        latency_s=result.latency_s,
        cached=result.cached,
        finish_reasons=result.finish_reasons,
        usage=result.usage,
    )
