"""Records a detector returns: units with spans, verdicts, scores and evidence pointers.

These are medhal's audit trail.  Every ``start``/``end`` is a half-open character interval into the original
string the record names (``response`` for units, ``evidence`` for evidence pointers) and slices back to the
record's ``text`` exactly -- except for ``claim`` units, whose ``text`` is the claim as extracted and verified
(seed 003) and whose ``start``/``end`` slice back to ``span_text``, the part of the response the claim was aligned
to (``None`` all three when it could not be aligned; ``alignment`` says why).  :class:`CheckResult` is written
to disk as JSON (``schema_version`` :data:`SCHEMA_VERSION`); its fields are documented in ``docs/check-record.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "SCHEMA_VERSION",
    "CheckItem",
    "CheckResult",
    "EvidencePointer",
    "Status",
    "UnitKind",
    "UnitResult",
    "Verdict",
]

SCHEMA_VERSION = "1.3"
"""1.1 (issue 14): units carry ``cues`` (the aligned rule's alignment, coverage entailment, restatement).
1.2 (issue 15): ``evidence_examined`` (share of the evidence the verifier read), ``notes`` (input cleaning), and
status ``internal_error`` (a bug on one item; the other items are still checked).
1.3 (issue 16): every extracted claim is a unit, verified as its own text; ``claim`` units carry ``span_text``
and ``alignment``, and their ``start``/``end`` may be ``null`` (a claim that could not be aligned to the answer)."""

Verdict = Literal["supported", "contradicted", "unsupported"]
UnitKind = Literal["clause", "sentence", "claim", "response", "triple", "span"]
Status = Literal["ok", "input_error", "parse_failure", "api_error", "internal_error"]


@dataclass(frozen=True, slots=True)
class CheckItem:
    """One thing to check: the evidence an LLM was given and the answer it produced."""

    evidence: str
    response: str
    question: str | None = None
    id: str | None = None


@dataclass(frozen=True, slots=True)
class EvidencePointer:
    """The evidence window that decided a unit's entailment or contradiction probability."""

    start: int
    end: int
    text: str
    probability: float
    """P(entailment) for the entailing pointer, P(contradiction) for the contradicting one."""
    sentences: tuple[int, int]
    """Half-open range of evidence sentence indices the window covers."""
    granularity: int
    """The smallest dyadic granularity ``m`` that produced this window (0: not a dyadic chunk — the whole evidence,
    or a packed window of ``nli-clause --premise windows``)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "probability": self.probability,
            "sentences": list(self.sentences),
            "granularity": self.granularity,
        }


@dataclass(frozen=True, slots=True)
class UnitResult:
    """A unit of the response (clause, sentence, claim, triple, tagged span or the whole response) and how it was
    judged.  ``triple`` units (kg-triple) and ``span`` units (FAVA-style tags) need not tile the response.

    For every kind but ``claim``, ``response[start:end] == text``.  A ``claim`` unit's ``text`` is the claim as the
    extractor wrote it, the hypothesis the verifier judged (seed 003 §4.2); ``start``/``end`` is the response span
    the claim was aligned to and ``span_text`` that span's text (``response[start:end] == span_text``), all three
    ``None`` when the claim could not be aligned; ``alignment`` says how it was aligned or why it was not."""

    index: int
    """Position of the unit in the response, in reading order (claims that could not be aligned come last, in
    extraction order)."""
    text: str
    start: int | None
    """``None`` only for a ``claim`` unit that could not be aligned to the response."""
    end: int | None
    kind: UnitKind
    verdict: Verdict
    score: float
    """The detector's native score.  ``decomposed``: seed 003 eq. 1, max P(E) - max P(C) in [-1, 1], higher =
    better supported.  ``nli-clause`` / ``nli-response``: 1 - P(E) (seed 003 eq. 3), higher = more suspicious."""
    suspicion: float
    """A [0, 1] score where higher = more suspicious; detectors rank units by it."""
    p_entail: float | None
    """P(entailment) behind the verdict; ``None`` for detectors without an entailment model (FAVA, LLM judge)."""
    p_contradict: float | None
    entailing: EvidencePointer | None
    contradicting: EvidencePointer | None
    signals: dict[str, Any] | None = None
    """Deterministic lexical signals (:mod:`medhal.detect.signals`) when switched on, else ``None``."""
    cues: dict[str, Any] | None = None
    """What the aligned verdict rule read (:mod:`medhal.detect.alignment`): ``alignment`` (best sentence
    alignment), ``coverage_entail`` (P(E) of the coverage premise), ``restated`` (an evidence sentence restates
    the unit); ``None`` for other detectors."""
    span_text: str | None = None
    """``claim`` units: ``response[start:end]``, the answer's words the claim was aligned to (``None``: unaligned)."""
    alignment: dict[str, Any] | None = None
    """``claim`` units: ``claim`` (extraction index), ``method`` (``exact``, ``normalized``, ``fuzzy`` or ``None``),
    ``score`` (similarity of claim and span) and ``reason`` (why it could not be aligned, else ``None``)."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "kind": self.kind,
            "verdict": self.verdict,
            "score": self.score,
            "suspicion": self.suspicion,
            "p_entail": self.p_entail,
            "p_contradict": self.p_contradict,
            "evidence": {
                "entailing": None if self.entailing is None else self.entailing.to_dict(),
                "contradicting": None if self.contradicting is None else self.contradicting.to_dict(),
            },
            "signals": self.signals,
            "cues": self.cues,
        }
        if self.kind == "claim":
            out["span_text"] = self.span_text
            out["alignment"] = self.alignment
        return out


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The audit trail for one checked response."""

    detector: str
    verifier_id: str | None
    config: dict[str, Any]
    status: Status
    id: str | None = None
    reason: str | None = None
    score: float | None = None
    """Response-level hallucination score in [0, 1], higher = more likely hallucinated
    (``decomposed``: the FED score of seed 003 eq. 2)."""
    flagged: bool | None = None
    units: tuple[UnitResult, ...] = ()
    windows: int = 0
    """Distinct evidence windows verified against (after deduplication and length handling)."""
    library_entries: int = 0
    """Chunk-library entries as the seed counts them (all granularities, repeats included)."""
    skipped_windows: int = 0
    """Windows dropped because premise + unit exceed the verifier's ``max_length`` (policy ``skip``)."""
    pairs: int = 0
    """(window, unit) pairs this response needs."""
    verifier_passes: int = 0
    """Pairs this response actually sent through the model: pairs minus those already computed for an earlier
    item of the same batch, duplicates within the response and cache hits."""
    truncated_pairs: int = 0
    """Pairs of this response whose premise was longer than the verifier's budget and was truncated."""
    evidence_examined: float | None = None
    """Share of the evidence's non-space characters the verifier read whole (in a pair that was not truncated),
    for at least one unit; ``None`` for detectors that do not read evidence.  Below 1.0 the verdicts rest on part
    of the evidence only (windows selected by ``max_windows``, or truncated premises)."""
    notes: tuple[str, ...] = ()
    """What input cleaning changed (lone surrogates, control characters), field by field; empty when nothing."""
    claims: dict[str, Any] | None = None
    """For ``claim`` units: the extraction's status, cap, raw output, every claim with its alignment, and the
    claims it could not align (verified all the same: each is a unit with a null span)."""
    timings: dict[str, float] = field(default_factory=dict)
    medhal_version: str = ""
    schema_version: str = SCHEMA_VERSION

    @property
    def caveats(self) -> list[str]:
        """What a reader must know about how much of the input was checked, as sentences: the share of the
        evidence read, windows over the verifier's budget, truncated pairs, what input cleaning replaced."""
        out: list[str] = []
        if self.evidence_examined is not None and self.evidence_examined < 1.0:
            out.append(f"The verifier read {100 * self.evidence_examined:.0f}% of the evidence; verdicts rest on that.")
        if self.truncated_pairs or self.skipped_windows:
            out.append(
                f"{self.truncated_pairs} pair(s) truncated; {self.skipped_windows} window(s) over the verifier's "
                "length budget left out (their sentences are read through shorter windows)."
            )
        out.extend(f"Input cleaned: {note}." for note in self.notes)
        return out

    @property
    def ranked_units(self) -> tuple[UnitResult, ...]:
        """Units by decreasing suspicion, ties broken by position (the order seed 000 §4 ranks by)."""
        return tuple(sorted(self.units, key=lambda u: (-u.suspicion, u.index)))

    def to_dict(self, *, timings: bool = True) -> dict[str, Any]:
        """JSON-ready dict.  ``timings`` is the only field that varies between identical runs."""
        out: dict[str, Any] = {
            "schema_version": self.schema_version,
            "medhal_version": self.medhal_version,
            "id": self.id,
            "status": self.status,
            "reason": self.reason,
            "detector": self.detector,
            "verifier_id": self.verifier_id,
            "config": self.config,
            "score": self.score,
            "flagged": self.flagged,
            "windows": self.windows,
            "library_entries": self.library_entries,
            "skipped_windows": self.skipped_windows,
            "pairs": self.pairs,
            "verifier_passes": self.verifier_passes,
            "truncated_pairs": self.truncated_pairs,
            "evidence_examined": self.evidence_examined,
            "notes": list(self.notes),
            "units": [u.to_dict() for u in self.units],
            "claims": self.claims,
        }
        if timings:
            out["timings"] = dict(self.timings)
        return out
