"""Round 61 (24 texts written blind after round 60's rules: dermatology, eye, allergy and gynaecology letters and
reports, oncology letters and trials, dietetic notes, bone-health letters and tuberculosis or hepatitis letters; read
with round 60's rules, 2 faithful clauses of 498 were contradicted and 8 of the 24 faithful answers flagged): the
faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.frequency import interval_stated
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities


def test_weeks_between_two_dates_said_as_an_estimate() -> None:
    report = "Date of procedure: 03/03/2024. MDT (18/03/2024). Wide local excision booked for 08/04/2024."
    assert unstated_quantities("just over five weeks after your first operation.", report) == []
    assert [q.text for q in unstated_quantities("about nine weeks after your first operation.", report)] == [
        "nine weeks"
    ]


def test_types_written_with_a_slash() -> None:
    referral = "high-risk HPV positive (HPV 16/18 not detected; other high-risk types detected)."
    assert unstated_quantities("which found a high-risk type of HPV (not types 16 or 18)", referral) == []
    assert [q.text for q in unstated_quantities("which found HPV type 31", referral)] == ["31"]


def test_a_rate_a_day_and_an_interval_said_fortnightly() -> None:
    plan = "Increase water flushes to 300 mL four times daily; total fluid approx. 2150 mL/day."
    assert number_conflicts("bringing his total fluid to about 2,150 mL a day.", plan, plan) == []
    assert number_conflicts("bringing his total fluid to about 2,400 mL a day.", plan, plan) != []
    weigh = "Please weigh him every two weeks;"
    assert interval_stated(weigh, quantities(weigh)[0], "Carer to weigh fortnightly. Dietetic review in 6 weeks.")


def test_short_names_a_joints_bone_and_a_letter_left_out() -> None:
    assert unstated_names("Wasp venom sIgE is 12.8 kUA/L", "Specific IgE: wasp venom 12.8 kUA/L") == ()
    assert unstated_names("On TVUS the endometrium measured 3 mm", "Transvaginal ultrasound: endometrium 3 mm") == ()
    assert unstated_names("after 14 months of prednisolone for PMR,", "prednisolone for polymyalgia rheumatica") == ()
    letter = "resulted in a left distal radius fracture treated in a cast."
    assert unstated_names("and the wrist fracture from your fall counts as a fragility fracture.", letter) == ()
    assert unstated_names("and the hip fracture from your fall counts as a fragility fracture.", letter) == ("hip",)
    serology = "HIV test negative; hepatitis B and C serology negative."
    assert unstated_names("HIV, hepatitis B and hepatitis C tests were all negative.", serology) == ()
    assert unstated_names("hepatitis D tests were negative.", serology) == ("hepatitis D",)


def test_a_level_risen_to_is_no_difference() -> None:
    letter = "ALT 68 U/L (ULN 33), previously 35 U/L; HBV DNA 25,000 IU/mL; platelets 91."
    assert [q.text for q in unstated_quantities("your liver enzyme ALT has risen to 58 U/L,", letter)] == ["58 U"]
    assert unstated_quantities("your liver enzyme ALT has risen by 33 U/L,", letter) == []  # 68 less 35


def test_a_comparison_with_an_adverb_of_degree() -> None:
    from medhal.text.comparisons import unit_comparison

    claim = unit_comparison("Adherence was clearly lower with once-daily dosing,")
    assert claim is not None and claim.measure == unit_comparison("Adherence was lower with once-daily dosing,").measure
