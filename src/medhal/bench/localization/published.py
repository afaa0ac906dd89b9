"""Read the released MedHal-Loc per-item records (``published_peritem_dev.jsonl``) into medhal's item records.

Each line holds, per method, the per-item terms of seed 000 eqs. 1-4 (``n`` = k_i, ``cover``, ``hit1``,
``hit3``, ``rand`` = m_i / k_i, ``margin``) or, for FAVA, ``flagged_any, n_spans, hit, n_flagged_tok,
n_passage_tok``.  Aggregating them with :func:`~medhal.bench.localization.metrics.aggregate_localization` /
:func:`~medhal.bench.localization.spans.aggregate_spans` reproduces the published aggregates.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from medhal.bench.localization.metrics import ItemLocalization
from medhal.bench.localization.spans import SpanItem

__all__ = ["RANKED_METHODS", "SPAN_METHODS", "read_published_items"]

RANKED_METHODS: tuple[str, ...] = ("AdaTriple", "NLI-clause", "SelfCheckGPT-NLI")
SPAN_METHODS: tuple[str, ...] = ("FAVA",)


def _ranked(row: dict[str, Any], rec: dict[str, Any]) -> ItemLocalization:
    k = int(rec["n"])
    m = round(float(rec["rand"]) * k)
    if k and abs(m / k - float(rec["rand"])) > 1e-9:
        raise ValueError(f"item {row['id']}: rand {rec['rand']} is not m/k for k={k}")
    margin = rec.get("margin")
    return ItemLocalization(str(row["id"]), str(row["target_type"]), k, m, int(rec["hit1"]), int(rec["hit3"]), margin)


def _span(row: dict[str, Any], rec: dict[str, Any]) -> SpanItem:
    return SpanItem(
        str(row["id"]),
        str(row["target_type"]),
        int(rec["flagged_any"]),
        int(rec["n_spans"]),
        int(rec["hit"]),
        int(rec["n_flagged_tok"]),
        int(rec["n_passage_tok"]),
    )


def read_published_items(path: Path) -> dict[str, list[ItemLocalization] | list[SpanItem]]:
    """Method name -> its per-item records, in file order.  Raises ``ValueError`` naming the line on bad input."""
    out: dict[str, list[Any]] = {name: [] for name in (*RANKED_METHODS, *SPAN_METHODS)}
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            for name in RANKED_METHODS:
                if name in row:
                    out[name].append(_ranked(row, row[name]))
            for name in SPAN_METHODS:
                if name in row:
                    out[name].append(_span(row, row[name]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{path}:{number}: not a published per-item record ({exc})") from None
    return {name: items for name, items in out.items() if items}
