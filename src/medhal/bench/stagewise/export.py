"""Training files for trace-supervised fine-tuning (seed 004 §4 "Trace-supervised fine-tuning", §5 Finding 4,
App. A).

Seed 004 fine-tunes on golden traces and compares supervision variants: answer-only, visual (V), knowledge (K),
combined (VK) and the full trace.  :func:`export_finetune` writes, for every variant, the items that have a
reference trace as

* ``<variant>.chat.jsonl``: ``{"id", "variant", "dataset", "messages": [system, user, assistant]}`` in OpenAI
  chat form; an image is a ``{"type": "image", "path": ...}`` part (what
  :func:`medhal.llm.base.message_from_dict` reads);
* ``<variant>.alpaca.jsonl``: LLaMA-Factory alpaca rows ``{"instruction", "input", "output", "system"[,
  "images"]}``, one ``<image>`` token per image at the start of the instruction;
* ``<variant>.sharegpt.jsonl``: LLaMA-Factory sharegpt rows ``{"conversations": [{"from": "human", ...},
  {"from": "gpt", ...}], "system"[, "images"]}``;
* ``dataset_info.json`` registering each file for LLaMA-Factory, and ``lora_sft.yaml``: a training config with
  the seed's App. A settings (LoRA r = 8, alpha = 16, learning rate 1e-4, cosine schedule, warmup ratio 0.1; the
  rest LLaMA-Factory defaults) whose model and template are left for the user to fill in.

The instruction asks for exactly the stages the variant supervises (:func:`~medhal.bench.stagewise.prompts.
training_prompt`); the target is those reference stages followed by the gold answer.  Every variant uses the same
items (those with a reference), so the variants differ only in supervision.  Seed 004 trains on the VQA-RAD and
PathVQA *training* splits; exporting an evaluation set is the caller's mistake to avoid.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from medhal.bench.stagewise.prompts import SYSTEM, training_prompt
from medhal.data.stagewise import STAGE_NAMES, StagewiseItem
from medhal.detect.records import JSONObject

__all__ = ["FORMATS", "LORA_SETTINGS", "VARIANTS", "ExportReport", "export_finetune", "training_example"]

VARIANTS: dict[str, tuple[str, ...]] = {
    "answer": (),
    "v": ("vr",),
    "k": ("kr",),
    "vk": ("vr", "kr"),
    "full": ("vr", "kr", "ri"),
}
"""Supervision variant -> the reference stages in its target (seed 004 §5 Finding 4)."""
FORMATS: tuple[str, ...] = ("chat", "alpaca", "sharegpt")
LORA_SETTINGS: JSONObject = {
    "stage": "sft",
    "do_train": True,
    "finetuning_type": "lora",
    "lora_rank": 8,
    "lora_alpha": 16,
    "lora_target": "all",
    "learning_rate": 1.0e-4,
    "lr_scheduler_type": "cosine",
    "warmup_ratio": 0.1,
}
"""Seed 004 App. A; anything not listed follows LLaMA-Factory's defaults."""


@dataclass(frozen=True, slots=True)
class ExportReport:
    """Files written, rows per file, and the items left out (no reference trace)."""

    files: tuple[Path, ...]
    rows: int
    skipped_no_reference: int
    variants: tuple[str, ...] = field(default=())


def _gold(item: StagewiseItem) -> str:
    if item.answer_type == "option":
        return ", ".join(item.answer[: item.select])
    return item.answer[0]


def training_example(item: StagewiseItem, variant: str) -> tuple[str, str]:
    """(instruction, target) of ``item`` under ``variant``; ``ValueError`` without a reference trace."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; use one of {', '.join(VARIANTS)}")
    if item.reference is None:
        raise ValueError(f"item {item.id!r} has no reference trace")
    stages = VARIANTS[variant]
    parts = [f"{STAGE_NAMES[s]}: {item.reference.stage(s).strip()}" for s in stages]
    return training_prompt(item, stages), "\n\n".join([*parts, f"Answer: {_gold(item)}"])


def _chat(item: StagewiseItem, variant: str, prompt: str, target: str) -> JSONObject:
    user: str | list[dict[str, str]] = prompt
    if item.images:
        user = [*({"type": "image", "path": p} for p in item.images), {"type": "text", "text": prompt}]
    messages: list[JSONObject] = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
    messages.append({"role": "assistant", "content": target})
    return {"id": item.id, "variant": variant, "dataset": item.dataset, "messages": messages}


def _alpaca(item: StagewiseItem, prompt: str, target: str, images: bool) -> JSONObject:
    row: JSONObject = {"instruction": "<image>" * len(item.images) + prompt, "input": "", "output": target}
    row["system"] = SYSTEM
    if images:
        row["images"] = list(item.images)
    return row


def _sharegpt(item: StagewiseItem, prompt: str, target: str, images: bool) -> JSONObject:
    human = {"from": "human", "value": "<image>" * len(item.images) + prompt}
    row: JSONObject = {"conversations": [human, {"from": "gpt", "value": target}], "system": SYSTEM}
    if images:
        row["images"] = list(item.images)
    return row


def _dataset_info(name: str, fmt: str, images: bool) -> JSONObject:
    if fmt == "alpaca":
        columns = {"prompt": "instruction", "query": "input", "response": "output", "system": "system"}
    else:
        columns = {"messages": "conversations", "system": "system"}
    if images:
        columns["images"] = "images"
    return {"file_name": name, "formatting": fmt, "columns": columns}


def _yaml(settings: dict[str, Any]) -> str:
    def value(v: object) -> str:
        return ("true" if v else "false") if isinstance(v, bool) else str(v)

    return "".join(f"{k}: {value(v)}\n" for k, v in settings.items())


def export_finetune(
    items: Sequence[StagewiseItem],
    out_dir: str | Path,
    *,
    variants: Sequence[str] = tuple(VARIANTS),
    formats: Sequence[str] = FORMATS,
) -> ExportReport:
    """Write the training files described in the module docstring; ``ValueError`` for an unknown variant or
    format."""
    bad = [v for v in variants if v not in VARIANTS] + [f for f in formats if f not in FORMATS]
    if bad:
        raise ValueError(
            f"unknown variant or format {bad[0]!r} (variants {', '.join(VARIANTS)}; formats chat, alpaca, sharegpt)"
        )
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    usable = [i for i in items if i.reference is not None]
    images = any(i.images for i in usable)
    files: list[Path] = []
    info: JSONObject = {}
    for variant in variants:
        examples = [(item, *training_example(item, variant)) for item in usable]
        for fmt in formats:
            if fmt == "chat":
                rows = [_chat(item, variant, p, t) for item, p, t in examples]
            elif fmt == "alpaca":
                rows = [_alpaca(item, p, t, images) for item, p, t in examples]
            else:
                rows = [_sharegpt(item, p, t, images) for item, p, t in examples]
            path = out / f"{variant}.{fmt}.jsonl"
            path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
            files.append(path)
            if fmt != "chat":
                info[f"stagewise_{variant}_{fmt}"] = _dataset_info(path.name, fmt, images)
    if info:
        (out / "dataset_info.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
        first = next((k for k in info if k.startswith("stagewise_full_")), next(iter(info)))
        config = {"model_name_or_path": "<base model>", "template": "<chat template>", **LORA_SETTINGS}
        config |= {"dataset": first, "dataset_dir": str(out.resolve()), "output_dir": f"saves/{first}"}
        header = "# Trace-supervised LoRA fine-tuning, seed 004 App. A settings; fill in the model and template.\n"
        (out / "lora_sft.yaml").write_text(header + _yaml(config), encoding="utf-8")
        files += [out / "dataset_info.json", out / "lora_sft.yaml"]
    return ExportReport(tuple(files), len(usable), len(items) - len(usable), tuple(variants))
