"""Contrastive scoring, the FED aggregate and the verdict rule of HallDetect (seed 003 §4.4-4.5, App. A.5).

* ``Score(c) = max_k P(E | k, c) - max_k P(C | k, c)`` with the two maxima taken independently over the chunk
  library (seed 003 eq. 1 / eq. 6).
* ``FED = 1 - (prod_i Score(c_i)) ** (1/n)`` when every score is strictly positive, and ``FED = 1`` as soon as
  any score is ``<= 0`` (seed 003 eq. 2 and its asymmetric edge case).  A response is flagged when
  ``FED >= 0.5`` (seed 003 A.5; configurable).  Zero claims: eq. 2 takes an ``n``-th root, undefined for
  ``n = 0``, and the seed says nothing of a response without claims, so :func:`fed_score` refuses an empty list
  (``ValueError``) rather than invent a value: 0 would pass, unflagged, a response nothing was verified in (against
  the seed's recall-oriented design), 1 would flag one nothing was found wrong in.  The detectors never score such
  a response: claim extraction that yields no claim is ``parse_failure`` (no score, no flag), and a non-empty
  response always has at least one sentence or clause unit.
* Verdicts (medhal's rule; the seed names the three outcomes in §4.4 "Treatment of the Neutral class" and
  Appendix B but gives no thresholds):

  - **contradicted** when ``max P(C) >= contradict_threshold`` and ``max P(C) > max P(E)``;
  - **supported** when ``max P(E) >= entail_threshold`` and ``max P(E) > max P(C)``;
  - **unsupported** otherwise — no window supports the unit strongly and none contradicts it strongly.
    (Appendix B's c3 is unsupported although its score is negative: weak contradiction is not contradiction.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.detect.records import Verdict

__all__ = ["VerdictRule", "contrastive_score", "fed_score", "suspicion_from_score"]


def contrastive_score(p_entail: Sequence[float], p_contradict: Sequence[float]) -> float:
    """Seed 003 eq. 1: the best entailment over windows minus the best contradiction, chosen independently."""
    if len(p_entail) == 0 or len(p_entail) != len(p_contradict):
        raise ValueError("need one (P(E), P(C)) per window and at least one window")
    return float(max(p_entail)) - float(max(p_contradict))


def fed_score(scores: Sequence[float]) -> float:
    """Seed 003 eq. 2: ``1 - geometric mean`` of the claim scores; 1.0 when any score is ``<= 0``.

    The geometric mean is computed in log space (``exp(mean(log s))``) so that many small scores do not
    underflow.  An empty score list raises ``ValueError``: eq. 2 is undefined for ``n = 0`` (module docstring).
    """
    if len(scores) == 0:
        raise ValueError("FED of zero claims is undefined (seed 003 eq. 2 takes the n-th root, n = 0)")
    if any(s <= 0.0 for s in scores):
        return 1.0
    if any(s > 1.0 for s in scores):
        raise ValueError("contrastive scores lie in [-1, 1]")
    log_mean = math.fsum(math.log(s) for s in scores) / len(scores)
    return 1.0 - math.exp(log_mean)


def suspicion_from_score(score: float) -> float:
    """Map a contrastive score in [-1, 1] (higher = supported) to a [0, 1] suspicion (higher = suspicious)."""
    return (1.0 - score) / 2.0


@dataclass(frozen=True, slots=True)
class VerdictRule:
    """Thresholds turning a unit's best P(E) and best P(C) into a verdict; see the module docstring."""

    entail_threshold: float = 0.5
    contradict_threshold: float = 0.5

    def __post_init__(self) -> None:
        for name in ("entail_threshold", "contradict_threshold"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must lie in [0, 1], got {value}")

    def verdict(self, p_entail: float, p_contradict: float) -> Verdict:
        if p_contradict >= self.contradict_threshold and p_contradict > p_entail:
            return "contradicted"
        if p_entail >= self.entail_threshold and p_entail > p_contradict:
            return "supported"
        return "unsupported"
