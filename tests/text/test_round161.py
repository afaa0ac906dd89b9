"""Readings mended after blind rounds 161-164 (session 27): each at its cause, each with the wording that broke it."""

from __future__ import annotations

import pytest

from medhal.text.clauses import split_clauses
from medhal.text.fragments import states_no_predicate
from medhal.text.level_pairs import reached_level
from medhal.text.lexical import has_negation
from medhal.text.quantifiers import share_conflicts
from medhal.text.quantities import quantities
from medhal.text.significance import factor_shown


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("In this trial of one hundred and eighty divers,", 180.0),
        ("a registry of two hundred and seventy-four heat stroke cases", 274.0),
        ("three hundred patients", 300.0),
        ("one thousand two hundred and five people", 1205.0),
        ("one hundred patients", 100.0),
    ],
)
def test_numbers_in_words_with_hundred_are_read_whole(text: str, value: float) -> None:
    read = quantities(text)
    assert [q.value for q in read] == [value]
    assert text[read[0].start : read[0].end] == read[0].text


def test_a_spelled_number_keeps_its_unit_and_hedge() -> None:
    (q,) = quantities("about three hundred days")
    assert (q.kind, q.value, q.about, q.text) == ("time", 300.0, True, "three hundred days")
    assert [q.value for q in quantities("twelve thousand, and one thousand")] == [12000.0, 1000.0]
    # "roughly three in a hundred" is a proportion (round 54), not a count of a hundred
    assert 100.0 not in [q.value for q in quantities("close to one in ten compared with roughly three in a hundred")]


def test_the_clause_split_keeps_a_spelled_number_whole() -> None:
    text = "It worked best in this registry of two hundred and seventy-four heat stroke cases."
    assert [c.text for c in split_clauses(text)] == [text]


def test_a_trimester_is_three_months_of_pregnancy() -> None:
    (q,) = quantities("Treatment is not recommended in the first trimester.")
    assert q.kind == "time" and q.approximate and round(q.value) == 91


def test_the_hedge_of_a_range_is_both_figures_but_not_of_a_change() -> None:
    assert [q.about for q in quantities("relapse in roughly 40% to 60% of patients")] == [True, True]
    assert [q.about for q in quantities("fell from about 34 to 27.5 points")] == [True, False]


def test_fragments_that_name_people_by_a_relative_clause() -> None:
    assert states_no_predicate("Among adults with severe HS who had not responded well enough to antibiotic tablets,")
    assert states_no_predicate("A contact who is not immune")
    assert not states_no_predicate("In patients who received it, mortality fell,")
    assert not states_no_predicate("Those who took it had less pain")
    assert not states_no_predicate("A contact who is not immune should stay away.")


def test_inability_is_a_negation() -> None:
    assert has_negation("numbness of both legs and inability to pass urine")
    assert not has_negation("the ability to pass urine returned")


def test_a_factor_in_words_shown_by_a_ratio_that_excludes_no_effect() -> None:
    unit = "which made relapse about five times more likely."
    assert factor_shown(unit, ["Non-adherence predicted relapse (odds ratio 5.2, 95% CI 1.9 to 14.1)."])
    assert not factor_shown(unit, ["Non-adherence predicted relapse (odds ratio 5.2, 95% CI 0.9 to 14.1)."])
    assert not factor_shown(unit, ["Non-adherence predicted relapse (odds ratio 2.2, 95% CI 1.9 to 2.6)."])
    assert not factor_shown("relapse was more likely", ["(odds ratio 5.2, 95% CI 1.9 to 14.1)"])


def test_the_level_a_change_reaches_from_the_same_start() -> None:
    unit = "children seen with a clean face rose from about 22% to 59%"
    sentence = "latrine use rose from 19% to 61%, and a clean face increased from 22% to 39% versus 21% to 25%."
    own = quantities(unit)
    reached = reached_level(unit, own[1], own, sentence, quantities(sentence))
    assert reached is not None and reached.text == "39%"
    assert reached_level(unit, own[0], own, sentence, quantities(sentence)) is None  # the start is no reached level
    other = "latrine use rose from 19% to 61%."
    assert reached_level(unit, own[1], own, other, quantities(other)) is None


def test_the_rival_of_a_share_in_words_is_not_what_it_counts() -> None:
    sentence = "Swabs were positive after cleaning in 12% of chlorine samples versus 37% of detergent samples."
    assert share_conflicts("at about one in eight swabs versus more than a third.", sentence) == []
