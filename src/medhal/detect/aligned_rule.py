"""The aligned verdict rule (issue 14): a unit's verdict from its windows' ``P(E)``, ``P(C)``, alignment and cues.

:class:`AlignedRule` decides; :class:`AlignedDecision` is what it decided and which windows decided it.  Why the
rule reads what it reads (alignment, coverage tiles, the restatement and changed-number cues, the margin) is told in
:mod:`medhal.detect.alignment`, which computes those inputs; the windows an auditor is shown are chosen in
:mod:`medhal.detect._pointers`.  Split out of :mod:`medhal.detect.alignment` at its 500-line limit.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from medhal.detect._pointers import Support, closest, shown_entailing
from medhal.detect.records import Verdict

__all__ = ["AlignedDecision", "AlignedRule"]


@dataclass(frozen=True, slots=True)
class AlignedDecision:
    """One unit's verdict under :class:`AlignedRule` and the windows that decided it (``None``: no such window)."""

    verdict: Verdict
    p_entail: float
    p_contradict: float
    entailing: int | None
    """Index into the aligned-rule candidates (``-1 - k`` for coverage window ``k``; ``k >= 0`` library window)."""
    contradicting: int | None
    coverage_entail: float
    alignment: float
    """The unit's best sentence alignment."""
    restated: bool = False
    """Whether the ``entailing`` window holds a sentence that restates the unit (:func:`restates`)."""
    number_conflict: bool = False
    """Whether the verdict came from the changed-number cue (the ``contradicting`` window states the rival)."""
    unstated: bool = False
    """Whether the unit states a figure the evidence does not (the unstated-figure cue: never supported)."""

    @property
    def score(self) -> float:
        """``E* - C*`` in [-1, 1], higher = better supported (the aligned analogue of seed 003 eq. 1)."""
        return self.p_entail - self.p_contradict

    @property
    def suspicion(self) -> float:
        """``1 - P(E | coverage premise)``: the unit's rank (seed 000 §5's per-clause score)."""
        return 1.0 - self.coverage_entail


@dataclass(frozen=True, slots=True)
class AlignedRule:
    """Thresholds of the aligned verdict rule (module docstring)."""

    align_threshold: float = 0.6
    entail_threshold: float = 0.45
    contradict_threshold: float = 0.5
    margin: float = 0.2

    def __post_init__(self) -> None:
        for name in ("align_threshold", "entail_threshold", "contradict_threshold", "margin"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must lie in [0, 1], got {value}")

    def decide(
        self,
        window_entail: np.ndarray,
        window_contradict: np.ndarray,
        window_alignment: np.ndarray,
        coverage_entail: np.ndarray,
        window_restates: np.ndarray | None = None,
        contradiction_alignment: np.ndarray | None = None,
        number_conflict: int | None = None,
        *,
        unstated: bool = False,
        window_sizes: np.ndarray | None = None,
        coverage_alignment: np.ndarray | None = None,
        coverage_sizes: np.ndarray | None = None,
        window_measures: np.ndarray | None = None,
        window_asks: np.ndarray | None = None,
        coverage_asks: np.ndarray | None = None,
    ) -> AlignedDecision:
        """Decide one unit from its library windows' P(E), P(C), alignment (of their best sentence; of their
        worst for contradiction, defaulting to the same) and restatement cue, and its coverage windows' P(E);
        ``number_conflict``: the window of a contradicting cue; ``unstated``: the unit states a figure the
        evidence does not (it may be contradicted, never supported).  Ties among windows go to the first index.

        ``coverage_alignment`` (each coverage window's :meth:`EvidenceIndex.run_alignment`, ``known_only``): of
        several coverage windows only those aligned at least as well as ``min(align_threshold, best)`` may support
        the unit; all of them give its rank (``coverage_entail``).  ``window_sizes`` / ``coverage_sizes``: the
        windows' sentence counts, ``window_measures`` whether each window's best-aligned sentence
        only says what was measured (:class:`~medhal.detect._pointers.Support`; for the pointer only).
        ``window_asks`` / ``coverage_asks``: whether each window is about the unit only through an aim, a question
        or a hypothesis (:func:`medhal.detect.hypothesised.asking_windows`): such a window may not support it, though
        its ``P(E)`` still ranks it (``coverage_entail``).

        The ``entailing`` window of a unit the model supports is the one to show an auditor
        (:func:`medhal.detect._pointers.shown_entailing`); ``p_entail`` stays ``E*`` whichever window is shown.
        """
        aligned = window_alignment >= self.align_threshold
        focus = aligned if contradiction_alignment is None else contradiction_alignment >= self.align_threshold
        e_cover = float(coverage_entail.max()) if len(coverage_entail) else 0.0
        # the rank (``coverage_entail``) reads every tile; support only the tiles about the unit, and not by an aim
        if window_asks is not None:
            window_entail = np.where(window_asks, 0.0, window_entail)
        if coverage_asks is not None:
            coverage_entail = np.where(coverage_asks, 0.0, coverage_entail)
        k_cover = int(np.argmax(coverage_entail)) if len(coverage_entail) else None
        entailing: int | None = None if k_cover is None else -1 - k_cover
        p_e = float(coverage_entail[k_cover]) if k_cover is not None else 0.0
        if coverage_alignment is not None and len(coverage_alignment) > 1:
            grounded = np.flatnonzero(coverage_alignment >= min(self.align_threshold, float(coverage_alignment.max())))
            k_ground = int(grounded[np.argmax(coverage_entail[grounded])])
            entailing, p_e = -1 - k_ground, float(coverage_entail[k_ground])
        p_c = 0.0
        contradicting: int | None = None
        if aligned.any():
            idx = np.flatnonzero(aligned)
            k_e = int(idx[np.argmax(window_entail[idx])])
            if window_entail[k_e] > p_e or entailing is None:
                p_e, entailing = float(window_entail[k_e]), k_e
        if focus.any():
            idx = np.flatnonzero(focus)
            k_c = int(idx[np.argmax(window_contradict[idx])])
            p_c, contradicting = float(window_contradict[k_c]), k_c
        best = float(window_alignment.max()) if len(window_alignment) else 0.0
        # a unit stating a figure or a name the evidence never states is not restated by a sentence that holds the
        # rest of its words ("and a PET-CT scan if her breathlessness persists" for "a V/Q scan": round 43)
        if window_restates is not None and window_restates.any() and not unstated:
            # of several restating windows an auditor sees the one the verifier reads as entailing the unit most
            holding = np.flatnonzero(window_restates)
            k_r = int(holding[np.argmax(window_entail[holding])]) if len(window_entail) else int(holding[0])
            if entailing is None or entailing < 0 or not window_restates[entailing]:
                entailing = k_r
                p_e = max(float(window_entail[k_r]), p_e) if len(window_entail) else p_e
            return AlignedDecision("supported", p_e, p_c, entailing, contradicting, e_cover, best, restated=True)
        if number_conflict is not None:
            p_c, contradicting = float(window_contradict[number_conflict]), number_conflict
            return AlignedDecision(
                "contradicted", p_e, p_c, entailing, contradicting, e_cover, best, number_conflict=True
            )
        if p_c >= self.contradict_threshold and p_c >= p_e + self.margin:
            verdict: Verdict = "contradicted"
        elif p_e >= self.entail_threshold and p_e > p_c and not unstated:
            verdict = "supported"
            if window_sizes is not None or (entailing is not None and entailing < 0):
                entailing = shown_entailing(
                    entailing,
                    Support(window_entail, window_alignment, aligned, window_sizes, window_measures),
                    Support(coverage_entail, coverage_alignment, sizes=coverage_sizes),
                    floor=self.entail_threshold,
                    p_contradict=p_c,
                )
        else:
            verdict = "unsupported"
            if window_sizes is not None:
                entailing = closest(
                    entailing, Support(window_entail, window_alignment, sizes=window_sizes, measures=window_measures)
                )
        return AlignedDecision(verdict, p_e, p_c, entailing, contradicting, e_cover, best, unstated=unstated)
