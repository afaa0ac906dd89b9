"""PubMedQA reader (medhal.data.pubmedqa) on an inline fixture, and on ../shared/data when present."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.pubmedqa import context_index, normalize_question, pubmedqa_contexts, read_pubmedqa

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
PQAL = SHARED / "pubmedqa" / "ori_pqal.json"
needs_pqal = pytest.mark.skipif(not PQAL.is_file(), reason="../shared/data/pubmedqa is absent")

RECORD = {
    "QUESTION": "Does  aspirin\nreduce stroke?",
    "CONTEXTS": ["Aspirin was given to 100 patients.", "Strokes fell by half."],
    "LABELS": ["METHODS", "RESULTS"],
    "MESHES": ["Aspirin"],
    "YEAR": "2001",
    "final_decision": "yes",
    "LONG_ANSWER": "Aspirin reduces stroke.",
}


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "ori_pqal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_read_pubmedqa(tmp_path: Path) -> None:
    path = write(tmp_path, {"123": RECORD, "456": {**RECORD, "QUESTION": "Other?", "final_decision": None}, "7": {}})
    items = read_pubmedqa(path)
    assert [i.pmid for i in items] == ["123", "456"]
    first = items[0]
    assert first.contexts == tuple(RECORD["CONTEXTS"]) and first.labels == ("METHODS", "RESULTS")
    assert first.context == "Aspirin was given to 100 patients. Strokes fell by half."
    assert first.final_decision == "yes" and first.year == "2001" and first.meshes == ("Aspirin",)
    assert items[1].final_decision is None
    assert items.stats.rows == 2 and items.stats.skipped_empty == 1


def test_contexts_keyed_by_normalized_question(tmp_path: Path) -> None:
    path = write(tmp_path, {"123": RECORD})
    assert normalize_question("  Does ASPIRIN reduce\tstroke? ") == "does aspirin reduce stroke?"
    contexts = pubmedqa_contexts(path)
    assert contexts == {"does aspirin reduce stroke?": "Aspirin was given to 100 patients. Strokes fell by half."}


def test_ambiguous_questions_are_left_out_and_reported(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    same = {**RECORD, "CONTEXTS": ["Something else."]}
    dup = {**RECORD}  # same question, same context: not ambiguous
    path = write(
        tmp_path, {"1": RECORD, "2": same, "3": {**RECORD, "QUESTION": "Q2?"}, "4": {**dup, "QUESTION": "Q2?"}}
    )
    index, ambiguous = context_index(read_pubmedqa(path))
    assert set(index) == {"q2?"} and ambiguous == {"does aspirin reduce stroke?"}
    with caplog.at_level(logging.WARNING):
        assert set(pubmedqa_contexts(path)) == {"q2?"}
    assert "1 questions occur with different contexts" in caplog.text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([RECORD], "expected one JSON object"),
        ({"9": {**RECORD, "CONTEXTS": "text"}}, r"pmid 9: CONTEXTS must be a list of strings"),
        ({"9": {k: v for k, v in RECORD.items() if k != "QUESTION"}}, r"pmid 9: missing field 'QUESTION'"),
        ({"9": {k: v for k, v in RECORD.items() if k != "CONTEXTS"}}, r"pmid 9: missing field 'CONTEXTS'"),
        ({"9": "x"}, r"pmid 9: expected a JSON object"),
    ],
)
def test_errors(tmp_path: Path, data: object, message: str) -> None:
    with pytest.raises(DataFormatError, match=message):
        read_pubmedqa(write(tmp_path, data))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataFileNotFoundError, match="no such file"):
        read_pubmedqa(tmp_path / "absent.json")


@needs_pqal
def test_shared_pqal() -> None:
    items = read_pubmedqa(PQAL)
    assert len(items) == 1000 and items.stats.skipped_empty == 0
    assert {i.final_decision for i in items} == {"yes", "no", "maybe"}
    assert all(i.contexts and len(i.contexts) == len(i.labels) and i.long_answer for i in items)
    contexts = pubmedqa_contexts(PQAL)
    assert len(contexts) == 1000  # no two PQA-L questions collide after normalisation
