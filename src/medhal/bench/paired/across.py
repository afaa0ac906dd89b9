"""Across-run analyses of seed 002 §4.5 and Appendix F: prediction bias versus F1 and BCR.

A *run* is one model x dataset x configuration with its error-flag rate, F1 and BCR (all fractions in [0, 1]; BCR is
**not** in percent), optionally with the pointwise sensitivity and specificity (:class:`RunRecord`).

* :func:`average_configs` - the seed's unit of analysis, the *entry*: one model x dataset, every field the unweighted
  mean over its configurations (the "4-config mean" of Figure 5 and Tables 8-10).
* :func:`bias_correlations` - Pearson r (``scipy.stats.pearsonr``) of flag rate vs F1, flag rate vs BCR and F1 vs
  BCR per dataset and pooled over all datasets (Table 8; the seed pools the 60 entries, ``average=True``);
  ``average=False`` correlates the raw runs instead.
* :func:`deception_zone` - entries with F1 >= 0.6 and BCR < 0.25 (Figure 5a: "32/60 in deception zone").
* :func:`top_k_overlap` - top-3 models by F1 vs top-3 by BCR per dataset and their overlap (Table 9).
* :func:`independence_ratios` - per dataset, mean expected BCR (sensitivity x specificity), mean actual BCR, and the
  mean of the per-entry ratios BCR / expected (Table 10: "Ratio is the mean of per-model independence ratios, not
  the quotient of the two column means"); the seed's expected BCR multiplies the entry's *mean* sensitivity and
  *mean* specificity (reproduces Table 10 from Tables 11-14 and Figure 6).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats  # scipy ships with scikit-learn

from medhal.detect.records import JSONObject

__all__ = [
    "ALL",
    "CorrelationRow",
    "IndependenceRow",
    "RunRecord",
    "TopKOverlap",
    "average_configs",
    "bias_correlations",
    "deception_zone",
    "independence_ratios",
    "pearson_r",
    "top_k_overlap",
]

ALL = "All"
"""The ``dataset`` of the pooled rows."""
MEAN_CONFIG = "mean"


@dataclass(frozen=True, slots=True)
class RunRecord:
    """One run (model x dataset x config) or, with ``config="mean"``, one entry (see :func:`average_configs`)."""

    model: str
    dataset: str
    config: str
    flag_rate: float
    f1: float
    bcr: float
    sensitivity: float = math.nan
    specificity: float = math.nan

    def to_dict(self) -> JSONObject:
        return asdict(self)


def pearson_r(x: ArrayLike, y: ArrayLike) -> float:
    """Pearson's r (``scipy.stats.pearsonr``); ``nan`` with fewer than 2 points or a constant input."""
    a = np.asarray(x, dtype=np.float64)
    b = np.asarray(y, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError("x and y must be 1-D and of equal length")
    if a.size < 2 or np.ptp(a) == 0 or np.ptp(b) == 0:
        return math.nan
    return float(stats.pearsonr(a, b).statistic)


def _datasets(runs: Sequence[RunRecord]) -> list[str]:
    return list(dict.fromkeys(r.dataset for r in runs))


def average_configs(runs: Iterable[RunRecord]) -> list[RunRecord]:
    """One record per (model, dataset), in first-seen order, each field the mean over its configurations
    (``config="mean"``).  Non-finite values are skipped per field (``nan`` when none is finite)."""
    groups: dict[tuple[str, str], list[RunRecord]] = {}
    for r in runs:
        groups.setdefault((r.model, r.dataset), []).append(r)

    def mean(vals: Iterable[float]) -> float:
        a = np.fromiter(vals, dtype=np.float64)
        a = a[np.isfinite(a)]
        return float(a.mean()) if a.size else math.nan

    return [
        RunRecord(
            model=model,
            dataset=dataset,
            config=MEAN_CONFIG,
            flag_rate=mean(r.flag_rate for r in rs),
            f1=mean(r.f1 for r in rs),
            bcr=mean(r.bcr for r in rs),
            sensitivity=mean(r.sensitivity for r in rs),
            specificity=mean(r.specificity for r in rs),
        )
        for (model, dataset), rs in groups.items()
    ]


def _units(runs: Iterable[RunRecord], average: bool) -> list[RunRecord]:
    rs = list(runs)
    if not rs:
        raise ValueError("no runs")
    return average_configs(rs) if average else rs


@dataclass(frozen=True, slots=True)
class CorrelationRow:
    """Table 8 row: Pearson r over ``n`` entries (or runs) of one dataset, or of all (``dataset == "All"``)."""

    dataset: str
    n: int
    flag_f1: float
    flag_bcr: float
    f1_bcr: float

    def to_dict(self) -> JSONObject:
        return asdict(self)


def bias_correlations(runs: Iterable[RunRecord], *, average: bool = True) -> list[CorrelationRow]:
    """Per dataset (first-seen order) then pooled (``"All"``): r(flag rate, F1), r(flag rate, BCR), r(F1, BCR).

    ``average=True`` (the seed's Table 8) correlates the model x dataset entries (configuration means);
    ``average=False`` correlates the individual runs."""
    units = _units(runs, average)
    rows = []
    for ds in [*_datasets(units), ALL]:
        sel = [u for u in units if ds == ALL or u.dataset == ds]
        flag = [u.flag_rate for u in sel]
        f1 = [u.f1 for u in sel]
        bcr = [u.bcr for u in sel]
        rows.append(CorrelationRow(ds, len(sel), pearson_r(flag, f1), pearson_r(flag, bcr), pearson_r(f1, bcr)))
    return rows


def deception_zone(
    runs: Iterable[RunRecord], *, f1_min: float = 0.6, bcr_max: float = 0.25, average: bool = True
) -> list[RunRecord]:
    """Entries (or runs) with ``f1 >= f1_min`` and ``bcr < bcr_max`` - "moderate" F1 below random pairwise
    discrimination (seed 002 §4.5, Figure 5a; BCR as a fraction)."""
    return [u for u in _units(runs, average) if u.f1 >= f1_min and u.bcr < bcr_max]


@dataclass(frozen=True, slots=True)
class TopKOverlap:
    """Table 9 row: the top-``k`` models by F1 and by BCR on one dataset, and the models in both."""

    dataset: str
    k: int
    top_f1: tuple[str, ...]
    top_bcr: tuple[str, ...]
    overlap: tuple[str, ...]

    @property
    def n_overlap(self) -> int:
        return len(self.overlap)

    def to_dict(self) -> JSONObject:
        out = asdict(self)
        out["n_overlap"] = self.n_overlap
        return out


def top_k_overlap(runs: Iterable[RunRecord], *, k: int = 3, average: bool = True) -> list[TopKOverlap]:
    """Per dataset, the ``k`` models with the highest F1 and the ``k`` with the highest BCR (seed 002 Table 9).

    Ties are broken by model name; with ``average=False`` a model's best run counts (each model listed once).
    ``overlap`` keeps the F1 order."""
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    units = _units(runs, average)
    out = []
    for ds in _datasets(units):
        sel = [u for u in units if u.dataset == ds]

        def top(key: str, sel: list[RunRecord] = sel) -> tuple[str, ...]:
            ranked = sorted(sel, key=lambda u: (-getattr(u, key), u.model))
            return tuple(dict.fromkeys(u.model for u in ranked))[:k]

        tf, tb = top("f1"), top("bcr")
        out.append(TopKOverlap(ds, k, tf, tb, tuple(m for m in tf if m in tb)))
    return out


@dataclass(frozen=True, slots=True)
class IndependenceRow:
    """Table 10 row over ``n`` entries: means of expected and actual BCR, mean ratio, and how many fall below."""

    dataset: str
    n: int
    expected_bcr: float
    actual_bcr: float
    ratio: float
    n_below: int

    def to_dict(self) -> JSONObject:
        return asdict(self)


def independence_ratios(runs: Iterable[RunRecord], *, average: bool = True) -> list[IndependenceRow]:
    """Per dataset then pooled: mean expected BCR (``sensitivity x specificity`` of each entry), mean actual BCR,
    the mean of the per-entry ratios ``bcr / expected`` (entries with ``expected == 0`` are left out of the ratio
    mean) and the number of entries with ``bcr < expected`` (seed 002 Table 10).  Needs sensitivity and specificity
    on the runs (``ValueError`` otherwise)."""
    units = _units(runs, average)
    if any(not (math.isfinite(u.sensitivity) and math.isfinite(u.specificity)) for u in units):
        raise ValueError("independence_ratios needs finite sensitivity and specificity on every run")
    rows = []
    for ds in [*_datasets(units), ALL]:
        sel = [u for u in units if ds == ALL or u.dataset == ds]
        expected = np.array([u.sensitivity * u.specificity for u in sel], dtype=np.float64)
        actual = np.array([u.bcr for u in sel], dtype=np.float64)
        pos = expected > 0
        ratio = float(np.mean(actual[pos] / expected[pos])) if bool(pos.any()) else math.nan
        rows.append(
            IndependenceRow(
                dataset=ds,
                n=len(sel),
                expected_bcr=float(expected.mean()),
                actual_bcr=float(actual.mean()),
                ratio=ratio,
                n_below=int(np.sum(actual < expected)),
            )
        )
    return rows
