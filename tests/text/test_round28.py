"""Faithful clauses of round 28 that were `contradicted`, and wrong ones it missed, each at the rule that reads them
(docs/verdicts.md "Round 28")."""

from __future__ import annotations

from medhal.text.assertions import opens_relative
from medhal.text.bounds import bound_conflicts
from medhal.text.figures import number_conflicts
from medhal.text.findings import null_finding_conflict, null_findings
from medhal.text.lexical import direction_conflict
from medhal.text.quantities import quantities


def test_an_age_after_aged_is_in_years() -> None:
    (unit,), (stated,) = quantities("people aged 75 or older"), quantities("patients aged 75 years or older")
    assert unit.kind == stated.kind == "time" and unit.equals(stated)
    # the lower bound of a range takes the range's unit ("aged 3 to 48 months" is no 3 years)
    assert [(q.kind, q.value) for q in quantities("children aged 3 to 48 months")] == [
        ("time", 91.3125),
        ("time", 1461.0),
    ]
    evidence = "Among the 817 patients aged 75 years or older, imaging could be withheld in 29.7%."
    rule = (
        "The cut-off was 500 micrograms/L for patients younger than 50 years and age x 10 for those aged 50 or older."
    )
    assert not number_conflicts("The gain was largest in people aged 75 or older,", evidence + " " + rule, rule)


def test_a_unit_naming_both_sides_of_a_threshold_turns_none() -> None:
    sentence = "A protective effect was seen in children but not in adults aged 16 to 64 years or 65 years and older."
    assert not bound_conflicts("adults under 65 and those aged 65 or older got no protective effect.", sentence)


def test_a_figure_after_above_or_below_is_a_threshold_not_a_direction() -> None:
    target = "Our target pressure is below 18 mmHg in the right eye and below 20 mmHg in the left."
    assert not direction_conflict("so the right eye is still above its target of under 18.", target)
    assert direction_conflict("Pressure rose above its target.", "Pressure fell below its target.")


def test_a_relative_clause_cut_from_its_antecedent() -> None:
    assert opens_relative("anyone whose first high-sensitivity troponin is under 5 ng/L,")
    assert opens_relative("where it should be given after the session.")
    assert not opens_relative("Where needed, the dose is halved.")


def test_decline_frames_a_finding() -> None:
    sentence = "Within the usual range, the lithium level was not associated with the rate of kidney function decline."
    (finding,) = null_findings(sentence)
    assert "decli" not in finding.subject
    assert null_finding_conflict(
        "within the usual range the lithium level sped up how fast kidney function fell.", sentence
    )


def test_a_clause_with_a_verb_of_its_own_after_and_is_not_the_findings_subject() -> None:
    sentence = (
        "All-cause mortality in the trial did not differ significantly between arms, and the model assumed no "
        "survival benefit."
    )
    assert [f.subject for f in null_findings(sentence)] == [frozenset({"morta"})]
    assert null_finding_conflict("since the trial showed a significant reduction in death.", sentence)


def test_neither_denies_occurrence() -> None:
    sentence = "Two patients had acute kidney injury; neither required dialysis."
    assert null_finding_conflict("and two had kidney injury that needed dialysis.", sentence)
    assert not null_finding_conflict("and two had kidney injury that did not need dialysis.", sentence)


def test_a_stay_days_less_names_the_length_of_stay() -> None:
    sentence = "Length of stay for those admitted did not differ between the two groups (median 5 days in both)."
    assert null_finding_conflict("and those who were admitted stayed two days less.", sentence)


def test_a_report_that_found_none() -> None:
    sentence = "B and C: Chronic quiescent colitis. Negative for dysplasia."
    assert null_finding_conflict("and found low-grade dysplasia.", "Negative for dysplasia.")
    assert not null_finding_conflict("The biopsies showed no dysplasia.", "Negative for dysplasia.")
    # the second item of a list whose denial came before it asserts nothing of its own
    assert not null_finding_conflict("and left colon showed dysplasia,", sentence)
    (both, *each) = null_findings("Conclusion: no evidence of dysplasia or malignancy.")
    assert both.subject == {"dyspl", "malig"} and [f.subject for f in each] == [{"dyspl"}, {"malig"}]


def test_roman_stage_numbers_and_bounds_after_a_figure_feed_the_lexical_head_right() -> None:
    from medhal.text.lexical import numbers

    assert numbers("NEC of Bell stage II or higher") == {"2"}
    assert not direction_conflict(
        "treatment failure was lower with immediate antibiotics (17% vs 31%).",
        "In a subgroup with a CRP of 40 mg/L or higher, treatment failure occurred in 17% and 31%.",
    )


def test_a_threshold_the_evidence_also_states_the_units_way_is_not_turned() -> None:
    evidence = (
        "The cut-off was 500 for patients younger than 50 years and age x 10 for those aged 50 years or older. "
        "In patients younger than 50, the two strategies were identical."
    )
    sentence = "In patients younger than 50, the two strategies were identical."
    assert not bound_conflicts("an age-adjusted cut-off for patients aged 50 and over,", sentence, evidence)
    assert bound_conflicts("an age-adjusted cut-off for patients aged 50 and over,", sentence)
