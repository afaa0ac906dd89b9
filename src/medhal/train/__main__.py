"""``python -m medhal.train``: build the mix, fine-tune, export int8 ONNX and write the model card."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from medhal.train.config import TrainConfig

SMOKE_MIX: dict[str, object] = {
    "sick": 40,
    "rte": 20,
    "covidfact": 20,
    "scifact": 20,
    "nli4ct": 20,
    "healthver": 20,
    "synth_bc5cdr": 40,
    "synth_ncbi": 20,
    "synth_chr": 20,
    "synth_nicta": 20,
    "synth_evidence": 20,
    "mederrbench": False,
    "synth_dev": 30,
}


def parse_args(argv: Sequence[str] | None = None) -> TrainConfig:
    """Command-line options -> :class:`TrainConfig`."""
    parser = argparse.ArgumentParser(prog="python -m medhal.train", description=__doc__)
    parser.add_argument("--data-root", type=Path, required=True, help="the shared/data folder")
    parser.add_argument("--out", type=Path, default=Path("artifacts/embedded"))
    parser.add_argument("--fp32-out", type=Path, default=None, help="default: <out>-fp32")
    parser.add_argument("--base-model", type=Path, default=None)
    parser.add_argument("--init-checkpoint", type=Path, default=None, help="continue from a previous run's fp32 folder")
    parser.add_argument(
        "--skip-batches", type=int, default=0, help="skip the first N batches (the steps a previous run did)"
    )
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--minutes", type=float, default=45.0, help="wall-clock budget of the optimisation loop")
    parser.add_argument("--max-steps", type=int, default=None)
    parser.add_argument(
        "--schedule-by-steps",
        action="store_true",
        help="LR warm-up/decay on the step count only (not wall-clock): --max-steps then fixes the run exactly; "
        "--minutes becomes a hard stop",
    )
    parser.add_argument("--epochs", type=int, default=1, help="passes over the mix (each shuffled afresh)")
    parser.add_argument("--warmup", type=float, default=0.06, help="warm-up fraction of the schedule")
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--max-length", type=int, default=160)
    parser.add_argument("--lr", type=float, default=4e-5)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--device", default="cpu", help="torch device for training: cpu, cuda or cuda:N")
    parser.add_argument("--no-export", action="store_true")
    parser.add_argument(
        "--evaluate-only",
        action="store_true",
        help="do not train: re-export and re-measure the checkpoint in --fp32-out (default <out>-fp32)",
    )
    parser.add_argument("--mix", type=str, default="{}", help="JSON object of MixConfig overrides")
    parser.add_argument("--smoke", action="store_true", help="tiny mix and dev sets: an end-to-end check")
    args = parser.parse_args(argv)
    overrides: dict[str, object] = dict(SMOKE_MIX) if args.smoke else {}
    overrides.update(json.loads(args.mix))
    return TrainConfig(
        data_root=args.data_root,
        out_dir=args.out,
        fp32_dir=args.fp32_out,
        base_model=args.base_model,
        init_checkpoint=args.init_checkpoint,
        skip_batches=args.skip_batches,
        seed=args.seed,
        minutes=args.minutes,
        max_steps=args.max_steps,
        epochs=args.epochs,
        schedule_by_time=not args.schedule_by_steps,
        warmup_fraction=args.warmup,
        batch_size=args.batch_size,
        max_length=args.max_length,
        learning_rate=args.lr,
        threads=args.threads,
        device=args.device,
        export=not args.no_export,
        evaluate_only=args.evaluate_only,
        mix_overrides=overrides,
        log_every=1 if args.smoke else 20,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the pipeline; return a process exit code."""
    from medhal.train.pipeline import train_verifier

    report = train_verifier(parse_args(argv))
    return 0 if report.onnx_bytes or not report.extra.get("export_error") else 1


if __name__ == "__main__":
    raise SystemExit(main())
