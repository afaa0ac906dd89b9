"""What a unit's cues say, in words an auditor reads (the table, HTML viewer and reports show them): split out of
:mod:`medhal.detect.cues`, which finds the cues, when that module reached 500 lines.
"""

from __future__ import annotations

from medhal.detect.records import JSONObject

__all__ = ["describe", "evidence_role"]


def evidence_role(verdict: str) -> str:
    """What the evidence a unit points at is to it, in words an auditor reads: the window that contradicts it, the
    one that supports it, or, for an unsupported unit, the closest evidence found, which does not support it.

    >>> evidence_role("supported"), evidence_role("unsupported")
    ('supports it', 'closest evidence, does not support it')
    """
    return {"supported": "supports it", "contradicted": "contradicts it"}.get(
        verdict, "closest evidence, does not support it"
    )


_SENTENCE_NOTES = (
    ("null_finding", "The evidence reports no difference, effect or occurrence"),
    ("reversed_comparison", "The evidence's figures order the groups the other way"),
    ("denied", "The evidence denies what the answer asserts"),
    ("design", "The evidence states another study design"),
    ("excluded", "The study excluded these patients"),
    ("overstated", "The evidence shows non-inferiority, not superiority"),
    ("hypothesised", "The evidence only asks this, as its aim or hypothesis"),
)
"""The cue keys whose value is the deciding evidence sentence, and what each says of it, in the order shown."""

_PHRASE_NOTES = (
    ("unnamed_subject", "The evidence never names what the answer compares, says changed or says did it"),
    ("unreported_subgroup", "The evidence reports no result for this subgroup"),
    ("unstated_cause", "The evidence gives no such cause or mechanism"),
    ("unreported_durability", "The evidence says nothing of how long an effect lasted, or of a complete recovery"),
)
"""The cues that name a phrase of the unit the evidence does not support, and how a note says so."""


def describe(cues: JSONObject | None) -> list[str]:
    """What a unit's ``cues`` (:attr:`medhal.detect.records.UnitResult.cues`) say, in words an auditor reads: one
    line per cue that fired (none for a unit the model alone decided).

    >>> describe({"restated": False, "number_conflicts": [["65", "75 years"]], "unstated_figures": ["65"]})
    ['Changed figure: the answer says "65", the evidence "75 years".', 'Not in the evidence: "65".']
    """
    if not cues:
        return []
    notes: list[str] = []
    if cues.get("restated"):
        notes.append("Restated: an evidence sentence says the same.")
    conflicts = cues.get("number_conflicts")
    if isinstance(conflicts, list):
        for pair in conflicts:
            if isinstance(pair, list) and len(pair) == 2:
                notes.append(f'Changed figure: the answer says "{pair[0]}", the evidence "{pair[1]}".')
    for key, says in _SENTENCE_NOTES:
        sentence = cues.get(key)
        if isinstance(sentence, str):
            notes.append(f'{says}: "{sentence}"')
    unstated = [f for key in ("unstated_figures", "unstated_names") if isinstance(v := cues.get(key), list) for f in v]
    if unstated:
        notes.append("Not in the evidence: " + ", ".join(f'"{f}"' for f in unstated) + ".")
    for key, says in _PHRASE_NOTES:
        phrase = cues.get(key)
        if isinstance(phrase, str):
            notes.append(f'{says}: "{phrase}".')
    if cues.get("unadvised") is True:
        notes.append("The evidence gives no advice: the answer's recommendation is its own.")
    read_as = cues.get("read_as")
    if isinstance(read_as, str):
        notes.append(f'Read with the figures as the evidence writes them: "{read_as}"')
    return notes
