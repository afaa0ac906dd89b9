"""Why a trial stopped early: "The trial ended early because of clear benefit" against "The trial was stopped early
for safety after 816 of a planned 1,000 patients" (issue 14).

A trial stopped at an interim analysis stops for one of three reasons, and an answer that gives the wrong one turns
the finding around: stopped for **benefit** (efficacy, superiority), for **futility** (no prospect of showing a
difference) or for **harm** (safety, adverse events, excess deaths).  A small encoder reads "stopped early for
benefit" against "stopped for futility" as near-identical (they share every other word), and the sentence that says
why is often the only one about the stopping, so no figure or null finding is there for another cue to read.

:func:`stopping_conflict` fires when the unit says the trial, one of its arms or its enrolment stopped for one reason
and an evidence sentence says it stopped for another, both said in the words of :data:`_REASONS`; a reason in other
words ("halted early because more people fell") is read as no reason, so nothing fires.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["stopping_conflict", "stopping_reason"]

_REASONS: dict[str, str] = {
    "benefit": r"(?:clear\s+|overwhelming\s+|evident\s+)?(?:benefit|efficacy|effectiveness|superiority)",
    "futility": r"futility|(?:a\s+)?lack\s+of\s+(?:benefit|efficacy)|no\s+(?:prospect\s+of\s+)?benefit",
    "harm": r"harm|safety(?:\s+concerns?)?|(?:excess\s+)?(?:toxicity|adverse\s+events|deaths|mortality)",
}
"""Each reason a trial stops early, in the words trial reports use for it."""

_STOPPED = re.compile(
    r"\b(?P<what>trial|study|arms?|groups?|enrol(?:l)?ment|recruitment|randomi[sz]ation)\b(?:\s+[\w-]+){0,6}?\s+"
    r"(?:was|were|had\s+been|has\s+been)?\s*(?:stopped|halted|ended|terminated|closed|suspended|discontinued|"
    r"stopping|halting|ending)\s+(?:(?:early|prematurely)\s+)?(?:[\w-]+\s+){0,8}?(?:for|because\s+of|due\s+to|"
    r"owing\s+to|on\s+(?:the\s+)?grounds\s+of|after\s+(?:[\w-]+\s+){0,4}?(?:showed|demonstrated|indicated|"
    r"revealed))\s+(?P<reason>(?:[\w-]+\s+){0,3}?(?:"
    + "|".join(f"(?P<{name}>{words})" for name, words in _REASONS.items())
    + r"))\b",
    re.IGNORECASE,
)
"""A trial, arm or enrolment stopped (early) for a reason: "The trial was stopped early for efficacy", "the 2000 IU
arm was halted because of safety concerns", "enrolment was terminated for futility", "stopped after an interim
analysis showed superiority"."""


def stopping_reason(text: str) -> str | None:
    """Why ``text`` says the trial (or an arm, or its enrolment) stopped: ``benefit``, ``futility`` or ``harm``;
    ``None`` when it says none of these, or more than one.

    >>> stopping_reason("The trial was stopped early for efficacy.")
    'benefit'
    >>> stopping_reason("The trial was stopped for futility after the second interim analysis.")
    'futility'
    >>> stopping_reason("The trial ended early because of clear benefit.")
    'benefit'
    >>> stopping_reason("The trial was stopped early by the monitoring board after an interim analysis showed "
    ...                 "superiority of cabotegravir.")
    'benefit'
    >>> print(stopping_reason("Treatment was stopped because of adverse events in 5% of patients."))
    None
    >>> print(stopping_reason("The 2000 and 4000 IU arms were halted early because more people fell."))
    None
    """
    found = {name for m in _STOPPED.finditer(text) for name in _REASONS if m.group(name)}
    return next(iter(found)) if len(found) == 1 else None


def stopping_conflict(unit: str, sentences: Sequence[str]) -> int | None:
    """The first evidence sentence giving another reason than ``unit`` for which the trial stopped early (module
    docstring), or ``None``.

    >>> evidence = ["The trial was stopped for futility after the second interim analysis.", "Deaths were few."]
    >>> stopping_conflict("The trial stopped early for benefit.", evidence)
    0
    >>> print(stopping_conflict("The trial stopped early for futility.", evidence))
    None
    """
    claimed = stopping_reason(unit)
    if claimed is None:
        return None
    return next((i for i, s in enumerate(sentences) if stopping_reason(s) not in (None, claimed)), None)
