"""``medhal pairs`` (medhal.cli.pairs): the pairing summary as JSON, one-line usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from csv_files import MEDEC_HEADER, write_csv
from medhal.cli.inputs import UsageError
from medhal.cli.pairs import pairs_command

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
MEDEC_TEST = SHARED / "medec" / "MEDEC-MS-TestSet-with-GroundTruth-and-ErrorType.csv"
MEB_CN_TEST = SHARED / "mederrbench" / "test" / "reviewed_data_CN_test.csv"

KEYS = ["notes", "error_notes", "clean_notes", "pairs", "unmatched_error_notes", "shared_clean_notes"]

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command("pairs")(pairs_command)


@app.command("noop")
def _noop() -> None:
    """A second command, so that ``pairs`` is addressed by name as under ``medhal``."""


runner = CliRunner()

FIX = ["He has hepatitis A.", "He has schistosomiasis."]
CASE = "A 29-year-old man presents with fever, diarrhea and rash after a trip to Brazil where he swam in lakes."


def medec_file(tmp_path: Path) -> Path:
    wrong, right = f"{CASE} He has hepatitis A.", f"{CASE} He has schistosomiasis."
    arm = "A woman with a broken wrist."
    rows = [
        ["ms-test-0", wrong, f"0 {CASE}\n1 He has hepatitis A.", "1", "diagnosis", "1", *FIX[:2], right],
        ["ms-test-1", right, f"0 {CASE}\n1 He has schistosomiasis.", "0", "NA", "-1", "NA", "NA", "NA"],
        [""] * 9,
        ["ms-test-2", arm, f"0 {arm}", "1", "management", "0", arm, *[arm.replace("broken", "sprained")] * 2],
    ]
    return write_csv(tmp_path / "medec.csv", MEDEC_HEADER, rows)


def summary(args: list[str]) -> dict[str, int]:
    result = runner.invoke(app, ["pairs", *args])
    assert result.exit_code == 0, (result.output, result.exception)
    data = json.loads(result.stdout)
    assert list(data) == KEYS
    return {k: int(v) for k, v in data.items()}


def usage_error(args: list[str]) -> str:
    result = runner.invoke(app, ["pairs", *args])
    assert isinstance(result.exception, UsageError), (result.output, result.exception)
    message = str(result.exception)
    assert message and "\n" not in message
    return message


def test_pairs_prints_the_summary_as_json(tmp_path: Path) -> None:
    path = medec_file(tmp_path)
    assert summary(["--data", str(path), "--format", "medec"]) == dict(zip(KEYS, [3, 2, 1, 1, 1, 0], strict=True))
    # a threshold no pair reaches
    assert summary(["--data", str(path), "-f", "medec", "--jaccard", "0.99"])["pairs"] == 0
    assert summary(["--data", str(path), "-f", "medec", "--method", "alternating"])["pairs"] == 1


def test_corrected_pairs_are_reported_on_their_own(tmp_path: Path) -> None:
    path = medec_file(tmp_path)
    expected = dict(zip(KEYS, [3, 2, 1, 2, 0, 0], strict=True))
    assert summary(["--data", str(path), "--format", "medec", "--corrected"]) == expected
    assert summary(["--data", str(path), "--format", "medec", "--method", "corrected"]) == expected


def test_bad_input_is_a_one_line_usage_error(tmp_path: Path) -> None:
    path = medec_file(tmp_path)
    assert "unknown --format 'csv'" in usage_error(["--data", str(path), "--format", "csv"])
    assert "unknown --method 'nearest'" in usage_error(
        ["--data", str(path), "--format", "medec", "--method", "nearest"]
    )
    assert "exclude each other" in usage_error(
        ["--data", str(path), "-f", "medec", "--method", "jaccard", "--corrected"]
    )
    assert "--jaccard must be between 0 and 1" in usage_error(["--data", str(path), "-f", "medec", "--jaccard", "2"])
    assert "--overlap must be between 0 and 1" in usage_error(["--data", str(path), "-f", "medec", "--overlap", "-1"])
    assert "does not exist" in usage_error(["--data", str(tmp_path / "nope.csv"), "--format", "medec"])
    assert "is a directory" in usage_error(["--data", str(tmp_path), "--format", "medec"])
    # a MEDEC file read as MedRECT: the loader's one-line message, naming the file
    assert str(path) in usage_error(["--data", str(path), "--format", "medrect"])
    broken = tmp_path / "broken.csv"
    broken.write_text("Text ID,Text\nms-1,Some text.\n", encoding="utf-8")
    assert "broken.csv:2: missing column 'Error Flag'" in usage_error(["--data", str(broken), "--format", "medec"])


def test_format_is_required(tmp_path: Path) -> None:
    result = runner.invoke(app, ["pairs", "--data", str(medec_file(tmp_path))])
    assert result.exit_code == 2 and "--format" in result.output


@pytest.mark.skipif(not MEDEC_TEST.is_file(), reason="../shared/data is absent")
def test_real_medec_test_set() -> None:
    expected = dict(zip(KEYS, [597, 311, 286, 286, 25, 0], strict=True))
    assert summary(["--data", str(MEDEC_TEST), "--format", "medec"]) == expected


@pytest.mark.skipif(not MEB_CN_TEST.is_file(), reason="../shared/data is absent")
def test_real_mederrbench_cn_test_set() -> None:
    assert summary(["--data", str(MEB_CN_TEST), "--format", "mederrbench"])["pairs"] == 100
