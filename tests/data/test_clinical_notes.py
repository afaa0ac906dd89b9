"""Clinical-note loaders (medhal.data.notes): MEDEC-MS, MedErrBench and MedRECT -> ClinicalNote."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from csv_files import MEDEC_HEADER, write_csv
from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.notes import (
    ClinicalNote,
    NoteSentence,
    corrected_note,
    read_medec,
    read_mederrbench_notes,
    read_medrect,
    read_notes,
    repair_mojibake,
)

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
MEDEC_TEST = SHARED / "medec" / "MEDEC-MS-TestSet-with-GroundTruth-and-ErrorType.csv"
MEB_EN_TEST = SHARED / "mederrbench" / "test" / "reviewed_data_EN_test.csv"
MEB_CN_TEST = SHARED / "mederrbench" / "test" / "reviewed_data_CN_test.csv"
MEDRECT_JA = SHARED / "medrect" / "medrect-ja-test.json"
MEDRECT_EN = SHARED / "medrect" / "medrect-en-test.json"


def needs(path: Path) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not path.is_file(), reason=f"{path} is absent (../shared/data)")


MEB_HEADER = [
    "Text ID",
    "Text",
    "Sentences",
    "Error Flag",
    "Error Sentence ID",
    "Error Sentence",
    "Error Type",
    "Corrected Sentence",
    "Corrected Text",
    "Important Words",
    "Difficulty",
    "Reasoning Type",
]


def assert_spans(note: ClinicalNote) -> None:
    assert note.sentences, note.id
    for s in note.sentences:
        assert note.text[s.start : s.end] == s.text, (note.id, s.id)
        assert s.text == s.text.strip()
    starts = [s.start for s in note.sentences]
    assert starts == sorted(starts)


# ------------------------------------------------------------------------------------------------- MEDEC-MS

MEDEC_ERROR_TEXT = (
    "A 29-year-old man has fever.\r\nThe blood pressure is 120/70 mm Hg.\r\nLabs:\r\nNa+ 139 mEq/L\r\n"
    "GGT 27 IU/L\r\nSymptoms are due to hepatitis A."
)
MEDEC_ERROR_SENTENCES = (
    "0 A 29-year-old man has fever.\r\n1 The blood pressure is\r\n2 120/70 mm\r\n3 Hg.\r\n4 Labs: Na+ 139 mEq/L\r\n"
    "GGT\r\n5 27 IU/L 6 Symptoms are due to hepatitis A.\r\n"
)
MEDEC_ROWS = [
    [
        "ms-test-0",
        MEDEC_ERROR_TEXT,
        MEDEC_ERROR_SENTENCES,
        "1",
        "causalOrganism",
        "6",
        "Symptoms are due to hepatitis A.",
        "Symptoms are due to Schistosoma mansoni.",
        MEDEC_ERROR_TEXT.replace("hepatitis A.", "Schistosoma mansoni."),
    ],
    [""] * 9,
    [""] * 9,
    [
        "ms-test-1",
        "A 29-year-old man has fever. Symptoms are due to Schistosoma mansoni.",
        "0 A 29-year-old man has fever.\r\n1 Symptoms are due to Schistosoma mansoni.",
        "0",
        "NA",
        "-1",
        "NA",
        "NA",
        "NA",
    ],
    [""] * 9,
]


def test_medec_drops_and_counts_empty_rows_and_spans_slice_back(tmp_path: Path) -> None:
    notes = read_medec(write_csv(tmp_path / "medec.csv", MEDEC_HEADER, MEDEC_ROWS))
    assert [n.id for n in notes] == ["ms-test-0", "ms-test-1"]
    assert notes.stats.rows == 2 and notes.stats.items == 2
    assert notes.stats.skipped_empty == 3
    error, clean = notes
    for note in notes:
        assert_spans(note)
        assert note.dataset == "medec-ms" and note.language == "en" and note.scenario_id is None
    assert "\r" not in error.text and error.text.startswith("A 29-year-old man has fever.\nThe blood")
    assert [s.id for s in error.sentences] == ["0", "1", "2", "3", "4", "5", "6"]
    # a sentence over several lines of the cell, and an id inside a line, both located in the text
    assert error.sentence("4") == NoteSentence(
        "4", "Labs:\nNa+ 139 mEq/L\nGGT", *_span(error.text, "Labs:\nNa+ 139 mEq/L\nGGT")
    )
    assert error.sentence("5") is not None and error.sentence("5").text == "27 IU/L"
    assert error.error_flag == 1 and error.error_sentence_id == "6" and error.error_type == "causalOrganism"
    assert error.error_span is not None and error.error_span.text == error.error_sentence
    assert error.corrected_sentence == "Symptoms are due to Schistosoma mansoni."
    assert error.corrected_text is not None and error.corrected_text.endswith("Schistosoma mansoni.")
    assert clean.error_flag == 0
    assert (clean.error_sentence_id, clean.error_sentence, clean.corrected_sentence, clean.error_type) == (None,) * 4
    assert clean.corrected_text is None
    assert error.meta["row"] == 2


def _span(text: str, part: str) -> tuple[int, int]:
    start = text.index(part)
    return start, start + len(part)


def test_medec_rows_with_problems_raise_one_line_errors_naming_file_and_row(tmp_path: Path) -> None:
    bad_flag = [row[:] for row in MEDEC_ROWS]
    bad_flag[3][3] = "maybe"
    path = write_csv(tmp_path / "flag.csv", MEDEC_HEADER, bad_flag)
    with pytest.raises(DataFormatError, match=r"flag\.csv:\d+: Error Flag 'maybe' is not 0 or 1") as exc:
        read_medec(path)
    assert "\n" not in str(exc.value)

    missing = write_csv(tmp_path / "missing.csv", MEDEC_HEADER[:2], [["ms-1", "Text."]])
    with pytest.raises(DataFormatError, match=r"missing\.csv:2: missing column 'Error Flag'"):
        read_medec(missing)

    dup = [row[:] for row in MEDEC_ROWS]
    dup[3][0] = "ms-test-0"
    with pytest.raises(DataFormatError, match="duplicate note id 'ms-test-0'"):
        read_medec(write_csv(tmp_path / "dup.csv", MEDEC_HEADER, dup))

    empty_text = [row[:] for row in MEDEC_ROWS]
    empty_text[3][1] = " "
    path = write_csv(tmp_path / "empty.csv", MEDEC_HEADER, empty_text)
    with pytest.raises(DataFormatError, match="empty 'Text'"):
        read_medec(path)
    kept = read_medec(path, skip_incomplete=True)
    assert [n.id for n in kept] == ["ms-test-0"] and kept.stats.skipped_incomplete == 1

    with pytest.raises(DataFileNotFoundError, match="no such file"):
        read_medec(tmp_path / "nope.csv")


def test_a_note_without_numbered_sentences_is_split_by_the_sentence_splitter(tmp_path: Path) -> None:
    rows = [["ms-1", "He has a fever. It started on day 2.", "", "0", "NA", "-1", "NA", "NA", "NA"]]
    notes = read_medec(write_csv(tmp_path / "m.csv", MEDEC_HEADER, rows))
    assert [(s.id, s.text) for s in notes[0].sentences] == [("0", "He has a fever."), ("1", "It started on day 2.")]
    assert notes.stats.counts["sentences_split"] == 1


# ---------------------------------------------------------------------------------------------- MedErrBench

EN_TEXT = (
    "A 45-year-old man drinks 4‚Äì6 cups of coffee daily. He drinks 2 beers daily and was seen 10 days ago. "
    "Temperature is 38¬∞C. The patient's findings suggest gout."
)
EN_SENTENCES = (
    "0 A 45-year-old man drinks 4‚Äì6 cups of coffee daily. 1 He drinks 2 beers daily and was seen 10 days ago.2 "
    "Temperature is 38¬∞C. 3 The patient's findings suggest gout."
)


def meb_rows() -> list[list[str]]:
    return [
        [
            "en-test-0",
            EN_TEXT,
            EN_SENTENCES,
            "1",
            "3",
            "The patient's findings suggest gout.",
            "Diagnosis",
            "The patient's findings suggest pseudogout.",
            EN_TEXT.replace("gout.", "pseudogout."),
            "pseudogout",
            "Hard",
            "Multi-hop",
        ],
        [
            "en-test-1",
            EN_TEXT.replace("gout.", "pseudogout."),
            EN_SENTENCES.replace("gout.", "pseudogout."),
            "0",
            "-1",
            "NA",
            "NA",
            "NA",
            "NA",
            "NA",
            "Hard",
            "Multi-hop",
        ],
    ]


def test_mederrbench_en_inline_markers_and_mojibake_repair_are_counted(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "reviewed_data_EN_test.csv", MEB_HEADER, meb_rows())
    notes = read_mederrbench_notes(path)
    error, clean = notes
    assert error.dataset == "mederrbench-en" and error.language == "en"
    assert "4–6 cups" in error.text and "38°C" in error.text and "‚Äì" not in error.text
    # text, sentences and corrected text of the error note, text and sentences of the clean one
    assert notes.stats.counts["mojibake_repaired"] == 5
    assert notes.stats.counts["mojibake_rows"] == 2
    for note in notes:
        assert_spans(note)
    # "2 beers" is part of sentence 1; "ago.2 Temperature" starts sentence 2
    assert [s.text for s in error.sentences] == [
        "A 45-year-old man drinks 4–6 cups of coffee daily.",
        "He drinks 2 beers daily and was seen 10 days ago.",
        "Temperature is 38°C.",
        "The patient's findings suggest gout.",
    ]
    assert error.error_span is not None and error.error_span.id == "3"
    assert error.meta["important_words"] == "pseudogout" and error.meta["difficulty"] == "Hard"
    assert "important_words" not in clean.meta  # NA
    unrepaired = read_mederrbench_notes(path, repair_mojibake=False)
    assert "4‚Äì6" in unrepaired[0].text and unrepaired.stats.counts["mojibake_repaired"] == 0


def test_a_sentences_cell_that_differs_from_the_text_is_aligned_fuzzily(tmp_path: Path) -> None:
    rows = meb_rows()
    rows[0][2] = rows[0][2].replace("patient's", "patients").replace(r"daily. 1", r"daily.\n1")
    notes = read_mederrbench_notes(write_csv(tmp_path / "reviewed_data_EN_x.csv", MEB_HEADER, rows))
    error = notes[0]
    assert_spans(error)
    assert error.sentence("3") is not None
    assert error.sentence("3").text == "The patient's findings suggest gout."
    assert notes.stats.counts["sentences_fuzzy"] == 1 and notes.stats.counts["text_rebuilt"] == 0


def test_a_sentences_cell_unrelated_to_the_text_rebuilds_the_text(tmp_path: Path) -> None:
    rows = meb_rows()
    rows[0][1] = "Something else entirely, with no sentence of the cell in it at all, none whatsoever."
    notes = read_mederrbench_notes(write_csv(tmp_path / "reviewed_data_EN_x.csv", MEB_HEADER, rows))
    error = notes[0]
    assert_spans(error)
    assert error.meta["source_text"].startswith("Something else")
    assert error.text.startswith("A 45-year-old man drinks 4–6 cups")
    assert notes.stats.counts["text_rebuilt"] == 1


def test_mederrbench_cn_lines_and_language_from_ids_or_argument(tmp_path: Path) -> None:
    sentences = ["患者，男，50岁，呕吐2天。", "查体：BP 110/70mmHg。", "进行血氨检查。"]
    text = "".join(sentences)
    wrong = text.replace("血氨", "肝功能")
    cell = "\n".join(f"{k} {s}" for k, s in enumerate(sentences))
    meta = ["Hard", "Multi-hop"]
    error = ["Management", "进行血氨检查。", text, "血氨"]
    rows = [
        ["cn-test-0", text, cell, "0", "-1", "NA", "NA", "NA", "NA", "NA", *meta],
        ["cn-test-1", wrong, cell.replace("血氨", "肝功能"), "1", "2", "进行肝功能检查。", *error, *meta],
    ]
    path = write_csv(tmp_path / "notes.csv", MEB_HEADER, rows)
    notes = read_mederrbench_notes(path)
    assert [n.dataset for n in notes] == ["mederrbench-cn"] * 2 and notes[0].language == "zh"
    assert [s.text for s in notes[1].sentences] == [
        "患者，男，50岁，呕吐2天。",
        "查体：BP 110/70mmHg。",
        "进行肝功能检查。",
    ]
    assert notes[1].error_span is not None and notes[1].error_span.text == "进行肝功能检查。"
    assert read_mederrbench_notes(path, language="zh")[0].dataset == "mederrbench-cn"
    assert read_mederrbench_notes(path, language="ARA")[0].language == "ar"
    with pytest.raises(ValueError, match="unknown MedErrBench language"):
        read_mederrbench_notes(path, language="fr")
    rows[0][0] = "note-0"
    with pytest.raises(DataFormatError, match="cannot tell the language"):
        read_mederrbench_notes(write_csv(tmp_path / "other.csv", MEB_HEADER, rows))


# --------------------------------------------------------------------------------------------------- MedRECT


def medrect_items() -> list[dict[str, Any]]:
    base = {
        "metadata": {"jmle_question_id": "118A36", "choice": "d", "record_type": "correct", "original_jmle_data": {}},
        "source_model": "deepseek-r1-0528",
    }
    return [
        {
            **base,
            "sample_id": "118A36_d",
            "sentences": "1. 64歳の女性。\n2. 尿所見：蛋白\n3+\n3. 処置：グルコン酸カルシウムを投与した。\n\n***",
            "error_flag": 0,
            "error_type": None,
            "error_sentence_id": None,
            "error_sentence": None,
            "corrected_sentence": None,
            "corrected_text": None,
        },
        {
            **base,
            "metadata": {**base["metadata"], "choice": "b", "record_type": "error"},
            "sample_id": "118A36_b",
            "sentences": "1. 64歳の女性。\n2. 尿所見：蛋白\n3+\n3. 処置：エリスロポエチン製剤を投与した。",
            "error_flag": 1,
            "error_type": "薬剤選択エラー",
            "error_sentence_id": 3,
            "error_sentence": "処置：エリスロポエチン製剤を投与した。",
            "corrected_sentence": "処置：グルコン酸カルシウムを投与した。",
            "corrected_text": "64歳の女性。 尿所見：蛋白\n3+ 処置：グルコン酸カルシウムを投与した。",
        },
    ]


def test_medrect_one_based_sentences_scenario_ids_and_dropped_separator_lines(tmp_path: Path) -> None:
    path = tmp_path / "medrect-ja-test.json"
    path.write_text(json.dumps(medrect_items(), ensure_ascii=False), encoding="utf-8")
    notes = read_medrect(path)
    clean, error = notes
    for note in notes:
        assert_spans(note)
        assert note.dataset == "medrect-ja" and note.language == "ja" and note.scenario_id == "118A36"
    assert [s.id for s in clean.sentences] == ["1", "2", "3"]
    assert clean.sentences[1].text == "尿所見：蛋白\n3+"  # a line without a number continues the sentence
    assert clean.text == "64歳の女性。 尿所見：蛋白\n3+ 処置：グルコン酸カルシウムを投与した。"
    assert notes.stats.counts["separator_lines"] == 1
    assert error.error_sentence_id == "3" and error.error_span is not None
    assert error.error_span.text == error.error_sentence
    assert error.meta["choice"] == "b" and error.meta["source_model"] == "deepseek-r1-0528"
    assert "original_jmle_data" not in error.meta
    assert notes.stats.counts["error_sentence_mismatch"] == 0
    # the language comes from the content when the file name does not give it
    other = tmp_path / "notes.json"
    other.write_text(json.dumps(medrect_items(), ensure_ascii=False), encoding="utf-8")
    assert read_medrect(other)[0].dataset == "medrect-ja"
    assert read_medrect(other, language="en")[0].dataset == "medrect-en"


def test_medrect_incomplete_and_duplicate_items_and_error_fields_of_error_notes_only(tmp_path: Path) -> None:
    items = medrect_items()
    path = tmp_path / "medrect-ja-test.json"
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    clean, error = read_medrect(path)
    assert (error.error_type, error.corrected_text) == (items[1]["error_type"], items[1]["corrected_text"])
    assert (clean.error_sentence_id, clean.error_type, clean.corrected_text) == (None, None, None)

    items.append({"sample_id": " ", "sentences": "", "error_flag": 0})
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(DataFormatError, match=r"item 3: empty 'sample_id', 'sentences' \(MedRECT item\)"):
        read_medrect(path)
    kept = read_medrect(path, skip_incomplete=True)
    assert [n.id for n in kept] == ["118A36_d", "118A36_b"]
    assert (kept.stats.rows, kept.stats.items, kept.stats.skipped_incomplete) == (3, 2, 1)

    dup = medrect_items()
    dup[1]["sample_id"] = "118A36_d"
    path.write_text(json.dumps(dup, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(DataFormatError, match=r"duplicate note id '118A36_d'.*MedRECT item"):
        read_medrect(path)


def test_read_notes_dispatches_on_format(tmp_path: Path) -> None:
    path = tmp_path / "medrect-ja.json"
    path.write_text(json.dumps(medrect_items(), ensure_ascii=False), encoding="utf-8")
    assert [n.id for n in read_notes(path, "medrect")] == ["118A36_d", "118A36_b"]
    medec = write_csv(tmp_path / "medec.csv", MEDEC_HEADER, MEDEC_ROWS)
    assert read_notes(medec, "medec").stats.skipped_empty == 3
    with pytest.raises(ValueError, match="unknown note format 'csv'"):
        read_notes(medec, "csv")


def test_corrected_note_keeps_sentence_ids_and_slices_back(tmp_path: Path) -> None:
    path = tmp_path / "medrect-ja.json"
    path.write_text(json.dumps(medrect_items(), ensure_ascii=False), encoding="utf-8")
    clean, error = read_medrect(path)
    rebuilt = corrected_note(error)
    assert rebuilt is not None
    assert rebuilt.id == "118A36_b:corrected" and rebuilt.error_flag == 0 and rebuilt.scenario_id == "118A36"
    assert rebuilt.text == clean.text and [s.id for s in rebuilt.sentences] == ["1", "2", "3"]
    assert rebuilt.sentence("3").text == "処置：グルコン酸カルシウムを投与した。"
    assert rebuilt.meta == {"source_note": "118A36_b", "sentences": "kept"}
    assert_spans(rebuilt)
    assert corrected_note(clean) is None
    medec = read_medec(write_csv(tmp_path / "medec.csv", MEDEC_HEADER, MEDEC_ROWS))
    fixed = corrected_note(medec[0])
    assert fixed is not None and fixed.sentence("6").text == "Symptoms are due to Schistosoma mansoni."
    assert_spans(fixed)


def test_note_records_refuse_spans_that_do_not_slice_back() -> None:
    with pytest.raises(ValueError, match="does not slice back"):
        ClinicalNote("n", "medec-ms", "en", "abc", (NoteSentence("0", "xy", 0, 2),), 0, None, None, None, None, None)
    with pytest.raises(ValueError, match="error_flag"):
        ClinicalNote("n", "medec-ms", "en", "abc", (), 2, None, None, None, None, None)


# -------------------------------------------------------------------------------------------------- mojibake


@pytest.mark.parametrize(
    ("broken", "fixed"),
    [
        ("drinks 4‚Äì6 cups", "drinks 4–6 cups"),  # UTF-8 read as Mac Roman (MedErrBench EN)
        ("38¬∞C, Œ≤-blocker", "38°C, β-blocker"),
        ("caf\u00c3\u00a9 \u00e2\u20ac\u201c 5", "café – 5"),  # UTF-8 read as Windows-1252 (MEDEC validation)
        ("\u00e2\u20ac\u0153quoted\u00e2\u20ac\u009d", "“quoted”"),  # 0x9D, undefined in cp1252, as Latin-1
    ],
)
def test_mojibake_is_repaired_when_unambiguous(broken: str, fixed: str) -> None:
    assert repair_mojibake(broken) == (fixed, "repaired")


@pytest.mark.parametrize("text", ["plain ascii", "café – 5 °C", "患者，男，50岁", "مريض عمره 24 سنة", "BP ≥ 140 mmHg"])
def test_clean_text_is_left_alone(text: str) -> None:
    assert repair_mojibake(text) == (text, "ok")


def test_mojibake_two_encodings_disagree_on_is_left_as_it_is() -> None:
    assert repair_mojibake("Õ¥") == ("Õ¥", "ambiguous")  # Armenian in cp1252, Greek in Mac Roman


# -------------------------------------------------------------------------------------------- the real files


@needs(MEDEC_TEST)
def test_real_medec_test_set() -> None:
    notes = read_medec(MEDEC_TEST)
    assert len(notes) == 597 and notes.stats.skipped_empty == 328
    assert sum(n.error_flag for n in notes) == 311
    assert notes.stats.counts["text_rebuilt"] == 0 and notes.stats.counts["error_sentence_mismatch"] == 0
    for note in notes:
        assert_spans(note)


@needs(MEB_EN_TEST)
def test_real_mederrbench_en_test_mojibake_is_repaired() -> None:
    notes = read_mederrbench_notes(MEB_EN_TEST)
    assert len(notes) == 208 and {n.dataset for n in notes} == {"mederrbench-en"}
    assert notes.stats.counts["mojibake_repaired"] == 336
    assert not any(marker in n.text for n in notes for marker in ("‚Äì", "¬∞", "‚Äô"))
    for note in notes:
        assert_spans(note)


@needs(MEB_CN_TEST)
def test_real_mederrbench_cn_test() -> None:
    notes = read_mederrbench_notes(MEB_CN_TEST)
    assert len(notes) == 200 and notes.stats.counts["mojibake_repaired"] == 0
    for note in notes:
        assert_spans(note)


@needs(MEDRECT_JA)
def test_real_medrect_ja_test() -> None:
    notes = read_medrect(MEDRECT_JA)
    assert len(notes) == 663 and {n.dataset for n in notes} == {"medrect-ja"}
    assert sum(n.error_flag for n in notes) == 367
    assert all(n.sentences[0].id == "1" and n.scenario_id for n in notes)
    for note in notes:
        assert_spans(note)


@needs(MEDRECT_EN)
def test_real_medrect_en_test_has_no_scenario_ids() -> None:
    notes = read_medrect(MEDRECT_EN)
    assert len(notes) == 458 and {n.dataset for n in notes} == {"medrect-en"}
    assert all(n.scenario_id is None for n in notes)
