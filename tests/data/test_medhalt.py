from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.medhalt import (
    MemoryItem,
    ReasoningItem,
    canonical_test,
    find_idk_options,
    find_test_file,
    load_medhalt,
)

MEDHALT = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "medhalt"
HEADER = ["id", "subject_name", "topic_name", "split_type", "dataset", "question", "options"]


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    buf = io.StringIO(newline="")
    writer = csv.writer(buf)
    writer.writerow(header)
    writer.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")
    return path


def test_canonical_names_and_aliases() -> None:
    assert canonical_test("FCT") == "fct"
    assert canonical_test("fake") == "fqt"
    assert canonical_test("reasoning_nota") == "nota"
    assert canonical_test("url2title") == "link2title"
    assert canonical_test("IR_title2pubmedlink") == "title2link"
    with pytest.raises(ValueError, match="unknown Med-HALT test"):
        canonical_test("quiz")


def test_fct_csv_reads_the_suggested_answer_from_options(tmp_path: Path) -> None:
    options = "{'0': 'Amalgam', '1': 'Silicate', '2': 'Composite resin', 'correct answer': 'Amalgam'}"
    path = write_csv(
        tmp_path / "reasoning_FCT.csv",
        [*HEADER, "correct_answer", "correct_index"],
        [["q1", "Dental", "Materials", "train", "medmcqa", "Closest to dentin?", options, "Silicate", "1"]],
    )
    (item,) = load_medhalt(path, "fct")
    assert isinstance(item, ReasoningItem)
    assert item.options == ("Amalgam", "Silicate", "Composite resin")
    assert item.option_keys == ("0", "1", "2")
    assert (item.suggested_answer, item.suggested_index) == ("Amalgam", 0)
    assert (item.correct_index, item.correct_answer) == (1, "Silicate")
    assert item.suggested_is_correct is False
    assert (item.dataset, item.subject, item.topic, item.split) == ("medmcqa", "Dental", "Materials", "train")


def test_nota_finds_the_correct_option_by_text_or_as_none_of_the_above(tmp_path: Path) -> None:
    rows = [
        ["a", "", "", "test", "headqa_en", "Q?", "{'0': 'x', '1': 'None of the above', '2': 'y'}", "", ""],
        ["b", "", "", "test", "medqa_en", "Q?", "{'0': 'x', '1': 'y', '2': 'z'}", "z", ""],
    ]
    path = write_csv(tmp_path / "reasoning_nota.csv", [*HEADER, "correct_answer", "correct_index"], rows)
    a, b = load_medhalt(path, "nota")
    assert isinstance(a, ReasoningItem) and isinstance(b, ReasoningItem)
    assert (a.correct_index, a.correct_answer) == (1, "None of the above")
    assert (b.correct_index, b.correct_answer) == (2, "z")


def test_options_are_parsed_with_literal_eval_never_eval(tmp_path: Path) -> None:
    evil = "__import__('os').system('touch pwned')"
    path = write_csv(tmp_path / "reasoning_fake.csv", HEADER, [["a", "", "", "", "x", "Q?", evil]])
    with pytest.raises(DataFormatError, match="options is not a dict literal"):
        load_medhalt(path, "fqt")
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()


def test_fct_without_a_suggested_answer_and_duplicate_ids_raise(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "f.csv", [*HEADER, "correct_index"], [["a", "", "", "", "", "Q", "{'0': 'x'}", "0"]])
    with pytest.raises(DataFormatError, match="no suggested answer"):
        load_medhalt(path, "fct")
    rows = [["a", "", "", "", "", "Q", "{'0': 'I do not know'}"]] * 2
    with pytest.raises(DataFormatError, match="duplicate id 'a'"):
        load_medhalt(write_csv(tmp_path / "g.csv", HEADER, rows), "fqt")
    with pytest.raises(DataFileNotFoundError):
        load_medhalt(tmp_path, "nota")


def test_idk_options_with_the_data_quoting_and_the_fallback() -> None:
    assert find_idk_options(("a", "b", "I do not know.")) == ((2,), False)
    assert find_idk_options(("a", 'I don"t know.')) == ((1,), False)
    assert find_idk_options(("a", "... concede: 'I do not know'", "I Do Not Know")) == ((1, 2), False)
    assert find_idk_options(("a", "Conceding defeat in the face of this absurdity")) == ((1,), True)
    assert find_idk_options(("a", "b")) == ((), True)


def test_memory_json_layout_with_the_fork_original_title(tmp_path: Path) -> None:
    rows = [
        {"id": "r", "PMID": 35020963, "Title": "A real title", "original_title": "A real title"},
        {"id": "f", "PMID": 32279415, "Title": "A title put in by the fork", "original_title": "Unknown"},
    ]
    path = tmp_path / "IR_pmid2title.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    assert find_test_file(tmp_path, "pmid2title") == path
    real, fake = load_medhalt(tmp_path, "pmid2title")
    assert isinstance(real, MemoryItem) and isinstance(fake, MemoryItem)
    assert (real.query, real.answer, real.exists, real.answer_field) == (
        "35020963",
        "A real title",
        True,
        "paper_title",
    )
    assert (fake.answer, fake.exists, fake.replaced_title) == ("Unknown", False, "A title put in by the fork")


def test_memory_original_csv_layouts(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "IR_abstract2pubmedlink.csv", ["id", "Abstract", "url"], [["a", "Text.", "Unknown"]])
    (item,) = load_medhalt(path, "abstract2link")
    assert isinstance(item, MemoryItem)
    assert (item.query, item.answer, item.exists, item.answer_field) == ("Text.", "Unknown", False, "url")
    path = write_csv(tmp_path / "IR_pubmedlink2title.csv", ["id", "url", "Title"], [["b", "https://x/1", "T"]])
    (item,) = load_medhalt(path, "link2title")
    assert isinstance(item, MemoryItem) and (item.query, item.answer, item.exists) == ("https://x/1", "T", True)


def test_real_files_load() -> None:
    if not MEDHALT.is_dir():
        pytest.skip("../shared/data/medhalt is not present")
    fake = load_medhalt(MEDHALT, "fqt")
    assert len(fake) == 1858
    assert all(isinstance(i, ReasoningItem) and i.idk_indices for i in fake)
    assert fake.stats.counts == {"idk_fallback": 3}
    assert {i.dataset for i in fake} == {"medmcqa", "headqa_en", "medqa_tai_en", "medqa_en"}
    for test in ("pmid2title", "link2title", "title2link"):
        items = load_medhalt(MEDHALT, test)
        assert len(items) == 4916
        assert sum(not i.exists for i in items if isinstance(i, MemoryItem)) == 1989
    fct = load_medhalt(MEDHALT / "fct_sample_outputs.json", "fct")
    assert len(fct) == 5 and all(isinstance(i, ReasoningItem) and i.suggested_is_correct is False for i in fct)


def test_blank_ids_are_refused_and_fields_are_stripped(tmp_path: Path) -> None:
    rows = [[" ", "", "", "", "", "Q", "{'0': 'x', '1': 'I do not know'}"]]
    with pytest.raises(DataFormatError, match=r"empty id \(Med-HALT fqt\)"):
        load_medhalt(write_csv(tmp_path / "f.csv", HEADER, rows), "fqt")
    path = write_csv(tmp_path / "IR_abstract2pubmedlink.csv", ["id", "Abstract", "url"], [[" ", "Text.", "u"]])
    with pytest.raises(DataFormatError, match=r"empty id \(Med-HALT abstract2link\)"):
        load_medhalt(path, "abstract2link")
    rows = [[" a ", " Sub ", "", "", " ds ", "Q", "{'0': 'x', '1': 'I do not know'}"]]
    (item,) = load_medhalt(write_csv(tmp_path / "g.csv", HEADER, rows), "fqt")
    assert isinstance(item, ReasoningItem) and (item.id, item.dataset, item.subject) == ("a", "ds", "Sub")
