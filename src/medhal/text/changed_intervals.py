"""A changed interval (issue 14, session 20): "She will be seen again in clinic in 12 weeks" where the letter says
"Review in clinic in 8 weeks"; "Her sodium should be repeated in 2 weeks" for "Repeat sodium in 4 weeks".

Letters are full of intervals ("in 2 weeks", "for 6 months", "every 3 months"), so a changed one is usually a figure
the evidence states somewhere else, and the changed-number cue (:func:`medhal.text.figures.number_conflicts`), which
leaves alone any figure the evidence states anywhere (a figure moved between sentences is read by its own cue), stays
silent.  Across rounds 52-97, 46 wrong answers whose changed interval or duration was left `supported` were found so.

:func:`interval_conflicts` reads, narrowly, a time the unit gives after "in", "every", "for", "after" or "within"
(not a bound: "within 72 hours" may be "no more than 72 hours"), against the one evidence sentence the unit is best
aligned with (at least the aligned rule's threshold):

* that sentence gives exactly one time after the same word ("in 8 weeks"), not the unit's, and never writes the
  unit's number at all ("every 3 months ... then 6-monthly" states both of "every 3 months ... then every 6 months");
* every other sentence that states the unit's time is aligned with the unit clearly less well (by :data:`MARGIN`):
  the unit is about the best-aligned sentence's interval, not another's.

Measured before wiring on the faithful clauses of MedHal-Loc dev, the clinical pairs and rounds 52-97 (23,033): it
fired on none; on the wrong clauses of the same sets it fired on 29 (of 1,597).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from medhal.text.derived import bounded
from medhal.text.figures import anchors
from medhal.text.quantities import Quantity, quantities
from medhal.text.tokens import content_stems

__all__ = ["MARGIN", "interval_conflicts"]

MARGIN = 0.1
"""How much less well than the best-aligned sentence another sentence stating the unit's time must be aligned."""

_SLOTS = frozenset({"in", "every", "for", "after", "within"})
_WORD_BEFORE = re.compile(r"\b([A-Za-z]+)\s*$")


def interval_conflicts(
    unit: str, sentences: Sequence[str], by_sentence: np.ndarray, threshold: float
) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """``([(unit time, sentence time)], sentence index)`` when ``unit`` changes the interval of the sentence it is
    best aligned with (``by_sentence``: its alignment with each sentence; module docstring), else ``None``.

    >>> letter = ["Bloods today: Na 129 mmol/L.", "GP please check BP in 2 weeks.", "Repeat sodium in 4 weeks."]
    >>> found = interval_conflicts("Her sodium should be repeated in 2 weeks", letter, np.array([0.3, 0.47, 0.73]), 0.6)
    >>> [(a.text, b.text) for a, b in found[0]], found[1]
    ([('2 weeks', '4 weeks')], 2)
    >>> print(interval_conflicts("Her sodium should be repeated in 4 weeks", letter, np.array([0.3, 0.4, 0.9]), 0.6))
    None

    Nor when a sentence aligned less well states it in the same slot, of more of the unit's words (round 139):

    >>> rats = ["Rats underwent arterial occlusion for 90 minutes and were randomised."]
    >>> rats.append("Treadmill training ran for 14 days.")
    >>> print(interval_conflicts("or treadmill training from day 7, each for 14 days.", rats, np.array([.8, .3]), .6))
    None
    """
    if not len(by_sentence):
        return None
    best = int(np.argmax(by_sentence))
    if by_sentence[best] < threshold:
        return None
    own = [q for q in quantities(unit) if q.kind == "time" and not q.approximate and not bounded(unit, q)]
    if not own:
        return None
    sentence = sentences[best]
    said = quantities(sentence)
    for q in own:
        written = re.compile(rf"(?<![\d.]){re.escape(f'{q.number:g}')}(?![\d.])")
        if any(q.equals(e) or q.number == e.number for e in said) or written.search(sentence):
            continue
        slot = _slot(unit, q)
        if slot not in _SLOTS:
            continue
        rivals = [e for e in said if e.kind == "time" and not e.approximate and _slot(sentence, e) == slot]
        if len(rivals) != 1 or bounded(sentence, rivals[0]):
            continue
        level = by_sentence[best] - MARGIN
        # stated by a sentence aligned nearly as well, or in the same slot of more of the unit's words elsewhere
        # ("training ... each for 14 days" against "occlusion for 90 minutes", where "Training consisted of 30
        # minutes/day for 14 days"; round 139)
        mine = anchors(unit, q, _WIDE)
        near = len(mine & anchors(sentence, rivals[0], _WIDE))
        if any(
            any(
                q.equals(e) and (by_sentence[i] >= level or (_slot(s, e) == slot and len(mine & _around(s, e)) > near))
                for e in quantities(s)
            )
            for i, s in enumerate(sentences)
            if i != best
        ):
            continue
        return [(q, rivals[0])], best
    return None


_WIDE = 8
"""How many words each side say what an interval is of, for the unit's clause and the sentences compared."""


def _around(sentence: str, q: Quantity) -> frozenset[str]:
    """The content stems of ``sentence`` without ``q``: what a short sentence stating an interval says it is of."""
    return content_stems(sentence[: q.start] + sentence[q.end :])


def _slot(text: str, q: Quantity) -> str | None:
    """The word right before ``q`` in ``text``, lower-cased ("in" of "in 8 weeks")."""
    m = _WORD_BEFORE.search(text, 0, q.start)
    return m.group(1).lower() if m else None
