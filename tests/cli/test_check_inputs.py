"""``check``'s batch formats (one registry, chosen by suffix, one line validator for JSONL lines and Parquet rows)
and its flags as detector options (the registry says which detector takes which)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.cli.check import FLAG_OPTIONS, detector_options
from medhal.cli.inputs import BATCH_FORMATS, UsageError, batch_format, iter_batch, read_input_file
from medhal.detect.registry import DetectorSpecError, accepted_options


def test_formats_are_chosen_by_suffix() -> None:
    assert set(BATCH_FORMATS) == {"jsonl", "parquet"}
    assert batch_format("x.PARQUET").name == "parquet" and batch_format(Path("a/b.parquet")).tabular
    for path in ("x.jsonl", "x.json", "x", "-", None):
        assert batch_format(path).name == "jsonl" and not batch_format(path).tabular
    BATCH_FORMATS["jsonl"].require()  # JSONL needs nothing installed


def test_jsonl_lines_become_items_or_reasons(tmp_path: Path) -> None:
    path = tmp_path / "batch.jsonl"
    lines = [
        json.dumps({"id": "a", "evidence": "E.", "response": "R.", "question": "Q?"}),
        "",
        "{not json",
        json.dumps([1]),
        json.dumps({"evidence": "E."}),
        json.dumps({"id": 7, "evidence": "E.", "response": 3, "question": 0}),
        json.dumps({"evidence": "E.", "response": "R."}),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    got = list(iter_batch(str(path)))
    assert [(b.line, b.id) for b in got] == [
        (1, "a"),
        (3, "line-3"),
        (4, "line-4"),
        (5, "line-5"),
        (6, "7"),
        (7, "line-7"),
    ]
    assert got[0].item is not None and (got[0].item.question, got[0].item.id) == ("Q?", "a")
    assert got[1].error is not None and got[1].error.startswith("line 3 is not JSON")
    assert got[2].error == "line 4 is not a JSON object"
    assert got[3].error == "line 5 lacks field(s): response"
    assert got[4].error == "line 6: field(s) response, question must be strings"
    assert got[5].item is not None and got[5].error is None
    with pytest.raises(UsageError, match=r"input file .* does not exist"):
        list(iter_batch(str(tmp_path / "missing.jsonl")))


def test_parquet_rows_are_checked_as_lines_are(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "batch.parquet"
    table = pa.table({"id": ["a", None], "evidence": ["E.", None], "response": ["R.", "R."]})
    pq.write_table(table, path)
    first, second = iter_batch(str(path))
    assert first.item is not None and first.id == "a"
    assert (second.id, second.error) == ("line-2", "line 2: field(s) evidence must be strings")


def test_flags_are_options_of_the_detectors_that_take_them() -> None:
    spec = detector_options("decomposed:max_windows=2", units="sentence", threshold=None)
    assert spec == ("decomposed:max_windows=2", "decomposed", {"max_windows": 2, "units": "sentence"})
    with pytest.raises(UsageError, match="--premise does not apply to detector 'decomposed'"):
        detector_options("decomposed", premise="windows")
    with pytest.raises(UsageError, match="--units and --detector 'random:units=clause' both set units"):
        detector_options("random:units=clause", units="sentence")
    with pytest.raises(DetectorSpecError, match="unknown detector 'nope'"):
        detector_options("nope")
    for option in FLAG_OPTIONS:  # every flag is an option of some detector
        assert any(option in accepted_options(name) for name in ("decomposed", "nli-clause"))


def test_read_input_file_refuses_missing_paths_folders_and_unreadable_files(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x", encoding="utf-8")
    assert read_input_file(tmp_path / "a.txt", "notes", Path.read_bytes) == b"x"
    with pytest.raises(UsageError, match=r"^notes file .*nope\.txt does not exist$"):
        read_input_file(tmp_path / "nope.txt", "notes", Path.read_bytes)
    with pytest.raises(UsageError, match=r"^notes path .* is a directory, not a file$"):
        read_input_file(tmp_path, "notes", Path.read_bytes)

    def unreadable(path: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(path))

    with pytest.raises(UsageError, match=r"^cannot read notes file .*a\.txt: Permission denied$"):
        read_input_file(tmp_path / "a.txt", "notes", unreadable)
