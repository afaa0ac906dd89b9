"""Which way a unit and a sentence say something went (round 32)."""

from __future__ import annotations

from medhal.text.ways import negation_agrees, opposite_ways

TWO_WAYS = (
    "On a 10-point scale, hunger before the procedure was lower with the low-residue diet (3.1 vs 5.4; p<0.001), "
    "and more patients were willing to repeat the same preparation (86.1% vs 71.2%; p<0.001)."
)


def test_of_a_sentence_that_says_both_ways_the_clause_with_the_units_words_decides() -> None:
    assert opposite_ways("People on the low-residue diet were more hungry.", TWO_WAYS)
    assert not opposite_ways("People on the low-residue diet were less hungry.", TWO_WAYS)
    assert not opposite_ways("More patients were willing to repeat it.", TWO_WAYS)


def test_one_way_each() -> None:
    assert opposite_ways("It was more sensitive.", "Sensitivity fell.")
    assert not opposite_ways("It was more sensitive.", "Sensitivity rose.")
    assert not opposite_ways("It was as sensitive.", "Sensitivity fell.")  # the unit says no way


def test_negations_that_agree() -> None:
    assert negation_agrees("C. difficile infection was not more frequent.", "It was not more common.")
    assert not negation_agrees("Mortality did not differ.", "Mortality differed.")


def test_a_negated_clause_about_the_units_subject_agrees_whatever_the_sentence_adds() -> None:
    # round 38: P(C) 0.99 for "did not lead to more neck haematomas" against "did not increase the rate of haematoma
    # or seroma and was associated with less pain"
    sentence = (
        "After total thyroidectomy for benign goitre, omitting a drain did not increase the rate of haematoma or "
        "seroma and was associated with less pain and a shorter hospital stay."
    )
    assert negation_agrees(sentence, "Leaving out a drain did not lead to more neck haematomas or seromas,")
    # a sentence that negates nothing does not agree with the unit's negation
    plain = "Omitting a drain increased haematoma and was associated with less pain."
    assert not negation_agrees(plain, "Leaving out a drain did not lead to more neck haematomas or seromas,")
