"""A result read as not significant from its interval (text/significance.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.significance import (
    effect_part_restated,
    effect_unshown,
    holds_null,
    nonsignificant,
    null_in_numbers,
    numbers_null_finding,
    ratio_shown,
    significance_denied,
    significant,
    unshown_effect,
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Abstinence was 7.7% and 6.9% (odds ratio 1.13; 95% CI 0.73 to 1.74).", True),
        ("Fractures occurred in 6.0% and 6.1% (hazard ratio, 0.98; 95% confidence interval, 0.89 to 1.08).", True),
        ("The mean difference was -0.2 points (95% CI -0.9 to 0.5).", True),
        ("Mortality was 9.7% and 10.2% (HR 0.95, 95% CI 0.71-1.27).", True),
        # the interval excludes the null, a P value is below 0.05, or nothing is read
        ("Transfusion was 23.3% and 38.3% (relative risk 0.61; 95% CI 0.45 to 0.82).", False),
        ("Abstinence was 7.7% and 6.9% (odds ratio 1.13; 95% CI 0.73 to 1.74; P = 0.03).", False),
        ("The difference was 13.9 percentage points (95% CI 3.6 to 24.0).", False),
        ("Abstinence was 7.7% and 6.9%.", False),
        # one interval of two that this module cannot read leaves the sentence unread
        ("HR 0.95 (95% CI 0.71 to 1.27); sensitivity 94.8% (95% CI 88.3 to 98.3).", False),
    ],
)
def test_nonsignificant(sentence: str, expected: bool) -> None:
    assert nonsignificant(sentence) is expected


def test_a_null_finding_is_restated_by_its_figures_with_an_interval_holding_no_effect() -> None:
    sentence = "Death at 28 days occurred in 35.4% and 31.6%, respectively (risk ratio 1.17; 95% CI 0.98 to 1.40)."
    assert null_in_numbers("Mortality alone was not significantly different, at 35.4% and 31.6%.", sentence)
    # an effect asserted, a figure the sentence does not state, or another outcome: no restatement
    assert not null_in_numbers("Mortality was significantly higher, at 35.4% and 31.6%.", sentence)
    assert not null_in_numbers("Mortality alone was not significantly different, at 36.4% and 31.6%.", sentence)
    assert not null_in_numbers("Organ dysfunction was not significantly different (35.4% vs 31.6%).", sentence)
    significant = "Death occurred in 35.4% and 21.6%, respectively (risk ratio 1.64; 95% CI 1.28 to 2.10)."
    assert not null_in_numbers("Mortality was not significantly different (35.4% vs 21.6%).", significant)


def test_a_unit_naming_nothing_is_anchored_by_its_ratio() -> None:
    sentence = (
        "Results: Over a median follow-up of 2.7 years, 336 primary events occurred in the iron group and 411 in the "
        "placebo group (rate ratio 0.82; 95% CI 0.66 to 1.02; P = 0.070)."
    )
    assert null_in_numbers("but the difference was not statistically significant (rate ratio 0.82).", sentence)
    assert not null_in_numbers("but the difference was not statistically significant (rate ratio 0.72).", sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Heart failure readmissions were fewer (14.2% vs 19.0%; hazard ratio 0.73, 95% CI 0.57 to 0.93).", True),
        ("The difference was 13.9 percentage points (95% CI 3.6 to 24.0).", True),
        ("Readmission was 29.1% and 33.8% (hazard ratio 0.84, 95% CI 0.70 to 1.01).", False),
        # a P value alone names no estimate: an abstract gives one for subgroups and strata too
        ("Atrophy was highest at ages 13-24 months (12% vs 5%; p=0.0024).", False),
        ("Readmissions were fewer with the programme.", False),
    ],
)
def test_an_effect_shown_by_its_interval(sentence: str, expected: bool) -> None:
    assert significant(sentence) is expected


def test_a_claimed_significant_effect_is_denied_by_intervals_that_all_hold_none() -> None:
    # round 19: "significantly reduced the 30-day risk ... (2.9% vs 4.1%)" was `supported`
    sentence = (
        "The primary outcome occurred in 29 of 1,006 participants (2.9%) in the early group and 41 of 1,026 (4.1%) "
        "in the later group (risk difference -1.18 percentage points, 95% CI -2.84 to 0.47)."
    )
    unit = "Starting early significantly reduced the 30-day risk of the combined outcome (2.9% vs 4.1%)."
    assert significance_denied(unit, sentence)
    # not claimed, hedged or negated; figures the sentence does not state; an interval that leaves out no effect
    assert not significance_denied("Starting early reduced the risk (2.9% vs 4.1%).", sentence)
    assert not significance_denied("Starting early nearly significantly reduced the risk (2.9% vs 4.1%).", sentence)
    assert not significance_denied("Starting early did not significantly reduce the risk (2.9% vs 4.1%).", sentence)
    assert not significance_denied("Starting early significantly reduced the risk (2.9% vs 5.1%).", sentence)
    assert not significance_denied("Starting early significantly reduced the risk.", sentence)
    shown = sentence.replace("-2.84 to 0.47", "-2.84 to -0.47")
    assert not significance_denied(unit, shown)


def test_a_claimed_significant_effect_is_denied_by_p_values_none_below_005_and_times_are_group_figures() -> None:
    # round 20: "at 61%, was significantly lower than last year's 63%" against "(p=0.41)", no interval given
    sentence = "Uptake was 61% in Q3, which did not differ significantly from the 63% recorded last year (p=0.41)."
    assert significance_denied("at 61%, was significantly lower than last year's 63%.", sentence)
    assert not significance_denied("at 61%, was significantly lower than last year's 63%.", "Uptake: 61% vs 63%.")
    assert not significance_denied("Uptake was 61%, significantly lower than 63%.", "Uptake: 61% vs 63% (p=0.01).")
    # median times of the two groups are the figures a significant difference is claimed of
    pfs = "Median PFS was 6.4 versus 5.5 months (HR 0.84, 95% CI 0.70-1.01; p=0.06)."
    assert significance_denied("The improvement in PFS (6.4 vs 5.5 months) was also statistically significant,", pfs)
    assert not significance_denied("The improvement in PFS (6.4 vs 5.5 months) was not statistically significant,", pfs)
    assert not significance_denied("PFS improved significantly (8.4 vs 5.5 months),", pfs)


def test_p_values_alone_none_below_005_make_a_sentence_nonsignificant() -> None:
    # round 21: "Response and remission rates did not differ significantly either" (P(C) 0.75) against "Response
    # rates were 34% versus 27% (p = 0.33) and remission rates 17% versus 15% (p = 0.71)"
    assert nonsignificant("Response rates were 34% versus 27% (p = 0.33) and remission 17% versus 15% (p = 0.71).")
    assert not nonsignificant("Response rates were 34% versus 27% (p = 0.33) and remission 27% versus 15% (p = 0.01).")
    assert not nonsignificant("Response rates were 34% versus 27%.")


def test_a_ratio_the_evidence_shows_with_an_interval_leaving_out_no_effect() -> None:
    sentences = [
        "The fall rate was 0.91 versus 1.42 per person-year (incidence rate ratio 0.64, 95% CI 0.50 to 0.82).",
        "The proportion with at least one fall was 44% versus 53% (risk ratio 0.83, 95% CI 0.68 to 1.01).",
    ]
    assert ratio_shown("The fall rate was about a third lower (incidence rate ratio 0.64).", sentences)
    assert not ratio_shown("Fewer people fell (risk ratio 0.83).", sentences)
    assert not ratio_shown("The fall rate was about a third lower.", sentences)


def test_a_typographic_minus_is_a_minus() -> None:
    # round 21: "(mean difference −1.2, 95% CI −3.0 to 0.6; p = 0.19)" was read as an interval from 0.6 to 3.0
    assert nonsignificant("Scores fell (mean difference −1.2, 95% CI −3.0 to 0.6; p = 0.19).")
    assert not nonsignificant("Scores fell (mean difference −3.4 points, 95% CI −6.1 to −0.7).")
    assert nonsignificant("Readmission: hazard ratio 0.84, 95% CI 0.70–1.01.")  # an en dash joins a range


FIGURES = (
    "Results: Transfusion or death occurred in 67 of 243 patients (27.6%) in the iron group and in 69 of 244 (28.3%) "
    "in the placebo group (risk ratio, 0.98; 95% CI, 0.68 to 1.43; p=0.93)."
)


def test_a_null_finding_in_numbers_alone_is_read_from_its_subject() -> None:
    finding = numbers_null_finding(FIGURES)
    assert finding is not None and finding.subject == frozenset({"trans", "morta"})
    # said in words, asserted, significant, or with no interval: not a null finding in numbers alone
    assert numbers_null_finding("Transfusion or death did not differ (risk ratio 0.98; 95% CI 0.68 to 1.43).") is None
    assert numbers_null_finding("Transfusion was reduced with iron (risk ratio 0.98; 95% CI 0.68 to 1.43).") is None
    assert numbers_null_finding("Transfusion occurred in 20% and 30% (risk ratio 0.66; 95% CI 0.50 to 0.85).") is None
    assert numbers_null_finding("Transfusion occurred in 27.6% and 28.3% (p = 0.93).") is None


def test_an_effect_the_figures_do_not_show_is_denied_unless_another_sentence_asserts_it() -> None:
    unit = (
        "Giving iron into the vein before abdominal surgery lowered the chance of needing a transfusion or dying "
        "within a month of the operation,"
    )
    assert effect_unshown(unit, FIGURES)
    assert unshown_effect(unit, ["Methods: adults were randomised to iron or placebo.", FIGURES]) == 1
    assert not effect_unshown("Iron did not lower the chance of a transfusion or death.", FIGURES)
    assert not effect_unshown("Iron may have lowered transfusion or death.", FIGURES)
    assert not effect_unshown("Iron lowered readmission.", FIGURES)  # another subject
    spun = [FIGURES, "Conclusions: iron reduced transfusion or death."]
    assert unshown_effect(unit, spun) is None


def test_a_claimed_significant_rate_is_denied_by_its_own_part_of_the_sentence() -> None:
    sentence = (
        "Total eGFR slope was -2.9 vs -3.9 mL/min/1.73m2 per year (difference 1.0; 95% CI -0.03 to 1.97; p=0.058); "
        "chronic slope from week 6 favoured rovasentan (difference 1.1; 95% CI 0.07 to 2.12)."
    )
    unit = "The decline, 2.9 vs 3.9 mL/min/1.73m2 a year, was clearly statistically significant."
    assert significance_denied(unit, sentence)
    assert not significance_denied("The chronic slope, 1.1 a year better, was statistically significant.", sentence)
    # figures in one part, the interval in the next: read across the whole sentence, as before
    assert significance_denied(
        "It significantly reduced the outcome (2.9% vs 4.1%).",
        "It occurred in 2.9% and 4.1%; the difference was not significant (risk difference -1.2, 95% CI -2.8 to 0.5).",
    )


def test_non_inferiority_is_what_a_null_result_in_figures_shows() -> None:
    sentence = "SVR12 was 97.9% and 98.3% (difference -0.4%, 95% CI -2.9 to 2.1)."
    assert not effect_unshown("Eight weeks was non-inferior to 12 weeks for SVR12.", sentence)
    assert effect_unshown("Eight weeks improved SVR12.", sentence)


def test_a_multiplicity_adjusted_interval_is_read_like_a_95_percent_one() -> None:
    assert nonsignificant("RT vs EULT: OR 0.78 (98.3% CI 0.47 to 1.30).")
    assert not nonsignificant("RT vs UC: mean difference 2.79 points (98.3% CI 0.48 to 5.10).")


def test_a_unit_restating_the_effect_part_of_a_sentence_is_not_about_its_null_part() -> None:
    sentence = (
        "Discontinuation symptoms at week 1 were more frequent after direct switch (22% vs 13%; OR 1.87, 95% CI "
        "1.04-3.38), but did not differ by week 4 (6% vs 5%)."
    )
    assert effect_part_restated("The direct switch caused more symptoms in the first week (22% versus 13%).", sentence)
    assert not effect_part_restated("The direct switch caused more symptoms at week 4 (6% versus 5%).", sentence)
    assert not effect_part_restated("The direct switch caused more symptoms.", sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # round 34: the second subgroup's interval names no estimate of its own, and holds 1
        ("the rate ratio was 0.76 (95% CI 0.59-0.98) in one and 1.02 (95% CI 0.79-1.32) in the other", True),
        ("the rate ratio was 0.76 (95% CI 0.59-0.98) in one and 0.70 (95% CI 0.55-0.91) in the other", False),
        ("HR 0.98, 95% CI 0.84-1.14", True),
        # a difference's null is 0, not 1
        ("mean difference 1.6 points (95% CI 0.2-3.0)", False),
        ("mean difference 1.6 points (95% CI -0.2 to 3.0)", True),
        # an interval before any named estimate is left unread
        ("1.6 (95% CI 0.2-3.0)", False),
    ],
)
def test_an_interval_holding_its_null(sentence: str, expected: bool) -> None:
    assert holds_null(sentence) is expected
