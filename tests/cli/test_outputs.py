"""The ``--out`` policy (issue 15): no symlinks followed, nothing replaced without ``--overwrite``, one-line exit 2
for bad paths, resumable batch output, refused run directories and consistent file modes."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import medhal.checker
import medhal.verify
from fakes import RuleVerifier
from medhal.bench.runio import write_json
from medhal.cli.main import main
from medhal.report.html_report import write_html_report
from medhal.verify import LoadedVerifier

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EVIDENCE = "Aspirin reduced pain in adults. Ibuprofen raised blood pressure in the cohort."
RULES = [("Ibuprofen raised blood pressure", "lowered blood pressure")]


@pytest.fixture(autouse=True)
def rule_verifier(monkeypatch: pytest.MonkeyPatch) -> list[RuleVerifier]:
    made: list[RuleVerifier] = []

    def fake_load(spec: str | None = None, **_: Any) -> LoadedVerifier:
        made.append(RuleVerifier(RULES))
        return LoadedVerifier(made[-1])

    monkeypatch.setattr(medhal.checker, "open_verifier", fake_load)
    monkeypatch.setattr(medhal.verify, "open_verifier", fake_load)
    return made


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> bool:
    return err.startswith("medhal: error:") and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def batch_file(path: Path) -> Path:
    """Ten items: ids, no ids (line-N), a flagged one, a malformed line and a repeated id."""
    rows: list[str] = []
    for k in range(8):
        response = "Ibuprofen lowered blood pressure in the cohort." if k % 3 == 0 else "Aspirin reduced pain."
        row: dict[str, Any] = {"evidence": EVIDENCE, "response": response}
        if k % 4 != 1:
            row["id"] = f"item-{k}"
        rows.append(json.dumps(row))
    rows.insert(5, "{not json")
    rows.append(json.dumps({"id": "item-0", "evidence": EVIDENCE, "response": "Aspirin reduced pain."}))
    path.write_text("\n".join(rows) + "\n")
    return path


def single_args(out: Path, *extra: str) -> list[str]:
    e, r = EXAMPLES / "transit_evidence.txt", EXAMPLES / "transit_response.txt"
    return ["check", "-e", str(e), "-r", str(r), "-f", "json", "-o", str(out), *extra]


# -- file outputs --------------------------------------------------------------------------------------------------


def test_symlink_out_is_refused_and_victim_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = tmp_path / "out.jsonl"
    link.symlink_to(victim)
    source = batch_file(tmp_path / "in.jsonl")
    for args in (
        ["check", "-i", source, "-o", link],
        ["check", "-i", source, "-o", link, "--overwrite"],
        ["check", "-i", source, "-o", link, "--resume"],
        single_args(link),
        single_args(link, "--overwrite"),
    ):
        code, _, err = run(args, capsys)
        assert code == 2 and "symbolic link" in err and one_line_error(err), args
    assert victim.read_text() == "precious\n" and link.is_symlink()
    dangling = tmp_path / "dangling.jsonl"
    dangling.symlink_to(tmp_path / "not-yet")
    code, _, err = run(["check", "-i", source, "-o", dangling], capsys)
    assert code == 2 and "symbolic link" in err and not (tmp_path / "not-yet").exists()


def test_existing_file_needs_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "result.json"
    out.write_text("mine\n")
    code, _, err = run(single_args(out), capsys)
    assert code == 2 and "exists; pass --overwrite" in err and one_line_error(err)
    assert out.read_text() == "mine\n"
    code, _, err = run(single_args(out, "--overwrite"), capsys)
    written = json.loads(out.read_text())
    assert written["status"] == "ok" and code == (1 if written["flagged"] else 0), err
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # the temporary file was moved in place
    batch_out = tmp_path / "batch.jsonl"
    batch_out.write_text("mine\n")
    source = batch_file(tmp_path / "in.jsonl")
    code, _, err = run(["check", "-i", source, "-o", batch_out], capsys)
    assert code == 2 and "exists; pass --overwrite" in err and batch_out.read_text() == "mine\n"
    hard = tmp_path / "hardlink.jsonl"
    os.link(batch_out, hard)
    code, _, err = run(["check", "-i", source, "-o", batch_out, "--overwrite"], capsys)
    assert code == 2, err  # input errors in the batch; every line written
    assert len(batch_out.read_text().splitlines()) == 10
    assert hard.read_text() == "mine\n"  # a fresh file replaced the old one; the other link kept its content


@pytest.mark.parametrize("batch", [False, True])
def test_bad_out_paths_are_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], batch: bool) -> None:
    source = batch_file(tmp_path / "in.jsonl")
    (tmp_path / "afile").write_text("x")
    for out, message in (
        (tmp_path / "missing" / "out.jsonl", "does not exist"),
        (tmp_path, "is a folder"),
        (tmp_path / "afile" / "out.jsonl", "is not a folder"),
    ):
        args = ["check", "-i", source, "-o", out] if batch else single_args(out)
        code, _, err = run(args, capsys)
        assert code == 2 and message in err and one_line_error(err), (out, err)
    assert not (tmp_path / "missing").exists()


def test_unwritable_folder_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        code, _, err = run(single_args(locked / "out.json"), capsys)
    finally:
        locked.chmod(0o700)
    assert code == 2 and "Permission denied" in err and one_line_error(err)


# -- resume ----------------------------------------------------------------------------------------------------------


def test_resume_after_a_torn_file_writes_every_id_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule_verifier: list[RuleVerifier]
) -> None:
    source = batch_file(tmp_path / "in.jsonl")
    clean = tmp_path / "clean.jsonl"
    code, _, err = run(["check", "-i", source, "-o", clean, "--no-timings", "--chunk-size", "3"], capsys)
    assert code == 2, err  # a malformed line and a repeated id are input errors
    full = clean.read_bytes()
    records = [json.loads(line) for line in full.splitlines()]
    ids = [r["id"] for r in records]
    assert ids[:3] == ["item-0", "line-2", "item-2"] and len(ids) == 10
    assert records[-1]["status"] == "input_error" and "duplicate id 'item-0'" in records[-1]["reason"]
    cut = full.index(b"\n", full.index(b"\n") + 1) + 1 + 40  # two whole records, then 40 bytes of the third
    partial = tmp_path / "partial.jsonl"
    partial.write_bytes(full[:cut])
    rule_verifier.clear()
    code, _, err = run(["check", "-i", source, "-o", partial, "--no-timings", "--resume", "--chunk-size", "3"], capsys)
    assert code == 2, err  # the same status as the clean run: it counts the kept records too
    assert "kept 2 record(s), checked 8 more" in err
    assert partial.read_bytes() == full  # the torn line rewritten, nothing duplicated, byte for byte
    # resuming a complete file checks nothing and changes nothing
    code, _, err = run(["check", "-i", source, "-o", partial, "--no-timings", "--resume"], capsys)
    assert code == 2 and "kept 10 record(s), checked 0 more" in err and partial.read_bytes() == full
    # resuming a file that does not exist yet is a fresh run
    fresh = tmp_path / "fresh.jsonl"
    code, _, err = run(["check", "-i", source, "-o", fresh, "--no-timings", "--resume", "--chunk-size", "3"], capsys)
    assert code == 2 and fresh.read_bytes() == full


def test_resume_skips_done_ids_without_checking_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule_verifier: list[RuleVerifier]
) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(
        "".join(
            json.dumps({"id": f"r{k}", "evidence": EVIDENCE, "response": f"Aspirin reduced pain {k} times."}) + "\n"
            for k in range(4)
        )
    )
    out = tmp_path / "out.jsonl"
    args = ["check", "-i", source, "-o", out, "--no-timings", "--chunk-size", "1"]
    clean_code = run(args, capsys)[0]
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(lines[0] + lines[2] + lines[3][:10])  # r1 missing, r3 torn
    rule_verifier.clear()
    code, _, err = run([*args, "--resume"], capsys)
    assert code == clean_code, err
    assert "kept 2 record(s), checked 2 more" in err
    hypotheses = {h for call in rule_verifier[0].calls for _, h in call}
    assert any("1 times" in h for h in hypotheses) and any("3 times" in h for h in hypotheses)
    assert not any("0 times" in h or "2 times" in h for h in hypotheses)
    assert sorted(json.loads(x)["id"] for x in out.read_text().splitlines()) == ["r0", "r1", "r2", "r3"]


def test_resume_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = batch_file(tmp_path / "in.jsonl")
    out = tmp_path / "out.jsonl"
    for args, message in (
        (["check", "-i", source, "-o", out, "--resume", "--overwrite"], "not both"),
        (["check", "-i", source, "--resume"], "needs --input and --out"),
        (single_args(out, "--resume"), "needs --input and --out"),
        (["check", "-i", source, "-o", out, "--resume", "-f", "html"], "does not apply"),
    ):
        code, _, err = run(args, capsys)
        assert code == 2 and message in err and one_line_error(err), args
    out.write_text('{"not": "a record"}\n')
    code, _, err = run(["check", "-i", source, "-o", out, "--resume"], capsys)
    assert code == 2 and "line 1 is not a check record" in err and out.read_text() == '{"not": "a record"}\n'


# -- run directories -----------------------------------------------------------------------------------------------


@pytest.fixture
def occupied(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("my notes\n")
    return folder


def _run_dir_commands(tmp_path: Path, out: Path) -> list[list[str]]:
    data = tmp_path / "loc.jsonl"
    data.write_text("")
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"id": "x", "output": "y"}\n')
    return [
        ["bench", "localization", "--data", data, "--out", out],
        ["bench", "detection", "--data", data, "--format", "medhal-loc", "--out", out],
        ["bench", "verdicts", "--data", data, "--out", out],
        ["score", "medhalt", "--test", "fqt", "--data", tmp_path, "--predictions", preds, "--out", out],
        ["score", "paired", "--data", data, "--format", "medec", "--predictions", preds, "--out", out],
        ["score", "paired-runs", tmp_path, "--out", out],
        ["export-stagewise", "--data", data, "--out", out],
    ]


def test_run_dir_commands_refuse_a_non_empty_folder(
    tmp_path: Path, occupied: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in _run_dir_commands(tmp_path, occupied):
        code, _, err = run(args, capsys)
        resumable = args[:2] in (["bench", "localization"], ["bench", "detection"], ["bench", "verdicts"])
        refusal = "is not a medhal bench" if resumable else "not an empty directory"  # their own run dirs resume
        assert code == 2 and refusal in err and one_line_error(err), (args, err)
    assert [p.name for p in occupied.iterdir()] == ["notes.txt"]
    assert (occupied / "notes.txt").read_text() == "my notes\n"


def test_run_dir_commands_refuse_a_symlink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir()
    link = tmp_path / "link"
    link.symlink_to(target)
    commands = _run_dir_commands(tmp_path, link)
    commands += [
        ["bench", "medhalt", "--test", "fqt", "--data", tmp_path, "--model", "openai/x", "--out", link],
        ["bench", "paired", "--data", tmp_path, "--format", "medec", "--model", "openai/x", "--out", link],
        ["score", "stagewise", "--records", tmp_path / "r.jsonl", "--out", link],
        ["generate", "-i", tmp_path / "p.jsonl", "-m", "openai/x", "--out", link],
    ]
    for args in commands:
        code, _, err = run(args, capsys)
        assert code == 2 and "symbolic link" in err and one_line_error(err), (args, err)
    assert list(target.iterdir()) == []


def test_bench_localization_into_an_empty_folder_still_works(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], umask_022: None
) -> None:
    data = tmp_path / "loc.jsonl"
    row = {
        "id": "x0",
        "source": "injected",
        "target_type": "relation_error",
        "question": "q",
        "evidence": EVIDENCE,
        "clean_text": "Aspirin reduced pain in adults.",
        "hallucinated_text": "Aspirin raised pain in adults.",
        "gold_span": "raised",
    }
    data.write_text(json.dumps(row) + "\n")
    out = tmp_path / "run"
    out.mkdir()
    code, _, err = run(
        ["bench", "localization", "--data", data, "--out", out, "--detector", "nli-clause", "--resamples", "0"],
        capsys,
    )
    assert code == 0, err
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in out.rglob("*") if p.is_file()}
    assert "report.html" in modes and "metrics.json" in modes and len(modes) > 5  # checks/ kept for resuming
    assert set(modes.values()) == {0o644}, modes


# -- file modes ----------------------------------------------------------------------------------------------------


def test_run_dir_files_share_one_mode(tmp_path: Path, umask_022: None) -> None:
    write_json(tmp_path / "metrics.json", {"a": float("nan")})
    (tmp_path / "report.md").write_text("# Run\n")
    html = write_html_report(tmp_path)
    assert html is not None
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()}
    assert modes == {"metrics.json": 0o644, "report.md": 0o644, "report.html": 0o644}
    os.umask(0o077)
    write_html_report(tmp_path)
    assert stat.S_IMODE(html.stat().st_mode) == 0o600  # the umask is honoured, as by any file create


def test_check_outputs_have_the_usual_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str], umask_022: None) -> None:
    source = batch_file(tmp_path / "in.jsonl")
    single, batch = tmp_path / "single.json", tmp_path / "batch.jsonl"
    run(single_args(single), capsys)
    run(["check", "-i", source, "-o", batch], capsys)
    assert stat.S_IMODE(single.stat().st_mode) == 0o644 and stat.S_IMODE(batch.stat().st_mode) == 0o644


# -- report --------------------------------------------------------------------------------------------------------


def test_report_replaces_its_own_html_but_not_a_user_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "report.md").write_text("# Run\n")
    code, _, err = run(["report", tmp_path], capsys)
    assert code == 0, err
    code, _, err = run(["report", tmp_path], capsys)
    assert code == 0, err  # regenerating medhal's own report.html is fine
    (tmp_path / "report.html").write_text("my page\n")
    code, _, err = run(["report", tmp_path], capsys)
    assert code == 2 and "--overwrite" in err and (tmp_path / "report.html").read_text() == "my page\n"
    assert run(["report", tmp_path, "--overwrite"], capsys)[0] == 0
    target = tmp_path / "chosen.html"
    target.write_text("keep\n")
    code, _, err = run(["report", tmp_path / "report.md", "-o", target], capsys)
    assert code == 2 and "exists; pass --overwrite" in err and target.read_text() == "keep\n"


# -- exit codes ----------------------------------------------------------------------------------------------------


def test_help_documents_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "--help"], capsys)
    assert code == 0 and "Exit status: 0 clean; 1 something flagged" in " ".join(out.split())


def test_os_errors_while_writing_are_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import medhal.bench.runio as runio

    def denied(path: Path) -> tuple[int, Path]:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(runio, "_temp_file", denied)
    code, _, err = run(single_args(tmp_path / "out.json"), capsys)
    assert code == 2 and "Permission denied" in err and one_line_error(err)
    (tmp_path / "report.md").write_text("# Run\n")
    code, _, err = run(["report", tmp_path], capsys)
    assert code == 2 and "Permission denied" in err and one_line_error(err)
