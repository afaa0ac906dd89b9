"""Detector ``nli-clause``: each clause against the whole evidence, no multi-scale (seed 000 §5).

The NLI-per-clause baseline of MedHal-Loc runs one entailment pass per clause with the full evidence as
premise and ranks clauses by a suspicion score.  Seed 000 does not spell out that score; medhal offers

* ``non_entailment`` (default): ``1 - P(E | evidence, clause)`` — the monolithic score of seed 003 eq. 3 applied
  per clause;
* ``contradiction``: ``P(C | evidence, clause)``.

The response score is the largest clause suspicion; the response is flagged when it reaches ``threshold``.

``premise`` says what a clause is verified against:

* ``whole`` (seed 000 §5, the published baseline): the whole evidence; a pair longer than the verifier's
  budget is truncated by the verifier (the tail of the evidence is lost) and counted in ``truncated_pairs``;
* ``windows`` (medhal, for short-context verifiers such as the embedded one): the whole evidence when the pair
  fits, otherwise half-overlapping runs of evidence sentences that each fit
  (:func:`medhal.detect.chunking.packed_windows`); a clause's ``P(E)`` and ``P(C)`` are their maxima over the
  windows and its evidence pointers name the deciding windows.  Nothing is truncated unless one sentence
  alone is too long.

Evidence given as passages (:mod:`medhal.detect.passages`) is read passage by passage: ``whole`` pairs each clause
with every passage whole, ``windows`` with every passage whole where it fits and its sentence runs where it does
not; no premise reaches over a passage boundary, and the deciding pointers name their passage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from medhal.detect.base import PairwiseDetector, Plan
from medhal.detect.chunking import Window, packed_windows, range_windows
from medhal.detect.passages import evidence_sentences
from medhal.detect.records import CheckItem, CheckResult, JSONObject, UnitKind, UnitResult
from medhal.detect.scoring import VerdictRule
from medhal.detect.signals import SignalConfig, blended_suspicion
from medhal.detect.units import (
    ClaimExtractorLike,
    ConfigError,
    Unit,
    UnitChoice,
    check_threshold,
    check_unit_kind,
    judged_unit,
    response_span,
)
from medhal.verify.base import CONTRADICTION, ENTAILMENT, Probabilities, Verifier

__all__ = [
    "ClausePlan",
    "ClauseScore",
    "NLIClauseDetector",
    "NLIResponseDetector",
    "PremiseChoice",
    "window_judged_unit",
]

ClauseScore = Literal["non_entailment", "contradiction"]
PremiseChoice = Literal["whole", "windows"]


@dataclass(frozen=True, slots=True)
class ClausePlan:
    """What :meth:`NLIClauseDetector.assemble` reads back of one item's plan: every unit is paired with every
    window, unit by unit (the whole evidence, or its packed windows under ``premise="windows"``)."""

    units: list[Unit]
    windows: list[Window]


def window_judged_unit(
    index: int,
    unit: Unit,
    kind: UnitKind,
    rule: VerdictRule,
    signals: SignalConfig | None,
    evidence: str,
    score: float,
    suspicion: float,
    entailing: tuple[Window, float],
    contradicting: tuple[Window, float],
) -> UnitResult:
    """The record of a unit decided by evidence windows: ``entailing`` and ``contradicting`` are the windows of its
    largest ``P(E)`` and ``P(C)`` with those probabilities; ``suspicion`` is blended with the signals of the
    entailing window (:func:`~medhal.detect.signals.blended_suspicion`), the verdict is ``rule``'s on the two, and
    both windows are the unit's evidence pointers."""
    (w_e, p_e), (w_c, p_c) = entailing, contradicting
    blended, found = blended_suspicion(signals, suspicion, unit.text, evidence, w_e.text)
    return judged_unit(
        index,
        unit,
        kind,
        rule.verdict(p_e, p_c),
        score,
        suspicion=blended,
        p_entail=p_e,
        p_contradict=p_c,
        entailing=w_e.pointer(p_e),
        contradicting=w_c.pointer(p_c),
        signals=found,
    )


class NLIClauseDetector(PairwiseDetector[ClausePlan]):
    """One ``(whole evidence, unit)`` pair per unit."""

    name = "nli-clause"

    def __init__(
        self,
        verifier: Verifier,
        *,
        units: UnitChoice = "clause",
        score: ClauseScore = "non_entailment",
        threshold: float = 0.5,
        rule: VerdictRule | None = None,
        signals: float | None = None,
        extractor: ClaimExtractorLike | None = None,
        premise: PremiseChoice = "whole",
    ) -> None:
        super().__init__(verifier)
        if premise not in ("whole", "windows"):
            raise ConfigError(f"unknown premise {premise!r}; choose whole or windows")
        self.premise: PremiseChoice = premise
        self.signals = None if signals is None else SignalConfig(weight=signals)
        self.units: UnitChoice = check_unit_kind(units, extractor=extractor)
        self.extractor = extractor
        if score not in ("non_entailment", "contradiction"):
            raise ConfigError(f"unknown clause score {score!r}; choose non_entailment or contradiction")
        self.score_kind: ClauseScore = score
        check_threshold(threshold)
        self.threshold = threshold
        self.rule = rule or VerdictRule()

    @property
    def config(self) -> JSONObject:
        return {
            "units": self.unit_kind,
            "score": self.score_kind,
            "threshold": self.threshold,
            "signals": None if self.signals is None else self.signals.weight,
            "entail_threshold": self.rule.entail_threshold,
            "contradict_threshold": self.rule.contradict_threshold,
            "max_length": self.verifier.max_length,
            "premise": self.premise,
        }

    @property
    def unit_kind(self) -> UnitKind:
        return self.units

    def segment(self, response: str) -> list[Unit]:
        return self.units_of(response)

    def plan(self, item: CheckItem) -> Plan[ClausePlan]:
        units = self.segment(item.response)
        sentences, ranges = evidence_sentences(item.evidence, item.passages)
        fits = self.fits_with(max(units, key=len).text) if self.premise == "windows" and units and sentences else None
        if item.passages is not None:  # never a window over a passage boundary: each passage whole, or its runs
            windows = range_windows(item.evidence, sentences, ranges, fits)
        else:
            whole = response_span(item.evidence)
            windows = [Window(whole.start, whole.end, whole.text, 0, len(sentences), ())]
            if fits is not None and not fits(whole.text):
                windows = packed_windows(item.evidence, sentences, fits)
        return Plan(
            item=item,
            pairs=[(w.text, u.text) for u in units for w in windows],
            data=ClausePlan(units, windows),
            premises=[(w.start, w.end) for _ in units for w in windows],
        )

    def unit_score(self, p_e: float, p_c: float) -> float:
        return 1.0 - p_e if self.score_kind == "non_entailment" else p_c

    def assemble(self, plan: Plan[ClausePlan], probs: Probabilities, lengths: Sequence[int]) -> CheckResult:
        windows = plan.data.windows
        n_w = len(windows)
        results: list[UnitResult] = []
        for u, span in enumerate(plan.data.units):
            rows = probs[u * n_w : (u + 1) * n_w]
            k_e, k_c = int(np.argmax(rows[:, ENTAILMENT])), int(np.argmax(rows[:, CONTRADICTION]))
            p_e, p_c = float(rows[k_e, ENTAILMENT]), float(rows[k_c, CONTRADICTION])
            score = self.unit_score(p_e, p_c)
            results.append(
                window_judged_unit(
                    u,
                    span,
                    self.unit_kind,
                    self.rule,
                    self.signals,
                    plan.item.evidence,
                    score,
                    score,
                    (windows[k_e], p_e),
                    (windows[k_c], p_c),
                )
            )
        response_score = max(r.score for r in results)
        return self.verified_result(plan, results, response_score, lengths, windows=n_w, library_entries=n_w)


class NLIResponseDetector(NLIClauseDetector):
    """Detector ``nli-response``: one pair, whole evidence vs whole answer; ``H = 1 - P(E | D, R)`` (seed 003
    eq. 3).  Its single unit spans the whole response, so it cannot localize (seed 000 Table 2)."""

    name = "nli-response"

    def __init__(self, verifier: Verifier, *, threshold: float = 0.5, rule: VerdictRule | None = None) -> None:
        super().__init__(verifier, units="sentence", score="non_entailment", threshold=threshold, rule=rule)

    @property
    def unit_kind(self) -> UnitKind:
        return "response"

    @property
    def config(self) -> JSONObject:
        cfg = super().config
        cfg.pop("score")
        cfg.pop("signals")
        return cfg

    def segment(self, response: str) -> list[Unit]:
        return [Unit.of_span(response_span(response))]
