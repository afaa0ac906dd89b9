"""Round 72 (24 texts written blind after round 71's rules: early pregnancy unit letters, lung cancer MDT letters,
cardiac rehabilitation assessments, home oxygen notes, childhood nephrotic syndrome, leg ulcer clinic notes, ward
delirium reviews and immunology letters; read with round 71's rules, no faithful clause of 405 was contradicted and 4
of the 24 faithful answers were flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.drug_classes import unstated_classes
from medhal.text.explanations import unstated_cause
from medhal.text.harmonize import harmonized
from medhal.text.names import unstated_names
from medhal.text.synonyms import alignment_tokens


def test_causes_in_lay_words() -> None:
    walk = "| ISWT | 560 m (level 9), stopped - leg fatigue |"
    assert unstated_cause("On the shuttle walk test he stopped because of tired legs,", alignment_tokens(walk)) is None
    assert unstated_cause("and stopped because of chest pain,", alignment_tokens(walk)) == "chest pain"
    oedema = "20% albumin with IV furosemide on 03/03 for symptomatic oedema (abdo discomfort, reduced UO)."
    assert unstated_cause("because the swelling was causing tummy discomfort", alignment_tokens(oedema)) is None
    assert unstated_cause("because the swelling was causing headaches", alignment_tokens(oedema)) is not None


def test_weekdays_in_the_plural_are_labels() -> None:
    plan = "The programme: 12 weeks, two sessions per week (Mon and Thurs 14:00-15:30)."
    assert unstated_names("with two sessions a week on Mondays and Thursdays from 2 pm to 3:30 pm.", plan) == ()


def test_a_steroid_by_its_brand_and_penicillin_by_its_chemical_name() -> None:
    plan = "3. Emollient (50:50 WSP) to both legs; Betnovate RD to eczema R leg x 2 wks."
    assert unstated_classes("and a steroid cream on the eczema of her right leg for 2 weeks.", plan) == ()
    assert unstated_classes("and an antifungal-free opioid patch", plan) == ("opioid",)
    meds = "2. Phenoxymethylpenicillin 125 mg BD until oedema resolved."
    assert unstated_names("along with penicillin twice a day until the swelling has gone,", meds) == ()
    assert unstated_names("along with amoxicillin twice a day until the swelling has gone,", meds) == ("amoxicillin",)
    assert unstated_names("along with benzylpenicillin", meds) == ("benzylpenicillin",)


def test_a_range_of_days_of_one_month_is_written_as_the_evidence_dates() -> None:
    summary = "Admitted: 02/03/2024  Discharged: 08/03/2024\nOn admission: BP 96/58, HR 118, CRT <2 s."
    assert harmonized("She was in hospital from 2 to 8 March 2024,", summary) == (
        "She was in hospital from 02/03 to 08/03 2024,"
    )
