"""A drug swapped for another drug of the same evidence (issue 14, rounds 52-58): "so her amlodipine was stopped"
where the letter stopped her doxazosin; "apixaban to edoxaban at an INR below 2" where the guide switches to
warfarin; "If tiotropium is tried" for montelukast.  A swapped drug is the commonest swapped entity of the blind
rounds (12 of the 40 wrong twins the cues missed through round 58), and neither cue on names sees it: the evidence
names the wrong drug too, elsewhere, so the name is no unstated name, and a small encoder reads one changed word
among many as entailed.

:func:`swapped_drug` reads a unit that names exactly one drug (:func:`medhal.text.names.is_drug_name`, one drug's
two names being one) and asks where the rest of the unit is said: it aligns the unit with its drug left out
(:meth:`~medhal.detect.alignment.EvidenceIndex.alignment`) and takes the sentence best aligned with it.  The cue
fires when that sentence holds nearly all of the rest (:data:`HOLDS`), names another drug and not the unit's, and
no sentence naming the unit's drug holds nearly as much (:data:`MARGIN`): the unit says of its drug what the
evidence says of another.  A faithful clause that joins what two sentences say of its drug finds the drug's own
sentence close behind, and one that names two drugs ("switched from apixaban to warfarin") is not read.

Scanned before wiring on the faithful clauses of PubMedQA (its conclusions, and the first six sentences of each
abstract against the abstract), MedHal-Loc dev, the clinical pairs and rounds 52-58 (20,607 clauses): no firing; on
the wrong twins of rounds 52-58, three ("Trimethoprim should be avoided when the eGFR is below 45" for
nitrofurantoin, "restart valproate at 400 mg nightly" for lithium, "the quetiapine dose has been reduced from 1000
mg" for lithium).  Most swapped drugs still pass: a trial's invented drug is no drug name to the names cue, and a
short clause ("If tiotropium is tried,") holds too little else to place.
"""

from __future__ import annotations

import re

import numpy as np

from medhal.detect.alignment import EvidenceIndex
from medhal.text.drug_names import named_drugs
from medhal.text.lexical import has_negation
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens

__all__ = ["HOLDS", "MARGIN", "swapped_drug"]

HOLDS = 0.65
"""The least alignment of the unit without its drug with the sentence that says it of another drug."""
MARGIN = 0.25
"""How far below that sentence every sentence naming the unit's drug must align for the cue to fire."""

_WORD = re.compile(r"[A-Za-z][A-Za-z-]{2,}")
_LEAST = 3
"""The fewest content stems and figures the rest of the unit must hold to be placed at all."""


def swapped_drug(index: EvidenceIndex, unit: str) -> int | None:
    """The index of the sentence that says what ``unit`` says of its one drug of another drug (module docstring),
    or ``None``.

    >>> sentences = ("1. Reduce lithium carbonate from 1000 mg to 800 mg at night.",
    ...              "2. Continue quetiapine 50 mg at night.", "3. Check the lithium level in one week.")
    >>> index = EvidenceIndex.of(" ".join(sentences), sentences)
    >>> swapped_drug(index, "the quetiapine dose has been reduced from 1000 mg to 800 mg each night,")
    0
    >>> print(swapped_drug(index, "the lithium dose has been reduced from 1000 mg to 800 mg each night,"))
    None
    >>> print(swapped_drug(index, "Quetiapine continues at 50 mg at night."))
    None
    >>> trial = ("Treatment persistence at 12 months was lower with vedolizumab (62% vs 74%).",
    ...          "Of 724 patients, 298 received vedolizumab and 426 ustekinumab.")
    >>> print(swapped_drug(EvidenceIndex.of(" ".join(trial), trial), "More stayed on ustekinumab (74% vs 62%)."))
    None
    """
    drugs = named_drugs(unit)
    if len(drugs) != 1:
        return None
    (drug,) = drugs
    rest = _without(unit, drug)
    if len(alignment_tokens(rest)) < _LEAST:  # "but you can keep using salbutamol": too little said to place it
        return None
    named = [named_drugs(s) for s in index.sentences]
    if not any(drug in n for n in named):  # a drug the evidence never names is the names cue's (text/names.py)
        return None
    by_sentence = index.alignment(rest)
    # "penicillin V" for "phenoxymethylpenicillin": a name inside another names its family, no other drug (r. 222)
    others = [i for i, n in enumerate(named) if n and drug not in n and not _inside(drug, n)]
    if not others:
        return None
    best = max(others, key=lambda i: (by_sentence[i], -i))
    if by_sentence[best] < HOLDS or has_negation(index.sentences[best]) != has_negation(unit):
        return None
    own = [by_sentence[i] for i, n in enumerate(named) if drug in n]
    if own and float(np.max(own)) >= by_sentence[best] - MARGIN:
        return None
    # "(74% vs 62%)" for the sentence's "(62% vs 74%)": the same comparison told from the other arm (round 141)
    return None if _told_the_other_way(unit, index.sentences[best]) else best


def _inside(drug: frozenset[str], named: frozenset[frozenset[str]]) -> bool:
    """Whether a name of ``drug`` stands inside a longer name of a drug ``named``: "penicillin" of
    "phenoxymethylpenicillin"."""
    return any(mine in theirs and mine != theirs for mine in drug for other in named for theirs in other)


def _told_the_other_way(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` states the unit's first two percentages, in the other order."""
    own = [q for q in quantities(unit) if not q.approximate and q.kind == "percent"][:2]
    if len(own) < 2 or own[0].equals(own[1]):
        return False
    theirs = quantities(sentence)
    first = next((t.start for t in theirs if t.equals(own[0])), None)
    second = next((t.start for t in theirs if t.equals(own[1])), None)
    return first is not None and second is not None and second < first


def _without(unit: str, drug: frozenset[str]) -> str:
    """``unit`` with every name of ``drug`` left out."""
    return _WORD.sub(lambda m: "" if m.group().lower() in drug else m.group(), unit)
