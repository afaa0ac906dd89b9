from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest

import medhal.checker
from fakes import RuleVerifier
from medhal.cli.main import main
from medhal.verify import LoadedVerifier

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgYAAAAAMAASsJTYQAAAAASUVORK5CYII=")


@pytest.fixture(autouse=True)
def rule_verifier(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_load(spec: str | None = None, **_: Any) -> LoadedVerifier:
        return LoadedVerifier(RuleVerifier([("Lactic acidosis did not occur", "lactic acidosis in")]))

    monkeypatch.setattr(medhal.checker, "open_verifier", fake_load)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def payload(text: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="medhal-data">(.*?)</script>', text, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


@pytest.fixture
def results_dir(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    code, _, err = run(["check", "-i", str(EXAMPLES / "batch.jsonl"), "-o", str(run_dir / "results.jsonl")], capsys)
    assert code == 2, err  # two malformed lines in the example batch
    return run_dir


def test_report_md_becomes_self_contained_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "fig.png").write_bytes(PNG)
    (tmp_path / "report.md").write_text("# Run\n\n| a | b |\n|---|---:|\n| x | 1 |\n\n![fig](fig.png)\n")
    (tmp_path / "items.jsonl").write_text('{"detector": "x", "id": "1", "status": "ok", "score": 0.3}\n')
    code, out, err = run(["report", str(tmp_path)], capsys)
    assert code == 0, err
    assert out.strip() == f"wrote {tmp_path / 'report.html'}"  # items.jsonl is no check-record file
    text = (tmp_path / "report.html").read_text()
    assert '<td class="al-right">1</td>' in text and "data:image/png;base64," in text


def test_check_results_become_the_viewer(results_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["report", str(results_dir)], capsys)
    assert code == 0, err
    assert out.strip() == f"wrote {results_dir / 'results.html'}"
    text = (results_dir / "results.html").read_text()
    assert text.count('class="item-link"') == 5 and 'data-verdict="contradicted"' in text
    assert "were not provided" in text  # no items: pointer texts only


def test_items_give_the_whole_evidence(results_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = results_dir / "viewer.html"
    source = str(results_dir / "results.jsonl")
    code, _, err = run(["report", source, "--items", str(EXAMPLES / "batch.jsonl"), "-o", str(target)], capsys)
    assert code == 0, err
    text = target.read_text()
    first = json.loads((EXAMPLES / "batch.jsonl").read_text().splitlines()[0])
    data = payload(text)
    assert data["items"][0]["id"] == first["id"] and data["items"][0]["blocks"] == [first["evidence"]]
    assert "were not provided" not in text and "Does metformin slow eGFR decline?" in text


def test_report_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["report", str(tmp_path)], capsys)
    assert code == 2 and "neither a report.md nor a JSONL of check records" in err
    code, _, err = run(["report", str(tmp_path / "missing")], capsys)
    assert code == 2 and "does not exist" in err
    bogus = tmp_path / "bogus.jsonl"
    bogus.write_text('{"a": 1}\n')
    code, _, err = run(["report", str(bogus)], capsys)
    assert code == 2 and "not a JSONL of check records" in err
    assert all(len(e.strip().splitlines()) <= 1 for e in (err,))
