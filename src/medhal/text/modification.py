"""A subgroup effect the evidence reports absent (issue 14).

"People with faster genetic caffeine metabolism benefited more" against "Genetic variants associated with faster
caffeine metabolism did not modify this association", or "The benefit was limited to people who started with low
vitamin D levels" against "Results were similar in participants whose baseline 25-hydroxyvitamin D level was below
20 ng/mL": an answer that invents an effect in a subgroup (the commonest embellishment of a trial result) shares
every word the encoder weighs with the sentence that denies it, and is read as entailed.  A clinician reads the
opposite finding: the evidence tested that subgroup and found the effect the same.

:func:`modification_conflict` fires, narrowly, when

* the sentence reports **no effect modification**: "results / the effect / the association were similar /
  consistent in <subgroup>", "with similar (relative) effects in <subgroup>", "<variable> did not modify / alter
  the association / effect", "no (significant) interaction with <variable>", "the magnitude of (weight) change /
  the effect / efficacy did not differ between <subgroups>";
* the unit claims **one**: the benefit / effect / association / risk / increase "was greater / greatest / stronger /
  weaker / limited to / confined to / only ..." or some group "benefited more / most / only";
* the two name the same subgroup: at least two content stems of the sentence's subgroup (or variable) are the
  unit's (its one stem, when it has one: "in patients with and without diabetes"), read through
  :mod:`medhal.text.synonyms` ("25-hydroxyvitamin D" is vitamin D), the words that name no one ("patients",
  "group") left out.
"""

from __future__ import annotations

import re

from medhal.text.synonyms import canonical_stems

__all__ = ["NO_ONE", "claims_modification", "modification_conflict", "unmodified_by"]

_UNMODIFIED = re.compile(
    r"\b(?:results?|findings?|effects?|associations?|benefits?|estimates?|reductions?|hazard\s+ratios?)\s+(?:were|was)"
    r"\s+(?:\w+ly\s+)?(?:similar|consistent|unchanged|comparable)\s+(?:in|among|across|for)\s+(?P<who>[^.;]{3,160})"
    r"|^(?P<var>[^.;]{3,160}?)\s+did\s+not\s+(?:significantly\s+)?(?:modify|alter|change|influence)\s+(?:this|the)\s+"
    r"(?:association|effect|relationship|benefit|link)"
    r"|\b(?:similar|consistent|comparable)\s+(?:\w+\s+)?(?:results?|effects?|associations?|benefits?|reductions?)\s+"
    r"(?:in|among|across|for)\s+(?P<in>[^.;()]{3,160})"
    r"|\bno\s+(?:statistically\s+)?(?:significant\s+)?(?:interaction|effect\s+modification|heterogeneity)\s+"
    r"(?:by|with|between|across|for|according\s+to)\s+(?P<by>[^.;]{3,160})"
    r"|\b(?:magnitude\s+of\s+(?:the\s+)?(?:\w+\s+)?(?:change|effect|reduction|increase|benefit|loss|gain)|effects?|"
    r"benefits?|associations?|reductions?|efficacy|effectiveness)\s+did\s+not\s+(?:significantly\s+)?differ\s+"
    r"(?:between|by|across|according\s+to)\s+"
    r"(?P<btw>[^.;()]{3,160})",
    re.IGNORECASE,
)
"""A sentence reporting the effect the same in a subgroup, and the subgroup or the variable that defines it."""

_MODIFIED = re.compile(
    r"\b(?:benefits?|effects?|associations?|reductions?|protection|risk|risks|links?|advantages?|increases?|"
    r"decreases?|differences?)(?:\s+(?:with|of|on|in|for)\s+(?:[\w-]+\s+){0,3}?[\w-]+)?\s+(?:was|were|is|are)"
    r"\s+(?:\w+ly\s+)?(?:greater|greatest|larger|largest|stronger|strongest|smaller|weaker|weakest|limited|confined|"
    r"restricted|only|most\s+pronounced|more\s+pronounced|seen\s+only|found\s+only)\b"
    r"|\b(?:benefit(?:t?ed)?|gained|responded|profited)\s+(?:more|most|less|least|only)\b",
    re.IGNORECASE,
)
"""A unit claiming the effect differs in a subgroup; the effect may name what it is of ("The association with reduced
decompensation was stronger in ...": round 150)."""

NO_ONE = frozenset(canonical_stems("patients participants people group groups those subgroup subgroups"))
"""Stems of the words that name no one in particular: who a subgroup is, not what sets it apart."""


def unmodified_by(sentence: str) -> frozenset[str]:
    """The content stems of the subgroup (or its defining variable) in which ``sentence`` reports the effect the
    same; empty when it reports no such thing.

    >>> sorted(unmodified_by("Genetic variants associated with faster caffeine metabolism did not modify this "
    ...                      "association."))
    ['assoc', 'caffe', 'faste', 'genet', 'metab', 'varia']
    >>> unmodified_by("The effect was greater in women.")
    frozenset()
    >>> sorted(unmodified_by("The magnitude of change did not differ between men and women."))  # round 23
    ['women']
    >>> sorted(unmodified_by("Efficacy did not differ between HER2 IHC 1+ and IHC 2+ tumours (p=0.62)."))  # round 35
    ['tumor']
    >>> sorted(unmodified_by("The PM2.5 association did not differ by sex (p for interaction=0.41)."))  # round 45
    ['women']
    """
    m = _UNMODIFIED.search(sentence.split(":", 1)[-1].strip())
    if m is None:
        return frozenset()
    named = m.group("who") or m.group("in") or m.group("var") or m.group("by") or m.group("btw") or ""
    # "did not differ by sex": between women and men ("sex" is too short a word to be a stem; round 45)
    return canonical_stems(_SEX.sub(" women ", named)) - NO_ONE


_SEX = re.compile(r"\b(?:sex|gender)\b", re.IGNORECASE)


def claims_modification(unit: str) -> bool:
    """Whether ``unit`` claims the effect differs in a subgroup.

    >>> claims_modification("The benefit was limited to people with low vitamin D levels.")
    True
    >>> claims_modification("The benefit was similar in people with low vitamin D levels.")
    False
    >>> claims_modification("The association with reduced decompensation was stronger in patients who also received"
    ...                     " behavioural treatment.")
    True
    """
    return _MODIFIED.search(unit) is not None


def modification_conflict(unit: str, sentence: str) -> bool:
    """Whether ``unit`` claims an effect differs in a subgroup in which ``sentence`` reports it the same (module
    docstring).

    >>> modification_conflict("People with faster genetic caffeine metabolism benefited more.",
    ...                       "Genetic variants associated with faster caffeine metabolism did not modify this "
    ...                       "association.")
    True
    >>> modification_conflict("The benefit was greater in women.", "Results were similar in older adults.")
    False
    """
    if not claims_modification(unit):
        return False
    subgroup = unmodified_by(sentence)
    # two words of the subgroup, or its one word ("in patients with and without diabetes")
    return len(subgroup & canonical_stems(unit)) >= min(2, len(subgroup)) > 0
