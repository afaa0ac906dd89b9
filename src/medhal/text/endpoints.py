"""A survival end point given another's figures: "median overall survival doubled, from 4.6 to 10.1 months" where
the evidence's 4.6 and 10.1 months are progression-free survival (issue 14).

Oncology abstracts report several time-to-event end points (overall, progression-free, disease-free, event-free,
recurrence-free, metastasis-free survival), and an LLM summary that swaps one for another keeps every number and
almost every word: the changed-number cue (:mod:`medhal.text.figures`) finds each figure stated, the restatement
cue finds one word missing, and a small encoder reads "survival" against "survival" as entailed.  A clinician reads
it as the error it is: progression-free survival is no proxy for overall survival (seed 002's clinical error types
include the wrong outcome).

:func:`endpoint_conflicts` is the cue, kept narrow (precision over recall):

* the unit names exactly one survival end point (by name or abbreviation: "overall survival", "PFS") and states at
  least one figure (a duration or a percentage), every one of which the sentence states too;
* the sentence names exactly one other end point, and never the unit's.

A sentence that names both ("median PFS was 10.1 months and median OS 20.3 months") never fires: which figure
belongs to which is the changed-number cue's business.
"""

from __future__ import annotations

import re

from medhal.text.quantities import Quantity, quantities

__all__ = ["ENDPOINTS", "endpoint_conflicts", "named_endpoints"]

ENDPOINTS: dict[str, str] = {
    "os": r"overall\s+survival|(?-i:OS)",
    "pfs": r"progression[\s-]free\s+survival|(?-i:PFS)",
    "dfs": r"disease[\s-]free\s+survival|(?-i:DFS)",
    "efs": r"event[\s-]free\s+survival|(?-i:EFS)",
    "rfs": r"(?:relapse|recurrence)[\s-]free\s+survival|(?-i:RFS)",
    "mfs": r"metastasis[\s-]free\s+survival|(?-i:MFS)",
    "css": r"(?:cancer|disease)[\s-]specific\s+survival|(?-i:CSS|DSS)",
}
"""Each survival end point's key and its regex (case-insensitive, whole words; abbreviations in capitals only)."""
_ENDPOINT = re.compile(
    "|".join(rf"(?P<{name}>\b(?:{pattern})\b)" for name, pattern in ENDPOINTS.items()), re.IGNORECASE
)
_FIGURE_KINDS = frozenset({"time", "percent"})


def named_endpoints(text: str) -> dict[str, Quantity]:
    """The survival end points ``text`` names, each with its first mention (as a ``label:endpoint`` quantity, for the
    cue record).

    >>> sorted(named_endpoints("Median PFS was 10.1 months; overall survival data were immature."))
    ['os', 'pfs']
    """
    found: dict[str, Quantity] = {}
    for m in _ENDPOINT.finditer(text):
        key = str(m.lastgroup)
        if key not in found:
            found[key] = Quantity("label:endpoint", 0.0, m.start(), m.end(), m.group(), approximate=False)
    return found


def endpoint_conflicts(unit: str, sentence: str) -> list[tuple[Quantity, Quantity]]:
    """``(unit end point, sentence end point)`` when ``unit`` gives its one survival end point figures that
    ``sentence`` states of another end point only (module docstring); ``[]`` otherwise.

    >>> sentence = "Median progression-free survival was 10.1 months with the combination and 4.6 months alone."
    >>> [(a.text, b.text) for a, b in endpoint_conflicts("It doubled overall survival, from 4.6 to 10.1 months.",
    ...                                                   sentence)]
    [('overall survival', 'progression-free survival')]
    >>> endpoint_conflicts("It doubled median PFS, from 4.6 to 10.1 months.", sentence)
    []
    >>> endpoint_conflicts("It prolonged overall survival.", sentence)
    []
    """
    mine = named_endpoints(unit)
    if len(mine) != 1:
        return []
    theirs = named_endpoints(sentence)
    if len(theirs) != 1 or set(theirs) == set(mine):
        return []
    figures = [q for q in quantities(unit) if q.kind in _FIGURE_KINDS]
    said = [e for e in quantities(sentence) if e.kind in _FIGURE_KINDS]
    if not figures or not all(any(q.equals(e) for e in said) for q in figures):
        return []
    return [(next(iter(mine.values())), next(iter(theirs.values())))]
