"""Detectors by name, so the CLI, the service and the benchmarks can build any of them from a string.

Each entry says what the detector needs — an entailment ``verifier``, an LLM ``client`` (the model under test
for ``selfcheck-nli``, a judge, a FAVA server), an ``embedder`` — and how it localizes (seed 000 Table 2):
``ranked`` units, unranked ``span`` s, or ``none`` (response-level; 0% by construction).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from medhal.detect.base import Detector
from medhal.detect.decomposed import DecomposedDetector
from medhal.detect.nli_clause import NLIClauseDetector, NLIResponseDetector
from medhal.detect.units import ConfigError
from medhal.verify.base import Verifier

__all__ = ["DETECTORS", "DetectorSpec", "Resources", "create_detector", "detector_names", "detector_spec"]

Need = Literal["verifier", "client", "embedder"]
Localizes = Literal["ranked", "span", "none"]


@dataclass(frozen=True, slots=True)
class Resources:
    """What detectors are built from; each detector takes the ones its spec lists in ``needs``."""

    verifier: Verifier | None = None
    client: Any | None = None
    """A :class:`medhal.llm.base.ModelClient`."""
    embedder: Any | None = None
    """A :class:`medhal.detect.embedding.Embedder`."""


@dataclass(frozen=True, slots=True)
class DetectorSpec:
    name: str
    build: Callable[..., Detector]
    needs: frozenset[Need]
    localizes: Localizes
    summary: str
    optional: frozenset[Need] = field(default_factory=frozenset)
    """Resources passed when present but not required (e.g. an embedder for KG grounding)."""


def _kg_triple(verifier: Verifier, **options: Any) -> Detector:
    from medhal.detect.kg import KGTripleDetector

    return KGTripleDetector(verifier, **options)


def _selfcheck(verifier: Verifier, *, client: Any | None = None, **options: Any) -> Detector:
    from medhal.detect.selfcheck import SelfCheckNLIDetector

    return SelfCheckNLIDetector(verifier, client=client, **options)


def _llm_judge(*, client: Any, **options: Any) -> Detector:
    from medhal.detect.llm_judge import LLMJudgeDetector

    return LLMJudgeDetector(client, **options)


def _fava(*, client: Any | None = None, **options: Any) -> Detector:
    from medhal.detect.fava import FavaDetector

    return FavaDetector(client=client, **options)


def _embedding(*, embedder: Any | None = None, **options: Any) -> Detector:
    from medhal.detect.embedding import EmbeddingDetector

    return EmbeddingDetector(embedder if embedder is not None else options.pop("model", "minilm"), **options)


def _random(**options: Any) -> Detector:
    from medhal.detect.random_baseline import RandomDetector

    return RandomDetector(**options)


_V: frozenset[Need] = frozenset({"verifier"})
DETECTORS: dict[str, DetectorSpec] = {
    spec.name: spec
    for spec in (
        DetectorSpec(
            "decomposed", DecomposedDetector, _V, "ranked", "decomposed entailment, multi-scale windows (seed 003)"
        ),
        DetectorSpec("nli-clause", NLIClauseDetector, _V, "ranked", "NLI per clause against the evidence (seed 000)"),
        DetectorSpec("nli-response", NLIResponseDetector, _V, "none", "1 - P(E | evidence, answer) (seed 003 eq. 3)"),
        DetectorSpec(
            "kg-triple",
            _kg_triple,
            _V,
            "ranked",
            "triples extracted, optionally grounded, each checked by NLI (AdaTriple-like, seed 000)",
            optional=frozenset({"embedder"}),
        ),
        DetectorSpec(
            "selfcheck-nli",
            _selfcheck,
            _V,
            "ranked",
            "SelfCheckGPT-NLI: sentences vs N sampled answers of the model under test",
            optional=frozenset({"client"}),
        ),
        DetectorSpec("llm-judge", _llm_judge, frozenset({"client"}), "none", "LLM judge (response or span level)"),
        DetectorSpec("fava", _fava, frozenset(), "span", "FAVA-style tagged error spans", frozenset({"client"})),
        DetectorSpec("embedding", _embedding, frozenset(), "ranked", "semantic divergence baseline (seed 003 §5)"),
        DetectorSpec("random", _random, frozenset(), "ranked", "seeded random ranking (empirical chance)"),
    )
}


def detector_names() -> list[str]:
    return sorted(DETECTORS)


def detector_spec(name: str) -> DetectorSpec:
    try:
        return DETECTORS[name]
    except KeyError:
        raise ConfigError(f"unknown detector {name!r}; choose one of {', '.join(detector_names())}") from None


def create_detector(
    name: str,
    verifier: Verifier | None = None,
    *,
    client: Any | None = None,
    embedder: Any | None = None,
    **options: Any,
) -> Detector:
    """Build detector ``name``; a missing required resource or an option it does not take is a
    :class:`ConfigError` with a one-line message."""
    spec = detector_spec(name)
    given = {"verifier": verifier, "client": client, "embedder": embedder}
    missing = sorted(need for need in spec.needs if given[need] is None)
    if missing:
        hint = " (pass --model / --base-url)" if "client" in missing else ""
        raise ConfigError(f"detector {name!r} needs {' and '.join(missing)}{hint}")
    args: list[Any] = [verifier] if "verifier" in spec.needs else []
    kwargs = dict(options)
    for need in ("client", "embedder"):
        if (need in spec.needs or need in spec.optional) and given[need] is not None:
            kwargs[need] = given[need]
    try:
        return spec.build(*args, **kwargs)
    except TypeError as exc:
        raise ConfigError(f"detector {name!r}: {exc}") from None
