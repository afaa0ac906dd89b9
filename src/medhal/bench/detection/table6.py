"""Seed 000 Table 6 protocol: detection F1 / AUC-PR as bootstrap means over three pooled seeds (issue 16 item 4).

Seed 000 §5 ("We report detection performance ... three seeds, pooled bootstrap"), §6.4 and the caption of
Table 6 ("3 seeds, pooled bootstrap; F1-optimal threshold") describe the protocol; the released file
``results/real/v9_realbaselines/per_method.json`` (``published_detection_per_method.json`` in the shared data)
holds, per dataset and method, the per-seed point values, their mean (``seeds_summary``) and the bootstrap
summary (``bootstrap``).  **Every Table 6 cell is the bootstrap ``mean`` rounded to three digits, and ``Avg`` the
mean of the five unrounded dataset means**; the seeds' mean of point values differs in the third digit in 26 of
the 50 cells (e.g. SelfCheckGPT-NLI on MedHallu: bootstrap mean 0.7005 -> printed 0.700, seeds' mean 0.7006).

The bootstrap (the published ``src/bootstrap_ci.py`` with ``pool_seeds=True``), reimplemented here:

* the seeds' ``(score, label)`` arrays are **concatenated** in ascending seed order into one pool (not pooled
  per-seed replicates nor a per-resample mean of seeds: :func:`medhal.bench.detection.metrics.bootstrap_ci`'s
  ``pooling`` modes are different estimators);
* ``B = 1000`` resamples of the pool's size, drawn with ``numpy.random.RandomState(12345).randint(0, n, n)``; a
  resample with a single class is skipped (not redrawn);
* on each resample the threshold is re-tuned on the grid ``0.02, 0.04, ..., 0.94`` (:data:`PUBLISHED_GRID`): an
  item is predicted positive when ``score > threshold`` (strictly), the first grid value with the highest F1 wins,
  and 0.5 when no threshold gives F1 > 0; P, R, F1 are taken there and AUC-PR is average precision;
* the summary per metric is ``mean``, ``std`` (``ddof=1``), the 2.5 / 97.5 percentiles and ``n_boot``.

The per-item score arrays behind the published file are not released, so medhal cannot recompute the published
bootstrap from raw scores; it recomputes Table 6 from the file (:func:`table6_cells`) and applies the same
protocol to its own detectors' scores (:func:`table6_bootstrap`), printing both side by side.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from sklearn.metrics import average_precision_score

from medhal.detect.records import JSONObject

__all__ = [
    "PUBLISHED_GRID",
    "TABLE6_DATASETS",
    "TABLE6_METHODS",
    "TABLE6_PRINTED",
    "BootstrapSummary",
    "PublishedDetection",
    "grid_f1_threshold",
    "read_published_detection",
    "table6_bootstrap",
    "table6_cells",
    "threshold_point_metrics",
]

PUBLISHED_GRID: tuple[float, ...] = tuple(float(x) for x in np.arange(0.02, 0.95, 0.02))
"""The published threshold grid (``np.arange(0.02, 0.95, 0.02)``: 0.02 ... 0.94)."""

METRICS: tuple[str, ...] = ("P", "R", "F1", "AUC-PR")
TABLE6_DATASETS: tuple[str, ...] = ("medhallu", "pubmedqa", "medqa", "scifact", "mmlu_medical")
"""Table 6's columns, as the published file names them (MedHallu, PubMedQA, MedQA, SciFact, MMLU-Med)."""
TABLE6_METHODS: tuple[str, ...] = ("SelfCheckGPT-NLI", "AdaTriple+", "HHEM", "NLI-DeBERTa", "LLM-Judge")
"""Table 6's rows, as the published file names them."""

# fmt: off
TABLE6_PRINTED: dict[str, dict[str, tuple[float, ...]]] = {
    "F1": {
        "SelfCheckGPT-NLI": (0.700, 0.623, 0.666, 0.401, 0.665, 0.611),
        "AdaTriple+":       (0.691, 0.600, 0.568, 0.536, 0.650, 0.609),
        "HHEM":             (0.667, 0.625, 0.667, 0.344, 0.667, 0.594),
        "NLI-DeBERTa":      (0.696, 0.600, 0.398, 0.560, 0.621, 0.575),
        "LLM-Judge":        (0.614, 0.623, 0.203, 0.394, 0.555, 0.478),
    },
    "AUC-PR": {
        "NLI-DeBERTa":      (0.679, 0.556, 0.508, 0.529, 0.533, 0.561),
        "SelfCheckGPT-NLI": (0.742, 0.592, 0.509, 0.326, 0.537, 0.541),
        "AdaTriple+":       (0.672, 0.551, 0.505, 0.432, 0.516, 0.535),
        "LLM-Judge":        (0.596, 0.585, 0.508, 0.361, 0.604, 0.531),
        "HHEM":             (0.623, 0.485, 0.503, 0.274, 0.522, 0.481),
    },
}
# fmt: on
"""Seed 000 Table 6 as printed: metric -> method -> the five datasets of :data:`TABLE6_DATASETS`, then Avg."""

DETECTOR_COUNTERPARTS: dict[str, str] = {
    "nli-response": "NLI-DeBERTa",
    "selfcheck-nli": "SelfCheckGPT-NLI",
    "llm-judge": "LLM-Judge",
    "random": "Random",
    "kg-triple": "AdaTriple+",
}
"""The published method each medhal detector stands beside (same paradigm; not the same models)."""


# ------------------------------------------------------------------------------------------ the published file


@dataclass(frozen=True, slots=True)
class PublishedDetection:
    """``per_method.json``: dataset -> method -> its ``per_seed`` / ``seeds_summary`` / ``bootstrap`` records."""

    per_method: dict[str, dict[str, dict[str, Any]]]
    config: dict[str, Any]

    def bootstrap_mean(self, dataset: str, method: str, metric: str) -> float:
        return float(self.per_method[dataset][method]["bootstrap"][metric]["mean"])

    def seeds_mean(self, dataset: str, method: str, metric: str) -> float:
        """The mean of the per-seed point values, recomputed from ``per_seed`` (not the file's summary)."""
        per_seed = self.per_method[dataset][method]["per_seed"]
        return float(np.mean([float(v[metric]) for v in per_seed.values()]))

    def counterpart(self, detector: str) -> str | None:
        """The published method a medhal detector label (``NAME[:k=v...]``) stands beside, if any."""
        return DETECTOR_COUNTERPARTS.get(detector.split(":", 1)[0])


def read_published_detection(path: Path) -> PublishedDetection:
    """Read ``published_detection_per_method.json``; ``ValueError`` with a one-line message on a bad file."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        per_method = raw["per_method"]
        for dataset, methods in per_method.items():
            for method, entry in methods.items():
                for metric in ("F1", "AUC-PR"):
                    float(entry["bootstrap"][metric]["mean"])
                if not entry["per_seed"]:
                    raise ValueError(f"{dataset} / {method} has no seed")
    except (OSError, json.JSONDecodeError, KeyError, TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"{path}: not a published per_method.json ({type(exc).__name__}: {exc})") from None
    return PublishedDetection(per_method, dict(raw.get("config") or {}))


def table6_cells(
    published: PublishedDetection,
    metric: str = "F1",
    *,
    methods: Sequence[str] = TABLE6_METHODS,
    datasets: Sequence[str] = TABLE6_DATASETS,
    statistic: str = "bootstrap",
) -> dict[str, tuple[float, ...]]:
    """Table 6 recomputed from the file: method -> the dataset cells, then Avg (their mean), unrounded.

    ``statistic="bootstrap"`` (the published cells: bootstrap means) or ``"seeds"`` (the mean of the per-seed
    point values, for comparison).  Round to three digits to compare with :data:`TABLE6_PRINTED`.
    """
    if statistic not in ("bootstrap", "seeds"):
        raise ValueError(f"statistic must be 'bootstrap' or 'seeds', got {statistic!r}")
    get = published.bootstrap_mean if statistic == "bootstrap" else published.seeds_mean
    out: dict[str, tuple[float, ...]] = {}
    for method in methods:
        cells = [get(d, method, metric) for d in datasets]
        out[method] = (*cells, float(np.mean(cells)))
    return out


# --------------------------------------------------------------------------------------------- the protocol


def threshold_point_metrics(y_true: ArrayLike, y_score: ArrayLike, threshold: float) -> dict[str, float]:
    """P, R, F1 with ``score > threshold`` (strict, as published; 0 where undefined) and AUC-PR (average
    precision; NaN with a single class)."""
    y = np.asarray(y_true, dtype=np.int64)
    s = np.asarray(y_score, dtype=np.float64)
    pred = s > threshold
    tp = int(np.sum(pred & (y == 1)))
    fp = int(np.sum(pred & (y == 0)))
    fn = int(np.sum(~pred & (y == 1)))
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    ap = float(average_precision_score(y, s)) if 0 < int(y.sum()) < y.size else math.nan
    return {"P": p, "R": r, "F1": f1, "AUC-PR": ap}


def grid_f1_threshold(
    y_true: ArrayLike, y_score: ArrayLike, *, grid: Sequence[float] = PUBLISHED_GRID
) -> tuple[float, float]:
    """``(f1, threshold)``: the first grid threshold with the highest F1 (``score > threshold``), ``(0.0, 0.5)``
    when none gives F1 > 0 (the published ``_best_f1``).  Differs from
    :func:`medhal.bench.detection.metrics.f1_optimal_threshold`, which tries every score with ``>=``."""
    y = np.asarray(y_true, dtype=np.int64)
    s = np.asarray(y_score, dtype=np.float64)
    best_f1, best_th = 0.0, 0.5
    for th in grid:
        f1 = _f1_strict(y, s, float(th))
        if f1 > best_f1:
            best_f1, best_th = f1, float(th)
    return best_f1, best_th


def _f1_strict(y: np.ndarray[Any, Any], s: np.ndarray[Any, Any], threshold: float) -> float:
    pred = s > threshold
    tp = int(np.sum(pred & (y == 1)))
    fp = int(np.sum(pred & (y == 0)))
    fn = int(np.sum(~pred & (y == 1)))
    if tp + fp == 0 or tp + fn == 0:
        return 0.0
    p, r = tp / (tp + fp), tp / (tp + fn)
    return 2 * p * r / (p + r) if p + r else 0.0


@dataclass(frozen=True, slots=True)
class BootstrapSummary:
    """The published ``bootstrap`` record of one metric: ``mean, std, ci_low, ci_high, n_boot``."""

    mean: float
    std: float
    ci_low: float
    ci_high: float
    n_boot: int

    def to_dict(self) -> JSONObject:
        return asdict(self)


def table6_bootstrap(
    y_true: ArrayLike,
    y_score: ArrayLike,
    groups: ArrayLike | None = None,
    *,
    n_resamples: int = 1000,
    seed: int = 12345,
    grid: Sequence[float] = PUBLISHED_GRID,
) -> dict[str, BootstrapSummary]:
    """The Table 6 bootstrap (module docstring): metric (``P, R, F1, AUC-PR``) -> its summary.

    ``groups`` gives each item's seed; the pool is the items in ascending seed order (stable within a seed), as
    the published code concatenates the seeds' arrays.  Without ``groups`` the items are one pool as given.
    """
    y = np.asarray(y_true, dtype=np.int64)
    s = np.asarray(y_score, dtype=np.float64)
    if y.ndim != 1 or y.shape != s.shape or y.size == 0:
        raise ValueError("y_true and y_score must be 1-D, non-empty and of equal length")
    if not bool(np.isin(y, (0, 1)).all()) or not bool(np.isfinite(s).all()):
        raise ValueError("y_true must be 0/1 and y_score finite")
    if n_resamples < 1:
        raise ValueError("n_resamples must be >= 1")
    if groups is not None:
        g = np.asarray(groups)
        if g.shape != y.shape:
            raise ValueError("groups must have one entry per item")
        order = np.argsort(g, kind="stable")
        y, s = y[order], s[order]
    rng = np.random.RandomState(seed)
    n = y.size
    values: dict[str, list[float]] = {k: [] for k in METRICS}
    for _ in range(n_resamples):
        idx = rng.randint(0, n, size=n)
        yb, sb = y[idx], s[idx]
        if int(yb.min()) == int(yb.max()):
            continue
        _, th = grid_f1_threshold(yb, sb, grid=grid)
        for k, v in threshold_point_metrics(yb, sb, th).items():
            if not math.isnan(v):
                values[k].append(v)
    out: dict[str, BootstrapSummary] = {}
    for k in METRICS:
        arr = np.asarray(values[k] or [math.nan], dtype=np.float64)
        out[k] = BootstrapSummary(
            mean=float(np.nanmean(arr)),
            std=float(np.nanstd(arr, ddof=1)) if arr.size > 1 else 0.0,
            ci_low=float(np.nanpercentile(arr, 2.5)),
            ci_high=float(np.nanpercentile(arr, 97.5)),
            n_boot=int(np.sum(~np.isnan(arr))),
        )
    return out


def per_seed_points(y_true: ArrayLike, y_score: ArrayLike, groups: ArrayLike) -> dict[str, dict[str, float]]:
    """Per seed: P, R, F1, AUC-PR at that seed's grid-optimal threshold, and the threshold (the published
    ``per_seed`` records)."""
    y = np.asarray(y_true, dtype=np.int64)
    s = np.asarray(y_score, dtype=np.float64)
    g = np.asarray(groups)
    out: dict[str, dict[str, float]] = {}
    for value in sorted(set(g.tolist())):
        mask = g == value
        _, th = grid_f1_threshold(y[mask], s[mask])
        out[str(value)] = {**threshold_point_metrics(y[mask], s[mask], th), "threshold": th}
    return out
