"""The deterministic cues of the aligned verdict rule (:mod:`medhal.detect.alignment`), each pointing at the
evidence sentence that fires it through the smallest verified window that holds it.

* :func:`number_cue`: the changed-number cue (:func:`medhal.text.quantities.number_conflicts`): the unit states a
  number, dose, duration or percentage that an aligned evidence sentence states differently — `contradicted`;
* :func:`null_finding_cue`: the null-finding cue (:func:`medhal.text.findings.names`): the unit asserts an effect
  on what an evidence sentence reports no difference, effect or occurrence for — `contradicted`;
* :func:`comparison_cue`: the reversed-comparison cue (:func:`medhal.text.comparisons.reverses`): the
  unit compares two groups on a measure for which an evidence sentence states a figure per group, the other way
  round — `contradicted`.

The third, the unstated-figure cue (:func:`medhal.text.quantities.unstated_quantities`: a figure the evidence
states nowhere; never `supported`), needs no window: it is read against the whole evidence.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.chunking import Window, smallest_holding
from medhal.detect.records import JSONObject
from medhal.text.comparisons import reverses, unit_comparison
from medhal.text.findings import asserts_effect, names
from medhal.text.quantities import Quantity, number_conflicts

__all__ = ["comparison_cue", "describe", "null_finding_cue", "number_cue"]


def number_cue(
    index: EvidenceIndex, unit: str, by_sentence: np.ndarray, windows: Sequence[Window], threshold: float
) -> tuple[list[tuple[Quantity, Quantity]], int | None]:
    """The changed-number cue against the unit's aligned sentences (``by_sentence``: their alignment with the unit;
    aligned from ``threshold`` up), and the smallest of ``windows`` that holds the sentence that fires it (``None``
    when the cue does not fire or no window holds it).  When no sentence is aligned, the best one aligned on what
    the evidence knows of the unit (:meth:`EvidenceIndex.alignment` with ``known_only``) may still state the
    rival, provided it is a number of the same thing (``anchored``)."""
    if not len(by_sentence):
        return [], None
    anchored = by_sentence.max() < threshold
    if anchored:
        by_sentence = index.alignment(unit, known_only=True)
    if float(by_sentence.max()) < threshold:
        return [], None
    # every aligned sentence, best aligned first (ties in document order): a unit of few words is aligned as
    # well with several sentences, and a unit of two facts ("relapse was 2% after a median follow-up of ten
    # years") with one sentence per fact; the first may state no rival number
    aligned = np.flatnonzero(by_sentence >= threshold)
    for best in aligned[np.argsort(-by_sentence[aligned], kind="stable")]:
        conflicts = number_conflicts(unit, index.quantities, index.sentences[best], anchored=anchored)
        if conflicts:
            return conflicts, smallest_holding(windows, int(best))
    return [], None


def null_finding_cue(index: EvidenceIndex, unit: str, windows: Sequence[Window]) -> tuple[str | None, int | None]:
    """The null-finding cue: the first evidence sentence that reports no difference, effect or occurrence about
    what the unit asserts an effect on, and the smallest of ``windows`` that holds it (``(None, None)`` when no
    sentence fires or no window holds one).  The sentences' null findings are read once per item
    (:attr:`EvidenceIndex.findings`)."""
    if not asserts_effect(unit):
        return None, None
    for i, finding in enumerate(index.findings):
        if finding is None or not names(unit, finding):  # the unit asserts an effect: checked above
            continue
        k = smallest_holding(windows, i)
        if k is not None:
            return index.sentences[i], k
    return None, None


def comparison_cue(index: EvidenceIndex, unit: str, windows: Sequence[Window]) -> tuple[str | None, int | None]:
    """The reversed-comparison cue: the first evidence sentence whose figures by group order the unit's compared
    groups the other way, and the smallest of ``windows`` that holds it (``(None, None)`` when none fires or no
    window holds one)."""
    claim = unit_comparison(unit)
    if claim is None:
        return None, None
    for i, sentence in enumerate(index.sentences):
        if "%" in sentence and reverses(claim, sentence):
            k = smallest_holding(windows, i)
            if k is not None:
                return sentence, k
    return None, None


def describe(cues: JSONObject | None) -> list[str]:
    """What a unit's ``cues`` (:attr:`medhal.detect.records.UnitResult.cues`) say, in words an auditor reads: one
    line per cue that fired (none for a unit the model alone decided).

    >>> describe({"restated": False, "number_conflicts": [["65", "75 years"]], "unstated_figures": ["65"]})
    ['Changed figure: the answer says "65", the evidence "75 years".', 'Not in the evidence: "65".']
    """
    if not cues:
        return []
    notes: list[str] = []
    if cues.get("restated"):
        notes.append("Restated: an evidence sentence says the same.")
    conflicts = cues.get("number_conflicts")
    if isinstance(conflicts, list):
        for pair in conflicts:
            if isinstance(pair, list) and len(pair) == 2:
                notes.append(f'Changed figure: the answer says "{pair[0]}", the evidence "{pair[1]}".')
    finding = cues.get("null_finding")
    if isinstance(finding, str):
        notes.append(f'The evidence reports no difference or effect: "{finding}"')
    comparison = cues.get("reversed_comparison")
    if isinstance(comparison, str):
        notes.append(f'The evidence\'s figures order the groups the other way: "{comparison}"')
    unstated = cues.get("unstated_figures")
    if isinstance(unstated, list) and unstated:
        notes.append("Not in the evidence: " + ", ".join(f'"{f}"' for f in unstated) + ".")
    read_as = cues.get("read_as")
    if isinstance(read_as, str):
        notes.append(f'Read with the figures as the evidence writes them: "{read_as}"')
    return notes
