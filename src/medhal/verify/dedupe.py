"""Run each distinct ``(premise, hypothesis)`` pair through a verifier once.

Decomposed checking produces many repeated pairs (the same evidence window against the same claim from
several extraction passes); a cross-encoder's answer depends only on the pair, so duplicates are free.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from medhal.verify.base import Pair, Probabilities, Verifier, VerifierError

__all__ = ["predict_unique", "unique_pairs"]


def unique_pairs(pairs: Sequence[Pair]) -> tuple[list[Pair], NDArray[np.intp]]:
    """Distinct pairs in first-seen order, and for every input pair the index of its distinct copy.

    ``[uniques[i] for i in inverse] == list(pairs)``.
    """
    position: dict[Pair, int] = {}
    uniques: list[Pair] = []
    inverse = np.empty(len(pairs), dtype=np.intp)
    for row, pair in enumerate(pairs):
        key = (pair[0], pair[1])
        slot = position.get(key)
        if slot is None:
            slot = position[key] = len(uniques)
            uniques.append(key)
        inverse[row] = slot
    return uniques, inverse


def predict_unique(verifier: Verifier, pairs: Sequence[Pair]) -> Probabilities:
    """``verifier.predict(pairs)``, but each distinct pair is sent to the model only once.

    Rows for repeated pairs are copies of the same float64 values, so results are identical to calling
    ``predict`` on the full list (up to batch-composition effects of the backend, which bucketing already
    makes deterministic).
    """
    if not pairs:
        return np.zeros((0, 3), dtype=np.float64)
    uniques, inverse = unique_pairs(pairs)
    probs = np.asarray(verifier.predict(uniques), dtype=np.float64)
    if probs.shape != (len(uniques), 3):
        raise VerifierError(f"verifier {verifier.id} returned shape {probs.shape} for {len(uniques)} pairs")
    return probs[inverse]
