"""Faithful clauses of blind rounds 219-220 (session 34) that the cues flagged or the encoder contradicted when first
read, each beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.text.advice_forms import same_guidance
from medhal.text.assertions import only_condition
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens
from medhal.text.unnamed import unnamed_subject


def test_advice_against_with_an_adverb_and_its_routine_use_after_it() -> None:
    """Round 219: 'antibiotic drops are strongly advised against as a routine treatment' for 'Do not routinely use
    antibiotic drops for mild symptoms' was contradicted (P(C) 0.81): the passive read no adverb, nor its routine use
    said after the verb."""
    said = "- Do not routinely use antibiotic drops for mild symptoms in adults or children (strong recommendation)."
    assert same_guidance("antibiotic drops are strongly advised against as a routine treatment,", said)
    assert not same_guidance("antibiotic drops are strongly recommended as a routine treatment,", said)


def test_an_hour_or_two_later_is_no_rate() -> None:
    """Round 219: 'another 4 mg an hour or two later' was read as 4 mg per hour, a figure the evidence never states."""
    assert [q.kind for q in quantities("followed by another 4 mg an hour or two later if")] == ["mass", "count"]
    assert [q.kind for q in quantities("an infusion of 4 mg an hour")] == ["mass/h"]
    evidence = "Day 1: give 4 mg sublingually, with a further 4 mg after 1-2 hours if withdrawal persists."
    assert unstated_quantities("followed by another 4 mg an hour or two later,", evidence) == []
    assert unstated_quantities("followed by another 8 mg an hour or two later,", evidence)


def test_a_share_of_another_figure_of_its_kind() -> None:
    """Round 220: 'about half that rate on the dummy tablet' (0.6% against 1.2%) and 'fell to about a third of their
    earlier rate' (0.62 to 0.21) were figures the evidence never states."""
    bleeding = "Major bleeding occurred in 0.6%, 1.2% and 2.4% of the placebo, 100 mg and 300 mg groups."
    assert unstated_quantities("and about half that rate on the dummy tablet.", bleeding) == []
    assert unstated_quantities("and about a tenth of that rate on the dummy tablet.", bleeding)
    stones = "Stone episodes fell from 0.62 to 0.21 per patient per year."
    assert unstated_quantities("stone episodes fell to about a third of their earlier rate,", stones) == []
    assert unstated_quantities("stone episodes fell to about two thirds of their earlier rate,", stones)


def test_radiation_doses_have_units() -> None:
    """Round 219: millisieverts were bare counts, so 'under 1 millisievert' met nothing of '0.9 mSv'."""
    assert [(q.kind, round(q.value, 4)) for q in quantities("0.9 mSv versus 2.2 millisieverts; 15 mGy")] == [
        ("sievert", 0.0009),
        ("sievert", 0.0022),
        ("gray", 0.015),
    ]


def test_lay_causes_and_subjects() -> None:
    """Rounds 219-220: an allergic-type reaction (hypersensitivity), a medicine that can make a level drop, past
    painkiller use (an NSAID history), movement-type side effects (extrapyramidal), a salty diet (salt intake); 'People
    also said they were more satisfied' (no unnamed subject 'People also said they'); relapse (recurrence)."""
    iron = "No hypersensitivity reactions required treatment discontinuation."
    assert unstated_cause("because of an allergic-type reaction.", alignment_tokens(iron)) is None
    assert unstated_cause("because of a bleeding complication.", alignment_tokens(iron)) == "a bleeding complication"
    phosphate = "Check serum phosphate before a second dose, as ferric carboxymaltose can cause hypophosphataemia."
    assert unstated_cause("because this medicine can make it drop.", alignment_tokens(phosphate)) is None
    letter = "I have referred her for a routine endoscopy after surgery because of her NSAID history."
    assert unstated_cause("because of her past painkiller use.", alignment_tokens(letter), letter) is None
    assert (
        unstated_cause("because of her past steroid use.", alignment_tokens(letter), letter) == "her past steroid use"
    )
    antiemetic = "Limit metoclopramide to 5 days because of the risk of extrapyramidal effects."
    cause = "because it can cause unwanted movement-type side effects."
    assert unstated_cause(cause, alignment_tokens(antiemetic)) is None
    salt = "Take one tablet daily. Keep salt below 6 g a day; a high salt intake makes it less effective."
    assert unstated_cause("because a salty diet makes the tablet work less well,", alignment_tokens(salt)) is None
    satisfied = "Satisfaction was higher with the injection."
    unit = "People also said they were more satisfied with the injection."
    assert unnamed_subject(unit, satisfied, alignment_tokens(satisfied)) is None
    recurrence = "Recurrence after initial success occurred in 61% of injection responders versus 9%."
    unit = "Relapse was also far more common with the injection."
    assert unnamed_subject(unit, recurrence, alignment_tokens(recurrence)) is None
    unit = "Headache was also far more common with the injection."
    assert unnamed_subject(unit, recurrence, alignment_tokens(recurrence)) == "Headache"


def test_a_condition_cut_from_its_advice_asserts_nothing() -> None:
    """Round 219: 'When a scan is needed,' was contradicted by 'Repeat CT within 24 hours is not required' (P(C)
    0.73)."""
    assert only_condition("When a scan is needed,")
    assert not only_condition("When a scan is needed, use low-dose settings.")
