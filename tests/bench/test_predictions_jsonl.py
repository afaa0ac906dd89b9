"""The lines of a JSONL predictions file (medhal.bench.predictions_jsonl), as the localization and paired suites
read them."""

from __future__ import annotations

from pathlib import Path

import pytest

from medhal.bench.localization.predictions import read_predictions
from medhal.bench.paired.predictions_file import read_predictions_file
from medhal.bench.predictions_jsonl import json_lines
from medhal.errors import PredictionsFileError


def test_json_lines_skips_blank_lines_and_names_each_line() -> None:
    text = '{"id": 1}\n\n  \n[2]\nnull\n'
    got = list(json_lines(Path("p.jsonl"), text))
    assert got == [("p.jsonl:1", {"id": 1}), ("p.jsonl:4", [2]), ("p.jsonl:5", None)]


def test_json_lines_reports_a_line_that_is_not_json() -> None:
    lines = json_lines(Path("p.jsonl"), '{"id": 1}\n{"id": \n')
    assert next(lines) == ("p.jsonl:1", {"id": 1})
    with pytest.raises(PredictionsFileError, match=r"^p\.jsonl:2: not JSON \(Expecting value\)$"):
        next(lines)


def test_both_suites_report_a_bad_line_the_same_way_and_keep_their_own_row_checks(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('\n{"id": "a",\n', encoding="utf-8")
    expected = f"{bad}:2: not JSON (Expecting property name enclosed in double quotes)"
    for read in (lambda: read_predictions(bad, []), lambda: read_predictions_file(bad)):
        with pytest.raises(PredictionsFileError) as info:
            read()
        assert str(info.value) == expected
    array = tmp_path / "array.jsonl"
    array.write_text("[1]\n", encoding="utf-8")
    with pytest.raises(PredictionsFileError, match=r"array\.jsonl:1: a prediction needs an id$"):
        read_predictions(array, [])
    with pytest.raises(PredictionsFileError, match=r"array\.jsonl:1: not a JSON object$"):
        read_predictions_file(array)
