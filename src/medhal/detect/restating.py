"""Which evidence sentences restate a unit, for the aligned verdict rule (issue 14; split from
:mod:`medhal.detect.cues` at its 500-line limit): the restatement cue (:func:`restating_window`), the sentences that
report the unit's null finding again (:func:`agreeing`), and those the verifier must read the unit against alone
(:func:`deciding_sentences`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from medhal.detect.alignment import EvidenceIndex, points_to_treatment, restates
from medhal.detect.chunking import Window
from medhal.text.advice_forms import as_avoided, same_guidance
from medhal.text.assertions import done_of_a_condition, subject_carried
from medhal.text.designs import design_agrees
from medhal.text.findings import agrees, finding_parts, reports_null_finding
from medhal.text.null_figures import restated_in_figures
from medhal.text.significance import null_in_numbers
from medhal.text.synonyms import alignment_tokens

__all__ = ["agreeing", "deciding_sentences", "restating_window"]


class CueLike(Protocol):
    """What these functions read of a fired contradicting cue (:class:`medhal.detect.cues.FiredCue`)."""

    @property
    def kind(self) -> str: ...

    @property
    def sentence(self) -> int: ...


def deciding_sentences(index: EvidenceIndex | None, unit: str, cue: CueLike | None) -> list[int]:
    """The evidence sentences the verifier must read ``unit`` against alone, whatever words they share with it: the
    sentence of its fired ``cue``, each that reports its null finding again in other words ("Deaths from all
    causes were not reduced" against "Overall mortality did not differ between groups") and the one naming the design
    it states (:func:`~medhal.text.designs.design_agrees`), which
    :func:`restating_window` then finds among the unit's windows."""
    if index is None:
        return []
    found = agreeing(index, unit)
    design = design_agrees(unit, index.sentences)  # the sentence naming the design the unit states (round 177)
    if design is not None:
        found.add(design)
    return sorted(found if cue is None else {*found, cue.sentence})


def agreeing(index: EvidenceIndex, unit: str) -> set[int]:
    """The evidence sentences that report ``unit``'s null finding again (:func:`~medhal.text.findings.agrees`)."""
    return {i for i, findings in enumerate(index.findings) if any(agrees(unit, f) for f in findings)}


def restating_window(
    index: EvidenceIndex, unit: str, by_sentence: np.ndarray, windows: Sequence[Window], cue: CueLike | None = None
) -> np.ndarray:
    """``True`` at each smallest window of ``windows`` that holds a sentence restating the unit (the restatement cue:
    :func:`~medhal.detect.alignment.restates`, or the same null finding reported in other words,
    :func:`~medhal.text.findings.agrees`); all ``False`` when none does.  The sentence of the unit's contradicting
    ``cue`` restates nothing ("occurred only in the intensive-treatment group" holds every word of "occurred in
    both groups"), and after a design or excluded-population cue no sentence does (words shared with "Randomised
    trials are needed" restate nothing of a design the evidence denies)."""
    if cue is not None and cue.kind in ("design", "excluded"):
        return np.zeros(len(windows), dtype=bool)
    # a sentence holding every word and number of the unit is aligned at 1.0; one writing its figures otherwise
    # ("769 of 12,927" for "about 6%") may restate it too (:func:`~medhal.detect.alignment.restates`)
    figures = any(token.startswith("#") for token in alignment_tokens(unit))
    partly = figures or points_to_treatment(unit)  # its figures written otherwise, or its treatment named before
    restating = {
        i
        for i, a in enumerate(by_sentence)
        if (a >= 1.0 or (partly and a > 0.0)) and _restated(index.sentences[i], unit)
    }
    # a null finding reported again in other words ("made no significant difference to X" against "no
    # significant difference in the incidence of X") is a restatement too
    restating |= agreeing(index, unit)
    # advice to avoid something restates advice not to use it ("should be avoided" for "not to use": round 203)
    avoided = as_avoided(unit)
    if "avoid" in avoided.lower():
        restating |= {i for i, s in enumerate(index.sentences) if _restated(as_avoided(s), avoided)}
    # and so is the same advice in its other form ("is advised against" for "is not recommended": round 212)
    restating |= {i for i, s in enumerate(index.sentences) if same_guidance(unit, s)}
    # and so is its null finding given in numbers whose interval holds no effect (text/significance.py)
    if figures and reports_null_finding(unit):
        restating |= {  # or with the same figures (round 53)
            i for i, s in enumerate(index.sentences) if null_in_numbers(unit, s) or restated_in_figures(unit, s)
        }
    # a unit saying only what the study's design was, as the evidence states it ("Because this was not a randomised
    # trial," of a cohort study: round 177)
    design = design_agrees(unit, index.sentences)
    if design is not None:
        restating.add(design)
    restating.discard(-1 if cue is None else cue.sentence)
    holding = [k for k, w in enumerate(windows) if any(i in restating for i in range(w.first, w.stop))]
    restated = np.zeros(len(windows), dtype=bool)
    if holding:
        smallest = min(windows[k].n_sentences for k in holding)
        restated[[k for k in holding if windows[k].n_sentences == smallest]] = True
    return restated


def _restated(sentence: str, unit: str) -> bool:
    """:func:`~medhal.detect.alignment.restates`, or a finding of ``sentence`` whose subject the part before it names
    restates ``unit`` ("HELD on admission; NOT restarted" for "has not been restarted yet": round 73)."""
    if done_of_a_condition(sentence, unit):  # "If creatinine <=140 ..., restart ramipril" for "has been restarted"
        return False
    return restates(sentence, unit) or any(restates(p, unit) for p in subject_carried(finding_parts(sentence)))
