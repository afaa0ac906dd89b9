"""Round 60 (24 texts written blind after round 59's rules: fracture-clinic and physiotherapy letters, endoscopy and
liver reports, urology trials, haematology letters, respiratory and psychiatry letters and trials, screening
programme reports and paediatric letters; read with round 59's rules, 1 faithful clause of 458 was contradicted and 6
of the 24 faithful answers flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.figure_trends import direction_against_figures
from medhal.text.figures import unstated_quantities
from medhal.text.laterality import side_conflict
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens
from medhal.text.test_results import reversed_result


def test_the_other_limbs_figures_before_a_side() -> None:
    clinic = [
        "Active range of motion of the right shoulder: flexion 90°, abduction 75°, internal rotation to the buttock.",
        "The left shoulder has a full, pain-free range.",
    ]
    assert side_conflict("abduction 75°, ER 20°, IR to buttock; left shoulder full", clinic) is None
    other_arm = [clinic[0], "He is independent with personal care using his left arm."]
    found = side_conflict("His active range of motion in the left shoulder was reduced to abduction 75°", other_arm)
    assert found is not None and found[1] == 0
    assert side_conflict("His active range of motion in the left shoulder was reduced to abduction 75°", clinic) is None


def test_an_interval_steps_up_as_its_figure_falls() -> None:
    letter = ["Please increase renal monitoring (U&E, eGFR) from 6-monthly to 3-monthly."]
    assert direction_against_figures("renal monitoring should step up from 6-monthly to 3-monthly.", letter) is None


def test_abbreviations_a_cause_cut_where_the_clause_goes_on_and_regular_use() -> None:
    letter = "Hepatocellular carcinoma surveillance is not indicated. No evidence of avascular necrosis."
    assert unstated_names("with HCC surveillance not currently indicated.", letter) == ()
    assert unstated_names("a congruent humeral head and no AVN.", letter) == ()
    anaemia = alignment_tokens("Aspirin should be continued given the TIA history; please do not stop it.")
    assert unstated_cause("because of his previous TIA and shouldn't be stopped without discussion.", anaemia) is None
    assert unstated_cause("because of his kidney stones and shouldn't be stopped.", anaemia) == "his kidney stones"
    asthma = alignment_tokens("Not eligible for biologic therapy; adherence and technique must be optimised first.")
    assert unstated_cause("because technique and regular use need to be improved first.", asthma) is None


def test_a_threshold_per_gram_with_its_substance_between() -> None:
    report = "Positive threshold: 120 µg haemoglobin/g faeces. Positivity 2.6%."
    assert [q.kind for q in quantities(report)[:1]] == ["mass/g"]
    assert unstated_quantities("2.6% were positive at the 120 µg/g threshold,", report) == []


def test_a_change_given_in_the_other_order() -> None:
    letter = ["3. Given the fall in eGFR, please increase renal monitoring (U&E, eGFR) from 6-monthly to 3-monthly."]
    wrong = "Because of this, renal monitoring (U&E, eGFR) should step down from 3-monthly to 6-monthly."
    assert direction_against_figures(wrong, letter) == 0


def test_a_test_named_with_its_short_name_in_brackets() -> None:
    report = ["- Antibody screen (post-transfusion): negative.", "- Direct antiglobulin test (DAT): negative."]
    assert reversed_result("and direct antiglobulin test were both positive,", report) == 1
    assert reversed_result("and direct antiglobulin test were both negative,", report) is None
