"""A direction its own ratio denies (issue 14, round 137): "The odds of silicosis fell with longer time in the industry
(OR 1.64 per extra five years)" against "Each additional 5 years of tenure was associated with higher odds of
silicosis (OR 1.64; 95% CI 1.38-1.95)".

An answer that restates an association copies its ratio; a wrong word of direction then leaves the ratio standing
against the words, and a small encoder, finding the ratio and the subject in the evidence, entails the clause (P(E)
0.67).  A ratio above 1 says the odds, hazard or risk went up, one below 1 that it went down.  :func:`ratio_turned`
fires, narrowly, where

* the unit states one ratio (an odds, hazard or risk ratio, :attr:`~medhal.text.quantities.Quantity.ratio`) and,
  before it, words of one direction only (a verb of change, "higher" / "lower" odds, "more" / "less likely"), none
  of them a bound ("lower than 30%") or negated;
* an evidence sentence states the same ratio with words of the ratio's own direction before it;
* and the unit's direction is the other one.

Scanned before wiring on every dev text (MedHal-Loc dev, the clinical pairs, rounds 52-140): no faithful clause fires.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.lexical import has_negation
from medhal.text.quantities import Quantity, quantities

__all__ = ["ratio_turned"]

_UP = (
    r"rose|risen|increased|increases?|higher|greater|raised|doubled|tripled|elevated|"
    r"more\s+(?:likely|willing|often|common|frequent)"
)
_DOWN = (
    r"fell|fallen|decreased|decreases?|reduced|reduces?|lower|smaller|cut|halved|declined|"
    r"less\s+(?:likely|willing|often|common|frequent)|fewer"
)
_WAY = re.compile(rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\b(?!\s+than\b(?!\s+(?:with|in|among|on)\b))", re.IGNORECASE)
"""A word of direction, not a threshold ("lower than 30%"); a comparison with a group is one ("less frequent than
with varenicline": round 159)."""
_REACH = 90
"""Characters before a ratio that may hold the words of its direction."""


def ratio_turned(unit: str, sentences: Sequence[str]) -> int | None:
    """The index of the first evidence sentence that states the unit's one ratio with words of its own direction,
    where the unit's words before it go the other way (module docstring); ``None`` otherwise.

    >>> evidence = ["Each additional 5 years of tenure was associated with higher odds of silicosis (OR 1.64)."]
    >>> ratio_turned("The odds of silicosis fell with longer time in the industry (OR 1.64 per five years)", evidence)
    0
    >>> print(ratio_turned("The odds of silicosis rose with longer time in the industry (OR 1.64)", evidence))
    None
    >>> print(ratio_turned("A V20 lower than 30% doubled the hazard (HR 2.21)", ["It doubled the hazard (HR 2.21)."]))
    None
    """
    if has_negation(unit):
        return None
    ratios = [q for q in quantities(unit) if q.ratio and q.value > 0 and not q.approximate]
    if len(ratios) != 1 or ratios[0].value == 1.0:
        return None
    mine = ratios[0]
    way = _way(unit, mine)
    if way is None or way == _side(mine):
        return None
    for i, sentence in enumerate(sentences):
        for theirs in quantities(sentence):
            if theirs.ratio and theirs.value == mine.value and _way(sentence, theirs) == _side(theirs):
                return i
    return None


def _side(q: Quantity) -> str:
    return "up" if q.value > 1.0 else "down"


def _way(text: str, q: Quantity) -> str | None:
    """The one direction the words just before ``q`` go (``None``: none, or both)."""
    before = text[max(0, q.start - _REACH) : q.start]
    before = before[before.rfind(")") + 1 :]  # not another ratio's: "more frequent than with
    # placebo (RR 1.34, ...) but less frequent than with varenicline (RR 0.71" (round 159)
    ways = {"up" if m.group("up") else "down" for m in _WAY.finditer(before)}
    return next(iter(ways)) if len(ways) == 1 else None
