"""Calibrate a trained verifier on dev data and copy it into the package as the embedded verifier.

    python -m medhal.train.ship --model artifacts/embedded --data-root ../shared/data

Steps: load the int8 ONNX model with :class:`~medhal.verify.onnx.OnnxVerifier`; rebuild the dev sets of the
training mix (same seed, so the SICK held-out slice and held-out documents are the ones training never saw);
fit the calibration (:mod:`medhal.train.calibrate`); write ``calibration.json``; append the calibration to the
model card; copy the files a verifier needs into ``src/medhal/verify/embedded/``.
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from medhal.train.calibrate import calibrate
from medhal.train.mix import MixConfig, build_mix
from medhal.verify.calibration import CALIBRATION_FILE
from medhal.verify.loader import EMBEDDED_DIR
from medhal.verify.onnx import OnnxVerifier

__all__ = ["SHIPPED_FILES", "ship"]

SHIPPED_FILES = (
    "model.onnx",
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
    "config.json",
    CALIBRATION_FILE,
    "model_card.md",
    "training_report.json",
    "mix.json",
)


def ship(
    model_dir: Path,
    data_root: Path,
    *,
    dest: Path = EMBEDDED_DIR,
    seed: int = 13,
    max_length: int | None = None,
    detector_options: Mapping[str, Mapping[str, Any]] | None = None,
    mix_overrides: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Calibrate ``model_dir`` and install it at ``dest``; return the calibration report."""
    config = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    length = max_length or config.get("medhal_max_length") or config.get("max_length")
    verifier = OnnxVerifier(model_dir, batch_size=32, max_length=int(length) if length else None)
    mix = build_mix(MixConfig(data_root=data_root, seed=seed, **dict(mix_overrides or {})))
    calibration, report = calibrate(
        verifier,
        mix.dev,
        data_root / "medhal_loc" / "controlled_dev.jsonl",
        detector_options=detector_options or {},
        max_length=verifier.max_length,
    )
    calibration.write(model_dir)
    card = model_dir / "model_card.md"
    if card.is_file():
        text = card.read_text(encoding="utf-8").split("\n## Calibration\n")[0].rstrip("\n")
        card.write_text(text + "\n\n## Calibration\n\n" + _calibration_markdown(calibration.to_dict(), report))
    dest.mkdir(parents=True, exist_ok=True)
    for name in SHIPPED_FILES:
        if (model_dir / name).is_file():
            shutil.copy2(model_dir / name, dest / name)
    return {"calibration": calibration.to_dict(), "report": report, "dest": str(dest)}


def _calibration_markdown(calibration: Mapping[str, Any], report: Mapping[str, Any]) -> str:
    verdict = report["verdict"]
    lines = [
        f"Fitted on: {calibration['fitted_on']}.",
        f"Method: {calibration['method']}.",
        "",
        f"- verdict thresholds: entail {calibration['entail_threshold']}, contradict "
        f"{calibration['contradict_threshold']} (3-way macro-F1 {verdict['macro_f1']:.3f} on {verdict['pairs']} "
        f"dev pairs; {verdict['default_macro_f1']:.3f} at 0.5/0.5)",
    ]
    for name, threshold in sorted(calibration["response_thresholds"].items()):
        lines.append(f"- response threshold `{name}`: {threshold:.4f} (dev F1 {report[name]['dev_f1']:.3f})")
    lines.append(f"- detector options: `{json.dumps(calibration['detector_options'])}`")
    lines.append(f"- max_length: {calibration['max_length']} tokens per pair")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m medhal.train.ship", description=__doc__)
    parser.add_argument("--model", type=Path, required=True)
    parser.add_argument("--data-root", type=Path, required=True)
    parser.add_argument("--dest", type=Path, default=EMBEDDED_DIR)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--max-length", type=int, default=None)
    parser.add_argument("--detector-options", default="{}", help="JSON: detector name -> options")
    parser.add_argument("--mix", default="{}", help="JSON MixConfig overrides used in training")
    args = parser.parse_args(argv)
    result = ship(
        args.model,
        args.data_root,
        dest=args.dest,
        seed=args.seed,
        max_length=args.max_length,
        detector_options=json.loads(args.detector_options),
        mix_overrides=json.loads(args.mix),
    )
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
