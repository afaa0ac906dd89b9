"""Relative changes in words against the factor the evidence states between two groups (issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.ratios import both_groups_conflicts, changed_subjects, ratio_conflicts, ratio_stated, ratio_words

RESULT = (
    "The primary outcome occurred in 16.4% of patients in the dapagliflozin group and 19.5% in the placebo group "
    "(hazard ratio 0.82; 95% CI 0.73 to 0.92)."
)


@pytest.mark.parametrize(
    ("text", "factors"),
    [
        ("It halved relapses; rash was twice as common; costs tripled.", [2.0, 2.0, 3.0]),
        ("Mortality was reduced by half and falls were cut in half.", [2.0, 2.0]),
        ("a four-fold rise and a three-fold one", [4.0, 3.0]),
        ("About half of the patients responded twice.", []),
    ],
)
def test_ratio_words(text: str, factors: list[float]) -> None:
    assert [w.factor for w in ratio_words(text)] == factors


def test_a_halving_far_from_the_stated_ratio_conflicts_and_shows_the_ratio() -> None:
    ((words, figure),) = ratio_conflicts("Dapagliflozin halved the primary outcome.", RESULT)
    assert (words.text, figure.text) == ("halved", "0.82")  # a hazard ratio of 0.82 is a factor of 1.22


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        # 52% over 24% (2.17) and a hazard ratio of 0.45 (2.2) are halvings; 3.5 over 8.1 is "twice as common"
        ("The drug halved relapse.", "Relapse was 24% in the drug group and 52% in the placebo group."),
        ("The drug halved the risk of stroke.", "Stroke occurred less often (hazard ratio 0.45)."),
        (
            "Complications were twice as common with antibiotics.",
            "Complications: 8.1% with antibiotics and 3.5% with surgery.",
        ),
        # no factor stated between two groups: nothing to compare
        ("The drug halved relapse.", "Relapse occurred in 24% of patients."),
        ("Mortality fell.", RESULT),
    ],
)
def test_no_conflict_when_the_factor_fits_or_is_not_stated(unit: str, sentence: str) -> None:
    assert ratio_conflicts(unit, sentence) == []


def test_two_figures_given_respectively_are_the_two_arms() -> None:
    sentence = "Venous thromboembolism occurred in 5 patients (2.4%) and 6 patients (2.9%), respectively."
    unit = "Blood clots in the veins were about twice as common with the drug as with placebo."
    assert [(a.text, b.text) for a, b in ratio_conflicts(unit, sentence)] == [("twice as", "2.9%")]
    assert ratio_conflicts("Blood clots were twice as common.", "Clots occurred in 2.4% and 5.0%, respectively.") == []


def test_one_figure_in_each_group_is_a_factor_of_one() -> None:
    sentence = "Symptomatic intracranial haemorrhage occurred in 2% of patients in each group."
    unit = "Symptomatic intracranial haemorrhage was twice as frequent with tenecteplase."
    assert [(a.text, b.text) for a, b in ratio_conflicts(unit, sentence)] == [("twice as", "2%")]


def test_grade_3_or_4_is_no_odds_ratio() -> None:
    # "or 4" read as "OR 4" made "about twice as frequent" (18.9% vs 9.7%) a conflict with an odds ratio of 4
    sentence = (
        "Grade 3 or 4 treatment-related adverse events occurred in 18.9% of patients in the combination group and "
        "9.7% in the monotherapy group."
    )
    unit = "Severe treatment-related adverse events were about twice as frequent with the combination."
    assert ratio_conflicts(unit, sentence) == []


def test_five_to_ten_times_and_a_versus_pair_are_read() -> None:
    assert [(w.quantity.text, w.factor) for w in ratio_words("It was five times as common; a tenfold rise.")] == [
        ("five times as", 5.0),
        ("tenfold", 10.0),
    ]
    sentence = "At 52 weeks, the risk of misuse was higher in the opioid group (20% vs 10%; p=0.049)."
    assert ratio_stated("Misuse was twice as common with opioids.", sentence)
    assert [(a.text, b.text) for a, b in ratio_conflicts("Misuse was five times as common.", sentence)] == [
        ("five times as", "20%")
    ]
    # two pairs: which two groups the unit compares is not known
    assert ratio_conflicts("Misuse was five times as common.", "Misuse: 20% vs 10%; relapse: 30% vs 29%.") == []


def test_words_fitting_the_percentages_fit_though_an_odds_ratio_overstates_them() -> None:
    # round 18: "more than doubled validated quitting, from 8.6% to 22.5%" was contradicted by the odds ratio 3.08
    sentence = (
        "Results: Validated abstinence in late pregnancy was 22.5% with incentives versus 8.6% with usual care "
        "(odds ratio 3.08, 95% CI 2.06 to 4.61)."
    )
    assert ratio_conflicts("Vouchers doubled validated quitting in late pregnancy.", sentence) == []
    assert ratio_stated("Vouchers doubled validated quitting in late pregnancy.", sentence)
    # neither the odds ratio nor the percentages make a halving
    assert [w.text for w, _ in ratio_conflicts("Vouchers halved smoking in pregnancy.", "Quitting: 12% vs 10%.")] == [
        "halved"
    ]


def test_more_than_doubled_is_a_lower_bound() -> None:
    sentence = "Quitting was 16% with vouchers and 4% with usual care."
    assert ratio_conflicts("Vouchers more than doubled quitting.", sentence) == []
    assert ratio_conflicts("Vouchers doubled quitting.", sentence) != []
    assert ratio_conflicts("Vouchers more than doubled quitting.", "Quitting: 12% vs 10%.") != []


def test_two_percentages_said_of_the_groups_in_turn_give_a_factor() -> None:
    # round 18: "reduced symptomatic brain haemorrhage by half" against "occurred in 9.0% and 8.8%" was supported
    sentence = "Symptomatic intracranial haemorrhage occurred in 9.0% and 8.8%."
    ((words, shown),) = ratio_conflicts("It reduced symptomatic brain haemorrhage by half.", sentence)
    assert words.text.endswith("by half") and shown.text == "9.0%"
    assert ratio_conflicts("Haemorrhage was twice as common.", "Haemorrhage occurred in 4.9% and 1.4%, respectively.")
    assert ratio_conflicts("Recurrences were twice as frequent.", "Recurrence within 28 days was 9.9% and 12.9%.")
    # a range is no pair of groups
    assert ratio_conflicts("Haemorrhage was twice as common.", "Rates lay between 9.0% and 8.8%.") == []


def test_one_figure_given_to_both_groups_where_the_sentence_gives_each_its_own() -> None:
    # round 18: "gut side effects were just as common (56% in both groups)" for 56% and 36% was supported
    sentence = "Gastrointestinal side effects were reported by 56% with daily dosing and 36% with alternate-day dosing."
    ((mine, other),) = both_groups_conflicts("Gut side effects were just as common (56% in both groups).", sentence)
    assert (mine.text, other.text) == ("56%", "36%")
    # a figure the sentence does not give either group is the changed-number cue's, not this one's
    assert both_groups_conflicts("Gut side effects: 40% in both groups.", sentence) == []
    assert both_groups_conflicts("Gut side effects were more common with daily dosing (56%).", sentence) == []


def test_what_a_relative_change_in_words_is_said_of() -> None:
    assert changed_subjects("It tripled the risk.") == []  # "the risk" is framing, no subject
    assert [sorted(s) for s in changed_subjects("Vouchers doubled quitting in pregnancy.")] == [["quitt"]]


def test_by_half_may_come_late_but_not_before_of() -> None:
    # round 18: "lowered the risk of losing the ability to walk 400 metres by half" was no halving
    (words,) = ratio_words("It lowered the risk of losing the ability to walk 400 metres by half.")
    assert words.factor == 2.0
    assert ratio_words("It reduced pain in half of the patients.") == []


def test_a_figure_said_of_each_group_after_its_count_gives_no_factor() -> None:
    # round 19: "twice as common" against "occurred in 2 participants (0.2%) in each group"
    sentence = "Symptomatic intracranial haemorrhage occurred in 2 participants (0.2%) in each group."
    unit = "Symptomatic intracranial haemorrhage was twice as common with early treatment."
    assert [(a.text, b.text) for a, b in ratio_conflicts(unit, sentence)] == [("twice as", "0.2%")]


def test_times_the_risk_is_a_factor_and_every_stated_ratio_is_read() -> None:
    assert [w.factor for w in ratio_words("They had three times the risk at twice the dose.")] == [3.0]
    assert [w.factor for w in ratio_words("Twice the odds; two times the rate.")] == [2.0, 2.0]
    sentence = (
        "Risk increased with cumulative dose: adjusted HR 1.03 (95% CI 0.91-1.16) for 1-90 DDD, 1.12 (0.99-1.27) for "
        "91-180 DDD and 1.31 (1.15-1.49) for >180 DDD."
    )
    # far from each stated ratio; the one shown is the nearest (round 23)
    found = ratio_conflicts("People with more than 180 doses had about three times the risk.", sentence)
    assert [(a.text, b.text) for a, b in found] == [("three times the risk", "1.31")]
    # near one of them: no conflict, wherever it stands in the sentence
    assert ratio_conflicts("Hazard nearly doubled.", "HRs were 1.03 for low and 1.95 for high doses.") == []


def test_doubling_of_creatinine_is_an_outcome_not_a_relative_change() -> None:
    # round 37: "Doubling of creatinine ... (15.8% vs 14.5%)" was a changed figure against a hazard ratio of 1.09
    assert ratio_words("Doubling of serum creatinine or kidney failure happened in 15.8% vs 14.5%.") == []
    assert [w.factor for w in ratio_words("There was a doubling of risk with the higher dose.")] == [2.0]


def test_a_part_as_likely_is_the_factor_of_its_reciprocal() -> None:
    # round 38: no longer read as a share ("a quarter as likely" is no unstated 25%), so read here as a factor
    words = ratio_words("They were about a quarter as likely to need a transfusion, a third as many relapsed.")
    assert [(w.quantity.text, w.factor) for w in words] == [("a quarter as likely", 4.0), ("a third as many", 3.0)]
    assert ratio_conflicts(
        "They were a tenth as likely to need a transfusion.", "Transfusion: 18.2% vs 37.4% in the control group."
    )


def test_words_the_units_own_figures_bear_out_are_left_to_the_number_cues() -> None:
    # round 38: "a third as common (3% vs 9%)" was read against the other finding's "2% versus 0.4%"
    sentence = (
        "Oedema occurred in 3% of polypill patients versus 9% of others, whereas hypokalaemia occurred in 2% "
        "versus 0.4%."
    )
    assert ratio_conflicts("Ankle swelling was a third as common with the polypill (3% vs 9%),", sentence) == []
    assert ratio_conflicts("Ankle swelling was a third as common with the polypill,", sentence)


def test_a_change_between_two_levels_states_its_factor() -> None:
    # round 41: "The share of patients with no treated bleeds nearly doubled" (38% -> 71%) was read against the
    # bleeding rate's ratio of 0.29 in the sentence before, because the one stating it gave no factor
    sentence = "The proportion of patients with zero treated bleeds rose from 38% to 71%."
    assert ratio_stated("The share of patients with no treated bleeds nearly doubled,", sentence)
    assert not ratio_stated("The share of patients with no treated bleeds tripled,", sentence)
    assert ratio_conflicts("The share of patients with no treated bleeds tripled,", sentence)


def test_a_relative_change_told_against_the_ratios_direction_conflicts() -> None:
    # "roughly doubled the risk of delirium" where statin use gave HR 0.47: its size was read, never its direction
    sentence = (
        "Preoperative statin use was associated with a lower risk of delirium (adjusted HR 0.47, 95% CI 0.33-0.67)."
    )
    found = ratio_conflicts("Taking a statin before surgery roughly doubled the risk of delirium.", sentence)
    assert [(a.text, b.text) for a, b in found] == [("doubled", "0.47")]
    assert ratio_conflicts("Taking a statin before surgery roughly halved the risk of delirium.", sentence) == []
    # a withdrawal or a comparator may turn the ratio round; a relative change of another outcome is not this one's
    assert ratio_conflicts("Stopping statins before surgery roughly doubled the risk of delirium.", sentence) == []
    assert ratio_conflicts("Delirium was twice as likely without a statin.", sentence) == []
    assert ratio_conflicts("Taking a statin roughly doubled the risk of falls.", sentence) == []
