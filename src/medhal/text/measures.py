"""Figures bound to a named measure of test accuracy or agreement, and a unit that gives a measure another's figure
(issue 14).

A diagnostic-accuracy abstract states its results as figures each bound to a measure: "MRI had a sensitivity of 88%
(95% CI 78 to 95) and a specificity of 94%".  An LLM summary that swaps them ("a sensitivity of 94% and a
specificity of 88%") restates every number of the evidence and almost every word, so a small encoder reads it as
entailed and the changed-number cue (:mod:`medhal.text.figures`) finds no figure the evidence lacks.  A clinician
reads it as wrong: the test misses 12% of the disease, not 6%.

:func:`measure_conflicts` is the cue, kept to figures plainly bound to one measure (precision over recall):

* a measure (:data:`MEASURES`: sensitivity, specificity, positive and negative predictive value, the area under
  the curve or C statistic, kappa) binds the first figure after it when no other figure, measure or clause break
  stands between them and at most :data:`_GAP` characters do ("a sensitivity of 88%", "the area under the curve
  0.86", "kappa 0.79", "sensitivity for advanced neoplasia was 79%"); a measure listed with another ("sensitivity
  and specificity were 88% and 94%") binds nothing, nor does a hedged figure ("over 90%") or one that is neither a
  percentage nor a fraction ("sensitivity in 67 women");
* the unit binds a figure to a measure that the evidence binds to figures, none of them the unit's (rounded as the
  coarser of the two writes it: "88%" is 87.6%, "0.8" is 0.79), and the unit's figure is either one the evidence
  binds to another measure (the swap) or one it states nowhere.  A figure the evidence states for something else,
  unbound ("94% of patients completed follow-up"), leaves the cue silent: the unit may report another stratum.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from medhal.text.derived import decimals, near_estimate
from medhal.text.quantities import Quantity, quantities

__all__ = ["MEASURES", "BoundFigure", "bound_figures", "measure_conflicts"]

MEASURES: dict[str, str] = {
    "sensitivity": r"sensitivit(?:y|ies)|true[\s-]positive\s+rates?",
    "specificity": r"specificit(?:y|ies)|true[\s-]negative\s+rates?",
    "ppv": r"positive\s+predictive\s+values?|PPVs?",
    "npv": r"negative\s+predictive\s+values?|NPVs?",
    "auc": r"area\s+under\s+(?:the\s+)?(?:receiver[\s-]operating[\s-]characteristic\s+|ROC\s+)?curves?|AUCs?|AUROCs?|"
    r"c[\s-]statistics?",
    "kappa": r"kappa|κ",
}
"""Each measure's name and its regex (case-insensitive, whole words)."""
_MEASURE = re.compile("|".join(rf"(?P<{name}>\b(?:{pattern})\b)" for name, pattern in MEASURES.items()), re.IGNORECASE)
_GAP = 45
"""At most this many characters between a measure and the figure it binds."""
_BREAK = re.compile(r"[;:.]\s|\b(?:whereas|while|but|respectively)\b|\d", re.IGNORECASE)
"""What ends a measure's reach before its figure: a clause break, a contrast, or another number."""
_LISTED = re.compile(r"(?:,|\band\b|\bor\b|/)\s*(?:the\s+)?$", re.IGNORECASE)
"""A measure listed after another ("sensitivity and specificity", "sensitivity, specificity"): bound to neither."""

_HALF_LISTED = re.compile(r"\b(?:positive|negative)\s+(?:and|or|/)\s*$", re.IGNORECASE)
"""The first half of a listed pair before a measure's name ("positive and | negative predictive values": round 154)."""


@dataclass(frozen=True, slots=True)
class BoundFigure:
    """A figure bound to a measure in a text."""

    measure: str
    """Key of :data:`MEASURES`."""
    figure: Quantity


def bound_figures(text: str) -> list[BoundFigure]:
    """The figures ``text`` binds to a measure (module docstring), in order.

    >>> [(b.measure, b.figure.text) for b in bound_figures(
    ...     "MRI had a sensitivity of 88% (95% CI 78 to 95) and a specificity of 94% (95% CI 89 to 97).")]
    [('sensitivity', '88%'), ('specificity', '94%')]
    >>> bound_figures("Sensitivity and specificity were 88% and 94%, respectively.")
    []
    >>> bound_figures("with positive and negative predictive values of 90% and 78%, respectively")
    []
    >>> [(b.measure, b.figure.text) for b in bound_figures("NEWS2 discriminated well (area under the curve 0.86).")]
    [('auc', '0.86')]
    >>> [(b.measure, b.figure.text) for b in bound_figures("with 85% specificity and a 96% negative predictive value")]
    [('specificity', '85%'), ('npv', '96%')]
    """
    found: list[BoundFigure] = []
    mentions = list(_MEASURE.finditer(text))
    figures = [q for q in quantities(text) if q.kind in {"percent", "count"}]
    for k, m in enumerate(mentions):
        if k and _LISTED.search(text[mentions[k - 1].end() : m.start()]) and m.start() - mentions[k - 1].end() < 12:
            continue
        if _HALF_LISTED.search(text, 0, m.start()):  # "positive and negative predictive values of 90% and 78%"
            continue
        # a figure written right before its measure ("85% specificity and a 96% negative predictive value") is its
        # own, and the one after it the next measure's (round 137)
        before = next((q for q in reversed(figures) if q.end <= m.start()), None)
        if before is not None and not text[before.end : m.start()].strip(" ") and _measure_figure(before):
            found.append(BoundFigure(str(m.lastgroup), before))
            continue
        figure = next((q for q in figures if q.start >= m.end()), None)
        # a point estimate hedged ("a sensitivity of about 91%") is bound; a bound ("over 90%") is not
        hedged = figure is not None and figure.approximate and not figure.about
        if figure is None or figure.start - m.end() > _GAP or hedged or not _measure_figure(figure):
            continue
        gap = text[m.end() : figure.start]
        if _BREAK.search(gap) or _MEASURE.search(gap):
            continue
        found.append(BoundFigure(str(m.lastgroup), figure))
    return found


def _measure_figure(q: Quantity) -> bool:
    """A percentage or a fraction (0.86): the figures a measure of accuracy or agreement takes; "in 67 women" is
    a count of people."""
    return q.kind == "percent" or 0.0 <= q.value <= 1.0


def _fraction(q: Quantity) -> float:
    """``q`` as a fraction: a percentage over 100, a bare number as written."""
    return q.value / 100.0 if q.kind == "percent" else q.value


def _same(mine: Quantity, theirs: Quantity) -> bool:
    """Whether ``mine`` and ``theirs`` are one figure rounded to the decimals of the coarser ("88%" is 87.6%, and
    so is "87.6%" 88%), or ``mine`` hedged near ``theirs`` (:func:`~medhal.text.derived.near_estimate`: "about 90%"
    is 87.2%, "about 91%" is not)."""
    if mine.about and mine.kind == theirs.kind:
        return near_estimate(mine, theirs.value)
    coarser = mine if decimals(mine) <= decimals(theirs) else theirs
    step = 0.5 * 10.0 ** -decimals(coarser) / (100.0 if coarser.kind == "percent" else 1.0)
    return abs(_fraction(mine) - _fraction(theirs)) <= step + 1e-12


def measure_conflicts(unit: str, sentences: Sequence[str]) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """The unit's figure of a measure against the evidence's, with the first evidence sentence that binds that
    measure (``None`` when no measure's figure conflicts; module docstring).

    >>> evidence = ["MRI had a sensitivity of 88% (95% CI 78 to 95) and a specificity of 94% (95% CI 89 to 97)."]
    >>> found = measure_conflicts("MRI identified it with a sensitivity of 94%", evidence)
    >>> [(a.text, b.text) for a, b in found[0]], found[1]
    ([('94%', '88%')], 0)
    >>> measure_conflicts("MRI had a sensitivity of 88% and a specificity of 94%.", evidence) is None
    True
    >>> measure_conflicts("Its sensitivity was 60% in small lesions.", evidence + ["60% of lesions were small."])
    >>> measure_conflicts("Its specificity was about 90% in children.", evidence + ["In children it was 89.6%."])
    """
    own = bound_figures(unit)
    if not own:
        return None
    stated = [(i, b) for i, s in enumerate(sentences) for b in bound_figures(s)]
    every = [(i, q) for i, s in enumerate(sentences) for q in quantities(s) if q.kind in {"percent", "count"}]
    for mine in own:
        theirs = [(i, b.figure) for i, b in stated if b.measure == mine.measure]
        if not theirs:  # "a positive predictive value of about 99.5%" where 99.5% is the NPV and no PPV is reported
            swap = _unreported_measure(mine, stated, every)
            if swap is not None:
                return swap
            continue
        if any(_same(mine.figure, q) for _, q in theirs):
            continue
        others = {(i, b.figure.start) for i, b in stated if b.measure != mine.measure}
        swapped = any(_same(mine.figure, b.figure) for i, b in stated if b.measure != mine.measure)
        # "an NPV of about 79%" near a sensitivity of 82.2% is no swap where the evidence states 79.4% unbound
        # ("the NPV ... was lower, at 79.4%", round 23)
        unbound = any(_same(mine.figure, q) for i, q in every if (i, q.start) not in others)
        if (swapped and not unbound) or not any(_same(mine.figure, q) for _, q in every):
            return [(mine.figure, theirs[0][1])], theirs[0][0]
    return None


_SPELLED = {"ppv": "positive predictive value", "npv": "negative predictive value", "auc": "area under the curve"}


def _unreported_measure(
    mine: BoundFigure, stated: Sequence[tuple[int, BoundFigure]], every: Sequence[tuple[int, Quantity]]
) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """A unit's figure bound to a measure the evidence never reports, where the evidence binds that very figure to
    another measure and states it nowhere unbound (round 54: "a positive predictive value of about 99.5%" for
    "negative predictive value 99.5%"): the figure of the other measure, named, and its sentence; else ``None``."""
    near = [
        (abs(b.figure.value - mine.figure.value), k) for k, (_, b) in enumerate(stated) if _same(mine.figure, b.figure)
    ]
    bound = {(i, b.figure.start) for i, b in stated}
    if not near or any(_same(mine.figure, q) for i, q in every if (i, q.start) not in bound):
        return None
    i, b = stated[min(near)[1]]  # the closest ("about 99.5%" is the NPV's 99.5%, not the sensitivity's 98.5%)
    named = replace(b.figure, text=f"{_SPELLED.get(b.measure, b.measure)} {b.figure.text}")
    return [(mine.figure, named)], i
