"""A unit that states as found what its evidence only asks (issue 14): "Early mobilisation within 24 hours of surgery
reduces delirium in older adults after hip fracture surgery." against an abstract whose only words for it are its
aim, "We tested whether early mobilisation within 24 hours of surgery reduces delirium ...".

Every word of such a unit is in the aim, so the restatement cue read it as restated and the verifier, reading the
aim, entailed it at ``P(E)`` 0.99: the audit trail called the trial's question its answer.  An aim, open question or
hypothesis (:func:`medhal.text.assertions.asserts_nothing`) asserts nothing, so it cannot support the unit: the unit
is never `supported` by it.  It is not flagged either: the evidence's results may say the same in other words the
aligned rule does not reach (a PubMedQA conclusion, "Laparoscopic myomectomy can be performed by experienced
surgeons regardless of the size," after the aim "To assess whether it is possible for an experienced laparoscopic
surgeon to perform efficient laparoscopic myomectomy regardless of the size, number, ..."), so the verdict is the
honest `unsupported`, as for advice the evidence does not give.

The cue fires where all of these hold:

* the unit asserts (it is no aim or question itself, names no ``whether``/``if``, holds at least three content
  words, and the answer's sentence does not open it with an inquiry: "To investigate whether cognitively unimpaired
  controls | and depressed subjects ... are at higher risk" is a copied aim, cut in two);
* the inquiry of a non-asserting evidence sentence (its words after "whether", "if", "to determine", "the hypothesis
  that") restates the unit (:func:`medhal.detect.alignment.restates`: every word, the same negation);
* no asserting evidence sentence holds as much as half of the unit's content
  (:meth:`~medhal.detect.alignment.EvidenceIndex.alignment` below :data:`RESULT_ALIGNMENT`), so no result of the
  evidence is about it.

Scanned on ~21,500 faithful clauses (PubMedQA conclusions and the first six sentences of each abstract, MedHal-Loc
dev, the clinical pairs, rounds 52-61): it fires on 4, each a PubMedQA conclusion or copied aim whose results the
abstract words otherwise.
"""

from __future__ import annotations

import re

from medhal.detect.alignment import EvidenceIndex, restates
from medhal.text.assertions import asserts_nothing
from medhal.text.fragments import states_no_predicate
from medhal.text.synonyms import alignment_tokens

__all__ = ["RESULT_ALIGNMENT", "hypothesised", "inquiry"]

RESULT_ALIGNMENT = 0.5
"""The alignment at which an asserting evidence sentence is about the unit, and the aim alone no longer holds it."""


def hypothesised(unit: str, index: EvidenceIndex, head: str = "") -> int | None:
    """The index of the evidence sentence that only asks what ``unit`` asserts (module docstring), or ``None``;
    ``head``: the answer's sentence before the unit.

    >>> from medhal.detect.alignment import EvidenceIndex
    >>> sentences = ["We tested whether early mobilisation reduces delirium after hip surgery.",
    ...              "Pressure ulcers occurred in 3% and 7%."]
    >>> index = EvidenceIndex.of(" ".join(sentences), sentences)
    >>> hypothesised("Early mobilisation reduces delirium after hip surgery.", index)
    0
    >>> hypothesised("Early mobilisation did not reduce delirium after hip surgery.", index) is None
    True
    >>> hypothesised("The trial tested whether early mobilisation reduces delirium.", index) is None
    True
    """
    if not index.assertive or all(index.assertive) or not _asserts(unit, head):
        return None
    aims = (i for i, asserting in enumerate(index.assertive) if not asserting)
    found = next((i for i in aims if (asked := inquiry(index.sentences[i])) and restates(asked, unit)), None)
    if found is None:  # the common case: no aim says it, and the unit is not aligned at all
        return None
    alignment = index.alignment(unit)
    if any(a >= RESULT_ALIGNMENT for a, asserting in zip(alignment, index.assertive, strict=True) if asserting):
        return None
    return found


def inquiry(sentence: str) -> str | None:
    """What ``sentence`` asks: its words after the inquiry opens ("whether", "if", "to determine", "the hypothesis
    that"), or ``None`` where it opens none.

    >>> inquiry("The aim was to determine whether statins improve stroke outcome.")
    'statins improve stroke outcome.'
    """
    found = _INQUIRY.search(sentence)
    return None if found is None else sentence[found.end() :].strip()


def _asserts(unit: str, head: str) -> bool:
    """Whether ``unit`` asserts a finding of its own, not a question or an aim (it or its sentence's ``head``)."""
    if unit.rstrip().endswith("?") or _OPEN.search(unit) or states_no_predicate(unit) or asserts_nothing(unit):
        return False
    if len(alignment_tokens(unit)) < _LEAST_TOKENS:  # "The observed socioeconomic,": too little to say anything
        return False
    head = _SENTENCE_END.split(head)[-1]
    return not (_INQUIRY.search(head) or asserts_nothing(head))


_INQUIRY = re.compile(
    r"\b(?:whether|if|hypothesi[sz]ed\s+that|hypothesis\s+that|to\s+(?:\w+ly\s+)?(?:determine|evaluate|assess|"
    r"investigate|examine|test|establish|see|know|find\s+out)(?:\s+(?:whether|if|the\s+hypothesis\s+that))?)\b",
    re.IGNORECASE,
)
_LEAST_TOKENS = 3
_OPEN = re.compile(r"\b(?:whether|if)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?]\s")
