"""A changed interval (text/changed_intervals.py): read against the one sentence the unit is about."""

from __future__ import annotations

import numpy as np

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.cues import number_cue
from medhal.text import split_sentences
from medhal.text.changed_intervals import interval_conflicts

_LETTER = (
    "Bloods today: Na 129 mmol/L, K 4.1 mmol/L. "
    "GP please check BP in 2 weeks and again at 6 weeks. "
    "Repeat sodium in 4 weeks given age. "
    "Review in orthoptic clinic in 6 months."
)


def _index(evidence: str) -> EvidenceIndex:
    return EvidenceIndex.of(evidence, [s.text for s in split_sentences(evidence)])


def test_an_interval_changed_in_the_sentence_the_unit_is_about_is_contradicted() -> None:
    # "2 weeks" is a figure the letter states (for the blood pressure), so the changed-number cue left it alone
    index = _index(_LETTER)
    unit = "Her sodium should be repeated in 2 weeks"
    conflicts, sentence = number_cue(index, unit, index.alignment(unit), 0.6)
    assert sentence == 2 and [(a.text, b.text) for a, b in conflicts] == [("2 weeks", "4 weeks")]
    faithful = "Her sodium should be repeated in four weeks"
    assert number_cue(index, faithful, index.alignment(faithful), 0.6) == ([], None)


def test_an_interval_another_sentence_gives_as_well_or_the_sentence_writes_is_left_alone() -> None:
    sentences = ["Surveillance every 3 months for the first year, then 6-monthly.", "Bloods every 6 months."]
    unit = "then every 6 months"
    assert interval_conflicts(unit, sentences, np.array([0.9, 0.2]), 0.6) is None  # "6-monthly" writes the 6
    sentences = ["Repeat sodium in 4 weeks.", "Repeat sodium and potassium in 2 weeks."]
    unit = "Her sodium should be repeated in 2 weeks"
    assert interval_conflicts(unit, sentences, np.array([0.8, 0.75]), 0.6) is None  # as well aligned: either
    assert interval_conflicts(unit, sentences, np.array([0.5, 0.45]), 0.6) is None  # aligned with none
    # a bound is not an interval's level ("within 72 hours" of "no more than 72 hours before surgery")
    bound = ["INR to be checked no more than 24 hours before surgery."]
    assert interval_conflicts("INR checked within 72 hours of surgery", bound, np.array([0.9]), 0.6) is None
