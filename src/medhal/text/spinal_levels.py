"""Spinal levels named for a structure (issue 14, round 53): "the right L5 nerve root", "the T12 vertebral body".

A level is a label, not a count, and the changed-number cue does not read it: round 53's wrong twin "which is pressing
on the right L4 nerve root" was `supported` against an MRI report whose extrusion "compresses the traversing right L5
nerve root" (the report names "L4/5", the disc, as well).  A wrong level is a wrong-site error.  :func:`level_conflicts`
reads, against the sentence that reports what the unit says, a level the unit names for a structure (a nerve root, a
vertebra, a pedicle, a facet) where that sentence names the same structure at another level and the evidence never
names it at the unit's.  A disc level ("L4/5", "L4-L5") names a disc, not a root, and is left out.
"""

from __future__ import annotations

import re

from medhal.text.quantities import Quantity

__all__ = ["level_conflicts", "spinal_levels"]

_LEVEL = re.compile(
    r"(?<![\w/-])(?P<region>[CTLS])(?P<n>[1-9]|1[0-2])(?![\w/–-])\s+(?:(?:and|or)\s+[CTLS]\d{1,2}\s+)?"
    r"(?P<what>nerve\s+roots?|roots?|vertebral\s+bod(?:y|ies)|vertebrae?|pedicles?|facets?|spinous\s+process)\b"
)
_REGIONS = {"C": 0, "T": 100, "L": 200, "S": 300}


def spinal_levels(text: str) -> list[tuple[Quantity, str]]:
    """Each level of ``text`` named for a structure, as a ``label:level`` quantity with the structure's first word.

    >>> [(q.text, what) for q, what in spinal_levels("It compresses the traversing right L5 nerve root; L4/5 disc.")]
    [('L5', 'nerve')]
    """
    found = []
    for m in _LEVEL.finditer(text):
        value = float(_REGIONS[m.group("region")] + int(m.group("n")))
        start, end = m.start("region"), m.end("n")
        q = Quantity("label:level", value, start, end, text[start:end], False, value)
        found.append((q, m.group("what").split()[0].lower().rstrip("s")))
    return found


def level_conflicts(unit: str, sentence: str, evidence: str) -> list[tuple[Quantity, Quantity]]:
    """``(unit level, sentence level)`` pairs where ``unit`` names a structure at a level that ``sentence`` names it
    at another and ``evidence`` never at the unit's (module docstring).

    >>> report = ("L4/5: loss of disc height. It compresses the traversing right L5 nerve root in the lateral recess.")
    >>> sentence = "It compresses the traversing right L5 nerve root in the lateral recess."
    >>> [(a.text, b.text) for a, b in level_conflicts("which is pressing on the right L4 nerve root", sentence, report)]
    [('L4', 'L5')]
    >>> level_conflicts("which is pressing on the right L5 nerve root", sentence, report)
    []
    """
    own = spinal_levels(unit)
    if not own:
        return []
    theirs = spinal_levels(sentence)
    stated = {(q.value, what) for q, what in spinal_levels(evidence)}
    conflicts = []
    for q, what in own:
        if (q.value, what) in stated:
            continue
        rival = next((e for e, other in theirs if other == what and e.value != q.value), None)
        if rival is not None:
            conflicts.append((q, rival))
    return conflicts
