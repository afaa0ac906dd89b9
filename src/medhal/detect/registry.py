"""Detectors by name, so the CLI, the service and the benchmarks can build any of them from a string.

Each entry says what the detector needs — an entailment ``verifier``, an LLM ``client`` (the model under test
for ``selfcheck-nli``, a judge, a FAVA server), an ``embedder`` — and how it localizes (seed 000 Table 2):
``ranked`` units, unranked ``span`` s, or ``none`` (response-level; 0% by construction).

It is also the one place that knows which keyword options each detector takes (:func:`accepted_options`, read
from the constructor's signature) and when it needs an LLM; :func:`parse_detector` reads the ``--detector
NAME[:key=value...]`` syntax that ``check`` and ``bench`` share.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from medhal.detect.base import Detector
from medhal.detect.decomposed import DecomposedDetector
from medhal.detect.nli_clause import NLIClauseDetector, NLIResponseDetector
from medhal.detect.units import ConfigError
from medhal.verify.base import Verifier

__all__ = [
    "DETECTORS",
    "DetectorSpec",
    "Resources",
    "accepted_options",
    "accepts",
    "create_detector",
    "detector_names",
    "detector_spec",
    "parse_detector",
]

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
    target: str = ""
    """``module:Class`` whose constructor takes the options (its keyword parameters; resources excluded);
    empty: ``build`` itself."""
    extra: frozenset[str] = field(default_factory=frozenset)
    """Options ``build`` takes on top of the target's (e.g. ``embedding``'s ``model``)."""
    llm: Callable[[Mapping[str, Any]], bool] | None = None
    """Whether the detector, with these options, needs an LLM ``client`` (``None``: only when ``needs`` says)."""

    def needs_client(self, options: Mapping[str, Any]) -> bool:
        """Whether this detector, built with ``options``, needs an LLM client (``--model``)."""
        return "client" in self.needs or (self.llm is not None and self.llm(options))

    def takes_client(self) -> bool:
        """Whether an LLM client (``--model``) is of any use to this detector."""
        return "client" in self.needs or "client" in self.optional


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
            target="medhal.detect.kg:KGTripleDetector",
        ),
        DetectorSpec(
            "selfcheck-nli",
            _selfcheck,
            _V,
            "ranked",
            "SelfCheckGPT-NLI: sentences vs N sampled answers of the model under test",
            optional=frozenset({"client"}),
            target="medhal.detect.selfcheck:SelfCheckNLIDetector",
            llm=lambda o: o.get("source", "model") != "evidence" and o.get("sampler") is None and not o.get("samples"),
        ),
        DetectorSpec(
            "llm-judge",
            _llm_judge,
            frozenset({"client"}),
            "none",
            "LLM judge (response or span level)",
            target="medhal.detect.llm_judge:LLMJudgeDetector",
        ),
        DetectorSpec(
            "fava",
            _fava,
            frozenset(),
            "span",
            "FAVA-style tagged error spans",
            frozenset({"client"}),
            target="medhal.detect.fava:FavaDetector",
            llm=lambda o: o.get("outputs") is None,
        ),
        DetectorSpec(
            "embedding",
            _embedding,
            frozenset(),
            "ranked",
            "semantic divergence baseline (seed 003 §5)",
            target="medhal.detect.embedding:EmbeddingDetector",
            extra=frozenset({"model"}),
        ),
        DetectorSpec(
            "random",
            _random,
            frozenset(),
            "ranked",
            "seeded random ranking (empirical chance)",
            target="medhal.detect.random_baseline:RandomDetector",
        ),
    )
}


def detector_names() -> list[str]:
    return sorted(DETECTORS)


def detector_spec(name: str) -> DetectorSpec:
    try:
        return DETECTORS[name]
    except KeyError:
        raise ConfigError(f"unknown detector {name!r}; choose one of {', '.join(detector_names())}") from None


_RESOURCE_PARAMETERS = frozenset({"self", "verifier", "client"})


@cache
def accepted_options(name: str) -> frozenset[str]:
    """The keyword options detector ``name`` takes (read from its constructor's signature; the resources
    ``verifier`` and ``client`` are passed by :func:`create_detector`, not as options)."""
    spec = detector_spec(name)
    build: Any = spec.build
    if spec.target:
        module, _, attr = spec.target.partition(":")
        build = getattr(importlib.import_module(module), attr)
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    params = inspect.signature(build).parameters.values()
    return frozenset(p.name for p in params if p.kind in kinds and p.name not in _RESOURCE_PARAMETERS) | spec.extra


def accepts(name: str, option: str) -> bool:
    """Whether detector ``name`` takes keyword option ``option`` (e.g. ``rule``, ``threshold``, ``units``)."""
    return option in accepted_options(name)


def _check_options(name: str, options: dict[str, Any]) -> None:
    unknown = sorted(set(options) - accepted_options(name))
    if unknown:
        takes = ", ".join(sorted(accepted_options(name))) or "no options"
        raise ConfigError(f"detector {name!r} takes no option {', '.join(map(repr, unknown))}; it takes: {takes}")


def _value(raw: str) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    for cast in (int, float):
        try:
            return cast(raw)
        except ValueError:
            pass
    return raw


def parse_detector(text: str) -> tuple[str, str, dict[str, Any]]:
    """``NAME[:key=value...]`` (the ``--detector`` syntax of ``check`` and ``bench``) -> (label, name, options).

    Values are read as booleans (``true``/``false``), ``none``, integers or floats where they parse as such,
    else strings; ``-`` in a key is ``_``.  An unknown detector or an option it does not take is a one-line
    :class:`ConfigError`."""
    parts = [p for p in text.strip().split(":") if p]
    if not parts:
        raise ConfigError("empty detector name")
    detector_spec(parts[0])
    options: dict[str, Any] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ConfigError(f"detector option {part!r} of {text!r} is not key=value")
        options[key.replace("-", "_")] = _value(value)
    _check_options(parts[0], options)
    return text.strip(), parts[0], options


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
    if client is None and "client" not in missing and spec.needs_client(options):
        missing.append("client")
    if missing:
        hint = " (pass --model / --base-url)" if "client" in missing else ""
        raise ConfigError(f"detector {name!r} needs {' and '.join(missing)}{hint}")
    _check_options(name, options)
    args: list[Any] = [verifier] if "verifier" in spec.needs else []
    kwargs = dict(options)
    for need in ("client", "embedder"):
        if (need in spec.needs or need in spec.optional) and given[need] is not None:
            kwargs[need] = given[need]
    try:
        return spec.build(*args, **kwargs)
    except TypeError as exc:
        raise ConfigError(f"detector {name!r}: {exc}") from None
