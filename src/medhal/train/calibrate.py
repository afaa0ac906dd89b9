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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.metrics import f1_score, precision_recall_curve

from medhal.data.medhal_loc import read_medhal_loc
from medhal.data.nli import NLIPair
from medhal.detect import CheckItem, VerdictRule
from medhal.detect.registry import Resources, build_detector, fitted_detectors
from medhal.verify import Verifier
from medhal.verify.calibration import Calibration

__all__ = ["GRID", "fit_response_threshold", "fit_verdict_thresholds", "verdict_labels"]

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


def calibrate(
    verifier: Verifier,
    dev_pairs: Mapping[str, Sequence[NLIPair]],
    medhal_loc_dev: Path,
    *,
    detector_options: Mapping[str, Mapping[str, object]],
    max_length: int | None,
) -> tuple[Calibration, dict[str, dict[str, float]]]:
    """Fit the calibration; return it and a report of what was measured.  Response thresholds are fitted for
    the registry's :func:`~medhal.detect.registry.fitted_detectors`, each built with ``detector_options`` and
    the fitted verdict rule."""
    pooled = [p for name in ("sick_heldout", "synth_heldout_docs") for p in dev_pairs.get(name, [])]
    probs = verifier.predict([(p.premise, p.hypothesis) for p in pooled])
    verdict = fit_verdict_thresholds(pooled, probs)
    rule = VerdictRule(verdict.entail_threshold, verdict.contradict_threshold)
    items = read_medhal_loc(medhal_loc_dev)
    checks = [CheckItem(i.evidence, i.hallucinated_text) for i in items] + [
        CheckItem(i.evidence, i.clean_text) for i in items
    ]
    y = [1] * len(items) + [0] * len(items)
    thresholds: dict[str, float] = {}
    report: dict[str, dict[str, float]] = {"verdict": _asdict(verdict)}
    for name in fitted_detectors():
        options = {**detector_options.get(name, {}), "rule": rule}
        detector = build_detector(name, Resources(verifier=verifier), options)
        scores = [r.score or 0.0 for r in detector.detect_many(checks)]
        threshold, f1 = fit_response_threshold(y, scores)
        thresholds[name] = threshold
        report[name] = {"threshold": threshold, "dev_f1": f1}
    calibration = Calibration(
        entail_threshold=verdict.entail_threshold,
        contradict_threshold=verdict.contradict_threshold,
        response_thresholds=thresholds,
        detector_options={k: dict(v) for k, v in detector_options.items()},
        max_length=max_length,
        fitted_on="verdicts: SICK held-out slice + synthetic held-out-document pairs; "
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
