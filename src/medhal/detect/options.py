"""Each detector's keyword options as a frozen dataclass: the keys it takes, their types and their defaults.

A class here is what :mod:`medhal.detect.registry` registers for one detector.  Its fields are the detector's
keyword options, in the constructor's order, with the constructor's types and defaults (a test holds the two
together; ``mypy`` checks :meth:`DetectorOptions.build`, which passes every field by name); the resources a
detector is built from (the verifier, an LLM client, an embedder) are not options but :class:`Resources`.

Field annotations name the constructor module's own type aliases (``UnitChoice``, ``LongWindowPolicy``, ...):
:func:`option_types` resolves them in that module (``TYPES_FROM``), so importing this module imports no detector,
and a spec string is read against the real ``Literal`` choices.
"""

from __future__ import annotations

import importlib
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import NoneType, UnionType
from typing import TYPE_CHECKING, ClassVar, Literal

from medhal.detect.base import Detector
from medhal.detect.chunking import DYADIC_GRANULARITIES
from medhal.detect.decomposed import MAX_PAIRS
from medhal.errors import ConfigError

if TYPE_CHECKING:
    from medhal.detect._selfcheck_sampling import Aggregate, PairOrder, SampleSource, SampleSourceKind, SelfCheckScore
    from medhal.detect.aligned_rule import AlignedRule
    from medhal.detect.decomposed import Aggregation, LongWindowPolicy
    from medhal.detect.embedding import Embedder, EmbeddingUnits, UnitReference
    from medhal.detect.judge_formats import ResponseFormat, SpanFormat
    from medhal.detect.kg.detector import Fallback, GroundingFilter, HypothesisChoice
    from medhal.detect.kg.graph import KnowledgeGraph
    from medhal.detect.kg.triples import TripleExtractor
    from medhal.detect.llm_judge import JudgeLevel
    from medhal.detect.nli_clause import ClauseScore, PremiseChoice
    from medhal.detect.random_baseline import RandomUnits
    from medhal.detect.scoring import VerdictRule
    from medhal.detect.units import ClaimExtractorLike, UnitChoice
    from medhal.llm.base import ModelClient
    from medhal.llm.cache import ResponseCache
    from medhal.verify.base import Verifier
    from medhal.verify.calibration import Calibration

__all__ = [
    "DecomposedOptions",
    "DetectorOptions",
    "EmbeddingOptions",
    "FavaOptions",
    "KGTripleOptions",
    "LLMJudgeOptions",
    "NLIClauseOptions",
    "NLIResponseOptions",
    "RandomOptions",
    "Resources",
    "SelfCheckOptions",
    "literal_choices",
    "option_types",
    "read_option",
]


@dataclass(frozen=True, slots=True)
class Resources:
    """What detectors are built from besides their options: each takes the resources its registration needs,
    and the verifier's ``calibration`` gives the defaults of the detectors it was fitted for."""

    verifier: Verifier | None = None
    client: ModelClient | None = None
    embedder: Embedder | None = None
    calibration: Calibration | None = None


def _verifier(resources: Resources) -> Verifier:
    if resources.verifier is None:  # the registry checks needs before building
        raise ConfigError("this detector needs a verifier")
    return resources.verifier


def _client(resources: Resources) -> ModelClient:
    if resources.client is None:
        raise ConfigError("this detector needs an LLM client")
    return resources.client


@dataclass(frozen=True, slots=True, kw_only=True)
class DetectorOptions:
    """The options of one detector (a subclass per detector); :meth:`build` makes the detector."""

    TYPES_FROM: ClassVar[str] = ""
    """The module whose names the field annotations use (the detector's constructor's module)."""

    def build(self, resources: Resources) -> Detector:
        raise NotImplementedError

    def needs_client(self) -> bool:
        """Whether, with these options, the detector needs an LLM client beyond what its registration says."""
        return False


@dataclass(frozen=True, slots=True, kw_only=True)
class DecomposedOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.decomposed"
    units: UnitChoice = "clause"
    granularities: Sequence[int] = DYADIC_GRANULARITIES
    threshold: float = 0.5
    rule: VerdictRule | None = None
    long_windows: LongWindowPolicy = "skip"
    signals: float | None = None
    max_windows: int | None = None
    extractor: ClaimExtractorLike | None = None
    aggregation: Aggregation = "aligned"
    aligned_rule: AlignedRule | None = None
    max_pairs: int | None = MAX_PAIRS

    def build(self, resources: Resources) -> Detector:
        from medhal.detect.decomposed import DecomposedDetector

        return DecomposedDetector(
            _verifier(resources),
            units=self.units,
            granularities=self.granularities,
            threshold=self.threshold,
            rule=self.rule,
            long_windows=self.long_windows,
            signals=self.signals,
            max_windows=self.max_windows,
            extractor=self.extractor,
            aggregation=self.aggregation,
            aligned_rule=self.aligned_rule,
            max_pairs=self.max_pairs,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class NLIClauseOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.nli_clause"
    units: UnitChoice = "clause"
    score: ClauseScore = "non_entailment"
    threshold: float = 0.5
    rule: VerdictRule | None = None
    signals: float | None = None
    extractor: ClaimExtractorLike | None = None
    premise: PremiseChoice = "whole"

    def build(self, resources: Resources) -> Detector:
        from medhal.detect.nli_clause import NLIClauseDetector

        return NLIClauseDetector(
            _verifier(resources),
            units=self.units,
            score=self.score,
            threshold=self.threshold,
            rule=self.rule,
            signals=self.signals,
            extractor=self.extractor,
            premise=self.premise,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class NLIResponseOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.nli_clause"
    threshold: float = 0.5
    rule: VerdictRule | None = None

    def build(self, resources: Resources) -> Detector:
        from medhal.detect.nli_clause import NLIResponseDetector

        return NLIResponseDetector(_verifier(resources), threshold=self.threshold, rule=self.rule)


@dataclass(frozen=True, slots=True, kw_only=True)
class KGTripleOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.kg.detector"
    extractor: TripleExtractor | str = "rule"
    kg: KnowledgeGraph | str | Path | None = None
    embedder: Embedder | str | None = None
    match_threshold: float = 0.8
    require_grounding: GroundingFilter = "none"
    hypothesis: HypothesisChoice = "triple"
    fallback: Fallback = "response"
    threshold: float = 0.5
    rule: VerdictRule | None = None

    def build(self, resources: Resources) -> Detector:
        from medhal.detect.kg import KGTripleDetector

        return KGTripleDetector(
            _verifier(resources),
            extractor=self.extractor,
            kg=self.kg,
            embedder=resources.embedder if resources.embedder is not None else self.embedder,
            match_threshold=self.match_threshold,
            require_grounding=self.require_grounding,
            hypothesis=self.hypothesis,
            fallback=self.fallback,
            threshold=self.threshold,
            rule=self.rule,
        )


def _sample_prompt() -> str:
    from medhal.detect._selfcheck_sampling import SAMPLE_PROMPT  # imported when selfcheck-nli is chosen

    return SAMPLE_PROMPT


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfCheckOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.selfcheck"
    sampler: SampleSource | None = None
    samples: Mapping[str, Sequence[str]] | None = None
    source: SampleSourceKind = "model"
    n_samples: int = 20
    temperature: float = 1.0
    top_p: float = 1.0
    max_tokens: int = 512
    seed: int = 0
    prompt: str = field(default_factory=_sample_prompt)
    chat: bool = True
    cache: ResponseCache | None = None
    concurrency: int | None = None
    score: SelfCheckScore = "selfcheck"
    aggregate: Aggregate = "mean"
    order: PairOrder = "sample_first"
    threshold: float = 0.5
    rule: VerdictRule | None = None

    def needs_client(self) -> bool:
        """Samples come from the model under test unless they come from the evidence, a sampler or a table."""
        return self.source != "evidence" and self.sampler is None and not self.samples

    def build(self, resources: Resources) -> Detector:
        from medhal.detect.selfcheck import SelfCheckNLIDetector

        return SelfCheckNLIDetector(
            _verifier(resources),
            client=resources.client,
            sampler=self.sampler,
            samples=self.samples,
            source=self.source,
            n_samples=self.n_samples,
            temperature=self.temperature,
            top_p=self.top_p,
            max_tokens=self.max_tokens,
            seed=self.seed,
            prompt=self.prompt,
            chat=self.chat,
            cache=self.cache,
            concurrency=self.concurrency,
            score=self.score,
            aggregate=self.aggregate,
            order=self.order,
            threshold=self.threshold,
            rule=self.rule,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class LLMJudgeOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.llm_judge"
    level: JudgeLevel = "response"
    response_format: ResponseFormat | str = "json"
    span_format: SpanFormat | None = None
    threshold: float = 0.5
    temperature: float = 0.0
    seed: int = 0
    max_tokens: int = 512
    min_similarity: float = 0.85
    chat: bool = True
    cache: ResponseCache | None = None
    concurrency: int | None = None

    def build(self, resources: Resources) -> Detector:
        from medhal.detect.llm_judge import LLMJudgeDetector

        return LLMJudgeDetector(
            _client(resources),
            level=self.level,
            response_format=self.response_format,
            span_format=self.span_format,
            threshold=self.threshold,
            temperature=self.temperature,
            seed=self.seed,
            max_tokens=self.max_tokens,
            min_similarity=self.min_similarity,
            chat=self.chat,
            cache=self.cache,
            concurrency=self.concurrency,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class FavaOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.fava"
    outputs: Mapping[str, str] | None = None
    max_tokens: int = 1024
    max_evidence_chars: int | None = None
    chat: bool = False
    min_similarity: float = 0.85
    min_reproduction: float = 0.5
    cache: ResponseCache | None = None
    concurrency: int | None = None

    def needs_client(self) -> bool:
        """FAVA asks its model unless its outputs are given."""
        return self.outputs is None

    def build(self, resources: Resources) -> Detector:
        from medhal.detect.fava import FavaDetector

        return FavaDetector(
            resources.client,
            outputs=self.outputs,
            max_tokens=self.max_tokens,
            max_evidence_chars=self.max_evidence_chars,
            chat=self.chat,
            min_similarity=self.min_similarity,
            min_reproduction=self.min_reproduction,
            cache=self.cache,
            concurrency=self.concurrency,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class EmbeddingOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.embedding"
    model: str = "minilm"
    """The embedder by name (the constructor's ``embedder``), used when no embedder resource is given."""
    units: EmbeddingUnits = "sentence"
    reference: UnitReference = "sentences"
    threshold: float = 0.5

    def build(self, resources: Resources) -> Detector:
        from medhal.detect.embedding import EmbeddingDetector

        embedder = resources.embedder if resources.embedder is not None else self.model
        return EmbeddingDetector(embedder, units=self.units, reference=self.reference, threshold=self.threshold)


@dataclass(frozen=True, slots=True, kw_only=True)
class RandomOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.random_baseline"
    units: RandomUnits = "clause"
    seed: int = 0
    threshold: float = 0.5
    extractor: TripleExtractor | None = None

    def build(self, resources: Resources) -> Detector:
        from medhal.detect.random_baseline import RandomDetector

        return RandomDetector(units=self.units, seed=self.seed, threshold=self.threshold, extractor=self.extractor)


_TYPES: dict[type[DetectorOptions], Mapping[str, object]] = {}


def option_types(options: type[DetectorOptions]) -> Mapping[str, object]:
    """Each option's type, its annotation resolved in the detector's module (imported on first call)."""
    if options not in _TYPES:
        names: dict[str, object] = {"Sequence": Sequence, "Mapping": Mapping, "Path": Path}
        for module in ("medhal.detect.units", "medhal.detect.scoring", options.TYPES_FROM):
            names.update(vars(importlib.import_module(module)) if module else {})
        hints = typing.get_type_hints(options, localns=names)
        _TYPES[options] = {name: hint for name, hint in hints.items() if name != "TYPES_FROM"}
    return _TYPES[options]


def _members(hint: object) -> tuple[object, ...]:
    if isinstance(hint, UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return (hint,)


def literal_choices(options: type[DetectorOptions], key: str) -> tuple[str, ...]:
    """The values a ``Literal`` option takes (e.g. ``units``); empty for other options."""
    literals = [m for m in _members(option_types(options).get(key)) if typing.get_origin(m) is Literal]
    return tuple(str(value) for member in literals for value in typing.get_args(member))


_KINDS = {bool: "true or false", int: "an integer", float: "a number", NoneType: "none", str: "text"}


def read_option(options: type[DetectorOptions], key: str, raw: str) -> str | int | float | bool | None:
    """``raw`` (spec text) as option ``key`` takes it: one of its ``Literal`` choices, ``none`` where it may be
    unset, ``true``/``false``, an integer or a number, or text; anything else is a one-line :class:`ConfigError`."""
    members = _members(option_types(options)[key])
    lowered = raw.lower()
    choices = literal_choices(options, key)
    if raw in choices:
        return raw
    if NoneType in members and lowered in ("none", "null"):
        return None
    if bool in members and lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        if kind in members:
            try:
                return kind(raw)
            except ValueError:
                pass
    if str in members:
        return raw
    wanted = [repr(c) for c in choices] + [_KINDS[m] for m in members if isinstance(m, type) and m in _KINDS]
    if not wanted:
        raise ConfigError(f"option {key} cannot be set in a spec (pass it from code)")
    coded = [m for m in members if typing.get_origin(m) is not Literal and m not in _KINDS]
    more = " (other values from code)" if coded else ""
    listed = " or ".join(filter(None, (", ".join(wanted[:-1]), wanted[-1])))
    raise ConfigError(f"option {key} takes {listed}{more}, not {raw!r}")
