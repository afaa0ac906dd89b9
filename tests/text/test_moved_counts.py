"""A count of people with an event moved to the other trial arm (round 23)."""

from __future__ import annotations

from medhal.text.moved_counts import counted_events, moved_count

ARMS = ("pramipexole", "placebo")
EVIDENCE = [
    "Adults were randomised to pramipexole or placebo for 48 weeks.",
    "Nausea was more frequent with pramipexole (55% vs 20%).",
    "Two participants receiving pramipexole developed impulse-control symptoms, which resolved after dose reduction.",
]


def test_a_count_given_to_the_other_arm_is_found_with_its_sentence() -> None:
    unit = "Two people on placebo developed impulse-control symptoms that settled when the dose was lowered."
    assert moved_count(unit, EVIDENCE, ARMS) == 2


def test_the_same_arm_another_count_or_another_event_is_not_a_move() -> None:
    assert moved_count("Two people on pramipexole developed impulse-control symptoms.", EVIDENCE, ARMS) is None
    assert moved_count("Three people on placebo developed impulse-control symptoms.", EVIDENCE, ARMS) is None
    assert moved_count("Two people on placebo developed a rash.", EVIDENCE, ARMS) is None
    assert moved_count("Two people on placebo developed impulse-control symptoms.", EVIDENCE, None) is None


def test_a_count_the_evidence_gives_both_arms_is_not_a_move() -> None:
    both = [*EVIDENCE, "Two participants receiving placebo developed impulse-control symptoms as well."]
    assert moved_count("Two people on placebo developed impulse-control symptoms.", both, ARMS) is None


def test_counted_events_read_digits_and_words_and_name_one_arm() -> None:
    events = counted_events("3 patients given placebo died; 12 women on pramipexole stopped treatment.", ARMS)
    assert [(e.count, e.arm) for e in events] == [(3, 1), (12, 0)]
    assert counted_events("Two patients given pramipexole and placebo died.", ARMS) == []
