"""Rounds 121-124 and the cases session 23 took from earlier rounds' "left" lists: each reading mended at its cause,
with the wrong reading it must still make."""

from __future__ import annotations

from medhal.text.figures import unstated_quantities
from medhal.text.quantities import quantities


def test_a_single_days_dose_states_one_day() -> None:
    # round 115: "taken on one day" restates "as a single day's dose"; another day count is still unstated
    plan = "1. Praziquantel 40 mg/kg as a single day's dose (= 2,400 mg), 2 divided doses 4-6 h apart."
    unit = "which is 2,400 mg, taken on one day as two doses 4 to 6 hours apart with food."
    assert unstated_quantities(unit, plan) == []
    assert [q.text for q in unstated_quantities(unit.replace("one day", "three days"), plan)] == ["three days"]
    # a day's number is no duration: "a single day-5 blastocyst"
    assert [q.kind for q in quantities("A single day-5 blastocyst was transferred.")] == []
