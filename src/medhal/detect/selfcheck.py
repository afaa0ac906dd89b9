"""Detector ``selfcheck-nli``: SelfCheckGPT with NLI scoring, one unit per response sentence (seed 000 §5).

SelfCheckGPT (Manakul et al., EMNLP 2023) asks whether a sentence of a response is consistent with ``N`` other
answers sampled from the same model for the same prompt: a hallucinated sentence tends to be contradicted by the
samples.  Seed 000 §5 uses the NLI variant per sentence (unit = sentence) and ranks sentences by its score.

**Sampling.**  ``N`` answers are drawn from the model under test through the LLM :class:`~medhal.llm.engine.Engine`
with the documented template :data:`SAMPLE_PROMPT` (question + evidence -> answer), temperature 1.0, top-p 1.0,
one request per sample with seed ``seed + k`` for sample ``k`` (so a server that ignores ``n > 1`` or fails one
sample costs one sample, not the item).  SelfCheckGPT draws ``N = 20`` samples at temperature 1.0, medhal's
default; seed 003 §5 uses ``N = 5`` for its SelfCheck baseline.  Samples depend on the prompt only, never on the
response, so items with the same question and evidence share their samples (and the response cache keeps them
across runs).  Samples may instead be given precomputed (``samples``: item id -> texts), or the evidence itself
may stand in as the only "sample" (``source="evidence"``): that is what the published MedHal-Loc run did (its
``horizontal_eval.py`` and ``run_real_experiments.py`` call SelfCheckGPT with ``sampled_passages=[evidence]``), so
seed 000's SelfCheckGPT-NLI numbers measure agreement with the evidence, not self-consistency (and the detection
run scored an item 0.5 whenever SelfCheckGPT raised, where medhal records a status instead).

**Score.**  Each sentence ``r_i`` is checked against every usable sample ``S_k`` by the :class:`Verifier` (premise
= sample, hypothesis = sentence; ``order="sentence_first"`` swaps them, which is the argument order of the
reference implementation ``SelfCheckNLI.predict``).  The SelfCheckGPT-NLI sentence score is

    ``score(r_i) = mean_k P(C | S_k, r_i) / (P(E | S_k, r_i) + P(C | S_k, r_i))``

— the reference model is two-way (neutral removed) and takes the softmax over the entailment and contradiction
logits, which for a three-way model equals ``P(C) / (P(E) + P(C))`` exactly (``score="selfcheck"``, the default;
0.5 when both probabilities are 0).  ``score="contradiction"`` uses the raw three-way ``P(C)`` instead.  The
response score is the mean of the sentence scores (``aggregate="mean"``, SelfCheckGPT's passage-level score and
the aggregation of the published MedHal-Loc detection run) or their maximum (``aggregate="max"``); the response is
flagged when it reaches ``threshold``.  A sentence's ``p_entail``/``p_contradict`` are the means over samples of
``P(E)``/``P(C)`` and its verdict follows :class:`~medhal.detect.scoring.VerdictRule` on them.

**Failures.**  Every item ends with a status.  When no sample could be drawn the item gets the sampling status
(``api_error`` for an unreachable model, ``parse_failure`` when every sample came back blank); when some samples
failed the item is scored on the others and ``config["samples"]`` records ``requested``, ``used``, ``failed`` and
``blank`` counts, the failure reasons, the sample texts and each sentence's per-sample scores.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import get_args

import numpy as np

from medhal.detect._selfcheck_sampling import (
    DEFAULT_N_SAMPLES,
    NO_QUESTION,
    SAMPLE_PROMPT,
    Aggregate,
    ModelSampler,
    PairOrder,
    SampleSet,
    SampleSource,
    SampleSourceKind,
    SelfCheckScore,
    _check_prompt,
    _check_sampling,
    aggregate_scores,
    build_sample_prompt,
    selfcheck_sentence_score,
)
from medhal.detect.base import PairBatch, split_valid, with_accounting
from medhal.detect.llm_support import failure_result
from medhal.detect.records import CheckItem, CheckResult, JSONObject, Status, UnitResult
from medhal.detect.scoring import VerdictRule
from medhal.detect.units import ConfigError, Unit, check_threshold, judged_unit
from medhal.llm.base import ModelClient
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import run_closing
from medhal.text import Span, split_sentences
from medhal.verify.base import CONTRADICTION, ENTAILMENT, Pair, Probabilities, Verifier

__all__ = [
    "DEFAULT_N_SAMPLES",
    "NO_QUESTION",
    "SAMPLE_PROMPT",
    "Aggregate",
    "ModelSampler",
    "PairOrder",
    "SampleSet",
    "SampleSource",
    "SampleSourceKind",
    "SelfCheckNLIDetector",
    "SelfCheckScore",
    "aggregate_scores",
    "build_sample_prompt",
    "selfcheck_sentence_score",
]


class SelfCheckNLIDetector:
    """SelfCheckGPT-NLI per sentence (see the module docstring).

    Samples come from, in order: ``samples`` (item id -> sample texts, the first ``n_samples`` used), then the
    model: ``client`` (a :class:`ModelSampler` is built with the sampling options) or any :class:`SampleSource`
    given as ``sampler``.  ``source="evidence"`` checks against the evidence as the only sample (the published
    MedHal-Loc setting) and takes no model or samples.
    """

    name = "selfcheck-nli"

    def __init__(
        self,
        verifier: Verifier,
        *,
        client: ModelClient | None = None,
        sampler: SampleSource | None = None,
        samples: Mapping[str, Sequence[str]] | None = None,
        source: SampleSourceKind = "model",
        n_samples: int = DEFAULT_N_SAMPLES,
        temperature: float = 1.0,
        top_p: float = 1.0,
        max_tokens: int = 512,
        seed: int = 0,
        prompt: str = SAMPLE_PROMPT,
        chat: bool = True,
        cache: ResponseCache | None = None,
        concurrency: int | None = None,
        score: SelfCheckScore = "selfcheck",
        aggregate: Aggregate = "mean",
        order: PairOrder = "sample_first",
        threshold: float = 0.5,
        rule: VerdictRule | None = None,
    ) -> None:
        self.verifier = verifier
        if source not in get_args(SampleSourceKind):
            raise ConfigError(f"unknown sample source {source!r}; choose model or evidence")
        if score not in get_args(SelfCheckScore):
            raise ConfigError(f"unknown selfcheck score {score!r}; choose selfcheck or contradiction")
        if aggregate not in get_args(Aggregate):
            raise ConfigError(f"unknown aggregate {aggregate!r}; choose mean or max")
        if order not in get_args(PairOrder):
            raise ConfigError(f"unknown pair order {order!r}; choose sample_first or sentence_first")
        check_threshold(threshold)
        _check_sampling(n_samples, temperature, top_p, max_tokens, seed)
        if client is not None and sampler is not None:
            raise ConfigError("pass a client or a sampler, not both")
        if source == "evidence" and (client is not None or sampler is not None or samples is not None):
            raise ConfigError("source 'evidence' checks against the evidence and takes no client, sampler or samples")
        if source == "model" and client is None and sampler is None and samples is None:
            raise ConfigError(
                "selfcheck-nli samples the model under test: pass a client (--model) or precomputed samples, "
                "or use source 'evidence'"
            )
        if client is not None:
            sampler = ModelSampler(
                client,
                n_samples=n_samples,
                temperature=temperature,
                top_p=top_p,
                max_tokens=max_tokens,
                seed=seed,
                prompt=prompt,
                chat=chat,
                cache=cache,
                concurrency=concurrency,
            )
        else:
            _check_prompt(prompt)
        self._sampler = sampler
        self._samples: dict[str, tuple[str, ...]] = {}
        for key, texts in (samples or {}).items():
            if isinstance(texts, str) or not all(isinstance(t, str) for t in texts):
                raise ConfigError(f"samples for item {key!r} must be a sequence of strings")
            self._samples[str(key)] = tuple(texts)
        self.source: SampleSourceKind = source
        self.n_samples = n_samples
        self.score_kind: SelfCheckScore = score
        self.aggregate: Aggregate = aggregate
        self.order: PairOrder = order
        self.threshold = threshold
        self.rule = rule or VerdictRule()

    @property
    def config(self) -> JSONObject:
        """The options that shape this detector's output, recorded in every result."""
        return {
            "source": self.source,
            "n_samples": self.n_samples,
            "score": self.score_kind,
            "aggregate": self.aggregate,
            "order": self.order,
            "threshold": self.threshold,
            "entail_threshold": self.rule.entail_threshold,
            "contradict_threshold": self.rule.contradict_threshold,
            "max_length": self.verifier.max_length,
            "precomputed_items": len(self._samples),
            "sampler": None if self._sampler is None else self._sampler.describe(),
        }

    def pair(self, sample: str, sentence: str) -> Pair:
        """The verifier pair of one (sample, sentence): premise first."""
        return (sample, sentence) if self.order == "sample_first" else (sentence, sample)

    async def _collect(self, items: Sequence[CheckItem]) -> list[SampleSet]:
        out: list[SampleSet | None] = [None] * len(items)
        missing: list[int] = []
        for i, item in enumerate(items):
            if self.source == "evidence":
                out[i] = SampleSet.from_texts([item.evidence], "evidence")
            elif item.id is not None and item.id in self._samples:
                given = self._samples[item.id][: self.n_samples]
                if given:
                    out[i] = SampleSet.from_texts(given, "precomputed")
                else:
                    out[i] = SampleSet((), 0, "precomputed", status="input_error", reason="no precomputed samples")
            else:
                missing.append(i)
        if missing and self._sampler is not None:
            drawn = await self._sampler.asample_many([items[i] for i in missing])
            if len(drawn) != len(missing):
                raise RuntimeError(f"sampler returned {len(drawn)} sample sets for {len(missing)} items")
            for i, sample_set in zip(missing, drawn, strict=True):
                out[i] = sample_set
        for i in missing:
            if out[i] is None:
                what = f"item {items[i].id!r}" if items[i].id is not None else "an item without id"
                reason = f"no precomputed samples for {what} and no model to sample from"
                out[i] = SampleSet((), 0, "precomputed", status="input_error", reason=reason)
        return [s for s in out if s is not None]

    def _failure(self, item: CheckItem, status: Status, reason: str, sample_set: SampleSet | None) -> CheckResult:
        samples = None if sample_set is None else sample_set.to_dict()
        return failure_result(
            self.name, item, self.config, status, reason, key="samples", record=samples, verifier_id=self.verifier.id
        )

    async def adetect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """:meth:`detect_many` inside an event loop (the verifier runs synchronously after sampling)."""
        results, valid = split_valid(items, lambda item, reason: self._failure(item, "input_error", reason, None))
        start = time.perf_counter()
        sample_sets = await self._collect([items[i] for i in valid])
        sample_seconds = time.perf_counter() - start
        batch = PairBatch()
        plans: dict[int, tuple[list[Span], SampleSet, list[int]]] = {}
        for i, sample_set in zip(valid, sample_sets, strict=True):
            if sample_set.status != "ok" or not sample_set.texts:
                reason = sample_set.reason or "no usable samples"
                results[i] = self._failure(items[i], sample_set.status, reason, sample_set)
                continue
            sentences = split_sentences(items[i].response)
            rows = [batch.add(self.pair(s, u.text), i) for u in sentences for s in sample_set.texts]
            plans[i] = (sentences, sample_set, rows)
        start = time.perf_counter()
        probs = batch.run(self.verifier)
        verify_seconds = time.perf_counter() - start
        lengths = self.verifier.pair_lengths(batch.pairs) if batch.pairs else []
        total_new = max(1, len(batch.pairs))
        for i, (sentences, sample_set, rows) in plans.items():
            passes = batch.new_by_owner.get(i, 0)
            timings = {
                "sample_s": round(sample_seconds / max(1, len(valid)), 6),
                "batch_sample_s": round(sample_seconds, 6),
                "verify_s": round(verify_seconds * passes / total_new, 6),
                "batch_verify_s": round(verify_seconds, 6),
            }
            result = self._assemble(items[i], sentences, sample_set, probs[rows], [lengths[r] for r in rows])
            results[i] = with_accounting(result, passes=passes, timings=timings)
        return [r for r in results if r is not None]

    def _assemble(
        self,
        item: CheckItem,
        sentences: Sequence[Span],
        sample_set: SampleSet,
        probs: Probabilities,
        lengths: Sequence[int],
    ) -> CheckResult:
        n = len(sample_set.texts)
        units: list[UnitResult] = []
        per_sample: list[list[float]] = []
        for u, span in enumerate(sentences):
            rows = probs[u * n : (u + 1) * n]
            score = selfcheck_sentence_score(rows, self.score_kind)
            p_e, p_c = float(np.mean(rows[:, ENTAILMENT])), float(np.mean(rows[:, CONTRADICTION]))
            per_sample.append([selfcheck_sentence_score(rows[k : k + 1], self.score_kind) for k in range(n)])
            verdict = self.rule.verdict(p_e, p_c)
            units.append(judged_unit(u, Unit.of_span(span), "sentence", verdict, score, p_entail=p_e, p_contradict=p_c))
        response_score = aggregate_scores([u.score for u in units], self.aggregate)
        config = self.config
        config["samples"] = {**sample_set.to_dict(), "scores": per_sample}
        return CheckResult(
            detector=self.name,
            verifier_id=self.verifier.id,
            config=config,
            status="ok",
            id=item.id,
            score=response_score,
            flagged=response_score >= self.threshold,
            units=tuple(units),
            windows=n,
            pairs=len(sentences) * n,
            truncated_pairs=sum(1 for length in lengths if length > self.verifier.max_length),
        )

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """One result per item, in order; sampling runs concurrently through the engine, then one verifier pass
        over the deduplicated pairs of all items."""
        return run_closing(lambda: self.adetect_many(items), None if self._sampler is None else self._sampler.aclose)

    def detect(self, item: CheckItem) -> CheckResult:
        return self.detect_many([item])[0]
