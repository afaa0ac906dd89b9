"""The populations a finding names ("no woman", "two women", "children"), each in one form, for the null-finding cue's
"same people" test (:func:`medhal.text.findings.names`); split from :mod:`medhal.text.findings` in session 26 when it
passed 500 lines."""

from __future__ import annotations

import re

__all__ = ["populations"]

_POPULATION = re.compile(
    r"\b(?:m[ae]n|wom[ae]n|male|female|males|females|boys|girls|children|child|adults?|adolescents?|infants?|neonates?|"
    r"elderly|older|younger|pregnant|smokers?|nonsmokers?|subgroups?)\b",
    re.IGNORECASE,
)
"""Words that narrow a finding to a population (several are too short to be content stems)."""


def populations(text: str) -> frozenset[str]:
    """The populations ``text`` names, each in one form ("no woman" and "two women" name the same people), and
    ``@those`` for people named before ("none of these required neurosurgery": only those the sentence counted
    first, so no absence for everyone; round 32)."""
    people = frozenset(_PLURAL.get(w, w) for w in (m.group().lower() for m in _POPULATION.finditer(text)))
    return people | {"@those"} if _THOSE.search(text) else people


_THOSE = re.compile(
    r"\b(?:none|neither|nobody|one|all|each|any|most|many|some|several|few|half|two|three|four|five)\s+of\s+"
    r"(?:them|these|those)\b",
    re.IGNORECASE,
)


_PLURAL = {"woman": "women", "man": "men", "child": "children", "male": "males", "female": "females"} | {
    w: w + "s" for w in ("adult", "adolescent", "infant", "neonate", "smoker", "nonsmoker", "subgroup")
}
