"""Which of two subgroups an effect is larger in (text/effect_order.py, issue 14 round 40)."""

from __future__ import annotations

import pytest

from medhal.text.effect_order import EffectOrder, effect_order, effect_order_conflict

AMONG_FIRST = (
    "Among women, the reduction in lung cancer mortality was larger (rate ratio 0.61) than among men (rate ratio "
    "0.79), although the interaction was not significant (p=0.21)."
)
IN_BETWEEN = (
    "The association for short sleep was stronger in participants younger than 60 years (HR 1.61) than in those "
    "aged 60 or over (HR 1.21; p for interaction 0.03)."
)


def test_both_sentence_forms_are_read() -> None:
    among = effect_order(AMONG_FIRST)
    assert among is not None and among == EffectOrder("women", "men", among.measure)
    assert {"reduc", "morta"} <= among.measure
    stated = effect_order(IN_BETWEEN)
    assert stated is not None
    assert stated.larger.startswith("participants younger than 60") and stated.smaller.startswith("those aged 60")
    # a smaller effect names its groups the other way round
    weaker = effect_order("The benefit was smaller in men than in women.")
    assert weaker is not None and (weaker.larger, weaker.smaller) == ("women", "men")


@pytest.mark.parametrize(
    "text",
    [
        "Mortality was higher in women than in men.",  # a measure compared, not an effect
        "The benefit was not larger in men than in women.",  # negated
        "Among women, the benefit was similar to that among men.",
    ],
)
def test_no_difference_in_effect_is_read(text: str) -> None:
    assert effect_order(text) is None


@pytest.mark.parametrize(
    ("unit", "sentence", "expected"),
    [
        ("The benefit looked larger in men than in women,", AMONG_FIRST, True),
        ("The benefit looked larger in women than in men,", AMONG_FIRST, False),
        ("The benefit was smaller in women than in men,", AMONG_FIRST, True),
        ("The benefit was smaller in men than in women,", AMONG_FIRST, False),
        # a measure of the unit's own the sentence never names is another effect
        ("The reduction in stroke was larger in men than in women,", AMONG_FIRST, False),
        (
            "The link with short sleep was stronger in people aged 60 and older than in those under 60.",
            IN_BETWEEN,
            True,
        ),
        ("The link with short sleep was stronger in people under 60 than in those aged 60 or over.", IN_BETWEEN, False),
    ],
)
def test_a_difference_in_effect_turned_round(unit: str, sentence: str, expected: bool) -> None:
    assert effect_order_conflict(unit, sentence) is expected
