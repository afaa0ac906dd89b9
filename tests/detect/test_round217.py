"""Faithful clauses of blind rounds 217-218 (session 34) that the cues flagged or the encoder contradicted when first
read, each beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.detect.focus import _same_way_in_part
from medhal.text.doses import daily_forms, dose_limits
from medhal.text.effects import changed_outcome, unnamed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.harmonize import harmonized
from medhal.text.negation import flips_negation
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens
from medhal.text.ways import naive_restated, prevention_restated

MILK = "Mean volume rose by 267 mL/day with domperidone versus 112 mL/day with placebo (difference 155 mL/day)"


def test_an_amount_a_day_said_once_for_its_sentence() -> None:
    """Round 217: 'their daily milk volume go up by about 270 mL, | while the dummy-pill group went up by just over
    110 mL' and 'roughly 155 mL a day' were figures the evidence never states (it gives them per day)."""
    opened = "Those taking the drug saw their daily milk volume go up by about 270 mL on average, "
    assert unstated_quantities("while the dummy-pill group went up by just over 110 mL,", MILK, opened=opened) == []
    assert unstated_quantities("so the extra gain was roughly 155 mL a day.", MILK) == []
    # without "daily" in its sentence the amount is not the rate; a changed amount stays unstated
    assert unstated_quantities("while the dummy-pill group went up by just over 110 mL,", MILK, opened="Then ")
    assert unstated_quantities("while the dummy-pill group went up by 190 mL,", MILK, opened=opened)
    # a dose a day is never a dose: "20 mg twice daily" is not "20 mg/day"
    assert [q.kind for q in daily_forms("20 mg twice daily", quantities("20 mg/day"), amounts=True)] == ["mass/day"]


def test_a_rate_base_is_no_changed_count() -> None:
    """Round 217: 'Roughly 5 to 6 women in every 100 stopped treatment' was a changed count, 100 against '412
    women'."""
    sentence = "412 postmenopausal women were randomised. Discontinuation because of adverse events was 6.3% vs 5.4%."
    assert number_conflicts("Roughly 5 to 6 women in every 100 stopped treatment", sentence, sentence) == []
    assert number_conflicts("Roughly 5 to 6 women out of 300 stopped treatment", sentence, sentence)


def test_a_dose_limit_states_its_figure() -> None:
    """Round 217's wrong twin 'the total should never go above 40 mg in a day' (for 'Do not exceed 30 mg in 24
    hours') read as a bound near 30 mg, not a changed limit."""
    evidence = "The recommended dose is 10 mg three times daily. Do not exceed 30 mg in 24 hours (Grade A)."
    assert [q.text for q in unstated_quantities("and the total should never go above 40 mg in a day.", evidence)] == [
        "40 mg"
    ]
    assert unstated_quantities("and the total should never go above 30 mg in a day.", evidence) == []
    patients = "more than 300 patients"
    assert [q.approximate for q in dose_limits(patients, quantities(patients))] == [True]


def test_a_verb_without_an_object_names_no_outcome() -> None:
    """Round 217: 'Levels of prolactin ... | more than doubled on the drug' named 'on the drug' as the outcome."""
    assert changed_outcome("more than doubled on the drug") is None
    evidence = "Median prolactin increased from 88 to 212 ug/L with domperidone."
    assert unnamed_outcome("more than doubled on the drug", evidence, alignment_tokens(evidence)) is None
    assert unnamed_outcome("The drug doubled the hospital stay.", evidence, alignment_tokens(evidence))


def test_lay_causes_freezing_hurts_and_clearing_up() -> None:
    """Round 218: 'because it hurts' for 'because of pain', 'because only a small area was affected', and 'has not
    been found to help more people clear up' for 'has not been shown to improve cure rates'."""
    warts = "Cryotherapy is not routinely offered to children under 10 because of pain."
    named = alignment_tokens(warts)
    assert unstated_cause("Children younger than ten are not usually offered freezing because it hurts.", named) is None
    assert unstated_cause("Children are not offered freezing because it scars.", named) == "it scars"
    letter = "We have not prescribed oral antibiotics given the limited area and her being well."
    assert unstated_cause("because only a small area was affected and she was well.", alignment_tokens(letter)) is None
    guide = "Combined treatment has not been shown to improve cure rates compared with fusidic acid cream alone."
    cause = "because taking both together has not been found to help more people clear up than the cream on its own."
    assert unstated_cause(cause, alignment_tokens(guide)) is None


def test_a_denial_of_another_subject_or_of_a_difference() -> None:
    """Round 218: 'Your adrenaline pen is for treating anaphylaxis' was denied by 'Antihistamine tablets do not treat
    anaphylaxis'; 'Side effects were common' by 'Serious adverse events were not more frequent with vaccine'."""
    antihistamines = "Antihistamines: Antihistamine tablets do not treat anaphylaxis and must not delay adrenaline."
    assert flips_negation("Your adrenaline pen is for treating anaphylaxis,", antihistamines) is None
    wheeze = "Antihistamines: Antihistamines did not reduce wheeze and must not delay adrenaline."
    assert flips_negation("Your adrenaline pen reduced wheeze.", wheeze) is None
    assert flips_negation("Antihistamines reduced wheeze.", wheeze) == "reduced"
    serious = "Serious adverse events were not more frequent with vaccine (12.8% vs 13.1%)."
    assert flips_negation("Serious adverse events were common", serious) is None
    assert flips_negation("Serious adverse events were more frequent with vaccine", serious) is not None


def test_lay_restatements_the_encoder_reads_as_negations() -> None:
    """Round 218: 'who had never had a biologic before' for 'Biologic-naive adults' (P(C) 0.90), 'so that resistance
    does not spread' for 'to limit the spread of resistance' (0.83), 'completely clear skin was more common with
    ixekizumab' for '... was not superior ... but produced greater complete skin clearance' (0.81)."""
    assert naive_restated("in 566 adults who had never had a biologic before.", "Biologic-naive adults with PsA")
    assert not naive_restated("in 566 adults who had never had a biologic before.", "Methotrexate-naive adults")
    assert prevention_restated("so that resistance does not spread.", "Reserve it, to limit the spread of resistance.")
    assert not prevention_restated("so that resistance does not spread.", "Resistance spread in 12% of practices.")
    conclusion = (
        "Conclusions: Ixekizumab was not superior to adalimumab for joint response at 24 weeks but produced greater "
        "complete skin clearance."
    )
    assert _same_way_in_part("completely clear skin was more common with ixekizumab,", conclusion)
    assert not _same_way_in_part("completely clear skin was less common with ixekizumab,", conclusion)


def test_a_side_of_a_proportion_is_no_bound_to_rewrite() -> None:
    """Round 218: 'compared with fewer than one in ten after the dummy' was read by the verifier as 'compared with
    0.98 in ten' (a relative risk of 0.98 met the bound 'fewer than one'); 66 units of rounds 140-216 were rewritten
    so.  A bound of a figure of its own is still written as the figure that meets it."""
    evidence = "Injection-site pain 67.2% vs 8.9% (relative risk 0.98). Mean sleep was 8.6 hours."
    assert harmonized("compared with fewer than one in ten after the dummy,", evidence) == (
        "compared with fewer than one in ten after the dummy,"
    )
    assert harmonized("and fewer than 1 in 10 had pain", evidence) == "and fewer than 1 in 10 had pain"
    assert harmonized("slept under 9 hours", evidence) == "slept 8.6 hours"


def test_a_word_the_evidence_uses_still_weighs_in_a_cause() -> None:
    """Round 180's faithful 'Pregabalin should not be restarted because it did not help when tried before' (for
    'trialled in 2021 without benefit', the letter elsewhere saying 'little evidence it will help him') was flagged
    when 'help' was first left out of what a cause names (session 34's end-of-session run)."""
    letter = "There is little evidence it will help him. Pregabalin was trialled in 2021 without benefit."
    assert unstated_cause("because it did not help when tried before.", alignment_tokens(letter)) is None
