"""Round 48 (30 texts written after round 47's rules; read blind they gave 4 faithful clauses contradicted and 6 of
30 faithful answers flagged, the session-start code 5 and 6) and an abstract of our own: each faithful clause's
false cue mended at its cause, in general terms."""

from __future__ import annotations

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.chunking import window_of
from medhal.detect.cues import null_finding_cue, number_cue
from medhal.detect.focus import _of_other_agents, contradiction_focus
from medhal.text import split_sentences
from medhal.text.findings import null_findings
from medhal.text.frequency import frequency_conflicts
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation


def _index(evidence: str) -> EvidenceIndex:
    return EvidenceIndex.of(evidence, [s.text for s in split_sentences(evidence)])


def test_a_condition_reports_no_null_finding() -> None:
    sentence = (
        "If her haemoglobin does not rise by at least 20 g/L after 4 weeks of oral iron, I will arrange endoscopy."
    )
    assert null_findings(sentence) == ()
    unit = "so endoscopy will be arranged if her haemoglobin rises by less than 20 g/L after 4 weeks of oral iron."
    assert flips_negation(unit, sentence) is None
    assert null_findings("Her haemoglobin did not rise after 4 weeks of oral iron.") != ()


def test_a_factor_in_words_of_a_relative_clause_is_not_read_against_another_sentence() -> None:
    index = _index(
        "Endometrial cancer risk fell (HR 0.48, 95% CI 0.35 to 0.66). Colorectal cancer risk was not reduced (HR 1.06)."
    )
    unit = "where risk was roughly halved,"
    assert number_cue(index, unit, index.alignment(unit), 0.6) == ([], None)


def test_a_common_clinical_abbreviation_is_the_words_it_stands_for() -> None:
    evidence = "He did not require non-invasive ventilation or intensive care review."
    assert unstated_names("and he never needed non-invasive ventilation or ICU review.", evidence) == ()
    assert unstated_names("He was admitted to ICU.", "He was admitted to the ward.") == ("ICU",)


def test_on_alternate_days_is_every_other_day() -> None:
    assert frequency_conflicts("give 1 mg every other day", ["Give 1 mg on alternate days."]) is None
    assert frequency_conflicts("give 1 mg every day", ["Give 1 mg on alternate days."]) is not None


def test_a_sentence_about_other_treatments_does_not_contradict_the_unit() -> None:
    sentences = [
        "Serotonin-noradrenaline reuptake inhibitors (SNRIs) reduced pain compared with placebo.",
        "Tricyclic antidepressants and SSRIs did not reduce pain compared with placebo.",
    ]
    assert _of_other_agents("and SSRIs, did not reduce pain compared with placebo,", sentences[0], sentences)
    assert not _of_other_agents("SNRIs did not reduce pain,", sentences[0], sentences)
    conclusion = "Rivaroxaban was associated with more non-major bleeding than dalteparin."
    unit = "Non-major bleeding was less frequent with rivaroxaban."
    assert not _of_other_agents(unit, conclusion, [conclusion, "Bleeding occurred in 12% on rivaroxaban."])


def test_the_instrument_a_finding_was_measured_with_is_not_its_subject() -> None:
    index = _index("Falls were rare. Quality of life, measured with the EQ-5D, was similar at 12 months.")
    assert null_finding_cue(index, "Quality of life was better with the drug,", None) == 1


def test_a_region_names_its_countries() -> None:
    evidence = "In this open-label trial at 31 hospitals in Spain and Portugal, 1,204 patients were randomised."
    assert unstated_names("In this Iberian trial of 1,204 patients,", evidence) == ()
    assert unstated_names("In this Iberian trial of 1,204 patients,", "At 31 hospitals in France.") == ("Iberian",)


def test_without_before_a_verb_denies_the_verb_not_its_object() -> None:
    sentence = "The programme reduced the rate of falls by 30%, without reducing fear of falling."
    assert flips_negation("Fear of falling was no lower after the programme,", sentence) is None
    assert flips_negation(
        "Fear of falling was reduced by the programme.", "The programme did not reduce fear of falling."
    )


def test_advice_against_in_two_wordings_cannot_contradict() -> None:
    evidence = (
        "Recommendation 4: The panel recommends bridging in mechanical valves. Recommendation 5: The panel suggests "
        "against routine measurement of DOAC plasma levels before elective procedures (weak recommendation)."
    )
    index = EvidenceIndex.of(evidence, [s.text for s in split_sentences(evidence)])
    spans = split_sentences(evidence)
    windows = [window_of(evidence, spans, k, k + 1, (1,)) for k in range(len(spans))]
    unit = "Checking DOAC blood levels before elective procedures is not routinely advised,"
    assert contradiction_focus(index, unit, index.alignment(unit), windows, 0.6).tolist()[1] == 0.0
    advised = "Checking DOAC blood levels before elective procedures is routinely advised,"
    assert contradiction_focus(index, advised, index.alignment(advised), windows, 0.6).tolist()[1] > 0.0
