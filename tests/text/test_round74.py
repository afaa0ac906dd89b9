"""Round 74 (24 texts written blind after round 73's rules: gestational diabetes notes, eye injection clinic letters,
lupus and vasculitis letters, ADHD medication reviews, skin cancer surgery letters, giant cell arteritis notes,
bronchiectasis letters and school immunisation letters; read with round 73's rules, 2 faithful clauses of 427 were
contradicted and 5 of the 24 faithful answers flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.drug_doses import dose_conflict
from medhal.text.laterality import side_conflict
from medhal.text.names import unstated_names
from medhal.text.synonyms import alignment_tokens


def test_a_regimen_word_between_a_drug_and_its_dose() -> None:
    letter = [
        "Induction: rituximab 1 g x2 (Nov 2024) + prednisolone, PEXIVAS reduced-dose taper.",
        "1. Rituximab maintenance 500 mg IV 6-monthly - first dose booked 20/05/2025.",
    ]
    assert dose_conflict("He will start maintenance rituximab 500 mg every 6 months from 20/05/2025,", letter) is None
    wrong = dose_conflict("He will start maintenance rituximab 750 mg every 6 months from 20/05/2025,", letter)
    assert wrong is not None and [(a.text, b.text) for a, b in wrong[0]] == [("750 mg", "1 g")]


def test_a_side_letter_before_an_acronym_says_that_side() -> None:
    note = ["O/E: R temporal artery thickened, tender, reduced pulse.", "L TA normal."]
    assert side_conflict("while the left temporal artery was normal", note) is None
    assert side_conflict("The left temporal artery was thickened", [note[0]]) is not None


def test_names_written_short_in_the_note() -> None:
    assert unstated_names("with anti-dsDNA falling from 95 to 36 IU/mL", "dsDNA 36 IU/mL (Apr: 95)") == ()
    assert unstated_names("with anti-CCP falling", "dsDNA 36 IU/mL (Apr: 95)") == ("CCP",)
    assert unstated_names("confirmed on a CT scan in January 2024.", "HRCT (Jan 2024) confirms bronchiectasis") == ()
    sputum = "Sputum (Oct 2024): P. aeruginosa (mucoid), tobramycin sensitive."
    assert unstated_names("His sputum grew mucoid Pseudomonas aeruginosa.", sputum) == ()
    assert unstated_names("His sputum grew Pseudomonas putida.", sputum) == ("Pseudomonas",)


def test_coughing_up_blood_is_haemoptysis() -> None:
    assert alignment_tokens("but he has not coughed up blood.") == alignment_tokens("No haemoptysis.")
