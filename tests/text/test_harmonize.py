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
