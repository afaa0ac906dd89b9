"""The flat row form of a check result (issue 18): ``to_row`` / ``from_row`` and Parquet round trips."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fakes import RuleVerifier
from llm.fake_client import ScriptedClient
from medhal.detect import CheckItem, CheckResult, DecomposedDetector
from medhal.detect.claims import ClaimExtractor
from medhal.report.html_viewer import result_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EVIDENCE = (EXAMPLES / "transit_evidence.txt").read_text()
RESPONSE = (EXAMPLES / "transit_response.txt").read_text()
RULES = [("Mayor Lena Ortiz said the expansion", "opposed")]
ORTIZ = "Mayor Lena Ortiz opposed the city council's $4.2 million light-rail expansion plan"
SUPPORTED = "The city council approved a $4.2 million plan to extend the light-rail line"


def _results() -> list[CheckResult]:
    verifier = RuleVerifier(RULES)
    claims = ClaimExtractor(ScriptedClient(lambda _: f"1. {SUPPORTED}.\n2. {ORTIZ}."))
    return [
        DecomposedDetector(verifier, units="sentence", signals=0.3).detect(CheckItem(EVIDENCE, RESPONSE, id="s")),
        DecomposedDetector(verifier).detect(CheckItem(EVIDENCE, RESPONSE, id="clause")),
        DecomposedDetector(verifier, units="claim", extractor=claims).detect(CheckItem(EVIDENCE, RESPONSE, id="c")),
        CheckResult(detector="decomposed", verifier_id=None, config={}, status="input_error", id="e", reason="bad"),
    ]


def _jsonable(record: dict[str, Any]) -> Any:
    return json.loads(json.dumps(record))


@pytest.mark.parametrize("timings", [True, False])
def test_rows_round_trip_to_dict(timings: bool) -> None:
    for result in _results():
        row = result.to_row(timings=timings, line=7)
        assert row["line"] == 7 and isinstance(row["config_json"], str)
        assert all(not isinstance(v, dict) for v in row.values())  # flat: nested mappings are JSON text
        back = CheckResult.from_row(_jsonable(row))
        assert _jsonable(back.to_dict(timings=timings)) == _jsonable(result.to_dict(timings=timings))


def test_from_dict_is_the_viewers_reader() -> None:
    for result in _results():
        record = result.to_dict()
        assert CheckResult.from_dict(record) == result_from_dict(record)
    with pytest.raises(ValueError, match="unknown status"):
        CheckResult.from_dict({"status": "weird"})


def test_free_form_unit_fields_are_json_text() -> None:
    units = [u for r in _results() for u in r.to_row()["units"]]
    assert any(u["signals_json"] is not None for u in units) and any(u["cues_json"] is not None for u in units)


def test_claim_units_keep_their_span_and_alignment() -> None:
    claim = _results()[2]
    units = claim.to_row()["units"]
    assert any(u["span_text"] is None and u["alignment_json"] is not None for u in units)
    assert CheckResult.from_row(claim.to_row()).units == claim.units


def test_parquet_round_trip(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    from medhal.detect.parquet import ResultWriter, read_result_rows

    results = _results()
    path = tmp_path / "r.parquet"
    with path.open("wb") as handle:
        writer = ResultWriter(handle)
        writer.write([r.to_row(line=i) for i, r in enumerate(results[:2], start=1)])
        writer.write([r.to_row(line=i) for i, r in enumerate(results[2:], start=3)])
        writer.close()
    rows = read_result_rows(path)
    assert [row["line"] for row in rows] == [1, 2, 3, 4]
    for row, result in zip(rows, results, strict=True):
        assert _jsonable(CheckResult.from_row(row).to_dict()) == _jsonable(result.to_dict())


def test_pyarrow_is_not_imported_on_the_default_path() -> None:
    code = (
        "import sys, medhal.checker, medhal.cli.main, medhal.cli.check, medhal.detect.parquet; "
        "print('pyarrow' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
