from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from fakes import RuleVerifier
from medhal.detect import CheckItem, DecomposedDetector
from medhal.detect.alignment import EvidenceIndex
from medhal.detect.chunking import Window, window_of
from medhal.detect.cue_notes import describe
from medhal.detect.cues import FiredCue, contradiction_cue
from medhal.detect.focus import _only_figures_differ, contradiction_focus
from medhal.detect.restating import deciding_sentences, restating_window
from medhal.text import split_sentences

README_EVIDENCE = (Path(__file__).resolve().parents[2] / "examples" / "evidence.txt").read_text()


def test_describe_says_each_cue_that_fired_in_words() -> None:
    assert describe(None) == [] and describe({}) == []
    quiet = {
        "alignment": 0.4,
        "coverage_entail": 0.5,
        "restated": False,
        "number_conflicts": [],
        "null_finding": None,
        "reversed_comparison": None,
        "unstated_figures": [],
        "read_as": None,
    }
    assert describe(quiet) == []  # the model alone decided
    loud = quiet | {
        "restated": True,
        "number_conflicts": [["65", "75 years"]],
        "null_finding": "Lactic acidosis did not occur in either group.",
        "reversed_comparison": "Adverse events occurred in 4.9% with A and 1.4% with B.",
        "denied": "Steroids should not be used in adults without asthma.",
        "unstated_figures": ["3%", "2 weeks"],
        "unnamed_subject": "Low sodium",
        "read_as": "Women took 150 mg of aspirin.",
    }
    assert describe(loud) == [
        "Restated: an evidence sentence says the same.",
        'Changed figure: the answer says "65", the evidence "75 years".',
        'The evidence reports no difference, effect or occurrence: "Lactic acidosis did not occur in either group."',
        "The evidence's figures order the groups the other way: "
        '"Adverse events occurred in 4.9% with A and 1.4% with B."',
        'The evidence denies what the answer asserts: "Steroids should not be used in adults without asthma."',
        'Not in the evidence: "3%", "2 weeks".',
        'The evidence never names what the answer compares, says changed or says did it: "Low sodium".',
        'Read with the figures as the evidence writes them: "Women took 150 mg of aspirin."',
    ]


def _index(evidence: str) -> EvidenceIndex:
    return EvidenceIndex.of(evidence, [s.text for s in split_sentences(evidence)])


def _cue(index: EvidenceIndex, unit: str) -> FiredCue | None:
    """The contradicting cue of ``unit`` at the aligned rule's threshold."""
    return contradiction_cue(index, unit, index.alignment(unit), 0.6)


def _sentence_windows(evidence: str) -> list[Window]:
    """One window per sentence of ``evidence``."""
    spans = split_sentences(evidence)
    return [window_of(evidence, spans, k, k + 1, (1,)) for k in range(len(spans))]


def test_contradiction_cue_names_the_deciding_sentence_number_first() -> None:
    index = _index(README_EVIDENCE)
    unit = "Metformin caused lactic acidosis in 3% of patients,"
    cue = _cue(index, unit)
    assert cue is not None and cue.kind == "null_finding" and cue.conflicts == ()
    assert index.sentences[cue.sentence] == "Lactic acidosis did not occur in either group."
    assert cue.record(index) == {
        "number_conflicts": [],
        "null_finding": "Lactic acidosis did not occur in either group.",
        "reversed_comparison": None,
        "denied": None,
        "design": None,
        "excluded": None,
    }
    dose = "Patients took metformin 500 mg twice daily."
    cue = _cue(index, dose)
    assert cue is not None and cue.kind == "number"
    assert [(a.text, b.text) for a, b in cue.conflicts] == [("500 mg", "1000 mg")]
    assert cue.record(index)["null_finding"] is None
    faithful = "Gastrointestinal adverse events were more frequent with metformin."
    assert _cue(index, faithful) is None


def test_a_cue_points_at_its_sentence_alone_even_when_the_window_budget_left_it_out() -> None:
    # one library window per unit: by word overlap it is the conclusions sentence, not the null finding
    verifier = RuleVerifier()
    detector = DecomposedDetector(verifier, units="sentence", max_windows=1)
    response = "Metformin caused lactic acidosis in 3% of patients."
    result = detector.detect(CheckItem(README_EVIDENCE, response, id="cue"))
    (unit,) = result.units
    assert unit.verdict == "contradicted"
    pointer = unit.contradicting
    assert pointer is not None and pointer.text == "Lactic acidosis did not occur in either group."
    assert README_EVIDENCE[pointer.start : pointer.end] == pointer.text and pointer.sentences == (5, 6)
    assert (pointer.text, response) in verifier.calls[0]  # its P(C) is the sentence's own
    assert unit.cues is not None and unit.cues["null_finding"] == pointer.text


def test_a_unit_comparing_a_measure_the_evidence_never_names_is_unsupported_and_flags_its_answer() -> None:
    evidence = (
        "Methods: 13,500 adults taking hydrochlorothiazide were randomly assigned to continue it or to switch to "
        "chlorthalidone. Results: Hypokalaemia was more common with chlorthalidone (6.0% versus 4.4%)."
    )
    response = "Low sodium was more common with chlorthalidone."
    detector = DecomposedDetector(RuleVerifier(), units="sentence")
    result = detector.detect(CheckItem(evidence, response))
    (unit,) = result.units
    assert unit.verdict == "unsupported" and unit.cues is not None and unit.cues["unnamed_subject"] == "Low sodium"
    assert result.flagged and unit.suspicion >= detector.threshold
    faithful = detector.detect(CheckItem(evidence, "Low potassium was more common with chlorthalidone."))
    assert faithful.units[0].cues is not None and faithful.units[0].cues["unnamed_subject"] is None


def test_a_unit_changing_an_outcome_the_evidence_never_names_is_unsupported_and_flags_its_answer() -> None:
    evidence = (
        "Methods: 1,320 adults undergoing bowel surgery were randomly assigned to dexamethasone 8 mg or standard "
        "care. Results: Vomiting within 24 hours occurred in 24.8% and 33.0% (p = 0.002)."
    )
    detector = DecomposedDetector(RuleVerifier(), units="sentence")
    result = detector.detect(CheckItem(evidence, "Dexamethasone shortened their hospital stay."))
    (unit,) = result.units
    assert unit.verdict != "supported" and unit.cues is not None
    assert unit.cues["unnamed_subject"] == "their hospital stay"
    assert result.flagged and unit.suspicion >= detector.threshold
    faithful = detector.detect(CheckItem(evidence, "Dexamethasone reduced vomiting within 24 hours."))
    assert faithful.units[0].cues is not None and faithful.units[0].cues["unnamed_subject"] is None


COUGH_EVIDENCE = (
    "Methods: 401 adults with acute cough and no asthma were randomly assigned to prednisolone 40 mg daily for 5 days "
    "or placebo. Results: The median duration of cough was 5 days in both groups. Conclusions: Oral corticosteroids "
    "should not be used for acute lower respiratory tract infection in adults without asthma because they do not "
    "reduce symptom duration or severity."
)


def test_a_recommendation_the_evidence_denies_is_contradicted_though_both_share_another_negation() -> None:
    # both say "without asthma": comparing negation by presence read the flip as a restatement (issue 14)
    detector = DecomposedDetector(RuleVerifier(), units="sentence")
    flipped = "Corticosteroids should be used for acute chest infections in adults without asthma."
    (unit,) = detector.detect(CheckItem(COUGH_EVIDENCE, flipped)).units
    assert unit.verdict == "contradicted" and unit.cues is not None
    assert unit.cues["restated"] is False
    conclusion = COUGH_EVIDENCE[COUGH_EVIDENCE.index("Conclusions") :]
    assert unit.cues["denied"] == conclusion
    assert unit.contradicting is not None and unit.contradicting.text == conclusion
    faithful = "Corticosteroids should not be used for acute chest infections in adults without asthma."
    (unit,) = detector.detect(CheckItem(COUGH_EVIDENCE, faithful)).units
    assert unit.verdict == "supported" and unit.cues is not None
    assert unit.cues["restated"] is True and unit.cues["denied"] is None


TROPONIN_EVIDENCE = (
    "Methods: 2,486 adults with chest pain had troponin T measured on arrival. Results: A troponin T below 5 ng/L "
    "ruled out myocardial infarction in 743 patients (29.9%). Sensitivity was lower in patients presenting within 3 "
    "hours of symptom onset (97.6%)."
)


def test_a_negated_unit_is_not_contradicted_by_a_sentence_its_negation_denies_nothing_of() -> None:
    # the encoder reads the negation itself as a contradiction: "not be used" has nothing to deny in "was lower"
    unit = "It should not be used alone in patients presenting within 3 hours of symptom onset."
    sentence = "Sensitivity was lower in patients presenting within 3 hours of symptom onset (97.6%)."
    verifier = RuleVerifier(contradictions=[(sentence, unit)])
    detector = DecomposedDetector(verifier, units="sentence")
    (result,) = detector.detect(CheckItem(TROPONIN_EVIDENCE, unit)).units
    assert result.verdict != "contradicted"
    # a negation that denies what the sentence says may still be contradicted by it
    denial = "Sensitivity was not lower in patients presenting within 3 hours of symptom onset."
    verifier = RuleVerifier(contradictions=[(sentence, denial)])
    (result,) = DecomposedDetector(verifier, units="sentence").detect(CheckItem(TROPONIN_EVIDENCE, denial)).units
    assert result.verdict == "contradicted"


_EDOXABAN = (
    "Patients were randomly assigned to edoxaban 15 mg once daily or placebo. The annualized rate of stroke or "
    "systemic embolism was 2.3% in the edoxaban group and 6.7% in the placebo group (hazard ratio, 0.34)."
)


def test_a_change_between_groups_the_figures_give_the_same_way_cannot_be_contradicted() -> None:
    index = _index(_EDOXABAN)
    spans = split_sentences(_EDOXABAN)
    windows = [window_of(_EDOXABAN, spans, a, b, (1,)) for a, b in ((0, 1), (1, 2), (0, 2))]
    faithful = "edoxaban cut the yearly rate of stroke or systemic embolism from 6.7% to 2.3%."
    focus = contradiction_focus(index, faithful, index.alignment(faithful), windows, 0.6)
    assert focus[1] == 0.0 and _cue(index, faithful) is None
    reversed_ = "edoxaban raised the yearly rate of stroke or systemic embolism from 2.3% to 6.7%."
    cue = _cue(index, reversed_)
    assert cue is not None and cue.kind == "reversed_comparison" and cue.sentence == 1


def _focus(evidence: str, unit: str) -> list[float]:
    index = _index(evidence)
    windows = _sentence_windows(evidence)
    return contradiction_focus(index, unit, index.alignment(unit), windows, 0.6).tolist()


def test_a_sentence_that_differs_from_the_unit_only_in_the_form_of_its_figures_cannot_contradict_it() -> None:
    evidence = (
        "Fractures occurred in 769 of 12,927 participants given vitamin D and in 782 of 12,944 given placebo. "
        "Hypercalcemia and kidney stones were uncommon and did not differ between groups."
    )
    assert _focus(evidence, "About 6% of participants given vitamin D or placebo had fractures.")[0] == 0.0
    # a negation that denies nothing the unit says is not read as a contradiction of it either
    assert _focus(evidence, "Kidney stones were uncommon in both groups.")[1] == 0.0
    # ... but one that denies what the unit says may contradict it
    assert _focus(evidence, "Kidney stones differed between groups.")[1] > 0.0


def test_a_sentence_about_other_people_or_a_composite_cannot_contradict_a_unit() -> None:
    evidence = (
        "Statin treatment was not associated with a reduction in cardiovascular disease among participants "
        "without diabetes. Among participants with type 2 diabetes, statin use was associated with a 24% lower "
        "risk of cardiovascular disease. Dapagliflozin reduced the combined risk of worsening heart failure or "
        "cardiovascular death."
    )
    subgroup = "Statins did not lower cardiovascular disease in those without diabetes."
    assert _focus(evidence, subgroup)[1] == 0.0  # the diabetic subgroup's finding is about other people
    assert _focus(evidence, "Statins lowered cardiovascular disease in those with diabetes.")[1] > 0.0
    component = "Cardiovascular death on its own was not reduced by dapagliflozin."
    assert _focus(evidence, component)[2] == 0.0
    # the whole composite, denied, is the sentence's own outcome: it may contradict the unit
    assert _focus(evidence, "Dapagliflozin did not reduce worsening heart failure or cardiovascular death.")[2] > 0.0
    # a population the evidence never reports on is a changed population, which may be contradicted
    changed = "Participants with psychosis had a lower risk of cardiovascular disease with statins."
    only = "Participants without psychosis had a lower risk of cardiovascular disease with statins."
    assert _focus(only, changed)[0] > 0.0
    assert _focus(only + " " + changed.replace("lower", "higher"), changed)[0] == 0.0


_APPENDICITIS = (
    "Background: Continuous monitoring helps in type 1 diabetes; its value in type 2 diabetes is unclear. "
    "Methods: 175 adults with type 2 diabetes were assigned 2:1 to monitoring or meters. "
    "Adults with uncomplicated appendicitis were assigned to antibiotics or appendectomy. "
    "Antibiotics were noninferior to appendectomy. "
    "In the antibiotics group, 29% of participants had undergone appendectomy by 90 days."
)


@pytest.mark.parametrize(
    ("unit", "kind", "sentence"),
    [
        ("In 175 adults with type 1 diabetes,", "number", 1),  # a category by number, against the best aligned
        ("Most patients given antibiotics had their appendix removed within 90 days.", "number", 4),  # a share
        ("Adults with complicated appendicitis were assigned to antibiotics.", "denied", 2),  # un- form only
        ("Antibiotics were clearly inferior to appendectomy.", "denied", 3),
    ],
)
def test_categories_shares_and_prefixed_antonyms_are_contradicted_by_their_sentence(
    unit: str, kind: str, sentence: int
) -> None:
    index = _index(_APPENDICITIS)
    cue = _cue(index, unit)
    assert cue is not None and (cue.kind, cue.sentence) == (kind, sentence)


@pytest.mark.parametrize(
    "unit",
    [
        "Continuous monitoring helps in type 1 diabetes.",  # the Background says so
        "Nearly a third of patients given antibiotics had their appendix removed within 90 days.",
        "Adults with uncomplicated appendicitis were assigned to antibiotics.",
        "Antibiotics were not inferior to appendectomy.",
    ],
)
def test_faithful_categories_shares_and_prefixed_words_fire_no_cue(unit: str) -> None:
    index = _index(_APPENDICITIS)
    assert _cue(index, unit) is None


def test_a_halving_is_read_against_the_result_that_names_the_outcome_by_its_definition() -> None:
    evidence = (
        "Methods: The primary outcome was a composite of worsening heart failure or cardiovascular death. "
        "Results: The primary outcome occurred in 16.4% of patients in the dapagliflozin group and 19.5% in the "
        "placebo group (hazard ratio 0.82)."
    )
    index = _index(evidence)
    unit = "Dapagliflozin halved the rate of worsening heart failure or cardiovascular death."
    cue = _cue(index, unit)
    assert cue is not None and cue.kind == "number" and cue.sentence == 1
    assert [(a.text, b.text) for a, b in cue.conflicts] == [("halved", "0.82")]
    faithful = "Dapagliflozin lowered the rate of worsening heart failure or cardiovascular death by about a sixth."
    assert _cue(index, faithful) is None


def test_contradiction_cue_reads_a_misreported_design_last() -> None:
    evidence = (
        "This prospective cohort study included 763 adults admitted to intensive care. Statin administration on a "
        "given day was associated with a lower risk of delirium the next day. Randomised trials are needed."
    )
    index = _index(evidence)
    unit = "This trial shows that statins prevent delirium."
    cue = _cue(index, unit)
    assert cue is not None and cue.kind == "design"
    assert cue.record(index)["design"] == index.sentences[0]
    assert describe(cue.record(index)) == [
        'The evidence states another study design: "This prospective cohort study included 763 adults admitted to '
        'intensive care."'
    ]
    faithful = "In this cohort study, statins were linked with less delirium the next day."
    assert _cue(index, faithful) is None


def test_a_factor_in_words_is_read_against_the_sentence_stating_the_units_two_figures() -> None:
    evidence = (
        "We randomly assigned 1,214 adult daily smokers to a smartphone app plus brief advice or brief advice alone. "
        "Verified abstinence at 6 months was 7.7% in the app group and 6.9% in the leaflet group (odds ratio 1.13; "
        "95% CI 0.73 to 1.74). App engagement was low."
    )
    index = _index(evidence)
    # the unit shares few words with the result sentence, but states both of its figures
    unit = "Among 1,214 smokers, a quit-smoking app roughly doubled verified abstinence at six months (7.7% vs 6.9%)."
    cue = _cue(index, unit)
    assert cue is not None and cue.kind == "number" and cue.sentence == 1
    assert [(a.text, b.text) for a, b in cue.conflicts] == [("doubled", "1.13")]
    faithful = "Adding the app raised verified abstinence only slightly (7.7% vs 6.9%)."
    assert _cue(index, faithful) is None


def test_a_unit_reporting_no_effect_is_not_contradicted_by_a_result_whose_interval_holds_none() -> None:
    evidence = (
        "We randomly assigned 1,214 adult daily smokers to a smartphone app or a printed leaflet. "
        "Verified abstinence at 6 months was 7.7% in the app group and 6.9% in the leaflet group (odds ratio 1.13; "
        "95% CI 0.73 to 1.74)."
    )
    index = _index(evidence)
    windows = _sentence_windows(evidence)
    null = "Adding the app did not improve verified abstinence at six months (7.7% vs 6.9%)."
    focus = contradiction_focus(index, null, index.alignment(null), windows, 0.6)
    assert focus[1] == 0.0
    # a unit asserting an effect may still be contradicted by it
    effect = "Adding the app improved verified abstinence at six months."
    assert contradiction_focus(index, effect, index.alignment(effect), windows, 0.6)[1] > 0.0


def test_a_factor_in_words_is_read_against_the_sentence_naming_the_units_subject() -> None:
    evidence = (
        "Patients were randomly assigned to tranexamic acid or placebo. Transfusion was required in 23.3% and 38.3%. "
        "Venous thromboembolism occurred in 5 patients (2.4%) and 6 patients (2.9%), respectively."
    )
    index = _index(evidence)
    unit = "Blood clots in the veins were about twice as common with tranexamic acid as with placebo."
    cue = _cue(index, unit)
    assert cue is not None and cue.kind == "number" and cue.sentence == 2
    assert [(a.text, b.text) for a, b in cue.conflicts] == [("twice as", "2.9%")]


def test_a_factor_in_words_is_read_against_the_sentence_naming_what_it_changed() -> None:
    # round 18: "reduced symptomatic intracranial haemorrhage by half" against "occurred in 9.0% and 8.8%"
    evidence = (
        "Methods: 324 patients were randomised to intensive systolic blood pressure lowering or standard management. "
        "Functional independence at 90 days was achieved by 39.4% and 54.4%. "
        "Symptomatic intracranial haemorrhage occurred in 9.0% and 8.8%."
    )
    index = _index(evidence)
    unit = "Lowering systolic pressure reduced symptomatic intracranial haemorrhage by half."
    cue = _cue(index, unit)
    assert cue is not None and cue.kind == "number" and cue.sentence == 2
    same = "Lowering systolic pressure left symptomatic intracranial haemorrhage much the same."
    assert _cue(index, same) is None
    doubled = "Lowering systolic pressure doubled symptomatic intracranial haemorrhage within three days."
    cue = _cue(index, doubled)
    assert cue is not None and cue.kind == "number" and cue.sentence == 2


def test_a_sentence_stating_no_way_and_leaving_out_the_units_figure_cannot_contradict_it() -> None:
    # round 18: "Nearly half of US residents (45%) reported symptoms of burnout" against the conclusion
    evidence = (
        "Results: Symptoms of burnout were reported by 45.2% of residents. "
        "Conclusions: Nearly half of residents report burnout, with wide variation by specialty."
    )
    assert _focus(evidence, "Nearly half of US residents (45%) reported symptoms of burnout.")[1] == 0.0
    # a figure the evidence does not state is left to the encoder
    assert _focus(evidence, "Nearly half of US residents (35%) reported symptoms of burnout.")[1] > 0.0
    # nor a sentence that states a rival of the figure it leaves out
    dosing = "Methods: Patients received pembrolizumab 200 mg or placebo every 3 weeks for up to 17 cycles."
    assert _focus(dosing, "Patients received pembrolizumab 200 mg every 3 weeks for up to 35 cycles.")[0] > 0.0


def test_a_number_of_another_thing_is_no_rival_of_the_figure_a_sentence_leaves_out() -> None:
    # round 19: the methods state the hours and the hospitals, the results the patients (P(C) 0.72 on the methods)
    evidence = (
        "Methods: In this placebo-controlled trial at 14 hospitals, adults with major trauma who could be treated "
        "within 3 hours of injury were randomised to tranexamic acid or placebo. "
        "Results: A total of 2,412 patients were randomised."
    )
    unit = "In this placebo-controlled trial of 2,412 bleeding trauma patients treated within three hours of injury,"
    assert _focus(evidence, unit)[0] == 0.0
    # "two orthopaedic centres, adults": what a number counts ends at the comma
    centres = (
        "Methods: In this trial at two orthopaedic centres, adults with knee osteoarthritis who were eligible for knee "
        "replacement were assigned to surgery or physiotherapy. Results: 140 patients were randomised."
    )
    unit = "Population: 140 adults with knee osteoarthritis who were eligible for knee replacement."
    assert _focus(centres, unit)[0] == 0.0
    # a number of the same thing stays a rival: "17 cycles" for "35 cycles"
    dosing = "Methods: Patients received pembrolizumab 200 mg every 3 weeks for up to 17 cycles. Results: 35 cycles."
    assert _focus(dosing, "Patients received pembrolizumab 200 mg every 3 weeks for up to 35 cycles.")[0] > 0.0


FIT_EVIDENCE = (
    "Objective: To estimate the sensitivity of a faecal immunochemical test (FIT) for colorectal neoplasia. "
    "Results: FIT detected 48 of the 65 cancers (sensitivity 73.8%). "
    "Conclusions: A single FIT detected about three quarters of colorectal cancers."
)


def test_a_sentence_using_an_abbreviation_is_aligned_with_a_unit_spelling_it_out() -> None:
    index = _index(FIT_EVIDENCE)
    unit = "a single faecal immunochemical test detected about nine in ten colorectal cancers"
    # "FIT" stands for the words the unit spells out, so the conclusion is the sentence the unit is about
    assert int(index.alignment(unit).argmax()) == 2
    cue = _cue(index, unit)
    assert cue is not None and cue.kind == "number" and cue.sentence == 2
    assert [(a.text, b.text) for a, b in cue.conflicts] == [("nine in ten", "three quarters")]
    faithful = "a single faecal immunochemical test detected about three in four colorectal cancers"
    assert _cue(index, faithful) is None
    # and the other way round: a unit using the abbreviation is aligned with a sentence spelling it out
    spelled = _index("The faecal immunochemical test (FIT) was offered. A faecal immunochemical test found cancers.")
    assert spelled.alignment("FIT found cancers.")[1] == pytest.approx(1.0)


def test_an_outcome_definition_contradicts_only_a_unit_saying_what_was_measured() -> None:
    evidence = (
        "Methods: We enrolled 2,825 adults with chest pain. "
        "The primary outcome was myocardial infarction or cardiac death within 30 days. "
        "Results: No patient meeting the rule-out criteria died of cardiac causes within 30 days."
    )
    index = _index(evidence)
    spans = split_sentences(evidence)
    window = [window_of(evidence, spans, 1, 2, (1,))]
    everywhere = np.ones(len(spans))
    # a result, which a definition does not report
    assert contradiction_focus(index, "and none died of cardiac causes.", everywhere, window, 0.6)[0] == 0.0
    # what was measured: the definition may decide it
    unit = "The primary outcome was death within 90 days."
    assert contradiction_focus(index, unit, everywhere, window, 0.6)[0] == 1.0


def test_the_sentence_a_cue_reads_restates_nothing() -> None:
    evidence = (
        "Methods: Adults were randomly assigned to intensive or standard glucose control. "
        "Severe hypoglycaemia occurred only in the intensive-treatment group (2.6%)."
    )
    index = _index(evidence)
    windows = _sentence_windows(evidence)
    unit = "Severe low blood sugar occurred in both groups."
    by_sentence = index.alignment(unit)
    cue = contradiction_cue(index, unit, by_sentence, 0.6)
    assert cue is not None and cue.kind == "null_finding" and cue.sentence == 1
    # every word of the unit is in the sentence, which says "only in" where the unit says "in both"
    assert restating_window(index, unit, by_sentence, windows).tolist() == [False, True]
    assert restating_window(index, unit, by_sentence, windows, cue).tolist() == [False, False]


def test_round_14_cues_name_their_sentence() -> None:
    """A measure given another's figure, an item called the most common that a list ranks lower, and no effect
    where an interval shows one: each contradicted by the sentence that says otherwise, through its cue kind."""
    evidence = (
        "Methods: We retrospectively reviewed 214 women who underwent pelvic MRI. "
        "MRI had a sensitivity of 88% (95% CI 78 to 95) and a specificity of 94% (95% CI 89 to 97). "
        "The most common findings were nodules (52%), cysts (38%) and adhesions (21%). "
        "Pain scores were lower after surgery (mean difference -1.9, 95% CI -2.6 to -1.2)."
    )
    index = _index(evidence)

    def fired(unit: str) -> tuple[str, int] | None:
        cue = _cue(index, unit)
        return None if cue is None else (cue.kind, cue.sentence)

    assert fired("MRI had a sensitivity of 94%.") == ("number", 1)
    assert fired("Cysts were the most common finding.") == ("reversed_comparison", 2)
    assert fired("Surgery had no effect on pain scores.") == ("null_finding", 3)
    assert fired("In this prospective study, MRI was accurate.") == ("design", 0)
    for faithful in (
        "MRI had a sensitivity of 88%.",
        "Nodules were the most common finding.",
        "Pain scores were lower after surgery.",
        "In this retrospective study, MRI was accurate.",
    ):
        assert fired(faithful) is None, faithful
    # the evidence also reports a null finding about all the unit names: no effect where an interval shows one is
    # then another stratum's, and the unit is left to the encoder
    both = evidence + " Pain scores at one year did not differ."
    index = _index(both)
    unit = "Surgery had no effect on pain scores."
    assert _cue(index, unit) is None


def test_a_sentence_turning_both_the_direction_and_a_condition_cannot_contradict_a_unit() -> None:
    evidence = (
        "Fever occurred in 8% of infants and was more frequent when paracetamol was not given prophylactically "
        "(13% vs 4%). No seizures were reported."
    )
    assert _focus(evidence, "High fever was less frequent when paracetamol was given prophylactically.")[0] == 0.0
    assert _focus(evidence, "High fever was more frequent when paracetamol was given prophylactically.")[0] > 0.0


def test_a_sentence_saying_the_unit_but_for_how_much_or_how_long_cannot_contradict_it() -> None:
    evidence = "Blood glucose 4 hours after surgery was higher with dexamethasone (7.8 vs 6.4 mmol/L)."
    assert _focus(evidence, "Blood glucose was transiently higher with dexamethasone.")[0] == 0.0
    assert _focus(evidence, "Blood glucose was slightly higher with dexamethasone.")[0] == 0.0
    assert _focus(evidence, "Blood glucose was transiently lower with dexamethasone.")[0] > 0.0


def test_a_finding_going_the_units_way_in_other_words_cannot_contradict_it() -> None:
    evidence = (
        "Conclusions: Adding dexamethasone to ondansetron reduced nausea and vomiting after laparoscopic "
        "cholecystectomy, at the cost of a transient rise in blood glucose."
    )
    assert _focus(evidence, "Blood glucose was transiently higher with dexamethasone.")[0] == 0.0
    # the other way, or the way of the other finding ("reduced" is about nausea), may still contradict
    assert _focus(evidence, "Blood glucose was transiently lower with dexamethasone.")[0] > 0.0


def test_a_null_finding_in_other_words_is_read_against_its_sentence_even_when_the_window_budget_left_it_out() -> None:
    # "Deaths from all causes" shares one word with "Overall mortality did not differ" and more with the screening
    # sentences: the restating sentence is read alone and is the pointer, not the closest stretch of evidence
    evidence = (
        "Methods: Current or former smokers were assigned to low-dose CT screening or no screening. "
        "Results: Lung cancer mortality was 24% lower in the screening group (rate ratio 0.76, 95% CI 0.61 to 0.94). "
        "Overall mortality did not differ between groups. Of the cancers detected by screening, 59% were stage I."
    )
    verifier = RuleVerifier()
    detector = DecomposedDetector(verifier, units="sentence", max_windows=1)
    index = _index(evidence)
    unit = "Deaths from all causes were not reduced by screening."
    assert deciding_sentences(index, unit, None) == [2]
    result = detector.detect(CheckItem(evidence, unit))
    (checked,) = result.units
    assert checked.cues is not None and checked.cues["restated"] is True
    assert ("Overall mortality did not differ between groups.", unit) in verifier.calls[0]
    # and a kind of death is not what "overall mortality" denies: no null-finding cue on lung cancer deaths
    faithful = "Screening lowered lung cancer deaths by about a quarter."
    cue = _cue(index, faithful)
    assert cue is None or cue.kind != "null_finding"
    wrong = "Screening also reduced deaths from all causes."
    cue = _cue(index, wrong)
    assert cue is not None and cue.kind == "null_finding" and cue.sentence == 2


def test_round_15_cues_name_their_sentence() -> None:
    """Overall survival given progression-free survival's figures, an absence the evidence says happened, "twice as
    frequent" against one figure in each group and "most" against the evidence's "few": each contradicted by the
    sentence that says otherwise; their faithful twins by none."""
    evidence = (
        "Methods: Patients with melanoma were assigned to relatlimab plus nivolumab or nivolumab alone. "
        "Results: Median progression-free survival was 10.1 months and 4.6 months, respectively. "
        "Serious adverse events occurred in 3% of patients. "
        "Symptomatic intracranial haemorrhage occurred in 2% of patients in each group. "
        "Few patients had used the hospital's counselling service."
    )
    index = _index(evidence)

    def fired(unit: str) -> tuple[str, int] | None:
        cue = _cue(index, unit)
        return None if cue is None else (cue.kind, cue.sentence)

    assert fired("Median overall survival was 10.1 months and 4.6 months.") == ("number", 1)
    assert fired("No serious adverse events occurred.") == ("null_finding", 2)
    assert fired("Symptomatic intracranial haemorrhage was twice as frequent with relatlimab.") == ("number", 3)
    assert fired("Most patients had used the hospital's counselling service.") == ("number", 4)
    for faithful in (
        "Median progression-free survival was 10.1 months and 4.6 months.",
        "Serious adverse events occurred in 3% of patients.",
        "Symptomatic intracranial haemorrhage was equally frequent in the two groups.",
        "Few patients had used the hospital's counselling service.",
    ):
        assert fired(faithful) is None, faithful


def test_a_grade_level_the_review_never_gives_is_a_changed_figure() -> None:
    evidence = (
        "Methods: We pooled randomised trials of probiotics in children given antibiotics. "
        "Results: Diarrhoea occurred in 8% and 19% (risk ratio 0.45; moderate-certainty evidence)."
    )
    index = _index(evidence)
    unit = "The evidence that probiotics prevent diarrhoea was of high certainty."
    cue = _cue(index, unit)
    assert cue is not None and cue.kind == "number" and cue.sentence == 1
    faithful = "The evidence that probiotics prevent diarrhoea was of moderate certainty."
    assert _cue(index, faithful) is None


def test_a_share_or_factor_in_words_another_sentence_aligned_as_well_allows_is_not_contradicted() -> None:
    # two sentences name appendicitis: 38% of all children, 16% of those whose appendix was not seen
    evidence = (
        "Results: Appendicitis was confirmed in 194 children (38%). The appendix could not be visualised in 61 "
        "children (12%); in these children, the rate of appendicitis was 16%."
    )
    index = _index(evidence)
    faithful = "Even then, about one in six of those children turned out to have appendicitis."
    assert _cue(index, faithful) is None
    wrong = "Even then, most of those children turned out to have appendicitis."
    cue = _cue(index, wrong)
    assert cue is not None and cue.kind == "number"
    # adverse events 35% vs 30%, misuse 20% vs 10%: "twice as common" is misuse's factor, "five times" no one's
    evidence = (
        "Adverse events were reported by 35% of the opioid group and 30% of the placebo group. "
        "At 52 weeks, the risk of misuse was higher in the opioid group (20% vs 10%; p=0.049)."
    )
    index = _index(evidence)
    faithful = "After a year, opioid misuse was twice as common in the opioid group."
    assert _cue(index, faithful) is None
    wrong = "After a year, opioid misuse was five times as common in the opioid group."
    cue = _cue(index, wrong)
    assert cue is not None and [a.text for a, _ in cue.conflicts] == ["five times as"]


def test_a_share_in_words_of_a_clause_cut_from_its_subject_is_not_read_against_a_sentence_of_another() -> None:
    # round 26: "The main downside was dyskinesia, | seen in about one in six on opicapone," was read against
    # diarrhoea's "1% on opicapone" (the clause shares only the drug with any sentence); dyskinesia's 16% allows it
    evidence = (
        "Safety: Dyskinesia was the most frequent adverse event (opicapone 16%, entacapone 8%, placebo 4%). "
        "Diarrhoea occurred in 4% on entacapone and 1% on opicapone."
    )
    index = _index(evidence)
    assert _cue(index, "seen in about one in six on opicapone,") is None
    # "about one in eight compared with roughly one in six on saline", cut from "Fewer needed new dialysis": the
    # sentence stating 12.4% vs 15.7% shares none of its words, and still tells it
    evidence = (
        "Primary outcome: 90-day all-cause mortality was 31.8% with balanced crystalloid vs 33.9% with saline. "
        "New renal replacement therapy (RRT) was required in 12.4% vs 15.7% (OR 0.76)."
    )
    index = _index(evidence)
    assert _cue(index, "about one in eight compared with roughly one in six on saline.") is None
    wrong = _cue(index, "About one in eight died by 90 days compared with roughly one in six on saline.")
    assert wrong is not None and wrong.kind == "number"


def test_a_sentence_going_the_units_way_without_a_figure_stated_elsewhere_cannot_contradict_it() -> None:
    evidence = (
        "The primary end point occurred in 5.5% of the colchicine group and 7.1% of the placebo group (hazard ratio "
        "0.77; 95% CI 0.61 to 0.96). Conclusions: Colchicine led to a significantly lower risk of ischaemic "
        "cardiovascular events than placebo."
    )
    faithful = "Colchicine reduced ischaemic cardiovascular events by about 23% compared with placebo."
    assert _focus(evidence, faithful)[1] == 0.0
    # a figure stated nowhere, or the other way, leaves the conclusion free to contradict the unit
    nowhere = "Colchicine reduced ischaemic cardiovascular events by about 53% compared with placebo."
    other_way = "Colchicine increased ischaemic cardiovascular events by 23% compared with placebo."
    assert _focus(evidence, nowhere)[1] > 0.0
    assert _focus(evidence, other_way)[1] > 0.0


def test_halved_is_read_against_a_hazard_ratio_for_death() -> None:
    evidence = (
        "Five-year overall survival was 88% in the osimertinib group and 78% in the placebo group (hazard ratio for "
        "death 0.49; 95% CI 0.33 to 0.73)."
    )
    index = _index(evidence)
    faithful = "The risk of death was roughly halved."
    assert _cue(index, faithful) is None


def test_whom_a_trial_enrolled_cannot_contradict_what_it_found() -> None:
    evidence = (
        "Methods: 12,721 people aged 70 years or older without atrial fibrillation were randomly assigned to "
        "screening or usual care. Atrial fibrillation was newly detected in 5.4% of the screening group and 3.2% of "
        "the control group."
    )
    finding = "Screening found more atrial fibrillation than usual care (5.4% vs 3.2%)."
    assert _focus(evidence, finding)[0] == 0.0
    # a unit about the design may still be contradicted by it
    assert _focus(evidence, "People aged 70 years or older with atrial fibrillation were randomly assigned.")[0] > 0.0


def test_the_part_of_a_two_finding_sentence_about_the_unit_decides_its_way() -> None:
    evidence = (
        "Background: Dual antiplatelet therapy after minor stroke reduces recurrence but increases bleeding. "
        "Methods: In this trial, 4,881 patients with minor ischaemic stroke or high-risk transient ischaemic "
        "attack were randomly assigned within 12 hours to clopidogrel (600 mg loading dose, then 75 mg per "
        "day) plus aspirin (50 to 325 mg per day) or aspirin alone. The primary efficacy outcome was a "
        "composite of ischaemic stroke, myocardial infarction or death from an ischaemic vascular event at 90"
        " days. Results: Major ischaemic events occurred in 5.0% of patients receiving clopidogrel-aspirin "
        "and in 6.5% of those receiving aspirin alone (hazard ratio 0.75; 95% CI 0.59 to 0.95; p=0.02), with "
        "most events occurring during the first week. Major haemorrhage occurred in 0.9% and 0.4%, "
        "respectively (hazard ratio 2.32; 95% CI 1.10 to 4.87). Conclusions: In patients with minor ischaemic"
        " stroke or high-risk TIA, those who received a combination of clopidogrel and aspirin had a lower "
        "risk of major ischaemic events but a higher risk of major haemorrhage at 90 days than those who "
        "received aspirin alone."
    )
    # the conclusion "a lower risk of major ischaemic events but a higher risk of major haemorrhage" (P(C) 0.85)
    faithful = "adding clopidogrel to aspirin lowered major ischaemic events at 90 days from 6.5% to 5.0%,"
    assert _focus(evidence, faithful)[5] == 0.0
    # a figure stated nowhere leaves it free to contradict the unit
    assert _focus(evidence, faithful.replace("5.0%", "3.0%"))[5] > 0.6


def test_a_bound_the_sentences_figure_meets_cannot_be_contradicted_by_it() -> None:
    # round 18: "In over 150,000 women who had taken alendronate for at least three years" against the methods
    evidence = (
        "Methods: Cohort study of 156,236 women aged 50 or older who had taken alendronate for at least 3 years. "
        "Results: Hip fracture occurred at 11.5 per 1,000 person-years among women who stopped."
    )
    assert _focus(evidence, "In over 150,000 women who had taken alendronate for at least three years,")[0] == 0.0
    # a bound the figure does not meet is left to the encoder
    assert _focus(evidence, "In over 200,000 women who had taken alendronate for at least three years,")[0] > 0.0


def test_a_call_for_research_cannot_be_contradicted_by_another_call() -> None:
    # round 19: the encoder read "to tell whether infections fall" against "to assess the effect on infection rates"
    evidence = (
        "Results: There were 31 catheter-associated infections before and 14 after the protocol (IRR 0.63, 95% CI "
        "0.33-1.18). Conclusions: The reduction in infections was not statistically significant, and larger studies "
        "are needed to tell whether infection rates fall."
    )
    assert _focus(evidence, "Larger studies are needed to tell whether infections fall.")[1] == 0.0
    assert _focus(evidence, "Larger studies showed whether infection rates fall.")[1] > 0.0


def test_a_claimed_significant_effect_fires_the_null_finding_cue_against_its_intervals() -> None:
    # round 19: the interval of the risk difference holds no effect; the unit says "significantly reduced"
    evidence = (
        "Methods: 2,032 adults were randomised to early or later anticoagulation. Results: The primary outcome "
        "occurred in 29 of 1,006 participants (2.9%) in the early group and 41 of 1,026 (4.1%) in the later group "
        "(risk difference -1.18 percentage points, 95% CI -2.84 to 0.47)."
    )
    index = _index(evidence)
    cue = _cue(index, "Starting early significantly reduced the primary outcome (2.9% vs 4.1%).")
    assert cue is not None and cue.kind == "null_finding" and cue.sentence == 1
    assert _cue(index, "Starting early did not significantly reduce the primary outcome (2.9% vs 4.1%).") is None


def test_a_sentence_about_other_figures_cannot_contradict_a_unit_another_sentence_states_the_figures_of() -> None:
    # round 20: a subgroup's "median PFS was 10.9 versus 8.2 months", the clause naming the subgroup cut off, read by
    # the encoder against the overall "22.1 versus 11.3 months" (P(C) 0.79)
    evidence = (
        "Median PFS was 22.1 months with toraparib versus 11.3 months with placebo (HR 0.49). "
        "In homologous recombination-proficient tumors, median PFS was 10.9 versus 8.2 months (HR 0.82)."
    )
    assert _focus(evidence, "median PFS was 10.9 months with toraparib versus 8.2 months with placebo,")[0] == 0.0
    # figures no sentence states together leave the overall sentence to the encoder
    assert _focus(evidence, "median PFS was 14.9 months with toraparib versus 8.2 months with placebo,")[0] > 0.6
    # a time point and a schedule are no figures a sentence states together through "5 fractions over 1 week"
    # (cp_020's hallucinated half: the first version let the methods take the unit from the null finding)
    trial = (
        "Methods: Women were assigned to 40 Gy in 15 fractions over 3 weeks or 26 Gy in 5 fractions over 1 week. "
        "Breast hardening at 5 years did not differ significantly between schedules (10.6% versus 11.9%; p = 0.31)."
    )
    worse = "Breast hardening at five years was significantly worse with the one-week schedule."
    assert _focus(trial, worse)[1] > 0.6


def test_a_factor_in_words_is_read_against_the_sentence_stating_the_units_figures_of_any_kind() -> None:
    # round 20: "more than doubled the median time before the cancer grew (4.6 vs 1.9 months)" was read against
    # "time to deterioration in quality of life was similar (HR 0.93)", which names "time" too
    evidence = (
        "Median progression-free survival was 4.6 versus 1.9 months (HR 0.48). "
        "Time to deterioration in quality of life was similar (HR 0.93, 95% CI 0.71-1.22)."
    )
    index = _index(evidence)
    assert _cue(index, "and more than doubled the median time before the cancer grew (4.6 vs 1.9 months).") is None
    cue = _cue(index, "and halved the time to deterioration in quality of life.")
    assert cue is not None and cue.kind == "number" and cue.sentence == 1


def test_a_claimed_significance_is_read_with_the_rest_of_a_list_the_clause_split_cut_off() -> None:
    # round 20 (an abstract of my own): "significantly lowered the combined rate of cardiovascular death," whose
    # figures and interval follow in "stroke or heart-failure admission (23.4% vs 27.7%; ...)" was `unsupported`
    from medhal.detect.unit_cues import unit_cues
    from medhal.detect.units import Unit, continued
    from medhal.text.clauses import split_clauses

    evidence = (
        "Results: The primary outcome occurred in 141 of 602 patients (23.4%) in the early-rhythm-control group and "
        "in 167 of 602 (27.7%) in the usual-care group (hazard ratio 0.83; 95% CI 0.66 to 1.04; P=0.11)."
    )
    index = _index(evidence)
    for claim, fires in (("significantly lowered", True), ("did not significantly lower", False)):
        response = (
            f"Starting rhythm control early {claim} the combined rate of cardiovascular death, stroke or heart-failure "
            "admission (23.4% vs 27.7%; hazard ratio 0.83, 95% CI 0.66 to 1.04)."
        )
        units = [Unit.of_span(s) for s in split_clauses(response)]
        assert len(units) == 2 and continued(units, 0, response) == f"{units[0].text} {units[1].text}"
        assert continued(units, 1, response) is None
        cues = unit_cues(index, units, response, [index.alignment(u.text) for u in units], 0.6)
        assert (cues[0] is not None and cues[0].kind == "null_finding") is fires
    # a next clause with a predicate of its own is another claim, not the rest of the list
    response = "Early rhythm control significantly lowered death, and strokes were fewer (23.4% vs 27.7%)."
    units = [Unit.of_span(s) for s in split_clauses(response)]
    assert continued(units, 0, response) is None


def test_an_effect_whose_ratio_the_evidence_shows_is_not_denied_by_a_null_finding_about_another_measure() -> None:
    # round 21: "the fall rate was about a third lower than with usual care (incidence rate ratio 0.64)" against
    # "The proportion of participants with at least one fall ... a difference that was not statistically significant"
    evidence = (
        "Over 12 months the fall rate was 0.91 versus 1.42 per person-year (incidence rate ratio 0.64, 95% CI 0.50 "
        "to 0.82). The proportion of participants with at least one fall was 44% versus 53% (risk ratio 0.83, 95% CI "
        "0.68 to 1.01), a difference that was not statistically significant."
    )
    index = _index(evidence)
    assert _cue(index, "The programme reduced falls: the fall rate was lower (incidence rate ratio 0.64).") is None
    cue = _cue(index, "The programme significantly reduced the proportion of participants with at least one fall.")
    assert cue is not None and cue.kind == "null_finding"


def test_points_written_bare_in_the_sentence_stating_them_are_told_together() -> None:
    # round 21: "a 1.2-point difference that was not statistically significant (p = 0.19)" was read against a
    # subgroup's "-3.4 points" (P(C) 0.71); the results give it as "mean difference -1.2 ... p = 0.19"
    evidence = (
        "HAM-D scores fell by 8.1 and 6.9 points (mean difference -1.2, 95% CI -3.0 to 0.6; p = 0.19). "
        "With a raised CRP, the mean difference in HAM-D scores was 3.4 points, which was statistically significant."
    )
    unit = "the mean difference in HAM-D scores, 1.2 points, was not statistically significant (p = 0.19)."
    assert _focus(evidence, unit) == [0.0, 0.0]


def test_round_22_faithful_units_are_not_contradicted_and_their_wrong_twins_still_are() -> None:
    # "no vasculitis or thrombotic microangiopathy" negates both (was: 'thrombotic' asserted, then denied)
    biopsy = _index("Arteries show mild intimal fibrosis; there is no vasculitis and no thrombotic microangiopathy.")
    assert _cue(biopsy, "and there was no vasculitis or thrombotic microangiopathy.") is None
    cue = _cue(biopsy, "There was thrombotic microangiopathy and no vasculitis.")
    assert cue is not None and cue.kind == "denied"
    # "the lower dose ... 125 mg twice a day" names an arm and a frequency, not an effect
    trek = _index(
        "Two trekkers in the placebo group developed high-altitude cerebral edema; no cases occurred in either "
        "acetazolamide group. The recommended dose is 125 mg twice daily."
    )
    assert _cue(trek, "The lower dose is the one to use: acetazolamide 125 mg twice a day,") is None
    cue = _cue(trek, "Acetazolamide caused high-altitude cerebral edema in two trekkers.")
    assert cue is not None and cue.kind == "null_finding"
    # an answer's question asserts nothing
    schedule = _index("The series should not be started for infants aged 15 weeks 0 days or older.")
    assert _cue(schedule, "Can she still start the series?") is None
    assert _focus(
        "The series should not be started for infants aged 15 weeks 0 days or older.", "Can she start it?"
    ) == [0.0]


def test_round_23_cues_fire_on_wrong_clauses_and_stay_silent_on_their_faithful_twins() -> None:
    # a clause that claims significance without an effect verb of its own, against the part of the sentence whose
    # interval holds no effect (the next part's interval leaves it out)
    slope = (
        "Methods: Adults were randomised to rovasentan or irbesartan. Results: Total eGFR slope was -2.9 vs -3.9 "
        "mL/min/1.73m2 per year (difference 1.0; 95% CI -0.03 to 1.97; p=0.058), missing statistical significance; "
        "chronic slope from week 6 favoured rovasentan (difference 1.1; 95% CI 0.07 to 2.12)."
    )
    index = _index(slope)
    cue = _cue(index, "2.9 vs 3.9 mL/min/1.73m2 a year, was clearly statistically significant.")
    assert cue is not None and cue.kind == "null_finding" and cue.sentence == 1
    assert _cue(index, "2.9 vs 3.9 mL/min/1.73m2 a year, fell just short of statistical significance.") is None
    # an effect where the figures show none; a count moved to the other arm
    trial = (
        "Methods: Adults were randomised to iron or placebo. Results: Transfusion or death occurred in 27.6% in the "
        "iron group and 28.3% in the placebo group (risk ratio, 0.98; 95% CI, 0.68 to 1.43; p=0.93). Two "
        "participants receiving iron developed a rash, which resolved."
    )
    index = _index(trial)
    cue = _cue(index, "Iron lowered the chance of needing a transfusion or dying.")
    assert cue is not None and cue.kind == "null_finding" and cue.sentence == 1
    assert _cue(index, "Iron did not lower the chance of needing a transfusion or dying.") is None
    cue = _cue(index, "Two people on placebo developed a rash.")
    assert cue is not None and cue.kind == "reversed_comparison" and cue.sentence == 2
    assert _cue(index, "Two people on iron developed a rash.") is None
    # a null finding joined to an absence by "and no": each its own finding
    review = "Daytime sleepiness did not differ between groups, and no study reported falls linked to melatonin."
    cue = _cue(_index(review), "Daytime drowsiness was more common with melatonin.")
    assert cue is not None and cue.kind == "null_finding"
    assert _cue(_index(review), "Daytime drowsiness was no more common with melatonin.") is None


def test_an_exclusion_sentence_says_nothing_against_what_the_enrolled_had() -> None:
    evidence = (
        "Adults with bacteraemia who were stable for 48 hours were randomised to 7 or 14 days of antibiotics. "
        "Patients with an uncontrolled source or neutropenia were excluded."
    )
    assert _cue(_index(evidence), "Stable patients with a controlled source were randomised.") is None
    trial = "Adults with uncomplicated appendicitis were randomised to antibiotics or surgery."
    cue = _cue(_index(trial), "In adults with complicated appendicitis, antibiotics were tried.")
    assert cue is not None and cue.kind == "denied"


def test_round_32_a_clause_that_says_the_unit_its_way_or_a_sentence_read_spelled_out_cannot_contradict() -> None:
    # a sentence of two clauses going opposite ways: the one holding the unit's words goes its way
    evidence = (
        "On a 10-point scale, hunger before the procedure was lower with the low-residue diet (3.1 vs 5.4; p<0.001), "
        "and more patients were willing to repeat the same preparation (86.1% vs 71.2%; p<0.001)."
    )
    assert _focus(evidence, "People on the low-residue diet were less hungry")[0] == 0.0
    assert _focus(evidence, "People on the low-residue diet were more hungry")[0] > 0.0
    # "CEA patients" are carotid endarterectomy patients, whatever the encoder reads of the abbreviation
    evidence = (
        "We compared carotid endarterectomy (CEA) with carotid artery stenting (CAS) in 2,146 patients. Cranial "
        "nerve injury occurred in 3.8% of CEA patients; no patient in the CAS group had a cranial nerve injury. "
        "Stroke or death within 30 days occurred in 4.1% after CAS and 2.7% after CEA."
    )
    assert _focus(evidence, "About 3.8% of endarterectomy patients had a cranial nerve injury,")[1] == 0.0  # was 0.77
    # a clause whose verb stands for the clause before's says nothing an encoder could read alone
    assert _focus(evidence, "whereas no stented patient did.") == [0.0, 0.0, 0.0]


def test_round_33_a_hedged_figure_stated_elsewhere_left_out_of_the_methods_sentence() -> None:
    evidence = (
        "Methods: Children aged 9 months to 15 years were randomised 1:1 to one dose of SalVax-TCV or a hepatitis A "
        "vaccine. Results: 20,412 children were enrolled."
    )
    unit = "just over 20,000 children aged 9 months to 15 years were randomised to SalVax-TCV or a hepatitis A vaccine."
    assert _focus(evidence, unit)[0] == 0.0


def test_a_definition_of_endpoints_reports_no_null_finding_to_contradict_a_result() -> None:
    # round 35: "... without worsening of fibrosis" in the endpoints' definition "contradicted" a faithful result
    evidence = (
        "The two primary endpoints at week 52 were MASH resolution without worsening of fibrosis and improvement in "
        "fibrosis by at least one stage. Fibrosis improvement occurred in 23.6% and 13.9% of patients."
    )
    index = _index(evidence)
    assert index.findings[0] == ()
    assert _cue(index, "and fibrosis improved by at least one stage in about a quarter versus 14%.") is None


def test_an_association_turned_around_is_contradicted_by_the_sentence_that_states_it() -> None:
    evidence = "We studied 600 children. Lead exposure is associated with lower cognitive scores."
    index = _index(evidence)
    cue = _cue(index, "Higher blood lead was linked to higher IQ scores,")
    assert cue is not None and cue.kind == "reversed_comparison" and cue.sentence == 1
    assert _cue(index, "Higher blood lead was linked to lower IQ scores,") is None


def test_a_subgroup_result_the_evidence_never_reports_is_unsupported_and_flags_its_answer() -> None:
    # rounds 34-35: the commonest invented content, "supported" by the sentence of the overall result
    evidence = (
        "Methods: 2,499 adults after myocardial infarction were randomly assigned to a polypill or usual care. "
        "Results: The polypill lowered major cardiovascular events (hazard ratio 0.76, 95% CI 0.60 to 0.96)."
    )
    detector = DecomposedDetector(RuleVerifier(), units="sentence")
    result = detector.detect(CheckItem(evidence, "The polypill lowered events, and the benefit was largest in women."))
    (unit,) = result.units
    assert unit.verdict != "supported" and unit.cues is not None
    assert unit.cues["unreported_subgroup"] == "women"
    assert result.flagged and unit.suspicion >= detector.threshold
    assert 'The evidence reports no result for this subgroup: "women".' in describe(unit.cues)
    faithful = detector.detect(CheckItem(evidence, "The polypill lowered major cardiovascular events."))
    assert faithful.units[0].cues is not None and faithful.units[0].cues["unreported_subgroup"] is None


def test_the_finding_that_states_the_units_figures_is_the_one_read_for_a_denial() -> None:
    # round 36: the other finding's "did not differ" was read as denying "they were less common" (P(C) 0.66)
    evidence = (
        "We compared dose escalation with usual care. Flares during months 0-6 did not differ (39.4% vs 36.5%; "
        "p=0.59), whereas flares during months 6-12 were less frequent with escalation (17.5% vs 31.4%; OR 0.46)."
    )
    assert _focus(evidence, "and in the second six months they were less common (17.5% versus 31.4%).")[1] == 0.0
    assert _focus(evidence, "and in the second six months they were more common (17.5% versus 31.4%).")[1] > 0.0


def test_a_comparison_told_of_they_against_a_named_arm_is_read_for_the_other_arm() -> None:
    # round 36: "they had a lower BMI z-score than the placebo group" where the metformin group's was higher;
    # the abbreviation is spelled out before the measure is matched, "mean" frames it
    evidence = (
        "Women were randomised to metformin or placebo. Methods: 502 women were assigned to metformin 1000 mg twice "
        "daily or placebo. Body mass index (BMI) z-score was measured at 24 months. At 24 months, mean BMI z-score "
        "was higher in the metformin group (0.71 vs 0.43; p=0.018)."
    )
    index = _index(evidence)
    assert index.arms == ("metformin", "placebo")
    cue = _cue(index, "By age two, however, they had a lower body mass index z-score than the placebo group.")
    assert cue is not None and cue.kind == "reversed_comparison" and cue.sentence == 3
    assert _cue(index, "By age two, however, they had a higher body mass index z-score than the placebo group.") is None


def test_a_clause_stating_the_units_figures_is_read_without_the_denial_in_the_clause_after_it() -> None:
    # round 34: "and there were no procedure-related deaths" denies nothing "very few people (0.3%) underwent an
    # invasive procedure for what turned out to be benign disease" says (P(C) 0.68 from the encoder)
    evidence = (
        "Invasive procedures for benign disease were performed in 14 participants (0.3%), and there were no "
        "procedure-related deaths."
    )
    index = _index(evidence)
    windows = _sentence_windows(evidence)
    faithful = "and very few people (0.3%) underwent an invasive procedure for what turned out to be benign disease."
    assert contradiction_focus(index, faithful, index.alignment(faithful), windows, 0.6).tolist() == [0.0]
    # the other clause is about deaths, as a unit saying people died is: the two differ in more than their figures
    assert _only_figures_differ(faithful, evidence)
    assert not _only_figures_differ(
        "Very few people (0.3%) died after an invasive procedure for benign disease.", evidence
    )


def test_a_factor_another_sentence_naming_the_subject_states_is_not_contradicted() -> None:
    # round 42: "In people with oesophageal or stomach cancer, | however, major bleeding was about three times as
    # frequent with rivaroxaban." had its factor read against the overall HR of 1.44 (the clause does not say whom)
    evidence = (
        "Major bleeding occurred in 16 (5.3%) and 11 (3.7%) patients, respectively (HR 1.44, 95% CI 0.67-3.10). "
        "Among the 102 patients with oesophageal or gastric cancer, major bleeding occurred in 11.8% of those given "
        "rivaroxaban and 3.9% of those given dalteparin."
    )
    index = _index(evidence)
    assert _cue(index, "however, major bleeding was about three times as frequent with rivaroxaban.") is None
    wrong = _cue(index, "however, major bleeding was about ten times as frequent with rivaroxaban.")
    assert wrong is not None and wrong.kind == "number"


def test_round_44_faithful_clauses_fire_no_contradicting_cue() -> None:
    # each was contradicted by a cue in round 44 (written after the rules of rounds 23-43)
    surveillance = _index("An AAA was detected in 532 men. No ruptures occurred among men under surveillance.")
    assert _cue(surveillance, "None of the men under surveillance had a rupture.") is None
    assert _cue(surveillance, "Men under surveillance had a rupture.") is not None
    doses = _index(
        "Both doses reduced monthly migraine days more than placebo (p<0.001 each). "
        "The 70 mg and 140 mg doses did not differ significantly (p=0.52)."
    )
    assert _cue(doses, "The two higher doses cut migraine days significantly more than placebo,") is None
    ketamine = _index(
        "Response occurred in 54% with ketamine and 41% with ECT. ECT was associated with a decline in delayed "
        "recall of 9.1 points versus 0.7 points with ketamine (p<0.001)."
    )
    assert _cue(ketamine, "Ketamine was at least as effective as ECT,") is None
    stroke = _index(
        "A favourable outcome occurred in 192 of 310 patients (61.9%) versus 185 of 310 (59.7%) (adjusted odds "
        "ratio 1.10, 95% CI 0.79-1.53; p=0.57). In the prespecified subgroup with NIHSS above 16, a favourable "
        "outcome was less frequent with early mobilisation (22% vs 31%), although the test for interaction was not "
        "significant (p=0.21)."
    )
    assert _cue(stroke, "fewer early-mobilised patients had a favourable outcome (22% vs 31%),") is None
    fired = _cue(stroke, "fewer early-mobilised patients had a favourable outcome,")
    assert fired is not None and fired.kind == "null_finding"  # the overall null finding, with no figures told apart
    bacteraemia = _index(
        "The primary outcome occurred in 43 patients (14.1%) in the 7-day group and 45 patients (15.1%) in the 14-day "
        "group. Mortality at 90 days was 5.9% versus 6.4%, and relapse did not differ significantly between groups "
        "(2.6% versus 2.0%, p=0.62)."
    )
    unit = "The combined poor outcome at 90 days (death, relapse, complications or a prolonged stay) occurred in 14.1%"
    assert _cue(bacteraemia, unit) is None


def test_a_subgroup_named_by_the_relative_clause_after_the_unit_is_read_whole() -> None:
    # round 45: "The benefit was concentrated in programmes | where a pharmacist or nurse adjusted the medication"
    # was split after "programmes", which the evidence never names: the faithful answer was flagged
    evidence = (
        "Remote monitoring lowered systolic pressure by 4.8 mmHg. Reductions were larger when monitoring was combined "
        "with pharmacist- or nurse-led medication titration (7.1 mmHg) than with self-monitoring alone (1.9 mmHg)."
    )
    answer = "The benefit was concentrated in programmes where a pharmacist or nurse adjusted the medication."
    detector = DecomposedDetector(RuleVerifier(), units="clause")
    result = detector.detect(CheckItem(evidence, answer))
    assert result.units[0].text == "The benefit was concentrated in programmes"
    assert all(u.cues is not None and u.cues["unreported_subgroup"] is None for u in result.units)
    invented = "The benefit was concentrated in programmes where patients were over 75."
    flagged = detector.detect(CheckItem(evidence, invented))
    assert flagged.units[0].cues is not None and flagged.units[0].cues["unreported_subgroup"] is not None


def test_round_46_faithful_clauses_fire_no_contradicting_cue() -> None:
    # round 46 (written after this session's rules; read blind, it gave the session-start figures)
    trial = _index(
        "Methods: In this double-blind, placebo-controlled trial at four paediatric allergy centres in Melbourne and "
        "Sydney, children aged 12 to 47 months with peanut allergy were randomised 2:1 to peanut protein OIT or "
        "oat-flour placebo for 134 weeks. Results: Of 146 randomised children (median age 39 months; 62% boys), 96 "
        "received peanut OIT and 50 placebo."
    )
    assert _cue(trial, "In this placebo-controlled trial of 146 peanut-allergic children aged 1 to 3 years,") is None
    guideline = _index(
        "1.6.4 Consider a GLP-1 receptor agonist if triple therapy with metformin and 2 other oral drugs is not "
        "effective and the person has a BMI of 35 kg/m2 or higher. 1.6.5 Only continue GLP-1 receptor agonist therapy "
        "if there has been a reduction of at least 11 mmol/mol (1.0%) in HbA1c and a weight loss of at least 3% of "
        "initial body weight within 6 months."
    )
    unit = (
        "and the BMI is 35 or above, but it should only be continued if, within 6 months, HbA1c falls by at least 11 "
        "mmol/mol and the person loses at least 3% of their body weight."
    )
    assert _cue(guideline, unit) is None
    protocol = _index(
        "Severe: 6.5 mmol/L or above, or any level with ECG changes. Step 1 - Assess\n- Repeat the sample if "
        "haemolysis is suspected, but do not delay treatment if K+ is 6.5 mmol/L or above.\n- Discuss urgent "
        "haemodialysis with the renal team if K+ remains 6.5 mmol/L or above despite treatment."
    )
    unit = (
        "and the renal team should be asked about urgent dialysis if potassium stays at 6.5 or more despite treatment."
    )
    assert _cue(protocol, unit) is None


def test_every_smallest_window_holding_a_restating_sentence_is_marked() -> None:
    # three sentences name hypotension; the rule, not the cue, chooses which one an auditor reads (by P(E))
    evidence = (
        "Background: Hypotension limits the use of beta-blockers in older adults. "
        "Symptomatic hypotension occurred in 3.1% versus 1.5% of patients. "
        "Conclusions: Bisoprolol caused more hypotension."
    )
    index = _index(evidence)
    windows = _sentence_windows(evidence)
    spans = split_sentences(evidence)
    windows.append(window_of(evidence, spans, 0, 2, (2,)))
    unit = "and of low blood pressure,"
    by_sentence = index.alignment(unit)
    assert restating_window(index, unit, by_sentence, windows).tolist() == [True, True, True, False]


def test_a_predicate_of_a_note_restates_through_the_subject_before_it() -> None:
    # round 73: "Ramipril has not been restarted yet" was contradicted by the sick-day rules ("restart 24-48 h
    # after ...") because "HELD on admission; NOT restarted" is cut into two findings, the second naming nothing
    evidence = (
        "Ramipril 5 mg od - HELD on admission; NOT restarted. "
        "Sick-day rules: temporarily stop ramipril if vomiting; restart 24-48 h after eating normally."
    )
    index = _index(evidence)
    windows = _sentence_windows(evidence)
    for unit, restated in [
        ("Ramipril has not been restarted yet;", [True, False]),
        ("Ramipril has been restarted;", [False, False]),
    ]:
        by_sentence = index.alignment(unit)
        assert restating_window(index, unit, by_sentence, windows).tolist() == restated, unit


def test_an_instruction_on_a_condition_does_not_restate_it_as_done() -> None:
    # round 73: "Ramipril has been restarted" (wrong) was restated by the GP's "If creatinine <=140 and K+ <5.5,
    # restart ramipril 2.5 mg od", an instruction read as though it had been carried out
    evidence = (
        "Ramipril 5 mg od - HELD on admission; NOT restarted. "
        "If creatinine <=140 and K+ <5.5, restart ramipril 2.5 mg od; recheck U&E 1-2 weeks later."
    )
    index = _index(evidence)
    windows = _sentence_windows(evidence)
    for unit, restated in [
        ("Ramipril has been restarted;", [False, False]),
        ("his GP will restart ramipril at 2.5 mg od if creatinine is 140 or less", [False, True]),
    ]:
        by_sentence = index.alignment(unit)
        assert restating_window(index, unit, by_sentence, windows).tolist() == restated, unit


def test_a_change_whose_both_levels_another_sentence_states_is_not_denied_by_a_plan() -> None:
    # round 96: "No change to valve setting" (today's plan) against the change the history gives "from 5 to 4"
    from medhal.detect.cues import null_finding_cue

    plan = "Plan:\n- No change to valve setting."
    unit = (
        "His headaches have improved since his shunt valve was adjusted from setting 5 to setting 4 in December 2023."
    )
    assert null_finding_cue(_index("Valve setting changed from 5 to 4 on 18/12/2023.\n\n" + plan), unit) is None
    assert null_finding_cue(_index(plan), unit) is not None


def test_a_null_result_in_numbers_tells_no_effect_apart() -> None:
    # session 26 (own abstract): "Blood clots were more common: symptomatic VTE affected 2.0% and 1.6%" was only
    # unsupported: the sentence stating both figures was taken for the effect's own, but its p=0.76 shows none
    knee = _index(
        "Symptomatic VTE occurred in 1.6% of the TXA group and 2.0% of the placebo group (p=0.76). Conclusions: "
        "Two doses of intravenous TXA reduced blood loss and transfusion without an increase in symptomatic VTE."
    )
    cue = _cue(knee, "Blood clots were more common: symptomatic VTE affected 2.0% and 1.6% of patients, respectively.")
    assert cue is not None and cue.kind == "null_finding"
    assert _cue(knee, "Symptomatic VTE affected 1.6% and 2.0% of patients, respectively.") is None
