"""Records shared by the paired clinical error-detection suite (seed 002): pairs and per-note predictions.

The note record itself (:class:`medhal.data.notes.ClinicalNote`) lives in ``data/``; this module holds
what the benchmark adds: which notes form a pair and what a model said about each note under each
configuration.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Literal

from medhal.detect.records import JSONObject

__all__ = ["NotePair", "NotePrediction", "PairMethod", "PredictionStatus", "check_unique_note_ids"]

PairMethod = Literal["jaccard", "alternating", "scenario", "corrected"]
PredictionStatus = Literal["ok", "parse_failure", "api_error", "input_error"]


@dataclass(frozen=True, slots=True)
class NotePair:
    """An error note and its clean counterpart (seed 002 Appendix A)."""

    error_id: str
    clean_id: str
    method: PairMethod
    similarity: float
    """Jaccard word overlap (``jaccard``), character overlap (``scenario``), 1.0 for ``alternating`` /
    ``corrected``."""

    def to_dict(self) -> JSONObject:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class NotePrediction:
    """One model verdict on one note under one configuration (seed 002 §3.3, four-line output)."""

    note_id: str
    config: str
    """``neutral-greedy``, ``neutral-sampling``, ``conservative-greedy``, ``conservative-sampling`` or a
    user-given name."""
    status: PredictionStatus
    prediction: int | None
    """1 = the model says the note has an error; ``None`` unless ``status == "ok"``."""
    evidence: str | None = None
    """The quoted evidence (``None`` for ``NA`` or when absent)."""
    confidence: float | None = None
    analysis: str | None = None
    raw: str | None = None
    reason: str | None = None

    def to_dict(self) -> JSONObject:
        return asdict(self)


def check_unique_note_ids(note_ids: Iterable[str], need: str) -> None:
    """Raise ``ValueError`` (``duplicate note id 'x': <need>``) at the first note id seen twice: pairs and
    predictions are keyed by note id, so a repeated one would silently stand for two notes."""
    seen: set[str] = set()
    for note_id in note_ids:
        if note_id in seen:
            raise ValueError(f"duplicate note id {note_id!r}: {need}")
        seen.add(note_id)
