"""A change within each group is no difference between them (issue 14, round 189).

A trial abstract reports how a measure moved in each arm and then that the arms did not differ: "Vertigo episodes
fell from a median of 8 to 3 per month with flunarizine and from 8 to 4 with venlafaxine; the between-group difference
was not significant".  An answer restating an arm's change ("the typical number of vertigo episodes a month dropped
from eight to about three on flunarizine") or a change in both arms ("fell by roughly three points out of ten with
both") asserts a change over time, which the sentence states too, not the difference between the arms its null
finding denies.  The null-finding cue (:mod:`medhal.detect.null_cue`) asks :func:`within_groups` before it fires.
"""

from __future__ import annotations

import re

from medhal.text.derived import near_estimate
from medhal.text.quantities import Quantity, quantities

__all__ = ["within_groups"]


def within_groups(unit: str, sentence: str) -> bool:
    """Whether ``unit`` tells a change within a group that ``sentence``, whose null finding is about the difference
    between groups, states "from" one level "to" another as well, or a change in both groups.

    >>> sentence = ("Vertigo episodes fell from a median of 8 to 3 per month with flunarizine and from 8 to 4 with "
    ...             "venlafaxine; the between-group difference was not significant.")
    >>> within_groups("the number of episodes dropped from eight to about three on flunarizine", sentence)
    True
    >>> within_groups("Severity also fell by roughly three points out of ten with both,", sentence)
    True
    >>> within_groups("the number of episodes dropped from eight to about one on flunarizine", sentence)
    False
    >>> within_groups("Flunarizine cut episodes more than venlafaxine did.", sentence)
    False
    """
    if not _BETWEEN.search(sentence):
        return False
    if _BOTH.search(unit):
        return True
    mine = _levels(unit)
    return mine is not None and any(_restates(mine, theirs) for theirs in _all_levels(sentence))


_BETWEEN = re.compile(
    r"\bbetween[- ](?:the\s+)?(?:two\s+|treatment\s+)?(?:groups?|arms?)\b|\bdid\s+not\s+differ\b", re.IGNORECASE
)
"""A null finding about the difference between the groups."""
_BOTH = re.compile(
    r"\b(?:with|in|for|on|among)\s+both(?:\s+(?:groups|arms|drugs|treatments))?\b|\bin\s+each\s+group\b", re.I
)
"""A change said of both groups."""
_FROM_TO = re.compile(r"\bfrom\s+(?P<a>[^,;]{1,40}?)\s+to\s+(?P<b>[^,;]{1,30})", re.IGNORECASE)
"""A change from one level to another."""


def _levels(text: str, match: re.Match[str] | None = None) -> tuple[Quantity, Quantity] | None:
    """The two levels of the first (or the given) "from ... to ..." of ``text``, or ``None``."""
    m = match or _FROM_TO.search(text)
    if m is None:
        return None
    read = quantities(text)  # read in place: "eight" alone is no count ("from eight to about three")
    a = [q for q in read if m.start("a") <= q.start < m.end("a")]
    b = [q for q in read if m.start("b") <= q.start < m.end("b")]
    return (a[-1], b[0]) if a and b else None


def _all_levels(sentence: str) -> list[tuple[Quantity, Quantity]]:
    """The levels of every "from ... to ..." of ``sentence``."""
    return [levels for m in _FROM_TO.finditer(sentence) if (levels := _levels(sentence, m)) is not None]


def _restates(mine: tuple[Quantity, Quantity], theirs: tuple[Quantity, Quantity]) -> bool:
    """Whether each of the unit's two levels is the sentence's, equal or (hedged) near it."""
    return all(q.equals(e) or (q.approximate and near_estimate(q, e.value)) for q, e in zip(mine, theirs, strict=True))
