"""Round 62 (24 texts written blind after round 61's rules: toxicology consults, rheumatology letters, sleep
medicine, sports medicine, geriatric letters and trials, burns and wound care, transfusion medicine and public-health
bulletins; read with round 61's rules, 2 faithful clauses of 539 were contradicted and 5 of the 24 faithful answers
flagged): the faithful clauses' false cues mended at their cause, and the wrong twins' readings kept."""

from __future__ import annotations

from medhal.detect.focus import _counted_noun, _figure_left_out
from medhal.text.figures import unstated_quantities
from medhal.text.fragments import states_no_predicate
from medhal.text.number_forms import numeric_dates, short_dates
from medhal.text.quantities import quantities
from medhal.text.recommendations import instructs, unadvised
from medhal.text.synonyms import alignment_tokens
from medhal.text.unnamed import unnamed_subject


def test_a_fraction_of_an_hour() -> None:
    letter = "She reports 45 minutes of early morning stiffness."
    assert unstated_quantities("She has about three-quarters of an hour of morning stiffness", letter) == []
    # a changed stiffness is still a figure the letter never states
    assert [q.text for q in unstated_quantities("She has about a quarter of an hour of stiffness", letter)] == [
        "quarter of an hour"
    ]
    assert [q.kind for q in quantities("About half relapsed.")] == ["percent"]  # a share, as before


def test_a_rate_per_kilogram_per_hour_in_words() -> None:
    note = "Fluid resuscitation completed at 48 h; UO now 0.8-1.2 mL/kg/h."
    assert {q.kind for q in quantities("0.8 and 1.2 mL/kg per hour") if q.text.endswith("mL")} == {"volume/kg/h"}
    assert unstated_quantities("his urine output is now between 0.8 and 1.2 mL/kg per hour.", note) == []
    assert [q.kind for q in quantities("10 mg per kg per day")] == ["mass/kg/day"]


def test_a_day_and_month_without_a_year() -> None:
    note = "21/05/2024, 09:30. Flame burn 15/05/2024. 19/05: tangential excision. Pain 3-4/10 at rest."
    assert [d for d, _, _ in short_dates(note, numeric_dates(note))] == [139.0]  # not the pain score "4/10"
    assert unstated_quantities("On 19 May the right arm was excised,", note) == []
    assert [q.text for q in unstated_quantities("On 20 May the right arm was excised,", note)] == ["20 May"]
    # with no date showing the day first (no day past the twelfth), "3/05" stays unread as a date
    assert short_dates("Seen 3/05.", numeric_dates("Seen 3/05.")) == []


def test_one_hedge_for_two_figures_of_a_parallel_pair() -> None:
    results = "VISA-A improved from 48.2 to 71.5 in the PRP group and from 47.6 to 72.9 in the saline group."
    before = "VISA-A scores rose by roughly 23 points with PRP "
    assert unstated_quantities("and 25 points with saline,", results, before=before) == []
    # a contrast is no parallel pair: "compared with 8 points" keeps its own exactness (cp_279's wrong twin)
    trial = "STAI-S scores fell by 9.4 points with music and by 3.1 points with headphones alone."
    assert [
        q.text
        for q in unstated_quantities(
            "compared with 8 points for headphones without music.", trial, before="fell by about 9 points with music, "
        )
    ] == ["8 points"]


def test_blood_use_is_red_cell_use() -> None:
    evidence = "A restrictive threshold of 70 g/L was non-inferior for fatigue and halved red cell use."
    named = alignment_tokens(evidence)
    assert unnamed_subject("The restrictive approach roughly halved blood use,", evidence, named) is None


def test_a_plan_told_in_the_imperative() -> None:
    plan = ["- If symptoms recur at any stage, drop back to the previous stage once symptom-free for 24 h"]
    assert instructs(plan[0])
    assert not unadvised("he should drop back to the previous stage once he has been symptom-free for 24 hours.", plan)
    assert not instructs("Return to desired sport did not differ (52% vs 55%).")


def test_how_much_alone_is_no_predicate() -> None:
    assert states_no_predicate("by an adjusted 1.4 points.")
    assert states_no_predicate("by about 12%,")
    assert not states_no_predicate("by 2.1 kg at 12 months, which was significant.")


def test_centres_are_no_rival_of_the_adults_enrolled() -> None:
    unit = "It was a trial at 14 centres that enrolled 640 adults having induction chemotherapy for acute leukaemia."
    methods = "Adults at 14 centres receiving induction chemotherapy for acute leukaemia were randomised 1:1."
    assert [_counted_noun(unit, q) for q in quantities(unit)] == [frozenset({"centr"}), frozenset({"adult"})]
    assert _figure_left_out(unit, quantities(unit), methods)  # the 640 is the results', left out of the methods
    assert not _figure_left_out(unit, quantities(unit), "At 14 centres, 580 adults were randomised.")


def test_a_side_held_in_a_short_name() -> None:
    from medhal.text.laterality import side_conflict, sides

    ecg = ["- Incomplete RBBB: normal finding", "- T-wave inversion in leads I, aVL, V5 and V6 (lateral): ABNORMAL"]
    assert side_conflict("and an incomplete left bundle branch block was considered normal.", ecg) is not None
    assert side_conflict("and an incomplete right bundle branch block was considered normal.", ecg) is None
    assert [(s.side, s.text) for s in sides("RUQ pain; LVEF 55%; RV/LV ratio 1.2")] == [
        ("right", "RUQ"),
        ("left", "LVEF"),
    ]


def test_a_relative_clause_read_with_its_sentence() -> None:
    from medhal.detect.alignment import EvidenceIndex
    from medhal.detect.unit_cues import unit_cues
    from medhal.detect.units import Unit, relative_to, segment_units

    sentences = ["Clinical wound infection occurred in 7 (6.6%) vs 10 (9.4%) participants (p=0.44)."]
    index = EvidenceIndex.of(sentences[0], sentences)
    for claim, fires in (
        ("which was a significant difference.", True),
        ("which was not a significant difference.", False),
    ):
        response = f"Wound infection affected 6.6% and 9.4% of participants respectively, {claim}"
        units = [Unit.of_span(s) for s in segment_units(response, "clause")]
        assert relative_to(units, len(units) - 1, response) == response
        cues = unit_cues(index, units, response, [index.alignment(u.text) for u in units], 0.6)
        assert (cues[-1] is not None and cues[-1].kind == "null_finding") is fires
