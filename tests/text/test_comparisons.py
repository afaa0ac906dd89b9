"""The reversed-comparison cue (text/comparisons.py): figures by group against a unit's comparison."""

from __future__ import annotations

import pytest

from medhal.text.comparisons import (
    GroupFigure,
    change_order,
    comparison_conflict,
    group_figures,
    reverses,
    trial_arms,
    unit_comparison,
)
from medhal.text.synonyms import alignment_tokens
from medhal.text.unnamed import comparison_subject, never_named, unnamed_subject

SAFETY = (
    "Serious adverse events related to rhythm-control therapy occurred in 4.9% of the patients assigned to early "
    "rhythm control and in 1.4% of those assigned to usual care."
)
DOSES = (
    "After a median follow-up of 71.5 months, the 5-year incidence of ipsilateral breast tumour relapse was 2.1% "
    "with 40 Gy, 1.7% with 27 Gy and 1.4% with 26 Gy."
)
TRIAL = (
    "Results: The primary end point occurred in 5.6% of the colchicine group and 7.9% of the placebo group "
    "(hazard ratio 0.70; 95% CI 0.52 to 0.94)."
)


@pytest.mark.parametrize(
    ("part", "expected"),
    [
        (SAFETY, [(4.9, "early rhythm control"), (1.4, "usual care")]),
        (DOSES, [(2.1, "40 Gy"), (1.7, "27 Gy"), (1.4, "26 Gy")]),
        (TRIAL, [(5.6, "colchicine"), (7.9, "placebo")]),
        (
            "Stroke occurred at 0.8% per year with apixaban and 1.3% per year with aspirin.",
            [(0.8, "apixaban"), (1.3, "aspirin")],
        ),
        (
            "The primary outcome occurred in 13.8% in the empagliflozin group and 17.1% in the placebo group.",
            [(13.8, "empagliflozin"), (17.1, "placebo")],
        ),
    ],
)
def test_figures_are_read_with_their_groups(part: str, expected: list[tuple[float, str]]) -> None:
    assert group_figures(part) == [GroupFigure(v, g) for v, g in expected]


@pytest.mark.parametrize(
    "part",
    [
        "HbA1c fell by 1.2% with metformin and 0.5% with placebo.",  # changes: the larger fall is the lower level
        "Condom use increased from 51% in 1988 to 73% in 1996.",  # a change over time, not groups
        "Weight was reduced 5% with semaglutide and 2% with placebo.",
        "The 95% CI excluded 1 in the treated group.",  # no group figure pair
    ],
)
def test_changes_and_statistics_order_no_groups(part: str) -> None:
    assert len(group_figures(part)) < 2


def test_a_unit_makes_one_comparison_of_a_named_group() -> None:
    claim = unit_comparison("Breast induration was more common with 26 Gy than with 40 Gy.")
    assert claim is not None and (claim.group, claim.rival, claim.up) == ("26 Gy", "40 Gy", True)
    claim = unit_comparison("The detection rate was lower among the Sami compared with the non-Sami group.")
    assert claim is not None and (claim.group, claim.rival, claim.up) == ("Sami", "non-Sami", False)
    assert unit_comparison("Serious adverse events were not less frequent with early rhythm control.") is None
    assert unit_comparison("Mortality was lower.") is None  # no group named
    assert unit_comparison("Patients with more than 2 comorbidities in the elderly cohort.") is None  # a threshold
    # the group after "than" is the rival, never the group the comparative is said of
    assert unit_comparison("Gastrointestinal side effects were more common than with placebo.") is None
    figures = "Gastrointestinal adverse events occurred in 18% with metformin and 9% with placebo."
    assert not comparison_conflict("Gastrointestinal side effects were more common than with placebo.", figures)
    assert unit_comparison("Pain was lower with A and fatigue was higher with B.") is None  # two comparisons


ADD_ON = (
    "Grade 3 or 4 treatment-related adverse events occurred in 59% of patients receiving nivolumab plus chemotherapy "
    "and 44% of those receiving chemotherapy alone."
)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("Serious adverse events of rhythm-control therapy were less frequent with early rhythm control.", SAFETY),
        ("Serious adverse events related to rhythm-control therapy were more common with usual care.", SAFETY),
        ("Breast tumour relapse was higher with 26 Gy than with 40 Gy.", DOSES),
        ("Relapse was less common with 40 Gy than with 27 Gy.", DOSES),
        ("The primary end point was lower in the placebo group.", TRIAL),
        # "stronger" and "weaker" compare too
        ("The association was stronger in women.", "The association was stronger in men than in women."),
        # "the combination" is the group that adds a treatment; "grade 3 or 4" adverse events are the severe ones
        ("Severe treatment-related adverse events were less frequent with the combination.", ADD_ON),
    ],
)
def test_a_comparison_the_figures_reverse_is_contradicted(unit: str, sentence: str) -> None:
    assert comparison_conflict(unit, sentence)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        # faithful comparisons
        ("Serious adverse events of rhythm-control therapy were more frequent with early rhythm control.", SAFETY),
        (
            "Serious adverse events of rhythm-control therapy were more frequent with early rhythm control "
            "(4.9% vs 1.4%).",
            SAFETY,
        ),
        ("Relapse was lower with 26 Gy than with 40 Gy.", DOSES),
        ("The primary end point was lower in the colchicine group.", TRIAL),
        # another measure: the sentence's figures say nothing about it
        ("Strokes were less frequent with early rhythm control.", SAFETY),
        # three groups and no rival named: which one is compared is not said
        ("Relapse was higher with 26 Gy.", DOSES),
        # a group the sentence does not name
        ("Relapse was higher with 30 Gy than with 40 Gy.", DOSES),
        # a clause that leaves its measure to the clause before
        (
            "however, was more frequent with apixaban,",
            "Stroke occurred at 0.8% per year with apixaban and 1.3% per year with aspirin.",
        ),
        # hedged or negated
        ("Serious adverse events were not less frequent with early rhythm control.", SAFETY),
        ("Severe treatment-related adverse events were more frequent with the combination.", ADD_ON),
        ("The association was weaker in women.", "The association was stronger in men than in women."),
        # "the combination" names no group when no group adds a treatment
        (
            "Severe treatment-related adverse events were less frequent with the combination.",
            ADD_ON.replace(" plus chemotherapy", "").replace("chemotherapy alone", "chemotherapy"),
        ),
        # a complement is not read as the measure (it would reverse the direction)
        ("Survival free of the primary end point was lower in the colchicine group.", TRIAL),
    ],
)
def test_faithful_or_unrelated_comparisons_are_not(unit: str, sentence: str) -> None:
    assert not comparison_conflict(unit, sentence)


def test_levels_reported_by_the_patients_of_each_group_are_levels() -> None:
    sentence = (
        "Adverse events were reported by 12% of the patients assigned to prednisolone and by 8% of those assigned "
        "to placebo; none were serious."
    )
    assert comparison_conflict("Adverse events were less common with prednisolone than with placebo.", sentence)
    assert not comparison_conflict("Adverse events were more common with prednisolone than with placebo.", sentence)
    # "by" before an amount is a change, whatever else the part says
    assert group_figures("HbA1c was lower by 0.5% with metformin and by 0.3% with placebo.") == []


def test_changes_never_fire() -> None:
    sentence = "HbA1c fell by 1.2% with metformin and by 0.5% with placebo."
    assert not comparison_conflict("HbA1c was higher with metformin than with placebo.", sentence)
    assert not comparison_conflict("HbA1c was lower with metformin than with placebo.", sentence)


PEANUT = (
    "Among the 518 infants with a negative skin-prick test at baseline, peanut allergy at 60 months was 14.1% with "
    "avoidance and 2.0% with consumption (p < 0.001)."
)
WORDS = (
    "Diarrhoea was reported in 9.4% of recipients, and pneumonia was more frequent with colchicine (0.9% versus 0.4%)."
)


@pytest.mark.parametrize(
    ("unit", "sentence", "expected"),
    [
        # a group named with a modifier the sentence leaves out, and a duration in other units
        ("Peanut allergy at five years was far more common with early consumption than with avoidance.", PEANUT, True),
        ("Peanut allergy at five years was far less common with early consumption than with avoidance.", PEANUT, False),
        # another time point: the sentence's figures say nothing about it
        ("Peanut allergy at one year was more common with early consumption than with avoidance.", PEANUT, False),
        # a comparison in words, reversed: the same group with the opposite comparative, or the rival said to have more
        ("Pneumonia was less frequent with colchicine.", WORDS, True),
        ("Pneumonia was more frequent with colchicine.", WORDS, False),
        # a group the sentence does not name: in a trial of three arms it need not be the other one
        ("Pneumonia was more common with placebo than with colchicine.", WORDS, False),
        ("Pneumonia occurred more often in the placebo group.", WORDS, False),
        # the sentence compares another measure
        ("Diarrhoea was less frequent with colchicine.", WORDS, False),
        (
            "Pneumonia was less frequent with colchicine.",
            "Among patients with pneumonia, death was higher with colchicine.",
            False,
        ),
        (
            "Stroke was more common with placebo.",
            "Stroke was more common with placebo than with apixaban.",
            False,
        ),
        (
            "Stroke was less common with placebo.",
            "Stroke was more common with placebo than with apixaban.",
            True,
        ),
    ],
)
def test_groups_named_loosely_durations_and_comparisons_in_words(unit: str, sentence: str, expected: bool) -> None:
    assert comparison_conflict(unit, sentence) is expected


@pytest.mark.parametrize(
    ("unit", "subject"),
    [
        ("Low sodium was more common among participants who switched to chlorthalidone.", "Low sodium"),
        ("Gestational diabetes was also less common among women who were induced.", "Gestational diabetes"),
        ("Overall, psoriasis was significantly more common with dupilumab than with placebo.", "psoriasis"),
        # no comparison of a named group, no verb right before it, an acronym: nothing to judge
        ("Low sodium was common.", None),
        ("Further research is needed to determine whether lower doses are safer in children.", None),
        ("The lifetime prevalence of IC was higher in young children.", None),
    ],
)
def test_the_subject_of_a_comparison(unit: str, subject: str | None) -> None:
    assert comparison_subject(unit) == subject


def test_a_comparison_of_a_measure_the_evidence_never_names_is_flagged_by_its_subject() -> None:
    evidence = "Hypokalaemia was more common with chlorthalidone (6.0% versus 4.4%). Smoking was recorded at baseline."
    named = alignment_tokens(evidence)
    assert unnamed_subject("Low sodium was more common with chlorthalidone.", evidence, named) == "Low sodium"
    # named in other words (a lay phrase), or under another suffix ("smokers" / "smoking"): named
    assert unnamed_subject("Low potassium was more common with chlorthalidone.", evidence, named) is None
    assert unnamed_subject("Smokers were less likely to be admitted with chlorthalidone.", evidence, named) is None
    # framing words alone name no measure
    assert unnamed_subject("The rate was higher with chlorthalidone.", evidence, named) is None


@pytest.mark.parametrize(
    ("evidence", "arms"),
    [
        (
            "Patients were randomly assigned to colchicine 0.5 mg once daily or placebo and followed.",
            ("colchicine 0.5 mg once daily", "placebo"),
        ),
        (
            "We randomly assigned 1,118 adults to azithromycin 250 mg daily or placebo for 1 year.",
            ("azithromycin 250 mg daily", "placebo"),
        ),
        # three arms, an assignment whose first "to" is not the arms', arms one name holds the other: none
        ("Women were assigned to 40 Gy in 15 fractions, 27 Gy in 5 fractions, or 26 Gy in 5 fractions.", None),
        ("We assigned patients who were able to walk before the fracture to spinal or general anaesthesia.", None),
        ("Patients able to walk were assigned to spinal or general anaesthesia.", ("spinal", "general anaesthesia")),
        ("Patients were randomized to standard care or standard care alone.", None),
        ("No assignment is described here.", None),
    ],
)
def test_the_two_arms_of_a_trial(evidence: str, arms: tuple[str, str] | None) -> None:
    assert trial_arms(evidence) == arms


def test_a_comparison_in_words_of_one_arm_is_against_the_other() -> None:
    arms = ("azithromycin 250 mg daily", "placebo")
    sentence = "Hearing decrements were more common with azithromycin (24% versus 19%; p = 0.04)."
    assert comparison_conflict("Hearing decrements were more common with placebo.", sentence, arms)
    assert comparison_conflict("Hearing decrements were less common with azithromycin.", sentence, arms)
    assert not comparison_conflict("Hearing decrements were more common with azithromycin.", sentence, arms)
    # without the arms, placebo could be a third group
    assert not comparison_conflict("Hearing decrements were more common with placebo.", sentence)


_EDOXABAN = (
    "The annualized rate of stroke or systemic embolism was 2.3% in the edoxaban group and 6.7% in the placebo group "
    "(hazard ratio, 0.34; 95% CI, 0.19 to 0.61; P<0.001)."
)


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        # the unit names the group of its "to" level: the figures agree, whatever words it uses for the change
        ("Edoxaban 15 mg once a day cut the yearly rate of stroke or systemic embolism from 6.7% to 2.3%.", True),
        ("With edoxaban, stroke or systemic embolism went from 6.7% to 2.3% a year.", True),
        # the "from" level is the named group's: the groups the other way round
        ("Edoxaban raised the yearly rate of stroke or systemic embolism from 2.3% to 6.7%.", False),
        # a direction word against the unit's own figures, both groups or neither named, figures not by group
        ("Edoxaban increased the rate of stroke from 6.7% to 2.3%.", None),
        ("Edoxaban rather than placebo cut the rate from 6.7% to 2.3%.", None),
        ("The rate of stroke fell from 6.7% to 2.3%.", None),
        ("Edoxaban cut the rate from 6.7% to 1.3%.", None),
    ],
)
def test_a_change_between_two_groups_levels_is_read_against_the_figures_by_group(
    unit: str, expected: bool | None
) -> None:
    assert change_order(unit, _EDOXABAN) is expected


def test_a_change_within_one_group_is_no_change_between_groups() -> None:
    sentence = "HbA1c fell from 8.1% at baseline to 7.2% at 12 months with metformin."
    assert change_order("Metformin lowered HbA1c from 8.1% to 7.2%.", sentence) is None


def test_significance_words_frame_a_comparison_rather_than_name_its_measure() -> None:
    sentence = (
        "Major bleeding occurred at an annualized rate of 3.3% with edoxaban and 1.8% with placebo "
        "(hazard ratio, 1.87; 95% CI, 0.90 to 3.89; P=0.09)."
    )
    assert comparison_conflict("Major bleeding was significantly lower with edoxaban.", sentence)
    assert not comparison_conflict("Major bleeding was numerically higher with edoxaban.", sentence)


def test_larger_and_commoner_are_comparatives() -> None:
    sentence = "The volume of distribution was larger in obese patients (98 vs 52 L)."
    claim = unit_comparison("The volume of distribution was smaller in obese patients.")
    assert claim is not None and not claim.up and reverses(claim, sentence)
    claim = unit_comparison("The volume of distribution was larger in obese patients.")
    assert claim is not None and claim.up and not reverses(claim, sentence)
    claim = unit_comparison("Myocarditis was commoner with nivolumab alone.")
    assert claim is not None and claim.up


def test_how_many_people_of_a_group_had_something_is_a_comparison() -> None:
    claim = unit_comparison("More patients given iron were readmitted within eight weeks.")
    assert claim is not None and (claim.group, claim.rival, claim.up) == ("iron", None, True)
    assert claim.measure == frozenset({"readm"})
    fewer = unit_comparison("Fewer children given the higher dose than those given the lower dose needed more.")
    assert fewer is not None and (fewer.group, fewer.rival, fewer.up) == ("higher dose", "lower dose", False)
    sentence = "Readmission occurred in 13.4% of the iron group and 21.9% of the placebo group."
    assert comparison_conflict("More patients given iron were readmitted.", sentence)
    assert not comparison_conflict("Fewer patients given iron were readmitted.", sentence)
    assert unit_comparison("More patients than expected were readmitted.") is None


def test_a_finding_said_before_is_no_unnamed_measure() -> None:
    # round 34: "The improvement was larger in the most deprived areas" named no measure of its own
    evidence = "Caries prevalence fell from 47% to 40%; the decline was greater in the most deprived areas."
    tokens = alignment_tokens(evidence)
    assert unnamed_subject("The improvement was larger in the most deprived areas.", evidence, tokens) is None
    assert unnamed_subject("Gum bleeding was larger in the most deprived areas.", evidence, tokens) == "Gum bleeding"


def test_a_figure_of_a_drugs_participants_and_episodes_framing_the_measure() -> None:
    # round 42: "low blood sugar episodes were more common with tirzepatide" against "Hypoglycaemia occurred in 2.1% of
    # tirzepatide participants compared with 8.9% of glargine participants"
    sentence = (
        "Hypoglycaemia (glucose <54 mg/dL or severe) occurred in 2.1% of tirzepatide participants compared with 8.9% "
        "of glargine participants; no severe hypoglycaemia occurred with tirzepatide 15 mg."
    )
    assert [(f.value, f.group) for f in group_figures(sentence.split(";")[0])] == [
        (2.1, "tirzepatide"),
        (8.9, "glargine"),
    ]
    assert comparison_conflict("and low blood sugar episodes were more common with tirzepatide.", sentence)
    assert not comparison_conflict("and low blood sugar episodes were less common with tirzepatide.", sentence)
    # "of all participants" names no group
    assert group_figures("Nausea occurred in 12% of all participants and 3% of eligible patients.") == []


def test_episodes_frame_a_compared_measure_but_name_a_subject() -> None:
    # round 38's faithful "roughly halved the risk of another episode" had its subject's "episode" taken for a frame
    # word when "episodes" began to frame compared measures (round 42), and was flagged as naming nothing
    evidence = "Recurrent episodes of overt hepatic encephalopathy occurred in 21% with rifaximin and 46% with placebo."
    assert not never_named("the risk of another episode", evidence, alignment_tokens(evidence))
