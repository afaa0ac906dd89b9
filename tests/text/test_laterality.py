"""The wrong side (rounds 27-28)."""

from __future__ import annotations

from medhal.text.laterality import side_conflict, sides

HANDOVER = [
    "Respiratory rate 22/min (was 16), heart rate 98.",
    "Reduced air entry at the right base on F1 doctor review at 04:10.",
]


def test_sides_name_their_part() -> None:
    assert [(s.side, s.text) for s in sides("left-sided weakness, and bilateral pleural effusions")] == [
        ("left", "left-sided weakness"),
        ("both", "bilateral pleural effusions"),
    ]
    assert [s.part for s in sides("one drop to the RIGHT eye only")] == [frozenset({"eye"})]  # short parts count


def test_the_other_side_conflicts_and_names_its_sentence() -> None:
    found = side_conflict("The doctor found reduced air entry at the left base,", HANDOVER)
    assert found is not None
    (pair,), index = found
    assert (pair[0].text, pair[1].text, index) == ("left base", "right base", 1)


def test_the_same_side_another_part_or_a_part_named_on_both_sides_do_not() -> None:
    assert side_conflict("reduced air entry at the right base,", HANDOVER) is None
    assert side_conflict("weakness of the left arm,", HANDOVER) is None
    both = [*HANDOVER, "Air entry was reduced at the left base too."]
    assert side_conflict("reduced air entry at the left base,", both) is None


def test_a_part_named_on_both_sides_where_only_the_other_side_holds_the_finding() -> None:
    # round 58: the unit's side is said of its part, but of another finding; the other side's sentence holds it
    crackles = [*HANDOVER, "Crackles were heard at the left base too."]
    found = side_conflict("reduced air entry at the left base,", crackles)
    assert found is not None and found[1] == 1
    assert side_conflict("crackles at the left base,", crackles) is None


def test_a_part_named_on_one_side_in_other_words_is_named() -> None:
    evidence = ["Seven patients had a left cerebral hemispherectomy.", "Reading is mediated by the right hemisphere."]
    assert side_conflict("skills that are normally mediated by the left hemisphere.", evidence) is None


def test_evidence_that_says_the_units_side_anywhere_leaves_the_side_to_its_sentences() -> None:
    letter = ["The right eye shows progression of the arcuate defect; the left field is stable."]
    assert side_conflict("The right visual field has worsened,", letter) is None
    note = ["Symptomatic left inguinal hernia.", "No hernia palpable in the right groin pre-operatively."]
    assert side_conflict("a keyhole repair of a hernia in the left groin,", note) is None


def test_the_units_part_named_in_the_other_sides_sentence() -> None:
    found = side_conflict(
        "Mr H has acute gout in his left big toe,", ["Acute gout of the right first MTP joint (big toe)."]
    )
    assert found is not None and found[1] == 0
