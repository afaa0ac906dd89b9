"""The wrong side (round 27)."""

from __future__ import annotations

from medhal.text.laterality import side_conflicts, sides

SENTENCE = "Reduced air entry at the right base on F1 doctor review at 04:10."


def test_sides_name_their_part() -> None:
    assert [(s.side, s.text) for s in sides("left-sided weakness, and bilateral pleural effusions")] == [
        ("left", "left-sided weakness"),
        ("both", "bilateral pleural effusions"),
    ]


def test_a_part_named_on_one_side_in_other_words_is_named() -> None:
    evidence = "Seven patients had a left cerebral hemispherectomy. Reading is mediated by the right hemisphere."
    unit = "skills that are normally mediated by the left hemisphere."
    assert not side_conflicts(unit, "Reading is mediated by the right hemisphere.", evidence)


def test_the_other_side_conflicts() -> None:
    (conflict,) = side_conflicts("The doctor found reduced air entry at the left base,", SENTENCE, SENTENCE)
    assert (conflict[0].text, conflict[1].text) == ("left base", "right base")


def test_the_same_side_another_part_or_both_sides_do_not() -> None:
    assert not side_conflicts("reduced air entry at the right base,", SENTENCE, SENTENCE)
    assert not side_conflicts("weakness of the left arm,", SENTENCE, SENTENCE)
    evidence = SENTENCE + " Crackles were heard at the left base too."
    assert not side_conflicts("reduced air entry at the left base,", SENTENCE, evidence)
