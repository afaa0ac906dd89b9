"""A drug given a dose the evidence never gives it (round 28)."""

from __future__ import annotations

import pytest

from medhal.text.drug_doses import dose_conflict, drug_doses

LETTER = [
    "Blood pressure remains above target, so please add amlodipine 5 mg once daily.",
    "Continue ramipril 10 mg once daily and atorvastatin 20 mg at night.",
    "Morphine: modified-release morphine 30 mg twice daily, with 7.5 mg of morphine for breakthrough pain.",
]


def test_each_drug_keeps_the_doses_given_it() -> None:
    doses = {name: sorted(q.value for q, _ in given) for name, given in drug_doses(tuple(LETTER)).items()}
    assert doses["amlodipine"] == [5.0]
    assert doses["ramipril"] == [10.0]
    assert doses["morphine"] == [7.5, 30.0, 60.0]  # 30 mg twice daily is also 60 mg a day


@pytest.mark.parametrize(
    ("unit", "mine", "theirs"),
    [
        ("so amlodipine 10 mg once daily is being added,", "10 mg", "5 mg"),  # another drug's dose in the letter
        ("with morphine 15 mg for breakthrough pain,", "15 mg", "30 mg"),
        ("Patients took 900 micrograms of colchicine once a day.", "900 micrograms", "0.5 mg"),
    ],
)
def test_a_dose_the_drug_is_never_given_conflicts(unit: str, mine: str, theirs: str) -> None:
    evidence = [*LETTER, "Colchicine 0.5 mg once daily was given for 3 months."]
    found = dose_conflict(unit, evidence)
    assert found is not None
    ((a, b),), _ = found
    assert (a.text, b.text) == (mine, theirs)


@pytest.mark.parametrize(
    "unit",
    [
        "so amlodipine 5 mg once daily is being added,",
        "modified-release morphine 60 mg a day,",  # the daily total
        "and 7.5 mg of morphine when needed.",
        "taking 10 mg a day",  # no drug named
        "and a new drug, bisoprolol 2.5 mg, is started.",  # a drug the evidence gives no dose
    ],
)
def test_the_drugs_own_doses_or_no_drug_do_not(unit: str) -> None:
    assert dose_conflict(unit, LETTER) is None


def test_a_salt_between_the_drug_and_its_dose() -> None:
    """Round 24: "35 mg of morphine over 24 hours" against "morphine sulfate 35 mg" was a changed dose."""
    sentences = ["Total oral morphine/24 h = 70 mg.", "Syringe driver: morphine sulfate 35 mg + haloperidol 1 mg."]
    assert dose_conflict("The driver holds 35 mg of morphine over 24 hours.", sentences) is None
    assert dose_conflict("The driver holds 45 mg of morphine over 24 hours.", sentences) is not None


def test_a_form_between_the_drug_and_its_dose() -> None:
    """Round 24: "5 mg of oxycodone liquid" against "oxycodone oral solution 5 mg 2-hourly" was a changed dose."""
    sentences = ["Oxycodone MR 25 mg bd, first dose 20:00 today.", "PRN: oxycodone oral solution 5 mg 2-hourly."]
    assert dose_conflict("His breakthrough is 5 mg of oxycodone liquid up to every two hours.", sentences) is None
    assert dose_conflict("His breakthrough is 10 mg of oxycodone liquid.", sentences) is not None
