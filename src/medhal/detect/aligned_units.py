"""The aligned rule over one ``decomposed`` plan: each unit's verdict, suspicion, cues and evidence pointers.

:func:`aligned_units` reads the verifier's rows of a :class:`DecomposedPlan` (each unit's library windows, then its
coverage tiles) through :class:`~medhal.detect.aligned_rule.AlignedRule` (issue 14).  Each evidence pointer keeps the
window the model read and names the line of it to read first (:func:`medhal.detect._pointers.focus_line`): a
window of a clinic letter may be a dozen lines, and an auditor must see which one the unit is about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from medhal.detect._pointers import CLOSE, PEOPLE, focus_line, nearest_sentence, states_none, stating_figures
from medhal.detect.aligned_rule import AlignedRule
from medhal.detect.alignment import EvidenceIndex, alignment_tokens
from medhal.detect.base import Plan
from medhal.detect.chunking import Window, smallest_holding
from medhal.detect.cues import FiredCue, cue_record
from medhal.detect.focus import contradiction_focus
from medhal.detect.hypothesised import asking_windows, reporting_sentences
from medhal.detect.json_types import JSONObject
from medhal.detect.records import UnitResult
from medhal.detect.restating import restating_window
from medhal.detect.signals import SignalConfig, blended_suspicion
from medhal.detect.units import Unit, UnitChoice, continues_negation, judged_unit, readings
from medhal.detect.unstated import unstated_cues
from medhal.errors import InvariantError
from medhal.text import Span
from medhal.text.assertions import describes_allocation, describes_measurement, reports_result
from medhal.verify.base import CONTRADICTION, ENTAILMENT, Probabilities

__all__ = ["DecomposedPlan", "aligned_units"]


@dataclass(frozen=True, slots=True)
class DecomposedPlan:
    """What :meth:`DecomposedDetector.assemble` reads back of one item's plan (:attr:`Plan.data`).

    Rows of the verifier's answer: each unit's library windows (``chosen``), then each unit's coverage tiles."""

    units: list[Unit]
    sentences: list[Span]
    """The evidence's sentences, which windows' and cues' sentence indices name."""
    windows: list[Window]
    """The library windows that fit the verifier's budget (after the long-window policy)."""
    chosen: list[list[int]]
    """Each unit's library windows, as indices into ``windows``."""
    entries: int
    """Chunk-library entries as the seed counts them."""
    skipped: int
    """Library windows over the verifier's budget."""
    coverage: list[list[Window]]
    """Each unit's coverage tiles (aligned aggregation; empty lists under ``seed``)."""
    index: EvidenceIndex | None
    """The evidence's alignment index (aligned aggregation only)."""
    hypotheses: list[str]
    """What the verifier reads of each unit (aligned: :func:`medhal.text.harmonize.harmonized` figures)."""
    cues: list[FiredCue | None]
    """Each unit's contradicting cue (aligned aggregation, :func:`medhal.detect.cues.contradiction_cue`); its
    sentence alone is among the unit's ``chosen`` windows."""
    alignments: list[np.ndarray]
    """Each unit's alignment with every evidence sentence (:meth:`EvidenceIndex.alignment`; aligned aggregation,
    else empty), read once while planning."""


def aligned_units(
    plan: Plan[DecomposedPlan],
    probs: Probabilities,
    rule: AlignedRule,
    *,
    threshold: float,
    signal_config: SignalConfig | None,
    unit_choice: UnitChoice,
) -> tuple[list[UnitResult], float]:
    """The aligned rule of :mod:`medhal.detect.alignment` over one plan's library rows plus coverage rows: each
    unit's judged record and the response score (the largest rule suspicion; ``threshold`` is the flag threshold)."""
    data = plan.data
    index, coverages = data.index, data.coverage
    if index is None:
        raise InvariantError("the aligned aggregation needs the plan's evidence index")
    n_library = sum(len(ks) for ks in data.chosen)
    cover_rows = probs[n_library:].reshape(len(data.units), len(coverages[0]) if coverages else 0, 3)
    results: list[UnitResult] = []
    rule_suspicions: list[float] = []
    named = frozenset[str]().union(*index.tokens)  # what the evidence names, read as alignment reads it
    texts = readings(data.units, plan.item.response)  # focus reads a unit with its "..., but not significant"
    methods = np.array([describes_measurement(s.text) for s in data.sentences], dtype=bool)
    # a line of whom a study assigned to what is no pointer of a result either (session 36)
    design = methods | np.array([describes_allocation(s.text) for s in data.sentences], dtype=bool)
    # the aim rule (detect/hypothesised.py) reads only evidence with an aim, and each sentence's kind once per item
    aims = bool(index.assertive) and not all(index.assertive)
    reporting = reporting_sentences(index) if aims else None
    row = 0
    for u, span in enumerate(data.units):
        windows = [data.windows[k] for k in data.chosen[u]]
        coverage = coverages[u]
        block = probs[row : row + len(windows)]
        row += len(windows)
        by_sentence = data.alignments[u]
        align = np.array([by_sentence[w.first : w.stop].max() for w in windows], dtype=np.float64)
        focus = contradiction_focus(index, texts[u], by_sentence, windows, rule.align_threshold)
        if continues_negation(data.units, u, plan.item.response):  # "did not depend on their age, | their sex"
            focus[:] = 0.0  # the encoder reads the list without the negation that governs it (round 41)
        cue = data.cues[u]
        restated = restating_window(index, span.text, by_sentence, windows, cue)
        k_cue = None if cue is None else smallest_holding(windows, cue.sentence)
        # a clause's first number may be hedged or completed by the words before it ("an hour and | twenty")
        placed = span.start is not None and span.end is not None and span.span_text in (None, span.text)
        start, end = (span.start or 0, span.end or 0) if placed else (0, 0)
        before = plan.item.response[max(0, start - 400) : start]  # its sentence may open an aim the unit goes on
        after = plan.item.response[end : end + 160] if placed else ""  # its relative clause may name whom
        unstated = unstated_cues(
            span.text, plan.item.evidence, index, named, before=before, after=after, question=plan.item.question
        )
        flags = unstated.flags  # advice the evidence does not give is never supported, but flags nothing
        # what the verifier reads ("a 7-day course" for "a one-week course") is what an aim may be about
        hypothesis = data.hypotheses[u]
        read_alignment = by_sentence if not aims or hypothesis == span.text else index.alignment(hypothesis)
        decision = rule.decide(
            block[:, ENTAILMENT],
            block[:, CONTRADICTION],
            align,
            cover_rows[u, :, ENTAILMENT],
            restated,
            focus,
            k_cue,
            unstated=unstated.unsupported,
            window_sizes=np.array([w.n_sentences for w in windows], dtype=np.int64),
            coverage_alignment=index.run_alignment(span.text, [(w.first, w.stop) for w in coverage], known_only=True),
            coverage_sizes=np.array([w.n_sentences for w in coverage], dtype=np.int64),
            window_measures=None
            if describes_measurement(span.text)
            else _measures(windows, by_sentence, design if reports_result(span.text) else methods),
            # a window about the unit only through the trial's aim may not support what the unit asserts
            window_asks=asking_windows(span.text, index, read_alignment, windows, before, reporting),
            coverage_asks=asking_windows(span.text, index, read_alignment, coverage, before, reporting),
        )

        entailing, stated = decision.entailing, None
        shown = _window_at(entailing, windows, coverage)
        if decision.verdict == "unsupported" and (shown is None or states_none(span.text, shown.text)):
            stated = stating_figures(span.text, index.sentences)  # a unit of figures: the sentence stating them
            held = smallest_holding(windows, stated)
            if held is None and (tile := smallest_holding(coverage, stated)) is not None:
                held = -1 - tile  # a coverage window (the index convention of AlignedDecision)
            entailing, stated = (entailing, None) if held is None else (held, stated)
        # no sentence holds enough of a lay unit's words (read only then: most units never need it)
        if decision.verdict == "unsupported" and stated is None and len(by_sentence) and by_sentence.max() < CLOSE:
            # figures are stating_figures' to place: "three in ten people" is not about "three trials"
            numbers = frozenset(t for t in alignment_tokens(span.text) if t.startswith("#"))
            near = nearest_sentence(by_sentence, index.alignment(span.text, known_only=True, ignoring=PEOPLE | numbers))
            if (held := smallest_holding(windows, near)) is not None:
                entailing, stated = held, near
        w_e, w_c = (
            _window_at(entailing, windows, coverage),
            _window_at(decision.contradicting, windows, coverage),
        )
        rule_suspicion = decision.suspicion
        if decision.verdict == "contradicted":  # a contradicted unit flags its answer and ranks first
            rule_suspicion = max(rule_suspicion, threshold + (1.0 - threshold) * decision.p_contradict)
        elif flags:  # a figure, a compared measure or a name the evidence never states flags
            rule_suspicion = max(rule_suspicion, threshold)
        elif decision.restated:  # an evidence sentence says the same: the unit ranks below the flag threshold
            rule_suspicion *= threshold
        suspicion, signals = blended_suspicion(
            signal_config, rule_suspicion, span.text, plan.item.evidence, (w_e or coverage[0]).text
        )
        cues: JSONObject = {
            "alignment": round(decision.alignment, 6),
            "coverage_entail": decision.coverage_entail,
            "restated": decision.restated,
            **cue_record(cue if decision.number_conflict else None, index),
            **unstated.record(index),
            "read_as": None if data.hypotheses[u] == span.text else data.hypotheses[u],
        }
        # only a contradicted unit or a cue flags the answer: any other unit, unsupported ones too, scores below
        # the flag threshold, in the order of its suspicion (its rank is unchanged; module docstring of
        # medhal.detect.alignment: an unsupported unit's P(E) tells faithful answers from wrong ones no better
        # than chance, a contradiction or a cue does)
        flagging = decision.verdict == "contradicted" or flags
        rule_suspicions.append(rule_suspicion if flagging else rule_suspicion * threshold)
        results.append(
            judged_unit(
                u,
                span,
                unit_choice,
                decision.verdict,
                decision.score,
                suspicion=suspicion,
                p_entail=decision.p_entail,
                p_contradict=decision.p_contradict,
                entailing=None
                if w_e is None
                else w_e.pointer(
                    _own(entailing, block, cover_rows[u]), focus_line(w_e, by_sentence, data.sentences, stated)
                ),
                contradicting=None
                if w_c is None
                else w_c.pointer(
                    decision.p_contradict,
                    focus_line(w_c, by_sentence, data.sentences, None if cue is None else cue.sentence),
                ),
                signals=signals,
                cues=cues,
            )
        )
    # the response score reads the rule's suspicion, never the --signals blend (signals only re-rank)
    return results, max(rule_suspicions, default=0.0)


def _measures(windows: Sequence[Window], by_sentence: np.ndarray, methods: np.ndarray) -> np.ndarray:
    """Whether each window's sentence best aligned with the unit (the first, of ties) only says what was measured
    (``methods``, one value per evidence sentence): its pointer passes over such a window for one that reports."""
    return np.array([methods[w.first + int(np.argmax(by_sentence[w.first : w.stop]))] for w in windows], dtype=bool)


def _own(k: int | None, block: np.ndarray, cover: np.ndarray) -> float:
    """P(E) of the unit given the window an :class:`~medhal.detect.aligned_rule.AlignedDecision` index names (negative:
    a coverage window): the probability its evidence pointer carries."""
    return 0.0 if k is None else float(cover[-1 - k, ENTAILMENT] if k < 0 else block[k, ENTAILMENT])


def _window_at(k: int | None, windows: Sequence[Window], coverage: Sequence[Window]) -> Window | None:
    """An :class:`~medhal.detect.aligned_rule.AlignedDecision` index as a window (negative: coverage window)."""
    if k is None:
        return None
    return coverage[-1 - k] if k < 0 else windows[k]
