"""``medhal generate`` and ``medhal cache`` against a live stub server, including a SIGKILLed run resumed."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from medhal.cli.cache import cache_app
from medhal.cli.generate import generate_command
from medhal.cli.inputs import UsageError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from stub_server import StubServer

REPO = Path(__file__).resolve().parents[2]
app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command("generate")(generate_command)
app.add_typer(cache_app, name="cache")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("MEDHAL_BASE_URL", "MEDHAL_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "cache.sqlite"))


@pytest.fixture
def stub() -> Iterator[StubServer]:
    with StubServer() as server:
        yield server


def cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the commands as ``medhal`` would (UsageError -> one line, exit 2)."""
    try:
        returned = app(args=[str(a) for a in args], prog_name="medhal", standalone_mode=False)
        code = returned if isinstance(returned, int) else 0
    except UsageError as exc:
        assert "\n" not in str(exc)
        sys.stderr.write(f"medhal: error: {exc}\n")
        code = 2
    out, err = capsys.readouterr()
    return code, out, err


def write_prompts(path: Path, lines: list[Any]) -> Path:
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return path


def rows(run: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run / "items.jsonl").read_text().splitlines()]


def test_generate_then_rerun_from_cache(stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prompts = write_prompts(
        tmp_path / "p.jsonl",
        [{"id": i, "prompt": f"question {i}", "gold": i} for i in range(4)]
        + [{"id": "chat", "messages": [{"role": "user", "content": "hi"}]}],
    )
    code, out, err = cli(
        ["generate", "-i", prompts, "-m", "openai/stub", "--base-url", stub.url, "-o", tmp_path / "r1"], capsys
    )
    assert code == 0, err
    assert out.strip() == str(tmp_path / "r1")
    assert re.search(r"generated 5 item\(s\) with openai/stub: 5 ok; 5 run now \(0 from cache\)", err)
    written = {r["id"]: r for r in rows(tmp_path / "r1")}
    assert written["2"]["output"] == "echo: question 2" and written["2"]["data"] == {"gold": 2, "line": 3}
    assert written["chat"]["output"] == "echo: hi"
    config = json.loads((tmp_path / "r1" / "config.json").read_text())
    assert config["model"] == "openai/stub" and config["generation"]["temperature"] == 0.0
    assert config["input"]["items"] == 5 and len(config["input"]["sha256"]) == 64
    assert config["versions"]["httpx"] and config["client"]["base_url"] == stub.url
    assert stub.requests == 5
    stub.reset()
    code, _, err = cli(
        ["generate", "-i", prompts, "-m", "openai/stub", "--base-url", stub.url, "-o", tmp_path / "r2"], capsys
    )
    assert code == 0 and stub.requests == 0 and "(5 from cache)" in err
    code, _, _ = cli(
        ["generate", "-i", prompts, "-m", "openai/stub", "--base-url", stub.url, "-o", tmp_path / "r3", "--no-cache"],
        capsys,
    )
    assert code == 0 and stub.requests == 5


def test_failures_are_rows_and_exit_1(stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prompts = write_prompts(
        tmp_path / "p.jsonl",
        [
            {"id": "ok", "prompt": "fine [[faults=503]]"},
            {"id": "down", "prompt": "x [[always=500]]"},
            {"id": "no-input"},
            "not json",
            "",
            {"id": "img", "messages": [{"role": "user", "content": [{"type": "image", "path": "missing.png"}]}]},
        ],
    )
    args = ["generate", "-i", prompts, "-m", "openai/stub", "--base-url", stub.url, "-o", tmp_path / "run"]
    code, _, err = cli([*args, "--max-attempts", "2", "--quiet"], capsys)
    assert code == 1 and err == ""
    by_id = {r["id"]: r for r in rows(tmp_path / "run")}
    assert sorted(by_id) == ["down", "img", "line-4", "no-input", "ok"]
    assert by_id["ok"]["status"] == "ok" and by_id["ok"]["attempts"] == 2
    assert by_id["down"]["status"] == "api_error" and by_id["down"]["attempts"] == 2
    assert (
        by_id["no-input"]["status"] == "input_error"
        and "exactly one of prompt and messages" in by_id["no-input"]["reason"]
    )
    assert by_id["line-4"]["status"] == "input_error" and by_id["img"]["status"] == "input_error"


def test_parse_json(stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stub.reply_for = lambda text: '```json\n{"answer": "B"}\n```' if "good" in text else "B, I think"
    prompts = write_prompts(tmp_path / "p.jsonl", [{"id": "good", "prompt": "good"}, {"id": "bad", "prompt": "bad"}])
    code, _, _ = cli(
        [
            "generate",
            "-i",
            prompts,
            "-m",
            "openai/stub",
            "--base-url",
            stub.url,
            "-o",
            tmp_path / "run",
            "--parse",
            "json",
        ],
        capsys,
    )
    by_id = {r["id"]: r for r in rows(tmp_path / "run")}
    assert code == 1
    assert by_id["good"]["status"] == "ok" and by_id["good"]["parsed"] == {"answer": "B"}
    assert by_id["bad"]["status"] == "parse_failure" and by_id["bad"]["output"] == "B, I think"
    metrics = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert metrics["parse_failure_rate"] == 0.5


def test_default_run_directory_name(
    stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    prompts = write_prompts(tmp_path / "p.jsonl", [{"id": "a", "prompt": "x"}])
    code, out, _ = cli(
        ["generate", "-i", prompts, "-m", "openai/stub", "--base-url", stub.url, "--name", "fct"], capsys
    )
    assert code == 0 and re.fullmatch(r"runs/\d{8}T\d{6}Z_fct", out.strip())


def test_usage_errors(stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prompts = write_prompts(tmp_path / "p.jsonl", [{"id": "a", "prompt": "x"}])
    dupes = write_prompts(tmp_path / "d.jsonl", [{"id": "a", "prompt": "x"}, {"id": "a", "prompt": "y"}])
    empty = write_prompts(tmp_path / "e.jsonl", [""])
    cases: list[tuple[list[Any], str]] = [
        (["generate", "-i", tmp_path / "nope.jsonl", "-m", "openai/x", "--base-url", stub.url], "does not exist"),
        (["generate", "-i", dupes, "-m", "openai/x", "--base-url", stub.url], "duplicate id 'a' on lines 1 and 2"),
        (["generate", "-i", empty, "-m", "openai/x", "--base-url", stub.url], "has no items"),
        (["generate", "-i", prompts], "need --input and --model"),
        (["generate", "-i", prompts, "-m", "gpt-4o", "--base-url", stub.url], "provider/model"),
        (["generate", "-i", prompts, "-m", "openai/x"], "MEDHAL_BASE_URL"),
        (["generate", "-i", prompts, "-m", "hf/x", "--base-url", stub.url], "apply to openai/"),
        (["generate", "-i", prompts, "-m", "openai/x", "--base-url", stub.url, "--top-p", "0"], "top_p"),
        (["generate", "--resume", tmp_path], "not a run directory"),
        (["cache", "prune", "--path", tmp_path / "c.sqlite"], "--older-than-days and/or --max-rows"),
    ]
    for args, message in cases:
        code, _, err = cli(args, capsys)
        assert code == 2, (args, err)
        assert message in err and err.count("\n") == 1, (args, err)


def test_resume_guards(stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prompts = write_prompts(tmp_path / "p.jsonl", [{"id": "a", "prompt": "x [[always=500]]"}])
    run = tmp_path / "run"
    base = ["generate", "-i", prompts, "-m", "openai/stub", "--base-url", stub.url, "--max-attempts", "1"]
    assert cli([*base, "-o", run], capsys)[0] == 1
    code, _, err = cli([*base, "-o", run], capsys)
    assert code == 2 and "not empty" in err
    code, _, err = cli(["generate", "--resume", run, "-m", "openai/other", "--base-url", stub.url], capsys)
    assert code == 2 and "model differs" in err
    code, _, err = cli(["generate", "--resume", run, "--temperature", "0.5", "--base-url", stub.url], capsys)
    assert code == 2 and "generation differs" in err
    stub.faults_enabled = False
    code, _, _ = cli(["generate", "--resume", run, "--base-url", stub.url, "--temperature", "0"], capsys)
    assert code == 0 and [r["status"] for r in rows(run)] == ["ok"]
    sessions = json.loads((run / "config.json").read_text())["sessions"]
    assert [s["resume"] for s in sessions] == [False, True]
    write_prompts(prompts, [{"id": "a", "prompt": "changed"}])
    code, _, err = cli(["generate", "--resume", run, "--base-url", stub.url], capsys)
    assert code == 2 and "changed since the run started" in err


def test_api_key_is_not_written_anywhere(
    stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "sk-medhal-test-secret-value"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    prompts = write_prompts(tmp_path / "p.jsonl", [{"id": "a", "prompt": "x"}])
    code, out, err = cli(
        ["generate", "-i", prompts, "-m", "openai/stub", "--base-url", stub.url, "-o", tmp_path / "r"], capsys
    )
    assert code == 0 and stub.authorization == [f"Bearer {secret}"]
    for path in (tmp_path / "r").iterdir():
        assert secret not in path.read_text(), path
    assert secret not in out + err


def test_cache_commands(stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "c.sqlite"
    code, out, _ = cli(["cache", "stats", "--path", cache], capsys)
    assert code == 0 and "no cache at" in out and not cache.exists()
    for verb, extra in (("clear", []), ("prune", ["--max-rows", "1"])):
        code, out, _ = cli(["cache", verb, "--path", cache, *extra], capsys)
        assert code == 0 and out.strip() == f"no cache; nothing to {verb}" and not cache.exists()
    prompts = write_prompts(tmp_path / "p.jsonl", [{"id": i, "prompt": f"q{i}"} for i in range(3)])
    cli(
        [
            "generate",
            "-i",
            prompts,
            "-m",
            "openai/stub",
            "--base-url",
            stub.url,
            "-o",
            tmp_path / "r",
            "--cache",
            cache,
        ],
        capsys,
    )
    code, out, _ = cli(["cache", "stats", "--path", cache, "--json"], capsys)
    stats = json.loads(out)
    assert code == 0 and stats["rows"] == 3 and stats["models"] == {"openai/stub": 3}
    code, out, _ = cli(["cache", "stats", "--path", cache], capsys)
    assert "3 answer(s)" in out and "openai/stub: 3" in out
    code, out, _ = cli(["cache", "prune", "--path", cache, "--max-rows", "1"], capsys)
    assert code == 0 and out.strip() == "removed 2 answer(s)"
    code, out, _ = cli(["cache", "clear", "--path", cache, "--model", "openai/other"], capsys)
    assert out.strip() == "removed 0 answer(s)"
    code, out, _ = cli(["cache", "clear", "--path", cache], capsys)
    assert out.strip() == "removed 1 answer(s)"


KILL_SCRIPT = """
import sys, typer
from medhal.cli.cache import cache_app
from medhal.cli.generate import generate_command
app = typer.Typer(add_completion=False)
app.command("generate")(generate_command)
app.add_typer(cache_app, name="cache")
app(args=sys.argv[1:], prog_name="medhal")
"""


def test_sigkilled_run_resumes_without_duplicates(
    stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    total = 40
    stub.delay = 0.08
    prompts = write_prompts(tmp_path / "p.jsonl", [{"id": f"q{i}", "prompt": f"question {i}"} for i in range(total)])
    run = tmp_path / "run"
    cache = tmp_path / "c.sqlite"
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    args = ["generate", "-i", prompts, "-m", "openai/stub", "--base-url", stub.url, "-o", run, "--cache", cache]
    child = subprocess.Popen(
        [sys.executable, "-c", KILL_SCRIPT, *map(str, args), "--concurrency", "2", "--quiet"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    items = run / "items.jsonl"
    deadline = time.monotonic() + 30
    try:
        while time.monotonic() < deadline:
            if items.exists() and items.read_bytes().count(b"\n") >= 5:
                break
            if child.poll() is not None:
                pytest.fail(f"generate exited early: {child.stderr.read().decode() if child.stderr else ''}")
            time.sleep(0.01)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(10)
    assert child.returncode == -signal.SIGKILL
    before = items.read_bytes()
    kept = before.count(b"\n")
    assert 5 <= kept < total, "the run was not killed mid-way"
    assert not (run / "metrics.json").exists()  # a killed run never got to write its metrics
    with items.open("ab") as handle:  # what a kill in the middle of a write would leave
        handle.write(b'{"schema_version":"1.0","id":"q39","status":"o')
    stub.reset()
    stub.delay = 0.0
    code, _, err = cli(
        ["generate", "--resume", run, "--base-url", stub.url, "--cache", cache, "--concurrency", "8"], capsys
    )
    assert code == 0, err
    written = rows(run)
    ids = [r["id"] for r in written]
    assert len(ids) == len(set(ids)) == total
    assert sorted(ids) == sorted(f"q{i}" for i in range(total))
    assert all(r["status"] == "ok" for r in written)
    assert items.read_bytes().startswith(before)  # rows written before the kill are kept as they were
    assert stub.requests <= total - kept  # kept rows are not asked again; in-flight ones may come from the cache
    metrics = json.loads((run / "metrics.json").read_text())
    assert metrics["complete"] is True and metrics["session"]["kept_from_earlier"] == kept
