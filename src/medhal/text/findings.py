"""Null findings: an evidence sentence that reports no difference, no effect or no occurrence, and a unit that
asserts one about the same subject (issue 14).

A small NLI encoder reads "Mortality did not differ significantly between the groups" against "all-cause
mortality was significantly lower with early rhythm control" as weakly *entailing* (the words overlap), and
"Lactic acidosis did not occur in either group" against "Metformin caused lactic acidosis in 3% of patients" as
merely unsupported.  A clinician reads both as contradictions: the trial reported the opposite finding about the
same outcome.  :func:`null_finding_conflict` is the deterministic cue for that pattern, kept deliberately narrow
(precision over recall: a faithful clause marked contradicted is the worst error a report can make):

* the sentence reports a **null finding**: a negated verb of difference, effect or occurrence ("did not differ",
  "was not associated with", "did not occur", "did not reduce"), "no (significant) difference / effect /
  association", or "similar / comparable between";
* the unit asserts, **without negation**, an **effect**: a comparative or causal word ("lower", "reduced",
  "increased", "more", "caused", "significantly", "associated with") and no hedge ("numerically", "trend",
  "non-significant", "similar");
* the unit names the sentence's **whole subject**: every content stem of the sentence apart from the words that
  frame a finding ("differ", "significantly", "group", "occur", "between", ...) is in the unit.  "Mortality did
  not differ" has subject {mortality}; a sentence about stroke and mortality is a subject a unit about mortality
  alone does not cover, so the cue stays silent; and the two name the same populations ("in men", "in children":
  a null finding in men says nothing about women).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from medhal.text.lexical import has_negation
from medhal.text.tokens import content_stems

__all__ = [
    "NullFinding",
    "asserts_effect",
    "contradicts",
    "finding_subject",
    "null_finding",
    "null_finding_conflict",
    "reports_null_finding",
]

_NULL_FINDING = re.compile(
    r"\b(?:did|does|do|was|were|is|are|has|have|had)\s+not\s+(?:\w+ly\s+)?"
    r"(?:differ|occur|change|affect|alter|reduce|increase|decrease|improve|lower|raise|prevent|slow|predict|"
    r"associated|different|related|correlated|observed|seen|reported)\w*"
    r"|\bno\s+(?:statistically\s+)?(?:significant\s+)?(?:difference|differences|effect|effects|association|"
    r"change|changes|increase|reduction|benefit|improvement|cases?|events?|episodes?)\b"
    r"|\b(?:similar|comparable)\s+(?:between|in|across|among)\b"
    r"|\bnot\s+(?:statistically\s+)?significant(?:ly)?\b",
    re.IGNORECASE,
)
"""A sentence that reports no difference, no effect or no occurrence."""

_EFFECT = re.compile(
    r"\b(?:lower|higher|reduced|reduces|reduce|reduction|increased|increases|increase|decreased|decreases|"
    r"decrease|improved|improves|worsened|more|fewer|less|greater|smaller|caused|causes|cause|led\s+to|"
    r"resulted\s+in|associated\s+with|significantly|superior|inferior|benefit|benefited|prevented|prevents|"
    r"raised|elevated|shortened|prolonged)\b",
    re.IGNORECASE,
)
"""A word by which a unit asserts an effect, a difference or a cause."""

_HEDGE = re.compile(
    r"\b(?:numerically|trend|tended|non-?significant(?:ly)?|similar|comparable|may|might|possibly|not)\b",
    re.IGNORECASE,
)
"""A unit that hedges its effect (or compares without claiming a difference) asserts no definite finding."""

_FRAME = content_stems(
    "differ differed difference differences significant significantly significance statistically statistical "
    "group groups arm arms either both between among across occur occurred occurrence observed seen reported "
    "associated association related correlated change changed effect effects similar comparable patients "
    "participants subjects respectively overall trial study cases events episodes"
)
"""Stems of the words that frame a finding rather than name its subject."""


_POPULATION = re.compile(
    r"\b(?:men|women|male|female|males|females|boys|girls|children|child|adults?|adolescents?|infants?|neonates?|"
    r"elderly|older|younger|pregnant|smokers?|nonsmokers?|subgroups?)\b",
    re.IGNORECASE,
)
"""Words that narrow a finding to a population (several are too short to be content stems)."""


def _populations(text: str) -> frozenset[str]:
    return frozenset(m.group().lower() for m in _POPULATION.finditer(text))


def reports_null_finding(sentence: str) -> bool:
    """Whether ``sentence`` reports no difference, effect or occurrence.

    >>> reports_null_finding("Mortality from any cause did not differ significantly between the groups.")
    True
    >>> reports_null_finding("Mortality was lower with early rhythm control.")
    False
    """
    return _NULL_FINDING.search(sentence) is not None


def asserts_effect(unit: str) -> bool:
    """Whether ``unit`` asserts, unhedged and unnegated, an effect, a difference or a cause.

    >>> asserts_effect("Metformin caused lactic acidosis in 3% of patients"), asserts_effect("Mortality was similar")
    (True, False)
    """
    return _EFFECT.search(unit) is not None and _HEDGE.search(unit) is None and not has_negation(unit)


def finding_subject(sentence: str) -> frozenset[str]:
    """The content stems of ``sentence`` that name what its finding is about (the framing words left out).

    >>> sorted(finding_subject("Lactic acidosis did not occur in either group."))
    ['acido', 'lacti']
    """
    return content_stems(sentence) - _FRAME


@dataclass(frozen=True, slots=True)
class NullFinding:
    """What a sentence reporting a null finding is about: its subject stems and the populations it names."""

    subject: frozenset[str]
    populations: frozenset[str]


def null_finding(sentence: str) -> NullFinding | None:
    """The null finding ``sentence`` reports, or ``None`` (no null finding, or nothing named it is about); computed
    once per evidence sentence (:class:`medhal.detect.alignment.EvidenceIndex`)."""
    if not reports_null_finding(sentence):
        return None
    subject = finding_subject(sentence)
    return NullFinding(subject, _populations(sentence)) if subject else None


def contradicts(unit: str, finding: NullFinding) -> bool:
    """Whether ``unit`` names ``finding``'s whole subject, in its populations (the caller has checked that the
    unit :func:`asserts_effect`)."""
    return finding.subject <= content_stems(unit) and finding.populations == _populations(unit)


def null_finding_conflict(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` reports a null finding about a subject ``unit`` names whole while ``unit`` asserts an
    effect (module docstring).

    >>> null_finding_conflict("all-cause mortality was significantly lower with early rhythm control",
    ...                       "Mortality from any cause did not differ significantly between the groups.")
    True
    >>> null_finding_conflict("all-cause mortality did not differ significantly between groups",
    ...                       "Mortality from any cause did not differ significantly between the groups.")
    False
    """
    finding = null_finding(sentence)
    return finding is not None and asserts_effect(unit) and contradicts(unit, finding)
