"""Absences: a sentence that says something never happened, or that a report found none of (issue 14; split from
:mod:`medhal.text.findings` in round 52, when imaging reports' "there is no CT evidence of right heart strain" and
"without CT signs of right ventricular strain" joined "No evidence of malignancy")."""

from __future__ import annotations

import re

from medhal.text._finding_subjects import BRACKETS

__all__ = ["ABSENCE", "FOUND_NONE", "absolute_absence"]

_NONE_SEEN = (
    r"(?:(?:^\W*(?:[A-Z][\w ]{0,30}:\s*)?|\bthere\s+(?:is|are|was|were)\s+)no|\bwithout(?:\s+any)?)\s+(?:[\w-]+\s+)?"
    r"(?:evidence|signs?)\s+of"
)
"""A report finding none: "No evidence of", "there is no CT evidence of", "without CT signs of"."""

_NOT_A_DIFFERENCE = (
    r"(?!(?:[\w-]+\s+){0,2}?(?:statistically\s+)?(?:significant\s+)?(?:differences?|associations?|effects?|correlations?|changes?|"
    r"relationships?|benefits?|impacts?|influences?|increases?|reductions?|improvements?)\b)"
)
ABSENCE = re.compile(
    r"\bno\s+" + _NOT_A_DIFFERENCE + r"(?:[\w-]+\s+){0,4}?(?:was|were|has\s+been|have\s+been)\s+(?:\w+ly\s+)?"
    r"(?:recorded|reported|observed|seen|noted|detected|found|identified|documented)\b"
    r"|\bno\s+" + _NOT_A_DIFFERENCE + r"(?:[\w-]+\s+){0,4}?occurred\b"
    r"|\bthere\s+(?:is|are|was|were)\s+no\s+" + _NOT_A_DIFFERENCE + r"|\bdid\s+not\s+occur\b"
    r"|\b(?:no\s+(?:patients?|participants?|subjects?|one|child|children|wom[ae]n|m[ae]n|infants?|adults?)|nobody|"
    r"(?:none|neither)(?:\s+of\s+(?:(?:the|these|those)\s+(?:patients|participants|subjects|children|women|men|infants|"
    r"adults)|them|these|those))?)\s+"
    r"(?:in\s+(?:either|both|each|any)\s+(?:groups?|arms?)\s+)?"  # "no patient in either group died"
    r"(?:had|has|having|developed|developing|experienced|suffered|sustained|required|requiring|needed|needing|died|"
    r"(?:was|were)\s+(?:admitted|transferred)\s+to)\b"
    r"|\bnegative\s+for\s+|" + _NONE_SEEN + r"\s+",
    re.IGNORECASE,
)
"""A sentence that says something never happened: "No adverse events were recorded", "no deaths occurred", "there
were no wound infections", "there is no pleural effusion", "lactic acidosis did not occur", "no patient had
anaphylaxis", "none were admitted to intensive care", "neither required dialysis", "none of these required
neurosurgery"; or that a report found none ("Biopsies were negative for dysplasia", "No evidence of malignancy": the
subject is what follows, :data:`FOUND_NONE`)."""
FOUND_NONE = re.compile(r"(?:\bnegative\s+for|" + _NONE_SEEN + r")\s+(?P<what>[^.;,()]+)", re.IGNORECASE)
"""What a report found none of ("negative for dysplasia", "no CT evidence of right heart strain")."""

_QUALIFIED = re.compile(
    r"\b(?:in|among|with|for|after|during|at|on)\s+(?!(?:either|both|any|all|each)\b|(?:the\s+)?(?:study|trial|follow-?up|treatment\s+period)\b)",
    re.IGNORECASE,
)
"""A qualifier after an absence that narrows it to some ("no leak was observed in group B patients"), unlike
"in either group", "in any patient" or "during the study"."""


def absolute_absence(text: str) -> bool:
    """Whether ``text`` says something never happened to anyone (:data:`ABSENCE`, with no :data:`_QUALIFIED`
    narrowing after it: "no leak was observed in group B" says nothing of group A).

    >>> absolute_absence("No deaths occurred in either group."), absolute_absence("No leak was seen in group B.")
    (True, False)
    """
    m = ABSENCE.search(text)
    return m is not None and _QUALIFIED.search(BRACKETS.sub(" ", text[m.end() :])) is None
