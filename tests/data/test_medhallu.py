"""MedHallu reader (medhal.data.medhallu): JSONL, CSV and save_to_disk folders -> paired detection items."""

from __future__ import annotations

import csv
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.medhallu import read_medhallu, read_medhallu_rows

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
NATURAL = SHARED / "medhal_loc" / "natural_40.jsonl"
needs_natural = pytest.mark.skipif(not NATURAL.is_file(), reason="../shared/data is absent")

ROWS: list[dict[str, Any]] = [
    {
        "Question": "Does aspirin reduce stroke?",
        "Knowledge": ["Aspirin was given to 100 patients.", "Strokes fell by half."],
        "Ground Truth": "Aspirin reduces stroke.",
        "Hallucinated Answer": "Aspirin reduces stroke by blocking serotonin.",
        "Difficulty Level": "hard",
        "Category of Hallucination": "Mechanism and Pathway Misattribution",
    },
    {
        "Question": "Is X safe?",
        "Knowledge": ["X had no side effects."],
        "Ground Truth": "X is safe.",
        "Hallucinated Answer": "X caused liver failure in 3% of patients.",
        "Difficulty Level": "easy",
        "Category of Hallucination": "Methodological and Evidence Fabrication",
    },
]


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def write_csv(path: Path, rows: list[dict[str, Any]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for r in rows:
            # a list column as pandas.to_csv writes it: its Python repr
            writer.writerow({k: repr(v) if isinstance(v, list) else v for k, v in r.items()})
    return path


def check_items(items: list[Any]) -> None:
    assert [i.id for i in items] == [
        "medhallu-0:clean",
        "medhallu-0:hallucinated",
        "medhallu-1:clean",
        "medhallu-1:hallucinated",
    ]
    assert [i.label for i in items] == [0, 1, 0, 1]
    first, second = items[0], items[1]
    assert first.evidence == "Aspirin was given to 100 patients. Strokes fell by half." == second.evidence
    assert first.response == "Aspirin reduces stroke." and second.response.endswith("serotonin.")
    assert first.question == "Does aspirin reduce stroke?" and first.source == "medhallu"
    assert second.meta == {
        "pair_id": "medhallu-0",
        "difficulty": "hard",
        "category": "Mechanism and Pathway Misattribution",
    }


def test_jsonl(tmp_path: Path) -> None:
    items = read_medhallu(write_jsonl(tmp_path / "m.jsonl", ROWS))
    check_items(items)
    assert items.stats.rows == 2 and items.stats.items == 4


def test_csv_with_list_literal_knowledge(tmp_path: Path) -> None:
    check_items(read_medhallu(write_csv(tmp_path / "m.csv", ROWS)))


def test_knowledge_separator_and_plain_text(tmp_path: Path) -> None:
    rows = read_medhallu_rows(write_jsonl(tmp_path / "m.jsonl", ROWS), knowledge_sep="\n")
    assert rows[0].knowledge == "Aspirin was given to 100 patients.\nStrokes fell by half."
    plain = [{**ROWS[0], "Knowledge": "[not a list] plain text"}]
    assert read_medhallu_rows(write_csv(tmp_path / "p.csv", plain))[0].knowledge == "[not a list] plain text"


def test_snake_case_aliases_id_column_and_optional_columns(tmp_path: Path) -> None:
    row = {
        "id": "mh_1",
        "question": "Q?",
        "evidence": "Some evidence.",
        "ground_truth": "A.",
        "hallucinated_answer": "B.",
    }
    (item,) = read_medhallu_rows(write_jsonl(tmp_path / "m.jsonl", [row]))
    assert (item.id, item.knowledge, item.difficulty, item.category) == ("mh_1", "Some evidence.", None, None)


def test_empty_rows_are_counted_and_incomplete_rows_raise_or_skip(tmp_path: Path) -> None:
    empty = dict.fromkeys(ROWS[0], "")
    incomplete = {**ROWS[1], "Ground Truth": "  "}
    path = write_jsonl(tmp_path / "m.jsonl", [ROWS[0], empty, incomplete])
    with pytest.raises(DataFormatError, match=r"m\.jsonl:3: empty 'Ground Truth'"):
        read_medhallu(path)
    items = read_medhallu(path, skip_incomplete=True)
    assert len(items) == 2
    assert (items.stats.rows, items.stats.skipped_empty, items.stats.skipped_incomplete) == (2, 1, 1)


def test_missing_column_and_file_errors(tmp_path: Path) -> None:
    rows = [{k: v for k, v in r.items() if k != "Hallucinated Answer"} for r in ROWS]
    with pytest.raises(
        DataFormatError, match=r"m\.csv:2: missing column 'Hallucinated Answer' \(or 'hallucinated_answer'\)"
    ):
        read_medhallu(write_csv(tmp_path / "m.csv", rows))
    with pytest.raises(DataFileNotFoundError, match="no such file"):
        read_medhallu(tmp_path / "absent.jsonl")
    (tmp_path / "m.parquet").write_bytes(b"PAR1")
    with pytest.raises(DataFormatError, match=r"unknown MedHallu file type '\.parquet'"):
        read_medhallu(tmp_path / "m.parquet")
    with pytest.raises(DataFormatError, match="Knowledge' is dict"):
        read_medhallu(write_jsonl(tmp_path / "k.jsonl", [{**ROWS[0], "Knowledge": {"a": 1}}]))


class _FakeDatasetDict(dict[str, list[dict[str, Any]]]):
    pass


def _fake_datasets(data: object, seen: list[str]) -> types.ModuleType:
    module = types.ModuleType("datasets")

    def load_from_disk(path: str) -> object:
        seen.append(path)
        return data

    module.load_from_disk = load_from_disk  # type: ignore[attr-defined]
    return module


def test_save_to_disk_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "medhallu"
    folder.mkdir()
    (folder / "dataset_dict.json").write_text('{"splits": ["train"]}', encoding="utf-8")
    seen: list[str] = []
    monkeypatch.setitem(sys.modules, "datasets", _fake_datasets(_FakeDatasetDict(train=ROWS), seen))
    items = read_medhallu(folder)
    check_items(items)
    assert seen == [str(folder)]
    assert read_medhallu(folder, split="train") == items
    with pytest.raises(DataFormatError, match="no split 'test'"):
        read_medhallu(folder, split="test")
    monkeypatch.setitem(sys.modules, "datasets", _fake_datasets(_FakeDatasetDict(a=ROWS, b=ROWS), seen))
    with pytest.raises(DataFormatError, match="splits a, b; pass split="):
        read_medhallu(folder)
    monkeypatch.setitem(sys.modules, "datasets", _fake_datasets(ROWS, seen))  # a plain Dataset
    check_items(read_medhallu(folder))


def test_save_to_disk_without_datasets_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "ds"
    folder.mkdir()
    (folder / "state.json").write_text("{}", encoding="utf-8")
    monkeypatch.setitem(sys.modules, "datasets", None)  # makes `import datasets` fail
    with pytest.raises(ImportError, match=r"needs the Hugging Face 'datasets' package \(pip install datasets\)"):
        read_medhallu(folder)
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(DataFormatError, match="not a Hugging Face save_to_disk dataset"):
        read_medhallu(plain)


@needs_natural
def test_shared_natural_40_snake_case_layout() -> None:
    items = read_medhallu(NATURAL)
    assert len(items) == 80 and sum(i.label for i in items) == 40
    assert items[0].id == "mh_0481:clean" and all(i.evidence for i in items)
    assert {i.meta["difficulty"] for i in items} <= {"easy", "medium", "hard"}
