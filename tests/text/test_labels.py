"""Categories named by number: a label conflicts only with another number for the same category."""

from __future__ import annotations

from medhal.text.labels import label_conflicts


def test_a_category_named_by_number_conflicts_only_with_another_number_for_the_same_category() -> None:
    ((mine, theirs),) = label_conflicts("In adults with type 1 diabetes,", "Adults with type 2 diabetes took part.")
    assert (mine.text, theirs.text) == ("1", "2")
    assert label_conflicts("a phase 2 trial", "In this phase 3 trial, 1,581 patients took part.")
    # the sentence names the unit's category too, another category, or none
    assert not label_conflicts("in type 1 diabetes", "Better control in type 1 diabetes; type 2 diabetes is unclear.")
    assert not label_conflicts("in type 1 diabetes", "Adults with type 2 hypertension took part.")
    assert not label_conflicts("in type 1 diabetes", "175 adults were assigned 2:1.")
    assert not label_conflicts("a 95% CI of 1 to 2", "a 90% CI of 1 to 2")  # a confidence level is no category
