"""Seeded weighted draws without replacement (medhal.synthesis._draws)."""

from __future__ import annotations

import random

import pytest

from medhal.synthesis._draws import weighted_order


def test_every_kind_once_in_a_seeded_order() -> None:
    kinds = ("a", "b", "c", "d")
    weights = (0.4, 0.3, 0.2, 0.1)
    order = list(weighted_order(kinds, weights, random.Random(5)))
    assert sorted(order) == list(kinds)
    assert order == list(weighted_order(kinds, weights, random.Random(5)))


def test_draws_as_rng_choices_over_what_is_left() -> None:
    rng, ref = random.Random(3), random.Random(3)
    left, left_weights = ["x", "y", "z"], [0.5, 0.3, 0.2]
    expected = []
    while left:
        k = ref.choices(range(len(left)), weights=left_weights)[0]
        del left_weights[k]
        expected.append(left.pop(k))
    assert list(weighted_order(("x", "y", "z"), (0.5, 0.3, 0.2), rng)) == expected


def test_lazy_one_draw_per_kind_taken() -> None:
    rng, ref = random.Random(9), random.Random(9)
    first = next(weighted_order(("x", "y", "z"), (0.5, 0.3, 0.2), rng))
    ref.choices(range(3), weights=[0.5, 0.3, 0.2])
    assert first in ("x", "y", "z")
    assert rng.random() == ref.random()  # only the first draw was made


def test_zero_weight_is_never_drawn_first() -> None:
    assert all(next(weighted_order(("never", "always"), (0.0, 1.0), random.Random(s))) == "always" for s in range(20))


def test_length_mismatch_raises() -> None:
    with pytest.raises(ValueError):
        list(weighted_order(("a", "b"), (1.0,), random.Random(0)))
