"""From one LLM answer to an (E, N, C) row: log-probabilities first, the label word second, else no row."""

from __future__ import annotations

import math

import pytest

from medhal.llm.base import TokenLogprob
from medhal.verify.llm_answers import (
    LABEL_CONFIDENCE,
    answer_row,
    envelope,
    label_of_token,
    label_row,
    logprob_row,
)


@pytest.mark.parametrize(
    ("token", "label"),
    [
        ("Ent", 0),
        (" entailment", 0),
        ("ENTAIL", 0),
        ("neu", 1),
        ("Neutral", 1),
        (" Contr", 2),
        ("contradiction.", 2),
        ("e", 0),
        ('"Con', 2),
        (" The", None),
        ("Consistent", None),
        ("entailed", None),
        ("", None),
        (" ", None),
    ],
)
def test_tokens_that_start_a_label(token: str, label: int | None) -> None:
    assert label_of_token(token) == label


def test_logprob_row_sums_label_mass_of_the_first_answer_token_and_renormalises() -> None:
    top = (("Ent", math.log(0.5)), (" ent", math.log(0.2)), ("Contr", math.log(0.2)), ("The", math.log(0.1)))
    tokens = [TokenLogprob(" ", math.log(0.99), ((" ", math.log(0.99)),)), TokenLogprob("Ent", math.log(0.5), top)]
    assert logprob_row(tokens) == pytest.approx((0.7 / 0.9, 0.0, 0.2 / 0.9))


def test_logprob_row_counts_the_chosen_token_when_it_is_not_among_the_alternatives() -> None:
    tokens = [TokenLogprob("Neutral", math.log(0.6), (("Contr", math.log(0.2)),))]
    assert logprob_row(tokens) == pytest.approx((0.0, 0.75, 0.25))


def test_no_label_among_the_alternatives_gives_no_row() -> None:
    tokens = [TokenLogprob("The", math.log(0.9), (("The", math.log(0.9)), ("Based", math.log(0.1))))]
    assert logprob_row(tokens) is None


@pytest.mark.parametrize(
    ("text", "label"),
    [("entailment", 0), (" Neutral.", 1), ("Contrad", 2), ("**contradiction**", 2), ("Label: neutral", 1)],
)
def test_label_row_is_a_soft_one_hot(text: str, label: int) -> None:
    row = label_row(text)
    assert row is not None and row[label] == LABEL_CONFIDENCE and sum(row) == pytest.approx(1.0)
    assert sorted(row)[:2] == pytest.approx([0.05, 0.05])


@pytest.mark.parametrize("text", ["", "I cannot tell", "entailment or contradiction", "The evidence"])
def test_no_or_several_labels_give_no_row(text: str) -> None:
    assert label_row(text) is None


def test_answer_row_reads_an_envelope_and_falls_back_to_its_text() -> None:
    tokens = [TokenLogprob("Ent", math.log(0.8), (("Ent", math.log(0.8)), ("Neutral", math.log(0.2))))]
    with_logprobs = answer_row(envelope("Entailment", tokens))
    assert with_logprobs.source == "logprobs" and with_logprobs.row == pytest.approx((0.8, 0.2, 0.0))
    text_only = answer_row(envelope("Contradiction", None))
    assert text_only.source == "label" and text_only.row is not None and text_only.row[2] == LABEL_CONFIDENCE
    assert answer_row("neutral").source == "label"  # plain text (not an envelope) is read as the answer
    failed = answer_row(envelope("I am not sure", None))
    assert failed.row is None and failed.reason is not None and "I am not sure" in failed.reason
