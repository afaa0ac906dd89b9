"""Round 56 (24 texts written blind after round 55's rules: paediatric abstracts, drug-safety alerts, laboratory
reports read for the patient, surgical and rehabilitation trials, discharge instructions and clinic letters; read
with round 55's rules, 6 faithful clauses of the 24 faithful answers were contradicted and 8 answers flagged): the
cues and the contradiction focus, mended at their cause."""

from __future__ import annotations

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.chunking import Window, window_of
from medhal.detect.cues import contradiction_cue
from medhal.detect.focus import _only_figures_differ, contradiction_focus
from medhal.text import split_sentences
from medhal.text.figures import unstated_quantities
from medhal.text.lexical import direction_words


def _index(evidence: str) -> EvidenceIndex:
    return EvidenceIndex.of(evidence, [s.text for s in split_sentences(evidence)])


def _windows(evidence: str) -> list[Window]:
    spans = split_sentences(evidence)
    return [window_of(evidence, spans, k, k + 1, (1,)) for k in range(len(spans))]


def _focus(evidence: str, unit: str) -> list[float]:
    index = _index(evidence)
    return contradiction_focus(index, unit, index.alignment(unit), _windows(evidence), 0.6).tolist()


def test_a_dosing_interval_is_no_changed_duration() -> None:
    letter = "Aspirin 75 mg once daily, lifelong. Ticagrelor 90 mg twice daily for 12 months (until 19 September)."
    index = _index(letter)
    unit = "and ticagrelor 90 mg every 12 hours for a year,"
    assert contradiction_cue(index, unit, index.alignment(unit), 0.6) is None
    # a changed duration is still a figure the letter never states
    assert "six months" in [
        q.text for q in unstated_quantities("and ticagrelor 90 mg every 12 hours for six months,", letter)
    ]


def test_a_condition_cut_from_its_advice_cannot_be_contradicted() -> None:
    alert = (
        "Tavrelidine is now contraindicated in those with a baseline serum sodium below 135 mmol/L. "
        "Stop treatment if sodium falls below 130 mmol/L."
    )
    assert _focus(alert, "or if her sodium is already under 135 before treatment.") == [0.0, 0.0]
    assert max(_focus(alert, "Her sodium is already under 135, so she should keep taking it.")) > 0.0


def test_a_before_and_after_design_states_no_direction() -> None:
    methods = (
        "Methods: We compared 210 consecutive adults undergoing elective colorectal resection on a conventional "
        "pathway with 198 consecutive adults treated after introduction of an enhanced recovery programme."
    )
    unit = (
        "This before-and-after study compared 210 patients having planned bowel resections under the old pathway "
        "with 198 treated after the enhanced recovery programme was introduced."
    )
    assert "before" not in direction_words(unit)
    assert _only_figures_differ(unit, methods)


def test_a_change_cut_from_its_unit_and_a_trials_total() -> None:
    results = (
        "Methods: Seventy-two adults were randomised to BFR (n=36) or standard rehabilitation (n=36). "
        "KOOS Sport/Recreation improved by 24 and 19 points respectively (difference 5, 95% CI -3 to 13)."
    )
    index = _index(results)
    for unit in ("and by 19 with standard rehab,", "Of the 72 adults randomised,"):
        assert contradiction_cue(index, unit, index.alignment(unit), 0.6) is None, unit
