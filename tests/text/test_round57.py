"""Round 57 (24 texts written blind after round 56's rules: chemotherapy and haematology documents, mental-health
trials, pharmacokinetic studies and medication reviews, outbreak reports, nutrition trials and geriatric notes; read
with round 56's rules, 0 faithful clauses of the 24 faithful answers were contradicted and 8 answers flagged): the
faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.effects import changed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_a_dose_per_square_metre_in_either_form() -> None:
    regimen = "Schedule: docetaxel 75 mg/m2 IV over 60 minutes on day 1, plus cyclophosphamide 600 mg/m2 IV."
    assert unstated_quantities("Docetaxel is dosed at 75 mg/m² as an hour-long infusion", regimen) == []
    assert [q.text for q in unstated_quantities("Docetaxel is dosed at 85 mg/m²", regimen)] == ["85 mg"]


def test_a_fold_change_as_a_percentage() -> None:
    study = "Verapamil increased AUC 1.5-fold (90% CI 1.3-1.7) and Cmax 1.3-fold; digoxin AUC ratio 1.04."
    stated = [*quantities(study), *implied_figures(study)]
    assert unstated_quantities("and peak concentrations by about 30%,", stated) == []
    assert unstated_quantities("it raised digoxin exposure by 4%", stated) == []


def test_lay_phrases_of_round_57() -> None:
    mdt = alignment_tokens("Diabetes team referral for anticipated steroid-induced hyperglycaemia.")
    assert unstated_cause("because the steroids are expected to push up his blood sugar.", mdt) is None
    review = alignment_tokens("Ramipril 1.25 mg: stop (symptomatic postural hypotension, worsening renal function).")
    assert unstated_cause("because his blood pressure drops when he stands,", review) is None
    cohort = alignment_tokens("Risk was 31% higher in the top fifth; after adjustment for BMI the excess was 19%.")
    assert unstated_cause("because once BMI was taken into account the excess risk shrank to 19%.", cohort) is None


def test_a_qualifier_through_one_word_and_a_degree_after_the_verb() -> None:
    trial = "Systolic blood pressure fell by 7.4 mmHg more. There was no effect on diastolic pressure."
    assert unstated_names("saw their systolic pressure come down by 7.4 mmHg more", trial) == ()
    assert changed_outcome("Quality of life scores improved a little in the programme group.") is None
    assert changed_outcome("The programme improved quality of life.") == "quality of life"
