"""Reading numbers with their units: number words, doses, durations, percentages, hedges, labels."""

from __future__ import annotations

from medhal.text.quantities import quantities, spelled_numbers


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
