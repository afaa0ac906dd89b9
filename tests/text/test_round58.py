"""Round 58 (24 texts written blind after round 57's rules: vaccine trials and schedules, dermatology and
ophthalmology trials, emergency-department notes, health-economic evaluations, antenatal leaflets, antibiotic
stewardship guidance, pre-operative and dental/ENT letters, rare-disease case reports; read with round 57's rules, 2
faithful clauses of 453 were contradicted and 8 of the 24 faithful answers flagged): the faithful clauses' false cues
mended at their cause, and two wrong twins the cues had missed."""

from __future__ import annotations

from medhal.detect.asked import asked_figure, asked_figures
from medhal.text.derived import difference
from medhal.text.effects import changed_outcome, unnamed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.intervals import intervals
from medhal.text.laterality import side_conflict
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens
from medhal.text.test_results import reversed_result


def test_the_cases_of_two_arms_together() -> None:
    trial = "VE against LRTD with ≥3 symptoms was 84.6% (95% CI 49.2–96.9; 2 vs 13 cases)."
    stated = [*quantities(trial), *implied_figures(trial)]
    assert unstated_quantities("although that figure rests on only 15 cases in total.", stated) == []
    assert [q.text for q in unstated_quantities("rests on only 17 cases in total.", stated)] == ["17"]


def test_a_schedule_of_two_phases_is_its_whole_length() -> None:
    plan = "Head injury obs (GCS/neuro) 30-min for 2 h then hourly for 4 h. IV 0.9% NaCl 1 L over 8 h."
    stated = [*quantities(plan), *implied_figures(plan)]
    assert unstated_quantities("Her nerve function will be checked over the next six hours.", stated) == []
    assert [q.text for q in unstated_quantities("checked over the next five hours.", stated)] == ["five hours"]


def test_a_figure_the_question_names_before_it() -> None:
    asked = asked_figures("Second episode of C. diff. WCC 17, eGFR 25. What do we give?")
    for unit in ("A WCC of 17 x10^9/L is above the threshold of 15,", "The eGFR of 25 doesn't change the dose,"):
        assert all(asked_figure(q, unit, asked) for q in quantities(unit)[:1])
    assert not asked_figure(quantities("An eGFR of 17 doesn't")[0], "An eGFR of 17 doesn't", asked)


def test_a_drug_after_a_slash_is_no_denominator() -> None:
    ed = "Salbutamol 5 mg + ipratropium bromide 250 mcg nebulised (O2-driven), repeated x2 at 20-min intervals."
    assert [q.kind for q in quantities("salbutamol 5 mg/ipratropium 250 mcg nebs")] == ["mass", "mass"]
    assert unstated_quantities("She had three back-to-back salbutamol 5 mg/ipratropium 250 mcg nebs", ed) == []
    kinds = [q.kind for q in quantities("1.5 mg/kg and 375 mg/m² and 4 mg/kilogram")]
    assert kinds == ["mass/kg", "mass/m2", "mass/kg"]


def test_four_weekly_doses_are_four_doses_weekly() -> None:
    assert [(i.text, i.days) for i in intervals("four weekly doses of rituximab")] == [("weekly", 7.0)]
    assert [i.days for i in intervals("four-weekly doses; 4 weekly visits")] == [28.0, 28.0]


def test_lay_words_of_round_58() -> None:
    trial = "Axial length (AL) elongation was 0.36 mm, 0.47 mm and 0.58 mm; one drop in each eye at bedtime."
    assert (
        unnamed_outcome(
            "Only the 0.025% strength clearly slowed how much the eye grew in length.", trial, alignment_tokens(trial)
        )
        is None
    )
    assert changed_outcome("monitoring both saved money and improved outcomes,") is None
    economics = alignment_tokens("Reductions in GP consultations and hypnotic prescribing partially offset costs.")
    assert unstated_cause("Part of the cost was recouped through fewer GP visits", economics) is None
    note = alignment_tokens("Plan: Continue apixaban – no indication to withhold on current imaging.")
    assert unstated_cause("apixaban is being continued because the scan gave no reason to stop it,", note) is None


def test_a_difference_only_where_the_unit_words_one() -> None:
    trial = "VE was 62.3% (95% CI 40.1–77.0). LRTD occurred in 11 vaccine and 46 placebo recipients (2 vs 13 cases)."
    said = quantities(trial)
    assert [q.text for q in unstated_quantities("versus 64 in the placebo group.", trial)] == ["64"]
    assert difference(quantities("64 fewer cases")[0], said, "64 fewer cases")
    assert unstated_quantities("35 fewer cases with the vaccine", trial) == []


def test_a_test_result_turned_round() -> None:
    report = ["Blood film: 4+ schistocytes.", "Direct antiglobulin test negative. Coagulation screen normal."]
    assert reversed_result("The direct antiglobulin test was positive", report) == 1
    assert reversed_result("The direct antiglobulin test was negative", report) is None
    assert reversed_result("If the antiglobulin test is positive, repeat it.", report) is None
    assert reversed_result("Blood cultures were negative.", report) is None


def test_the_wrong_knee_beside_a_compared_calf_and_a_bilateral_embolism() -> None:
    handover = [
        "Background: Right total knee replacement (TKR) 12 days ago; discharged day 3 on enoxaparin.",
        "O/E: Right calf swollen and tender, circumference 3 cm greater than left.",
        "Impression: Acute bilateral PE, intermediate-high risk.",
    ]
    found = side_conflict("58-year-old man, 12 days post left TKR,", handover)
    assert found is not None and found[1] == 0
    assert side_conflict("58-year-old man, 12 days post right TKR,", handover) is None
    assert side_conflict("His left calf was normal.", [*handover, "Left calf soft, non-tender."]) is None


def test_our_own_discharge_summary() -> None:
    summary = (
        "A 46-year-old man was admitted on 02/05 with a hot, swollen left knee. He underwent arthroscopic washout of "
        "the left knee on 03/05. The right knee was normal. He was discharged on 17/05."
    )
    sentences = summary.split(". ")
    found = side_conflict("He had an arthroscopic washout of the right knee.", sentences)
    assert found is not None and found[1] == 1
    assert side_conflict("His right knee was normal.", sentences) is None
    stated = [*quantities(summary), *implied_figures(summary)]
    assert unstated_quantities("He spent 15 days in hospital", stated) == []
    assert [q.text for q in unstated_quantities("He spent 12 days in hospital", stated)] == ["12 days"]
