"""Which window a supported unit's evidence pointer shows (detect/_pointers.py, issue 14)."""

from __future__ import annotations

import numpy as np

from fakes import RuleVerifier
from medhal.detect import CheckItem, create_detector
from medhal.detect._pointers import Support, closest, nearest_sentence, shown_entailing
from medhal.detect.aligned_rule import AlignedDecision, AlignedRule


def _library(entail: list[float], alignment: list[float], sizes: list[int], threshold: float = 0.6) -> Support:
    a = np.array(alignment)
    return Support(np.array(entail), a, a >= threshold, np.array(sizes))


def test_an_aligned_window_that_supports_the_unit_alone_comes_first() -> None:
    library = _library([0.7, 0.5, 0.6], [0.9, 0.3, 0.7], [2, 1, 1])
    coverage = Support(np.array([0.8]), np.array([1.0]), sizes=np.array([6]))
    # the smallest aligned window (index 2) beats the better aligned two-sentence one
    assert shown_entailing(-1, library, coverage, floor=0.45, p_contradict=0.1) == 2


def test_a_methods_line_comes_after_a_window_that_reports() -> None:
    # "knee scores at six weeks were similar": the methods line naming the Oxford Knee Score at 6 weeks (index 0)
    # holds more of its words than the result "Oxford Knee Scores at 6 weeks did not differ" (index 1)
    entail, alignment, sizes = np.array([0.65, 0.55, 0.6]), np.array([0.9, 0.7, 0.65]), np.array([1, 1, 2])
    coverage = Support(np.array([0.8]), np.array([1.0]), sizes=np.array([6]))
    measures = np.array([True, False, False])
    library = Support(entail, alignment, alignment >= 0.6, sizes, measures)
    assert shown_entailing(-1, library, coverage, floor=0.45, p_contradict=0.1) == 1
    # without the mask (a unit that itself says what was measured) the best-aligned line is shown
    plain = Support(entail, alignment, alignment >= 0.6, sizes)
    assert shown_entailing(-1, plain, coverage, floor=0.45, p_contradict=0.1) == 0
    # a methods line alone is still shown when nothing that reports supports the unit
    alone = Support(entail, alignment, alignment >= 0.6, sizes, np.array([True, True, True]))
    assert shown_entailing(-1, alone, coverage, floor=0.45, p_contradict=0.1) == 0


def test_an_unaligned_window_holding_the_best_aligned_sentence_beats_a_larger_tile() -> None:
    # round 23: "The cost is more side effects such as vomiting" (alignment 0.20 with "Antibiotics increase
    # unwanted effects such as vomiting, diarrhoea and rash") was shown a five-sentence tile about pain
    library = _library([0.55, 0.6, 0.2], [0.2, 0.1, 0.2], [1, 1, 3])
    tiles = Support(np.array([0.7, 0.3]), np.array([0.9, 0.2]), sizes=np.array([5, 4]))
    assert shown_entailing(-1, library, tiles, floor=0.45, p_contradict=0.1) == 0
    # a window that does not support the unit by itself is never shown: the tile stays
    weak = _library([0.4, 0.6, 0.2], [0.2, 0.1, 0.2], [1, 1, 3])
    assert shown_entailing(-1, weak, tiles, floor=0.45, p_contradict=0.1) == -1
    # nor one no smaller than the tile it would replace
    small_tiles = Support(np.array([0.7, 0.3]), np.array([0.9, 0.2]), sizes=np.array([1, 1]))
    assert shown_entailing(-1, library, small_tiles, floor=0.45, p_contradict=0.1) == -1
    # nor one at or under the unit's C*
    assert shown_entailing(-1, library, tiles, floor=0.45, p_contradict=0.55) == -1


def _decide(
    entail: list[float], alignment: list[float], sizes: list[int], cover: list[float], **tiles: np.ndarray
) -> AlignedDecision:
    """The aligned rule on library windows of P(C) 0.1 and coverage windows of alignment 0.9 / 0.2 or as given."""
    return AlignedRule().decide(
        np.array(entail),
        np.full(len(entail), 0.1),
        np.array(alignment),
        np.array(cover),
        window_sizes=np.array(sizes),
        **tiles,
    )


def test_the_rule_keeps_p_entail_and_the_verdict() -> None:
    library = ([0.55, 0.6, 0.2], [0.2, 0.1, 0.2], [1, 1, 3], [0.7, 0.3])
    d = _decide(*library, coverage_alignment=np.array([0.9, 0.2]), coverage_sizes=np.array([5, 4]))
    assert d.verdict == "supported" and d.p_entail == 0.7 and d.entailing == 0
    # without the tiles' sizes the tile is shown, as before
    d = _decide(*library, coverage_alignment=np.array([0.9, 0.2]))
    assert d.verdict == "supported" and d.p_entail == 0.7 and d.entailing == -1


def test_an_unsupported_unit_points_at_the_closest_sentence() -> None:
    # own abstract: "a creatinine clearance under 15, were not included." pointed at a five-sentence tile; the
    # sentence it is about is "Patients with a creatinine clearance below 15 mL/min were excluded."
    library = _library([0.24, 0.2, 0.15], [0.69, 0.69, 0.69], [3, 2, 1])
    assert closest(-1, library) == 2
    # a unit aligned with no sentence at CLOSE keeps the window the rule read
    assert closest(-1, _library([0.3, 0.2], [0.19, 0.1], [1, 1])) == -1
    d = _decide(
        [0.24, 0.2, 0.15],
        [0.69, 0.69, 0.69],
        [3, 2, 1],
        [0.31, 0.01],
        coverage_alignment=np.array([1.0, 0.0]),
        coverage_sizes=np.array([5, 4]),
    )
    assert d.verdict == "unsupported" and d.p_entail == 0.31 and d.entailing == 2


def test_a_unit_stating_what_the_evidence_never_does_is_not_restated() -> None:
    # round 43: "and a PET-CT scan if her breathlessness persists" (the report suggests a V/Q scan) was restated by
    # the sentence holding the rest of its words, and supported
    rule = AlignedRule()
    args = (np.array([0.7]), np.array([0.1]), np.array([0.9]), np.array([0.7]))
    restates = np.array([True])
    assert rule.decide(*args, restates).verdict == "supported"
    d = rule.decide(*args, restates, unstated=True)
    assert d.verdict == "unsupported" and not d.restated


def test_an_unsupported_unit_no_sentence_holds_enough_of_points_at_what_the_evidence_says_of_it() -> None:
    # a lay answer's own words count against every sentence: "twitching of the face" holds 0.21 of its content in
    # the synkinesis sentence, all of what the evidence says of it (index 1)
    assert nearest_sentence(np.array([0.0, 0.21, 0.1]), np.array([0.0, 1.0, 0.4])) == 1
    # ties: the better aligned, then the first
    assert nearest_sentence(np.array([0.2, 0.25, 0.25]), np.array([1.0, 1.0, 1.0])) == 1
    # a sentence holding CLOSE of the unit is closest() 's business, not this rule's
    assert nearest_sentence(np.array([0.35, 0.2]), np.array([1.0, 1.0])) is None
    # too little of the unit, or under half of the words the evidence knows: no nearest sentence
    assert nearest_sentence(np.array([0.1, 0.0]), np.array([1.0, 0.0])) is None
    assert nearest_sentence(np.array([0.2, 0.0]), np.array([0.4, 0.0])) is None


BELL = (
    "Methods: 496 adults with Bell's palsy were assigned to prednisolone plus valaciclovir (n=248), or prednisolone "
    "plus placebo (n=248). The primary outcome was complete recovery at 9 months. Results: Complete recovery "
    "occurred in 89.1% with valaciclovir and 87.5% with placebo. Synkinesis at 9 months did not differ (8.9% vs "
    "9.7%). Adverse events were mild; nausea occurred in 6% and 5%. Patients should avoid driving if eye closure is "
    "incomplete. Conclusions: Adding valaciclovir to prednisolone did not improve complete recovery."
)


def test_lay_units_point_at_the_sentence_they_restate() -> None:
    # an own Bell's palsy abstract (session 34): each lay clause pointed at a tile of three to five sentences or at
    # the recovery figures; the rule verifier entails none of them, so all are unsupported
    answer = (
        "Long-term twitching of the face was about as common either way. The other half took a dummy tablet. "
        "Patients should not drive if they cannot fully close the eye."
    )
    result = create_detector("decomposed", RuleVerifier()).detect(CheckItem(BELL, answer))
    shown = {u.text: u.entailing for u in result.units}
    assert all(u.verdict == "unsupported" for u in result.units)

    def line(unit: str) -> str:
        pointer = shown[unit]
        assert pointer is not None
        return pointer.text if pointer.focus is None else pointer.focus.text

    assert line("Long-term twitching of the face was about as common either way.").startswith("Synkinesis")
    assert line("The other half took a dummy tablet.").startswith("Methods")
    assert line("Patients should not drive if they cannot fully close the eye.").startswith("Patients should avoid")
