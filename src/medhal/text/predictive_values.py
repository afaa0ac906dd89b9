"""Predictive values told in words, read as the evidence names them, for the verifier (issue 14).

A diagnostic-accuracy abstract reports "a negative predictive value of 95%"; an answer for patients says "95% of
patients below it did not have the outcome".  The small encoder read that faithful clause as a contradiction of the
sentence it restates (round 52, P(C) above the contradiction threshold: a negated clause against an unnegated
sentence, the encoder's negation shortcut), though both say that 95 of 100 people who test negative are free of the
condition.  Where the evidence names a predictive value, :func:`predictive_values_named` writes the answer's words
for it as the evidence's name ("the negative predictive value was 95%"), as :mod:`medhal.text.harmonize` writes its
figures as the evidence writes them; the cues read the unit as written, and the record shows what the verifier read
(``read_as``).  The figure is not checked here: a changed one stays changed for the verifier and the number cue.

The definitions (share of those testing negative who are free of the condition; of those testing positive who have
it) are the textbook ones (e.g. Altman & Bland, BMJ 1994;309:102).
"""

from __future__ import annotations

import functools
import re

__all__ = ["predictive_values_named"]

_FIGURE = (
    r"(?P<hedge>(?:about|around|roughly|nearly|almost|approximately|just\s+(?:over|under)|over|under)\s+)?"
    r"(?P<fig>\d+(?:\.\d+)?\s?%|(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:in|out\s+of)\s+"
    r"(?:two|three|four|five|six|seven|eight|nine|ten|twenty|\d+(?:,\d{3})*))"
)
_PEOPLE = r"(?:the\s+)?(?:patients|people|persons|participants|those|individuals|children|women|men|adults)"


def _told(past: str, result: str, verbs: str) -> re.Pattern[str]:
    """A predictive value told in words: a figure of people ``past`` the cut-off, or with a ``result``, and the
    ``verbs`` saying whether they had the condition (``what``)."""
    return re.compile(
        _FIGURE + r"\s+(?:of\s+)?" + _PEOPLE + r"\s+(?:who\s+(?:were|was|tested|scored)\s+|testing\s+|scoring\s+)?"
        r"(?:(?:" + past + r")\s+(?:it|this|that|the\s+(?:cut-?off|threshold|level))|" + result + r")"
        r"(?:\s+(?:at\s+)?(?:that|this|the)\s+(?:cut-?off|threshold))?\s+" + verbs + r"\s+(?P<what>[^,.;]+)",
        re.IGNORECASE,
    )


_NEGATIVE = _told(
    "below|under|beneath",
    r"with\s+(?:a\s+)?negative\s+(?:test|tests|results?|scans?)|(?:tested|testing)\s+negative",
    r"(?:did\s+not|didn't)\s+(?:have|develop|go\s+on\s+to\s+(?:have|develop))",
)
_POSITIVE = _told(
    "above|over",
    r"with\s+(?:a\s+)?positive\s+(?:test|tests|results?|scans?)|positive",
    r"(?:actually\s+|truly\s+|really\s+|in\s+fact\s+)?(?:had|developed|went\s+on\s+to\s+(?:have|develop))",
)
_NAMED = {
    "negative": re.compile(r"\bnegative\s+predictive\s+values?\b|\bNPVs?\b"),
    "positive": re.compile(r"\bpositive\s+predictive\s+values?\b|\bPPVs?\b"),
}


def predictive_values_named(unit: str, evidence: str) -> str:
    """``unit`` with each predictive value it tells in words named as ``evidence`` names it, when it does.

    >>> ev = "A threshold of 100 pg/mL had a sensitivity of 86% and a negative predictive value of 95%."
    >>> predictive_values_named("and 95% of patients below it did not have the outcome.", ev)
    'and the negative predictive value for the outcome was 95%.'
    >>> predictive_values_named("only around one in nine people who tested positive actually had cancer.",
    ...                         "The positive predictive value was 11.1%.")
    'only the positive predictive value for cancer was around one in nine.'

    Evidence that names no predictive value leaves the words alone (they may count something else):

    >>> predictive_values_named("95% of patients below it did not have the outcome.", "Sensitivity was 86%.")
    '95% of patients below it did not have the outcome.'
    """
    for kind, pattern in (("negative", _NEGATIVE), ("positive", _POSITIVE)):
        if _NAMED[kind].search(evidence) is None:
            continue
        unit = pattern.sub(functools.partial(_named, kind=kind), unit)
    return unit


def _named(m: re.Match[str], kind: str) -> str:
    """The predictive value ``m`` tells, named, with its figure and the figure's hedge ("around one in nine")."""
    return f"the {kind} predictive value for {m.group('what').strip()} was {m.group('hedge') or ''}{m.group('fig')}"
