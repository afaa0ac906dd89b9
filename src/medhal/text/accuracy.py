"""Discrimination in words against the stated area under the curve (issue 14).

A diagnostic-accuracy abstract states how well a test separates two conditions as a number: "The area under the
receiver operating characteristic curve for distinguishing bacterial from viral pneumonia was 0.73".  An LLM
summary restates it in words, and may overstate it: "Its ability to tell the two apart was excellent".  A small
encoder reads the two as unrelated (they share no content word), so the overstatement reads `unsupported` at best.
A clinician reads an AUC of 0.73 as fair or moderate discrimination, never excellent.

:func:`discrimination_conflicts` is the cue, kept to clear-cut cases (precision over recall):

* the unit speaks of discrimination (:data:`_DISCRIMINATION`: "AUC", "area under the curve", "discriminate",
  "distinguish", "tell ... apart", "separate", "accuracy", "C statistic") and grades it with a clear-cut word:
  "excellent" / "outstanding" / "near perfect" (0.8 or more in Hosmer and Lemeshow's reading of the AUC, 0.9 or
  more in stricter ones) or "poor" / "no better than chance" (under 0.7 in the same reading);
* the sentence states an area under the curve (or C statistic) as a number; every such value lies outside the
  word's range in every convention: under 0.8 for "excellent", 0.8 or more for "poor".  "Good", "fair",
  "moderate", "acceptable" and "reasonable" name overlapping ranges in different conventions and never fire.
"""

from __future__ import annotations

import re

from medhal.text.lexical import has_negation
from medhal.text.quantities import Quantity

__all__ = ["auc_values", "discrimination_conflicts", "speaks_of_discrimination"]

_DISCRIMINATION = re.compile(
    r"\b(?:auc|auroc|area\s+under|discriminat\w*|distinguish\w*|tell\w*\s+(?:\w+\s+){0,3}apart|separat\w*|"
    r"accuracy|c[- ]statistic|c[- ]index)\b",
    re.IGNORECASE,
)
"""Words by which a unit speaks of how well a test separates two conditions."""

_HIGH = re.compile(
    r"\b(?:excellent|outstanding|superb|exceptional|near[- ]perfect|almost\s+perfect|nearly\s+perfect|perfect)\b",
    re.IGNORECASE,
)
"""Grades of an AUC of 0.9 or more."""
_LOW = re.compile(r"\b(?:poor|poorly|no\s+better\s+than\s+chance|worthless|useless)\b", re.IGNORECASE)
"""Grades of an AUC under 0.7."""

_STATED = re.compile(
    r"\b(?:area\s+under\s+(?:the\s+)?(?:receiver[- ]operating[- ]characteristic\s+)?(?:\(?roc\)?\s+)?curve|auc|"
    r"auroc|c[- ]statistic|c[- ]index)\b(?:\s*\([^()]*\))?[^.;\d]{0,80}?(?P<value>0?\.\d+|1\.0+)\b",
    re.IGNORECASE,
)
"""An area under the curve (or C statistic) stated as a number in the words after it."""


def speaks_of_discrimination(unit: str) -> bool:
    """Whether ``unit`` grades how well a test discriminates with a clear-cut word (module docstring).

    >>> speaks_of_discrimination("Its ability to tell the two apart was excellent.")
    True
    >>> speaks_of_discrimination("Its ability to tell the two apart was moderate.")
    False
    """
    return _DISCRIMINATION.search(unit) is not None and (_HIGH.search(unit) or _LOW.search(unit)) is not None


def auc_values(sentence: str) -> list[float]:
    """The areas under the curve (or C statistics) ``sentence`` states as numbers.

    >>> auc_values("The AUC was 0.73 (95% CI 0.69 to 0.77); the C statistic of the score was 0.81.")
    [0.73, 0.81]
    """
    return [float(m.group("value")) for m in _stated(sentence)]


def _stated(sentence: str) -> list[re.Match[str]]:
    """The matches of :data:`_STATED` in ``sentence`` whose value is a proportion."""
    return [m for m in _STATED.finditer(sentence) if 0.0 <= float(m.group("value")) <= 1.0]


def discrimination_conflicts(unit: str, sentence: str) -> list[tuple[Quantity, Quantity]]:
    """``(grade, stated AUC)`` when ``unit`` grades discrimination excellent (or poor) and every area under the
    curve ``sentence`` states lies clearly outside that grade (module docstring); ``[]`` otherwise.

    >>> evidence = "The area under the ROC curve for distinguishing bacterial from viral pneumonia was 0.73."
    >>> [(a.text, b.text) for a, b in discrimination_conflicts("It told the two apart excellently.", evidence)]
    []
    >>> [(a.text, b.text) for a, b in discrimination_conflicts("Its ability to tell the two apart was excellent.",
    ...                                                         evidence)]
    [('excellent', '0.73')]
    """
    if not speaks_of_discrimination(unit) or has_negation(unit):
        return []
    stated = _stated(sentence)
    if not stated:
        return []
    high, low = _HIGH.search(unit), _LOW.search(unit)
    grade = high or low
    if grade is None or (high is not None and low is not None):
        return []
    values = [float(m.group("value")) for m in stated]
    if high is not None and not all(v < 0.8 for v in values):
        return []
    if low is not None and not all(v >= 0.8 for v in values):
        return []
    word = Quantity("label:grade", 0.95 if high else 0.6, grade.start(), grade.end(), grade.group(), True)
    first = stated[0]
    value = float(first.group("value"))
    shown = Quantity("label:auc", value, first.start("value"), first.end("value"), first.group("value"), False, value)
    return [(word, shown)]
