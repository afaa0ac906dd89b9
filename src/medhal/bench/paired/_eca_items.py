"""ECA work items by pair and scope, and the random localization baselines (re-exported by ``eca``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import get_args

import numpy as np

from medhal.bench.paired._outcomes import judged_pair
from medhal.bench.paired._overlap import (
    BaselineAverage,
    Coverage,
    EcaCategory,
    EcaScope,
    NoteLike,
    evidence_hits,
    hit_category,
    usable_evidence,
)
from medhal.bench.paired._pointwise import PairOutcome
from medhal.bench.paired.records import NotePair, NotePrediction
from medhal.detect.records import JSONObject

# --------------------------------------------------------------------------------------------------- pair level


def _error_sentence(note: NoteLike) -> str:
    if note.error_sentence:
        return note.error_sentence
    for s in note.sentences:
        if note.error_sentence_id is not None and s.id == note.error_sentence_id:
            return s.text
    raise ValueError(f"error note {note.id!r} has no error sentence")


def _corrected_sentence(note: NoteLike) -> str:
    if note.corrected_sentence:
        return note.corrected_sentence
    raise ValueError(f"error note {note.id!r} has no corrected sentence (needed for the FP evidence-hit)")


def _note(notes_by_id: Mapping[str, NoteLike], note_id: str) -> NoteLike:
    try:
        return notes_by_id[note_id]
    except KeyError:
        raise ValueError(f"no note {note_id!r}") from None


def _check_scope(scope: str) -> None:
    if scope not in get_args(EcaScope):
        raise ValueError(f"scope must be one of {get_args(EcaScope)}, got {scope!r}")


def _scoped(
    pairs: Sequence[NotePair], predictions_by_note_id: Mapping[str, NotePrediction], scope: EcaScope
) -> list[tuple[NotePair, NotePrediction, NotePrediction, PairOutcome | None]]:
    _check_scope(scope)
    out: list[tuple[NotePair, NotePrediction, NotePrediction, PairOutcome | None]] = []
    for pair in pairs:
        pe, pc, outcome = judged_pair(pair, predictions_by_note_id)
        if scope == "all" or outcome == "pred1":
            out.append((pair, pe, pc, outcome))
    return out


@dataclass(frozen=True, slots=True)
class EcaItem:
    """One categorized pair; ``tp_hit`` / ``fp_hit`` are ``None`` for category ``E``."""

    error_id: str
    clean_id: str
    outcome: PairOutcome | None
    """``None`` when a member has no usable verdict (``scope="all"`` only)."""
    category: EcaCategory
    tp_hit: bool | None
    fp_hit: bool | None

    def to_dict(self) -> JSONObject:
        return asdict(self)


def eca_items(
    pairs: Sequence[NotePair],
    notes_by_id: Mapping[str, NoteLike],
    predictions_by_note_id: Mapping[str, NotePrediction],
    *,
    scope: EcaScope = "pred1",
    threshold: float = 0.6,
    coverage: Coverage = "either",
) -> list[EcaItem]:
    """Categorize the pairs in ``scope`` (seed 002 §3.4.3); the language is the error note's.

    Raises ``ValueError`` when a note or prediction is missing, or an error note in scope has no error sentence
    (``error_sentence``, else the text of the sentence with ``error_sentence_id``) or no ``corrected_sentence``."""
    items: list[EcaItem] = []
    for pair, pe, pc, outcome in _scoped(pairs, predictions_by_note_id, scope):
        err = _note(notes_by_id, pair.error_id)
        _note(notes_by_id, pair.clean_id)
        if outcome is None or not usable_evidence(pe.evidence) or not usable_evidence(pc.evidence):
            items.append(EcaItem(pair.error_id, pair.clean_id, outcome, "E", None, None))
            continue
        assert pe.evidence is not None and pc.evidence is not None
        tp, fp = evidence_hits(
            pe.evidence,
            pc.evidence,
            _error_sentence(err),
            _corrected_sentence(err),
            language=err.language,
            threshold=threshold,
            coverage=coverage,
        )
        items.append(EcaItem(pair.error_id, pair.clean_id, outcome, hit_category(tp, fp), tp, fp))
    return items


def random_localization_baseline(n_sentences: Iterable[int], *, average: BaselineAverage = "inverse_mean") -> float:
    """Seed 002 §4.4 random TP-localization baseline over notes with ``n_sentences`` sentences each.

    ``average="inverse_mean"`` (default): ``1 / mean(n)``, the seed's stated formula ("the inverse of the average
    number of sentences per note"); ``"mean_inverse"``: ``mean(1 / n)``, the expected hit rate of a uniform
    sentence pick.  Neither reproduces the seed's printed 12.6 / 9.3% on MS-Test / MEB-EN (module docstring)."""
    counts = np.fromiter(n_sentences, dtype=np.float64)
    if counts.size == 0:
        raise ValueError("no notes")
    if bool((counts <= 0).any()):
        raise ValueError("every note must have at least one sentence")
    if average == "inverse_mean":
        return float(1.0 / counts.mean())
    if average == "mean_inverse":
        return float(np.mean(1.0 / counts))
    raise ValueError(f"average must be one of {get_args(BaselineAverage)}, got {average!r}")


def _pair_set_baseline(pairs: Sequence[NotePair], notes_by_id: Mapping[str, NoteLike]) -> float:
    ids = dict.fromkeys(i for p in pairs for i in (p.error_id, p.clean_id))
    return random_localization_baseline(len(_note(notes_by_id, i).sentences) for i in ids)
