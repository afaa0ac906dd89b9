from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.stagewise import (
    StagewiseItem,
    Trace,
    convert_jmle,
    convert_vqa,
    infer_answer_type,
    item_from_dict,
    load_stagewise,
    write_stagewise,
)

REFERENCE = {
    "visual_recognition": "Frontal chest radiograph with a visible pleural line and absent lung markings.",
    "knowledge_recall": "Absent lung markings beyond a pleural line define a pneumothorax.",
    "reasoning_integration": "The finding matches the definition, so this is a pneumothorax.",
    "answer": "pneumothorax",
}


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def test_load_schema_resolves_images_options_and_reference(tmp_path: Path) -> None:
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "a.png").write_bytes(b"\x89PNG")
    rows = [
        {"id": "x1", "dataset": "vqa-rad", "question": "What is shown?", "answer": "Pneumothorax",
         "images": ["img/a.png"], "reference": REFERENCE},
        {"id": "x2", "question": "Which drug?", "options": ["Aspirin", "Heparin", "Warfarin"], "answer": "Heparin"},
        {"id": "x3", "question": "Is there a fracture?", "answer": "Yes", "aliases": ["yes, there is"],
         "reference": {"vr": "A lucent line crosses the cortex of the distal radius here.", "kr": "k k k",
                       "ri": "r r r", "answer": "yes"}},
        {},
        {"id": "x4", "question": "Pick two.", "options": {"a": "one", "b": "two", "c": "three"},
         "answer": ["a", "c"], "images": "missing.png"},
    ]  # fmt: skip
    items = load_stagewise(write_jsonl(tmp_path / "items.jsonl", rows))
    assert [i.id for i in items] == ["x1", "x2", "x3", "x4"]
    x1, x2, x3, x4 = items
    assert x1.answer_type == "short" and x1.modality == "image" and x1.closed
    assert x1.images == (str(tmp_path.resolve() / "img" / "a.png"),)
    assert x1.reference == Trace(
        REFERENCE["visual_recognition"],
        REFERENCE["knowledge_recall"],
        REFERENCE["reasoning_integration"],
        "pneumothorax",
    )
    assert x2.options == (("A", "Aspirin"), ("B", "Heparin"), ("C", "Warfarin")) and x2.answer == ("B",)
    assert x2.answer_type == "option" and x2.select == 1 and x2.modality == "text" and x2.reference is None
    assert x3.answer == ("Yes", "yes, there is") and x3.answer_type == "yes_no" and x3.reference is not None
    assert x4.answer == ("a", "c") and x4.select == 2
    stats = items.stats
    assert (stats.rows, stats.items, stats.skipped_empty) == (4, 4, 1)
    assert stats.counts["with_reference"] == 2 and stats.counts["multimodal"] == 2
    assert stats.counts["missing_images"] == 1


def test_roundtrip_through_write(tmp_path: Path) -> None:
    item = item_from_dict(
        {"id": "r", "dataset": "d", "question": "Q?", "options": {"A": "x", "B": "y"}, "answer": "B",
         "reference": REFERENCE, "meta": {"k": 1}, "images": ["/abs/img.png"]}
    )  # fmt: skip
    path = tmp_path / "out.jsonl"
    assert write_stagewise(path, [item]) == 1
    again = load_stagewise(path)[0]
    assert again == item and again.meta == {"k": 1}
    assert json.loads(path.read_text())["reference"]["knowledge_recall"] == REFERENCE["knowledge_recall"]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"id": "a", "answer": "x"}, "question"),
        ({"id": "a", "question": "q", "options": ["x", "y"], "answer": "D"}, "neither an option label"),
        ({"id": "a", "question": "q", "answer": "x", "answer_type": "option"}, "answer_type"),
        ({"id": "a", "question": "q", "options": ["x", "y"], "answer": "A", "select": 2}, "select"),
        ({"id": "a", "question": "q", "answer": "x", "reference": "text"}, "reference"),
        ({"id": "a", "question": "q", "answer": "x", "reference": {"vr": "v", "kr": "k", "answer": "x"}}, "reasoning"),
    ],
)
def test_bad_rows_raise_one_line_errors(tmp_path: Path, row: dict[str, object], message: str) -> None:
    path = write_jsonl(tmp_path / "bad.jsonl", [row])
    with pytest.raises(DataFormatError, match=message) as info:
        load_stagewise(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_duplicate_ids_and_missing_file(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "dup.jsonl", [{"id": "a", "question": "q", "answer": "x"}] * 2)
    with pytest.raises(DataFormatError, match="duplicate id 'a'"):
        load_stagewise(path)
    with pytest.raises(DataFileNotFoundError):
        load_stagewise(tmp_path / "nope.jsonl")


def test_answer_type_inference() -> None:
    assert infer_answer_type("B", True) == "option"
    assert infer_answer_type("Yes.", False) == "yes_no"
    assert infer_answer_type("rectus femoris", False) == "short"
    assert infer_answer_type("start antibiotics and obtain two sets of blood cultures", False) == "open"
    assert infer_answer_type("肝細胞癌", False) == "short"


def test_convert_vqa_rad_and_medxpertqa_styles(tmp_path: Path) -> None:
    rows = [
        {"qid": 17, "image_name": "synpic1.jpg", "question": "Is the liver enlarged?", "answer": "Yes",
         "answer_type": "CLOSED"},
        {"question": "Which organ?", "answer": "liver", "image": "synpic2.jpg"},
        {"id": "MM-1", "question": "Diagnosis?", "options": {"A": "Gout", "B": "Pseudogout"}, "label": "B",
         "images": ["a.jpg", "b.jpg"], "dataset": "medxpertqa"},
    ]  # fmt: skip
    items = convert_vqa(write_jsonl(tmp_path / "vqa.jsonl", rows), image_root=tmp_path / "images")
    a, b, c = items
    assert a.id == "17" and a.answer_type == "yes_no" and a.meta == {"source_answer_type": "CLOSED"}
    assert a.images == (str(tmp_path / "images" / "synpic1.jpg"),) and a.dataset == "vqa"
    assert b.id == "vqa-2" and b.answer_type == "short"
    assert c.dataset == "medxpertqa" and c.answer == ("B",) and len(c.images) == 2
    assert items.stats.counts["missing_images"] == 4


def jmle_rows() -> list[dict[str, object]]:
    choices = {"a": "円錐角膜", "b": "視神経萎縮", "c": "水晶体混濁", "d": "Kayser-Fleischer 輪", "e": "桜実紅斑"}
    return [
        {"id": "119A16", "question": "10 歳の女子。この疾患でみられる所見はどれか。", "choices": choices,
         "answer": ["d"], "case_classification": {"type": "definite_case"}},
        {"id": "119A71", "question": "患者への説明で正しいのはどれか。2 つ選べ。", "choices": choices,
         "answer": ["a", "e"], "case_classification": {"type": "definite_case"}},
        {"id": "119E28", "question": "胸部単純CT (別冊No. 12)を別に示す。最も適切な静脈はどれか。", "choices": choices,
         "answer": ["a", "c"], "case_classification": {"type": "probable_case"}},
    ]  # fmt: skip


def test_convert_jmle_small_file(tmp_path: Path) -> None:
    path = tmp_path / "jmle.json"
    path.write_text(json.dumps(jmle_rows(), ensure_ascii=False), encoding="utf-8")
    one, two, anyof = convert_jmle(path)
    assert one.answer == ("d",) and one.select == 1 and one.modality == "text" and one.dataset == "jmle"
    assert two.answer == ("a", "e") and two.select == 2
    assert anyof.answer == ("a", "c") and anyof.select == 1 and anyof.meta["image_not_provided"] is True
    assert one.meta["case_classification"] == {"type": "definite_case"} and one.reference is None


def test_convert_jmle_real_file(shared_data: Path) -> None:
    path = shared_data / "medrect" / "jmle-2018-2025-source-questions.json"
    if not path.is_file():
        pytest.skip("the JMLE questions are not in ../shared/data")
    items = convert_jmle(path)
    assert len(items) == 1183 and items.stats.items == 1183
    assert all(isinstance(i, StagewiseItem) and i.modality == "text" and i.answer_type == "option" for i in items)
    assert all(len(i.options) >= 5 and set(i.answer) <= {k for k, _ in i.options} for i in items)
    counts = items.stats.counts
    assert counts["multi_answer"] == 148 and counts["any_of"] == 1 and counts["with_reference"] == 0
    assert sum(i.select == 2 for i in items) == 113 and sum(i.select == 3 for i in items) == 34
    assert counts["image_not_provided"] > 0 and counts["options_in_question"] == 2
    first = items[0]
    assert first.id == "119A16" and first.answer == ("d",) and dict(first.options)["d"] == "Kayser-Fleischer 輪"
