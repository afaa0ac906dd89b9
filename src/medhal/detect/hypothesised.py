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
from collections.abc import Sequence

import numpy as np

from medhal.detect.alignment import EvidenceIndex, restates
from medhal.detect.chunking import Window
from medhal.text.assertions import asserts_nothing, describes_allocation, describes_measurement
from medhal.text.fragments import states_no_predicate
from medhal.text.synonyms import alignment_tokens

__all__ = ["RESULT_ALIGNMENT", "asking_windows", "hypothesised", "inquiry", "reporting_sentences"]

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


def asking_windows(
    unit: str,
    index: EvidenceIndex,
    by_sentence: np.ndarray,
    windows: Sequence[Window],
    head: str = "",
    reporting: Sequence[bool] | None = None,
) -> np.ndarray | None:
    """For each of ``windows``, whether it reports nothing found that could support the asserting ``unit``: its
    sentence best aligned with the unit (``by_sentence``: the unit's alignment with each evidence sentence; the
    first, of ties) is an aim, a question or a hypothesis, and its other sentences only say whom the study enrolled,
    how it assigned them or what it measured (:func:`~medhal.text.assertions.describes_allocation`,
    :func:`~medhal.text.assertions.describes_measurement`; a unit about those is best aligned with them: "The standard
    starting dose was 0.05 mg a day").  ``None`` where no window can be so (the unit asserts nothing, or every
    evidence sentence may assert).  ``reporting``: :func:`reporting_sentences` of the index, read once per item by
    a caller that asks for many units.

    What the encoder entails in such a window is the trial's question: "A one-week course of amoxicillin works as
    well as a two-week course for pneumonia in young children" read P(E) 0.69 against the aim "Whether a 7-day course
    of amoxicillin is as effective as a 14-day course ... is uncertain", in an abstract whose conclusion was that it
    was not shown.  Such a window may not support the unit (:class:`medhal.detect.aligned_rule.AlignedRule`); a
    window that also reports a result may (a PubMedQA conclusion is read from its aim and its results together).

    >>> from medhal.detect.alignment import EvidenceIndex
    >>> from medhal.detect.chunking import Window
    >>> sentences = ["Whether drug A is as good as drug B is uncertain.", "Adults were randomly assigned to A or B.",
    ...              "Pain fell by 2 points with A and 1 point with B."]
    >>> index = EvidenceIndex.of(" ".join(sentences), sentences)
    >>> windows = [Window(0, 0, "", 0, 2, (2,)), Window(0, 0, "", 0, 3, (3,)), Window(0, 0, "", 1, 2, (1,))]
    >>> unit = "Drug A was shown to be as good as drug B."
    >>> asking_windows(unit, index, index.alignment(unit), windows).tolist()
    [True, False, False]
    """
    if not index.assertive or all(index.assertive) or not _asserts(unit, head):
        return None
    asking = [not a for a in index.assertive]
    reporting = reporting_sentences(index) if reporting is None else reporting

    def only_asked(w: Window) -> bool:
        best = w.first + int(np.argmax(by_sentence[w.first : w.stop]))  # an aim "best" aligned at 0 is about nothing
        return asking[best] and by_sentence[best] > 0 and not any(reporting[w.first : w.stop])

    return np.array([only_asked(w) for w in windows], dtype=bool)


def reporting_sentences(index: EvidenceIndex) -> list[bool]:
    """Whether each evidence sentence may report something found: it asserts, and does not only say whom the study
    enrolled, how it assigned them or what it measured (:func:`asking_windows`)."""
    assertive = index.assertive or (True,) * len(index.sentences)
    return [
        a and not (describes_allocation(s) or describes_measurement(s))
        for a, s in zip(assertive, index.sentences, strict=True)
    ]


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
