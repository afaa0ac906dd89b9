"""Years, times of day and multiplier words read as what they are (round 23)."""

from __future__ import annotations

from medhal.text.number_forms import a_multiples, clock_hour, day_of_year, following_days, is_year, multiplier
from medhal.text.quantities import quantities


def test_years_are_labels_not_counts() -> None:
    kinds = [(q.kind, q.value) for q in quantities("Incidence fell since 1979; data from 2007 to 2021.")]
    assert kinds == [("label:year", 1979.0), ("label:year", 2007.0), ("label:year", 2021.0)]
    assert [q.kind for q in quantities("In 2000 patients, pain fell.")] == ["count"]
    assert not is_year("1850", "since 1850.", 10, "since ")


def test_times_of_day_read_on_the_24_hour_clock() -> None:
    assert clock_hour("at 10 pm", 5, 10.0) == (22.0, 8)
    assert clock_hour("at 12 am", 5, 12.0) == (0.0, 8)
    assert clock_hour("at 7:30 a.m.", 4, 7.0) == (7.0, 12)
    assert clock_hour("10 patients", 2, 10.0) is None
    # the whole time is the quantity's text, so a unit's "8 pm" is written as the evidence's "20:00"
    assert [q.text for q in quantities("from 12:00 to 20:00, or 8 pm")] == ["12:00", "20:00", "8 pm"]


def test_multipliers_give_the_number_they_stand_for() -> None:
    assert multiplier("2 million people", 1) == (1e6, 9)
    assert multiplier("493 per million", 3) is None
    assert a_multiples("a billion doses") == [(1e9, 0, 9)]
    one, a = quantities("1 billion vaccines"), quantities("a billion doses")
    assert one[0].equals(a[0]) and one[0].text == "1 billion"


def test_money_is_its_own_kind_and_just_over_is_a_point_estimate() -> None:
    found = quantities("It saved just over £600 per patient, $1.2 million in all, in 5 patients.")
    assert [(q.kind, q.value, q.about) for q in found] == [
        ("money", 600.0, True),
        ("money", 1.2e6, False),
        ("count", 5.0, False),
    ]


def test_a_day_of_a_month_is_a_date_and_the_following_day_the_day_after() -> None:
    """Round 29: "reopened to admissions on 22 February" against "declared over on 21 February, and the home reopened
    to admissions the following day" was contradicted (22 read as a count, stated nowhere)."""
    sentence = "The outbreak was declared over on 21 February, and the home reopened to admissions the following day."
    found = [(q.text, q.kind, q.value) for q in quantities(sentence)]
    assert found == [("21 February", "label:date", 52.0), ("the following day", "label:date", 53.0)]
    (said,) = quantities("The home reopened on 22 February.")
    assert said.kind == "label:date" and any(said.equals(q) for q in quantities(sentence))
    assert [q.kind for q in quantities("On 6 February 2024, 62 residents")] == ["label:date", "label:year", "count"]
    assert [q.kind for q in quantities("children aged 12 may benefit")] != ["label:date"]  # "may" is no month


def test_the_following_day_belongs_to_a_date_of_its_own_sentence() -> None:
    assert following_days("Over on 21 February. The home reopened the following day.", [(52.0, 8)]) == []
    assert day_of_year("on 31 April", 3, 5, 31.0) is None  # no such day
