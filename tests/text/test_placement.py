"""A figure the evidence gives to another thing: read against the sentence best aligned with the unit."""

from __future__ import annotations

from medhal.text.placement import moved_across

REPORT = [
    "Of 186 attendees, 148 (80%) were contacted and completed a questionnaire.",
    "Sixty-seven of the 148 respondents met the case definition, giving an attack rate of 45%.",
]


def test_a_figure_the_evidence_states_of_another_thing_is_moved() -> None:
    # round 19: "an attack rate of 80%" where 80% was the response rate
    ((mine, theirs),) = moved_across("an attack rate of 80%.", REPORT, 1)
    assert (mine.text, theirs.text) == ("80%", "45%")


def test_the_unit_figure_said_of_what_the_evidence_says_it_of_is_not_moved() -> None:
    assert moved_across("an attack rate of 45%.", REPORT, 1) == []
    assert moved_across("80% of attendees completed a questionnaire.", REPORT, 0) == []
    # a figure stated nowhere is the unstated-figure cue's; a hedged one is no exact figure
    assert moved_across("an attack rate of 60%.", REPORT, 1) == []
    assert moved_across("an attack rate of about 80%.", REPORT, 1) == []
    # the same figure said in the unit's words elsewhere as well: not moved
    both = [*REPORT, "Among staff, the attack rate of 80% was higher."]
    assert moved_across("an attack rate of 80%.", both, 1) == []


def test_a_number_of_another_thing_is_no_rival() -> None:
    # a first version read "2,412 bleeding trauma patients" as moved to the methods' "trial at 14 hospitals"
    methods = [
        "In this placebo-controlled trial at 14 hospitals, adults with major trauma were randomised.",
        "A total of 2,412 patients were randomised.",
    ]
    assert moved_across("In this placebo-controlled trial of 2,412 bleeding trauma patients,", methods, 0) == []
