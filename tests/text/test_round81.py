"""Round 81 (24 texts written blind after round 80's rules: adult congenital heart disease letters, maxillofacial
letters, haematuria clinic letters, patch testing reports, concussion return-to-play notes, hip dysplasia letters,
retinal detachment letters and pituitary clinic letters): its false cue mended at its cause, and two readings that
its texts showed wrong."""

from __future__ import annotations

from medhal.text.bounds import bounds
from medhal.text.explanations import unstated_cause
from medhal.text.harmonize import harmonized
from medhal.text.synonyms import alignment_tokens


def test_a_concession_inside_a_cause_is_no_part_of_it() -> None:
    named = alignment_tokens(
        "Initial prolactin 3,850 mU/L. Today: prolactin 612 mU/L - improving but still above range."
    )
    unit = "This is because her prolactin, although much lower than the starting level of 3,850 mU/L,"
    assert unstated_cause(unit, named) is None
    assert unstated_cause("This is because her thyroid, although much lower than before,", named) == "her thyroid"


def test_a_duration_is_never_written_as_a_time_point() -> None:
    plan = "Plan - graduated return to sport, minimum 24 h per stage: day 2 light activity."
    assert harmonized("Each stage must last at least 48 hours.", plan) == "Each stage must last at least 48 hours."


def test_minimum_without_of_is_a_bound() -> None:
    assert [(b.quantity.text, b.side, b.inclusive) for b in bounds("minimum 24 h per stage")] == [("24 h", "up", True)]
