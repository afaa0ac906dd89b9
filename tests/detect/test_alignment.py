"""The aligned verdict rule (issue 14): alignment, the restatement cue and the decision table."""

from __future__ import annotations

import numpy as np
import pytest

from fakes import RuleVerifier
from medhal.detect import CheckItem, DecomposedDetector
from medhal.detect.alignment import (
    AlignedDecision,
    AlignedRule,
    EvidenceIndex,
    alignment_tokens,
    negation_agrees,
    restates,
    restates_in_part,
    sentence_alignment,
)

EVIDENCE = (
    "Metformin is the first-line treatment for type 2 diabetes. "
    "We assigned 412 adults to metformin or placebo for 24 months. "
    "Metformin did not slow the decline in eGFR over 24 months. "
    "Gastrointestinal adverse events were more frequent with metformin."
)


def test_alignment_is_idf_weighted_recall_of_content_words_and_numbers() -> None:
    sentences = [s + "." for s in EVIDENCE.split(". ")]
    a = sentence_alignment("Metformin did not slow eGFR decline over 24 months.", sentences)
    assert a.argmax() == 2 and a[2] == pytest.approx(1.0)
    # independent computation for sentence 1: tokens metfo, slow, egfr, decli, month, #24; idf over 4 sentences
    idf = {
        t: np.log(5 / (df + 1)) + 1
        for t, df in {"metfo": 4, "slow": 1, "egfr": 1, "decli": 1, "month": 2, "#24": 2}.items()
    }
    expected = (idf["metfo"] + idf["month"] + idf["#24"]) / sum(idf.values())
    assert a[1] == pytest.approx(expected)
    assert "#24" in alignment_tokens("over 24 months") and sentence_alignment("", sentences).tolist() == [0.0] * 4


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        ("Metformin did not slow eGFR decline.", True),  # negated finding restated
        ("Metformin slowed eGFR decline.", False),  # negation removed
        ("Metformin did not slow eGFR decline over 12 months.", False),  # number changed
        ("Metformin did not slow eGFR decline in children.", False),  # population added
        ("Gastrointestinal adverse events were less frequent with metformin.", False),  # direction flipped
    ],
)
def test_restatement_cue(unit: str, expected: bool) -> None:
    sentences = [s + "." for s in EVIDENCE.split(". ")]
    assert any(restates(s, unit) for s in sentences) is expected


def test_restatement_reads_what_each_side_negates() -> None:
    sentence = "Oral corticosteroids should not be used in adults without asthma."
    assert restates(sentence, "Corticosteroids should not be used in adults without asthma.")
    # both carry a negation ("without"), but the unit asserts what the sentence denies
    assert not restates(sentence, "Corticosteroids should be used in adults without asthma.")
    # a fragment asserting nothing has no negation to agree on, provided the sentence's does not govern its words
    methods = "In total, 401 adults with acute cough and no asthma were randomly assigned to prednisolone or placebo."
    assert restates(methods, "In 401 adults with acute cough")
    assert not restates("No adverse events occurred in adults.", "adverse events in adults")


def test_a_comparison_the_sentence_figures_reverse_is_no_restatement() -> None:
    sentence = (
        "Grade 3 or higher treatment-related adverse events occurred in 16% of patients receiving pembrolizumab and "
        "4% of those receiving placebo, and hypothyroidism was the most common immune-related event."
    )
    assert restates(sentence, "Severe treatment-related adverse events were more frequent with pembrolizumab.")
    assert not restates(sentence, "Severe treatment-related adverse events were less frequent with pembrolizumab.")


def test_decision_table() -> None:
    rule = AlignedRule(align_threshold=0.6, entail_threshold=0.45, contradict_threshold=0.5, margin=0.2)
    pe, pc = np.array([0.1, 0.2]), np.array([0.9, 0.8])
    # a strong contradiction from an unaligned window cannot contradict: unsupported
    d = rule.decide(pe, pc, np.array([0.1, 0.2]), np.array([0.3]))
    assert d.verdict == "unsupported" and d.contradicting is None and d.p_contradict == 0.0 and d.entailing == -1
    # the same from an aligned window does
    d = rule.decide(pe, pc, np.array([0.1, 0.9]), np.array([0.3]))
    assert d.verdict == "contradicted" and d.contradicting == 1 and d.p_contradict == 0.8
    # a strong aligned entailment outweighs a weak contradiction (within the margin)
    d = rule.decide(np.array([0.8, 0.2]), np.array([0.1, 0.65]), np.array([0.9, 0.9]), np.array([0.3]))
    assert d.verdict == "supported" and d.entailing == 0 and d.p_contradict == 0.65
    # a window may contradict only when all its sentences are aligned (contradiction_alignment = the worst)
    d = rule.decide(pe, pc, np.array([0.1, 0.9]), np.array([0.3]), None, np.array([0.1, 0.2]))
    assert d.verdict == "unsupported" and d.contradicting is None
    # entailment by the coverage premise is support even when nothing is aligned; suspicion reads it
    d = rule.decide(pe, pc, np.array([0.0, 0.0]), np.array([0.3, 0.7]))
    assert d.verdict == "supported" and d.entailing == -2 and d.suspicion == pytest.approx(0.3)
    # a restating window supports whatever the model's P(C)
    d = rule.decide(pe, pc, np.array([1.0, 0.9]), np.array([0.3]), np.array([True, False]))
    assert d.verdict == "supported" and d.restated and d.entailing == 0
    with pytest.raises(ValueError):
        AlignedRule(margin=1.5)


def test_detector_aligned_vs_seed_on_an_unrelated_contradiction() -> None:
    # the verifier "contradicts" the unit from a sentence about something else (the failure of issue 14)
    verifier = RuleVerifier([("Gastrointestinal adverse events", "eGFR")])
    item = CheckItem(EVIDENCE, "Metformin did not slow the decline in eGFR in adults.")
    seed = DecomposedDetector(verifier, units="sentence", aggregation="seed").detect(item)
    aligned = DecomposedDetector(verifier, units="sentence").detect(item)
    assert seed.units[0].verdict == "contradicted"
    unit = aligned.units[0]
    assert unit.verdict == "supported" and unit.cues is not None and not unit.cues["restated"]
    assert unit.contradicting is None or "Gastrointestinal" not in unit.contradicting.text
    assert unit.entailing is not None and "did not slow" in unit.entailing.text
    assert aligned.config["aggregation"] == "aligned" and seed.config["aggregation"] == "seed"
    # the unit ranks by 1 - P(E | coverage premise); shown supported, it adds that times the threshold to the score
    assert unit.suspicion == pytest.approx(1 - unit.cues["coverage_entail"])
    assert aligned.score == pytest.approx(unit.suspicion * aligned.config["threshold"])


def test_a_negated_paraphrase_is_not_contradicted_by_its_negated_source() -> None:
    # the verifier reads "not more frequent" vs "not more common" as a contradiction (the negation shortcut)
    evidence = "We enrolled 604 adults. C. difficile infection was not more frequent with either duration."
    verifier = RuleVerifier([("not more frequent", "not more common")])
    item = CheckItem(evidence, "C. difficile infection was not more common with either duration.")
    seed = DecomposedDetector(verifier, units="sentence", aggregation="seed").detect(item)
    aligned = DecomposedDetector(verifier, units="sentence").detect(item)
    assert seed.units[0].verdict == "contradicted"
    assert aligned.units[0].verdict != "contradicted" and aligned.units[0].contradicting is None
    # a flipped negation is still read as a contradiction
    flipped = DecomposedDetector(RuleVerifier([("not more frequent", "was more common")]), units="sentence").detect(
        CheckItem(evidence, "C. difficile infection was more common with either duration.")
    )
    assert flipped.units[0].verdict == "contradicted"


def test_known_only_alignment_leaves_out_what_the_evidence_never_states() -> None:
    sentences = ["We randomly assigned 1,204 patients aged 75 years or older.", "Stroke occurred in 2.6%."]
    index = EvidenceIndex.of(" ".join(sentences), sentences)
    unit = "The trial enrolled 1,204 patients aged 65 or older."
    assert index.alignment(unit)[0] < 0.6 <= index.alignment(unit, known_only=True)[0]
    assert index.alignment(unit, known_only=True)[1] == 0.0


def test_a_changed_age_is_contradicted_by_the_sentence_stating_the_age() -> None:
    evidence = (
        "Whether rhythm control helps older adults is uncertain. We randomly assigned 1,204 patients aged 75 "
        "years or older to early rhythm control or usual care. Stroke occurred in 2.6% and 3.5% of patients."
    )
    detector = DecomposedDetector(RuleVerifier(), units="sentence")
    bad = detector.detect(CheckItem(evidence, "The trial enrolled 1,204 patients aged 65 or older.")).units[0]
    assert bad.verdict == "contradicted" and bad.cues is not None
    assert bad.cues["number_conflicts"] == [["65", "75 years"]]
    assert bad.contradicting is not None and "aged 75 years" in bad.contradicting.text
    good = detector.detect(CheckItem(evidence, "The trial enrolled 1,204 patients aged 75 or older.")).units[0]
    assert good.verdict != "contradicted"


def test_a_comparison_the_figures_reverse_is_contradicted_by_the_sentence_stating_them() -> None:
    evidence = (
        "We randomly assigned 2,789 patients to early rhythm control or usual care. Serious adverse events related "
        "to rhythm-control therapy occurred in 4.9% of the patients assigned to early rhythm control and in 1.4% of "
        "those assigned to usual care. Stroke was rare."
    )
    detector = DecomposedDetector(RuleVerifier(), units="sentence")
    answer = "Serious adverse events of rhythm-control therapy were less frequent with early rhythm control."
    bad = detector.detect(CheckItem(evidence, answer)).units[0]
    assert bad.verdict == "contradicted" and bad.cues is not None
    assert bad.cues["reversed_comparison"] is not None and "4.9%" in str(bad.cues["reversed_comparison"])
    assert bad.contradicting is not None and "4.9% of the patients" in bad.contradicting.text
    good = detector.detect(CheckItem(evidence, answer.replace("less", "more"))).units[0]
    assert good.verdict != "contradicted" and good.cues is not None and good.cues["reversed_comparison"] is None


def test_the_number_cue_reads_every_sentence_a_short_unit_is_best_aligned_with() -> None:
    # both sentences hold all the unit's words: the first states no number, the second the rival
    evidence = (
        "Severe hypoglycaemia was recorded for all participants. Severe hypoglycaemia occurred in 2 participants."
    )
    unit = (
        DecomposedDetector(RuleVerifier(), units="sentence")
        .detect(CheckItem(evidence, "Severe hypoglycaemia affected twelve participants."))
        .units[0]
    )
    assert unit.verdict == "contradicted" and unit.cues is not None
    assert unit.cues["number_conflicts"] == [["twelve", "2"]]
    assert unit.contradicting is not None and "in 2 participants" in unit.contradicting.text


def test_a_question_or_aim_never_contradicts_the_finding_that_answers_it() -> None:
    evidence = (
        "The aim of this study was to compare knee muscle strength after partial or total knee arthroplasty. "
        "We enrolled 80 patients. Knee muscle strength did not differ between the groups."
    )
    unit = "Partial knee arthroplasty was not superior in knee muscle strength."
    # a verifier that reads the negated finding against the aim sentence as a contradiction (as the encoder does)
    verifier = RuleVerifier([("The aim of this study", "was not superior")])
    result = DecomposedDetector(verifier, units="sentence").detect(CheckItem(evidence, unit)).units[0]
    assert result.verdict != "contradicted" and result.contradicting is None
    # the same sentence stating a finding (not an aim) still contradicts (without the null finding the unit
    # reports again in other words, which would support it: "not superior" agrees with "did not differ")
    finding = evidence.replace("The aim of this study was to compare", "The study found superior").replace(
        " Knee muscle strength did not differ between the groups.", ""
    )
    verifier = RuleVerifier([("The study found superior", "was not superior")])
    result = DecomposedDetector(verifier, units="sentence").detect(CheckItem(finding, unit)).units[0]
    assert result.verdict == "contradicted"


def test_a_figure_the_evidence_never_states_is_never_supported_and_flags_its_answer() -> None:
    evidence = "Early rhythm control reduced the risk of stroke in older adults with atrial fibrillation."
    detector = DecomposedDetector(RuleVerifier(), units="sentence")
    plain = detector.detect(CheckItem(evidence, "Early rhythm control reduced the risk of stroke.")).units[0]
    assert plain.verdict == "supported" and plain.cues is not None and plain.cues["unstated_figures"] == []
    result = detector.detect(CheckItem(evidence, "Early rhythm control reduced the risk of stroke by 40%."))
    unit = result.units[0]
    assert unit.p_entail is not None and unit.p_entail >= AlignedRule().entail_threshold  # the model alone: supported
    assert unit.verdict == "unsupported" and unit.cues is not None
    assert unit.cues["unstated_figures"] == ["40%"]
    assert result.flagged and unit.suspicion >= detector.threshold


def test_unstated_figures_read_the_words_before_a_clause() -> None:
    evidence = "Time below range fell from a median of 80 to 43 minutes per day with continuous monitoring."
    response = "Time below range fell from an hour and twenty minutes to 43 minutes per day."
    detector = DecomposedDetector(RuleVerifier(), units="clause")
    units = detector.detect(CheckItem(evidence, response)).units
    assert [u.cues["unstated_figures"] for u in units if u.cues is not None] == [[] for _ in units]


def test_the_verifier_reads_figures_as_the_evidence_writes_them() -> None:
    evidence = "Women were assigned to aspirin 150 mg per day or placebo until 36 weeks of gestation."
    verifier = RuleVerifier()
    unit = (
        DecomposedDetector(verifier, units="sentence")
        .detect(CheckItem(evidence, "Women took 0.15 g of aspirin per day until 36 weeks of gestation."))
        .units[0]
    )
    read = "Women took 150 mg of aspirin per day until 36 weeks of gestation."
    assert unit.cues is not None and unit.cues["read_as"] == read
    assert {hyp for call in verifier.calls for _, hyp in call} == {read}
    assert unit.text.startswith("Women took 0.15 g")  # the record keeps the answer's own words


def test_negation_agrees_reads_free_of_non_words_and_a_negated_opposite() -> None:
    assert negation_agrees("Adults free of dementia at baseline were followed.", "They did not have dementia.")
    assert negation_agrees("Amoxicillin was non-inferior for non-severe pneumonia.", "The pneumonia was not severe.")
    assert negation_agrees("Pregnancy was associated with higher odds of regret.", "It did not decrease regret.")
    assert not negation_agrees("Pregnancy was associated with higher odds of regret.", "It did not increase regret.")
    assert not negation_agrees("Pregnancy was associated with higher odds of regret.", "It decreased regret.")


def test_a_measurement_cannot_contradict_a_finding_but_may_contradict_the_design() -> None:
    evidence = (
        "Data on postoperative morbidity and cost of hospitalization were collected and analyzed. "
        "Early surgery shortened hospital stay."
    )
    finding = "Postoperative morbidity and hospitalization cost did not differ."  # aligned (0.71): a null finding
    design = "Data on postoperative morbidity were never collected."
    rules = [("Data on postoperative morbidity", finding), ("Data on postoperative morbidity", design)]
    detector = DecomposedDetector(RuleVerifier(rules), units="sentence")
    assert detector.detect(CheckItem(evidence, finding)).units[0].verdict != "contradicted"
    assert detector.detect(CheckItem(evidence, design)).units[0].verdict == "contradicted"


def test_support_by_the_coverage_premise_points_at_an_aligned_window_that_entails_alone() -> None:
    rule = AlignedRule()
    entail, contradict = np.array([0.5, 0.6, 0.3]), np.array([0.1, 0.1, 0.1])
    alignment = np.array([0.9, 0.7, 1.0])
    d = rule.decide(entail, contradict, alignment, np.array([0.8]))
    # the coverage premise's P(E) decides (0.8) and stays the unit's; the pointer names the best-aligned window
    # that entails the unit by itself (0.3 does not, 0.5 and 0.6 do: the better aligned wins)
    assert d.verdict == "supported" and d.p_entail == 0.8 and d.entailing == 0 and d.suspicion == pytest.approx(0.2)
    d = rule.decide(entail, contradict, np.array([0.1, 0.2, 0.3]), np.array([0.8]))
    assert d.entailing == -1  # no aligned window: the coverage premise itself


def test_support_by_coverage_alone_points_at_the_tile_that_holds_the_unit() -> None:
    rule = AlignedRule()
    unaligned = np.array([0.1, 0.2])
    tiles_entail = np.array([0.71, 0.6, 0.44])

    def decide(tiles_alignment: np.ndarray | None, contradict: tuple[float, float] = (0.1, 0.1)) -> AlignedDecision:
        return rule.decide(
            np.array([0.3, 0.2]),
            np.array(contradict),
            unaligned if contradict == (0.1, 0.1) else np.array([0.1, 0.7]),
            tiles_entail,
            coverage_alignment=tiles_alignment,
        )

    d = decide(None)
    assert d.verdict == "supported" and d.entailing == -1  # without the tiles' alignment: the tile of E*
    # two tiles about the unit: E* is the better entailing (0.71), the tile shown the better aligned that entails
    d = decide(np.array([0.7, 0.9, 0.2]))
    assert d.verdict == "supported" and d.p_entail == 0.71 and d.entailing == -2
    # only the third tile holds the unit's content: the others' P(E) is no support, whatever it is (0.44 < 0.45)
    d = decide(np.array([0.14, 0.23, 0.9]))
    assert d.verdict == "unsupported" and d.p_entail == 0.44 and d.entailing == -3
    assert d.coverage_entail == 0.71 and d.suspicion == pytest.approx(0.29)  # the rank still reads every tile
    # no tile reaches the threshold: the best aligned may support
    d = decide(np.array([0.5, 0.55, 0.3]))
    assert d.verdict == "supported" and d.p_entail == 0.6 and d.entailing == -2
    # a tile at or under C* does not support the unit by itself
    d = decide(np.array([0.7, 0.9, 0.2]), contradict=(0.1, 0.65))
    assert d.verdict == "supported" and d.p_contradict == 0.65 and d.entailing == -1


def test_run_alignment_reads_a_run_of_sentences_as_one_text() -> None:
    sentences = ["Return visits occurred in 17% of children.", "Croup scores did not differ.", "Vomiting was rare."]
    index = EvidenceIndex.of(" ".join(sentences), sentences)
    unit = "Return visits and croup scores did not differ."
    by_sentence = index.alignment(unit)
    runs = index.run_alignment(unit, [(0, 2), (2, 3), (0, 1)])
    assert runs[0] == pytest.approx(1.0) and max(by_sentence[:2]) < 0.7  # the run holds what no one sentence does
    assert runs[1] == pytest.approx(by_sentence[2]) and runs[2] == pytest.approx(by_sentence[0])


def test_a_supported_unit_points_at_the_smallest_aligned_window_that_supports_it_alone() -> None:
    rule = AlignedRule()
    entail, contradict = np.array([0.9, 0.55, 0.44, 0.5]), np.array([0.1, 0.1, 0.1, 0.3])
    alignment = np.array([0.9, 0.7, 0.9, 0.9])
    sizes = np.array([4, 1, 1, 2])
    d = rule.decide(entail, contradict, alignment, np.array([0.3]), window_sizes=sizes)
    # E* = 0.9 (the four-sentence window) decides; the pointer names the one-sentence window that supports the
    # unit by itself (0.55), not the one below the entailment threshold (0.44) nor the larger one (0.5)
    assert d.verdict == "supported" and d.p_entail == 0.9 and d.entailing == 1
    # a window supports alone only above the unit's C*: with C* = 0.6 only the four-sentence window does
    d = rule.decide(entail, np.array([0.1, 0.1, 0.1, 0.6]), alignment, np.array([0.3]), window_sizes=sizes)
    assert d.verdict == "supported" and d.p_contradict == 0.6 and d.entailing == 0
    # without the sizes the window that achieved E* is shown, as before
    assert rule.decide(entail, contradict, alignment, np.array([0.3])).entailing == 0
    # an unaligned window never becomes the pointer: the two-sentence window is the smallest that is left
    d = rule.decide(entail, contradict, np.array([0.9, 0.1, 0.9, 0.9]), np.array([0.3]), window_sizes=sizes)
    assert d.entailing == 3


def test_a_fragment_is_not_contradicted_by_the_encoder_but_still_by_a_cue() -> None:
    evidence = "There is no standard protocol for antiseptics used on skin and mucous membranes."
    fragment = "and mucous membranes disorders,"
    verifier = RuleVerifier([("There is no standard protocol", fragment)])
    unit = DecomposedDetector(verifier, units="sentence").detect(CheckItem(evidence, fragment)).units[0]
    assert unit.verdict != "contradicted" and unit.contradicting is None
    # a cue still reads a fragment: a changed figure contradicts it
    evidence = "Patients received colchicine 0.5 mg once daily or placebo."
    unit = (
        DecomposedDetector(RuleVerifier(), units="sentence")
        .detect(CheckItem(evidence, "colchicine 0.9 mg once daily or placebo."))
        .units[0]
    )
    assert unit.verdict == "contradicted" and unit.cues is not None and unit.cues["number_conflicts"]


def test_a_unit_shown_supported_never_flags_its_answer_by_itself() -> None:
    # twelve sentences: the whole evidence dilutes the fake verifier's P(E) while the aligned sentence entails
    filler = [f"Secondary outcome number {w} was recorded at every visit." for w in ("one", "two", "three", "four")]
    sentences = [
        "Nausea was more frequent with metformin than with placebo in the trial.",
        *filler,
        *(f"Visit {w} took place in the outpatient clinic." for w in ("five", "six", "seven", "eight")),
        "Adherence was checked by counting tablets.",
        "Follow-up lasted two years.",
        "The trial was funded by a public agency.",
    ]
    evidence = " ".join(sentences)
    response = "Nausea was more frequent with metformin than with placebo overall."  # "overall": not a restatement
    result = DecomposedDetector(RuleVerifier(), units="sentence").detect(CheckItem(evidence, response))
    (unit,) = result.units
    assert unit.verdict == "supported" and unit.cues is not None and not unit.cues["restated"]
    # the unit still ranks by 1 - P(E | coverage premise), above the threshold, but the answer is not flagged
    assert unit.suspicion == pytest.approx(1.0 - float(unit.cues["coverage_entail"])) and unit.suspicion > 0.5
    assert result.score == pytest.approx(unit.suspicion * 0.5) and not result.flagged


def test_a_restatement_says_the_same_way_in_any_words() -> None:
    sentence = "Among children younger than 2 years, sensitivity fell to 78.6%."
    assert restates(sentence, "It was less sensitive in children under two.")
    assert not restates(sentence, "It was more sensitive in children under two.")  # "more" against "fell"


def test_a_sentence_writing_the_units_figures_otherwise_restates_it() -> None:
    sentence = (
        "Results: Total fractures occurred in 769 of 12,927 participants in the vitamin D group and in 782 of 12,944 "
        "in the placebo group (hazard ratio, 0.98)."
    )
    assert restates(sentence, "About 6% of participants in each group had a fracture.")
    # a figure the sentence does not state, or a word it does not hold, is no restatement
    assert not restates(sentence, "About 16% of participants in each group had a fracture.")
    assert not restates(sentence, "About 6% of participants in each group had a vertebral fracture.")
    registry = "Methods: We analysed 18,402 primary total knee arthroplasties performed in a regional joint registry."
    assert restates(registry, "In a registry of about 18,400 knee replacements,")


def test_one_finding_of_a_sentence_of_several_restates_a_unit_in_words() -> None:
    sentence = (
        "Conclusions: A smartphone app added to brief advice did not improve verified abstinence at 6 months, "
        "although short-term self-reported quitting was higher."
    )
    assert restates_in_part(sentence, "Short-term self-reported quitting was higher with the app (18.3% vs 13.2%).")
    assert not restates_in_part(sentence, "Short-term self-reported quitting was lower with the app.")
    assert not restates_in_part(sentence, "The app improved verified abstinence at 6 months.")
    # a sentence of one finding is restatement's business, not this
    assert not restates_in_part("Self-reported quitting was higher.", "Self-reported quitting was higher.")


def test_the_finding_of_a_unit_is_the_part_that_names_its_subject() -> None:
    """A unit saying blood glucose was lower is about the part on blood glucose ("at the cost of" turns to it), not
    the part whose "reduced" (about nausea) shares as many of the unit's words."""
    sentence = (
        "Conclusions: Adding dexamethasone to ondansetron reduced nausea and vomiting after laparoscopic "
        "cholecystectomy, at the cost of a transient rise in blood glucose."
    )
    assert not restates_in_part(sentence, "Blood glucose was lower with dexamethasone.")
    assert restates_in_part(sentence, "Blood glucose rose transiently with dexamethasone.")


def test_a_without_that_denies_nothing_the_unit_says_does_not_stop_a_restatement() -> None:
    sentence = (
        "SGLT2 inhibitors reduced the risk of kidney disease progression by 37% (relative risk 0.63), with similar "
        "relative effects in patients with and without diabetes."
    )
    assert restates(sentence, "SGLT2 inhibitors cut the risk of kidney disease progression (RR 0.63).")
    # a negated verb is another matter: it may deny what the unit says in words it does not govern
    denied = "Vitamin D did not result in a significantly lower risk of fractures among adults."
    assert not restates(denied, "Fractures were reduced.")
    assert not restates(sentence, "SGLT2 inhibitors raised the risk of kidney disease progression (RR 0.63).")


def test_a_relation_denied_in_one_word_agrees_with_a_negated_association() -> None:
    # round 22: "was unrelated to their baseline IgE level" against "was not associated with baseline total IgE"
    sentence = "Response to the higher dose was not associated with baseline total IgE."
    assert negation_agrees(sentence, "Whether someone responded was unrelated to their baseline IgE level.")
    assert not negation_agrees(sentence, "Whether someone responded was related to their baseline IgE level.")
    assert not negation_agrees("Response was associated with baseline IgE.", "Response was unrelated to IgE.")


def test_a_list_of_what_was_measured_restates_no_direction() -> None:
    # round 34: "and more pressure ulcers." was "restated" by the methods' list of secondary outcomes
    outcomes = "The primary outcome was 30-day mortality; secondary outcomes were pneumonia and pressure ulcers."
    assert not restates(outcomes, "and more pressure ulcers.")
    assert restates("Pressure ulcers were more common after delay (4.1% vs 2.2%).", "and more pressure ulcers.")


def test_a_restated_unit_points_at_the_restating_window_the_verifier_reads_as_entailing_most() -> None:
    # "and of low blood pressure" restated by a background sentence (P(E) 0.08) and by the result (0.55): the
    # pointer shows the result, whichever comes first, even when a larger window (not restating) entails it more
    rule = AlignedRule()
    entail, contradict = np.array([0.08, 0.55, 0.29, 0.7]), np.zeros(4)
    restates_mask = np.array([True, True, True, False])
    d = rule.decide(entail, contradict, np.ones(4), np.array([0.38]), restates_mask)
    assert (d.verdict, d.entailing, d.restated) == ("supported", 1, True)
    assert d.p_entail == 0.7  # E* stays the best reading whichever window is shown
    # one restating window: it is shown
    d = rule.decide(entail, contradict, np.ones(4), np.array([0.38]), np.array([True, False, False, False]))
    assert (d.verdict, d.entailing, d.p_entail) == ("supported", 0, 0.7)
