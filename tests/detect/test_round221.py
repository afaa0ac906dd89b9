"""Faithful clauses of blind rounds 221-222 (session 34) that the cues flagged or the encoder contradicted when first
read, each beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.detect.alignment import EvidenceIndex, restates_in_part
from medhal.detect.focus import _bounds_met
from medhal.detect.swapped_drugs import swapped_drug
from medhal.text.allocation import allocation_conflict
from medhal.text.effects import changed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.negation import flips_negation
from medhal.text.synonyms import alignment_tokens, canonical_text
from medhal.text.test_results import reversed_result

CONCLUSION = (
    "Conclusions: A single infusion of magnesium sulfate improved short-term severity scores and reduced hospital "
    "admission in children with acute severe asthma, but did not reduce intensive care admission."
)


def test_needing_to_stay_in_hospital_and_the_children_given_it() -> None:
    """Round 221: 'Fewer of the children given magnesium needed to stay in hospital' was read against 'median length
    of stay was similar' (a null finding) and, with its 'given', was no restatement of the conclusion's 'reduced
    hospital admission'."""
    assert canonical_text("needed to stay in hospital") == "hospital admission"
    assert restates_in_part(CONCLUSION, "Fewer of the children given magnesium needed to stay in hospital,")
    assert not restates_in_part(CONCLUSION, "More of the children given magnesium needed to stay in hospital,")


def test_penicillin_v_is_phenoxymethylpenicillin() -> None:
    """Round 222: 'the first choice is penicillin V at 0.5 g four times a day' was read as a swapped drug against
    'First-choice antibiotic: phenoxymethylpenicillin 500 mg four times daily'."""
    sentences = (
        "3. First-choice antibiotic: phenoxymethylpenicillin 500 mg four times daily for 5 days.",
        "4. Penicillin allergy: doxycycline 200 mg on day 1, then 100 mg daily.",
    )
    index = EvidenceIndex.of(" ".join(sentences), sentences)
    assert swapped_drug(index, "the first choice is penicillin V at 0.5 g four times a day for five days,") is None
    assert swapped_drug(index, "the first choice is doxycycline 500 mg four times daily for 5 days,") == 0


def test_not_done_so_denies_no_reason() -> None:
    """Round 222: 'because it is controlling his blood pressure well' was denied by 'I have not done so as his blood
    pressure control is good'."""
    letter = "We discussed stopping ramipril; I have not done so as his blood pressure control is good."
    assert flips_negation("because it is controlling his blood pressure well,", letter) is None
    assert flips_negation("his blood pressure control is good,", "His blood pressure control is not good.") == "good"


def test_an_estimate_near_the_count_and_a_bound_the_range_meets() -> None:
    """Round 222: 'about 600 stroke patients aged over 80' for '612 patients aged 81-97 years' (P(C) 0.77)."""
    methods = "612 patients aged 81-97 years (median 86) with acute ischaemic stroke were randomised."
    assert _bounds_met("This trial looked at about 600 stroke patients aged over 80,", methods)
    assert not _bounds_met("This trial looked at about 900 stroke patients aged over 80,", methods)


def test_lay_tests_and_causes() -> None:
    """Rounds 221-222: a lay blood test's result, causes in lay words, and an effect verb with a clause after it."""
    lyme = ["Investigations: Lyme serology negative."]
    assert reversed_result("A blood test for Lyme disease came back positive,", lyme) == 0
    assert reversed_result("A blood test for Lyme disease came back negative,", lyme) is None
    assert reversed_result("The blood culture came back positive,", ["Urine culture negative."]) is None
    clinic = "Cerclage is not recommended, as she has no history of preterm birth or second-trimester loss."
    cause = "because she has never had an early birth or a late miscarriage."
    assert unstated_cause(cause, alignment_tokens(clinic)) is None
    allopurinol = "Carriers of HLA-B*58:01 have a markedly increased risk of allopurinol hypersensitivity syndrome."
    cause = "because carrying this gene greatly raises the risk of a serious allergic reaction."
    assert unstated_cause(cause, alignment_tokens(allopurinol)) is None
    letter = "Thyroid ultrasound was not required given the positive antibody result."
    assert unstated_cause("because the antibody result was so clear.", alignment_tokens(letter)) is None
    assert changed_outcome("but that eased once she was shown how to breathe with it.") is None


def test_what_the_end_of_session_run_found() -> None:
    """Faithful answers of rounds 198, 200 and 211 newly flagged by this session's first mends: an allocation in words
    read as an effect once 'a dummy injection' read as placebo; 'unhappy with the medicine' once 'medicine' weighed
    nothing; 'would keep him from driving' denied once 'driving' read as 'drive'."""
    methods = ["Methods: 1,480 infants were assigned 2:1 to nirsevimab or placebo.", "RSV occurred in 1.2% vs 5.1%."]
    assert allocation_conflict("and twice as many got the medicine as got a dummy injection.", methods) is None
    assert allocation_conflict("and three times as many got the medicine as got a dummy injection.", methods)
    review = "Switching was mostly due to dissatisfaction with the medication."
    assert unstated_cause("often because they were unhappy with the medicine.", alignment_tokens(review)) is None
    stone = "Ureteroscopy needs a general anaesthetic, and he could not drive for several days."
    assert flips_negation("and would keep him from driving for several days.", stone) is None
    assert flips_negation("and he could drive within a day.", stone) == "drive"
