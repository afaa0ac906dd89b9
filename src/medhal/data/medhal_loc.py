"""Loader for MedHal-Loc controlled items (seed 000 §3.2): evidence, clean and hallucinated text, gold span.

Reads the JSONL layout of the MedHal-Loc repository (``benchmark/medhal_loc_controlled.jsonl``): one object per
line with ``id, source, target_type, question, evidence, clean_text, hallucinated_text, gold_span``.  Lines are
split on ``\\n`` only: some texts contain U+2028/U+2029, which ``str.splitlines`` would treat as line ends.

Full evidence: an item's ``evidence`` is its PubMedQA abstract context cut to 1200 characters (its ``clean_text``
is the PubMedQA ``LONG_ANSWER``).  ``read_medhal_loc(path, pubmedqa=...)`` puts the full context back, matched
on the question (:func:`medhal.data.pubmedqa.normalize_question`): an item whose question is found, and whose own
evidence is (up to whitespace and a trailing ellipsis) a prefix of that context, gets the full context; every
other item keeps its own evidence.  The counts are returned (``.stats.counts``) and logged, never silent:
``pubmedqa_matched``, ``evidence_extended`` (now longer), ``evidence_already_full`` (was the whole context),
``evidence_kept`` (= ``pubmedqa_unmatched`` + ``pubmedqa_mismatched``).  PubMedQA is eval-only data.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from medhal.data.errors import DataFormatError
from medhal.data.loading import LoadStats, RawRow, Records, read_json_rows
from medhal.data.pubmedqa import normalize_question, pubmedqa_contexts

__all__ = ["EvidenceRestore", "LocItem", "read_medhal_loc", "restore_evidence"]

log = logging.getLogger(__name__)

_WHAT = "MedHal-Loc item"


@dataclass(frozen=True, slots=True)
class LocItem:
    """One controlled MedHal-Loc item: ``hallucinated_text`` is ``clean_text`` with ``gold_span`` injected.

    ``error_type`` is the file's ``target_type``; ``source`` is the file's ``source`` (``"injected"`` for the
    controlled set; ``""`` when absent).
    """

    id: str
    error_type: str
    question: str
    evidence: str
    clean_text: str
    hallucinated_text: str
    gold_span: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class EvidenceRestore:
    """How :func:`restore_evidence` matched items to PubMedQA contexts (``kept`` = unmatched + mismatched)."""

    items: int
    matched: int
    extended: int
    already_full: int
    unmatched: int
    mismatched: int

    @property
    def kept(self) -> int:
        """Items that kept their own (possibly truncated) evidence."""
        return self.unmatched + self.mismatched

    @property
    def match_rate(self) -> float:
        """Share of items whose question was found in PubMedQA (0.0 for no items)."""
        return self.matched / self.items if self.items else 0.0

    def as_counts(self) -> dict[str, int]:
        return {
            "pubmedqa_matched": self.matched,
            "evidence_extended": self.extended,
            "evidence_already_full": self.already_full,
            "evidence_kept": self.kept,
            "pubmedqa_unmatched": self.unmatched,
            "pubmedqa_mismatched": self.mismatched,
        }


def _squash(text: str) -> str:
    return " ".join(text.split())


def _is_cut_of(evidence: str, context: str) -> bool:
    """True when ``evidence`` is ``context`` cut short (compared up to whitespace; a trailing ellipsis ignored)."""
    cut = _squash(evidence).removesuffix("...").removesuffix("…").rstrip()
    return _squash(context).startswith(cut)


def restore_evidence(
    items: Sequence[LocItem], contexts: Mapping[str, str], *, check_prefix: bool = True
) -> tuple[list[LocItem], EvidenceRestore]:
    """Replace each item's evidence by the full context of its question in ``contexts``.

    ``contexts`` maps :func:`~medhal.data.pubmedqa.normalize_question` keys to full contexts (as
    :func:`~medhal.data.pubmedqa.pubmedqa_contexts` returns).  With ``check_prefix`` an item whose own evidence
    is not a prefix of the matched context keeps its evidence (counted as mismatched).  Returns the items in the
    same order and the counts.
    """
    out: list[LocItem] = []
    matched = extended = already_full = unmatched = mismatched = 0
    for item in items:
        context = contexts.get(normalize_question(item.question)) if item.question else None
        if context is None:
            unmatched += 1
            out.append(item)
            continue
        matched += 1
        if check_prefix and not _is_cut_of(item.evidence, context):
            mismatched += 1
            out.append(item)
            continue
        if context == item.evidence:
            already_full += 1
            out.append(item)
        else:
            extended += 1
            out.append(replace(item, evidence=context))
    return out, EvidenceRestore(len(items), matched, extended, already_full, unmatched, mismatched)


def _field(row: RawRow, key: str, *, required: bool) -> str:
    if key not in row.data or row.data[key] is None:
        if required:
            raise DataFormatError(f"{row.where}: not a {_WHAT} (missing field {key!r})")
        return ""
    value = row.data[key]
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise DataFormatError(f"{row.where}: not a {_WHAT} (field {key!r} is {type(value).__name__}, expected text)")
    return str(value)


def read_medhal_loc(
    path: str | Path, *, pubmedqa: str | Path | Mapping[str, str] | None = None, check_prefix: bool = True
) -> Records[LocItem]:
    """All items of a MedHal-Loc controlled JSONL file, in file order.

    ``pubmedqa``: a PubMedQA ``ori_pqal.json`` path, or a mapping from :func:`~medhal.data.pubmedqa.pubmedqa_contexts`,
    to replace the truncated evidence by the full context (see the module docstring); the match counts go to
    ``.stats.counts`` and the log.  Blank lines are skipped and counted in ``.stats.skipped_empty``.  A line that
    is not JSON or lacks ``id``, ``evidence``, ``clean_text``, ``hallucinated_text`` or ``gold_span`` raises
    :class:`~medhal.data.errors.DataFormatError` (a ``ValueError``) naming the file and line.
    """
    table = read_json_rows(path, _WHAT)
    items = [
        LocItem(
            id=_field(row, "id", required=True),
            error_type=_field(row, "target_type", required=False),
            question=_field(row, "question", required=False),
            evidence=_field(row, "evidence", required=True),
            clean_text=_field(row, "clean_text", required=True),
            hallucinated_text=_field(row, "hallucinated_text", required=True),
            gold_span=_field(row, "gold_span", required=True),
            source=_field(row, "source", required=False),
        )
        for row in table.rows
    ]
    counts: dict[str, int] = {}
    if pubmedqa is not None:
        contexts = pubmedqa if isinstance(pubmedqa, Mapping) else pubmedqa_contexts(pubmedqa)
        items, restored = restore_evidence(items, contexts, check_prefix=check_prefix)
        counts = restored.as_counts()
        log.info(
            "%s: %d/%d items matched PubMedQA (%d evidence extended, %d already full); %d kept their own evidence "
            "(%d unmatched, %d not a prefix of the matched context)",
            path,
            restored.matched,
            restored.items,
            restored.extended,
            restored.already_full,
            restored.kept,
            restored.unmatched,
            restored.mismatched,
        )
    stats = LoadStats(
        str(path), rows=len(table.rows), items=len(items), skipped_empty=table.skipped_empty, counts=counts
    )
    return Records(items, stats)
