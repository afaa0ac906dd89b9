"""Fit the lexical head (:mod:`medhal.verify.lexical`) of a trained verifier on development pairs only.

The fitting pairs are the 3-way labelled dev sets of the model's own training mix, rebuilt from its
``mix.json`` (same seed, so the same held-out documents and SICK slice): the SICK held-out slice, NLI4CT dev
(entailment / contradiction), synthetic pairs from held-out documents, conclusion-clause pairs from held-out
abstracts and minimal pairs (negation / number / direction contrasts, identity) from held-out documents.
None of them is a training pair of the model.  Each set gets the same total weight, so the ~1,000-pair SICK
slice does not drown the biomedical sets.  Fit: scikit-learn multinomial ``LogisticRegression`` (L2,
``C`` = 1) on ``[log P(E), log P(N), log P(C), lexical features]``.

The ablation is honest: a 2-fold cross-fit (folds by a hash of the pair) gives out-of-fold probabilities for
every fitting pair, so the reported "with head" numbers never score a pair the head was fitted on; the 2-way
dev sets (RTE / COVID-Fact / SciFact dev: entailment vs not) are not used for fitting at all.

    python -m medhal.train.lexical --model artifacts/embedded-v5 --data-root ../shared/data
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, f1_score

from medhal.data.nli import NLIPair
from medhal.verify.base import Verifier
from medhal.verify.lexical import LEXICAL_FEATURES, LexicalHead, head_inputs

__all__ = ["FIT_SETS", "fit_lexical_head", "fit_on_dev", "main", "model_dev_sets"]

FIT_SETS: tuple[str, ...] = (
    "sick_heldout",
    "synth_heldout_docs",
    "conclusion_heldout",
    "contrast_heldout",
    "restate_heldout",
)
"""Held-out sets (names of :class:`medhal.train.mix.Mix` ``dev``) the head is fitted on: 3-way labels.  All are
held out of train-role files (the SICK slice, held-out documents); NLI4CT ``dev.json`` is a dev file of the
shared data (never tuned on) and is only measured."""

_TARGET = {"entailment": 0, "neutral": 1, "contradiction": 2}


def _fold(pair: NLIPair) -> int:
    return hashlib.sha256(f"{pair.premise}\x00{pair.hypothesis}".encode()).digest()[0] % 2


def fit_lexical_head(
    x: np.ndarray,
    y: np.ndarray,
    weights: np.ndarray,
    *,
    c: float = 1.0,
    features: Sequence[str] = LEXICAL_FEATURES,
    offset: bool = True,
) -> LexicalHead:
    """Multinomial logistic regression of labels ``y`` (0/1/2) on head inputs ``x`` with sample ``weights``."""
    if set(np.unique(y).tolist()) != {0, 1, 2}:
        raise ValueError("the lexical head needs all three labels among its fitting pairs")
    if offset:
        return _fit_offset(x, y, weights, c=c, features=features)
    model = LogisticRegression(C=c, max_iter=2000)
    model.fit(x, y, sample_weight=weights)
    coef = tuple(tuple(float(v) for v in row) for row in model.coef_)
    b = model.intercept_
    return LexicalHead(coef=coef, intercept=(float(b[0]), float(b[1]), float(b[2])), features=tuple(features))


def _fit_offset(x: np.ndarray, y: np.ndarray, weights: np.ndarray, *, c: float, features: Sequence[str]) -> LexicalHead:
    """Weighted multinomial logistic regression with the model's log-probabilities as a fixed offset.

    Only the 3 x k lexical weights are fitted (L2 penalty ``1 / (2 c)`` per weight, on the mean weighted
    log-loss scale ``1 / n``), so a pair on which no lexical cue fires keeps the model's probabilities exactly.
    """
    from scipy.optimize import minimize

    n, k = len(y), x.shape[1] - 3
    base, feats = x[:, :3], x[:, 3:]
    onehot = np.eye(3)[y]
    w = weights / weights.sum()

    def objective(theta: np.ndarray) -> tuple[float, np.ndarray]:
        lex = theta.reshape(3, k)
        z = base + feats @ lex.T
        z = z - z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        loss = -float((w * (onehot * logp).sum(axis=1)).sum()) + float((theta**2).sum()) / (2.0 * c * n)
        grad = ((np.exp(logp) - onehot) * w[:, None]).T @ feats + lex / (c * n)
        return loss, grad.ravel()

    result = minimize(objective, np.zeros(3 * k), jac=True, method="L-BFGS-B")
    lex = result.x.reshape(3, k)
    coef = tuple(tuple([1.0 if j == i else 0.0 for j in range(3)] + [float(v) for v in lex[i]]) for i in range(3))
    return LexicalHead(coef=coef, intercept=(0.0, 0.0, 0.0), features=tuple(features))


def _scores(y: np.ndarray, probs: np.ndarray) -> dict[str, float]:
    pred = probs.argmax(axis=1)
    ent_true, ent_pred = (y == 0), (pred == 0)
    return {
        "n": len(y),
        "accuracy": float(accuracy_score(y, pred)),
        "macro_f1": float(f1_score(y, pred, average="macro", labels=sorted(set(y.tolist())), zero_division=0)),
        "entail_vs_not_accuracy": float(accuracy_score(ent_true, ent_pred)),
    }


def fit_on_dev(
    verifier: Verifier,
    dev: Mapping[str, Sequence[NLIPair]],
    *,
    c: float = 1.0,
    features: Sequence[str] = LEXICAL_FEATURES,
    log: Callable[[str], None] = print,
) -> LexicalHead:
    """Fit the head on ``dev``'s :data:`FIT_SETS` and attach the cross-fitted ablation report."""
    names = [n for n in FIT_SETS if dev.get(n)]
    pairs: list[NLIPair] = [p for n in names for p in dev[n]]
    set_of = np.array([n for n in names for _ in dev[n]])
    texts = [(p.premise, p.hypothesis) for p in pairs]
    log(f"lexical head: scoring {len(texts)} dev pairs from {', '.join(names)}")
    probs = verifier.predict(texts)
    x = head_inputs(probs, texts, features)
    y = np.array([_TARGET[p.label] for p in pairs])
    weights = np.array([len(pairs) / (len(names) * len(dev[n])) for n in set_of])
    folds = np.array([_fold(p) for p in pairs])
    oof = np.zeros_like(probs)
    for k in (0, 1):
        head_k = fit_lexical_head(x[folds != k], y[folds != k], weights[folds != k], c=c, features=features)
        oof[folds == k] = head_k.apply_inputs(x[folds == k])
    report: dict[str, Any] = {"cross_fit": {}, "not_fitted": {}}
    for name in names:
        mask = set_of == name
        report["cross_fit"][name] = {"model": _scores(y[mask], probs[mask]), "with_head": _scores(y[mask], oof[mask])}
    head = fit_lexical_head(x, y, weights, c=c, features=features)
    for name in ("rte_dev", "covidfact_dev", "scifact_dev"):
        other = list(dev.get(name, ()))
        if not other:
            continue
        other_texts = [(p.premise, p.hypothesis) for p in other]
        raw = verifier.predict(other_texts)
        lexical = head.apply(raw, other_texts)
        truth = np.array([p.label == "entailment" for p in other])
        report["not_fitted"][name] = {
            "model": float(accuracy_score(truth, raw.argmax(axis=1) == 0)),
            "with_head": float(accuracy_score(truth, lexical.argmax(axis=1) == 0)),
            "metric": "entailment-vs-not accuracy",
        }
    for name, row in report["cross_fit"].items():
        log(f"  {name:<20} macro-F1 {row['model']['macro_f1']:.3f} -> {row['with_head']['macro_f1']:.3f}")
    for name, row in report["not_fitted"].items():
        log(f"  {name:<20} E-vs-not acc {row['model']:.3f} -> {row['with_head']:.3f}")
    return LexicalHead(
        coef=head.coef,
        intercept=head.intercept,
        features=head.features,
        fitted_on=f"dev only: {', '.join(f'{n} ({len(dev[n])})' for n in names)}; verifier {verifier.id}",
        method=f"multinomial logistic regression (scikit-learn, L2, C={c}), equal total weight per dev set; "
        "report: 2-fold cross-fit (folds by pair hash) on the fitting sets, and 2-way dev sets not used in fitting",
        report=report,
    )


def model_dev_sets(
    model_dir: Path, data_root: Path, *, mix_overrides: Mapping[str, Any] | None = None, seed: int = 13
) -> dict[str, list[NLIPair]]:
    """The dev sets of the mix a model was trained on, rebuilt from its ``mix.json`` (``mix_config``).

    ``mix_overrides`` (with ``seed``) replaces the recorded config.  The minimal-pair and restatement dev sets are
    always built (from held-out documents), also for a model trained without those pairs.
    """
    from medhal.train.mix import MixConfig, build_mix

    fields: dict[str, Any] = {"seed": seed}
    mix_file = Path(model_dir) / "mix.json"
    if mix_overrides is None and mix_file.is_file():
        fields = dict(json.loads(mix_file.read_text(encoding="utf-8"))["mix_config"])
    elif mix_overrides is not None:
        fields.update(mix_overrides)
    fields["data_root"] = Path(data_root)
    fields["contrast"] = max(1, int(fields.get("contrast", 0)))
    fields["restate"] = max(1, int(fields.get("restate", 0)))
    return {name: list(pairs) for name, pairs in build_mix(MixConfig(**fields)).dev.items()}


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild the model's dev sets from its ``mix.json``, fit the head with its int8 ONNX model, write it."""
    parser = argparse.ArgumentParser(prog="python -m medhal.train.lexical", description=__doc__)
    parser.add_argument("--model", type=Path, required=True, help="an exported model folder (model.onnx, mix.json)")
    parser.add_argument("--data-root", type=Path, required=True)
    parser.add_argument("--max-length", type=int, default=None, help="default: the model's calibration or 192")
    parser.add_argument("--c", type=float, default=1.0)
    args = parser.parse_args(argv)
    from medhal.verify import load_verifier
    from medhal.verify.calibration import read_calibration

    dev = model_dev_sets(args.model, args.data_root)
    calibration = read_calibration(args.model)
    max_length = args.max_length or (calibration.max_length if calibration and calibration.max_length else 192)
    verifier = load_verifier(f"onnx:{args.model}", max_length=max_length, batch_size=32, lexical=False)
    head = fit_on_dev(verifier, dev, c=args.c)
    print(f"wrote {head.write(args.model)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
