"""A deterministic, rule-driven verifier for tests of everything above the verifier seam.

P(E) grows with the share of the hypothesis's content words found in the premise and shrinks with the
premise's length (dilution); P(C) is high when the premise/hypothesis pair matches a contradiction rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from medhal.verify.base import Pair, Probabilities, VerifierStats

WORD = re.compile(r"[A-Za-z]{4,}")


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


class RuleVerifier:
    def __init__(self, contradictions: Sequence[tuple[str, str]] = (), max_length: int = 512) -> None:
        self.contradictions = list(contradictions)
        self._max_length = max_length
        self._stats = VerifierStats()
        self.calls: list[list[Pair]] = []

    @property
    def id(self) -> str:
        return "rule:test@000000000000"

    @property
    def max_length(self) -> int:
        return self._max_length

    @property
    def stats(self) -> VerifierStats:
        return self._stats

    def pair_lengths(self, pairs: Sequence[Pair]) -> list[int]:
        return [len(p.split()) + len(h.split()) + 3 for p, h in pairs]

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        self.calls.append(list(pairs))
        self._stats.pairs += len(pairs)
        self._stats.batches += 1
        out = np.zeros((len(pairs), 3), dtype=np.float64)
        for i, (premise, hyp) in enumerate(pairs):
            if any(p in premise and h in hyp for p, h in self.contradictions):
                dilution = 1.0 / (1.0 + 0.15 * premise.count(". "))
                c = 0.9 * dilution
                out[i] = (0.05, 1.0 - c - 0.05, c)
                continue
            hw = words(hyp)
            cover = len(hw & words(premise)) / max(1, len(hw))
            dilution = 1.0 / (1.0 + 0.1 * premise.count(". "))
            e = 0.95 * cover**2 * dilution
            c = 0.15 * (1 - cover)
            out[i] = (e, 1.0 - e - c, c)
        return out
