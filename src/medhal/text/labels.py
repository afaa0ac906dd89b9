"""Categories named by number (issue 14): "type 1 diabetes", "a phase 2 trial", "grade 3" are labels, not
counts (:func:`medhal.text.quantities.quantities` reads them as kind ``label:<word>``), and a label conflicts only
with another number naming the same category in the sentence that reports what the unit says
(:func:`label_conflicts`).  Moved here from :mod:`medhal.text.figures` in round 19 (one concept per module).

:func:`setting_conflicts` reads, against the same sentence, the label and the other settings a unit may get wrong
while every figure it states is right: the side of a threshold or the order of a change (:mod:`medhal.text.bounds`),
and how often something is done (:mod:`medhal.text.intervals`; round 27).
"""

from __future__ import annotations

from medhal.text.bounds import bound_conflicts, bound_value_conflicts, reversed_changes
from medhal.text.intervals import interval_conflicts
from medhal.text.quantities import Quantity, quantities
from medhal.text.spinal_levels import level_conflicts
from medhal.text.tokens import content_stems

__all__ = ["label_conflicts", "setting_conflicts"]


def setting_conflicts(unit: str, sentence: str, evidence: str) -> list[tuple[Quantity, Quantity]]:
    """The first of these that ``unit`` has against ``sentence`` (``evidence``: the whole text): a label
    (:func:`label_conflicts`), a bound
    (:func:`~medhal.text.bounds.bound_conflicts`) or its figure (:func:`~medhal.text.bounds.bound_value_conflicts`), a
    change told backwards
    (:func:`~medhal.text.bounds.reversed_changes`), an interval (:func:`~medhal.text.intervals.interval_conflicts`), a
    spinal level (:func:`~medhal.text.spinal_levels.level_conflicts`).

    >>> [(a.text, b.text) for a, b in setting_conflicts("if creatinine is over 110,", "if creatinine is below 110.",
    ...                                                 "Restart if creatinine is below 110.")]
    [('over 110', 'below 110')]
    """
    return (
        label_conflicts(unit, sentence)
        or bound_conflicts(unit, sentence, evidence)
        or bound_value_conflicts(unit, sentence, evidence)
        or reversed_changes(unit, sentence)
        or interval_conflicts(unit, sentence, evidence)
        or level_conflicts(unit, sentence, evidence)  # "the right L4 nerve root" for L5 (round 53)
    )


def label_conflicts(unit: str, sentence: str) -> list[tuple[Quantity, Quantity]]:
    """``(unit label, sentence label)`` pairs where ``unit`` names a category by number ("type 1 diabetes", "a
    phase 2 trial") that ``sentence`` names with another number and never with the unit's ("type 2 diabetes"); the
    category is the word after the number.  Read against the sentence best aligned with the unit only: evidence
    often names both ("better control in type 1 diabetes; its value in type 2 diabetes is unclear"), so a label
    stated *somewhere* in it is no restatement (:func:`number_conflicts` skips it), but the sentence that reports
    what the unit says decides.

    >>> [(a.text, b.text) for a, b in label_conflicts("In 175 adults with type 1 diabetes,",
    ...                                               "175 adults with type 2 diabetes were assigned.")]
    [('1', '2')]
    >>> label_conflicts("It helps in type 1 diabetes.", "It helps in type 1 diabetes; in type 2 diabetes it is not.")
    []
    """
    conflicts: list[tuple[Quantity, Quantity]] = []
    theirs = [(e, _category(sentence, e)) for e in quantities(sentence) if _labelled(e)]
    for q in quantities(unit):
        if not _labelled(q):
            continue
        category = _category(unit, q)
        same = [e for e, c in theirs if e.kind == q.kind and c == category and category]
        # the sentence's own label of that figure, whatever word follows it ("158/92 mmHg" for "(repeat 158/92)")
        if same and not any(e.kind == q.kind and e.value == q.value for e, _ in theirs):
            conflicts.append((q, same[0]))
    return conflicts


def _labelled(q: Quantity) -> bool:
    return q.kind.startswith("label:") and q.kind != "label:ci"


def _category(text: str, q: Quantity) -> str:
    """The stem of the word after a label's number ("type 2 *diabetes*"), or ``""``."""
    return next(iter(content_stems(" ".join(text[q.end :].split()[:1]))), "")
