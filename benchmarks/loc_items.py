"""Write the 200 MedHal-Loc dev answers (each item's clean and hallucinated text) as a ``medhal check --input``
batch: ``items.jsonl`` and, with pyarrow, ``items.parquet`` (the same rows), for ``benchmarks/scaling.py``.

    python benchmarks/loc_items.py [--data ../shared/data/medhal_loc/controlled_dev.jsonl] [--out DIR]

Ids are ``<item id>:clean`` and ``<item id>:hallucinated``, the two answers of an item on adjacent lines: they
share their evidence, so they fall into one chunk of ``--chunk-size`` (an even size) and share its verifier pass.
The evidence is the file's own (cut to 1200 characters); PubMedQA, which would restore it, is eval-only data.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from medhal.data.medhal_loc import read_medhal_loc

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "medhal_loc" / "controlled_dev.jsonl"


def item_rows(path: Path) -> list[dict[str, str]]:
    """Two check rows per MedHal-Loc item, clean answer first, in file order."""
    rows: list[dict[str, str]] = []
    for item in read_medhal_loc(path):
        for kind, text in (("clean", item.clean_text), ("hallucinated", item.hallucinated_text)):
            rows.append(
                {"id": f"{item.id}:{kind}", "question": item.question, "evidence": item.evidence, "response": text}
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path, default=Path("."))
    args = parser.parse_args()
    rows = item_rows(args.data)
    args.out.mkdir(parents=True, exist_ok=True)
    jsonl = args.out / "items.jsonl"
    jsonl.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    written = [jsonl]
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        pass
    else:
        parquet = args.out / "items.parquet"
        pq.write_table(pa.Table.from_pylist(rows), parquet)
        written.append(parquet)
    print(f"{len(rows)} answers -> {', '.join(str(p) for p in written)}")


if __name__ == "__main__":
    main()
