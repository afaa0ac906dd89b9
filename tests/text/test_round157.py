"""Rounds 157-160 (research abstracts) and the readings left from rounds 145-156: each reading mended at its cause,
with the wrong reading it must still make."""

from __future__ import annotations

from medhal.text import split_units
from medhal.text.assertions import opens_predicate
from medhal.text.bracket_order import bracket_agrees, bracket_conflict, bracket_turned
from medhal.text.comparisons import unit_comparison
from medhal.text.derived import round_count
from medhal.text.drug_names import named_drugs
from medhal.text.effects import unnamed_outcome
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.findings import contradicts, finding_parts, null_findings
from medhal.text.fragments import states_no_predicate
from medhal.text.harmonize import harmonized
from medhal.text.intervals import intervals
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.ratio_direction import ratio_turned
from medhal.text.ratios import ratio_conflicts
from medhal.text.significance import is_null_value
from medhal.text.synonyms import alignment_tokens


def test_a_unit_with_a_denominator_after_a_bracketed_spread() -> None:
    # round 153: "about 14,800 vs 24,600 U/L" restates "14,820 [SD 3,110] vs 24,560 [SD 4,270] U/L"
    evidence = "Pentoxifylline reduced serum amylase (mean 14,820 [SD 3,110] vs 24,560 [SD 4,270] U/L; p<0.001)."
    assert [q.kind for q in quantities(evidence)][2] == "units/l"
    assert unstated_quantities("serum amylase was lower (about 14,800 vs 24,600 U/L).", evidence) == []
    # a figure far from the evidence's is still unstated
    assert [q.text for q in unstated_quantities("amylase was lower (about 14,800 vs 34,600 U/L).", evidence)] == [
        "34,600 U"
    ]


def test_a_number_set_against_a_rate_takes_the_rate() -> None:
    # round 138's "about 19 versus 17 g/kg/day" against "18.9 (2.6) g/kg/day ... versus 17.1 (2.8) g/kg/day"
    evidence = (
        "Mean (SD) weight gain velocity was 18.9 (2.6) g/kg/day in the higher-protein group versus 17.1 (2.8) "
        "g/kg/day in the standard group."
    )
    assert [q.kind for q in quantities("averaging about 19 versus 17 g/kg/day")] == ["mass/kg/day"] * 2
    assert unstated_quantities("averaging about 19 versus 17 g/kg/day", evidence) == []
    assert [q.text for q in unstated_quantities("averaging 18.9 versus 27.1 g/kg/day", evidence)] == ["27.1 g"]


def test_a_level_rounded_to_three_figures_restates_it() -> None:
    # round 153: "24,600 U/L with vehicle" for "24,560 [SD 4,270] U/L" conflicted with the other arm's 14,820
    evidence = "Pentoxifylline reduced serum amylase (mean 14,820 [SD 3,110] vs 24,560 [SD 4,270] U/L; p<0.001)."
    assert number_conflicts("Serum amylase was 24,600 U/L with vehicle.", evidence, evidence) == []
    conflicts = number_conflicts("Serum amylase was 30,000 U/L with vehicle.", evidence, evidence)
    assert [(q.text, e.text) for q, e in conflicts] == [("30,000 U", "14,820")]
    # only to three figures: a dose rounded to its thousands is another dose
    assert not round_count(quantities("2,000 mg")[0], quantities("1,600 mg")[0])
    assert round_count(quantities("24,600 U/L")[0], quantities("24,560 U/L")[0])
    # the encoder reads the evidence's figure with the answer's unit, not a bare "24,560/L"
    assert harmonized("Serum amylase was 24,600 U/L.", evidence) == "Serum amylase was 24,560 U/L."


def test_a_period_of_time_is_no_group_compared() -> None:
    # round 147: "required less insulin in the first week" was read as a comparison of the group "first week"
    # (since session 31 the group its people were given is read: hydrocortisone, never the period)
    claim = unit_comparison("Patients given hydrocortisone required less insulin in the first week.")
    assert claim is not None and claim.group == "hydrocortisone" and not claim.up and claim.measure == {"insul"}
    assert unit_comparison("Women on the drug had fewer falls in the first year.") is None
    claim = unit_comparison("Infection was more common in the drain group.")
    assert claim is not None and claim.group == "drain" and claim.up


def test_an_acronym_before_a_lower_case_joint_is_given() -> None:
    # round 155: "eosinophilic CRS with nasal polyps" where the abstract writes only "CRSwNP"
    evidence = "Type 2 inflammation drives eosinophilic chronic rhinosinusitis with nasal polyps (CRSwNP) in mice."
    assert unstated_names("In this model of eosinophilic CRS with nasal polyps, lesions fell.", evidence) == ()
    # another acronym is still a name the evidence never gives
    assert unstated_names("In this model of aspirin-exacerbated AERD, lesions fell.", evidence) == ("AERD",)


def test_rounds_157_to_160_readings() -> None:
    # round 157: the null value an interval crosses is no figure the evidence must state
    unit = "but not for acral lesions, where the confidence interval crossed 1."
    assert [is_null_value(unit, q) for q in quantities(unit)] == [True]
    assert [is_null_value("the odds ratio was 1 in smokers", q) for q in quantities("the odds ratio was 1")] == [False]
    # round 158: "five monthly 400 mg injections" are five injections a month apart, not every five months
    assert [(i.text, i.days) for i in intervals("given five monthly 400 mg injections,")] == [("monthly", 30.4375)]
    assert [i.text for i in intervals("3 monthly blood tests")] == ["3 monthly"]
    # round 159: "but was unchanged with e-cigarette aerosol" reports nothing about the aerosol itself
    assert null_findings("The ratio fell by 52% with cigarette smoke but was unchanged with e-cigarette aerosol.") == ()
    # round 159: "doubled median PFS, from 10.6 to 22.4 months (HR 0.45)": the ratio is of the hazard
    sentence = "Median PFS was 22.4 months with niraparib versus 10.6 months with placebo (HR 0.45, 95% CI 0.33-0.60)."
    assert ratio_conflicts("niraparib roughly doubled median PFS, from 10.6 to 22.4 months (HR 0.45).", sentence) == []
    assert ratio_conflicts(
        "Taking a statin roughly doubled the risk of delirium.", "Statin use: a lower risk of delirium (HR 0.47)."
    )
    # round 158: "No child died, | and 3 (0.03%) had cardiac arrest": two findings
    parts = finding_parts("No child died, and 3 (0.03%) had cardiac arrest related to respiratory events.")
    assert parts == ["No child died", "and 3 (0.03%) had cardiac arrest related to respiratory events."]
    assert len(finding_parts("Rash occurred in 5%, 7%, and 3% of patients.")) == 1
    # round 160: "aORs" is the plural of the abstract's "aOR"
    assert unstated_names("were more likely not to finish (aORs 1.83 and 1.36).", "(aOR 1.83, 95% CI 1.2-2.8)") == ()


def test_a_disease_model_is_no_outcome_a_null_finding_is_about() -> None:
    # round 160: "without lowering sFlt-1" against "protected fetuses in a model of ... caused by excess sFlt-1"
    sentence = "In a mouse model of sFlt-1-mediated disease, pravastatin reduced fetal demise without lowering sFlt-1."
    (finding,) = null_findings(sentence)
    assert not contradicts("pravastatin protected fetuses in a model of disease caused by excess sFlt-1.", finding)
    assert contradicts("pravastatin lowered sFlt-1 in a mouse model of placental insufficiency.", finding)


def test_rounds_157_to_160_fragments_and_groups() -> None:
    # round 158: "children who did and did not receive diuretics" is one group of both, not two clauses
    text = "Mortality did not differ between children who did and did not receive diuretics or dialysis."
    assert [s.text for s in split_units(text, "clause")] == [text]
    assert [s.text for s in split_units("Rates were similar with and without diabetes.", "clause")] == [
        "Rates were similar with and without diabetes."
    ]
    # a predicate cut from its subject, and a cause referred back to, assert nothing alone (rounds 157, 159)
    assert opens_predicate("and has a different side-effect profile.")
    assert not opens_predicate("It has a different profile.") and not opens_predicate("and caused more nausea.")
    assert states_no_predicate("because of it, compared with none in the fluticasone group.")
    assert not states_no_predicate("because of it, 5 patients stopped.")
    # round 157: "omalizumab-treated" names omalizumab, so the sentence is not another drug's
    assert frozenset({"omalizumab"}) in named_drugs("in 35.6% of omalizumab-treated and 61.0% of ciclosporin-treated")
    # round 159: a comparative its own figures bear out, in the sentence's order
    sentence = "Weight loss of more than 10% occurred in 20% versus 33% (p=0.011)."
    assert bracket_agrees("Weight loss of more than 10% was also less frequent, at 20% versus 33%.", sentence)
    assert not bracket_agrees("Weight loss of more than 10% was also more frequent, at 20% versus 33%.", sentence)


def test_a_comparative_turned_against_the_same_bracketed_figures() -> None:
    # round 160: "less common with intradermal injection (34.8% vs 21.5%)" against "more common with ID
    # administration (34.8% vs 21.5%)": the group's name differs, so no comparison cue read it
    said = ["Local reactions were more common with ID administration (34.8% vs 21.5%; p<0.001) but were mild."]
    assert bracket_turned("Local reactions were less common with intradermal injection (34.8% vs 21.5%)", said) == 0
    assert bracket_turned("Local reactions were more common with intradermal injection (34.8% vs 21.5%)", said) is None
    assert bracket_turned("Local reactions were not less common with ID (34.8% vs 21.5%)", said) is None
    # round 160: a comparative its own figures either side of "than" deny, in the evidence's order
    subgroups = ["The increase was larger when started within 21 days (MD 118 mL/day) than later (MD 52 mL/day)."]
    unit = "The gain was smaller when treatment began within 21 days (about 118 mL/day) than later (about 52 mL/day)."
    assert bracket_conflict(unit, subgroups) == 0
    assert bracket_conflict(unit.replace("smaller", "larger"), subgroups) is None
    # "more limited (50 degrees) than ... (65 degrees)": the word after "more" says which way (round 100)
    neck = ["Rotation: right 50 degrees, left 65 degrees."]
    assert bracket_conflict("turning right was more limited (50 degrees) than turning left (65 degrees),", neck) is None


def test_a_ratio_direction_told_against_a_group() -> None:
    # round 159: "more common than with varenicline (RR 0.71)" against "... than with placebo (RR 1.34, ...) but less
    # frequent than with varenicline (RR 0.71, ...)": the words of the other ratio are not this one's
    evidence = [
        "Gastrointestinal adverse events were more frequent with cytisine than with placebo (RR 1.34, 95% CI "
        "1.12-1.61) but less frequent than with varenicline (RR 0.71, 95% CI 0.58-0.87)."
    ]
    assert ratio_turned("and also more common than with varenicline (RR 0.71).", evidence) == 0
    assert ratio_turned("and less common than with varenicline (RR 0.71).", evidence) is None
    # a threshold is no direction
    assert ratio_turned("A V20 lower than 30% doubled the hazard (HR 2.21)", ["It doubled it (HR 2.21)."]) is None


def test_the_need_for_something_is_the_outcome_changed() -> None:
    # round 158: "Balanced fluids also reduced the need for mechanical ventilation." where the abstract never speaks
    # of ventilation: "the need" alone was cut before what completes it
    evidence = "Balanced crystalloids did not reduce acute kidney injury or mortality in children with septic shock."
    unit = "Balanced fluids also reduced the need for mechanical ventilation."
    assert unnamed_outcome(unit, evidence, alignment_tokens(evidence)) == "the need for mechanical ventilation"
    named = alignment_tokens(evidence)
    assert unnamed_outcome("Balanced fluids reduced the need for kidney injury care.", evidence, named) is None


def test_full_run_regressions_mended() -> None:
    # round 146: "6 monthly boosters" against "6 monthly booster sessions": six boosters a month apart, both
    assert [i.text for i in intervals("followed by 6 monthly booster sessions")] == ["monthly"]
    assert [i.text for i in intervals("plus 6 monthly boosters.")] == ["monthly"]
    # round 151: "48 vs 29 mg per 24 hours" for "48 [IQR 35-66] vs 29 [IQR 21-40] mg/24 h", a rate per day both
    evidence = "Proteinuria was higher with everolimus (median 48 [IQR 35-66] vs 29 [IQR 21-40] mg/24 h; p=0.01)."
    unit = "However, everolimus-treated rats had more protein in the urine (median 48 vs 29 mg per 24 hours)."
    assert unstated_quantities(unit, evidence) == []
    assert [q.text for q in unstated_quantities(unit.replace("48", "58"), evidence)] == ["58"]
