"""Calibrate a trained verifier on dev data and copy it into the package as the embedded verifier.

    python -m medhal.train.ship --model artifacts/embedded --data-root ../shared/data

Steps: load the int8 ONNX model with :class:`~medhal.verify.onnx.OnnxVerifier`; rebuild the dev sets of the
training mix from the model's ``mix.json`` (same seed, so the SICK held-out slice and held-out documents are the
ones training never saw); fit the lexical head (:mod:`medhal.train.lexical`, unless ``--no-lexical``) and write
``lexical.json``; fit the calibration (:mod:`medhal.train.calibrate`) of the model behind its head; write
``calibration.json``; append both to the model card; copy the files a verifier needs into
``src/medhal/verify/embedded/``.
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from medhal.train.calibrate import calibrate
from medhal.train.lexical import fit_on_dev, model_dev_sets
from medhal.verify.base import Verifier
from medhal.verify.calibration import CALIBRATION_FILE
from medhal.verify.lexical import LEXICAL_FILE, LexicalHead, LexicalVerifier
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
    LEXICAL_FILE,
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
    lexical: bool = True,
) -> dict[str, Any]:
    """Fit the lexical head and the calibration of ``model_dir`` and install it at ``dest``; return the report.

    The dev sets come from the model's own ``mix.json`` (its ``mix_config``) when ``mix_overrides`` is ``None``.
    """
    config = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
    length = max_length or config.get("medhal_max_length") or config.get("max_length")
    raw = OnnxVerifier(model_dir, batch_size=32, max_length=int(length) if length else None)
    dev = model_dev_sets(model_dir, data_root, mix_overrides=mix_overrides, seed=seed)
    head: LexicalHead | None = fit_on_dev(raw, dev) if lexical else None
    verifier: Verifier = raw
    if head is not None:
        head.write(model_dir)
        verifier = LexicalVerifier(raw, head)
    else:
        (model_dir / LEXICAL_FILE).unlink(missing_ok=True)
    calibration, report = calibrate(
        verifier,
        dev,
        data_root / "medhal_loc" / "controlled_dev.jsonl",
        detector_options=detector_options or {},
        max_length=verifier.max_length,
    )
    calibration.write(model_dir)
    card = model_dir / "model_card.md"
    if card.is_file():
        text = card.read_text(encoding="utf-8").split("\n## Lexical head\n")[0].split("\n## Calibration\n")[0]
        text = text.rstrip("\n")
        if head is not None:
            text += "\n\n## Lexical head\n\n" + _lexical_markdown(head)
        card.write_text(text + "\n\n## Calibration\n\n" + _calibration_markdown(calibration.to_dict(), report))
    dest.mkdir(parents=True, exist_ok=True)
    for name in SHIPPED_FILES:
        if (model_dir / name).is_file():
            shutil.copy2(model_dir / name, dest / name)
        elif (dest / name).is_file():
            (dest / name).unlink()
    return {
        "calibration": calibration.to_dict(),
        "report": report,
        "lexical": None if head is None else head.to_dict(),
        "dest": str(dest),
    }


def _lexical_markdown(head: LexicalHead) -> str:
    names = ", ".join(f"`{f}`" for f in head.features)
    lines = [
        "Hybrid evidence (issue 3, item 5): the model's log-probabilities pass through a fitted lexical head "
        f"(`lexical.json`, `medhal.verify.lexical`) with the features {names}. Switch it off with "
        "`--verifier embedded:raw`.",
        "",
        f"Fitted on: {head.fitted_on}.",
        f"Method: {head.method}.",
        "",
        "| dev set (out-of-fold) | model macro-F1 | with head |",
        "|---|---|---|",
    ]
    for name, row in head.report.get("cross_fit", {}).items():
        lines.append(f"| {name} | {row['model']['macro_f1']:.3f} | {row['with_head']['macro_f1']:.3f} |")
    for name, row in head.report.get("not_fitted", {}).items():
        lines.append(f"| {name} (E-vs-not accuracy, not fitted) | {row['model']:.3f} | {row['with_head']:.3f} |")
    weights = ["", "| label | " + " | ".join(f"log P({c})" for c in "ENC") + " | " + " | ".join(head.features) + " |"]
    weights.append("|---" * (4 + len(head.features)) + "|")
    for label, row in zip(("entailment", "neutral", "contradiction"), head.coef, strict=True):
        weights.append(f"| {label} | " + " | ".join(f"{v:+.3f}" for v in row) + " |")
    limits = [
        "",
        'Limits of the head: its cues are lexical. A number written differently in the evidence ("twenty" vs '
        '"20", "0.5 g" vs "500 mg") counts as novel; negation cues are a fixed English list (not, no, '
        "without, absence of, ...) and the direction lexicon a fixed list of opposites (increased/decreased, "
        "reduced/increased, higher/lower, ...); the matching premise sentence is the one sharing most content "
        "stems with the hypothesis. Fitted weights reflect the dev sets' mix of synthetic edits and real pairs.",
    ]
    return "\n".join(lines + weights + limits) + "\n"


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
    parser.add_argument("--mix", default=None, help="JSON MixConfig overrides (default: the model's mix.json)")
    parser.add_argument("--no-lexical", action="store_true", help="ship without a lexical head")
    args = parser.parse_args(argv)
    result = ship(
        args.model,
        args.data_root,
        dest=args.dest,
        seed=args.seed,
        max_length=args.max_length,
        detector_options=json.loads(args.detector_options),
        mix_overrides=None if args.mix is None else json.loads(args.mix),
        lexical=not args.no_lexical,
    )
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
