"""Which window a supported unit's evidence pointer shows an auditor (issue 14): the stretch of evidence that holds
what the unit says, as small as the verifier's own reading allows.

The verdict and ``P(E)`` of a unit are decided by :class:`medhal.detect.aligned_rule.AlignedRule`; this module only
chooses, among the windows that support the unit *by themselves* (``P(E)`` at least the rule's entailment threshold
and above the unit's ``C*``), the one its audit trail points at.  Every window it may choose was read by the
verifier against the unit and the pointer carries that window's own ``P(E)``, so the pointer never claims support
the model did not give.  In order:

1. the smallest library window aligned with the unit (:meth:`~medhal.detect.alignment.EvidenceIndex.alignment` at
   least the rule's ``align_threshold``), better aligned first, then higher ``P(E)``; but a window whose
   best-aligned sentence only says what was measured (an outcome's definition, a methods line:
   :func:`medhal.text.assertions.describes_measurement`) comes after every window that reports something, when the
   unit itself reports a finding: "knee scores at six weeks were similar" is about "Oxford Knee Scores at 6 weeks
   did not differ", not "Secondary outcomes were ... knee function (Oxford Knee Score) at 6 weeks", though the
   methods line holds more of its words (session 27);
2. else the smallest library window holding the sentence the unit is best aligned with (of those the unit was read
   against), when it is smaller than the coverage window that would be shown: a clause aligned below the threshold
   ("The cost is more side effects such as vomiting" and "Antibiotics increase unwanted effects such as vomiting,
   diarrhoea and rash") still has its sentence, and a coverage tile of five sentences about pain is not it; where
   that sentence only says what was measured or whom the study assigned and the unit reports a result, the
   best-aligned sentence that reports, whatever the sizes ("got back to sport about a week sooner" at the
   conclusion, not at the methods line's "6 weeks of supervised physiotherapy": session 36);
3. else the coverage window best aligned with the unit (run alignment) among those that entail it, then higher
   ``P(E)``; else the window that achieved ``E*``.

An unsupported unit points at the closest evidence found (:func:`closest`): the smallest window holding the sentence
it is best aligned with, so that an auditor reads the sentence the unit is about, not a tile of the whole abstract;
a unit made of two or more figures, or of one with a unit other than time ("about £190 more per person": session
36), points at the sentence stating them all, rounded or hedged as the unit writes them (:func:`stating_figures`:
"roughly 6% compared with 12%," is about "(6.2% vs 11.5%; p=0.002)", not the methods line whose "six hospitals" its
alignment read as its 6), where the sentence it was aligned with states none of them;
a lay unit no sentence holds :data:`CLOSE` of points at the sentence holding most of what the evidence says of it
(:func:`nearest_sentence`: "twitching of the face" at the synkinesis line, not a tile of five sentences).

Whatever window is shown, :func:`focus_line` names the line of it to read first: the sentence of a multi-sentence
window the unit is about (a window of a clinic letter may be a dozen lines).

Split out of :mod:`medhal.detect.alignment` at its 500-line limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from medhal.detect.chunking import Window
from medhal.detect.pointer_record import FocusLine
from medhal.text import Span
from medhal.text.derived import written_as
from medhal.text.quantities import quantities

__all__ = [
    "CLOSE",
    "PEOPLE",
    "Support",
    "closest",
    "focus_line",
    "nearest_sentence",
    "shown_entailing",
    "stating_figures",
]


@dataclass(frozen=True, slots=True)
class Support:
    """The windows a unit was read against: each one's ``P(E)``, alignment with the unit (library windows: their
    best sentence's; coverage windows: the run's), whether it is aligned, and its size in sentences."""

    entail: np.ndarray
    alignment: np.ndarray | None = None
    aligned: np.ndarray | None = None
    sizes: np.ndarray | None = None
    measures: np.ndarray | None = None
    """Whether each window's best-aligned sentence only says what was measured (a pointer passes over it)."""

    def entailing_alone(self, floor: float, p_contradict: float) -> np.ndarray:
        """Indices of the windows that support the unit by themselves."""
        return np.flatnonzero((self.entail >= floor) & (self.entail > p_contradict))

    def size(self, k: int) -> int:
        """Sentences of window ``k`` (1 when sizes are unknown)."""
        return 1 if self.sizes is None else int(self.sizes[k])


def shown_entailing(
    entailing: int | None, library: Support, coverage: Support, *, floor: float, p_contradict: float
) -> int | None:
    """The pointer of a supported unit (module docstring): a library window index ``k >= 0``, a coverage window as
    ``-1 - k``, or ``entailing`` (the window that achieved ``E*``) when no rule applies."""
    alone = library.entailing_alone(floor, p_contradict)
    if library.aligned is not None and library.alignment is not None:
        aligned = alone[library.aligned[alone]]
        if len(aligned):
            size = np.zeros(len(aligned)) if library.sizes is None else library.sizes[aligned]
            methods = np.zeros(len(aligned)) if library.measures is None else library.measures[aligned]
            order = np.lexsort((-library.entail[aligned], -library.alignment[aligned], size, methods))
            return int(aligned[order[0]])
    if entailing is None or entailing >= 0:
        return entailing
    shown = entailing
    if coverage.alignment is not None:
        tiles = coverage.entailing_alone(floor, p_contradict)
        if len(tiles):
            order = np.lexsort((-coverage.entail[tiles], -coverage.alignment[tiles]))
            shown = -1 - int(tiles[order[0]])
    held = _holding_best(library, alone)
    if held is not None and coverage.sizes is not None and library.size(held) < coverage.size(-1 - shown):
        return held
    if held is not None and _design_best(library):  # a tile whose line the unit is about is a methods line
        return held
    return shown


def closest(entailing: int | None, library: Support) -> int | None:
    """The pointer of an unsupported unit: the closest evidence found, which does not support it (the viewer's
    words) -- the smallest library window holding the sentence the unit is best aligned with, then higher ``P(E)``,
    rather than a coverage tile of many sentences; ``entailing`` when no sentence is aligned with it at
    :data:`CLOSE`."""
    if library.alignment is None or not len(library.alignment) or float(library.alignment.max()) < CLOSE:
        return entailing
    held = _holding_best(library, np.arange(len(library.entail)))
    return entailing if held is None else held


def nearest_sentence(alignment: np.ndarray, known: np.ndarray) -> int | None:
    """The sentence an unsupported unit is about when none holds :data:`CLOSE` of its content, or ``None``: the one
    holding the most of the unit's words the evidence uses at all, people and figures left out (``known``: :meth:`~
    medhal.detect.alignment.EvidenceIndex.alignment` with ``known_only``, ignoring :data:`PEOPLE` and the unit's
    numbers, which :func:`stating_figures` places: "three in ten people" is not about "three trials"), at least half
    of them and :data:`CLOSE` / 2 of all its content (``alignment``), then the better aligned, then the first.  A lay
    answer's own words count against every sentence alike ("Long-term twitching of the face was about as common
    either way" holds 0.21 of its content in "Synkinesis at 9 months did not differ (8.9% vs 9.7%)", all of what
    the evidence says of it); a unit that shares only the people with a sentence (the README example's dialysis
    advice and the line on the trial's mean age: "patients", "participants") has no nearest sentence, and the tile
    the rule read stays its pointer.

    >>> nearest_sentence(np.array([0.0, 0.21, 0.1]), np.array([0.0, 1.0, 0.5]))
    1
    >>> nearest_sentence(np.array([0.19, 0.0]), np.array([0.4, 0.0])) is None
    True
    """
    if not len(alignment) or float(alignment.max()) >= CLOSE:
        return None
    near = np.flatnonzero((known >= 0.5) & (alignment >= CLOSE / 2))
    if not len(near):
        return None
    return int(near[np.lexsort((near, -alignment[near], -known[near]))[0]])


PEOPLE: frozenset[str] = frozenset(
    {"patie", "perso", "indiv", "adult", "women", "child", "infan", "subje", "group", "total"}
)
"""Stems (:func:`medhal.text.synonyms.alignment_tokens`) of who was studied, which tell no sentence of a report
apart however rarely a sentence names them ("participants" and "people" read as "patients")."""

CLOSE = 0.3
"""The least alignment (:meth:`~medhal.detect.alignment.EvidenceIndex.alignment`: the IDF-weighted share of the unit's
content a sentence holds) at which a sentence is the closest evidence of an unsupported unit: below it the unit
shares too little with any sentence ("Metformin should be stopped in all patients starting dialysis" and "The mean
age was 63.2 yrs. and 47% of participants were women", 0.19), and the tile the rule read stays the pointer."""


def _design_best(library: Support) -> bool:
    """Whether the library window best aligned with the unit is one whose line only says what was measured or whom
    the study assigned (:attr:`Support.measures`, given only for a unit reporting a finding)."""
    if library.measures is None or library.alignment is None or not len(library.alignment):
        return False
    return bool(library.measures[int(np.argmax(library.alignment))])


def _holding_best(library: Support, alone: np.ndarray) -> int | None:
    """The smallest of the ``alone`` windows (then higher ``P(E)``) that holds the library's best-aligned sentence."""
    if library.alignment is None or not len(alone) or library.sizes is None:
        return None
    best = float(library.alignment.max())
    if library.measures is not None and _design_best(library):
        # the best-aligned line only says what was measured or whom the study assigned: a unit reporting a finding
        # is about the best-aligned line that reports ("a week sooner": the conclusion, not the methods; session 36)
        reporting = np.flatnonzero(~library.measures)
        if len(reporting) and float(library.alignment[reporting].max()) > 0.0:
            best = float(library.alignment[reporting].max())
            alone = alone[~library.measures[alone]]
    if best <= 0.0:
        return None
    held = alone[library.alignment[alone] >= best]
    if not len(held):
        return None
    return int(held[np.lexsort((-library.entail[held], library.sizes[held]))[0]])


def focus_line(
    window: Window, alignment: np.ndarray, sentences: Sequence[Span], sentence: int | None = None
) -> FocusLine | None:
    """The sentence of a multi-sentence ``window`` that the unit is about: ``sentence`` (a cue's deciding sentence)
    when the window holds it, else the window's sentence best aligned with the unit (``alignment``, one value per
    evidence sentence; ties: the first).  ``None`` for a one-sentence window (it is its own line) and when no
    sentence of the window holds :data:`CLOSE` of the unit's weighted words and figures (no line to single out: the
    dialysis advice of the README example shares only "patients" with the line on the trial's mean age).

    >>> from medhal.detect.chunking import window_of
    >>> from medhal.text import Span
    >>> text = "Hb 128. K 5.1 (4.6 prev). Plan: review."
    >>> sentences = [Span(0, 7, "Hb 128."), Span(8, 25, "K 5.1 (4.6 prev)."), Span(26, 39, "Plan: review.")]
    >>> window = window_of(text, sentences, 0, 3, (1,))
    >>> focus_line(window, np.array([0.0, 0.6, 0.2]), sentences).text
    'K 5.1 (4.6 prev).'
    >>> focus_line(window, np.zeros(3), sentences) is None
    True
    """
    if window.n_sentences <= 1:
        return None
    k = sentence if sentence is not None and window.first <= sentence < window.stop else None
    if k is None:
        inside = alignment[window.first : window.stop]
        if inside.size == 0 or float(inside.max()) < CLOSE:  # no line holds enough of the unit to single out
            return None
        k = window.first + int(np.argmax(inside))
    line = sentences[k]
    return FocusLine(line.start, line.end, line.text, k)


def stating_figures(unit: str, sentences: Sequence[str]) -> int | None:
    """The first of ``sentences`` that states every figure of ``unit``, two or more, or one with a unit other than
    time (a dose, a share, a cost: not a bare count or a duration, which many lines state) -- equal, rounded as the
    unit writes it, or near a hedged one -- or ``None``: the sentence an unsupported unit of figures is about (module
    docstring).

    >>> said = ["It ran at six hospitals for 6 weeks.", "Diarrhoea: 6.2% vs 11.5%.", "It cost £186 more."]
    >>> stating_figures("roughly 6% compared with 12%,", said), stating_figures("roughly 6% compared with 20%,", said)
    (1, None)
    >>> stating_figures("It cost about £190 more.", said), stating_figures("for six weeks", said)
    (2, None)
    """
    own = [q for q in quantities(unit) if not q.kind.startswith("label:")]
    if len(own) < 2 and not (own and own[0].kind not in ("count", "time")):
        return None  # one figure places a unit only with its unit ("about £190": the costing line; session 36)
    for i, sentence in enumerate(sentences):
        said = quantities(sentence)
        if all(any(written_as(q, e, hedged=True) for e in said) for q in own):
            return i
    return None


def states_none(unit: str, text: str) -> bool:
    """Whether ``text`` states none of ``unit``'s figures (:func:`stating_figures`' reading): a pointer that does
    (the conclusion's "over 24 months" for "... did not slow kidney function decline over 24 months") is kept."""
    said = quantities(text)
    return not any(
        written_as(q, e, hedged=True) for q in quantities(unit) if not q.kind.startswith("label:") for e in said
    )
