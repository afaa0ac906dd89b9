"""Faithful clauses of blind rounds 236-237 (session 36) and of session 35's leftovers that the cues flagged or
contradicted when first read, each beside the wrong wording the same reading must still catch."""

from __future__ import annotations

import pytest

from medhal.detect._pointers import stating_figures
from medhal.text.assertions import reports_result
from medhal.text.clauses import split_clauses
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation
from medhal.text.quantities import quantities
from medhal.text.ways import only_with_restated


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_a_range_lower_bound_is_in_the_upper_bounds_unit() -> None:
    """Round 227's "roughly 0.4 to 0.6 GBq" for "400 to 600 MBq": the lower bound was a bare 0.4 the leaflet never
    states (its 400 was a bare count too)."""
    leaflet = "Treatment is given as a single capsule, usually containing 400 to 600 MBq of iodine-131."
    assert [(q.kind, q.value) for q in quantities("0.4 to 0.6 GBq")] == [("becquerel", 4e8), ("becquerel", 6e8)]
    assert [q.value for q in quantities(leaflet)][:2] == [4e8, 6e8]
    assert _unstated("containing 0.4 to 0.6 GBq of radioactive iodine.", leaflet) == []
    assert _unstated("containing 0.4 to 0.8 GBq of radioactive iodine.", leaflet) == ["0.8 GBq"]


def test_a_duration_in_two_parts_is_one_figure() -> None:
    """Round 232's "after about a day and three hours" for "27 hours": cut in two at its "and", with "a day" read as
    no figure and "three hours" as one the letter never states."""
    sentence = "With loperamide it settled after about a day and three hours, whereas placebo took roughly a day."
    assert split_clauses(sentence)[0].text.endswith("a day and three hours,")
    trial = "Median time to last unformed stool was 27 hours with loperamide and 42 hours with placebo."
    assert _unstated("it settled after 1 day and 3 hours", trial) == []
    assert _unstated("it settled after 1 day and 7 hours", trial) == ["1 day and 7 hours"]
    assert _unstated("with the dummy tablet it took roughly a day and three quarters", trial) == []
    assert [round(q.value * 24, 2) for q in quantities("1 hour 20 minutes; a week and a half")] == [1.33, 252.0]
    # round 222's tapering course, read once "a week and a half" was a figure: 5 days, then the next 5 days
    course = "The dose is 1 mg per kg once daily for 5 days, then reduced over the next 5 days."
    assert _unstated("so the whole course lasts about a week and a half.", course) == []
    assert _unstated("so the whole course lasts about three weeks and a half.", course) == ["three weeks and a half"]
    # not a range of a smaller unit to a larger, nor a tail larger than its head's next unit
    assert len(quantities("between 3 months and 12 years")) == 2
    assert len(quantities("1 hour and 90 minutes")) == 2


def test_every_so_many_months_after_a_hyphen() -> None:
    """Round 237's "a liver scan every six months" for "six-monthly liver ultrasound"; "five monthly shots" stay
    five shots (round 235)."""
    plan = "Follow-up: clinic review in 3 months, with six-monthly liver ultrasound for cancer surveillance."
    assert _unstated("and a liver scan every six months to look for cancer.", plan) == []
    assert _unstated("and a liver scan every four months to look for cancer.", plan) == ["four months"]
    assert [(q.kind, q.value) for q in quantities("3-weekly cycles")] == [("time", 21.0)]
    assert [q.kind for q in quantities("five monthly shots")] == ["count"]


def test_hours_between_two_times_of_a_record() -> None:
    """Round 237's "six hours later he still hadn't passed water" for "removed at 06:00 ... not passed urine by
    12:00"."""
    course = "The catheter was removed at 06:00 on postoperative day 1. He had not passed urine by 12:00."
    assert _unstated("but six hours later he still hadn't passed water.", course) == []
    assert _unstated("but nine hours later he still hadn't passed water.", course) == ["nine hours"]


def test_a_hedged_gap_between_two_head_counts() -> None:
    """Round 236's "around 170 more people ended up having a camera test" for "(349 versus 517 procedures)"."""
    uptake = "Colonoscopy uptake after a positive test was 88% in both arms (349 versus 517 procedures)."
    assert _unstated("so around 170 more people ended up having a camera test.", uptake) == []
    assert _unstated("so around 250 more people ended up having a camera test.", uptake) == ["250"]


def test_a_lay_name_of_a_disease_is_no_proper_name() -> None:
    """Round 236's "protected against measles and German measles" for "Measles and rubella IgG both positive"; a
    lay name that keeps its word ("knee replacement") is still read."""
    serology = "Measles and rubella IgG both positive."
    assert unstated_names("she is protected against measles and German measles,", serology) == ()
    assert unstated_names("she is protected against measles and German cockroaches,", serology) == ("German",)
    hips = "We randomised 412 adults undergoing primary total hip arthroplasty."
    assert unstated_names("In 412 knee replacement patients,", hips) == ("knee",)


def test_only_in_a_place_restates_never_outside_it() -> None:
    """Round 237's "Platelet-rich plasma injections should only be used in research" against "should not be used
    outside research settings" (contradicted, P(C) 0.84, and "denied")."""
    rule = "Recommendation 5: Platelet-rich plasma injections should not be used outside research settings."
    unit = "Platelet-rich plasma injections should only be used in research."
    assert only_with_restated(unit, rule)
    assert flips_negation(unit, rule) is None
    assert not only_with_restated("They should only be used in children.", rule)
    assert flips_negation("Platelet-rich plasma injections should be used outside research.", rule) == "used"


def test_one_figure_with_a_unit_places_an_unsupported_units_pointer() -> None:
    """The own ankle abstract's "The physiotherapy cost about £190 more per person" pointed at the methods line; one
    figure with its unit places it at the costing line, a bare count or a duration does not."""
    said = ["Methods: 436 adults had 6 weeks of physiotherapy (n=218).", "Therapy cost an extra £186 per participant."]
    assert stating_figures("The physiotherapy cost about £190 more per person.", said) == 1
    assert stating_figures("for six weeks", said) is None
    assert reports_result("People who had physiotherapy got back to sport about a week sooner,")
    assert not reports_result("This study followed just over 400 adults with a sprained ankle,")


@pytest.mark.parametrize(
    ("text", "days"),
    [("a day and three hours", 1.125), ("2 weeks and 3 days", 17.0), ("a year and eight months", 608.75)],
)
def test_compound_durations_in_days(text: str, days: float) -> None:
    assert [q.value for q in quantities(text)] == [pytest.approx(days)]
