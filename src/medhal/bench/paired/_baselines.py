"""The prevalence-calibrated random baseline and the aggregation over configurations.

Re-exported by :mod:`medhal.bench.paired.metrics`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Protocol

import numpy as np
from numpy.typing import ArrayLike

from medhal.bench.paired._outcomes import _note_labels
from medhal.bench.paired._pointwise import _as_binary
from medhal.bench.paired.records import NotePair
from medhal.detect.records import JSON, JSONObject

# ------------------------------------------------------------------------------------------------ random baseline


@dataclass(frozen=True, slots=True)
class RandomBaseline:
    """The prevalence-calibrated random predictor of seed 002 §3.4.2: ``P(y^ = 1) = p``, independent of the note.

    ``p`` is the error prevalence of the evaluated notes; sensitivity ``= p``, specificity ``= 1 - p``,
    ``expected_bcr = p (1 - p)`` (eq. 2), balanced accuracy ``= 0.5``.  ``f1`` is ``2 P R / (P + R)`` with the
    expected precision ``P = p`` and recall ``R = p``, i.e. ``p`` (a ratio of expectations, not ``E[F1]``)."""

    n_error: int
    n_clean: int
    prevalence: float
    sensitivity: float
    specificity: float
    expected_bcr: float
    balanced_accuracy: float
    f1: float

    def to_dict(self) -> JSONObject:
        return asdict(self)


def prevalence_random_baseline(y_true: ArrayLike) -> RandomBaseline:
    """The prevalence-calibrated random baseline of seed 002 §3.4.2 for notes with labels ``y_true``.

    Seed: "a random predictor calibrated to the empirical class prevalence (outputting y^ = 1 with probability
    190/295 independent of the input) has sensitivity = 190/295 and specificity = 105/295, giving an independence
    baseline of (190/295)(105/295) ~ 22.9%"; on a class-balanced set it is the 25% of a fair coin."""
    t = _as_binary(y_true, "y_true")
    n_error = int(t.sum())
    n_clean = int(t.size - n_error)
    p = n_error / t.size
    return RandomBaseline(
        n_error=n_error,
        n_clean=n_clean,
        prevalence=p,
        sensitivity=p,
        specificity=1.0 - p,
        expected_bcr=p * (1.0 - p),
        balanced_accuracy=0.5,
        f1=p,
    )


def pair_set_random_baseline(pairs: Sequence[NotePair]) -> RandomBaseline:
    """:func:`prevalence_random_baseline` over the **distinct** notes of a pair set: a 1:1 pair set gives 25%;
    MedRECT-JA (190 pairs over 190 error notes and 105 distinct clean notes) gives 22.9%, as in the seed."""
    if not pairs:
        raise ValueError("no pairs")
    labels = _note_labels(pairs)
    return prevalence_random_baseline(np.fromiter(labels.values(), dtype=np.int64, count=len(labels)))


# ------------------------------------------------------------------------------------------ across configurations


class _ToDict(Protocol):
    def to_dict(self) -> Mapping[str, JSON]: ...


def _as_float(value: object) -> float:
    return float(value) if isinstance(value, int | float | np.integer | np.floating) else math.nan


def aggregate_configs(reports: Sequence[_ToDict | Mapping[str, JSON]], *, ddof: int = 1) -> dict[str, dict[str, float]]:
    """Mean and standard deviation of every numeric metric over configurations (seed 002 §3.4.2, Table 2).

    ``reports`` are one configuration each (:class:`PointwiseReport`, :class:`PairReport`, an ``EcaReport``, or
    plain mappings).  Keys whose values are numbers (not ``bool``) in every report are aggregated:
    ``{key: {"mean": m, "sd": s, "n": k}}`` over the ``k`` finite values (``nan`` - e.g. an undefined
    ``r_independence`` - is skipped, as ``numpy.nanmean`` would).  ``sd`` uses ``ddof`` (default 1, the sample
    standard deviation) and is ``nan`` with fewer than ``ddof + 1`` finite values; ``mean`` is ``nan`` with none.
    The seed's Table 2 ``±`` is the population standard deviation: pass ``ddof=0`` to reproduce it.
    """
    if not reports:
        raise ValueError("no reports")
    if ddof < 0:
        raise ValueError(f"ddof must be >= 0, got {ddof}")
    dicts = [dict(r) if isinstance(r, Mapping) else dict(r.to_dict()) for r in reports]

    def numeric(v: object) -> bool:
        return isinstance(v, int | float | np.integer | np.floating) and not isinstance(v, bool | np.bool_)

    keys = [k for k in dicts[0] if all(k in d and numeric(d[k]) for d in dicts)]
    out: dict[str, dict[str, float]] = {}
    for k in keys:
        vals = np.array([_as_float(d[k]) for d in dicts], dtype=np.float64)
        vals = vals[np.isfinite(vals)]
        mean = float(vals.mean()) if vals.size else math.nan
        sd = float(vals.std(ddof=ddof)) if vals.size > ddof else math.nan
        out[k] = {"mean": mean, "sd": sd, "n": int(vals.size)}
    return out
