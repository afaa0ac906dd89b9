"""Reading numbers with their units: number words, doses, durations, percentages, hedges, labels."""

from __future__ import annotations

import pytest

from medhal.text.figures import unstated_quantities
from medhal.text.quantities import Quantity, quantities, spelled_numbers


def test_quantities_normalise_units_and_number_words() -> None:
    got = [(q.kind, q.value) for q in quantities("Twenty adults took 0.5 g or 500 milligrams for two years; 12% ...")]
    assert got == [("count", 20.0), ("mass", 500.0), ("mass", 500.0), ("time", 730.5), ("percent", 12.0)]
    assert quantities("about 30 months")[0].approximate and not quantities("30 months")[0].approximate
    assert quantities("HbA1c and IL6") == []


def test_spelled_numbers_are_the_number_words_quantities_reads() -> None:
    text = "Twelve participants took 5 mg for twenty-five days; 3 of them stopped."
    assert spelled_numbers(text) == [q.number for q in quantities(text) if q.text[:1].isalpha()] == [12.0, 25.0]
    assert spelled_numbers("Tendons and phones: no number word, only 12 mg.") == []


def test_signs_hedge_a_number() -> None:
    assert [q.approximate for q in quantities("NTDR of>/=33%, Na <5 mEq/l, ~20 days, p=0.04")] == [
        True,
        True,
        True,
        False,
    ]


def test_fractions_in_words_hedged_as_point_estimates_are_percentages() -> None:
    got = [
        (q.text, round(q.value, 1), q.about) for q in quantities("nearly two thirds of women and about a fifth of men")
    ]
    assert got == [("two thirds", 66.7, True), ("fifth", 20.0, True)]
    assert quantities("half the dose; a half-life of 6 hours")[-1].text == "6 hours"
    assert [q.text for q in quantities("half the dose was given")] == []


def test_percentage_points_are_a_kind_of_their_own_and_a_sign_does_not_hide_a_figure() -> None:
    got = [(q.kind, q.value) for q in quantities("HbA1c: adjusted difference -0.4 percentage points (95% CI, −0.8 to")]
    # the interval's bound takes the estimate's unit (session 25): percentage points
    assert got == [("points", 0.4), ("label:ci", 95.0), ("points", 0.8)]
    assert [(q.kind, q.value) for q in quantities("a 15-percentage-point rise")] == [("points", 15.0)]
    # not a percentage: "15 percentage points" is no "15%", nor the fraction 0.15
    assert not quantities("15 percentage points")[0].equals(quantities("15%")[0])
    # a hyphen inside a word or between two numbers is no sign
    assert quantities("pre-2000") == []
    assert [q.text for q in quantities("5-10 years")] == ["5", "10 years"]


def test_a_faithful_difference_in_percentage_points_is_stated() -> None:
    evidence = "Mean HbA1c fell more with monitoring (adjusted difference -0.4 percentage points; P = 0.02)."
    assert unstated_quantities("by about 0.4 percentage points.", evidence) == []
    assert [q.text for q in unstated_quantities("by 1.4 percentage points.", evidence)] == ["1.4 percentage points"]


def test_ratio_abbreviations_are_read_in_capitals_only() -> None:
    assert quantities("(OR 2.1; 95% CI 1.7 to 2.6)")[0].ratio
    assert [q.ratio for q in quantities("aOR 1.3, HR 0.71")] == [True, True]
    assert not any(q.ratio for q in quantities("Grade 3 or 4 events occurred in 12 or 14 patients."))


def test_a_denominator_in_words_is_its_symbol() -> None:
    # "5 µg per cubic metre" was a mass, "5 µg/m3" a concentration: a faithful restatement read as a new figure
    for words, symbol in (
        ("5 µg per cubic metre", "5 µg/m3"),
        ("20 mg per litre", "20 mg/L"),
        ("0.2 g per decilitre", "0.2 g/dL"),
        ("5 milligrams per kilogram", "5 mg/kg"),
    ):
        (a,) = quantities(words)
        (b,) = quantities(symbol)
        assert a.kind == b.kind and a.kind.count("/") == 1 and a.equals(b), (words, symbol)
    assert quantities("80 g per day")[0].kind == "mass"


def test_litres_in_words_are_a_volume() -> None:
    assert [(q.kind, q.value) for q in quantities("roughly 1.3 litres less fluid; 500 millilitres")] == [
        ("volume", 1300.0),
        ("volume", 500.0),
    ]
    assert quantities("2 liters")[0].equals(quantities("2,000 mL")[0])


def test_a_ratio_named_with_what_it_is_for_is_a_ratio() -> None:
    said = quantities("(hazard ratio for death 0.49; 95% CI 0.33 to 0.73); odds ratio for disease progression 1.5")
    assert [(q.text, q.ratio) for q in said if q.kind == "count"] == [
        ("0.49", True),
        ("0.33", False),
        ("0.73", False),
        ("1.5", True),
    ]
    assert not quantities("the risk ratio for 3 patients")[0].ratio


def test_a_list_of_ratios_after_one_named_ratio_is_read_as_ratios() -> None:
    sentence = (
        "The hazard ratio was 1.05 (95% CI 1.00-1.11) for 1-2 years, 1.20 (1.14-1.26) for 3-9 years and 1.58 "
        "(1.43-1.74) for 20 years or more."
    )
    assert [q.text for q in quantities(sentence) if q.ratio] == ["1.05", "1.20", "1.58"]
    assert unstated_quantities("Twenty years of night shifts carried a 58% higher risk.", sentence) == []
    # a count with its range in a sentence naming no ratio is no ratio
    assert not any(q.ratio for q in quantities("Median age was 64.5 (58.0-71.0) years."))


def test_a_fraction_of_a_risk_is_no_share() -> None:
    # round 18: "about half the risk of death (adjusted HR 0.47)" was an unstated 50%
    assert [q.kind for q in quantities("linked with about half the risk of death (adjusted HR 0.47)")] == ["count"]
    assert [q.value for q in quantities("about half of the veterans died")] == [50.0]


def test_a_fraction_said_of_those_who_had_something_is_a_share() -> None:
    # round 18: "two thirds had no documented red flags" for 36% went unread
    (share,) = quantities("The audit found that two thirds had no documented red flags.")
    assert (share.kind, round(share.value, 1), share.about) == ("percent", 66.7, True)
    assert [q.value for q in quantities("Half of the patients responded.")] == [50.0]
    # a bound, a change or a dose is no share
    for text in (
        "More than half had a rash.",
        "It cut relapses by a third.",
        "Half the dose was given.",
        "A quarter of a gram.",
    ):
        assert quantities(text) == [], text


def test_a_hedge_may_take_an_article() -> None:
    # round 18: "roughly a 60% reduction in odds" (odds ratio 0.38) was read as an exact, unstated 60%
    (q,) = quantities("which is roughly a 60% reduction in odds")
    assert q.approximate and q.about
    (bound,) = quantities("more than a 50% reduction")
    assert bound.approximate and not bound.about
    assert not quantities("a 60% reduction")[0].approximate
    # written with a hyphen, as evidence may state one (COVID-Fact: "as high as one-third of those who test positive")
    assert [round(q.value, 1) for q in quantities("as high as one-third of those who test positive")] == [33.3]
    assert [round(q.value, 1) for q in quantities("about two-thirds of patients")] == [66.7]


def test_a_number_set_against_one_with_a_unit_takes_its_unit() -> None:
    # round 18: "about 2.7 months longer (median 11.6 vs 8.9 months)" was no difference of two durations
    assert [(q.kind, q.number) for q in quantities("(11.6 vs 8.9 months; P=0.02)")][:2] == [
        ("time", 11.6),
        ("time", 8.9),
    ]
    assert [q.kind for q in quantities("at 12 and 24 months")] == ["time", "time"]
    # a rate's unit is shared with its denominator (round 153), so the first is a rate too, never a volume
    assert [q.kind for q in quantities("2 vs 3 mL/min")] == ["volume/min", "volume/min"]


def test_the_number_of_a_list_item_is_no_figure() -> None:
    # round 18: "2. About 7 children needed treatment to prevent one recurrence." stated an unstated 2
    assert [q.text for q in quantities("2. About 7 children needed treatment.")] == ["7"]
    assert quantities("Key points:\n3. No adverse events were seen.") == []
    # a number ending a sentence is still a figure
    assert [q.text for q in quantities("The median was 12. Patients then left.")] == ["12"]


def test_the_number_of_a_section_is_no_figure() -> None:
    # round 19: a drug label's "2.2 Dose reduction" was the rival of "two of the three criteria"
    label = "2 DOSAGE AND ADMINISTRATION\n2.2 Dose reduction: Reduce the dose to 2.5 mg twice daily."
    assert [q.text for q in quantities(label)] == ["2.5 mg"]
    # a line opening with a figure and its unit is still a figure
    assert [q.text for q in quantities("Results\n3 days. Then they left.")] == ["3 days"]


def test_points_of_a_scale_are_a_unit() -> None:
    # round 19: "a 15-point margin" was a bare 15, rivalled by "week 16"; "±15 percentage points" restates it
    assert [(q.kind, q.value) for q in quantities("inside the ±15-point margin")] == [("points", 15.0)]
    assert quantities("by 2.1 points")[0].equals(quantities("a 2.1-point fall")[0])
    # "at one point" is no score
    assert [q.text for q in quantities("at one point, 12 patients left")] == ["12"]


def test_a_hedged_proportion_is_no_point_estimate_of_its_count() -> None:
    # round 19: "around 1 in 8 (12.7%)" read "around 1" as an estimate far from every figure
    one, eight = quantities("only around 1 in 8 (12.7%) had it")[:2]
    assert one.approximate and not one.about and eight.approximate
    assert unstated_quantities("only around 1 in 8 (12.7%) had it", quantities("12.7% had it")) == []


def test_a_mixed_number_in_words_is_one_quantity() -> None:
    # round 19: "two and a half days" was a count of two (and "and a half days," a clause of its own)
    assert [(q.text, q.kind, q.number) for q in quantities("from 4 days to two and a half days")] == [
        ("4 days", "time", 4.0),
        ("two and a half days", "time", 2.5),
    ]
    (under,) = quantities("Median follow-up was just under two and a half years.")
    assert under.approximate and under.value == 2.5 * 365.25
    assert quantities("1 and a half hours")[0].value == 1.5 / 24
    assert [q.text for q in quantities("two and a half")] == ["two"]  # no unit, no mixed number


def test_a_concentration_per_decilitre_or_millilitre_is_read_per_litre_and_moles_are_a_kind() -> None:
    # round 20: "roughly 5 g/dL" for "5.2 g/L", "0.5 µg/mL" for "0.5 ng/mL" (wrong units read as unstated, or not at
    # all); "12 g/dL" restates "120 g/L"
    (dl,), (litre,) = quantities("Hb 12 g/dL"), quantities("Hb 120 g/L")
    assert dl.kind == litre.kind == "mass/l" and dl.equals(litre)
    (ng,), (ug,) = quantities("0.5 ng/mL"), quantities("0.5 µg/mL")
    assert ng.kind == ug.kind == "mass/l" and not ng.equals(ug)
    (mmol,) = quantities("potassium 5.8 mmol/L")
    assert (mmol.kind, mmol.value, mmol.text) == ("substance/l", 5.8, "5.8 mmol")
    (umol,) = quantities("creatinine 221 µmol/L")
    assert umol.kind == "substance/l" and umol.value == pytest.approx(0.221)
    (rate,) = quantities("a clearance of 1.9 mL/min")
    assert rate.kind == "volume/min"  # a rate per minute is no concentration


def test_weeks_restate_months_at_four_or_4345_a_month_and_days_within_a_few() -> None:
    def one(text: str) -> Quantity:
        return quantities(text)[0]

    for weeks, months in (("4 weeks", "1 month"), ("12 weeks", "3 months"), ("26 weeks", "6 months")):
        assert one(weeks).equals(one(months)) and one(months).equals(one(weeks))
    assert one("90 days").equals(one("3 months")) and one("28 days").equals(one("1 month"))
    # round 22: "babies 25 weeks or older" is not the "6 months" of another sentence; 100 days is not 3 months
    assert not one("25 weeks").equals(one("6 months")) and not one("100 days").equals(one("3 months"))


def test_lengths_and_times_of_day_are_their_own_kinds() -> None:
    found = [(q.kind, q.value) for q in quantities("A 2.4 cm cyst, a 5 mm stone and 0.5 cm of fluid at 02:00.")]
    assert found == [("length", 24.0), ("length", 5.0), ("length", 5.0), ("label:clock", 2.0)]
    # a time of day on either clock is one hour; "1:1" is no time of day
    assert [q.value for q in quantities("first dose at 22:00")] == [q.value for q in quantities("first dose at 10 pm")]
    assert [q.kind for q in quantities("randomised 1:1")] == ["count", "count"]
    assert quantities("0.5 cm")[0].equals(quantities("5 mm")[0])


def test_every_one_is_a_pronoun_and_a_strength_is_no_share() -> None:
    assert quantities("and every one was managed by shunt revision.") == []
    assert [q.value for q in quantities("one patient died")] == [1.0]
    found = [(q.kind, q.value) for q in quantities("0.9% saline, chlorhexidine 2%, in 12% of patients")]
    assert found == [("label:strength", 0.9), ("label:strength", 2.0), ("percent", 12.0)]


@pytest.mark.parametrize(
    ("weeks", "days", "same"),
    [
        ("three and a half weeks", "24 days", True),  # round 26: 24 days restated to the nearest half week
        ("2 weeks", "13 days", False),  # whole weeks are exact
        ("two and a half weeks", "17 days", True),
        ("three weeks", "24 days", False),
        ("2 weeks", "10 days", False),
        ("4 weeks", "24 days", False),
    ],
)
def test_half_weeks_restate_days_to_the_nearest_half_week(weeks: str, days: str, same: bool) -> None:
    a, b = quantities(weeks)[0], quantities(days)[0]
    assert a.equals(b) is same and b.equals(a) is same


def test_a_score_out_of_its_maximum_states_both_figures() -> None:
    """Round 30: "38/132" in a clinic letter states 132, the scale's maximum an answer gives as "(out of 132)"."""
    assert [(q.text, q.kind) for q in quantities("PCSS 38/132 at review")] == [("38", "count"), ("132", "label:scale")]
    (said,) = quantities("(out of 132)")
    assert said.equals(quantities("PCSS 38/132")[1])  # a bare 132 restates it; "132 days" would not
    assert not quantities("132 days")[0].equals(quantities("PCSS 38/132")[1])
    assert [q.text for q in quantities("eGFR 60 mL/min/1.73 m2")] == ["60 mL"]  # no figure after a unit's slash


def test_every_number_of_a_category_is_a_label() -> None:
    """Round 30: the "3" of "grade 2 or 3 knee osteoarthritis" was read as a count of knees, a rival of "498 people"."""
    kinds = [q.kind for q in quantities("Kellgren-Lawrence grade 2 or 3 knee osteoarthritis in 498 patients")]
    assert kinds == ["label:grade", "label:grade", "count"]
    assert [q.kind for q in quantities("stages 3 to 4, and 30 patients")] == ["label:stage", "label:stage", "count"]


@pytest.mark.parametrize(
    ("text", "days"),
    [("by day 90", 90.0), ("at week 12", 84.0), ("at month 6", 182.625), ("Day 28", 28.0)],
)
def test_a_time_point_named_before_its_number_is_a_time(text: str, days: float) -> None:
    # round 34: "by day 90" was a count, so "within three months" restating it was an unstated figure
    (q,) = quantities(text)
    assert (q.kind, q.value) == ("time", days)


def test_a_time_point_equals_the_duration_it_restates() -> None:
    (point,) = quantities("at week 12")
    (months,) = quantities("at three months")
    (weeks,) = quantities("after 12 weeks")
    assert point.equals(months) and point.equals(weeks)
    assert not point.equals(quantities("at week 24")[0])


def test_a_time_point_keeps_its_word_so_a_restatement_reads_it_whole() -> None:
    # round 34: "at two weeks" was harmonised to "at 2," for evidence saying "at week 2"
    (point,) = quantities("at week 2, the mean reduction was larger")
    assert (point.text, point.start) == ("week 2", 3)


def test_an_item_number_after_a_sentence_on_the_same_line_is_no_figure() -> None:
    # round 34: a numbered list whose line breaks were lost stated its item numbers as counts
    assert [q.text for q in quantities("She rests for 24 hours. 5. If her headache returns")] == ["24 hours"]
    assert [q.text for q in quantities("Mortality was 12%. 5 patients died.")] == ["12%", "5"]


def test_a_range_of_time_points_is_a_range_of_times() -> None:
    # round 36: "during months 6-12" restates "in the second six months"; "months 0-6" "the first six months"
    assert [(q.kind, q.value) for q in quantities("during months 6-12 were")] == [("time", 182.625), ("time", 365.25)]
    assert [(q.kind, q.value) for q in quantities("during months 0-6")] == [("time", 0.0), ("time", 182.625)]
    # a duration whose unit follows its number keeps it
    assert [q.text for q in quantities("for 3 years 2 months")] == ["3 years 2 months"]  # one duration (session 36)


def test_an_ordinal_time_point_is_an_approximate_time() -> None:
    # round 38: "after the first two years" restates "after the second postoperative year"
    (q,) = quantities("with the excess risk emerging after the second postoperative year.")
    assert (q.kind, q.value, q.approximate) == ("time", 730.5, True)
    assert q.equals(quantities("after the first two years")[0])


def test_a_fraction_as_likely_is_a_factor_not_a_share() -> None:
    # round 38: "about half as likely to need a transfusion" (18.2% vs 37.4%) was an unstated 50%
    assert quantities("Treated children were about half as likely to need a transfusion.") == []
    assert [q.text for q in quantities("About half relapsed.")] == ["half"]


def test_pence_are_money() -> None:
    # round 39: "Scotland's 50p minimum price" was an unstated 50 against the evidence's £0.50
    (q,) = quantities("Scotland's 50p minimum price per unit")
    assert (q.kind, q.value) == ("money", 0.5) and q.equals(quantities("a minimum unit price of £0.50")[0])
    assert quantities("a 1p36 deletion") == []


def test_a_response_named_by_its_share_of_improvement() -> None:
    # round 40: "a 75% improvement" was an unstated 75 against the evidence's "EASI-75"
    found = [(q.kind, q.value, q.text) for q in quantities("79.5% achieved EASI-75 and 61% ACR20 at week 16")]
    assert ("label:response", 75.0, "EASI-75") in found and ("label:response", 20.0, "ACR20") in found
    assert ("percent", 79.5, "79.5%") in found
    assert [q.kind for q in quantities("PASI 90")] == ["count"]  # the spaced form stays as it was read


def test_dates_and_versions_written_in_figures_are_labels() -> None:
    # round 43: "between 5 and 17 January 2025" was an unstated 2025 against "Report date: 28/01/2025" (read as a
    # count of 28, a scale's 1 and its 2025), and "from 8 to 5 days" was contradicted by "version 3.0"
    assert [(q.kind, q.value) for q in quantities("Report date: 28/01/2025")] == [
        ("label:date", 28.0),
        ("label:year", 2025.0),
    ]
    (year,) = [q for q in quantities("between 5 and 17 January 2025") if q.kind == "label:year"]
    assert year.equals(quantities("Report date: 28/01/2025")[1])
    assert [q.kind for q in quantities("After version 3.0 was introduced")] == ["label:version"]
    # a change between two levels: the first level takes the second's unit; a range keeps its bare lower bound
    assert [(q.kind, q.value) for q in quantities("the median course fell from 8 to 5 days")] == [
        ("time", 8.0),
        ("time", 5.0),
    ]
    assert [(q.kind, q.value) for q in quantities("children aged 3 to 48 months")] == [
        ("time", 91.3125),
        ("time", 1461.0),
    ]


def test_a_fraction_told_as_a_relative_change_is_no_share() -> None:
    # round 45: "about a third lower adjusted odds of obesity" (OR 0.64) was flagged as an unstated 33%
    assert [q.text for q in quantities("those breastfed for 6 to 11 months had about a third lower odds")] == [
        "6",
        "11 months",
    ]
    assert [q.text for q in quantities("about a third had obesity")] == ["third"]


def test_a_position_in_a_chemicals_name_is_no_figure() -> None:
    """Round 181: '25' of '25-hydroxyvitamin D' and 'n=266' made up a share of 9.4% near a changed 'about 9%'."""
    assert [q.text for q in quantities("baseline 25-hydroxyvitamin D below 20 ng/mL (n=266)")] == ["20 ng", "266"]
    assert quantities("5-fluorouracil and 6-mercaptopurine") == []
    assert [q.text for q in quantities("a 5-day course of 5-aminosalicylic acid")] == ["5-day"]
