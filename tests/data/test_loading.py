"""Shared loader plumbing (medhal.data.loading, medhal.data.errors): raw JSON/CSV rows, empty rows, one-line errors,
the row and dataset format registries."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path
from typing import get_args

import pytest

from medhal.data.detection import DETECTION_FORMATS, DetectionFormat
from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.loading import (
    ROW_FORMATS,
    DatasetFormat,
    LoadStats,
    Records,
    parse_json,
    read_csv_rows,
    read_json_rows,
    read_text,
    row_format,
)
from medhal.data.pubmedqa import read_pubmedqa
from medhal.data.qags import read_qags_detection
from medhal.data.stagewise import convert_jmle


def test_missing_file_is_both_file_not_found_and_format_error(tmp_path: Path) -> None:
    with pytest.raises(DataFileNotFoundError, match=r"nope\.jsonl: no such file") as info:
        read_json_rows(tmp_path / "nope.jsonl", "thing")
    assert isinstance(info.value, FileNotFoundError) and isinstance(info.value, ValueError)
    with pytest.raises(DataFormatError, match="is a folder"):
        read_text(tmp_path, "thing")


def test_jsonl_rows_count_blank_lines_and_keep_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_text('{"a": "x\u2028y"}\n\n   \n{"a": ""}\r\n{"a": "z"}\r\n', encoding="utf-8")
    table = read_json_rows(path, "thing")
    assert [r.number for r in table.rows] == [1, 5]
    assert table.rows[0].data["a"] == "x\u2028y"  # U+2028 is not a line end
    assert table.rows[1].where == f"{path}:5"
    assert table.skipped_empty == 3  # two blank lines and one all-empty object


def test_json_array_rows(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text('[{"a": 1}, {}, {"a": 2}]', encoding="utf-8")
    table = read_json_rows(path, "thing")
    assert [r.number for r in table.rows] == [1, 3] and table.skipped_empty == 1
    assert table.rows[1].where.endswith(":item 3")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a": 1}\n{"a": \n', r"a\.jsonl:2: not valid JSON"),
        ('{"a": 1}\n[1, 2]\n', r"a\.jsonl:2: expected a JSON object, got list"),
        ("\n\n", r"a\.jsonl: no data rows \(2 empty"),
        ("", r"a\.jsonl: no data rows \(0 empty"),
    ],
)
def test_jsonl_errors_are_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "a.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFormatError, match=message) as info:
        read_json_rows(path, "thing")
    assert "\n" not in str(info.value)


def test_parse_json_names_the_line_and_what_was_read() -> None:
    assert parse_json("a.json", '{"x": [1, 2]}') == {"x": [1, 2]}
    with pytest.raises(DataFormatError, match=r"^a\.json:3: not valid JSON \(Expecting value\)$"):
        parse_json("a.json", "[\n1,\n]")
    with pytest.raises(DataFormatError, match=r"^a\.json:1: not valid JSON \(Expecting value; things\)$"):
        parse_json("a.json", "", "things")


@pytest.mark.parametrize(
    ("read", "suffix"),
    [(read_pubmedqa, "; PubMedQA ori_pqal.json layout"), (convert_jmle, "")],
)
def test_whole_file_json_loaders_report_a_syntax_error_at_its_line(
    tmp_path: Path, read: Callable[[Path], object], suffix: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{\n"a": 1,\n', encoding="utf-8")
    with pytest.raises(DataFormatError) as info:
        read(path)
    assert str(info.value) == f"{path}:3: not valid JSON (Expecting property name enclosed in double quotes{suffix})"


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_bytes(b'{"a": "\xff"}\n')
    with pytest.raises(DataFormatError, match="not UTF-8"):
        read_json_rows(path, "thing")


def test_csv_rows_multiline_cells_empty_rows_and_bad_widths(tmp_path: Path) -> None:
    path = tmp_path / "a.csv"
    path.write_text('A,B\n1,"two\nlines"\n\n,\n3,4\n', encoding="utf-8")
    table = read_csv_rows(path, "thing")
    assert [dict(r.data) for r in table.rows] == [{"A": "1", "B": "two\nlines"}, {"A": "3", "B": "4"}]
    assert [r.number for r in table.rows] == [2, 6]  # the first line of each record
    assert table.skipped_empty == 2
    bad = tmp_path / "bad.csv"
    bad.write_text("A,B\n1,2\n1,2,3\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match=r"bad\.csv:3: 3 cells, the header has 2"):
        read_csv_rows(bad, "thing")
    tsv = tmp_path / "a.tsv"
    tsv.write_text("A\tB\n1\t2\n", encoding="utf-8")
    assert dict(read_csv_rows(tsv, "thing").rows[0].data) == {"A": "1", "B": "2"}


def test_records_is_a_list_with_stats() -> None:
    stats = LoadStats("p", rows=2, items=2, skipped_empty=1, counts={"k": 3})
    records = Records([1, 2], stats)
    assert records == [1, 2] and records.stats is stats
    assert stats.summary() == "p: 2 rows -> 2 items (skipped 1 empty, 0 incomplete; k=3)"
    again = pickle.loads(pickle.dumps(records))
    assert again == [1, 2] and again.stats == stats


def test_row_formats_by_suffix(tmp_path: Path) -> None:
    assert row_format("x.JSONL") is ROW_FORMATS["json"] and row_format("x.ndjson") is ROW_FORMATS["json"]
    assert row_format("x.tsv") is ROW_FORMATS["csv"] and row_format("x.parquet") is None
    path = tmp_path / "a.csv"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    form = row_format(path)
    assert form is not None and form.read(path, "thing").rows[0].data == {"a": "1", "b": "2"}
    blank = tmp_path / "null.jsonl"
    blank.write_text('{"a": 1}\n\nnull\n', encoding="utf-8")  # a blank line is skipped, a null line is no object
    with pytest.raises(DataFormatError, match=r"null\.jsonl:3: expected a JSON object, got NoneType"):
        read_json_rows(blank, "thing")


def test_dataset_formats_register_their_loaders(tmp_path: Path) -> None:
    assert list(DETECTION_FORMATS) == list(get_args(DetectionFormat))  # the table and its Literal agree
    qags = DETECTION_FORMATS["qags"]
    assert qags.options() == ("tie", "source") and qags.load is read_qags_detection
    with pytest.raises(TypeError, match="format 'qags': unknown option\\(s\\) split; accepted: tie, source"):
        qags.read(tmp_path / "x.jsonl", split="train")
    seen: list[tuple[Path, dict[str, object]]] = []

    def load(path: Path, *, flag: bool = False) -> Records[int]:
        seen.append((path, {"flag": flag}))
        return Records([1], LoadStats(str(path), 1, 1))

    form = DatasetFormat("toy", load, (".jsonl",), "a toy")
    assert form.read(tmp_path, flag=True) == [1] and seen == [(tmp_path, {"flag": True})]
