"""Predictive values told in words, named as the evidence names them (text/predictive_values.py)."""

from __future__ import annotations

from medhal.text.predictive_values import predictive_values_named

NPV = "A threshold of 100 pg/mL had a sensitivity of 86% and a negative predictive value of 95%."
PPV = "The negative predictive value for cancer was 99.7% and the positive predictive value 11.1%."


def test_a_negative_predictive_value_in_words() -> None:
    assert (
        predictive_values_named("and 95% of patients below it did not have the outcome.", NPV)
        == "and the negative predictive value for the outcome was 95%."
    )
    assert (
        predictive_values_named("97% of people with a negative test did not have cancer.", NPV)
        == "the negative predictive value for cancer was 97%."
    )  # the figure is not checked here: a changed one stays changed


def test_a_positive_predictive_value_in_words_keeps_its_hedge() -> None:
    assert (
        predictive_values_named("only around one in nine people who tested positive actually had cancer.", PPV)
        == "only the positive predictive value for cancer was around one in nine."
    )


def test_words_are_left_alone_where_the_evidence_names_no_predictive_value() -> None:
    unit = "95% of patients below it did not have the outcome."
    assert predictive_values_named(unit, "Sensitivity was 86% and specificity 70%.") == unit
    # a positive predictive value named is no reason to rename a negative one
    assert predictive_values_named(unit, "The positive predictive value was 30%.") == unit
