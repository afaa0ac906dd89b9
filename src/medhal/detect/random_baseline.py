"""Detector ``random``: units ranked in a seeded random order — the empirical chance level of seed 000 §4.

Seed 000 eq. 3 controls every fine-grained method for its granularity with an *analytic* random baseline,
``rand = mean_i m_i / k_i``: the probability that a uniformly random unit of that method overlaps the gold span.
This detector is its empirical counterpart: it segments the response into the units of one granularity
(``clause`` or ``sentence`` of :mod:`medhal.text`, or ``triple`` of the rule-based extractor of
:mod:`medhal.detect.kg`) and gives every unit an independent uniform score in [0, 1); ranking by that
score picks a uniformly random top unit, so over many items its hit@1 approaches ``rand`` of the same units.
The response score is another independent uniform draw; ``flagged`` is ``score >= threshold``.

Scores are derived from a BLAKE2b hash of ``(seed, item id, evidence, response, unit position)``, not from a
stateful generator: a result depends only on its own item and the seed — the same in any run, batch order,
process or NumPy version — and different seeds give independent rankings.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, Literal

from medhal._version import __version__
from medhal.detect.base import InputError, validate_item
from medhal.detect.records import CheckItem, CheckResult, UnitKind, UnitResult
from medhal.detect.units import ConfigError
from medhal.text import Span, split_units

__all__ = ["RandomDetector", "RandomUnits", "uniform_draws"]

RandomUnits = Literal["clause", "sentence", "triple"]

_SCALE = float(2**64)


def uniform_draws(seed: int, item: CheckItem, n: int) -> list[float]:
    """``n + 1`` deterministic uniform numbers in [0, 1) for ``item``: one per unit, then the response's."""
    key = "\x1f".join((str(seed), item.id or "", item.evidence, item.response)).encode("utf-8")
    base = hashlib.blake2b(key, digest_size=32).digest()
    out = []
    for j in range(n + 1):
        digest = hashlib.blake2b(j.to_bytes(8, "big"), key=base, digest_size=8).digest()
        out.append(int.from_bytes(digest, "big") / _SCALE)
    return out


class RandomDetector:
    """Seeded random ranking of clauses, sentences or triples; see the module docstring."""

    name = "random"

    def __init__(
        self,
        *,
        units: RandomUnits = "clause",
        seed: int = 0,
        threshold: float = 0.5,
        extractor: Any | None = None,
    ) -> None:
        if units not in ("clause", "sentence", "triple"):
            raise ConfigError(f"unknown unit kind {units!r} for random; choose clause, sentence or triple")
        if not 0.0 <= threshold <= 1.0:
            raise ConfigError("threshold must lie in [0, 1]")
        if extractor is not None and units != "triple":
            raise ConfigError("an extractor only applies to units 'triple'")
        self.units: RandomUnits = units
        self.seed = int(seed)
        self.threshold = threshold
        self.extractor: Any = extractor
        if units == "triple" and extractor is None:
            from medhal.detect.kg import RuleTripleExtractor

            self.extractor = RuleTripleExtractor()

    @property
    def config(self) -> dict[str, Any]:
        cfg: dict[str, Any] = {"units": self.units, "seed": self.seed, "threshold": self.threshold}
        if self.extractor is not None:
            cfg["extractor"] = self.extractor.name
        return cfg

    def segment(self, response: str) -> list[Span]:
        if self.units == "triple":
            return [t.span for t in self.extractor.extract(response)]
        return split_units(response, self.units)

    def detect(self, item: CheckItem) -> CheckResult:
        try:
            validate_item(item)
        except InputError as exc:
            return CheckResult(
                detector=self.name,
                verifier_id=None,
                config=self.config,
                status="input_error",
                id=item.id,
                reason=str(exc),
                medhal_version=_version(),
            )
        spans = self.segment(item.response)
        draws = uniform_draws(self.seed, item, len(spans))
        kind: UnitKind = self.units
        units = tuple(
            UnitResult(
                index=j,
                text=span.text,
                start=span.start,
                end=span.end,
                kind=kind,
                verdict="unsupported" if draws[j] >= self.threshold else "supported",
                score=draws[j],
                suspicion=draws[j],
                p_entail=None,
                p_contradict=None,
                entailing=None,
                contradicting=None,
            )
            for j, span in enumerate(spans)
        )
        score = draws[-1]
        return CheckResult(
            detector=self.name,
            verifier_id=None,
            config=self.config,
            status="ok",
            id=item.id,
            score=score,
            flagged=score >= self.threshold,
            units=units,
            medhal_version=_version(),
        )

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        return [self.detect(item) for item in items]


def _version() -> str:
    return __version__
