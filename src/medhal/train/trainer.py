"""Fine-tune a BERT-style cross-encoder for three-way NLI with two-way data handled by marginal likelihood.

Loss: cross-entropy for entailment / neutral / contradiction targets; for ``not_entailment`` the negative log
of the marginal ``P(neutral) + P(contradiction)``, so two-way data never claims to be a contradiction.
Batches are length-bucketed with dynamic padding; AdamW with linear warm-up and decay, where the schedule's
progress is whichever is further along: optimiser steps or the wall-clock budget (or steps alone with
``TrainConfig.schedule_by_time=False``, the budget then being only a hard stop). torch is imported lazily.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from medhal.data.nli import NLIPair
from medhal.train.config import ID2LABEL, TrainConfig

__all__ = [
    "NOT_ENTAILMENT",
    "TARGET_OF_LABEL",
    "FitResult",
    "encode_pairs",
    "fit",
    "length_bucketed_batches",
    "nli_loss",
    "predict_probabilities",
    "save_checkpoint",
    "seed_everything",
]

NOT_ENTAILMENT = 3
TARGET_OF_LABEL: dict[str, int] = {"entailment": 0, "neutral": 1, "contradiction": 2, "not_entailment": 3}


@dataclass(frozen=True, slots=True)
class FitResult:
    """What :func:`fit` did."""

    steps: int
    pairs_seen: int
    seconds: float
    stopped_by: str
    """``"steps"`` (planned steps done) or ``"time"`` (wall-clock budget spent)."""
    losses: list[float]
    """Mean loss per logging window, in order."""
    final_loss: float


def seed_everything(seed: int) -> None:
    """Seed Python's, NumPy's and torch's generators."""
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def nli_loss(logits: Any, targets: Any) -> Any:
    """Mean negative log-likelihood; targets 0/1/2 are the 3-way labels, 3 is ``not_entailment``.

    For target 3 the likelihood is ``P(neutral) + P(contradiction)`` (computed as a log-sum-exp).
    """
    import torch

    logp = torch.log_softmax(logits.float(), dim=-1)
    three = logp.gather(1, targets.clamp(max=2).unsqueeze(1)).squeeze(1)
    marginal = torch.logsumexp(logp[:, 1:3], dim=-1)
    ll = torch.where(targets == NOT_ENTAILMENT, marginal, three)
    return -ll.mean()


def encode_pairs(tokenizer: Any, pairs: Sequence[tuple[str, str]], max_length: int) -> list[dict[str, list[int]]]:
    """Tokenise ``(premise, hypothesis)`` pairs without padding (``longest_first`` truncation)."""
    out: list[dict[str, list[int]]] = []
    chunk = 2048
    for start in range(0, len(pairs), chunk):
        part = pairs[start : start + chunk]
        enc = tokenizer(
            [p for p, _ in part],
            [h for _, h in part],
            truncation="longest_first",
            max_length=max_length,
            return_token_type_ids=True,
        )
        for i in range(len(part)):
            out.append(
                {
                    "input_ids": list(enc["input_ids"][i]),
                    "attention_mask": list(enc["attention_mask"][i]),
                    "token_type_ids": list(enc["token_type_ids"][i]),
                }
            )
    return out


def length_bucketed_batches(
    lengths: Sequence[int],
    batch_size: int,
    rng: random.Random,
    bucket_batches: int = 32,
    stages: Sequence[int] = (),
) -> list[list[int]]:
    """Shuffle indices, sort each chunk of ``bucket_batches * batch_size`` by length, cut into batches and
    shuffle the batch order: batches of similar lengths (little padding), random order across the epoch.

    ``stages`` (sizes summing to ``len(lengths)``) makes a curriculum: the pairs of each consecutive stage are
    batched and shuffled among themselves only, and the stages follow each other in order."""
    sizes = list(stages) if stages else [len(lengths)]
    if sum(sizes) != len(lengths):
        raise ValueError(f"stages {sizes} do not add up to {len(lengths)} pairs")
    span = max(1, batch_size * bucket_batches)
    batches: list[list[int]] = []
    first = 0
    for size in sizes:
        order = list(range(first, first + size))
        first += size
        rng.shuffle(order)
        stage: list[list[int]] = []
        for start in range(0, len(order), span):
            chunk = sorted(order[start : start + span], key=lambda i: lengths[i])
            stage.extend(chunk[b : b + batch_size] for b in range(0, len(chunk), batch_size))
        rng.shuffle(stage)
        batches.extend(stage)
    return batches


def _collate(features: Sequence[dict[str, list[int]]], pad_id: int) -> dict[str, Any]:
    import torch

    width = max(len(f["input_ids"]) for f in features)
    batch: dict[str, Any] = {}
    for key, pad in (("input_ids", pad_id), ("attention_mask", 0), ("token_type_ids", 0)):
        rows = [f[key] + [pad] * (width - len(f[key])) for f in features]
        batch[key] = torch.tensor(rows, dtype=torch.long)
    return batch


def _lr_factor(progress: float, warmup: float) -> float:
    if progress < warmup:
        return max(progress / warmup, 1e-3)
    return max(0.0, (1.0 - progress) / max(1e-9, 1.0 - warmup))


def fit(
    model: Any,
    tokenizer: Any,
    pairs: Sequence[NLIPair],
    config: TrainConfig,
    log: Callable[[str], None] = print,
    stages: Sequence[int] = (),
) -> FitResult:
    """Fine-tune ``model`` (a ``*ForSequenceClassification`` with 3 labels) on ``pairs`` in place; ``stages``:
    curriculum stage sizes (see :func:`length_bucketed_batches`)."""
    import torch

    torch.set_num_threads(config.threads)
    seed_everything(config.seed)
    device = torch.device(config.device)
    if device.type == "cuda":  # TF32 matrix products: fp32 master weights, ~8x the fp32 rate on Ampere and later
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True
    model.float()  # a half-precision base folder is trained with fp32 weights (Adam on fp16 weights underflows)
    model.to(device)
    rng = random.Random(config.seed)
    features = encode_pairs(tokenizer, [(p.premise, p.hypothesis) for p in pairs], config.max_length)
    targets = [TARGET_OF_LABEL[p.label] for p in pairs]
    lengths = [len(f["input_ids"]) for f in features]
    if config.epochs < 1:
        raise ValueError(f"epochs must be >= 1, got {config.epochs}")
    batches = length_bucketed_batches(lengths, config.batch_size, rng, config.bucket_batches, stages)
    per_epoch = len(batches)
    for _ in range(config.epochs - 1):  # later passes reshuffled from the same seeded generator
        batches += length_bucketed_batches(lengths, config.batch_size, rng, config.bucket_batches, stages)
    batches = batches[config.skip_batches :]
    if not batches:
        raise ValueError(f"skip_batches={config.skip_batches} leaves no batch of {per_epoch}")
    planned = len(batches) if config.max_steps is None else min(config.max_steps, len(batches))
    log(
        f"pairs={len(pairs)} batches/epoch={per_epoch} epochs={config.epochs} skipped={config.skip_batches} "
        f"planned_steps={planned} "
        f"mean_len={float(np.mean(lengths)):.1f} max_len={max(lengths)} budget_min={config.minutes}"
    )
    if config.freeze_word_embeddings:
        for name, param in model.named_parameters():
            if name.endswith("word_embeddings.weight"):
                param.requires_grad_(False)
    decay: list[Any] = []
    no_decay: list[Any] = []
    for name, param in model.named_parameters():
        if not param.requires_grad:
            continue
        (no_decay if param.ndim < 2 or "LayerNorm" in name else decay).append(param)
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": config.weight_decay}, {"params": no_decay, "weight_decay": 0.0}],
        lr=config.learning_rate,
    )
    pad_id = int(tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0)
    budget = max(1e-6, config.minutes * 60.0)
    model.train()
    started = time.perf_counter()
    losses: list[float] = []
    window: list[float] = []
    steps = seen = 0
    stopped_by = "steps"
    for batch_idx in batches[:planned]:
        elapsed = time.perf_counter() - started
        progress = max(steps / planned, elapsed / budget) if config.schedule_by_time else steps / planned
        if progress >= 1.0 or elapsed >= budget:
            stopped_by = "time" if elapsed / budget >= steps / planned else "steps"
            break
        lr = config.learning_rate * _lr_factor(progress, config.warmup_fraction)
        for group in optimizer.param_groups:
            group["lr"] = lr
        batch = {k: v.to(device) for k, v in _collate([features[i] for i in batch_idx], pad_id).items()}
        target = torch.tensor([targets[i] for i in batch_idx], dtype=torch.long, device=device)
        logits = model(**batch).logits
        loss = nli_loss(logits, target)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), config.max_grad_norm)
        optimizer.step()
        steps += 1
        seen += len(batch_idx)
        window.append(float(loss.detach()))
        if steps % config.log_every == 0:
            mean = float(np.mean(window))
            losses.append(mean)
            window = []
            elapsed = time.perf_counter() - started
            log(
                f"step {steps}/{planned} loss={mean:.4f} lr={lr:.2e} elapsed={elapsed / 60:.1f}min "
                f"({elapsed / steps:.2f}s/step)"
            )
    if window:
        losses.append(float(np.mean(window)))
    model.eval()
    seconds = time.perf_counter() - started
    log(f"training stopped by {stopped_by} after {steps} steps, {seconds / 60:.1f} min")
    return FitResult(steps, seen, seconds, stopped_by, losses, losses[-1] if losses else math.nan)


def predict_probabilities(
    model: Any, tokenizer: Any, pairs: Sequence[tuple[str, str]], max_length: int, batch_size: int = 32
) -> NDArray[np.float64]:
    """Softmax probabilities ``(n, 3)`` from a torch model (on whatever device it sits), batches sorted by
    length."""
    import torch

    features = encode_pairs(tokenizer, pairs, max_length)
    order = sorted(range(len(pairs)), key=lambda i: len(features[i]["input_ids"]))
    out = np.zeros((len(pairs), 3), dtype=np.float64)
    pad_id = int(tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0)
    device = next(model.parameters()).device
    model.eval()
    with torch.no_grad():
        for b in range(0, len(order), batch_size):
            idx = order[b : b + batch_size]
            batch = {k: v.to(device) for k, v in _collate([features[i] for i in idx], pad_id).items()}
            logits = model(**batch).logits
            out[idx] = torch.softmax(logits.float(), dim=-1).cpu().numpy().astype(np.float64)
    return out


def save_checkpoint(model: Any, tokenizer: Any, path: Path, config: TrainConfig, result: FitResult) -> None:
    """Save model + tokenizer (Hugging Face format) and the training settings to ``path``."""
    path.mkdir(parents=True, exist_ok=True)
    model.config.id2label = dict(ID2LABEL)
    model.config.label2id = {v: k for k, v in ID2LABEL.items()}
    model.save_pretrained(str(path))
    tokenizer.save_pretrained(str(path))
    settings = {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(config).items()}
    (path / "medhal_training.json").write_text(
        json.dumps({"config": settings, "fit": asdict(result)}, indent=2, default=str) + "\n", encoding="utf-8"
    )
