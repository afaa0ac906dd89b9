"""Seeded weighted draws without replacement, shared by the generators that try perturbation kinds in turn."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TypeVar

__all__ = ["weighted_order"]

T = TypeVar("T")


def weighted_order(kinds: Sequence[T], weights: Sequence[float], rng: random.Random) -> Iterator[T]:
    """``kinds`` in a seeded weighted order, each draw without replacement (``rng.choices`` over what is left).

    Lazy: each kind is drawn only when the next one is asked for, so a caller that tries the kinds in turn (and
    draws from ``rng`` itself in between) leaves the generator's and its own draws interleaved; ``list(...)``
    draws the whole order first.  Sequences of different lengths raise ``rng.choices``'s ``ValueError`` at the first
    draw.
    """
    left, left_weights = list(kinds), list(weights)
    while left:
        k = rng.choices(range(len(left)), weights=left_weights)[0]
        del left_weights[k]
        yield left.pop(k)
