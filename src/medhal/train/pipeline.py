"""End-to-end verifier training: mix -> fine-tune -> fp32 checkpoint -> dev metrics -> int8 ONNX -> card."""

from __future__ import annotations

import json
import os
import platform
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, fields, replace
from pathlib import Path
from typing import Any

import numpy as np

from medhal.train.config import ID2LABEL, TrainConfig, TrainReport, base_model_name, find_base_model
from medhal.train.metrics import agreement, evaluate_pairs, probe_metrics
from medhal.train.mix import MixConfig, build_mix

__all__ = ["train_verifier"]


def _log_to_stdout(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def train_verifier(config: TrainConfig, log: Callable[[str], None] = _log_to_stdout) -> TrainReport:
    """Build the mix, fine-tune the base model, export int8 ONNX, measure it and write the model card.

    Outputs: ``config.fp32_path`` (Hugging Face checkpoint) and ``config.out_dir`` (``model.onnx``,
    ``tokenizer.json``, ``config.json``, ``model_card.md``, ``training_report.json``, ``mix.json``).
    """
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from medhal.train.export import OnnxScorer, export_onnx
    from medhal.train.trainer import FitResult, fit, predict_probabilities, save_checkpoint, seed_everything

    wall_start = time.perf_counter()
    torch.set_num_threads(config.threads)
    out_dir = Path(config.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)

    fp32_dir = config.fp32_path
    extra: dict[str, Any] = {}
    result: FitResult | None = None
    if config.evaluate_only:
        # Re-measure an existing checkpoint: its own training settings go into the report and the card.
        record = json.loads((fp32_dir / "medhal_training.json").read_text(encoding="utf-8"))
        result = FitResult(**record["fit"])
        trained = _config_from_record(record["config"])
        config = replace(
            trained,
            data_root=config.data_root,
            out_dir=config.out_dir,
            fp32_dir=fp32_dir,
            export=config.export,
            threads=config.threads,
            eval_batch_size=config.eval_batch_size,
            evaluate_only=True,
        )
        extra["evaluate_only_rerun"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        previous = out_dir / "training_report.json"
        if previous.is_file():
            before = json.loads(previous.read_text(encoding="utf-8")).get("extra", {})
            total = before.get("training_run_total_wall_seconds", before.get("total_wall_seconds"))
            if total is not None:
                extra["training_run_total_wall_seconds"] = total
    log("building the training mix")
    mix_fields = {"data_root": Path(config.data_root), "seed": config.seed, **config.mix_overrides}
    mix = build_mix(MixConfig(**mix_fields))
    log(f"mix: {len(mix.train)} training pairs; counts {json.dumps(mix.counts)}")
    mix_record = {
        "seed": config.seed,
        "train_pairs": len(mix.train),
        "stages": list(mix.stages),
        "train_sha256": mix.digest(),
        "counts": mix.counts,
        "dev_counts": mix.dev_counts,
        "synthetic_kinds": mix.synth_kinds,
        "files": [asdict(f) for f in mix.files],
        "mix_config": {k: str(v) if isinstance(v, Path) else v for k, v in mix_fields.items()},
    }
    (out_dir / "mix.json").write_text(json.dumps(mix_record, indent=2) + "\n", encoding="utf-8")

    if result is not None:  # evaluate-only: the checkpoint's fit record was loaded above
        log(f"evaluate-only: loading {fp32_dir} (trained {result.steps} steps)")
        tokenizer = AutoTokenizer.from_pretrained(str(fp32_dir), use_fast=True)
        model = AutoModelForSequenceClassification.from_pretrained(str(fp32_dir))
        model.eval()
    else:
        base = Path(config.base_model) if config.base_model is not None else find_base_model()
        log(f"base model: {base}")
        tokenizer = AutoTokenizer.from_pretrained(str(base), use_fast=True)
        start = Path(config.init_checkpoint) if config.init_checkpoint is not None else base
        if config.init_checkpoint is not None:
            log(f"continuing from checkpoint {start} (skipping {config.skip_batches} batches)")
        # seed before the model is built: the fresh classification head is drawn from torch's global generator,
        # which is otherwise seeded differently in every process (a run was not reproducible from its command)
        seed_everything(config.seed)
        model = AutoModelForSequenceClassification.from_pretrained(
            str(start),
            num_labels=3,
            id2label=dict(ID2LABEL),
            label2id={v: k for k, v in ID2LABEL.items()},
        )
        result = fit(model, tokenizer, mix.train, config, log, mix.stages)
        save_checkpoint(model, tokenizer, fp32_dir, config, result)
        log(f"saved fp32 checkpoint to {fp32_dir}")

    dev_names = list(mix.dev)
    all_dev = [pair for name in dev_names for pair in mix.dev[name]]
    dev_pairs = [(p.premise, p.hypothesis) for p in all_dev]
    t0 = time.perf_counter()
    probs32 = predict_probabilities(model, tokenizer, dev_pairs, config.max_length, config.eval_batch_size)
    fp32_eval_s = time.perf_counter() - t0
    metrics32 = _per_set(mix.dev, dev_names, probs32)
    log(f"fp32 dev metrics ({fp32_eval_s:.0f}s): {json.dumps(metrics32)}")
    probe_pairs = [(p.premise, p.original) for p in mix.probes] + [(p.premise, p.perturbed) for p in mix.probes]
    probe_kinds = [p.kind for p in mix.probes]
    n_probes = len(mix.probes)

    metrics8: dict[str, dict[str, float]] = {}
    diff: dict[str, float] = {}
    onnx_bytes = 0
    extra["fp32_eval_seconds"] = fp32_eval_s
    if n_probes:
        pp32 = predict_probabilities(model, tokenizer, probe_pairs, config.max_length, config.eval_batch_size)
        extra["probes_fp32"] = probe_metrics(pp32[:n_probes], pp32[n_probes:], probe_kinds)
        log(f"fp32 perturbation probes: {json.dumps(extra['probes_fp32']['all'])}")
    if config.export:
        try:
            sample = dev_pairs[:16] if dev_pairs else []
            exported = export_onnx(
                fp32_dir,
                out_dir,
                config.max_length,
                sample,
                extra_config={"base_model": base_model_name(config.base_model), "seed": config.seed},
            )
            onnx_bytes = exported.int8_onnx_bytes
            extra["export"] = {k: str(v) for k, v in asdict(exported).items()}
            log(f"exported int8 ONNX: {onnx_bytes / 1e6:.1f} MB (fp32 ONNX {exported.fp32_onnx_bytes / 1e6:.1f} MB)")
            scorer = OnnxScorer(exported.model_path, out_dir, config.max_length, threads=config.threads)
            t0 = time.perf_counter()
            probs8 = scorer.probabilities(dev_pairs, config.eval_batch_size)
            extra["int8_eval_seconds"] = time.perf_counter() - t0
            metrics8 = _per_set(mix.dev, dev_names, probs8)
            diff = agreement(probs32, probs8)
            if n_probes:
                pp8 = scorer.probabilities(probe_pairs, config.eval_batch_size)
                extra["probes_int8"] = probe_metrics(pp8[:n_probes], pp8[n_probes:], probe_kinds)
                log(f"int8 perturbation probes: {json.dumps(extra['probes_int8']['all'])}")
            log(f"int8 dev metrics: {json.dumps(metrics8)}")
            log(f"int8 vs fp32: {json.dumps(diff)}")
        except Exception:  # the fp32 checkpoint is saved; report the failure and keep the metrics
            extra["export_error"] = traceback.format_exc()
            log(f"EXPORT FAILED:\n{extra['export_error']}")

    extra["total_wall_seconds"] = time.perf_counter() - wall_start
    extra["platform"] = f"{platform.platform()} python {platform.python_version()} torch {torch.__version__}"
    extra["loss_curve"] = result.losses
    report = TrainReport(
        out_dir=str(out_dir),
        fp32_dir=str(fp32_dir),
        steps=result.steps,
        pairs_seen=result.pairs_seen,
        train_seconds=result.seconds,
        stopped_by=result.stopped_by,
        final_loss=result.final_loss,
        mix_counts=mix.counts,
        dev_metrics_fp32=metrics32,
        dev_metrics_int8=metrics8,
        int8_vs_fp32=diff,
        onnx_bytes=onnx_bytes,
        files=[asdict(f) for f in mix.files],
        extra=extra,
    )
    settings = {k: str(v) if isinstance(v, Path) else v for k, v in asdict(config).items()}
    payload = {"config": settings, **asdict(report), "dev_counts": mix.dev_counts, "synthetic_kinds": mix.synth_kinds}
    (out_dir / "training_report.json").write_text(json.dumps(payload, indent=2, default=str) + "\n", encoding="utf-8")
    from medhal.train.card import write_model_card

    write_model_card(out_dir / "model_card.md", config, report, mix_record)
    log(f"done in {extra['total_wall_seconds'] / 60:.1f} min; outputs in {out_dir}")
    return report


def _per_set(
    dev: dict[str, Any], names: list[str], probs: np.ndarray[Any, np.dtype[np.float64]]
) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    start = 0
    for name in names:
        n = len(dev[name])
        if n:
            out[name] = evaluate_pairs(dev[name], probs[start : start + n])
        start += n
    return out


_PATH_FIELDS = ("data_root", "out_dir", "fp32_dir", "base_model", "init_checkpoint")


def _config_from_record(settings: dict[str, Any]) -> TrainConfig:
    """Rebuild a :class:`TrainConfig` from the settings a checkpoint's ``medhal_training.json`` stores."""
    known = {f.name for f in fields(TrainConfig)}
    values: dict[str, Any] = {}
    for key, value in settings.items():
        if key not in known:
            continue
        if key in _PATH_FIELDS:
            values[key] = None if value in (None, "None") else Path(value)
        else:
            values[key] = value
    return TrainConfig(**values)
