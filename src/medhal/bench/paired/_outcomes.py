"""Pair outcomes, parse failures and note lookup by id (re-exported by :mod:`medhal.bench.paired.metrics`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from medhal.bench.paired._pointwise import PairOutcome
from medhal.bench.paired.records import NotePair, NotePrediction

# ------------------------------------------------------------------------------------------------ pair outcomes


def is_parsed(prediction: NotePrediction) -> bool:
    """Whether a prediction carries a usable verdict: ``status == "ok"`` and ``prediction`` is 0 or 1.

    Raises ``ValueError`` for an ``ok`` prediction whose verdict is neither 0, 1 nor ``None``."""
    if prediction.status != "ok" or prediction.prediction is None:
        return False
    if prediction.prediction not in (0, 1):
        raise ValueError(f"note {prediction.note_id!r}: prediction must be 0 or 1, got {prediction.prediction!r}")
    return True


def parse_failure_rate(predictions: Iterable[NotePrediction]) -> float:
    """Share of predictions without a usable verdict (any status but ``ok``; seed 002 Appendix E, Table 5)."""
    preds = list(predictions)
    if not preds:
        raise ValueError("no predictions")
    return sum(not is_parsed(p) for p in preds) / len(preds)


def predictions_by_note(
    predictions: Iterable[NotePrediction], *, config: str | None = None
) -> dict[str, NotePrediction]:
    """Index one configuration's predictions by note id (only ``config``'s when given).

    Raises ``ValueError`` when a note has two predictions (pass ``config`` to pick one configuration of a run)."""
    out: dict[str, NotePrediction] = {}
    for p in predictions:
        if config is not None and p.config != config:
            continue
        if p.note_id in out:
            configs = f"{out[p.note_id].config!r}, {p.config!r}"
            raise ValueError(f"two predictions for note {p.note_id!r} (configs {configs})")
        out[p.note_id] = p
    return out


def pair_outcome(y_pred_error: int, y_pred_clean: int) -> PairOutcome:
    """The outcome of one pair from the verdicts on its error note and on its clean note (seed 002 §3.4.2)."""
    if y_pred_error not in (0, 1) or y_pred_clean not in (0, 1):
        raise ValueError(f"verdicts must be 0 or 1, got ({y_pred_error!r}, {y_pred_clean!r})")
    if y_pred_error == 1:
        return "bc" if y_pred_clean == 0 else "pred1"
    return "bw" if y_pred_clean == 1 else "pred0"


def _lookup(predictions_by_note_id: Mapping[str, NotePrediction], note_id: str) -> NotePrediction:
    try:
        return predictions_by_note_id[note_id]
    except KeyError:
        raise ValueError(f"no prediction for note {note_id!r}") from None


def judged_pair(
    pair: NotePair, predictions_by_note_id: Mapping[str, NotePrediction]
) -> tuple[NotePrediction, NotePrediction, PairOutcome | None]:
    """The predictions on the error note and on the clean note of ``pair`` and the pair's outcome (``None`` when
    a member has no usable verdict).  Raises ``ValueError`` when a note of the pair has no prediction at all."""
    pe = _lookup(predictions_by_note_id, pair.error_id)
    pc = _lookup(predictions_by_note_id, pair.clean_id)
    if is_parsed(pe) and is_parsed(pc):
        assert pe.prediction is not None and pc.prediction is not None
        return pe, pc, pair_outcome(pe.prediction, pc.prediction)
    return pe, pc, None


def pair_outcomes(
    pairs: Sequence[NotePair], predictions_by_note_id: Mapping[str, NotePrediction]
) -> list[PairOutcome | None]:
    """The outcome of every pair, in order; ``None`` for a pair with a member that has no usable verdict.

    Raises ``ValueError`` when a note of a pair has no prediction at all (a missing entry is a bug, not a parse
    failure: a failed parse is a :class:`NotePrediction` with a non-``ok`` status)."""
    return [judged_pair(pair, predictions_by_note_id)[2] for pair in pairs]


def _note_labels(pairs: Sequence[NotePair]) -> dict[str, int]:
    labels: dict[str, int] = {}
    for pair in pairs:
        for note_id, label in ((pair.error_id, 1), (pair.clean_id, 0)):
            if labels.setdefault(note_id, label) != label:
                raise ValueError(f"note {note_id!r} is an error note in one pair and a clean note in another")
    return labels
