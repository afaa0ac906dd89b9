"""Localization and detection of a verifier on MedHal-Loc dev items, unit-scoring variants side by side.

For each variant the 100 dev items' hallucinated texts are checked with clause units and scored by seed 000 §4
(coverage, hit@1, hit@3, random baseline, lift, SE, sigma, margin); clean vs hallucinated texts give detection
AUC-PR (average precision) and ROC-AUC of the response score.  The published NLI-clause numbers for the same
100 items (DeBERTa-v3-base-MNLI, from ``published_peritem_dev.jsonl``) are printed alongside.

    python benchmarks/embedded_localization.py [--verifier SPEC] [--data ../shared/data/medhal_loc]

Dev data only: this is a development measurement, not a held-out result.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.metrics import average_precision_score, roc_auc_score

from medhal.bench.localization.runner import run_localization
from medhal.data.medhal_loc import read_medhal_loc
from medhal.detect import DecomposedDetector, NLIClauseDetector, PairwiseDetector
from medhal.verify import Verifier, VerifierStats, load_verifier

REPO = Path(__file__).resolve().parents[1]


class ConstantVerifier:
    """Uniform probabilities: with signals on, the ranking is the lexical signals alone."""

    def __init__(self, inner: Verifier) -> None:
        self.inner = inner
        self._stats = VerifierStats()

    @property
    def id(self) -> str:
        return "constant"

    @property
    def max_length(self) -> int:
        return self.inner.max_length

    @property
    def stats(self) -> VerifierStats:
        return self._stats

    def pair_lengths(self, pairs: Sequence[tuple[str, str]]) -> list[int]:
        return self.inner.pair_lengths(pairs)

    def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        return np.full((len(pairs), 3), 1.0 / 3.0)


def published(data: Path) -> dict[str, float]:
    rows = [json.loads(x)["NLI-clause"] for x in (data / "published_peritem_dev.jsonl").read_text().split("\n") if x]
    n = len(rows)
    hit1 = sum(r["hit1"] for r in rows) / n
    rand = sum(r["rand"] for r in rows) / n
    se = (hit1 * (1 - hit1) / n) ** 0.5
    return {
        "coverage": sum(r["cover"] for r in rows) / n,
        "hit_at_1": hit1,
        "hit_at_3": sum(r["hit3"] for r in rows) / n,
        "random": rand,
        "lift": hit1 - rand,
        "sigma": (hit1 - rand) / se,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--verifier", default=None)
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data" / "medhal_loc")
    parser.add_argument("--json", type=Path, default=None, help="also write the table here")
    parser.add_argument("--max-length", type=int, default=None, help="verifier token budget per pair")
    parser.add_argument(
        "--no-lexical", action="store_true", help="the bare model: skip a lexical.json the model folder ships"
    )
    parser.add_argument("--only", default=None, help="comma-separated substrings: run only matching variants")
    args = parser.parse_args()
    items = read_medhal_loc(args.data / "controlled_dev.jsonl")
    verifier = load_verifier(args.verifier, max_length=args.max_length, batch_size=32, lexical=not args.no_lexical)
    variants: dict[str, PairwiseDetector] = {
        "decomposed (contrastive, multi-scale)": DecomposedDetector(verifier),
        "decomposed + signals": DecomposedDetector(verifier, signals=0.5),
        "decomposed max_windows=4": DecomposedDetector(verifier, max_windows=4),
        "decomposed max_windows=4 + signals": DecomposedDetector(verifier, max_windows=4, signals=0.5),
        "nli-clause 1-P(E)": NLIClauseDetector(verifier),
        "nli-clause P(C)": NLIClauseDetector(verifier, score="contradiction"),
        "nli-clause 1-P(E) windows": NLIClauseDetector(verifier, premise="windows"),
        "nli-clause 1-P(E) windows + signals": NLIClauseDetector(verifier, premise="windows", signals=0.5),
        "nli-clause P(C) windows": NLIClauseDetector(verifier, premise="windows", score="contradiction"),
        "nli-clause 1-P(E) + signals": NLIClauseDetector(verifier, signals=0.5),
        "signals only (no model)": NLIClauseDetector(ConstantVerifier(verifier), signals=1.0),
    }
    table: dict[str, Any] = {"verifier": verifier.id, "items": len(items), "published NLI-clause": published(args.data)}
    header = f"{'variant':<40}{'cov':>6}{'hit@1':>7}{'hit@3':>7}{'rand':>7}{'lift':>7}{'sigma':>7}{'margin':>8}"
    header += f"{'AP':>7}{'AUC':>7}{'s':>7}"
    print(f"verifier {verifier.id}; max_length {verifier.max_length}; {len(items)} dev items; clause units")
    print(header)
    pub = table["published NLI-clause"]
    print(
        f"{'published NLI-clause (DeBERTa-v3-base)':<40}{100 * pub['coverage']:>6.1f}{100 * pub['hit_at_1']:>7.1f}"
        f"{100 * pub['hit_at_3']:>7.1f}{100 * pub['random']:>7.1f}{100 * pub['lift']:>+7.1f}{pub['sigma']:>7.1f}"
    )
    for name, detector in variants.items():
        if args.only and not any(part in name for part in args.only.split(",")):
            continue
        start = time.perf_counter()
        run = run_localization(detector, items)
        seconds = time.perf_counter() - start
        r = run.overall
        y = [1] * len(run.hallucinated) + [0] * len(run.clean)
        s = [x.score or 0.0 for x in run.hallucinated] + [x.score or 0.0 for x in run.clean]
        ap, auc = average_precision_score(y, s), roc_auc_score(y, s)
        sigma = r.sigma if r.sigma is not None else float("nan")
        margin = r.margin if r.margin is not None else float("nan")
        print(
            f"{name:<40}{100 * r.coverage:>6.1f}{100 * r.hit_at_1:>7.1f}{100 * r.hit_at_3:>7.1f}{100 * r.random:>7.1f}"
            f"{100 * r.lift:>+7.1f}{sigma:>7.1f}{margin:>+8.3f}{ap:>7.3f}{auc:>7.3f}{seconds:>7.1f}"
        )
        table[name] = {**run.to_dict(), "average_precision": ap, "roc_auc": auc, "seconds": seconds}
    if args.json:
        args.json.write_text(json.dumps(table, indent=2))


if __name__ == "__main__":
    main()
