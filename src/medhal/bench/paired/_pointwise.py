"""Label validation, the shared types of the paired metrics, and the pointwise metrics.

Re-exported by :mod:`medhal.bench.paired.metrics`.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray
from sklearn.metrics import balanced_accuracy_score, f1_score, matthews_corrcoef, precision_score, recall_score

from medhal.bench.paired.records import NotePair, NotePrediction

IntArray = NDArray[np.int64]
PairOutcome = Literal["bc", "pred1", "pred0", "bw"]
"""Seed 002 §3.4.2: Both Correct, both predicted 1 (yes-bias), both predicted 0 (no-bias), Both Wrong."""
ParseFailureStrategy = Literal["skip", "impute"]
ImputeRate = Literal["accuracy", "flag_rate"]
PairMetric = Callable[[Sequence[NotePair], Mapping[str, NotePrediction]], float]
"""A pair-level metric ``metric(pairs, predictions_by_note_id) -> float``, e.g.
``lambda p, m: pair_report(p, m).bcr``."""

_ATOL = 1e-9


# --------------------------------------------------------------------------------------------------- validation


def _as_binary(values: ArrayLike, name: str) -> IntArray:
    a = np.asarray(values)
    if a.ndim != 1:
        raise ValueError(f"{name} must be 1-D")
    if a.size == 0:
        raise ValueError(f"{name} is empty")
    if not bool(np.isin(a, (0, 1)).all()):
        raise ValueError(f"{name} must be binary: 0/1 or bool, 1 = the note contains an error")
    return a.astype(np.int64)


def _as_pair(y_true: ArrayLike, y_pred: ArrayLike) -> tuple[IntArray, IntArray]:
    t = _as_binary(y_true, "y_true")
    p = _as_binary(y_pred, "y_pred")
    if t.shape != p.shape:
        raise ValueError(f"y_true has {t.size} items but y_pred has {p.size}")
    return t, p


# ---------------------------------------------------------------------------------------------- pointwise metrics


def error_flag_rate(y_pred: ArrayLike) -> float:
    """The error-flag rate of seed 002 §3.4.1: the share of notes the model flags (``Error: Yes``, predicted 1)."""
    return float(_as_binary(y_pred, "y_pred").mean())


def specificity_score(y_true: ArrayLike, y_pred: ArrayLike, *, zero_division: float = 0.0) -> float:
    """Specificity, the recall of the clean class: ``TN / (TN + FP)`` (scikit-learn ``recall_score(pos_label=0)``).

    ``zero_division`` is returned when ``y_true`` has no clean note."""
    t, p = _as_pair(y_true, y_pred)
    return float(recall_score(t, p, pos_label=0, labels=[0, 1], zero_division=zero_division))


@dataclass(frozen=True, slots=True)
class PointwiseReport:
    """The traditional metrics of seed 002 §3.4.1 (Tables 11-14) for one run; recall is the sensitivity."""

    balanced_accuracy: float
    f1: float
    precision: float
    recall: float
    specificity: float
    mcc: float
    flag_rate: float

    def to_dict(self) -> dict[str, float]:
        """Keys ``balanced_accuracy, f1, precision, recall, specificity, mcc, flag_rate``."""
        return asdict(self)


def pointwise_report(y_true: ArrayLike, y_pred: ArrayLike, *, zero_division: float = 0.0) -> PointwiseReport:
    """Balanced accuracy, F1, precision, recall, specificity, MCC and error-flag rate (seed 002 §3.4.1).

    All but the flag rate come from scikit-learn (``pos_label=1``).  ``zero_division`` (0.0, 1.0 or ``nan``, as in
    scikit-learn) is returned for precision when nothing is predicted 1, for recall / specificity when ``y_true`` has
    no error / no clean note, and for F1 when ``2 TP + FP + FN = 0``.  MCC is scikit-learn's: 0.0 whenever it is
    undefined (a constant predictor or a single-class ``y_true``), which is the ``.000`` the seed prints for the
    always-error runs.  Balanced accuracy is scikit-learn's: the mean recall over the classes present in ``y_true``
    (with a single class, that class's recall; its warning is silenced).
    """
    t, p = _as_pair(y_true, y_pred)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        bal = float(balanced_accuracy_score(t, p))
        mcc = float(matthews_corrcoef(t, p))
    return PointwiseReport(
        balanced_accuracy=bal,
        f1=float(f1_score(t, p, pos_label=1, labels=[0, 1], zero_division=zero_division)),
        precision=float(precision_score(t, p, pos_label=1, labels=[0, 1], zero_division=zero_division)),
        recall=float(recall_score(t, p, pos_label=1, labels=[0, 1], zero_division=zero_division)),
        specificity=specificity_score(t, p, zero_division=zero_division),
        mcc=mcc,
        flag_rate=float(p.mean()),
    )
