"""Entailment verifiers: one Protocol, Hugging Face / ONNX backends, a persistent cache and a loader.

``import medhal.verify`` never imports torch, transformers or onnxruntime; :class:`HFVerifier` and
:class:`OnnxVerifier` are resolved lazily on first attribute access.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from medhal.verify.base import (
    CONTRADICTION,
    ENTAILMENT,
    LABELS,
    NEUTRAL,
    Pair,
    Probabilities,
    Verifier,
    VerifierError,
    VerifierStats,
)
from medhal.verify.cache import CachedVerifier
from medhal.verify.dedupe import predict_unique
from medhal.verify.labels import LabelMap, resolve_labels
from medhal.verify.loader import LoadedVerifier, load_verifier, open_verifier

if TYPE_CHECKING:
    from medhal.verify.hf import HFVerifier
    from medhal.verify.hf_labels import HFMapping
    from medhal.verify.llm import LLMVerifier
    from medhal.verify.onnx import OnnxVerifier

__all__ = [
    "CONTRADICTION",
    "ENTAILMENT",
    "LABELS",
    "NEUTRAL",
    "CachedVerifier",
    "HFMapping",
    "HFVerifier",
    "LLMVerifier",
    "LabelMap",
    "LoadedVerifier",
    "OnnxVerifier",
    "Pair",
    "Probabilities",
    "Verifier",
    "VerifierError",
    "VerifierStats",
    "load_verifier",
    "open_verifier",
    "predict_unique",
    "resolve_labels",
]

_LAZY = {
    "HFMapping": "medhal.verify.hf_labels",
    "HFVerifier": "medhal.verify.hf",
    "LLMVerifier": "medhal.verify.llm",
    "OnnxVerifier": "medhal.verify.onnx",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
