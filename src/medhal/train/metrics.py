"""Dev metrics for three-way verifier probabilities (NumPy only)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from medhal.data.nli import NLIPair

__all__ = ["agreement", "evaluate_pairs", "macro_f1", "probe_metrics"]

_INDEX = {"entailment": 0, "neutral": 1, "contradiction": 2}


def macro_f1(gold: Sequence[int], pred: Sequence[int], labels: Sequence[int]) -> float:
    """Macro-averaged F1 over ``labels`` (a label never predicted nor gold scores 0)."""
    g = np.asarray(gold)
    p = np.asarray(pred)
    scores = []
    for label in labels:
        tp = float(np.sum((g == label) & (p == label)))
        fp = float(np.sum((g != label) & (p == label)))
        fn = float(np.sum((g == label) & (p != label)))
        denom = 2 * tp + fp + fn
        scores.append(0.0 if denom == 0 else 2 * tp / denom)
    return float(np.mean(scores)) if scores else 0.0


def evaluate_pairs(pairs: Sequence[NLIPair], probs: NDArray[np.float64]) -> dict[str, float]:
    """Metrics for one dev set.

    Always: ``acc2`` (entailment vs not, argmax) and ``f1_2`` (macro-F1 of that binary decision).
    When no gold label is ``not_entailment``: ``acc3`` (exact argmax) and ``macro_f1`` (over the gold label set).
    """
    pred = probs.argmax(axis=1)
    gold_ent = np.array([p.label == "entailment" for p in pairs])
    pred_ent = pred == 0
    out: dict[str, float] = {
        "n": float(len(pairs)),
        "acc2": float(np.mean(gold_ent == pred_ent)),
        "f1_2": macro_f1(gold_ent.astype(int).tolist(), pred_ent.astype(int).tolist(), (0, 1)),
        "mean_p_entail_gold_entail": float(probs[gold_ent, 0].mean()) if gold_ent.any() else float("nan"),
        "mean_p_entail_gold_not": float(probs[~gold_ent, 0].mean()) if (~gold_ent).any() else float("nan"),
    }
    if all(p.label in _INDEX for p in pairs):
        gold = [_INDEX[p.label] for p in pairs]
        out["acc3"] = float(np.mean(np.asarray(gold) == pred))
        out["macro_f1"] = macro_f1(gold, pred.tolist(), sorted(set(gold)))
    return out


def agreement(a: NDArray[np.float64], b: NDArray[np.float64]) -> dict[str, float]:
    """How close two probability matrices are: mean / max absolute difference and argmax agreement."""
    diff = np.abs(a - b)
    return {
        "n": float(a.shape[0]),
        "mean_abs_prob_diff": float(diff.mean()),
        "max_abs_prob_diff": float(diff.max()) if diff.size else 0.0,
        "argmax_agreement": float(np.mean(a.argmax(axis=1) == b.argmax(axis=1))) if a.size else 1.0,
    }


def probe_metrics(
    original: NDArray[np.float64], perturbed: NDArray[np.float64], kinds: Sequence[str]
) -> dict[str, dict[str, float]]:
    """Sensitivity to injected errors, overall and per perturbation kind.

    ``rank_acc``: P(entailment) of the original sentence > that of its edited copy; ``orig_entailed``:
    argmax of the original is entailment; ``pert_not_entailed``: argmax of the edit is not entailment;
    ``pert_contradiction``: argmax of the edit is contradiction.
    """
    groups: dict[str, list[int]] = {"all": list(range(len(kinds)))}
    for i, kind in enumerate(kinds):
        groups.setdefault(kind, []).append(i)
    out: dict[str, dict[str, float]] = {}
    for name, idx in groups.items():
        if not idx:
            continue
        o, p = original[idx], perturbed[idx]
        out[name] = {
            "n": float(len(idx)),
            "rank_acc": float(np.mean(o[:, 0] > p[:, 0])),
            "orig_entailed": float(np.mean(o.argmax(axis=1) == 0)),
            "pert_not_entailed": float(np.mean(p.argmax(axis=1) != 0)),
            "pert_contradiction": float(np.mean(p.argmax(axis=1) == 2)),
        }
    return out
