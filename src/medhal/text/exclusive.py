"""Something that happened in one group only, against a unit that says it happened in both (issue 14).

"Severe hypoglycaemia occurred only in the intensive-treatment group (2.6%)" says the other group had none; an
answer that turns it into "Severe low blood sugar occurred in both groups, in about 2.6% of patients" keeps every
word and figure the encoder looks at (P(E) 0.62 on a clinician-read abstract) and changes the finding a prescriber
acts on: the harm belongs to one treatment.

:func:`exclusive_conflict` is kept narrow, like the null-finding cue (:mod:`medhal.text.findings`):

* the sentence says a subject happened **only** in, with or among one group ("occurred only in the X group", "was
  seen exclusively with X", "was confined to the X arm"); its subject is what it names before that verb, read as a
  null finding's subject is (:func:`medhal.text.findings.lead`: "Severe hypoglycaemia");
* the unit says, unhedged and unnegated, that it happened (:func:`medhal.text.findings.asserts_occurrence`) **in
  both / either / each / all** groups or arms, or "in the two groups";
* the unit names that whole subject (its stems read through :mod:`medhal.text.synonyms`: "low blood sugar" is
  hypoglycaemia).

:func:`absence_denied` reads the null-finding cue the other way round: a unit that says something never happened
("No serious adverse events occurred") against a sentence that says it happened ("... occurred in 3% of patients").
"""

from __future__ import annotations

import re

from medhal.text._finding_subjects import stems
from medhal.text.assertions import asserts_nothing
from medhal.text.findings import (
    asserts_occurrence,
    contradicts,
    finding_parts,
    lead,
    null_findings,
    reports_null_finding,
)

__all__ = ["absence_denied", "exclusive_conflict", "exclusive_subject", "qualified_absence"]

_ONLY = re.compile(
    r"\b(?:occurred|was\s+(?:seen|observed|reported|recorded|found|noted)|were\s+(?:seen|observed|reported|recorded|"
    r"found|noted)|developed|arose)\s+(?:only|exclusively|solely)\s+(?:in|with|among)\s+(?:the\s+)?[\w-]+"
    r"|\b(?:was|were)\s+(?:confined|limited|restricted)\s+to\s+(?:the\s+)?[\w-]+",
    re.IGNORECASE,
)
"""A sentence saying something happened in one group alone."""

_BOTH = re.compile(
    r"\b(?:in|with|among|across)\s+(?:both|either|each|all)(?:\s+of\s+the)?\s+(?:(?:treatment|study|trial)\s+)?"
    r"(?:groups?|arms?|treatments?|cohorts?)\b|\bin\s+the\s+two\s+(?:groups|arms)\b|\bin\s+both\b",
    re.IGNORECASE,
)
"""A unit saying something happened in every group."""

_NONE_IN = re.compile(
    r"\bno\s+(?P<what>(?:[\w-]+\s+){0,4}?)(?:occurred|developed|(?:was|were)\s+(?:seen|observed|reported|recorded|"
    r"found|noted|detected))\s+(?:in|among|with)\s+(?:the\s+)?(?P<who>[^,;.()]+)",
    re.IGNORECASE,
)
"""A sentence saying something never happened in some people ("No ruptures occurred among men under surveillance")."""
_ANY_GROUP = stems("group groups arm arms patients participants cohort treatment subjects people either both each any")
"""Words of a qualifier that name no one in particular."""


def exclusive_subject(sentence: str) -> frozenset[str]:
    """The subject ``sentence`` says happened in one group only (empty when it says no such thing).

    >>> sorted(exclusive_subject("Severe hypoglycaemia occurred only in the intensive-treatment group (2.6%)."))
    ['hypo-glyc', 'sever']
    >>> sorted(exclusive_subject("Severe hypoglycaemia occurred in 2.6% of the intensive-treatment group."))
    []
    """
    m = _ONLY.search(sentence)
    return frozenset() if m is None else lead(sentence[: m.end()])


def exclusive_conflict(unit: str, sentence: str) -> bool:
    """Whether ``unit`` says happened in every group what ``sentence`` says happened in one group only (module
    docstring).

    >>> sentence = "Severe hypoglycaemia occurred only in the intensive-treatment group (2.6%)."
    >>> exclusive_conflict("Severe low blood sugar occurred in both groups, in about 2.6% of patients.", sentence)
    True
    >>> exclusive_conflict("Severe low blood sugar occurred only with intensive treatment.", sentence)
    False
    >>> exclusive_conflict("Nausea occurred in both groups.", sentence)
    False
    """
    if _BOTH.search(unit) is None or not asserts_occurrence(unit):
        return False
    subject = exclusive_subject(sentence)
    return bool(subject) and subject <= stems(unit)


def absence_denied(unit: str, sentence: str) -> bool:
    """Whether ``unit`` says something never happened ("No serious adverse events occurred") that a part of
    ``sentence`` reporting no null finding of its own says happened, naming it whole (the null-finding cue the other
    way round: the unit's absence is the finding, the sentence the unit).

    >>> absence_denied("No serious adverse events occurred.", "Serious adverse events occurred in 3% of patients.")
    True
    >>> absence_denied("No serious adverse events occurred.", "Adverse events occurred in 3% of patients.")
    False
    >>> absence_denied("and no other keloids were found.", "FH: mother has keloid on chest.")
    False
    >>> absence_denied("There was no bleeding.", "She was told to attend urgently with bleeding or pain.")
    False
    """
    if _OTHER_ABSENT.search(unit):  # "no other keloids were found": besides the one the letter describes (round 111)
        return False
    absent = [f for f in null_findings(unit) if f.absence]
    # "to monitor whether any changes occurred": an aim, no occurrence
    # nor advice on what to do if it happens ("told ... to attend urgently with bleeding": round 203)
    parts = [p for p in finding_parts(sentence) if not (reports_null_finding(p) or _AIM.search(p) or _ADVICE.search(p))]
    return not asserts_nothing(sentence) and any(contradicts(part, f) for part in parts for f in absent)


_OTHER_ABSENT = re.compile(r"\b(?:no|none\s+of\s+the|not\s+any)\s+(?:other|further|additional)\b", re.IGNORECASE)
_ADVICE = re.compile(
    r"\b(?:told|advised|asked|instructed|reminded)\s+(?:\w+\s+)?to\b|\b(?:attend|return|seek|call|contact|come\s+back)"
    r"\b[^.;]{0,40}?\b(?:if|with|should)\b|\bif\s+(?:she|he|you|they)\s+(?:develops?|gets?|notices?|experiences?)\b",
    re.IGNORECASE,
)
"""Safety-netting advice: what to do should something happen, which says nothing happened."""
_AIM = re.compile(r"\bwhether\b|\bto\s+(?:assess|monitor|determine|evaluate|examine|investigate|test)\b", re.I)


def qualified_absence(unit: str, sentence: str) -> bool:
    """Whether ``unit`` says happened what ``sentence`` says never happened in the people it names, the unit naming
    them and the event (round 44: "Three men under surveillance had a rupture" against "No ruptures occurred among
    men under surveillance"; the null-finding cue reads only absences said of everyone).

    >>> sentence = "No ruptures occurred among men under surveillance."
    >>> qualified_absence("Three men under surveillance had a rupture.", sentence)
    True
    >>> qualified_absence("Two men awaiting repair had a rupture.", sentence)
    False
    >>> qualified_absence("A leak occurred in group A.", "No leak was seen in group B.")
    False
    """
    m = _NONE_IN.search(sentence)
    if m is None or not asserts_occurrence(unit):
        return False
    what, who = stems(m.group("what")), stems(m.group("who")) - _ANY_GROUP
    named = stems(unit)
    return bool(what) and bool(who) and what <= named and who <= named
