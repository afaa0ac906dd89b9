"""How a trial shared its participants between its arms, said in words (issue 14, round 198): "twice as many got the
medicine as got a dummy injection" for "assigned 2:1 to nirsevimab or placebo".

Such a unit states the allocation ratio, not an effect: the relative-change cue (:func:`medhal.text.ratios.
ratio_conflicts`) read its "twice as" against the outcome's 1.2% and 5.1% and contradicted a faithful answer once
"a dummy injection" read as placebo and aligned it with the results.  :func:`allocation_conflict` reads it against
the ratio the evidence assigns by instead: no conflict when the words fit it, the ratio as the rival when they do not.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from medhal.text.quantities import Quantity, quantities
from medhal.text.ratios import ratio_words

__all__ = ["allocation_conflict", "says_allocation"]

_ALLOCATED = re.compile(
    r"\bas\s+many\s+(?:[\w-]+\s+){0,3}?(?:got|received|were\s+given|were\s+assigned|were\s+allocated|took|had)\b",
    re.IGNORECASE,
)
"""Words of a ratio that count who was given what ("twice as many got the medicine as got ...")."""
_RATIO = re.compile(
    r"\b(?:randomi[sz]ed|assigned|allocated)\b[^.;]{0,40}?\b(?:in\s+a\s+)?(\d+)\s?:\s?(\d+)"
    r"|\b(\d+)\s?:\s?(\d+)\s+(?:ratio\s+)?(?:randomi[sz]ation|allocation)\b",
    re.IGNORECASE,
)
"""An allocation ratio: "assigned 2:1 to ...", "randomised in a 2:1 ratio", "1:1 randomisation"."""


def says_allocation(unit: str) -> bool:
    """Whether ``unit`` states a ratio in words of who was given what.

    >>> says_allocation("and twice as many got the medicine as got a dummy."), says_allocation("It halved it.")
    (True, False)
    """
    return _ALLOCATED.search(unit) is not None and bool(ratio_words(unit))  # the cheap test first: read for every unit


def allocation_conflict(unit: str, sentences: Sequence[str]) -> tuple[int, Quantity, Quantity] | None:
    """``(sentence, words, ratio)`` where ``unit`` states an allocation in words (:func:`says_allocation`) that the
    first ratio the evidence assigns by does not fit; ``None`` when it fits, or no sentence states a ratio.

    >>> said = ["Methods: 1,480 infants were assigned 2:1 to nirsevimab or placebo."]
    >>> print(allocation_conflict("and twice as many got the medicine as got a dummy injection.", said))
    None
    >>> k, words, ratio = allocation_conflict("and three times as many got the medicine as got a dummy.", said)
    >>> k, words.text, ratio.text
    (0, 'three times as', '2')
    """
    words = ratio_words(unit)
    for k, sentence in enumerate(sentences):
        m = _RATIO.search(sentence)
        if m is None:
            continue
        a, b = (float(g) for g in (m.group(1, 2) if m.group(1) else m.group(3, 4)))
        if not a or not b:
            continue
        factor = max(a, b) / min(a, b)
        if all(math.isclose(w.factor, factor, rel_tol=0.05) for w in words):
            return None
        start = m.start(1) if m.group(1) else m.start(3)
        ratio = next((q for q in quantities(sentence) if q.start == start), None)
        return None if ratio is None else (k, words[0].quantity, ratio)
    return None
