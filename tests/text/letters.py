"""Helpers the round tests of ``tests/text`` share."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.synonyms import alignment_tokens


def cause(unit: str, letter: str) -> str | None:
    """The explanation ``unit`` gives that ``letter`` does not state (:func:`unstated_cause` on the letter's tokens)."""
    return unstated_cause(unit, alignment_tokens(letter), letter)
