"""The same order of two steps told from either end (issue 14, round 161): "Only after that should he go back to
unrestricted duties" is the clinic letter's "2 weeks of light exercise ..., then 2 weeks of ... acclimatisation,
before unrestricted duties".  A small encoder reads "after" against "before" as a contradiction (P(C) 0.96); the two
say one thing when what the sentence puts "before" is what the unit puts after the earlier step.
"""

from __future__ import annotations

import re

from medhal.text.synonyms import alignment_tokens

__all__ = ["order_restated"]


def order_restated(unit: str, sentence: str) -> bool:
    """Whether ``unit`` says a step comes after an earlier one it refers back to ("only after that", "not until
    then") and ``sentence`` puts every content word of that step after its "before".

    >>> letter = "I recommend 2 weeks of light exercise, then 2 weeks of acclimatisation, before unrestricted duties."
    >>> order_restated("Only after that should he go back to unrestricted duties.", letter)
    True
    >>> order_restated("Only after that should he go back to light exercise.", letter)
    False
    >>> order_restated("Before that he can go back to unrestricted duties.", letter)
    False
    """
    after = _AFTER_BACK.search(unit)
    if after is None:
        return False
    step = alignment_tokens(unit[after.end() :])
    return any((later := alignment_tokens(m.group(1))) and later <= step for m in _BEFORE.finditer(sentence))


_AFTER_BACK = re.compile(
    r"\b(?:(?:only\s+)?after\s+(?:that|this|these|then|which|those)|not\s+until\s+(?:then|after\s+that|that))\b",
    re.IGNORECASE,
)
"""A later step told from the earlier one the unit refers back to."""
_BEFORE = re.compile(r"\bbefore\s+([^,;.]+)", re.IGNORECASE)
"""What a sentence puts after the steps it names first."""
