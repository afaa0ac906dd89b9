"""Loaders for public natural-language-inference files into one record type, :class:`NLIPair`.

Three-way sources (SICK, HealthVer, NLI4CT) keep their three labels; two-way sources (RTE, COVID-Fact,
SciFact in their RTE-style re-packaging) keep ``not_entailment`` honestly rather than pretending it is a
contradiction. Every loader takes a user-given path; nothing is bundled.
"""

from __future__ import annotations

import csv
import hashlib
import json
import random
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = [
    "LABEL_SET",
    "NLI4CT_SECTIONS",
    "Label",
    "NLIPair",
    "holdout_split",
    "label_counts",
    "load_glue_tsv",
    "load_healthver",
    "load_nli4ct",
    "load_sick",
    "nli4ct_trials",
    "seeded_sample",
]

Label = Literal["entailment", "neutral", "contradiction", "not_entailment"]
LABEL_SET: frozenset[str] = frozenset({"entailment", "neutral", "contradiction", "not_entailment"})
NLI4CT_SECTIONS: tuple[str, ...] = ("Intervention", "Eligibility", "Results", "Adverse Events")


@dataclass(frozen=True, slots=True)
class NLIPair:
    """One premise/hypothesis pair with its gold label and the name of the source it came from."""

    premise: str
    hypothesis: str
    label: Label
    source: str

    def __post_init__(self) -> None:
        if self.label not in LABEL_SET:
            raise ValueError(f"unknown NLI label {self.label!r}")


def _as_label(raw: str, mapping: dict[str, Label], where: str) -> Label:
    key = raw.strip().lower()
    if key not in mapping:
        raise ValueError(f"{where}: unknown label {raw!r}")
    return mapping[key]


_THREE_WAY: dict[str, Label] = {
    "entailment": "entailment",
    "neutral": "neutral",
    "contradiction": "contradiction",
}
_TWO_WAY: dict[str, Label] = {"entailment": "entailment", "not_entailment": "not_entailment"}
_HEALTHVER: dict[str, Label] = {"supports": "entailment", "neutral": "neutral", "refutes": "contradiction"}


def load_sick(path: str | Path, source: str = "sick") -> list[NLIPair]:
    """Read SICK (``pair_ID, sentence_A, sentence_B, relatedness_score, entailment_judgment``, tab-separated).

    The file has no split column; use :func:`holdout_split` to keep a seeded slice out of training.
    """
    pairs: list[NLIPair] = []
    with Path(path).open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        for row in reader:
            label = _as_label(row["entailment_judgment"], _THREE_WAY, f"{path}:{row['pair_ID']}")
            pairs.append(NLIPair(row["sentence_A"].strip(), row["sentence_B"].strip(), label, source))
    return pairs


def load_glue_tsv(path: str | Path, source: str) -> list[NLIPair]:
    """Read an RTE-style TSV (``index, sentence1, sentence2, label``): RTE, COVID-Fact and SciFact re-splits.

    The header's column names vary between files (``Sentence2``, ``entailment``), so columns are taken by
    position. Labels are two-way: ``entailment`` / ``not_entailment``.
    """
    pairs: list[NLIPair] = []
    with Path(path).open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if header is None:
            return pairs
        for lineno, row in enumerate(reader, start=2):
            if len(row) < 4:
                raise ValueError(f"{path}:{lineno}: expected 4 tab-separated columns, got {len(row)}")
            label = _as_label(row[-1], _TWO_WAY, f"{path}:{lineno}")
            pairs.append(NLIPair(row[1].strip(), row[2].strip(), label, source))
    return pairs


def load_healthver(path: str | Path, source: str = "healthver") -> list[NLIPair]:
    """Read HealthVer CSV (``id, evidence, claim, label, ...``; labels Supports / Neutral / Refutes)."""
    pairs: list[NLIPair] = []
    with Path(path).open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            label = _as_label(row["label"], _HEALTHVER, f"{path}:{row.get('id', '?')}")
            pairs.append(NLIPair(row["evidence"].strip(), row["claim"].strip(), label, source))
    return pairs


def _clean_lines(lines: Iterable[str]) -> str:
    return " ".join(" ".join(line.split()) for line in lines if line.strip())


def nli4ct_trials(zip_path: str | Path) -> dict[str, dict[str, list[str]]]:
    """Read every clinical-trial JSON under ``CT json/`` in the NLI4CT zip: ``{trial_id: {section: lines}}``."""
    trials: dict[str, dict[str, list[str]]] = {}
    with zipfile.ZipFile(zip_path) as archive:
        for name in archive.namelist():
            if not name.startswith("CT json/") or not name.endswith(".json"):
                continue
            data = json.loads(archive.read(name).decode("utf-8"))
            trial_id = str(data.get("Clinical Trial ID", Path(name).stem))
            trials[trial_id] = {section: [str(line) for line in data.get(section, [])] for section in NLI4CT_SECTIONS}
    return trials


def load_nli4ct(
    zip_path: str | Path,
    split: Literal["train", "dev"] = "train",
    types: Sequence[str] = ("Single", "Comparison"),
    source: str = "nli4ct",
) -> list[NLIPair]:
    """Read NLI4CT (SemEval-2023/24 Task 2) statements with their trial section as the premise.

    The premise is the statement's ``Section_id`` of the primary trial; for ``Comparison`` statements the
    secondary trial's section follows, each prefixed with ``Primary trial:`` / ``Secondary trial:``.
    Labels are Entailment / Contradiction.
    """
    trials = nli4ct_trials(zip_path)
    with zipfile.ZipFile(zip_path) as archive:
        items = json.loads(archive.read(f"{split}.json").decode("utf-8"))
    pairs: list[NLIPair] = []
    for key, item in items.items():
        if item.get("Type") not in types:
            continue
        section = item["Section_id"]
        primary = _clean_lines(trials[item["Primary_id"]][section])
        if item.get("Secondary_id"):
            secondary = _clean_lines(trials[item["Secondary_id"]][section])
            premise = f"Primary trial: {primary} Secondary trial: {secondary}"
        else:
            premise = primary
        label = _as_label(item["Label"], _THREE_WAY, f"{zip_path}:{split}:{key}")
        pairs.append(NLIPair(premise, " ".join(item["Statement"].split()), label, source))
    return pairs


def holdout_split(pairs: Sequence[NLIPair], fraction: float, seed: int) -> tuple[list[NLIPair], list[NLIPair]]:
    """Split ``pairs`` into ``(kept, held_out)`` by a seeded hash of each pair's text.

    Membership depends only on the pair text and the seed, not on file order, so the same held-out slice
    comes back from any copy of the file. Identical pairs always land on the same side.
    """
    if not 0.0 <= fraction <= 1.0:
        raise ValueError("fraction must be in [0, 1]")
    kept: list[NLIPair] = []
    held: list[NLIPair] = []
    for pair in pairs:
        digest = hashlib.sha256(f"{seed}\x00{pair.premise}\x00{pair.hypothesis}".encode()).digest()
        bucket = int.from_bytes(digest[:8], "big") / 2.0**64
        (held if bucket < fraction else kept).append(pair)
    return kept, held


def seeded_sample(pairs: Sequence[NLIPair], k: int, seed: int) -> list[NLIPair]:
    """Return ``min(k, len(pairs))`` pairs drawn without replacement with a seeded RNG (order kept)."""
    if k >= len(pairs):
        return list(pairs)
    rng = random.Random(seed)
    chosen = sorted(rng.sample(range(len(pairs)), k))
    return [pairs[i] for i in chosen]


def label_counts(pairs: Iterable[NLIPair]) -> dict[str, int]:
    """Count pairs per label (only labels that occur)."""
    counts: dict[str, int] = {}
    for pair in pairs:
        counts[pair.label] = counts.get(pair.label, 0) + 1
    return dict(sorted(counts.items()))
