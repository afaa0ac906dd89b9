"""Fit the embedded verifier's calibration on development data only (issue 3, "Calibration").

* **Verdict thresholds** (``entail_threshold``, ``contradict_threshold`` of
  :class:`~medhal.detect.scoring.VerdictRule`): a grid search over [0.30, 0.85] in steps of 0.05 for the pair
  that maximises 3-way macro-F1 of the verdict (supported -> entailment, unsupported -> neutral,
  contradicted -> contradiction) on the pooled 3-way-labelled held-out pairs: the SICK held-out slice and
  synthetic pairs from held-out biomedical documents (NLI4CT ``dev.json`` is a dev file of the shared data, never
  tuned on: it is only measured).  Two-way dev sets
  (RTE, COVID-Fact, SciFact) carry ``not_entailment`` and cannot tell neutral from contradiction; they are left
  out of the fit and reported in the model card instead.
* **Response thresholds**: for each detector, the threshold on the response score that maximises F1 of the
  hallucinated class over MedHal-Loc dev clean vs hallucinated texts (``medhal_loc/controlled_dev.jsonl``).
  This is the seed 000 protocol applied to a *dev* split; held-out numbers must not be read off it.

The grid and the objective are fixed in code so that the fit is reproducible from the same data and model.

Any verifier (issue 19): ``python -m medhal.train.calibrate --verifier SPEC --out calibration.json`` fits the same
thresholds for any :func:`~medhal.verify.open_verifier` spec (``embedded``, ``hf:``, ``onnx:``, an LLM
``openai/<model>`` with ``--base-url`` and ``-M``), on the dev sets rebuilt from a model's ``mix.json``
(``--data-root``; the embedded model's mix by default, so its held-out slices) or on given files
(``--dev-pairs`` JSONL of ``premise, hypothesis, label`` plus ``--medhal-loc``).  ``--max-pairs`` / ``--max-items``
take an evenly spaced subset, to bound an LLM's cost.  Pairs a verifier could not score (NaN rows: an LLM's API
errors) and items whose check is not ``ok`` are left out of the fit and counted in the report.  Use the file with
``--calibration`` (``open_verifier(..., calibration=...)``, ``Checker(calibration=...)``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from sklearn.metrics import f1_score, precision_recall_curve

from medhal.data.medhal_loc import read_medhal_loc
from medhal.data.nli import NLIPair
from medhal.detect import CheckItem, VerdictRule
from medhal.detect.registry import Resources, build_detector, fitted_detectors
from medhal.errors import DataError, MedhalError, UsageError
from medhal.verify import Verifier
from medhal.verify.calibration import Calibration
from medhal.verify.failures import failed_rows

__all__ = [
    "GRID",
    "VERDICT_SETS",
    "calibrate",
    "fit_response_threshold",
    "fit_verdict_thresholds",
    "main",
    "verdict_labels",
]

VERDICT_SETS = ("sick_heldout", "synth_heldout_docs")
"""The dev sets of the mix whose pairs the verdict thresholds are fitted on (3-way labelled, never trained on)."""
T = TypeVar("T")

GRID = tuple(round(0.30 + 0.05 * i, 2) for i in range(12))
_VERDICT_TO_LABEL = {"supported": "entailment", "unsupported": "neutral", "contradicted": "contradiction"}


def verdict_labels(probs: np.ndarray, rule: VerdictRule) -> list[str]:
    """The NLI label each row's verdict stands for under ``rule``."""
    return [_VERDICT_TO_LABEL[rule.verdict(float(p[0]), float(p[2]))] for p in probs]


@dataclass(frozen=True, slots=True)
class VerdictFit:
    entail_threshold: float
    contradict_threshold: float
    macro_f1: float
    default_macro_f1: float
    pairs: int


def fit_verdict_thresholds(pairs: Sequence[NLIPair], probs: np.ndarray) -> VerdictFit:
    """Grid-search the verdict thresholds for 3-way macro-F1 on 3-way-labelled ``pairs``."""
    keep = [i for i, p in enumerate(pairs) if p.label != "not_entailment"]
    if not keep:
        raise ValueError("no 3-way labelled dev pairs")
    gold = [pairs[i].label for i in keep]
    sub = probs[keep]
    labels = ["entailment", "neutral", "contradiction"]

    def score(te: float, tc: float) -> float:
        pred = verdict_labels(sub, VerdictRule(te, tc))
        return float(f1_score(gold, pred, labels=labels, average="macro", zero_division=0))

    best = max((score(te, tc), -abs(te - 0.5) - abs(tc - 0.5), te, tc) for te in GRID for tc in GRID)
    return VerdictFit(best[2], best[3], best[0], score(0.5, 0.5), len(keep))


def fit_response_threshold(y_true: Sequence[int], scores: Sequence[float]) -> tuple[float, float]:
    """The score threshold with the best F1 for class 1, and that F1 (ties: the lower threshold)."""
    precision, recall, thresholds = precision_recall_curve(y_true, scores)
    f1 = np.where(precision + recall > 0, 2 * precision * recall / np.maximum(precision + recall, 1e-12), 0.0)
    k = int(np.argmax(f1[:-1])) if len(thresholds) else 0
    return (float(thresholds[k]) if len(thresholds) else 0.5), float(f1[k])


def evenly(items: Sequence[T], limit: int | None) -> list[T]:
    """At most ``limit`` of ``items``, evenly spaced (all of them when ``limit`` is ``None`` or not smaller)."""
    if limit is None or limit >= len(items):
        return list(items)
    if limit < 1:
        raise ValueError("a subset limit must be >= 1")
    return [items[(k * len(items)) // limit] for k in range(limit)]


def calibrate(
    verifier: Verifier,
    dev_pairs: Mapping[str, Sequence[NLIPair]],
    medhal_loc_dev: Path,
    *,
    detector_options: Mapping[str, Mapping[str, object]],
    max_length: int | None,
    verdict_sets: Sequence[str] = VERDICT_SETS,
    max_pairs: int | None = None,
    max_items: int | None = None,
    fitted_on: str | None = None,
) -> tuple[Calibration, dict[str, dict[str, float]]]:
    """Fit the calibration; return it and a report of what was measured.  Verdict thresholds are fitted on the
    pairs of ``verdict_sets`` (at most ``max_pairs``, evenly spaced), response thresholds for the registry's
    :func:`~medhal.detect.registry.fitted_detectors` on the MedHal-Loc items (at most ``max_items``), each detector
    built with ``detector_options`` and the fitted verdict rule.  Pairs the verifier could not score (NaN rows) and
    checks that are not ``ok`` are left out and counted (``failed_pairs``, ``failed_checks``)."""
    pooled = evenly([p for name in verdict_sets for p in dev_pairs.get(name, [])], max_pairs)
    probs = np.asarray(verifier.predict([(p.premise, p.hypothesis) for p in pooled]), dtype=np.float64)
    failed = failed_rows(probs)
    scored = [p for p, bad in zip(pooled, failed, strict=True) if not bad]
    verdict = fit_verdict_thresholds(scored, probs[~failed])
    rule = VerdictRule(verdict.entail_threshold, verdict.contradict_threshold)
    items = evenly(read_medhal_loc(medhal_loc_dev), max_items)
    checks = [CheckItem(i.evidence, i.hallucinated_text) for i in items] + [
        CheckItem(i.evidence, i.clean_text) for i in items
    ]
    y = [1] * len(items) + [0] * len(items)
    thresholds: dict[str, float] = {}
    report: dict[str, dict[str, float]] = {"verdict": {**_asdict(verdict), "failed_pairs": int(failed.sum())}}
    for name in fitted_detectors():
        options = {**detector_options.get(name, {}), "rule": rule}
        detector = build_detector(name, Resources(verifier=verifier), options)
        results = detector.detect_many(checks)
        kept = [(label, r.score or 0.0) for label, r in zip(y, results, strict=True) if r.status == "ok"]
        if not kept:
            raise ValueError(f"no {name} check of the MedHal-Loc dev items succeeded; nothing to fit")
        threshold, f1 = fit_response_threshold([k for k, _ in kept], [s for _, s in kept])
        thresholds[name] = threshold
        report[name] = {"threshold": threshold, "dev_f1": f1, "failed_checks": len(results) - len(kept)}
    calibration = Calibration(
        entail_threshold=verdict.entail_threshold,
        contradict_threshold=verdict.contradict_threshold,
        response_thresholds=thresholds,
        detector_options={k: dict(v) for k, v in detector_options.items()},
        max_length=max_length,
        fitted_on=fitted_on
        or "verdicts: SICK held-out slice + synthetic held-out-document pairs; "
        "response thresholds: MedHal-Loc controlled_dev.jsonl (clean vs hallucinated)",
        method="grid search of verdict thresholds in [0.30, 0.85] step 0.05 for 3-way macro-F1; "
        "response threshold at the F1-optimal point of the dev precision-recall curve",
    )
    return calibration, report


def _asdict(fit: VerdictFit) -> dict[str, float]:
    return {
        "entail_threshold": fit.entail_threshold,
        "contradict_threshold": fit.contradict_threshold,
        "macro_f1": fit.macro_f1,
        "default_macro_f1": fit.default_macro_f1,
        "pairs": fit.pairs,
    }


def read_dev_pairs(path: Path) -> list[NLIPair]:
    """3-way labelled pairs from a JSONL file of ``{"premise", "hypothesis", "label"}`` objects."""
    pairs = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            pairs.append(NLIPair(str(row["premise"]), str(row["hypothesis"]), row["label"], path.name))
        except (ValueError, KeyError, TypeError) as exc:
            raise DataError(f"{path} line {number}: not a premise/hypothesis/label pair ({exc})") from None
    return pairs


def _model_args(entries: Sequence[str]) -> dict[str, Any] | None:
    """``-M key=value`` entries (the value read as JSON when it parses, as ``medhal check`` reads them)."""
    args: dict[str, Any] = {}
    for entry in entries:
        key, sep, raw = entry.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"-M takes key=value, got {entry!r}")
        try:
            args[key.strip()] = json.loads(raw)
        except ValueError:
            args[key.strip()] = raw
    return args or None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m medhal.train.calibrate", description="Fit verdict and response thresholds for a verifier."
    )
    parser.add_argument("--verifier", default="embedded", help="any --verifier spec (default: embedded)")
    parser.add_argument("--base-url", default=None, help="OpenAI-compatible server of an openai/<model> verifier")
    parser.add_argument("-M", "--model-arg", action="append", default=[], help="key=value for an LLM verifier")
    parser.add_argument("--cache", type=Path, default=None, help="verifier cache (an LLM's: its response cache)")
    parser.add_argument("--max-length", type=int, default=None, help="the verifier's token budget of one pair")
    parser.add_argument("--data-root", type=Path, default=None, help="the shared/data folder (dev sets of a mix)")
    parser.add_argument("--mix-from", type=Path, default=None, help="model folder whose mix.json to rebuild")
    parser.add_argument("--dev-pairs", type=Path, default=None, help="JSONL of premise, hypothesis, label")
    parser.add_argument("--medhal-loc", type=Path, default=None, help="MedHal-Loc dev JSONL (clean vs hallucinated)")
    parser.add_argument("--max-pairs", type=int, default=None, help="fit verdicts on at most N pairs")
    parser.add_argument("--max-items", type=int, default=None, help="fit response thresholds on at most N items")
    parser.add_argument("--detector-options", default=None, help="JSON {detector: {option: value}}")
    parser.add_argument("--out", type=Path, required=True, help="the calibration.json to write")
    parser.add_argument("--overwrite", action="store_true", help="replace an existing --out")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Fit a calibration for ``--verifier`` and write it to ``--out`` (module docstring); print the report as
    JSON.  Exit 2 with a one-line message for a bad option, unreadable data or a verifier that cannot be used."""
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except (MedhalError, ValueError, OSError) as exc:
        print(f"medhal calibrate: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    from medhal.verify.loader import EMBEDDED_DIR, open_verifier

    if args.out.exists() and not args.overwrite:
        raise UsageError(f"--out {args.out} exists; pass --overwrite to replace it")
    if (args.dev_pairs is None) == (args.data_root is None):
        raise UsageError("give the dev data as --data-root (rebuilt from a mix) or as --dev-pairs, not both")
    medhal_loc = args.medhal_loc or (args.data_root and args.data_root / "medhal_loc" / "controlled_dev.jsonl")
    if medhal_loc is None:
        raise UsageError("--dev-pairs needs --medhal-loc (the MedHal-Loc dev items of the response thresholds)")
    loaded = open_verifier(
        args.verifier,
        batch_size=32,
        max_length=args.max_length,
        cache=args.cache,
        base_url=args.base_url,
        model_args=_model_args(args.model_arg),
    )
    if args.dev_pairs is not None:
        dev: Mapping[str, Sequence[NLIPair]] = {"dev_pairs": read_dev_pairs(args.dev_pairs)}
        sets: Sequence[str] = ("dev_pairs",)
        fitted_on = f"verdicts: {args.dev_pairs.name}; response thresholds: {medhal_loc.name} (clean vs hallucinated)"
    else:
        from medhal.train.lexical import model_dev_sets

        dev, sets, fitted_on = model_dev_sets(args.mix_from or EMBEDDED_DIR, args.data_root), VERDICT_SETS, None
    options = json.loads(args.detector_options) if args.detector_options else None
    if options is None:
        options = {} if loaded.calibration is None else loaded.calibration.detector_options
    calibration, report = calibrate(
        loaded.verifier,
        dev,
        medhal_loc,
        detector_options=options,
        max_length=loaded.verifier.max_length,
        verdict_sets=sets,
        max_pairs=args.max_pairs,
        max_items=args.max_items,
        fitted_on=fitted_on,
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(calibration.to_dict(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps({"verifier": loaded.verifier.id, "out": str(args.out), "report": report}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
