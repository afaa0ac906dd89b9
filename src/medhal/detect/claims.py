"""Atomic claim extraction for ``claim`` units: seed 003 §4.2 (Phase I) and Appendix A.3.

One generative call per response with the copy-faithful prompt of Appendix A.3, verbatim, where the claim cap is
``min(10, 4 * n_sent)`` and ``n_sent`` is the response's sentence count (:func:`medhal.text.split_sentences`).
The seed's post-processing: strip enumeration artefacts (leading digits, bullets, hyphens) and trailing
punctuation, discard empty lines.  Two readings are ours and documented here: a leading number is an enumeration
artefact only when punctuation and a space follow it ("1. ", "2) ", "(3) "), so "5 patients died" keeps its 5;
"Claim 1:" prefixes and quotes wrapping a whole claim are stripped too.  Claims beyond the cap are dropped (and
counted), exact duplicates are dropped (and counted).

Every claim is verified as its own text: the claim, not the answer's words, is the hypothesis (seed 003 §4.2-4.5:
"for each claim c_i, the NLI engine is run against every chunk"), and every claim counts in FED.  The prompt asks
for standalone sentences, so decontextualized, rewritten claims ("Mayor Lena Ortiz opposed ...") are the normal
case.  Alignment only says where a claim sits in the response (:func:`medhal.text.align.align_all`: exact, then
case/whitespace-insensitive, then fuzzy); a claim that cannot be aligned keeps a null span and a reason
(:attr:`Claim.reason`), is listed in :attr:`ClaimExtraction.unaligned`, and is verified all the same
(:attr:`ClaimExtraction.units`).  Decoding defaults to greedy with at most 512 new tokens (§5: "capped at 512 new
tokens").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from medhal.detect.records import JSONObject
from medhal.detect.units import Unit
from medhal.llm.base import (
    GenerationConfig,
    GenerationRequest,
    GenerationResult,
    ModelClient,
    Status,
    one_sample_config,
)
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import Engine, run_closing
from medhal.text import Span, split_sentences
from medhal.text.align import AlignMethod, align_all

__all__ = [
    "CLAIM_PROMPT",
    "Claim",
    "ClaimExtraction",
    "ClaimExtractor",
    "build_claim_prompt",
    "claim_cap",
    "postprocess_claims",
]

CLAIM_PROMPT = (
    "Extract the factual claims from the following answer. Each claim must be taken exactly as it is written in "
    "the answer, even if it appears implausible, incorrect, or contradictory. Do not use outside knowledge. Do not "
    "fix, rephrase, or interpret claims. Your task is to copy the claims into standalone sentences exactly as "
    'stated. List up to {max_claims} claims. No explanations, no corrections. Answer: """{answer}""" Claims:'
)
"""Seed 003 Appendix A.3, word for word (``{max_claims}`` and ``{answer}`` are filled in)."""

MAX_CLAIMS = 10
CLAIMS_PER_SENTENCE = 4
_ENUMERATION = re.compile(
    r"^(?:\s*(?:claim\s*\d+\s*[:.)-]|\(\d{1,3}\)|\d{1,3}[.):-](?=\s|$)|\(?[a-z]\)(?=\s)|[-*•·▪◦‣–—+>]+)\s*)+",
    re.IGNORECASE,
)
_TRAILING_PUNCT = re.compile(r"[\s.,;:!?]+$")
_QUOTES = {('"', '"'), ("'", "'"), ("“", "”"), ("‘", "’"), ("«", "»")}


def claim_cap(response: str) -> int:
    """``min(10, 4 * n_sent)`` (seed 003 Appendix A.3); 0 for a blank response."""
    return min(MAX_CLAIMS, CLAIMS_PER_SENTENCE * len(split_sentences(response)))


def build_claim_prompt(response: str, max_claims: int | None = None) -> str:
    """The Appendix A.3 prompt for ``response`` (cap from :func:`claim_cap` unless given)."""
    cap = claim_cap(response) if max_claims is None else max_claims
    return CLAIM_PROMPT.format(max_claims=cap, answer=response)


def _clean_line(line: str) -> str:
    text = _ENUMERATION.sub("", line.strip(), count=1).strip()
    text = _TRAILING_PUNCT.sub("", text)
    if len(text) >= 2 and (text[0], text[-1]) in _QUOTES:
        text = _TRAILING_PUNCT.sub("", text[1:-1].strip())
    return text


def postprocess_claims(raw: str, max_claims: int) -> tuple[list[str], int, int]:
    """(claims, dropped over the cap, exact duplicates dropped) from the extractor's raw output."""
    claims: list[str] = []
    seen: set[str] = set()
    duplicates = 0
    for line in raw.splitlines():
        text = _clean_line(line)
        if not text:
            continue
        if text in seen:
            duplicates += 1
            continue
        seen.add(text)
        claims.append(text)
    dropped = max(0, len(claims) - max_claims)
    return claims[:max_claims], dropped, duplicates


@dataclass(frozen=True, slots=True)
class Claim:
    """One extracted claim and where it sits in the response (``span`` is ``None`` when it could not be
    aligned)."""

    index: int
    """Position in the extractor's list, after post-processing."""
    text: str
    span: Span | None
    method: AlignMethod | None
    score: float | None
    """Similarity of the claim to its span, 1.0 for exact and normalized matches."""
    reason: str | None = None
    """Why the claim could not be aligned (``None`` when it was)."""

    def alignment(self) -> JSONObject:
        """How the claim was placed in the response: the ``alignment`` of its unit record."""
        return {"claim": self.index, "method": self.method, "score": self.score, "reason": self.reason}

    def unit(self) -> Unit:
        """The claim as a unit to verify: its own text is the hypothesis; the span only locates it."""
        span = self.span
        if span is None:
            return Unit(self.text, None, None, None, self.alignment())
        return Unit(self.text, span.start, span.end, span.text, self.alignment())

    def to_dict(self) -> JSONObject:
        return {
            "index": self.index,
            "text": self.text,
            "span": None if self.span is None else self.span.to_dict(),
            "method": self.method,
            "score": self.score,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class ClaimExtraction:
    """The claims of one response.

    ``status``: ``ok`` when at least one claim survived post-processing (aligned or not: every claim is
    verified); ``parse_failure`` when the model answered but no claim survived; ``api_error`` when the model could
    not be reached; ``input_error`` for a blank response.
    """

    response: str
    status: Status
    claims: tuple[Claim, ...]
    max_claims: int
    reason: str | None = None
    raw: str | None = None
    dropped: int = 0
    """Claims beyond ``max_claims``."""
    duplicates: int = 0
    attempts: int = 0
    cached: bool = False

    @property
    def aligned(self) -> tuple[Claim, ...]:
        """Aligned claims in reading order (by span start, then extraction order)."""
        found = [c for c in self.claims if c.span is not None]
        return tuple(sorted(found, key=lambda c: (c.span.start if c.span else 0, c.index)))

    @property
    def spans(self) -> tuple[Span, ...]:
        """The aligned claims' spans in reading order: the ``claim`` units of the response."""
        return tuple(c.span for c in self.aligned if c.span is not None)

    @property
    def units(self) -> tuple[Unit, ...]:
        """Every claim as a unit to verify: the aligned ones in reading order, then the unaligned ones in
        extraction order.  None is left out."""
        return tuple(c.unit() for c in (*self.aligned, *(c for c in self.claims if c.span is None)))

    @property
    def unaligned(self) -> tuple[str, ...]:
        """Claims that could not be placed in the response, in extraction order."""
        return tuple(c.text for c in self.claims if c.span is None)

    def to_dict(self) -> JSONObject:
        return {
            "status": self.status,
            "reason": self.reason,
            "max_claims": self.max_claims,
            "claims": [c.to_dict() for c in self.claims],
            "unaligned": list(self.unaligned),
            "dropped": self.dropped,
            "duplicates": self.duplicates,
            "raw": self.raw,
            "attempts": self.attempts,
            "cached": self.cached,
        }


class _Calls(TypedDict):
    """What a :class:`ClaimExtraction` records of the model call."""

    attempts: int
    cached: bool


class _Output(_Calls):
    """... and of the model's output, when it answered."""

    raw: str
    dropped: int
    duplicates: int


def _extraction(response: str, cap: int, result: GenerationResult, min_similarity: float) -> ClaimExtraction:
    base: _Calls = {"attempts": result.attempts, "cached": result.cached}
    if result.status != "ok":
        return ClaimExtraction(response, result.status, (), cap, reason=result.reason, **base)
    raw = result.text
    texts, dropped, duplicates = postprocess_claims(raw, cap)
    alignments = align_all(texts, response, min_score=min_similarity)
    unaligned = (
        "not found in the answer: no span matches it exactly, after normalization, or with fuzzy similarity "
        f">= {min_similarity}; verified as extracted"
    )
    claims = tuple(
        Claim(i, text, a.span, a.method, a.score) if a else Claim(i, text, None, None, None, unaligned)
        for i, (text, a) in enumerate(zip(texts, alignments, strict=True))
    )
    extra: _Output = {"raw": raw, "dropped": dropped, "duplicates": duplicates, **base}
    if not claims:
        return ClaimExtraction(response, "parse_failure", (), cap, reason="no claims in the model output", **extra)
    return ClaimExtraction(response, "ok", claims, cap, **extra)


class ClaimExtractor:
    """Extract and locate the atomic claims of responses with any :class:`~medhal.llm.base.ModelClient`.

    ``chat=True`` sends the prompt as one user message (instruction-tuned models); ``False`` as a raw completion
    prompt.  ``cache`` remembers answers (greedy decoding is cached); ``min_similarity`` is the fuzzy-alignment
    threshold.  Synchronous :meth:`extract` / :meth:`extract_many`; :meth:`aextract_many` inside an event loop.
    """

    def __init__(
        self,
        client: ModelClient,
        *,
        cache: ResponseCache | None = None,
        config: GenerationConfig | None = None,
        chat: bool = True,
        min_similarity: float = 0.75,
        concurrency: int | None = None,
    ) -> None:
        self._client = client
        self._engine = Engine(client, cache=cache, concurrency=concurrency)
        self._config = one_sample_config(
            config, max_tokens=512, refusal="claim extraction takes one sample per response (n=1)"
        )
        self._chat = chat
        if not 0.0 < min_similarity <= 1.0:
            raise ValueError(f"min_similarity must be in (0, 1], got {min_similarity}")
        self._min_similarity = min_similarity

    def describe(self) -> JSONObject:
        return {
            "model": self._client.model_id,
            "generation": self._config.to_dict(),
            "chat": self._chat,
            "min_similarity": self._min_similarity,
            "prompt": "seed 003 A.3",
        }

    def request(self, response: str, request_id: str = "claims") -> GenerationRequest:
        """The generation request for one response."""
        return GenerationRequest.of_prompt(request_id, build_claim_prompt(response), self._config, chat=self._chat)

    async def aextract_many(self, responses: Sequence[str]) -> list[ClaimExtraction]:
        out: list[ClaimExtraction | None] = [None] * len(responses)
        caps = [claim_cap(r) for r in responses]
        wanted: list[int] = []
        for i, response in enumerate(responses):
            if caps[i] == 0:
                out[i] = ClaimExtraction(response, "input_error", (), 0, reason="the response is blank")
            else:
                wanted.append(i)
        results = await self._engine.agenerate([self.request(responses[i], f"claims-{i}") for i in wanted])
        for i, result in zip(wanted, results, strict=True):
            out[i] = _extraction(responses[i], caps[i], result, self._min_similarity)
        return [x for x in out if x is not None]

    def extract_many(self, responses: Sequence[str]) -> list[ClaimExtraction]:
        """One :class:`ClaimExtraction` per response, in order; never raises for a model failure."""
        return run_closing(lambda: self.aextract_many(responses), self._client.aclose)

    def extract(self, response: str) -> ClaimExtraction:
        return self.extract_many([response])[0]
