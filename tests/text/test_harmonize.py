"""The unit's figures written as the evidence writes them, for the verifier."""

from __future__ import annotations

from medhal.text.harmonize import harmonized


def test_a_figure_is_harmonized_to_the_evidences_own_writing_of_the_same_value() -> None:
    # round 19: "At three months" was read as "At 12-week" (the evidence's 12-week programme is within 10%)
    evidence = "A 12-week exercise programme; 268 completed the 3 months assessment."
    assert harmonized("At three months, pain had fallen.", evidence) == "At 3 months, pain had fallen."


def test_a_time_of_day_is_written_as_the_evidence_writes_it() -> None:
    assert harmonized("The driver goes up at 8 pm.", "Start CSCI at 20:00.") == "The driver goes up at 20:00."
    assert harmonized("The driver goes up at 9 pm.", "Start CSCI at 20:00.") == "The driver goes up at 9 pm."


def test_a_hedged_figure_is_written_as_the_one_figure_it_rounds() -> None:
    # round 40: "about 27% ... about 18%" against "27.2% ... 18.4%" was P(C) 0.72; written as the evidence's, 0.28
    evidence = (
        "Remission was achieved by 84 patients (27.2%) receiving esketamine and 56 (18.4%) receiving aripiprazole."
    )
    unit = "About 27% on esketamine were in remission compared with about 18% on aripiprazole."
    assert harmonized(unit, evidence) == (
        "About 27.2% on esketamine were in remission compared with about 18.4% on aripiprazole."
    )
    # two figures it may round: neither is chosen
    assert harmonized("about 5% had a rash", "4.9% and 5.2% had a rash") == "about 5% had a rash"


def test_a_bound_the_evidences_figure_meets_is_written_as_that_figure() -> None:
    # round 27: "from under 9 hours ... to nearly 30 hours" against "from 8.6 hours ... to 29.7 hours" was P(C) 0.70
    # once the sentence stating them was aligned; with the figures, 0.29
    evidence = "Terminal half-life lengthened from 8.6 hours in normal function to 29.7 hours in severe impairment."
    assert harmonized("The half-life rose from under 9 hours to nearly 30 hours.", evidence) == (
        "The half-life rose from 8.6 hours to nearly 29.7 hours."
    )
    assert harmonized("more than 20% had a rash", "20.4% had a rash") == "20.4% had a rash"
    # a bound the figure does not meet, or one far from it, is left for the encoder and the cues
    assert harmonized("more than 21% had a rash", "20.4% had a rash") == "more than 21% had a rash"
    assert harmonized("more than 10% had a rash", "20.4% had a rash") == "more than 10% had a rash"
