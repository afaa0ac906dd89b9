"""QAGS human judgements (W4ngatang/qags ``data/mturk_{cnndm,xsum}.jsonl``): sentence-level faithfulness labels.

Each line is ``{"article": str, "summary_sentences": [{"sentence": str, "responses": [{"worker_id": int,
"response": "yes"|"no"}, ...]}, ...]}``: a model summary already cut into sentences, each judged by (usually
three) crowd workers on whether the article supports it (``yes`` = supported / faithful).

* summary: the sentences joined by one space (as the QAGS code does); each sentence's
  :class:`~medhal.text.Span` slices it back exactly: ``summary[span.start:span.end] == sentence``.
* sentence label: majority vote of its annotators, 1 (unfaithful) when more say ``no`` than ``yes``; a tie
  (possible with an even number of votes; the released files have three per sentence) is decided by ``tie``
  (``"unfaithful"`` by default) and counted in ``.stats.counts["ties"]``.
* response label: 1 when *any* sentence is unfaithful (one unsupported sentence makes the summary
  unfaithful), else 0.  :attr:`QagsItem.faithfulness` is the QAGS paper's summary-level human score (the mean
  over sentences of the share of ``yes`` votes), kept for correlation studies.

Ids are ``qags-<name>-<n>`` with ``n`` the 0-based index among the non-empty lines, and ``<name>`` taken from
the file name (``mturk_xsum.jsonl`` -> ``xsum``); ``source`` is ``qags-<name>`` unless given.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from medhal.data._detection_item import DetectionItem
from medhal.data.errors import DataFormatError
from medhal.data.loading import LoadStats, RawRow, Records, pick, read_json_rows, text_field
from medhal.text import Span

__all__ = ["QagsItem", "QagsSentence", "qags_detection_items", "read_qags", "read_qags_detection"]

_WHAT = "QAGS line"
_VOTES = {"yes": False, "no": True}  # response -> "unsupported"


@dataclass(frozen=True, slots=True)
class QagsSentence:
    """One summary sentence: its span in the summary, the workers' votes (``yes`` = supported), its label."""

    span: Span
    votes: tuple[str, ...]
    label: int

    @property
    def text(self) -> str:
        return self.span.text

    @property
    def unfaithful_votes(self) -> int:
        return sum(1 for vote in self.votes if vote == "no")


@dataclass(frozen=True, slots=True)
class QagsItem:
    """An article, the model summary judged against it, its sentences and the response-level label."""

    id: str
    article: str
    summary: str
    sentences: tuple[QagsSentence, ...]
    label: int
    source: str

    @property
    def faithfulness(self) -> float:
        """Mean over sentences of the share of ``yes`` votes (QAGS's summary-level human score)."""
        shares = [1 - s.unfaithful_votes / len(s.votes) for s in self.sentences]
        return sum(shares) / len(shares)


def _source_name(path: str | Path) -> str:
    stem = Path(path).name.split(".")[0]
    name = stem.removeprefix("mturk_")
    return f"qags-{name}" if name and name != "qags" else "qags"


def _votes(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise DataFormatError(f"{where}: 'responses' must be a non-empty list ({_WHAT})")
    votes: list[str] = []
    for response in value:
        raw = response.get("response") if isinstance(response, dict) else None
        vote = raw.strip().lower() if isinstance(raw, str) else None
        if vote not in _VOTES:
            raise DataFormatError(f"{where}: worker response {raw!r} is neither 'yes' nor 'no' ({_WHAT})")
        votes.append(vote)
    return tuple(votes)


def _item(row: RawRow, index: int, source: str, tie: str, counts: dict[str, int]) -> QagsItem:
    article = text_field(row, ("article",), _WHAT) or ""
    if not article.strip():
        raise DataFormatError(f"{row.where}: empty 'article' ({_WHAT})")
    raw_sentences = pick(row, ("summary_sentences",), _WHAT)
    if not isinstance(raw_sentences, list) or not raw_sentences:
        raise DataFormatError(f"{row.where}: 'summary_sentences' must be a non-empty list ({_WHAT})")
    pieces: list[str] = []
    judged: list[tuple[int, tuple[str, ...]]] = []
    offset = 0
    for number, entry in enumerate(raw_sentences, start=1):
        where = f"{row.where}: sentence {number}"
        sentence = entry.get("sentence") if isinstance(entry, dict) else None
        if not isinstance(sentence, str) or not sentence.strip():
            raise DataFormatError(f"{where}: missing or empty 'sentence' ({_WHAT})")
        if pieces:
            offset += 1  # the joining space
        pieces.append(sentence)
        judged.append((offset, _votes(entry.get("responses"), where)))
        offset += len(sentence)
    summary = " ".join(pieces)
    sentences: list[QagsSentence] = []
    for (start, votes), sentence in zip(judged, pieces, strict=True):
        no = sum(1 for v in votes if _VOTES[v])
        yes = len(votes) - no
        if no == yes:
            counts["ties"] += 1
            label = 1 if tie == "unfaithful" else 0
        else:
            label = 1 if no > yes else 0
        counts["sentences"] += 1
        counts["unfaithful_sentences"] += label
        sentences.append(QagsSentence(Span.of(summary, start, start + len(sentence)), votes, label))
    label = 1 if any(s.label for s in sentences) else 0
    name = source.removeprefix("qags-") if source != "qags" else "qags"
    return QagsItem(f"qags-{name}-{index}", article, summary, tuple(sentences), label, source)


def read_qags(
    path: str | Path, *, tie: Literal["unfaithful", "faithful"] = "unfaithful", source: str | None = None
) -> Records[QagsItem]:
    """All QAGS items of one ``mturk_*.jsonl`` file, in file order (see the module docstring for the labels).

    ``.stats.counts``: ``sentences``, ``unfaithful_sentences``, ``ties``, ``unfaithful_items``.  Blank lines are
    skipped and counted; a line without an article or sentences, or a vote other than yes/no, raises
    :class:`~medhal.data.errors.DataFormatError` naming the file and line.
    """
    if tie not in ("unfaithful", "faithful"):
        raise ValueError(f"tie must be 'unfaithful' or 'faithful', got {tie!r}")
    name = source or _source_name(path)
    table = read_json_rows(path, _WHAT)
    counts = {"sentences": 0, "unfaithful_sentences": 0, "ties": 0, "unfaithful_items": 0}
    items = [_item(row, index, name, tie, counts) for index, row in enumerate(table.rows)]
    counts["unfaithful_items"] = sum(item.label for item in items)
    stats = LoadStats(str(path), len(table.rows), len(items), table.skipped_empty, 0, counts)
    return Records(items, stats)


def qags_detection_items(items: Iterable[QagsItem]) -> list[DetectionItem]:
    """One detection item per QAGS item: evidence = article, response = summary, label = response-level label.

    ``meta``: ``sentence_labels`` (``((start, end, label), ...)`` per sentence), ``spans`` (the unfaithful
    sentences' ``(start, end)``), ``faithfulness`` (the QAGS human score).
    """
    out: list[DetectionItem] = []
    for item in items:
        meta: dict[str, Any] = {
            "sentence_labels": tuple((s.span.start, s.span.end, s.label) for s in item.sentences),
            "spans": tuple((s.span.start, s.span.end) for s in item.sentences if s.label),
            "faithfulness": item.faithfulness,
        }
        out.append(DetectionItem(item.id, item.article, item.summary, item.label, None, item.source, meta))
    return out


def read_qags_detection(
    path: str | Path, *, tie: Literal["unfaithful", "faithful"] = "unfaithful", source: str | None = None
) -> Records[DetectionItem]:
    """:func:`read_qags` then :func:`qags_detection_items`, with the same ``.stats``."""
    loaded = read_qags(path, tie=tie, source=source)
    items = qags_detection_items(loaded)
    return Records(items, loaded.stats)
