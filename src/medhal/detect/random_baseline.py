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
from typing import Literal

from medhal.detect.base import InputError, item_result, validate_item
from medhal.detect.kg.triples import TripleExtractor
from medhal.detect.records import CheckItem, CheckResult, JSONObject, UnitKind, Verdict
from medhal.detect.units import ConfigError, Unit, check_threshold, judged_unit
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
        extractor: TripleExtractor | None = None,
    ) -> None:
        if units not in ("clause", "sentence", "triple"):
            raise ConfigError(f"unknown unit kind {units!r} for random; choose clause, sentence or triple")
        check_threshold(threshold)
        if extractor is not None and units != "triple":
            raise ConfigError("an extractor only applies to units 'triple'")
        self.units: RandomUnits = units
        self.seed = int(seed)
        self.threshold = threshold
        self.extractor = extractor
        if units == "triple" and extractor is None:
            from medhal.detect.kg import RuleTripleExtractor

            self.extractor = RuleTripleExtractor()

    @property
    def config(self) -> JSONObject:
        cfg: JSONObject = {"units": self.units, "seed": self.seed, "threshold": self.threshold}
        if self.extractor is not None:
            cfg["extractor"] = self.extractor.name
        return cfg

    def segment(self, response: str) -> list[Span]:
        if self.units == "triple":
            if self.extractor is None:  # the constructor gives triple units the rule extractor by default
                raise ConfigError("units 'triple' need a triple extractor")
            return [t.span for t in self.extractor.extract(response)]
        return split_units(response, self.units)

    def detect(self, item: CheckItem) -> CheckResult:
        try:
            validate_item(item)
        except InputError as exc:
            return item_result(self.name, item, self.config, "input_error", reason=str(exc))
        spans = self.segment(item.response)
        draws = uniform_draws(self.seed, item, len(spans))
        kind: UnitKind = self.units
        verdicts: list[Verdict] = ["unsupported" if draw >= self.threshold else "supported" for draw in draws]
        units = tuple(judged_unit(j, Unit.of_span(span), kind, verdicts[j], draws[j]) for j, span in enumerate(spans))
        score = draws[-1]
        return item_result(
            self.name, item, self.config, "ok", score=score, flagged=score >= self.threshold, units=units
        )

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        return [self.detect(item) for item in items]
