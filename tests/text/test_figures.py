"""A unit's figures against the evidence's: the changed-number and unstated-figure cues, hedged figures far off,
figures harmonized for the verifier."""

from __future__ import annotations

import pytest

from medhal.text.derived import far_off
from medhal.text.figure_agreement import figures_agree
from medhal.text.figures import anchors, number_conflicts, unstated_quantities
from medhal.text.harmonize import harmonized
from medhal.text.quantities import quantities

EVIDENCE = "Patients received dapagliflozin 10 mg daily for 24 months. Of 412 adults, 12% had nausea (p = 0.03)."

DOSE = "Patients received dapagliflozin 10 mg daily for 24 months."

NAUSEA = "Of 412 adults, 12% had nausea (p = 0.03)."


@pytest.mark.parametrize(
    ("unit", "sentence", "conflict"),
    [
        ("They got dapagliflozin 25 mg daily.", DOSE, ("25 mg", "10 mg")),  # changed dose
        ("They got dapagliflozin 0.01 g daily for two years.", DOSE, None),  # the same dose and duration restated
        ("Nausea affected 0.12 of the 412 adults.", NAUSEA, None),  # 12% as a fraction
        ("Nausea affected 15% of adults.", NAUSEA, ("15%", "12%")),  # changed percentage
        ("Nausea affected about 15% of adults.", NAUSEA, None),  # hedged: never a conflict
        ("Treatment lasted 36 months.", DOSE, ("36 months", "24 months")),  # changed duration
    ],
)
def test_number_conflicts(unit: str, sentence: str, conflict: tuple[str, str] | None) -> None:
    found = [(a.text, b.text) for a, b in number_conflicts(unit, EVIDENCE, sentence)]
    assert found == ([conflict] if conflict else [])


def test_thousands_separators_and_bare_numbers_against_numbers_with_units() -> None:
    # a faithful "1,204 patients aged 75 or older" was contradicted: "1,204" read as 1.204 and the bare "75" never
    # matched "75 years" (compared in days), so the cue paired it with "1,204"
    evidence = "We randomly assigned 1,204 patients aged 75 years or older to early rhythm control."
    assert [q.value for q in quantities("1,204 patients; 12,500 doses; 0,8 mg")] == [1204.0, 12_500.0, 0.8]
    assert number_conflicts("The trial enrolled 1,204 patients aged 75 or older.", evidence, evidence) == []
    ((changed, rival),) = number_conflicts("The trial enrolled 1,204 patients aged 65 or older.", evidence, evidence)
    assert (changed.text, rival.text) == ("65", "75 years")


def test_anchors_say_what_a_number_is_a_number_of() -> None:
    text = "The trial enrolled 1,204 patients aged 65 or older."
    count, age = quantities(text)
    assert sorted(anchors(text, age)) == ["aged", "older", "patie"]
    assert "trial" in anchors(text, count) and "aged" in anchors(text, count)
    with pytest.raises(ValueError):
        anchors("another text entirely", age)


def test_anchored_conflicts_need_a_rival_of_the_same_thing() -> None:
    # for loosely aligned sentences the rival must share an anchor: "aged 65" vs "aged 75 years" fires ...
    evidence = "We randomly assigned 1,204 patients aged 75 years or older to rhythm control."
    ((changed, rival),) = number_conflicts(
        "The trial enrolled 1,204 patients aged 65 or older.", evidence, evidence, anchored=True
    )
    assert (changed.text, rival.text) == ("65", "75 years")
    # ... but a percentage of something else does not (unanchored, the first percentage would be the rival)
    sentence = "Stroke occurred in 2.6% of the rhythm control group."
    unit = "Bleeding was seen in 3% after ablation."
    assert number_conflicts(unit, sentence, sentence) != []
    assert number_conflicts(unit, sentence, sentence, anchored=True) == []


@pytest.mark.parametrize(
    ("unit", "evidence"),
    [
        ("Transfusion was allowed once haemoglobin fell below 80 g/L.", "The threshold was 10 g/dL; 10 g of iron."),
        # 80 g/L is 8 g/dL (per decilitre is read per litre since round 20), and no mass of iron rivals it
        ("Transfusion was given at a haemoglobin of 80 g/L.", "The threshold was 8 g/dL; 10 g of iron."),
        ("It was reported by fewer than one in ten on placebo.", "Nausea: 9% with placebo vs 31% with 300 mg."),
        ("It fell from an hour and twenty minutes to 43 minutes.", "It fell from a median of 80 to 43 minutes."),
    ],
)
def test_concentrations_proportions_and_compound_durations_are_not_changed_numbers(unit: str, evidence: str) -> None:
    assert number_conflicts(unit, evidence, evidence) == []


def test_a_concentration_per_decilitre_is_rivalled_by_one_per_litre() -> None:
    # round 20: "raises haemoglobin by roughly 5 g/dL" for "by about 5.2 g/L" (ten times larger)
    evidence = "Intermittent iron raised haemoglobin by 5.2 g/L (95% CI 2.9 to 7.5)."
    changed = number_conflicts("It raises haemoglobin by roughly 5 g/dL.", evidence, evidence)
    assert [(a.text, b.text) for a, b in changed] == [("5 g", "5.2 g")]
    assert number_conflicts("It raises haemoglobin by roughly 0.5 g/dL.", evidence, evidence) == []
    threshold = "The threshold was 10 g/dL; 10 g of iron."
    changed = number_conflicts("Transfusion was given at a haemoglobin of 80 g/L.", threshold, threshold)
    assert [(a.text, b.text) for a, b in changed] == [("80 g", "10 g")]


def test_minutes_and_hours_are_durations() -> None:
    assert [q.kind for q in quantities("43 minutes, 2 h, 24 hours, 80 g/L, 1.9 mL/min")] == [
        "time",
        "time",
        "time",
        "mass/l",
        "volume/min",
    ]
    ((changed, rival),) = number_conflicts(
        "Infusion lasted 30 minutes.", "Infusion lasted 45 minutes.", "Infusion lasted 45 minutes."
    )
    assert (changed.text, rival.text) == ("30 minutes", "45 minutes")
    assert (
        number_conflicts("Infusion lasted 1 hour.", "Infusion lasted 60 minutes.", "Infusion lasted 60 minutes.") == []
    )


def test_anchored_conflicts_skip_lay_number_words_and_doses_against_counts() -> None:
    sentence = "Patients received a single 8 mg dose of dexamethasone or placebo."
    assert number_conflicts("One dose of a steroid made vomiting less likely.", sentence, sentence, anchored=True) == []
    assert number_conflicts("Patients got 3 doses of a steroid.", sentence, sentence, anchored=True) == []
    assert number_conflicts("Patients got 3 doses of a steroid.", sentence, sentence) != []  # unanchored: as before


def test_category_numbers_are_labels_not_counts() -> None:
    evidence = "In this trial, 1,958 adults without diabetes and 120 with type 1 diabetes were enrolled."
    assert [q.kind for q in quantities(evidence)] == ["count", "count", "label:type"]
    ((changed, rival),) = number_conflicts("Adults with type 2 diabetes were enrolled.", evidence, evidence)
    assert (changed.text, rival.text) == ("2", "1")
    assert number_conflicts("Grade 3 events were rare.", evidence, evidence) == []


def test_compound_number_words_grays_and_doses_per_kilogram() -> None:
    got = [(q.kind, q.value, q.approximate) for q in quantities("40 Gy in twenty-five fractions; 5 mg per kilogram")]
    assert got == [("gray", 40.0, False), ("count", 25.0, False), ("mass/kg", 5.0, False)]
    assert quantities("five milligrams per kilogram")[0].equals(quantities("5 mg/kg")[0])
    assert not quantities("0.5 mg/kg")[0].equals(quantities("5 mg")[0])  # a dose per weight is not a dose
    sentence = "Women were assigned to 40 Gy in 15 fractions over 3 weeks or 26 Gy in 5 fractions over 1 week."
    ((changed, rival),) = number_conflicts("They got 40 Gy in twenty-five fractions.", sentence, sentence)
    assert (changed.text, rival.text) == ("twenty-five", "15")
    assert number_conflicts("They got 26 Gy in five fractions.", sentence, sentence) == []
    assert quantities("one in ten")[0].approximate  # a proportion of counts is still never a changed number


def test_durations_in_other_units_allow_calendar_months() -> None:
    def same(a: str, b: str) -> bool:
        return quantities(a)[0].equals(quantities(b)[0])

    assert same("three months", "90 days") and same("4 weeks", "1 month") and same("24 months", "2 years")
    assert not same("10 days", "11 days") and not same("6 weeks", "1 month") and not same("3 months", "120 days")
    assert not same("2 weeks", "15 days") and same("1 year", "52 weeks")  # only calendar units are inexact
    sentence = "The primary outcome was death or inability to walk at 60 days."
    assert number_conflicts("Patients could walk again by two months.", sentence, sentence) == []


def test_a_bare_number_is_restated_by_a_number_with_a_unit_only_in_the_aligned_sentence() -> None:
    evidence = "Follow-up lasted 12 months. Severe hypoglycaemia occurred in 2 participants in each group."
    sentence = "Severe hypoglycaemia occurred in 2 participants in each group."
    ((changed, rival),) = number_conflicts("It occurred in twelve participants in each group.", evidence, sentence)
    assert (changed.text, rival.text) == ("twelve", "2")
    aged = "We enrolled adults aged 75 years or older."
    assert number_conflicts("Patients were aged 75 or older.", aged, aged) == []  # the aligned sentence restates it


def test_anchored_conflicts_read_large_number_words_and_worded_durations() -> None:
    sentence = "We enrolled 702 adults aged 70 years or older and followed them for 1 year."
    ((changed, rival),) = number_conflicts("Participants were aged fifty or over.", sentence, sentence, anchored=True)
    assert (changed.text, rival.text) == ("fifty", "70 years")
    ((changed, rival),) = number_conflicts("Adults were followed for three years.", sentence, sentence, anchored=True)
    assert (changed.text, rival.text) == ("three years", "1 year")


def test_hyphenated_units_and_ranges() -> None:
    def read(text: str) -> list[tuple[str, float, bool]]:
        return [(q.kind, q.value, q.approximate) for q in quantities(text)]

    assert read("a 12-week course of 10-mg tablets") == [("time", 84.0, False), ("mass", 10.0, False)]
    # a range: its lower bound, without a unit, is never a changed number; both bounds are read in the upper's unit
    assert read("aged 5-10 years") == [("time", 1826.25, True), ("time", 3652.5, False)]
    assert read("IL-6 and COVID-19") == []
    assert read("2 to 3 days; 0.45 to 0.88") == [
        ("time", 2, True),
        ("time", 3, False),
        ("count", 0.45, True),
        ("count", 0.88, False),
    ]
    assert read("6- to 8-week course") == [("count", 6.0, True), ("time", 56.0, False)]
    sentence = "Ketamine 0.5 mg/kg was given twice weekly."
    conflicts = number_conflicts("Ketamine was given at 5-10 mg/kg.", sentence, sentence)
    assert [(a.text, b.text) for a, b in conflicts] == [("10 mg", "0.5 mg")]
    # a change between two levels: both in the second's unit (round 43: "the median course from 8 to 5 days")
    assert read("It fell from 80 to 43 minutes.") == [
        ("time", pytest.approx(80 / 1440), False),
        ("time", 43 / 1440, False),
    ]
    sentence = "Sensation recovered in 1.51 months on average."
    conflicts = number_conflicts("Sensation recovers within a 3-month period.", sentence, sentence)
    assert [(a.text, b.text) for a, b in conflicts] == [("3-month", "1.51 months")]  # a duration, not a count


def test_a_difference_of_two_stated_numbers_is_derived_not_changed() -> None:
    sentence = "The median hospital stay was 14 days with intravenous therapy and 11 days with oral therapy."
    assert number_conflicts("The stay was three days shorter with oral therapy.", sentence, sentence) == []
    ((changed, rival),) = number_conflicts("The stay was five days shorter with oral therapy.", sentence, sentence)
    assert (changed.text, rival.text) == ("five days", "14 days")
    sentence = "The primary outcome occurred in 18.2% and 22.9% of patients."
    assert number_conflicts("It was 4.7% lower with rhythm control.", sentence, sentence) == []


def test_the_size_of_a_change_is_not_rivalled_by_a_bound_or_a_lone_level() -> None:
    # an eligibility bound and the course length are not what a change in cough duration is to be read against
    sentence = (
        "401 adults with acute cough (28 days or less) were randomly assigned to prednisolone 40 mg daily for 5 days "
        "or placebo."
    )
    unit = "Prednisolone shortened the acute cough by two days compared with placebo."
    assert number_conflicts(unit, sentence, sentence) == []
    # the size of another change still rivals it
    sentence = "Prednisolone shortened the acute cough by 5 days compared with placebo."
    ((changed, rival),) = number_conflicts(unit, sentence, sentence)
    assert (changed.text, rival.text) == ("two days", "5 days")
    # a level is still a rival where it is not a change's size: "two days" of treatment against "5 days"
    sentence = "Adults with acute cough took prednisolone 40 mg daily for 5 days."
    ((changed, rival),) = number_conflicts(
        "Adults with acute cough took prednisolone for two days.", sentence, sentence
    )
    assert (changed.text, rival.text) == ("two days", "5 days")


def test_unstated_quantities_are_figures_no_quantity_of_the_evidence_equals_or_rounds_to() -> None:
    evidence = "Of 188 patients, 92.7% were stone-free at 3 months; the dose was 1,520 mg daily (HR 0.85; <5 mEq/l)."
    said = quantities(evidence)

    def unstated(unit: str, before: str = "") -> list[str]:
        return [q.text for q in unstated_quantities(unit, said, before=before)]

    assert unstated("93% were stone-free at three months") == []  # rounded; a spelled duration
    assert unstated("a dose of 1.5 g") == [] and unstated("a dose of 2 g") == ["2 g"]  # "2 g" is not 1.52 g
    assert unstated("HR 0.9") == [] and unstated("HR 0.7") == ["0.7"]
    assert unstated("92% were stone-free") == ["92%"]
    assert unstated("rose by 40% within 2 weeks") == ["40%", "2 weeks"]
    assert unstated("two patients relapsed") == []  # a small count in words is lay wording
    assert unstated("about 90% were stone-free") == [] and unstated("urinary sodium <4 mEq/l") == []  # hedged
    # hedged as a point estimate but far from every figure of its kind: not even roughly stated
    assert unstated("about 40% relapsed") == ["40%"] and unstated("more than 40% relapsed") == []
    assert unstated("190 patients") == ["190"]
    # the difference of two stated figures is derived; one minute is sixty seconds
    assert unstated_quantities("a gap of 1 minute", "within 10 seconds or after 70 seconds") == []
    assert unstated_quantities("one minute or longer", "60 seconds or more") == []
    # the words before a clause may complete its first number: "an hour and | twenty minutes" is 80 minutes
    assert unstated("twenty minutes", before="fell from an hour and ") == []
    got = unstated_quantities("twenty minutes later", "80 minutes", before="an hour and ")
    assert got == [] and unstated_quantities("twenty minutes", "80 minutes")[0].start == 0


def test_harmonized_writes_figures_the_evidence_states_as_it_writes_them() -> None:
    evidence = "Aspirin 150 mg daily for 12 weeks; nausea in 12%; 2 patients stopped; stage 2 disease; 36 weeks."
    assert harmonized("Women took 0.15 g of aspirin daily for twelve weeks.", evidence) == (
        "Women took 150 mg of aspirin daily for 12 weeks."
    )
    assert harmonized("two patients stopped", evidence) == "two patients stopped"  # lay wording kept
    assert harmonized("nausea in 0.12", evidence) == "nausea in 12%"  # a fraction and its percentage
    assert harmonized("about 0.15 g", evidence) == "about 0.15 g"  # hedged: never
    assert harmonized("36 weeks of 12", evidence) == "36 weeks of 12"  # already the evidence's; bare 12 not "12 weeks"
    assert harmonized("0.3 g daily", evidence) == "0.3 g daily"  # a changed dose stays as written


def test_a_share_of_two_counts_stated_together_is_derived_not_unstated() -> None:
    evidence = "Of 40 patients, 12 relapsed; 1 of 3 had nausea. We later enrolled 2,130 women."

    def unstated(unit: str) -> list[str]:
        return [q.text for q in unstated_quantities(unit, evidence)]

    assert unstated("30% relapsed") == [] and unstated("33.3% had nausea") == [] and unstated("33% had nausea") == []
    assert unstated("31% relapsed") == ["31%"]
    assert unstated("1.9% of women") == ["1.9%"]  # 40 and 2,130 stand too far apart to be one share


def test_a_percentage_a_stated_ratio_implies_is_derived_in_its_direction() -> None:
    evidence = (
        "Regular users had an increased risk of dementia (hazard ratio 1.44; 95% CI 1.36 to 1.52). "
        "Mortality was lower (HR, 0.71)."
    )
    assert [q.ratio for q in quantities(evidence)] == [True, False, False, False, True]
    assert unstated_quantities("Regular use was linked to a 44% higher risk of dementia.", evidence) == []
    assert unstated_quantities("Mortality was 29% lower.", evidence) == []
    # the magnitude in the opposite direction, or a confidence bound's, is no relative change the evidence states
    assert [q.text for q in unstated_quantities("It was linked to a 44% lower risk.", evidence)] == ["44%"]
    assert [q.text for q in unstated_quantities("It was linked to a 52% higher risk.", evidence)] == ["52%"]


def test_a_point_estimate_far_from_every_figure_of_its_kind_is_not_even_roughly_stated() -> None:
    evidence = quantities("Ultrasound took a median of 7 minutes; sensitivity was 91.8% and specificity 86.3%.")
    [seventeen] = quantities("about seventeen minutes")
    assert seventeen.about and far_off(seventeen, evidence)
    assert not far_off(quantities("about 92%")[0], evidence)  # rounded
    assert not far_off(quantities("nearly 85%")[0], evidence)  # 86.3% rounds to it at its step of 5
    assert far_off(quantities("nearly 80%")[0], evidence)  # 86.3% is well past 80
    assert not far_off(quantities("more than 17 minutes")[0], evidence)  # a bound, not a point estimate
    assert not far_off(quantities("about two patients")[0], evidence)  # lay wording
    assert not far_off(quantities("17 minutes")[0], evidence)  # exact: the changed-number cue's own business
    # the changed-number cue reads a far-off point estimate against the aligned sentence's rival
    sentence = "Ultrasound took a median of 7 minutes to perform."
    assert [
        (a.text, b.text) for a, b in number_conflicts("A scan took about seventeen minutes.", sentence, sentence)
    ] == [("seventeen minutes", "7 minutes")]
    assert number_conflicts("A scan took about eight minutes.", sentence, sentence) == []


def test_figures_agree_when_the_sentence_states_each_in_any_form() -> None:
    counts = (
        "Fractures occurred in 769 of 12,927 participants in the vitamin D group and in 782 of 12,944 with placebo."
    )
    assert figures_agree("About 6% of participants in each group had a fracture.", counts)  # shares of counts
    assert figures_agree("It was given at 0.5 g daily.", "It was given at 500 mg daily.")  # converted
    assert not figures_agree("About 16% had a fracture.", counts)
    assert not figures_agree("More than 6% had a fracture.", counts)  # a bound is not a figure the sentence states
    assert not figures_agree("Fractures were common.", counts)  # no figure at all
    # a proportion in words is no figure the sentence can be read to state: "nine in ten" is not "a threshold of 5"
    assert not figures_agree("At a threshold of 5 it detected nine in ten events.", "A threshold of 5 detects events.")


def test_a_confidence_level_is_no_figure_of_the_measure() -> None:
    sentence = "Alignment was closer to neutral with Onlay (mean 2.8; 95% CI 2.4 to 3.2)."
    assert [q.kind for q in quantities(sentence) if q.text == "95%"] == ["label:ci"]
    # "98%" has no rival in the sentence: the "95%" of the interval is not one
    assert number_conflicts("Neutral alignment was achieved in 98% of Onlay cases.", sentence, sentence) == []
    assert figures_agree("The 95% CI ran from 2.4 to 3.2.", sentence)


def test_a_round_figure_stands_for_what_rounds_to_it_and_a_percentage_is_read_on_both_sides() -> None:
    stone_free = quantities("92.7% were stone-free after a median of 2.7 years")
    assert not far_off(quantities("about 90%")[0], stone_free)  # rounded to tens
    assert far_off(quantities("about five years")[0], stone_free)  # a single digit is no round figure
    discharge = quantities("81.3% with skin-to-skin contact")
    assert far_off(quantities("about 91%")[0], discharge)  # 9% left over is half of 18.7%
    assert not far_off(quantities("about 80%")[0], discharge)


def test_a_hedged_fraction_far_from_its_groups_figure_is_rivalled_by_that_figure() -> None:
    sentence = (
        "Return visits occurred in 17.3% of children given dexamethasone 0.6 mg/kg, 18.8% given dexamethasone "
        "0.15 mg/kg, and 21.9% given prednisolone; the differences were not statistically significant."
    )
    unit = "Around half of children given prednisolone came back."
    assert [(a.text, b.text) for a, b in number_conflicts(unit, sentence, sentence)] == [("half", "21.9%")]
    assert number_conflicts("Around a fifth of children given prednisolone came back.", sentence, sentence) == []
    assert unstated_quantities("Mortality fell by about half.", "HR 1.87 (95% CI 0.90 to 3.89)")[0].text == "half"


def test_the_two_sides_of_a_ratio_are_no_share() -> None:
    evidence = quantities("175 adults were randomly assigned 2:1 to monitoring or meters; 94% still used it.")
    assert far_off(quantities("about half")[0], evidence)  # 1 of 2 is an allocation ratio, not 50%
    assert not far_off(quantities("about half")[0], quantities("12 of 25 patients responded"))


def test_the_complement_of_a_stated_percentage_worded_as_the_other_side_is_stated() -> None:
    evidence = "One-year mortality was 10% (12 of 120 patients). Sensitivity was 80.9% and specificity 52%."
    assert unstated_quantities("Survival at one year was 90%.", evidence) == []
    assert number_conflicts("Survival at one year was 90%.", evidence, "One-year mortality was 10%.") == []
    assert unstated_quantities("The test missed 19% of infections.", evidence) == []
    # the same measure changed is no complement
    assert [q.text for q in unstated_quantities("Specificity was 48%.", evidence)] == ["48%"]


def test_a_rounded_gap_between_two_levels_is_not_far_off() -> None:
    evidence = quantities("first mobilised a median of 18.5 hours after onset, compared with 22.4 hours")
    assert not far_off(quantities("about four hours sooner")[0], evidence)
    assert far_off(quantities("about twelve hours sooner")[0], evidence)


def test_a_hedged_relative_change_near_a_stated_ratio_is_stated() -> None:
    evidence = "Higher activity was associated with lower odds of depression (odds ratio 0.74; 95% CI 0.59 to 0.92)."
    assert unstated_quantities("Activity had about a quarter lower odds of depression.", evidence) == []
    assert unstated_quantities("Activity had about 30% lower odds of depression.", evidence) == []
    # far from it, or not said as a change ("about half of patients" is a share, not 1.51's 51%)
    assert [q.text for q in unstated_quantities("It had about 53% lower odds.", evidence)] == ["53%"]
    shift = "A shift toward better outcomes favoured thrombectomy (generalised odds ratio 1.51; 95% CI 1.20 to 1.89)."
    assert [q.text for q in unstated_quantities("About half of patients regained independence.", shift)] == ["half"]


def test_a_round_count_restates_the_exact_count_it_rounds() -> None:
    sentence = "Among 43,044 antibody-positive persons followed for a median of 16.3 weeks, 314 had a positive swab."
    assert number_conflicts("A cohort of 43,000 antibody-positive people was followed.", sentence, sentence) == []
    assert unstated_quantities("A cohort of 43,000 antibody-positive people was followed.", sentence) == []
    changed = number_conflicts("A cohort of 45,000 antibody-positive people was followed.", sentence, sentence)
    assert [(a.text, b.text) for a, b in changed] == [("45,000", "43,044")]
    # not a dose, not a count under a thousand
    assert number_conflicts("Patients took 500 mg.", "Patients took 520 mg.", "Patients took 520 mg.") != []


def test_a_difference_in_points_may_be_written_as_a_percentage() -> None:
    evidence = "HbA1c differed little from controls (mean difference -0.19%; 95% CI -0.34 to -0.03)."
    assert unstated_quantities("HbA1c fell by about 0.2 percentage points.", evidence) == []
    assert [q.text for q in unstated_quantities("HbA1c fell by about 1.2 percentage points.", evidence)] == [
        "1.2 percentage points"
    ]


def test_a_figure_in_digits_rounding_a_stated_one_restates_it() -> None:
    sentence = "STAI-S scores fell by 9.4 points with music and by 3.1 points with headphones alone."
    assert number_conflicts("compared with 3 points for headphones without music.", sentence, sentence) == []
    changed = number_conflicts("compared with 8 points for headphones without music.", sentence, sentence)
    assert [(a.text, b.text) for a, b in changed] == [("8 points", "9.4 points")]  # points of a scale (round 19)
    # the verifier reads the figure as the evidence writes it
    assert harmonized("compared with 3 points for headphones", sentence) == "compared with 3.1 points for headphones"
    # a duration in words is no rounded decimal: "five years" stays
    assert harmonized("reaching a third higher after five years.", "Follow-up lasted 4.7 years.") == (
        "reaching a third higher after five years."
    )


def test_an_estimate_near_the_total_of_two_counts_is_not_far_off() -> None:
    # round 18: "Among nearly 400,000 matched new users" for 196,061 users of each drug was a changed figure
    stated = quantities("196,061 new users of apixaban and 196,061 matched new users of rivaroxaban.")
    assert not far_off(quantities("nearly 400,000 matched new users")[0], stated)
    assert far_off(quantities("nearly 800,000 matched new users")[0], stated)
    # small measures are no head counts (round 17's "by about 15 mmHg" against 7.7 and 6.1 mmHg)
    assert far_off(quantities("by about 15 mmHg")[0], quantities("fell by 7.7 mmHg and by 6.1 mmHg; 8 and 7 sites"))


def test_a_bound_the_sentence_states_too_and_a_proportion_near_its_share_agree() -> None:
    # round 19: "below 140/90 mm Hg" was no figure to agree on, so "around 1 in 8 (12.7%)" was left to the encoder
    sentence = (
        "Of those with hypertension, 45.3% were aware and 12.7% had blood pressure controlled below 140/90 mm Hg."
    )
    assert figures_agree("Only around 1 in 8 (12.7%) had their blood pressure below 140/90 mm Hg.", sentence)
    assert figures_agree("Only around 1 in 8 had their blood pressure below 140/90 mm Hg.", sentence)
    # a proportion near no share of the sentence, a bound it does not state
    assert not figures_agree("Only around 1 in 4 had their blood pressure below 140/90 mm Hg.", sentence)
    assert not figures_agree("Only 12.7% had their blood pressure below 130/80 mm Hg.", sentence)


def test_a_small_count_in_words_is_not_rivalled_by_a_number_with_a_unit() -> None:
    # round 19: "two of the three criteria" against "Reduce the dose to 2.5 mg twice daily"
    sentence = "Reduce the dose to 2.5 mg twice daily in patients with at least two of these characteristics."
    unit = "She meets two of the three dose-reduction criteria,"
    assert number_conflicts(unit, sentence, sentence) == []
    assert number_conflicts("She meets 13 of the criteria,", sentence, sentence)


def test_a_figure_the_sentence_states_of_something_else_is_a_changed_one() -> None:
    # round 19: "treated within eight hours of injury" where the methods give 3 hours for treatment, 8 for the infusion
    sentence = (
        "Adults who could be treated within 3 hours of injury were randomised to tranexamic acid (1 g over 10 minutes "
        "followed by 1 g infused over 8 hours) or placebo."
    )
    moved = number_conflicts("Patients treated within eight hours of injury were enrolled.", sentence, sentence)
    assert [(a.text, b.text) for a, b in moved] == [("eight hours", "3 hours")]
    assert number_conflicts("Patients treated within three hours of injury were enrolled.", sentence, sentence) == []
    # the figure said of what the sentence says it of: no rival shares more of its words
    assert number_conflicts("The second gram was infused over eight hours.", sentence, sentence) == []
    # a ratio is rivalled by ratios only, not by a count sharing "per patient-year"
    rates = "It occurred in 55 with apixaban (0.78% per patient-year) and 86 with aspirin (hazard ratio 0.63)."
    assert number_conflicts("It was lower with apixaban (0.78% per patient-year; HR 0.63).", rates, rates) == []
    # nor by the equal figure's neighbour
    poll = "Sermo published a COVID-19 study with more than 6,200 physicians in 30 countries."
    assert number_conflicts("A study by 6,200 multi-country physicians", poll, poll) == []
    # nor by a count of other things sharing its words (round 20: "14 primary care sites" for 912 patients)
    sites = "Participants: 912 adults with type 1 or type 2 diabetes, enrolled at 14 primary care sites."
    assert number_conflicts("In 912 primary-care patients with diabetes,", sites, sites) == []
    assert number_conflicts("In 14 primary-care sites with diabetes clinics,", sites, sites) == []


def test_points_of_a_scale_are_rivalled_by_the_gap_between_groups() -> None:
    # round 19: "by 5 points" against "the difference at 8 weeks was -0.9 points" (points were a bare count before)
    sentence = "PHQ-9 fell in both groups; the difference at 8 weeks was -0.9 points (95% CI -1.8 to 0.0)."
    changed = number_conflicts("lowering PHQ-9 scores by 5 points,", sentence, sentence, anchored=True)
    assert [(a.text, b.text) for a, b in changed] == [("5 points", "0.9 points")]
    assert number_conflicts("lowering PHQ-9 scores by 0.9 points,", sentence, sentence, anchored=True) == []


def test_a_level_a_change_starts_from_or_reaches_is_not_rivalled_by_the_size_of_a_change() -> None:
    # round 20: "your eGFR has fallen from 20 to 17" against "eGFR has fallen by 3 mL/min ... and is now below 20"
    sentence = "eGFR has fallen by 3 mL/min/1.73 m2 since the last sample and is now below 20."
    assert number_conflicts("and your eGFR has fallen from 20 to 17.", sentence, sentence) == []
    levels = "eGFR has fallen from 20 to 17 mL/min."
    changed = number_conflicts("and your eGFR has fallen from 20 to 15 mL/min.", levels, levels)
    assert [(a.text, b.text) for a, b in changed] == [("15 mL", "17 mL")]


def test_a_figure_given_every_so_many_hours_is_a_duration() -> None:
    # round 20: "every two hours during the day" against "Reposition 2-hourly by day", read as a bare 2 before
    sentence = "Reposition 2-hourly by day and 3-hourly overnight."
    assert number_conflicts("repositioning every two hours during the day", sentence, sentence) == []
    changed = number_conflicts("repositioning every four hours during the day", sentence, sentence)
    assert [(a.text, b.text) for a, b in changed] == [("four hours", "2-hourly")]


def test_a_relative_change_a_stated_ratio_is_and_points_written_bare_are_no_changed_figures() -> None:
    # round 21: "a 19% higher risk" for "an HR of 1.19 (1.06-1.33)" was rivalled by the aligned sentence's 8%
    evidence = (
        "Each additional daily serving was associated with an 8% higher risk (HR 1.08). Those consuming one or more "
        "servings per day had an HR of 1.19 (1.06-1.33)."
    )
    aligned = "Each additional daily serving was associated with an 8% higher risk (HR 1.08)."
    assert number_conflicts("those drinking one or more a day had a 19% higher risk,", evidence, aligned) == []
    changed = number_conflicts("those drinking one or more a day had a 29% higher risk,", evidence, aligned)
    assert [(a.text, b.text) for a, b in changed] == [("29%", "8%")]
    # "a 1.2-point difference" for "mean difference -1.2" stated in another sentence than the aligned one
    scores = "Scores fell by 8.1 and 6.9 points (mean difference -1.2, p = 0.19). In a subgroup it was -3.4 points."
    subgroup = "In a subgroup it was -3.4 points."
    assert number_conflicts("a 1.2-point difference that was not significant", scores, subgroup) == []


def test_comparison_words_name_neither_side_of_a_comparison() -> None:
    sentence = (
        "In a nested comparison of 96 admitted infants, nebulised 3% saline did not shorten LOS compared with 0.9% "
        "saline (mean difference -0.2 days)."
    )
    unit = "and in their comparison 3% saline didn't get babies home any sooner than normal saline."
    assert number_conflicts(unit, sentence, sentence) == []


def test_a_relative_change_whose_verb_stands_just_before_the_clause() -> None:
    """Round 32 (an abstract of my own): "The low dose cut strokes | and clots elsewhere in the body by about two
    thirds (2.3% versus 6.7% a year)" against a hazard ratio of 0.34: the clause split leaves "cut" to the unit before,
    and "cut" is no direction word of the lexical head."""
    evidence = "Stroke or systemic embolism occurred in 2.3% and 6.7% a year (hazard ratio 0.34; 95% CI 0.19 to 0.61)."
    unit = "and clots elsewhere in the body by about two thirds (2.3% versus 6.7% a year)."
    assert [q.text for q in unstated_quantities(unit, evidence)] == ["two thirds"]
    assert unstated_quantities(unit, evidence, before="The low dose cut strokes ") == []
    assert [q.text for q in unstated_quantities(unit, evidence.replace("0.34", "0.74"), before="It cut strokes ")] == [
        "two thirds"
    ]


def test_a_small_count_in_words_is_rivalled_by_a_whole_count_only() -> None:
    """Round 33: "did not differ significantly between the two drugs" against "(95% CI -2.8 to 9.4)"."""
    sentence = "Response occurred in 52.4% and 49.1% (difference 3.3 points; 95% CI -2.8 to 9.4); not significant."
    assert number_conflicts("did not differ between the two drugs.", sentence, sentence) == []
    assert [(a.text, b.text) for a, b in number_conflicts("Two patients died.", "Three died.", "Three died.")] == [
        ("Two", "Three")
    ]


def test_an_improvement_a_named_response_needs_is_stated() -> None:
    # round 40: "two-thirds reached a 75% improvement in their eczema score" against "70.3% achieved EASI-75"
    evidence = "At week 16, 70.3% of patients achieved EASI-75, rising to 79.2% by week 52."
    assert unstated_quantities("two-thirds reached a 75% improvement in their eczema score by week 16", evidence) == []
    (q,) = unstated_quantities("two-thirds reached a 90% improvement in their eczema score by week 16", evidence)
    assert q.text == "90%"
    # nor is it a changed share against the sentence's other percentages (79.2% was its rival)
    assert (
        number_conflicts("Just over two-thirds reached a 75% improvement in EASI by week 16,", evidence, evidence) == []
    )


def test_a_rate_given_its_denominator_in_other_words() -> None:
    # round 30's faithful "Add 40 mmol of potassium to each litre" against "40 mmol per litre"
    evidence = "Add potassium chloride 40 mmol per litre if potassium is 3.5-5.5 mmol/L."
    assert unstated_quantities("Add 40 mmol of potassium to each litre if potassium is between 3.5", evidence) == []
    (q,) = unstated_quantities("Add 20 mmol of potassium to each litre", evidence)
    assert q.text == "20 mmol"


def test_a_frequency_is_no_denominator() -> None:
    # round 26's wrong twin "12.5 mg twice a day" (the evidence gives 6.25 mg twice daily, "12.5 mg/day")
    evidence = "The dose was increased after 1 week to 6.25 mg twice daily (12.5 mg/day)."
    (q,) = unstated_quantities("The aim is 12.5 mg twice a day.", evidence)
    assert q.text == "12.5 mg"
    assert unstated_quantities("so his oral morphine (90 mg a day in total) was switched", "Morphine 90 mg/day.") == []


def test_the_hedge_of_a_pair_of_figures_hedges_both() -> None:
    # round 46: "(roughly 6% vs 3%)" for "(6.1% vs 3.4%)" flagged the 3% as a figure the evidence never states
    evidence = "Episodes below 80% were more frequent with the restrictive strategy (6.1% vs 3.4%; p=0.004)."
    assert unstated_quantities("dropping below 80% (roughly 6% vs 3%),", evidence) == []
    assert [q.text for q in unstated_quantities("dropping below 80% (6% vs 3%),", evidence)] == ["3%"]
