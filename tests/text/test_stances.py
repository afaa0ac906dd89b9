"""A stance given to the wrong person (seed 003 Appendix B's c2)."""

from __future__ import annotations

from medhal.text.stances import stance_conflict

EVIDENCE = [
    "The city council approved a new transit plan on Tuesday after months of debate.",
    "Mayor Lena Ortiz said the expansion would cut average commute times in the eastern districts.",
    "Council member David Hsu voted against the proposal, citing concerns about the municipal budget.",
]


def test_a_person_said_against_what_the_evidence_has_them_speak_for() -> None:
    assert stance_conflict("Mayor Ortiz opposed the expansion.", EVIDENCE) == 1
    assert stance_conflict("Ortiz criticised the plan.", EVIDENCE) == 1


def test_the_person_the_evidence_has_against_it_and_a_person_given_no_stance() -> None:
    assert stance_conflict("Council member Hsu opposed the expansion.", EVIDENCE) is None
    assert stance_conflict("Mayor Ortiz opposed the budget.", ["Mayor Lena Ortiz was elected in 2019."]) is None
    assert stance_conflict("The council opposed the plan.", EVIDENCE) is None  # no one named
    assert stance_conflict("Mayor Ortiz supported the expansion.", EVIDENCE) is None  # no stance against
