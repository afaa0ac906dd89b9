"""One record for response-level hallucination *detection* benchmarks, and a dispatcher over their loaders.

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

import inspect
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal, get_args

from medhal.data._detection_item import DetectionItem
from medhal.data.halueval import read_halueval
from medhal.data.loading import LoadStats, Records
from medhal.data.medhal_loc import LocItem, read_medhal_loc
from medhal.data.medhallu import read_medhallu
from medhal.data.qags import read_qags_detection

__all__ = ["DETECTION_FORMATS", "DetectionFormat", "DetectionItem", "loc_detection_items", "read_detection"]

DetectionFormat = Literal["medhallu", "medhal-loc", "halueval", "qags"]
DETECTION_FORMATS: tuple[str, ...] = get_args(DetectionFormat)


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
    path: str | Path, *, pubmedqa: Any = None, check_prefix: bool = True
) -> Records[DetectionItem]:
    loc = read_medhal_loc(path, pubmedqa=pubmedqa, check_prefix=check_prefix)
    items = loc_detection_items(loc)
    s = loc.stats
    stats = LoadStats(s.path, s.rows, len(items), s.skipped_empty, s.skipped_incomplete, dict(s.counts))
    return Records(items, stats)


def _loader(fmt: str) -> Callable[..., Records[DetectionItem]]:
    # the dataset modules import DetectionItem from medhal.data._detection_item, so no import cycle
    if fmt == "medhallu":
        return read_medhallu
    if fmt == "halueval":
        return read_halueval
    if fmt == "qags":
        return read_qags_detection
    return _read_medhal_loc_detection


def read_detection(path: str | Path, format: DetectionFormat, **opts: Any) -> Records[DetectionItem]:
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
    loader = _loader(format)
    accepted = [
        name for name, p in inspect.signature(loader).parameters.items() if p.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    unknown = sorted(set(opts) - set(accepted))
    if unknown:
        raise TypeError(
            f"read_detection(format={format!r}): unknown option(s) {', '.join(unknown)}; "
            f"accepted: {', '.join(accepted) or 'none'}"
        )
    return loader(path, **opts)
