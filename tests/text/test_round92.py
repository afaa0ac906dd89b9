"""Rounds 92-93 (48 texts written blind after round 91's rules: memory clinic, fracture liaison, cystic fibrosis,
Graves' disease, melanoma, anticoagulation, kidney transplant and macular injection letters; antipsychotic
monitoring, alcohol detoxification, pacemaker and ICD, febrile convulsion, hand surgery, diverticulitis, polycystic
ovary and cerebral palsy letters): their false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.figure_trends import direction_against_figures
from medhal.text.figures import unstated_quantities
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation, negated_stems
from medhal.text.synonyms import alignment_tokens


def test_a_list_denied_before_a_trailing_comma_is_denied_whole() -> None:
    sentence = "Symptoms: No further dizziness or blackouts since implant."
    unit = "You have had no more dizziness or blackouts since it was put in,"
    assert negated_stems(unit) >= {"dizzi", "black"}
    assert flips_negation(unit, sentence) is None
    assert flips_negation("You have had dizziness and blackouts since it was put in,", sentence) is not None


def test_figures_in_different_units_are_not_compared() -> None:
    said = ["Walking distance reduced from around 2 km to 800 m."]
    assert direction_against_figures("his walking distance has fallen from about 2 km to 800 m.", said) is None
    assert direction_against_figures("CRP fell from 18 to 212 mg/L.", ["CRP fell from 212 mg/L to 18 mg/L."]) == 0


def test_a_modifier_distributes_over_a_listed_name() -> None:
    assert unstated_names("dose changes will be guided by your free T4 and T3 levels", "guided by FT4/FT3") == ()
    assert unstated_names("guided by your T4 and T3 levels", "guided by FT4/FT3") == ("T4", "T3")


def test_x_rayed_names_nothing() -> None:
    assert unstated_names("His hips will be X-rayed every six months", "6-monthly radiographs of both hips") == ()


def test_the_first_three_months_of_pregnancy_is_a_trimester() -> None:
    evidence = "Carbimazole taken in the first trimester carries a small risk of birth defects."
    unit = "carbimazole taken in the first three months of pregnancy carries a small risk of birth defects"
    assert unstated_quantities(unit, evidence) == []
    assert [q.text for q in unstated_quantities("in the first four months of pregnancy", evidence)] == ["four months"]


def test_a_cause_named_after_its_lay_gloss_and_stated_figure() -> None:
    named = alignment_tokens("Episode 14/04: VT 210 bpm; 1 shock (41 J) successful. 4 NSVT episodes, longest 9 beats.")
    unit = "because your heart went into a fast abnormal rhythm called ventricular tachycardia at 210 beats per minute."
    assert unstated_cause(unit, named, "Episode 14/04: VT 210 bpm; 1 shock successful.") is None
    assert unstated_cause("because of a rare reaction called serotonin syndrome", named) == "serotonin syndrome"


def test_nerve_tests_are_nerve_conduction_studies() -> None:
    named = alignment_tokens("Diagnosis: Right carpal tunnel syndrome, moderate-severe on NCS")
    assert unstated_cause("because the nerve tests showed the condition is fairly severe.", named) is None
    assert unstated_cause("because the scan showed a tumour pressing on the nerve.", named) is not None
