"""Detectors by name, so the CLI, the service and the benchmarks can build any of them from a string."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from medhal.detect.base import PairwiseDetector
from medhal.detect.decomposed import DecomposedDetector
from medhal.detect.nli_clause import NLIClauseDetector, NLIResponseDetector
from medhal.detect.units import ConfigError
from medhal.verify.base import Verifier

__all__ = ["DETECTORS", "create_detector", "detector_names"]

DetectorFactory = Callable[..., PairwiseDetector]

DETECTORS: dict[str, DetectorFactory] = {
    "decomposed": DecomposedDetector,
    "nli-clause": NLIClauseDetector,
    "nli-response": NLIResponseDetector,
}


def detector_names() -> list[str]:
    return sorted(DETECTORS)


def create_detector(name: str, verifier: Verifier, **options: Any) -> PairwiseDetector:
    """Build detector ``name`` over ``verifier``; options it does not take raise :class:`ConfigError`."""
    try:
        factory = DETECTORS[name]
    except KeyError:
        raise ConfigError(f"unknown detector {name!r}; choose one of {', '.join(detector_names())}") from None
    try:
        return factory(verifier, **options)
    except TypeError as exc:
        raise ConfigError(f"detector {name!r}: {exc}") from None
