"""The verifier seam: a three-way entailment model behind one Protocol.

Every backend returns probabilities with columns in the fixed order :data:`LABELS` =
(entailment, neutral, contradiction), one row per ``(premise, hypothesis)`` pair, premise first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from medhal.errors import VerifierError

__all__ = [
    "CONTRADICTION",
    "ENTAILMENT",
    "LABELS",
    "NEUTRAL",
    "OwnVerifier",
    "Pair",
    "Probabilities",
    "Verifier",
    "VerifierError",
    "VerifierStats",
]

ENTAILMENT, NEUTRAL, CONTRADICTION = 0, 1, 2
LABELS: tuple[str, str, str] = ("entailment", "neutral", "contradiction")

Pair = tuple[str, str]
"""``(premise, hypothesis)``: the evidence window first, the unit being checked second."""

Probabilities = NDArray[np.float64]
"""An ``(n, 3)`` float64 array, rows summing to 1, columns in :data:`LABELS` order."""


@dataclass(slots=True)
class VerifierStats:
    """Running counters a verifier keeps so callers can report what work was actually done."""

    pairs: int = 0
    """Pairs run through the model (cache hits excluded)."""
    batches: int = 0
    """Forward batches run."""
    truncated: int = 0
    """Pairs longer than ``max_length`` tokens that were truncated before inference."""
    cache_hits: int = 0
    seconds: float = 0.0
    extra: dict[str, int] = field(default_factory=dict)

    def snapshot(self) -> VerifierStats:
        return VerifierStats(self.pairs, self.batches, self.truncated, self.cache_hits, self.seconds, dict(self.extra))

    def since(self, before: VerifierStats) -> VerifierStats:
        """Counters accumulated after ``before`` was snapshotted."""
        return VerifierStats(
            self.pairs - before.pairs,
            self.batches - before.batches,
            self.truncated - before.truncated,
            self.cache_hits - before.cache_hits,
            self.seconds - before.seconds,
            {k: v - before.extra.get(k, 0) for k, v in self.extra.items()},
        )


class OwnVerifier:
    """Base of the verifiers that own their model (not wrappers): they set ``_id``, ``_max_length`` and
    ``_stats`` and get the :class:`Verifier` properties from here."""

    _id: str
    _max_length: int
    _stats: VerifierStats

    @property
    def id(self) -> str:
        return self._id

    @property
    def max_length(self) -> int:
        return self._max_length

    @property
    def stats(self) -> VerifierStats:
        return self._stats


@runtime_checkable
class Verifier(Protocol):
    """A three-way NLI cross-encoder.

    ``id`` is stable across processes and includes a hash of the weights, so that cached probabilities are
    never reused across different models.  ``max_length`` is the model's token budget for one pair.
    """

    @property
    def id(self) -> str: ...

    @property
    def max_length(self) -> int: ...

    @property
    def stats(self) -> VerifierStats: ...

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        """Probabilities of shape ``(len(pairs), 3)``; ``(0, 3)`` for no pairs."""
        ...

    def pair_lengths(self, pairs: Sequence[Pair]) -> list[int]:
        """Token count of each pair as the model would encode it, special tokens included, untruncated."""
        ...
