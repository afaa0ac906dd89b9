"""A unit naming the most common of a list the evidence ranks otherwise (text/superlatives.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.superlatives import listed_items, most_common_item, superlative_conflict

BARRIERS = [
    "Results: Most respondents (78%) agreed that long-term use is harmful.",
    "The most frequently cited barriers were patient resistance (82%), lack of time during consultations (64%) and "
    "the absence of suitable non-drug alternatives (47%).",
]
EVENTS = [
    "The most common events were fever (52%), irritability (38%), injection-site redness (21%) and reduced "
    "feeding (12%)."
]


@pytest.mark.parametrize(
    ("unit", "item"),
    [
        ("Lack of time was the barrier cited most often.", {"lack", "time"}),
        ("The most common adverse event was nausea.", {"nause"}),
        ("Irritability was the most common event,", {"irrit"}),
        ("The most frequently reported symptom was fever.", {"fever"}),
        # bounded, negated or no superlative: no item
        ("Nausea was among the most common adverse events.", None),
        ("Nausea was one of the most common adverse events.", None),
        ("Nausea was not the most common event.", None),
        ("Nausea was common.", None),
    ],
)
def test_the_item_a_unit_calls_the_most_common(unit: str, item: set[str] | None) -> None:
    found = most_common_item(unit)
    assert (None if found is None else set(found)) == item


def test_a_list_of_items_each_with_one_percentage() -> None:
    items = listed_items(EVENTS[0])
    assert [(sorted(i.stems), i.percent) for i in items] == [
        (["fever"], 52.0),
        (["irrit"], 38.0),
        (["injec", "redne", "site"], 21.0),
        (["feedi", "reduc"], 12.0),
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Nausea (12% vs 20%) and headache (5% vs 4%) were reported.",  # two groups' figures
        "Fistulas occurred in 7/32 (22%) vs. 4/42 (10%) with coverage.",  # entries of figures
        "Fever occurred in 8% of infants (n = 185).",  # one entry, no percentage in its bracket
        "Most respondents (78%) agreed.",  # one entry is no list
    ],
)
def test_other_sentences_are_no_list(sentence: str) -> None:
    assert listed_items(sentence) == []


@pytest.mark.parametrize(
    ("unit", "evidence", "expected"),
    [
        ("Lack of time was the barrier cited most often.", BARRIERS, 1),
        ("Irritability was the most common event,", EVENTS, 0),
        ("The most common event was reduced feeding.", EVENTS, 0),
        ("Patient resistance was the barrier cited most often.", BARRIERS, None),
        ("Fever was the most common event,", EVENTS, None),
        ("The most common event was a seizure.", EVENTS, None),  # not listed: for other cues to read
    ],
)
def test_a_most_common_item_the_list_ranks_lower(unit: str, evidence: list[str], expected: int | None) -> None:
    assert superlative_conflict(unit, evidence) == expected


def test_another_item_the_sentence_calls_the_most_common_of_the_same_kind() -> None:
    evidence = ["Nausea was the most common adverse event with varenicline (25%)."]
    assert superlative_conflict("Insomnia was the most common adverse event with varenicline.", evidence) == 0
    assert superlative_conflict("The most common adverse event with varenicline was insomnia.", evidence) == 0
    # the same item; another kind (the patch's events); or a sentence naming the unit's item too
    assert superlative_conflict("Nausea was the most common adverse event with varenicline.", evidence) is None
    assert superlative_conflict("Insomnia was the most common adverse event with the patch.", evidence) is None
    both = ["Nausea was the most common adverse event with varenicline, and insomnia with the patch."]
    assert superlative_conflict("Insomnia was the most common adverse event with the patch.", both) is None
