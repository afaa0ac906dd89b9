"""Loader for MedHal-Loc controlled items (seed 000 §3.2): evidence, clean and hallucinated text, gold span.

Reads the JSONL layout of the MedHal-Loc repository (``benchmark/medhal_loc_controlled.jsonl``): one object per
line with ``id, target_type, question, evidence, clean_text, hallucinated_text, gold_span``.  Lines are split on
``\\n`` only: some texts contain U+2028/U+2029, which ``str.splitlines`` would treat as line ends.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

__all__ = ["LocItem", "read_medhal_loc"]


@dataclass(frozen=True, slots=True)
class LocItem:
    id: str
    error_type: str
    question: str
    evidence: str
    clean_text: str
    hallucinated_text: str
    gold_span: str


def read_medhal_loc(path: str | Path) -> list[LocItem]:
    """All items of a MedHal-Loc controlled JSONL file, in file order."""
    items: list[LocItem] = []
    text = Path(path).read_text(encoding="utf-8")
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            items.append(
                LocItem(
                    id=str(row["id"]),
                    error_type=str(row.get("target_type", "")),
                    question=str(row.get("question", "")),
                    evidence=row["evidence"],
                    clean_text=row["clean_text"],
                    hallucinated_text=row["hallucinated_text"],
                    gold_span=row["gold_span"],
                )
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: not a MedHal-Loc item ({exc})") from None
    return items
