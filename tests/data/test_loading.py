"""Shared loader plumbing (medhal.data.loading, medhal.data.errors): raw JSON/CSV rows, empty rows, one-line errors."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.loading import LoadStats, Records, read_csv_rows, read_json_rows, read_text


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
