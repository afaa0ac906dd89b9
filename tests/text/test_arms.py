"""A trial's arms and the figures a results sentence gives each (text/arms.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.arms import (
    arm_figures,
    converse,
    moved_figures,
    negated_converse,
    respective_figures,
    trial_arms,
)
from medhal.text.comparisons import comparison_conflict

METHODS = (
    "Methods: 872 adults with septic shock were randomly assigned to intravenous vitamin C (50 mg per kilogram "
    "every 6 hours for up to 96 hours) or matched placebo."
)
ARMS = ("intravenous vitamin C", "matched placebo")
PRIMARY = (
    "The primary outcome occurred in 191 of 429 patients (44.5%) in the vitamin C group and in 167 of 434 patients "
    "(38.5%) in the placebo group (risk ratio 1.21; 95% CI 1.04 to 1.40; P = 0.01)."
)
DEATH = "Death at 28 days occurred in 35.4% and 31.6%, respectively (risk ratio 1.17; 95% CI 0.98 to 1.40)."


def test_an_arm_followed_by_its_dose_in_brackets_is_read() -> None:
    assert trial_arms(METHODS) == ARMS


def test_figures_given_each_arm() -> None:
    assert arm_figures(PRIMARY, ARMS) == {44.5: "intravenous vitamin C", 38.5: "matched placebo"}
    assert arm_figures(DEATH, ARMS) == {35.4: "intravenous vitamin C", 31.6: "matched placebo"}
    # a sentence naming its arms gives them its own order, never the methods'
    assert respective_figures("It was 31.6% with placebo and 35.4% with vitamin C, respectively.", ARMS) == []


def test_a_figure_moved_to_the_other_arm() -> None:
    wrong = "Intravenous vitamin C reduced the combined risk of death or organ dysfunction (38.5% vs 44.5%)."
    assert moved_figures(wrong, [DEATH, PRIMARY], ARMS) == (1, 38.5, 44.5)
    right = "Intravenous vitamin C increased the combined risk of death or organ dysfunction (44.5% vs 38.5%)."
    assert moved_figures(right, [DEATH, PRIMARY], ARMS) is None
    # a unit naming both arms may list them in either order
    both = "Compared with placebo, vitamin C increased the risk (38.5% vs 44.5%)."
    assert moved_figures(both, [PRIMARY], ARMS) is None


def test_a_comparison_is_read_against_figures_given_respectively() -> None:
    assert comparison_conflict("Mortality alone was significantly lower with vitamin C.", DEATH, ARMS)
    assert not comparison_conflict("Mortality was higher with vitamin C.", DEATH, ARMS)


GLUCOSE_METHODS = (
    "Methods: 1,151 adults with hyperglycaemia were randomly assigned to intensive treatment with continuous "
    "intravenous insulin targeting a blood glucose of 80-130 mg/dL or to standard treatment with subcutaneous insulin "
    "on a sliding scale targeting 80-179 mg/dL, for up to 72 hours."
)
GLUCOSE_RESULT = (
    "A favourable outcome occurred in 20.5% of the intensive-treatment group and 21.6% of the standard-treatment group."
)


def test_arms_described_at_length_are_read_up_to_or_to() -> None:
    arms = trial_arms(GLUCOSE_METHODS)
    assert arms == ("intensive treatment", "standard treatment")
    # the word both arms share ("treatment") names neither; the one that tells them apart names each
    assert arm_figures(GLUCOSE_RESULT, arms) == {20.5: "intensive treatment", 21.6: "standard treatment"}


def test_a_unit_naming_both_arms_gives_the_first_figure_to_the_arm_it_names_first() -> None:
    arms = trial_arms(GLUCOSE_METHODS)
    unit = "Tight glucose control improved function compared with standard sliding-scale insulin ({})."
    # "tight control" is the intensive arm, read across its two words
    assert moved_figures(unit.format("21.6% vs 20.5%"), [GLUCOSE_RESULT], arms) == (0, 21.6, 20.5)
    assert moved_figures(unit.format("20.5% vs 21.6%"), [GLUCOSE_RESULT], arms) is None
    # opening with the comparison, the words' order is not the figures'
    opened = "Compared with standard insulin, tight control improved function (21.6% vs 20.5%)."
    assert moved_figures(opened, [GLUCOSE_RESULT], arms) is None


OVIVA_ARMS = ("continue intravenous antibiotics", "switch to oral antibiotics")
CATHETER = (
    "Catheter complications were more common with intravenous therapy (9.4% vs 1.0%), and the median hospital stay "
    "was 14 days with intravenous and 11 days with oral therapy."
)


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        ("Catheter problems were far less frequent with oral treatment.", True),  # less with one arm, more with other
        ("Catheter problems were more frequent with oral treatment.", False),  # the opposite finding
        ("Catheter problems were less frequent with intravenous treatment.", False),
        ("Catheter problems were not less frequent with oral treatment.", False),  # negated
        ("Hospital stay was shorter with oral treatment.", False),  # "shorter" says no way the cue reads
        ("Mortality was lower with oral treatment.", False),  # speaks of nothing the piece does
    ],
)
def test_a_comparison_told_from_the_other_arm(unit: str, expected: bool) -> None:
    assert converse(unit, CATHETER, OVIVA_ARMS) is expected
    assert not converse(unit, CATHETER, None)


PARACETAMOL = (
    "Fever of 39°C or higher occurred in 8% of infants and was more frequent when paracetamol was not given "
    "prophylactically (13% vs 4%)."
)


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        ("High fever was less frequent when paracetamol was given prophylactically.", True),
        ("High fever was less common when infants were given paracetamol prophylactically.", True),
        # one turn only: the direction, or the condition
        ("High fever was more frequent when paracetamol was given prophylactically.", False),
        ("High fever was less frequent when paracetamol was not given prophylactically.", False),
        ("High fever was less frequent without prophylactic paracetamol.", False),
        ("Fever occurred in 8% of infants.", False),  # no direction
    ],
)
def test_direction_and_condition_both_turned(unit: str, expected: bool) -> None:
    assert negated_converse(unit, PARACETAMOL) is expected


def test_the_one_arm_named_as_the_comparator_holds_the_second_figure() -> None:
    # round 18: "did not significantly lower death ... compared with a restrictive threshold (14.5% vs 16.9%)" was
    # read as giving the restrictive arm 14.5%
    arms = ("a restrictive strategy", "a liberal strategy")
    result = "Death occurred in 16.9% of the restrictive group and 14.5% of the liberal group."
    faithful = "Transfusing more did not lower death compared with a restrictive threshold (14.5% vs 16.9%)."
    assert moved_figures(faithful, [result], arms) is None
    moved = "Transfusing more did not lower death compared with a restrictive threshold (16.9% vs 14.5%)."
    assert moved_figures(moved, [result], arms) == (0, 16.9, 14.5)
    assert (
        moved_figures("Death was about as common as with a restrictive threshold (14.5% vs 16.9%).", [result], arms)
        is None
    )


def test_two_percentages_alone_are_the_arms_in_turn() -> None:
    # round 18: "increased maternal infection (6.3% vs 4.8%)" against "occurred in 4.8% and 6.3%" was supported
    arms = ("intramuscular dexamethasone", "placebo")
    result = "Possible maternal bacterial infection occurred in 4.8% and 6.3%."
    assert moved_figures("Dexamethasone increased maternal infection (6.3% vs 4.8%).", [result], arms) == (0, 6.3, 4.8)
    assert moved_figures("Dexamethasone lowered maternal infection (4.8% vs 6.3%).", [result], arms) is None
    # a range, or figures of one arm, give the arms nothing
    assert respective_figures("Rates ranged between 4.8% and 6.3%.", arms) == []


def test_figures_in_brackets_after_a_comparison_in_words_belong_to_the_arm_it_names() -> None:
    arms = ("a direct switch", "a 2-week cross-taper")
    sentence = (
        "Discontinuation symptoms at week 1 were more frequent after direct switch (22% vs 13%; OR 1.87, 95% CI "
        "1.04-3.38), but did not differ by week 4 (6% vs 5%)."
    )
    assert arm_figures(sentence, arms) == {22.0: "a direct switch", 13.0: "a 2-week cross-taper"}
    evidence = ["Adults were randomised to a direct switch or a 2-week cross-taper.", sentence]
    moved = "The cross-taper did cause more discontinuation symptoms in the first week (22% versus 13%)."
    assert moved_figures(moved, evidence, arms) == (1, 22.0, 13.0)
    assert moved_figures(moved.replace("cross-taper", "direct switch"), evidence, arms) is None
    # set against the named arm: the first figure is the other arm's
    against = "Symptoms were less frequent than after direct switch (13% vs 22%)."
    assert arm_figures(against, arms) == {13.0: "a 2-week cross-taper", 22.0: "a direct switch"}


SUGAMMADEX = (
    "Sugammadex versus neostigmine for reversal of neuromuscular blockade in older adults: a propensity-matched "
    "cohort study\n\nMethods: Patients reversed with sugammadex were matched 1:1 to those reversed with neostigmine."
)


def test_a_cohort_without_an_assignment_takes_the_arms_its_title_compares() -> None:
    # round 35: a cohort names no assignment, so "2.1% versus 3.7%" belonged to no arm
    assert trial_arms(SUGAMMADEX) == ("Sugammadex", "neostigmine")
    assert trial_arms("Sugammadex and neostigmine in older adults\n\nMethods: a cohort.") is None
    # an assignment in the methods outranks the title
    assigned = "A versus B for pain\n\nMethods: 200 adults were randomly assigned to ibuprofen or placebo."
    assert trial_arms(assigned) == ("ibuprofen", "placebo")


def test_two_figures_joined_by_versus_go_to_the_arms_in_turn() -> None:
    arms = ("sugammadex", "neostigmine")
    assert respective_figures("Pneumonia occurred in 2.1% versus 3.7% (p=0.008).", arms) == [
        (2.1, "sugammadex"),
        (3.7, "neostigmine"),
    ]
    pneumonia = "Pneumonia occurred in 2.1% versus 3.7% (p=0.008)."
    assert comparison_conflict("Pneumonia in particular was more common with sugammadex,", pneumonia, arms)
    assert not comparison_conflict("Pneumonia in particular was less common with sugammadex,", pneumonia, arms)


def test_the_arms_come_in_the_order_the_results_give_them_figures() -> None:
    # round 34: "Anaemia was present in 12.4% vs 15.1%" listed extended SMC first, as the results do
    smc = (
        "Villages were randomised to standard SMC or extended SMC. RESULTS: We enrolled 9,842 children (4,903 in "
        "extended and 4,939 in standard villages). Anaemia was present in 12.4% vs 15.1% (p=0.09)."
    )
    assert trial_arms(smc) == ("extended SMC", "standard SMC")
    assert respective_figures("Anaemia was present in 12.4% vs 15.1% (p=0.09).", ("extended SMC", "standard SMC"))[
        0
    ] == (
        12.4,
        "extended SMC",
    )
    # a name alone is no figure's arm; an arm named by what it lacks names the other too: the methods' order stands
    advice = (
        "Adults were randomly assigned to physiotherapy or advice. The advice group received one 60-minute session."
    )
    assert trial_arms(advice) == ("physiotherapy", "advice")
    stockings = (
        "Patients were randomly assigned to knee-length ECS or no stockings. Adherence was 71% in the stocking "
        "group and 0% in the other group."
    )
    assert trial_arms(stockings) == ("knee-length ECS", "no stockings")


STATIN_ARMS = ("atorvastatin 20 mg daily", "no statin")
STATIN_RESULT = "New-onset diabetes occurred in 3.9% versus 2.8% (p=0.11)."


@pytest.mark.parametrize(
    ("unit", "moved"),
    [
        # round 40: "the statin" is what the arm "no statin" goes without, so it names the other arm
        ("New diabetes was slightly more common with the statin (3.9% vs 2.8%),", False),
        ("New diabetes was slightly less common with the statin (2.8% vs 3.9%),", True),
        ("New diabetes was less common in the no-statin group (2.8% vs 3.9%),", False),
        ("New diabetes was less common in those with no statin (2.8% vs 3.9%),", False),
        ("New diabetes was more common without a statin (3.9% vs 2.8%),", True),
    ],
)
def test_an_arm_named_for_what_it_goes_without(unit: str, moved: bool) -> None:
    assert (moved_figures(unit, [STATIN_RESULT], STATIN_ARMS) is not None) is moved
