from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import medhal.checker
from fakes import RuleVerifier
from medhal.cli.main import main
from medhal.detect.records import SCHEMA_VERSION
from medhal.verify import LoadedVerifier

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RULES = [
    ("Mayor Lena Ortiz said the expansion", "opposed"),
    ("Lactic acidosis did not occur", "lactic acidosis in"),
]


@pytest.fixture(autouse=True)
def rule_verifier(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_load(spec: str | None = None, **_: Any) -> LoadedVerifier:
        return LoadedVerifier(RuleVerifier(RULES))

    monkeypatch.setattr(medhal.checker, "open_verifier", fake_load)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_single_check_json_flagged(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        [
            "check",
            "-e",
            str(EXAMPLES / "transit_evidence.txt"),
            "-r",
            str(EXAMPLES / "transit_response.txt"),
            "--units",
            "sentence",
            "--format",
            "json",
        ],
        capsys,
    )
    assert code == 1, err
    record = json.loads(out)
    assert record["schema_version"] == SCHEMA_VERSION and record["status"] == "ok" and record["flagged"] is True
    assert record["detector"] == "decomposed" and record["verifier_id"].startswith("rule:")
    assert record["windows"] == 15 and record["verifier_passes"] == 45
    for key in ("medhal_version", "config", "timings", "score"):
        assert key in record
    unit = record["units"][1]
    assert unit["verdict"] == "contradicted"
    assert set(unit) >= {
        "text",
        "start",
        "end",
        "kind",
        "verdict",
        "score",
        "p_entail",
        "p_contradict",
        "evidence",
    }
    assert unit["evidence"]["contradicting"]["text"].startswith("Mayor Lena Ortiz said")


def test_single_check_not_flagged_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    response = tmp_path / "r.txt"
    response.write_text("The plan allocates $4.2 million to extend the eastern light-rail line by three stations.")
    code, out, err = run(
        [
            "check",
            "-e",
            str(EXAMPLES / "transit_evidence.txt"),
            "-r",
            str(response),
            "-f",
            "json",
            "--no-timings",
        ],
        capsys,
    )
    assert code == 0, err
    assert "timings" not in json.loads(out)


def test_table_format_to_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "table.txt"
    code, _, _ = run(
        [
            "check",
            "-e",
            str(EXAMPLES / "transit_evidence.txt"),
            "-r",
            str(EXAMPLES / "transit_response.txt"),
            "--units",
            "sentence",
            "-f",
            "table",
            "-o",
            str(out_file),
        ],
        capsys,
    )
    assert code == 1
    text = out_file.read_text()
    assert "CONTRADICTED" in text and "UNSUPPORTED" in text and "FLAGGED" in text


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda d: ("missing.txt", d / "r.txt"), "does not exist"),
        (lambda d: (d / "e.txt", d / "blank.txt"), "response is empty"),
        (lambda d: (d / "bad.txt", d / "r.txt"), "not valid UTF-8"),
        (lambda d: (d / "huge.txt", d / "r.txt"), "the limit is"),
        (lambda d: (d, d / "r.txt"), "is a directory"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], setup: Any, message: str
) -> None:
    (tmp_path / "e.txt").write_text("Aspirin reduced pain.")
    (tmp_path / "r.txt").write_text("Aspirin reduced pain.")
    (tmp_path / "blank.txt").write_text(" \n\t")
    (tmp_path / "bad.txt").write_bytes(b"caf\xe9 \xff")
    (tmp_path / "huge.txt").write_text("Word. " * 40_000)
    evidence, response = setup(tmp_path)
    code, _, err = run(["check", "-e", str(evidence), "-r", str(response)], capsys)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ["check"],
        ["check", "-e", "-", "-r", "-"],
        ["check", "-e", "x", "-r", "y", "-i", "z"],
        ["check", "-e", "x", "-r", "y", "--detector", "nope"],
        [
            "check",
            "-e",
            str(EXAMPLES / "evidence.txt"),
            "-r",
            str(EXAMPLES / "response.txt"),
            "--units",
            "claim",
        ],
        ["check", "--no-such-flag"],
    ):
        code, _, err = run(args, capsys)
        assert code == 2, args
        assert err.startswith("medhal: error:") and "Traceback" not in err


def test_batch_streams_every_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "results.jsonl"
    code, _, err = run(["check", "-i", str(EXAMPLES / "batch.jsonl"), "-o", str(out_file)], capsys)
    lines = [json.loads(x) for x in out_file.read_text().splitlines()]
    assert [r["status"] for r in lines] == ["ok", "ok", "ok", "input_error", "input_error"]
    assert [r["id"] for r in lines][:4] == [
        "metformin-trial",
        "transit-seed003-appB",
        "faithful",
        "empty-response",
    ]
    assert lines[3]["reason"] == "response is empty" and "not JSON" in lines[4]["reason"]
    assert code == 2  # input errors present: exit 2 although the others were checked
    assert "5 item(s)" in err


def test_batch_missing_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(
        '{"id": "a", "evidence": "Aspirin reduced pain."}\n[1, 2]\n'
        '{"id": "b", "evidence": "Aspirin reduced pain.", "response": "Aspirin reduced pain."}\n'
    )
    code, out, _ = run(["check", "-i", str(src)], capsys)
    records = [json.loads(x) for x in out.splitlines()]
    assert "lacks field(s): response" in records[0]["reason"]
    assert records[1]["status"] == "input_error" and records[2]["status"] == "ok"
    assert code == 2


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and out.startswith("medhal ")


def test_nli_clause_premise_flag_reaches_the_detector(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["check", "-e", str(EXAMPLES / "evidence.txt"), "-r", str(EXAMPLES / "response.txt"), "-f", "json"]
    code, out, err = run([*args, "--detector", "nli-clause", "--premise", "windows"], capsys)
    assert code in (0, 1), err
    assert json.loads(out)["config"]["premise"] == "windows"
    code, _, err = run([*args, "--detector", "nli-clause", "--premise", "chunks"], capsys)
    assert code == 2 and "chunks" in err


def test_html_format_single_and_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    single = tmp_path / "single.html"
    args = ["check", "-e", str(EXAMPLES / "transit_evidence.txt"), "-r", str(EXAMPLES / "transit_response.txt")]
    code, out, err = run([*args, "--units", "sentence", "-f", "html", "-o", str(single)], capsys)
    assert code == 1, err
    text = single.read_text()
    assert text.startswith("<!DOCTYPE html>") and out == ""
    assert 'data-verdict="contradicted"' in text and 'class="evidence-window' not in text.split("<script>")[0]
    code, out, _ = run([*args, "-f", "html"], capsys)
    assert code == 1 and out.startswith("<!DOCTYPE html>")
    batch = tmp_path / "batch.html"
    code, _, err = run(["check", "-i", str(EXAMPLES / "batch.jsonl"), "-f", "html", "-o", str(batch)], capsys)
    assert code == 2 and "5 item(s)" in err
    text = batch.read_text()
    assert text.count('<section class="item"') == 5 and text.count('class="item-link"') == 5
    assert 'data-status="input_error"' in text and "response is empty" in text


class _CrashOnPoison(RuleVerifier):
    def predict(self, pairs: Any) -> Any:
        if any("poison" in h for _, h in pairs):
            raise TypeError("TextInputSequence must be str")
        return super().predict(pairs)


def test_batch_with_a_lone_surrogate_and_a_crashing_item_writes_every_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 15: one "\ud800" line killed its 32-item chunk and everything after it (96 of 1,000 lines, exit 3)
    monkeypatch.setattr(medhal.checker, "open_verifier", lambda spec=None, **_: LoadedVerifier(_CrashOnPoison(RULES)))
    lines = [
        {"id": f"i{k}", "evidence": "Aspirin lowered pain in adults.", "response": f"Aspirin lowered pain {k}."}
        for k in range(70)
    ]
    lines[5]["response"] = "Aspirin lowered pain\ud800."
    lines[40]["response"] = "The poison lowered pain."
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    code, _, err = run(["check", "--input", str(source), "--out", str(tmp_path / "out.jsonl")], capsys)
    records = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in records] == [f"i{k}" for k in range(70)]
    assert records[5]["status"] == "ok" and records[5]["notes"] == ["response: 1 lone surrogate replaced by U+FFFD"]
    assert records[40]["status"] == "internal_error"
    assert sum(r["status"] == "ok" for r in records) == 69
    assert code == 3 and "1 item(s) hit an internal error" in err
