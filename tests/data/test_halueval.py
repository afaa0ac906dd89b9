"""HaluEval reader (medhal.data.halueval): general (no evidence) and the paired qa/dialogue/summarization tasks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from medhal.data.errors import DataFormatError
from medhal.data.halueval import read_halueval

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
GENERAL = SHARED / "consistency" / "halueval" / "general_data.json"
needs_general = pytest.mark.skipif(not GENERAL.is_file(), reason="../shared/data is absent")


def write(path: Path, rows: list[dict[str, Any]]) -> Path:
    # the released files are JSON lines with CRLF ends despite the .json suffix
    path.write_text("".join(json.dumps(r) + "\r\n" for r in rows), encoding="utf-8")
    return path


def general(i: str, label: str, response: str, spans: list[str]) -> dict[str, Any]:
    return {
        "ID": i,
        "user_query": f"query {i}",
        "chatgpt_response": response,
        "hallucination": label,
        "hallucination_spans": spans,
    }


def test_general_items_have_no_evidence_and_located_spans(tmp_path: Path) -> None:
    rows = [
        general("1", "no", "Paris is in France.", []),
        general("2", "yes", "Paris is in Spain. It has 9 million people.", ["in Spain", "Incomplete answer"]),
        general("ID", "Yes", "Bogus id row.", []),  # line 3: the ID is replaced by the line number
        general("2", "no", "Repeated id.", []),  # line 4: repeats ID 2
    ]
    items = read_halueval(write(tmp_path / "general_data.json", rows))
    assert [i.id for i in items] == [
        "halueval-general-1",
        "halueval-general-2",
        "halueval-general-3",
        "halueval-general-4",
    ]
    assert [i.label for i in items] == [0, 1, 1, 0]
    second = items[1]
    assert second.evidence is None and second.question == "query 2" and second.source == "halueval-general"
    assert second.meta["hallucination_spans"] == ("in Spain", "Incomplete answer")
    ((start, end),) = second.meta["spans"]
    assert second.response[start:end] == "in Spain"
    assert items[2].meta["raw_id"] == "ID" and items[3].meta["raw_id"] == "2"
    assert items.stats.counts == {
        "id_from_line": 2,
        "spans_located": 1,
        "spans_not_located": 1,
        "hallucinated_without_spans": 1,
    }


def test_general_line_number_never_collides_with_a_real_id(tmp_path: Path) -> None:
    rows = [general("", "no", "a", []), general("1", "no", "b", [])]
    items = read_halueval(write(tmp_path / "g.json", rows))
    assert [i.id for i in items] == ["halueval-general-line1", "halueval-general-1"]


def test_hallucination_label_field_alias_and_bad_labels(tmp_path: Path) -> None:
    row = general("1", "no", "a", [])
    row["hallucination_label"] = row.pop("hallucination")
    assert read_halueval(write(tmp_path / "g.json", [row]))[0].label == 0
    with pytest.raises(DataFormatError, match=r"g\.json:2: hallucination label 'maybe' is neither"):
        read_halueval(write(tmp_path / "g.json", [general("1", "no", "a", []), general("2", "maybe", "b", [])]))


def test_empty_response_raises_or_is_skipped(tmp_path: Path) -> None:
    path = write(tmp_path / "g.json", [general("1", "no", "a", []), general("2", "no", " ", [])])
    with pytest.raises(DataFormatError, match=r"g\.json:2: empty 'chatgpt_response'"):
        read_halueval(path)
    items = read_halueval(path, skip_incomplete=True)
    assert len(items) == 1 and items.stats.skipped_incomplete == 1


def test_empty_paired_fields_raise_or_are_skipped(tmp_path: Path) -> None:
    full = {"knowledge": "K.", "question": "Q?", "right_answer": "R", "hallucinated_answer": "H"}
    path = write(tmp_path / "qa_data.json", [full, {**full, "question": "", "right_answer": " "}])
    with pytest.raises(DataFormatError, match=r"qa_data\.json:2: empty 'question', 'right_answer' \(HaluEval qa row\)"):
        read_halueval(path)
    items = read_halueval(path, skip_incomplete=True)
    assert len(items) == 2 and items.stats.skipped_incomplete == 1


@pytest.mark.parametrize(
    ("task", "row", "question"),
    [
        ("qa", {"knowledge": "K.", "question": "Q?", "right_answer": "R", "hallucinated_answer": "H"}, "Q?"),
        (
            "dialogue",
            {
                "knowledge": "K.",
                "dialogue_history": "[Human]: Hi?",
                "right_response": "R",
                "hallucinated_response": "H",
            },
            "[Human]: Hi?",
        ),
        ("summarization", {"document": "K.", "right_summary": "R", "hallucinated_summary": "H"}, None),
    ],
)
def test_paired_tasks(tmp_path: Path, task: str, row: dict[str, str], question: str | None) -> None:
    path = tmp_path / f"{task}_data.json"
    path.write_text(json.dumps(row) + "\n\n" + json.dumps(row) + "\n", encoding="utf-8")
    items = read_halueval(path)
    assert [i.id for i in items] == [
        f"halueval-{task}-0:clean",
        f"halueval-{task}-0:hallucinated",
        f"halueval-{task}-1:clean",
        f"halueval-{task}-1:hallucinated",
    ]
    assert [(i.response, i.label) for i in items[:2]] == [("R", 0), ("H", 1)]
    assert items[0].evidence == "K." and items[0].question == question and items[0].source == f"halueval-{task}"
    assert items.stats.skipped_empty == 1 and items.stats.rows == 2


def test_task_mismatch_and_unknown_rows(tmp_path: Path) -> None:
    path = write(tmp_path / "g.json", [general("1", "no", "a", [])])
    with pytest.raises(DataFormatError, match=r"g\.json:1: missing column 'knowledge'"):
        read_halueval(path, task="qa")
    with pytest.raises(DataFormatError, match="not a HaluEval row"):
        read_halueval(write(tmp_path / "x.json", [{"foo": "bar"}]))


@needs_general
def test_shared_general() -> None:
    items = read_halueval(GENERAL)
    assert len(items) == 4507 and len({i.id for i in items}) == 4507
    assert sum(i.label for i in items) == 815
    assert all(i.evidence is None and i.question for i in items)
    counts = items.stats.counts
    # three rows carry "" / "ID" / "ID" as their ID: exactly the three IDs missing from 1..4507
    assert counts["id_from_line"] == 3
    assert {i.meta["raw_id"] for i in items if "raw_id" in i.meta} == {"", "ID"}
    assert {i.id for i in items} == {f"halueval-general-{n}" for n in range(1, 4508)}
    assert counts["hallucinated_without_spans"] == 13
    assert counts["spans_located"] == 822 and counts["spans_not_located"] == 119
    for item in items:
        for start, end in item.meta["spans"]:
            assert item.response[start:end] in item.meta["hallucination_spans"]
