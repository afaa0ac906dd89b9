"""Faithful HallDetect schedule vs medhal's schedule: verifier passes and wall time, same verifier, same items.

The faithful schedule (seed 003 §4.3-4.4, App. A.4-A.5) verifies every unit against every chunk of every
granularity m in {1, 2, 4, 8, 16} -- repeated chunks included -- one pair per forward pass.  medhal's schedule
deduplicates windows and pairs and sends all pairs of all items through one length-sorted, batched call.
Both produce the same per-unit scores (checked below).

    python benchmarks/check_schedule.py                       # embedded verifier, examples + MedHal-Loc dev
    python benchmarks/check_schedule.py --verifier onnx:PATH --items 20
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from medhal.data.medhal_loc import read_medhal_loc
from medhal.detect import CheckItem, DecomposedDetector, build_library, contrastive_score
from medhal.detect.chunking import DYADIC_GRANULARITIES, chunk_ranges
from medhal.text import split_sentences, split_units
from medhal.verify import Verifier, load_verifier

REPO = Path(__file__).resolve().parents[1]


def load_items(limit: int) -> list[CheckItem]:
    ex = REPO / "examples"
    items = [
        CheckItem((ex / "evidence.txt").read_text(), (ex / "response.txt").read_text(), id="metformin"),
        CheckItem((ex / "transit_evidence.txt").read_text(), (ex / "transit_response.txt").read_text(), id="transit"),
    ]
    dev = REPO.parent / "shared" / "data" / "medhal_loc" / "controlled_dev.jsonl"
    if dev.exists():
        for row in read_medhal_loc(dev):
            items.append(CheckItem(row.evidence, row.hallucinated_text, id=row.id))
    return items[:limit]


def faithful(verifier: Verifier, items: list[CheckItem], units: str) -> tuple[int, float, list[list[float]]]:
    """Every chunk of every granularity, one pair at a time, no deduplication."""
    passes, scores = 0, []
    start = time.perf_counter()
    for item in items:
        sentences = split_sentences(item.evidence)
        chunks = []
        for m in DYADIC_GRANULARITIES:
            for a, b in chunk_ranges(len(sentences), m):
                chunks.append(item.evidence[sentences[a].start : sentences[b - 1].end])
        item_scores = []
        for unit in split_units(item.response, units):  # type: ignore[arg-type]
            rows = [verifier.predict([(chunk, unit.text)])[0] for chunk in chunks]
            passes += len(rows)
            probs = np.vstack(rows)
            item_scores.append(contrastive_score(probs[:, 0].tolist(), probs[:, 2].tolist()))
        scores.append(item_scores)
    return passes, time.perf_counter() - start, scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--verifier", default=None, help="verifier spec (default: embedded)")
    parser.add_argument("--items", type=int, default=12)
    parser.add_argument("--units", default="clause", choices=["clause", "sentence"])
    args = parser.parse_args()
    items = load_items(args.items)
    verifier = load_verifier(args.verifier)
    print(f"verifier {verifier.id}; {len(items)} items; units {args.units}")
    entries = sum(build_library(i.evidence, split_sentences(i.evidence)).entries for i in items)
    print(f"library entries (seed count) {entries}")

    f_passes, f_time, f_scores = faithful(verifier, items, args.units)
    detector = DecomposedDetector(verifier, units=args.units, long_windows="truncate")  # type: ignore[arg-type]
    start = time.perf_counter()
    results = detector.detect_many(items)
    m_time = time.perf_counter() - start
    m_passes = sum(r.verifier_passes for r in results)
    m_scores = [[u.score for u in r.units] for r in results]
    diff = max(abs(a - b) for fs, ms in zip(f_scores, m_scores, strict=True) for a, b in zip(fs, ms, strict=True))

    print(f"{'schedule':<22}{'passes':>10}{'wall s':>10}{'pairs/s':>10}")
    print(f"{'faithful (seed 003)':<22}{f_passes:>10}{f_time:>10.2f}{f_passes / f_time:>10.1f}")
    print(f"{'medhal (dedup+batch)':<22}{m_passes:>10}{m_time:>10.2f}{m_passes / max(m_time, 1e-9):>10.1f}")
    print(f"ratio faithful/medhal: passes x{f_passes / max(m_passes, 1):.2f}, wall time x{f_time / m_time:.2f}")
    print(f"max |score difference| between schedules: {diff:.2e}")


if __name__ == "__main__":
    main()
