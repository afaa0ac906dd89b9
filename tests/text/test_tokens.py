from __future__ import annotations

import pytest

from medhal.text import STOPWORDS, content_token_list, content_tokens, word_count
from medhal.text.tokens import MIN_TOKEN_LENGTH


def test_seed_example_gold_span() -> None:
    # seed 000 §4: the gold span of inj_0192 is "renal calculi"
    assert content_tokens("renal calculi") == {"renal", "calculi"}


def test_unit_meets_gold_span() -> None:
    unit = "The Holmium:YAG laser is an ideal intracorporeal lithotripter for renal calculi,"
    assert content_tokens(unit) & content_tokens("renal calculi") == {"renal", "calculi"}


def test_stopwords_are_removed() -> None:
    assert content_tokens("which therefore however although whereas") == frozenset()
    assert content_tokens("Whereas the tumour grew, however, survival improved") == {
        "tumour",
        "grew",
        "survival",
        "improved",
    }


def test_short_tokens_are_removed() -> None:
    assert content_tokens("low dose ace inhibitor") == {"dose", "inhibitor"}
    assert content_tokens("rate") == {"rate"}
    assert content_tokens("CT MRI PET") == frozenset()


def test_case_is_folded() -> None:
    assert content_tokens("RENAL Calculi renal") == {"renal", "calculi"}
    assert content_tokens("THE") == frozenset()


def test_digits_and_punctuation_split_and_are_dropped() -> None:
    assert content_tokens("HbA1c 5mg 2019 COVID19") == {"covid"}
    assert content_tokens("cost-effectiveness") == {"cost", "effectiveness"}
    assert content_tokens("IL_6 receptor's") == {"receptor"}


def test_unicode_letters_count() -> None:
    assert content_tokens("Ödem der Unterschenkel") == {"ödem", "unterschenkel"}
    assert content_tokens("αλφα-βλοκερ") == {"αλφα", "βλοκερ"}
    assert content_tokens("患者は発熱した") == {"患者は発熱した"}
    assert content_tokens("x²y²z² abc²defg") == {"defg"}


def test_nfc_normalisation() -> None:
    assert content_tokens("cafe\u0301 naïve") == content_tokens("café nai\u0308ve") == {"café", "naïve"}


def test_token_list_keeps_order_and_repeats() -> None:
    assert content_token_list("Renal calculi; renal colic and renal failure.") == [
        "renal",
        "calculi",
        "renal",
        "colic",
        "renal",
        "failure",
    ]


def test_stopword_list_is_scikit_learn() -> None:
    assert len(STOPWORDS) == 318
    assert {"amoungst", "couldnt", "hasnt", "noone", "however", "therefore", "whereas", "system"} <= STOPWORDS
    assert "theirs" not in STOPWORDS
    assert all(w == w.lower() and w.isalpha() for w in STOPWORDS)
    assert MIN_TOKEN_LENGTH == 4


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("", 0),
        ("renal calculi", 2),
        ("  Hb 9.2 g/dL , - (n=12) • ", 4),
        ("a - b — c", 3),
        ("患者は 発熱した", 2),
    ],
)
def test_word_count(text: str, count: int) -> None:
    assert word_count(text) == count
