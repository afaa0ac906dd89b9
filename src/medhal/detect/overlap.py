"""Detector ``overlap``: the unsupervised lexical-overlap baseline — how much of a unit the evidence never says.

Each unit (clause or sentence of :mod:`medhal.text`) is scored by the share of its content stems
(:func:`medhal.text.content_stems`: stop words dropped, 5-character prefixes) and numbers that occur nowhere in the
evidence: ``score = 1 - |unit ∩ evidence| / |unit|`` (0 for a unit with no content word).  The evidence sentence
holding most of the unit's stems is the unit's ``entailing`` pointer; its ``probability`` field carries that
sentence's share of the unit's stems, not a model probability.  A unit is ``unsupported`` when its score reaches
``threshold``, else ``supported``; overlap cannot see a contradiction, so this detector never says
``contradicted``.  The response score is the largest unit score; ``flagged`` when it reaches ``threshold``.

It needs no model, so it is the floor any verifier-based detector must beat on localization (seed 000 §4 ranks
units by score) and the reference for how much of a verdict is surface overlap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from medhal.detect.base import InputError, item_result, validate_item
from medhal.detect.options import DetectorOptions
from medhal.detect.records import CheckItem, CheckResult, EvidencePointer, JSONObject, Verdict
from medhal.detect.units import ConfigError, Unit, check_threshold, judged_unit
from medhal.text import content_stems, split_sentences, split_units
from medhal.text.lexical import numbers

if TYPE_CHECKING:
    from medhal.detect.base import Detector
    from medhal.detect.options import Resources

__all__ = ["OverlapDetector", "OverlapOptions"]

OverlapUnits = Literal["clause", "sentence"]


def _terms(text: str) -> frozenset[str]:
    return content_stems(text) | numbers(text)


class OverlapDetector:
    """Units scored by the share of their content stems and numbers absent from the evidence."""

    name = "overlap"

    def __init__(self, *, units: OverlapUnits = "clause", threshold: float = 0.5) -> None:
        if units not in ("clause", "sentence"):
            raise ConfigError(f"unknown unit kind {units!r} for overlap; choose clause or sentence")
        check_threshold(threshold)
        self.units: OverlapUnits = units
        self.threshold = threshold

    @property
    def config(self) -> JSONObject:
        return {"units": self.units, "threshold": self.threshold}

    def detect(self, item: CheckItem) -> CheckResult:
        try:
            validate_item(item)
        except InputError as exc:
            return item_result(self.name, item, self.config, "input_error", reason=str(exc))
        evidence_terms = _terms(item.evidence)
        sentences = [(s, _terms(s.text)) for s in split_sentences(item.evidence)]
        units = []
        for j, span in enumerate(split_units(item.response, self.units)):
            terms = _terms(span.text)
            score = 1.0 - len(terms & evidence_terms) / len(terms) if terms else 0.0
            pointer = None
            if terms and sentences:
                k, (best, held) = max(enumerate(sentences), key=lambda e: (len(terms & e[1][1]), -e[0]))
                share = len(terms & held) / len(terms)
                if share > 0:
                    pointer = EvidencePointer(best.start, best.end, best.text, share, (k, k + 1), 0)
            verdict: Verdict = "unsupported" if score >= self.threshold else "supported"
            units.append(judged_unit(j, Unit.of_span(span), self.units, verdict, score, entailing=pointer))
        score = max((u.score for u in units), default=0.0)
        return item_result(
            self.name, item, self.config, "ok", score=score, flagged=score >= self.threshold, units=tuple(units)
        )

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        return [self.detect(item) for item in items]


@dataclass(frozen=True, slots=True, kw_only=True)
class OverlapOptions(DetectorOptions):
    TYPES_FROM: ClassVar[str] = "medhal.detect.overlap"
    units: OverlapUnits = "clause"
    threshold: float = 0.5

    def build(self, resources: Resources) -> Detector:
        return OverlapDetector(units=self.units, threshold=self.threshold)
