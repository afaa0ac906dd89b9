"""Round 79 (24 texts written blind after round 78's rules: psoriasis and hidradenitis biologic letters, motor
neurone disease letters, haemophilia letters, neonatal jaundice notes, prostate radiotherapy letters, ascites day-case
notes, syncope letters and COPD discharge summaries): its false cues mended at their cause."""

from __future__ import annotations

from medhal.text.bounds import bound_value_conflicts
from medhal.text.explanations import unstated_cause
from medhal.text.intervals import interval_conflicts
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_a_strength_written_after_the_nebuliser_is_a_strength() -> None:
    found = [(q.kind, q.text) for q in quantities("Saline nebs 0.9% 5 mL PRN up to QDS")]
    assert found == [("label:strength", "0.9%"), ("volume", "5 mL")]
    assert quantities("5 mL of 0.9% saline")[1].kind == "label:strength"


def test_aki_is_acute_kidney_injury() -> None:
    named = alignment_tokens("Recurrent ascites - diuretic-intolerant (hyponatraemia and AKI on spironolactone)")
    unit = "she was unable to tolerate spironolactone because of low sodium and kidney injury."
    assert unstated_cause(unit, named) is None
    other = "she was unable to tolerate spironolactone because of gout and rash."
    assert unstated_cause(other, named) == "gout and rash"


def test_the_month_of_a_date_is_no_unstated_cause() -> None:
    named = alignment_tokens("Biochemical recurrence: PSA rose from <0.01 to 0.22 ng/mL (08/2023). Salvage RT.")
    assert unstated_cause("You had radiotherapy because your PSA rose to 0.22 ng/mL in August 2023.", named) is None


def test_a_test_named_by_its_acronym_is_what_its_interval_is_about() -> None:
    evidence = (
        "Treatment: EBRT with ADT (Prostap 11.25 mg 3-monthly). No evidence of recurrence. "
        "Plan: 1. PSA every 6 months for 2 years, then annually, via GP surgery."
    )
    plan = "Plan: 1. PSA every 6 months for 2 years, then annually, via GP surgery."
    wrong = "Your PSA will be checked every 3 months for 2 years and then once a year."
    assert [(a.text, b.text) for a, b in interval_conflicts(wrong, plan, evidence)] == [
        ("every 3 months", "every 6 months")
    ]
    assert interval_conflicts(wrong.replace("3 months", "6 months"), plan, evidence) == []


def test_a_time_bound_counted_from_the_same_thing_is_the_same_bound() -> None:
    plan = "2. Extra 50 IU/kg dose before matches if >5 days since last infusion."
    wrong = "If more than three days have passed since his last infusion, he should give an extra dose before a match."
    assert [(a.text, b.text) for a, b in bound_value_conflicts(wrong, plan, plan)] == [
        ("more than three days", ">5 days")
    ]
    assert bound_value_conflicts(wrong.replace("three", "five"), plan, plan) == []
