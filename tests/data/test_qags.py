"""QAGS reader (medhal.data.qags): sentence spans that slice back, majority-vote labels, response labels."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from medhal.data.errors import DataFormatError
from medhal.data.qags import qags_detection_items, read_qags, read_qags_detection

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
QAGS = SHARED / "consistency" / "qags"
needs_qags = pytest.mark.skipif(not QAGS.is_dir(), reason="../shared/data is absent")


def sentence(text: str, *votes: str) -> dict[str, Any]:
    return {"sentence": text, "responses": [{"worker_id": n, "response": v} for n, v in enumerate(votes)]}


def write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


ROWS = [
    {
        "article": "The bank in Glasgow was robbed on Monday. Two guards were unhurt.",
        "summary_sentences": [
            sentence("A bank was robbed in Edinburgh.", "no", "no", "yes"),
            sentence("` two guards were unhurt .", "yes", "yes", "no"),
        ],
    },
    {"article": "Rain fell.", "summary_sentences": [sentence("It rained.", "yes", "yes", "yes")]},
]


def test_sentences_spans_and_labels(tmp_path: Path) -> None:
    items = read_qags(write(tmp_path / "mturk_xsum.jsonl", ROWS))
    first = items[0]
    assert first.id == "qags-xsum-0" and first.source == "qags-xsum"
    assert first.summary == "A bank was robbed in Edinburgh. ` two guards were unhurt ."
    for s in first.sentences:
        assert first.summary[s.span.start : s.span.end] == s.text
    assert [s.label for s in first.sentences] == [1, 0] and first.label == 1
    assert [s.unfaithful_votes for s in first.sentences] == [2, 1]
    assert first.faithfulness == pytest.approx((1 / 3 + 2 / 3) / 2)
    assert items[1].label == 0 and items[1].faithfulness == 1.0
    assert items.stats.counts == {"sentences": 3, "unfaithful_sentences": 1, "ties": 0, "unfaithful_items": 1}


def test_ties_follow_the_tie_rule(tmp_path: Path) -> None:
    path = write(tmp_path / "x.jsonl", [{"article": "A.", "summary_sentences": [sentence("B.", "yes", "NO")]}])
    (unfaithful,) = read_qags(path)
    (faithful,) = read_qags(path, tie="faithful")
    assert unfaithful.label == 1 and faithful.label == 0
    assert read_qags(path).stats.counts["ties"] == 1
    assert unfaithful.id == "qags-x-0"


def test_detection_items(tmp_path: Path) -> None:
    items = read_qags_detection(write(tmp_path / "mturk_cnndm.jsonl", ROWS), source="qags-test")
    first = items[0]
    assert (first.evidence, first.question, first.label, first.source) == (ROWS[0]["article"], None, 1, "qags-test")
    assert first.response == "A bank was robbed in Edinburgh. ` two guards were unhurt ."
    assert first.meta["sentence_labels"] == ((0, 31, 1), (32, 58, 0))
    assert first.meta["spans"] == ((0, 31),)
    assert items.stats.items == 2


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"article": "A.", "summary_sentences": [sentence("B.", "maybe")]}, "worker response 'maybe'"),
        ({"article": "A.", "summary_sentences": [sentence("B.")]}, "'responses' must be a non-empty list"),
        ({"article": "A.", "summary_sentences": []}, "'summary_sentences' must be a non-empty list"),
        ({"article": " ", "summary_sentences": [sentence("B.", "yes")]}, "empty 'article'"),
        ({"article": "A.", "summary_sentences": [sentence("", "yes")]}, "sentence 1: missing or empty 'sentence'"),
        ({"summary_sentences": [sentence("B.", "yes")]}, "missing column 'article'"),
    ],
)
def test_errors_name_file_and_line(tmp_path: Path, row: dict[str, Any], message: str) -> None:
    path = write(tmp_path / "q.jsonl", [ROWS[1], row])
    with pytest.raises(DataFormatError, match=rf"q\.jsonl:2: .*{message}"):
        read_qags(path)


@needs_qags
@pytest.mark.parametrize(
    ("name", "n", "sentences", "unfaithful_sentences", "unfaithful_items"),
    [("cnndm", 235, 714, 183, 122), ("xsum", 239, 239, 123, 123)],
)
def test_shared_files(name: str, n: int, sentences: int, unfaithful_sentences: int, unfaithful_items: int) -> None:
    items = read_qags(QAGS / f"mturk_{name}.jsonl")
    assert len(items) == n and items.stats.skipped_empty == 0
    assert items.stats.counts == {
        "sentences": sentences,
        "unfaithful_sentences": unfaithful_sentences,
        "ties": 0,
        "unfaithful_items": unfaithful_items,
    }
    for item in items:
        assert item.source == f"qags-{name}"
        for s in item.sentences:
            assert item.summary[s.span.start : s.span.end] == s.text and len(s.votes) == 3
    detection = qags_detection_items(items)
    assert sum(d.label for d in detection) == unfaithful_items
