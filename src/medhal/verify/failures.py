"""Pair-level failures: a verifier that could not score a pair returns a row of NaN and can say why.

Model-backed verifiers (:class:`~medhal.verify.llm.LLMVerifier`) can fail on one pair and not on the others (an
API error after retries, an answer that names no label).  Such a pair must never turn into a verdict, so its row
is NaN; :func:`failed_rows` finds those rows and :func:`failure_reason` asks the verifier why, when it implements
:class:`ReportsPairFailures`.  The detectors mark the units those pairs belong to (``medhal.detect.base``).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from medhal.verify.base import Pair, Probabilities

__all__ = ["NO_REASON", "ReportsPairFailures", "failed_rows", "failure_reason"]

NO_REASON = "the verifier returned no probabilities for this pair"


@runtime_checkable
class ReportsPairFailures(Protocol):
    """A verifier that can say why a pair's row is NaN."""

    def pair_failure(self, pair: Pair) -> str | None: ...


def failed_rows(probs: Probabilities) -> NDArray[np.bool_]:
    """Which rows hold a non-finite value (a pair the verifier could not score)."""
    if probs.size == 0:
        return np.zeros(len(probs), dtype=np.bool_)
    return np.asarray(~np.isfinite(probs).all(axis=1), dtype=np.bool_)


def failure_reason(verifier: object, pair: Pair) -> str:
    """Why ``verifier`` could not score ``pair`` (:data:`NO_REASON` when it does not say)."""
    if isinstance(verifier, ReportsPairFailures):
        reason = verifier.pair_failure(pair)
        if reason:
            return reason
    return NO_REASON
