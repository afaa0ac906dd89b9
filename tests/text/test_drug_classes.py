"""A class of drugs the evidence gives no drug of (``medhal.text.drug_classes``), read by the unstated-name cue."""

from __future__ import annotations

import pytest

from medhal.text.drug_classes import names_class, unstated_classes
from medhal.text.names import unstated_names

DELIRIUM = "Antipsychotic use was lower with the programme (8.1% vs 14.0%)."


def test_a_class_the_evidence_never_gives_is_unstated() -> None:
    unit = "Fewer patients in the programme group needed benzodiazepines (8.1% versus 14.0%)."
    assert unstated_classes(unit, DELIRIUM) == ("benzodiazepines",)
    assert unstated_names(unit, DELIRIUM) == ("benzodiazepines",)
    assert unstated_names("Fewer needed antipsychotic drugs (8.1% versus 14.0%).", DELIRIUM) == ()


@pytest.mark.parametrize(
    ("unit", "evidence"),
    [
        ("Fewer needed antipsychotics.", "Haloperidol was given to 4% and quetiapine to 3%."),
        ("Neuroleptic use fell.", "Antipsychotic use fell."),
        ("Steroids shortened the illness.", "Prednisolone 40 mg daily shortened symptoms."),
        ("Steroid pretreatment did not help.", "Luteal estradiol pretreatment did not improve IVF outcomes."),
        ("The beta-blocker lowered the rate.", "Bisoprolol lowered the heart rate."),
        ("Opioid use fell.", "Morphine and oxycodone use fell."),
        ("Anticoagulation was stopped.", "Apixaban was stopped 48 hours before surgery."),
        ("SSRIs raise bleeding risk.", "Sertraline raises the bleeding risk."),
        ("Benzos were avoided.", "Lorazepam and midazolam were avoided."),
    ],
)
def test_a_class_given_by_name_or_by_a_drug_of_it(unit: str, evidence: str) -> None:
    assert unstated_classes(unit, evidence) == ()
    assert unstated_names(unit, evidence) == ()


def test_only_bounded_classes_are_read() -> None:
    # "antibiotics" and "painkillers" name too many drugs by too many names for an absent member to mean anything
    assert unstated_classes("Antibiotics and painkillers were given.", "Amoxicillin was given.") == ()
    assert [names_class(w) for w in ("SSRIs", "neuroleptic", "statins", "antibiotics")] == [True, True, False, False]
    # each class once, as the answer writes it
    assert unstated_classes("Opioids, then more opioids, and SSRIs.", "Paracetamol.") == ("Opioids", "SSRIs")
