"""One record for response-level hallucination *detection* benchmarks, and the registry of their formats.

A :class:`DetectionItem` is one response to judge against its evidence, with a binary gold label
(``1`` = hallucinated / unfaithful, ``0`` = faithful).  Paired benchmarks give two items per source row that
share ``meta["pair_id"]``: ``<pair_id>:clean`` (label 0) then ``<pair_id>:hallucinated`` (label 1).

``evidence`` is ``None`` where the benchmark has no grounding text (HaluEval *general*: ChatGPT answers to open
user queries, judged by annotators against world knowledge); the query is then in ``question``, never passed off
as evidence.

``meta`` conventions shared by the loaders (other keys are per dataset and documented there):

* ``pair_id``: the source row of a paired item;
* ``spans``: ``((start, end), ...)`` character offsets into ``response`` of the parts marked hallucinated,
  where the benchmark marks them (each ``response[start:end]`` is the marked text).

:func:`read_detection` reads any supported format into these items::

    read_detection("medhallu.jsonl", "medhallu")
    read_detection("controlled_dev.jsonl", "medhal-loc", pubmedqa="ori_pqal.json")
    read_detection("general_data.json", "halueval")
    read_detection("mturk_xsum.jsonl", "qags")
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Literal

from medhal.data._detection_item import DetectionItem
from medhal.data.halueval import read_halueval
from medhal.data.loading import DatasetFormat, LoadStats, Records
from medhal.data.medhal_loc import LocItem, read_medhal_loc
from medhal.data.medhallu import read_medhallu
from medhal.data.qags import read_qags_detection

__all__ = ["DETECTION_FORMATS", "DetectionFormat", "DetectionItem", "loc_detection_items", "read_detection"]

DetectionFormat = Literal["medhallu", "medhal-loc", "halueval", "qags"]
"""The names of :data:`DETECTION_FORMATS` (a test holds the two together)."""


def _find(text: str, needle: str) -> tuple[int, int] | None:
    start = text.find(needle) if needle else -1
    return (start, start + len(needle)) if start >= 0 else None


def loc_detection_items(items: Iterable[LocItem], *, source: str = "medhal-loc") -> list[DetectionItem]:
    """Two detection items per MedHal-Loc item: ``clean_text`` (label 0) and ``hallucinated_text`` (label 1).

    ``meta``: ``pair_id``, ``error_type``, ``origin`` (the file's ``source`` field, e.g. ``"injected"``); the
    hallucinated item also has ``gold_span`` and ``spans`` (the first occurrence of the gold span in the text;
    empty when it does not occur verbatim).
    """
    out: list[DetectionItem] = []
    for item in items:
        base = {"pair_id": item.id, "error_type": item.error_type, "origin": item.source}
        question = item.question or None
        out.append(DetectionItem(f"{item.id}:clean", item.evidence, item.clean_text, 0, question, source, dict(base)))
        where = _find(item.hallucinated_text, item.gold_span)
        meta = {**base, "gold_span": item.gold_span, "spans": (where,) if where else ()}
        out.append(
            DetectionItem(f"{item.id}:hallucinated", item.evidence, item.hallucinated_text, 1, question, source, meta)
        )
    return out


def _read_medhal_loc_detection(
    path: str | Path, *, pubmedqa: str | Path | Mapping[str, str] | None = None, check_prefix: bool = True
) -> Records[DetectionItem]:
    loc = read_medhal_loc(path, pubmedqa=pubmedqa, check_prefix=check_prefix)
    items = loc_detection_items(loc)
    s = loc.stats
    stats = LoadStats(s.path, s.rows, len(items), s.skipped_empty, s.skipped_incomplete, dict(s.counts))
    return Records(items, stats)


DETECTION_FORMATS: dict[str, DatasetFormat[DetectionItem]] = {
    f.name: f
    for f in (
        DatasetFormat(
            "medhallu",
            read_medhallu,
            (".jsonl", ".json", ".ndjson", ".csv", ".tsv", "folder"),
            "MedHallu: a clean and a hallucinated answer per question (folder: a datasets save_to_disk)",
        ),
        DatasetFormat(
            "medhal-loc",
            _read_medhal_loc_detection,
            (".jsonl",),
            "MedHal-Loc controlled items: clean and hallucinated text, the gold span marked",
        ),
        DatasetFormat(
            "halueval", read_halueval, (".json", ".jsonl"), "HaluEval QA / dialogue / summarization / general"
        ),
        DatasetFormat("qags", read_qags_detection, (".jsonl",), "QAGS-C / QAGS-X summaries, majority-vote labels"),
    )
}
"""The detection formats by name, in the order they are listed: to add one, write its loader (``(path, *,
options) -> Records[DetectionItem]``) and register it here (and in :data:`DetectionFormat`)."""


def read_detection(path: str | Path, format: DetectionFormat, **opts: object) -> Records[DetectionItem]:
    """Detection items of a benchmark file (``.stats`` says what was read and skipped).

    ``format`` and its options (keyword-only, passed to the loader):

    * ``"medhallu"``: :func:`medhal.data.medhallu.read_medhallu` (``split``, ``knowledge_sep``,
      ``skip_incomplete``, ``source``); JSONL, JSON, CSV/TSV or a ``datasets`` ``save_to_disk`` folder.
    * ``"medhal-loc"``: :func:`medhal.data.medhal_loc.read_medhal_loc` then :func:`loc_detection_items`
      (``pubmedqa``: restore the full evidence; ``check_prefix``).
    * ``"halueval"``: :func:`medhal.data.halueval.read_halueval` (``task``, ``skip_incomplete``).
    * ``"qags"``: :func:`medhal.data.qags.read_qags_detection` (``tie``, ``source``).

    An unknown format or option raises ``ValueError`` / ``TypeError`` naming what is accepted.
    """
    if format not in DETECTION_FORMATS:
        raise ValueError(f"unknown detection format {format!r}; expected one of {', '.join(DETECTION_FORMATS)}")
    return DETECTION_FORMATS[format].read(path, **opts)
