"""False contradictions on faithful text: the default checker on PubMedQA abstracts (``CONTEXTS``) with their
authors' own conclusions (``LONG_ANSWER``) as the answer.  The conclusions are faithful by construction (they may
go beyond the abstract's sentences, so `unsupported` is fair; `contradicted` is a false alarm).  Target: as few
`contradicted` clauses as possible; each is printed with what decided it (the number cue, the null-finding cue,
the reversed-comparison cue or the model) so a regression can be read.  PubMedQA is evaluation-only data; nothing
is tuned on it.

    python benchmarks/pubmedqa_faithful.py ../shared/data/pubmedqa/ori_pqal.json [--n 300] [--seed 7] [--show 30]

About 2 minutes for 300 abstracts on 2 CPU cores (embedded verifier).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path

from medhal import Checker
from medhal.detect import CheckItem


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pubmedqa", type=Path, help="PubMedQA's ori_pqal.json")
    parser.add_argument("--n", type=int, default=300, help="abstracts drawn (seeded)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show", type=int, default=30, help="contradicted clauses printed")
    args = parser.parse_args()
    data = json.loads(args.pubmedqa.read_text(encoding="utf-8"))
    keys = sorted(data)
    random.Random(args.seed).shuffle(keys)
    keys = keys[: args.n]
    items = [CheckItem(" ".join(data[k]["CONTEXTS"]), data[k]["LONG_ANSWER"], id=k) for k in keys]
    results = Checker().check_many(items)
    verdicts: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    shown = 0
    for key, result in zip(keys, results, strict=True):
        for unit in result.units:
            verdicts[unit.verdict] += 1
            if unit.verdict != "contradicted":
                continue
            cues = unit.cues or {}
            cause = (
                "number cue"
                if cues.get("number_conflicts")
                else "null-finding cue"
                if cues.get("null_finding")
                else "reversed-comparison cue"
                if cues.get("reversed_comparison")
                else "model"
            )
            causes[cause] += 1
            if shown < args.show:
                shown += 1
                premise = unit.contradicting.text if unit.contradicting is not None else ""
                print(f"[{key}] {cause}, P(E) {unit.p_entail:.2f} P(C) {unit.p_contradict:.2f}")
                print(f"  clause:   {unit.text}\n  evidence: {premise[:240]}")
    total = sum(verdicts.values())
    flagged = sum(r.flagged for r in results)
    share = flagged / max(1, len(results))
    print(f"\n{len(results)} abstracts, {total} conclusion clauses; {flagged} answers flagged ({share:.1%})")
    for verdict in ("supported", "unsupported", "contradicted"):
        print(f"  {verdict:<12} {verdicts[verdict]:>5}  {verdicts[verdict] / max(1, total):.1%}")
    print("  contradicted by: " + ", ".join(f"{c} {n}" for c, n in causes.most_common()))


if __name__ == "__main__":
    main()
