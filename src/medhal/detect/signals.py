"""Cheap deterministic evidence signals that a small entailment encoder misses (issue 3, "hybrid evidence").

For a unit of the answer and the evidence it is checked against:

* **novel content tokens** — content tokens (τ of seed 000 §4) of the unit that occur nowhere in the evidence,
  compared on a 5-character prefix so that "calculi"/"calculus" or "reduced"/"reduction" still match;
* **novel numbers** — numbers of the unit (with their decimal part; "3.5", "47%") that occur nowhere in the
  evidence: a changed dose, rate or count;
* **negation mismatch** — the unit carries a negation cue ("not", "no", "without", "never", "absence of", ...)
  and the window that best entails it does not, or the reverse.

The signals never change a verdict (verdicts come from the verifier only).  When switched on they are blended
into the unit's suspicion, which ranks units (localization) — ``suspicion' = (1 - w) * suspicion + w * novelty``
with ``novelty = max(novel-token share, 1 if a novel number)``, plus ``w / 2`` for a negation mismatch, capped
at 1 — and they are reported on every unit so an auditor sees *why* a unit looks suspicious.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from medhal.detect.records import JSONObject
from medhal.text import content_stems, content_token_list
from medhal.text.lexical import bare_numbers, has_negation, novel_numbers
from medhal.text.tokens import STEM_PREFIX

__all__ = ["SignalConfig", "UnitSignals", "blend", "blended_suspicion", "has_negation", "unit_signals"]


@lru_cache(maxsize=32)
def _evidence_profile(evidence: str) -> tuple[frozenset[str], frozenset[str]]:
    """Content stems and numbers (``%`` dropped) of an evidence text, computed once for all its units."""
    return content_stems(evidence), bare_numbers(evidence)


@dataclass(frozen=True, slots=True)
class UnitSignals:
    novel_tokens: tuple[str, ...]
    content_tokens: int
    novel_numbers: tuple[str, ...]
    negation_mismatch: bool

    @property
    def novel_token_share(self) -> float:
        return len(self.novel_tokens) / self.content_tokens if self.content_tokens else 0.0

    @property
    def novelty(self) -> float:
        return max(self.novel_token_share, 1.0 if self.novel_numbers else 0.0)

    def to_dict(self) -> JSONObject:
        return {
            "novel_tokens": list(self.novel_tokens),
            "novel_token_share": self.novel_token_share,
            "novel_numbers": list(self.novel_numbers),
            "negation_mismatch": self.negation_mismatch,
        }


def unit_signals(unit: str, evidence: str, best_window: str | None = None) -> UnitSignals:
    """The signals of ``unit`` against ``evidence``; ``best_window`` is the unit's best-entailing window."""
    evidence_stems, evidence_numbers = _evidence_profile(evidence)
    tokens = list(dict.fromkeys(content_token_list(unit)))
    novel = tuple(t for t in tokens if t[:STEM_PREFIX] not in evidence_stems)
    found_numbers = novel_numbers(unit, evidence_numbers)
    mismatch = best_window is not None and has_negation(unit) != has_negation(best_window)
    return UnitSignals(novel, len(tokens), found_numbers, mismatch)


@dataclass(frozen=True, slots=True)
class SignalConfig:
    """Whether and how strongly the signals enter the suspicion."""

    weight: float = 0.5

    def __post_init__(self) -> None:
        if not 0.0 <= self.weight <= 1.0:
            raise ValueError("signal weight must lie in [0, 1]")


def blend(suspicion: float, signals: UnitSignals, config: SignalConfig) -> float:
    """Suspicion with the signals mixed in (see the module docstring)."""
    w = config.weight
    value = (1.0 - w) * suspicion + w * signals.novelty
    if signals.negation_mismatch:
        value += w / 2.0
    return min(1.0, value)


def blended_suspicion(
    config: SignalConfig | None, suspicion: float, unit: str, evidence: str, best_window: str
) -> tuple[float, JSONObject | None]:
    """The unit's suspicion and its reported signals: unchanged and ``None`` when signals are off."""
    if config is None:
        return suspicion, None
    found = unit_signals(unit, evidence, best_window)
    return blend(suspicion, found, config), found.to_dict()
