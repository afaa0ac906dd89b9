"""GRADE certainty levels the evidence never gives (medhal.text.certainty)."""

from __future__ import annotations

from medhal.text.certainty import certainty_conflicts, certainty_levels

REVIEW = [
    "Antibiotic-associated diarrhoea occurred in 8% and 19% (risk ratio 0.45; moderate-certainty evidence).",
    "Adverse events were rare and did not differ between groups (low-certainty evidence).",
]


def test_levels_are_read_in_their_written_forms() -> None:
    assert [q.value for q in certainty_levels("moderate-certainty evidence; low quality evidence")] == [3.0, 2.0]
    assert [q.value for q in certainty_levels("The quality of the evidence was rated very low.")] == [1.0]
    assert [q.value for q in certainty_levels("evidence of high certainty")] == [4.0]
    # "high" and "low" alone grade nothing
    assert certainty_levels("High doses helped; low doses did not.") == []


def test_a_level_the_evidence_never_gives_is_contradicted_by_the_first_it_gives() -> None:
    found = certainty_conflicts("The evidence for benefit was of high certainty.", REVIEW)
    assert found is not None
    (pair,), sentence = found
    assert (pair[0].text, pair[1].text, sentence) == ("of high certainty", "moderate-certainty evidence", 0)


def test_silent_when_the_evidence_gives_the_level_or_grades_nothing() -> None:
    assert certainty_conflicts("Moderate-certainty evidence shows a benefit.", REVIEW) is None
    assert certainty_conflicts("Harms were graded low certainty.", REVIEW) is None
    assert certainty_conflicts("The evidence was of high certainty.", ["Diarrhoea fell (risk ratio 0.45)."]) is None


def test_a_level_said_of_the_evidence_on_one_outcome_is_read() -> None:
    found = certainty_conflicts("The certainty of the mortality evidence was high.", REVIEW)
    assert found is not None and found[0][0][0].value == 4.0
    assert certainty_conflicts("The certainty of the evidence for diarrhoea was moderate.", REVIEW) is None
