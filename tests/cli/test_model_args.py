"""``-M key=value`` / ``--model-args`` and reasoning-model names (``o3-mini``) on LLM-backed commands."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer

from medhal.cli.generate import generate_command
from medhal.cli.inject import inject_command
from medhal.cli.inputs import UsageError
from medhal.cli.modelargs import parse_model_args
from medhal.llm.openai import _ADAPTED

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from stub_server import StubServer

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command("generate")(generate_command)
app.command("inject")(inject_command)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("MEDHAL_BASE_URL", "MEDHAL_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "cache.sqlite"))
    _ADAPTED.clear()


@pytest.fixture
def stub() -> Iterator[StubServer]:
    with StubServer() as server:
        server.reasoning_models = re.compile(r"^o\d|reasoner")
        yield server


def cli(args: list[object]) -> int:
    returned = app(args=[str(a) for a in args], prog_name="medhal", standalone_mode=False)
    return returned if isinstance(returned, int) else 0


def test_parse_model_args() -> None:
    assert parse_model_args(None, None) is None
    parsed = parse_model_args(["reasoning_effort=low", "top_k=20", "temperature=null", "x=[1]"], '{"top_k": 5, "a": 1}')
    assert parsed == {"reasoning_effort": "low", "top_k": 20, "temperature": None, "x": [1], "a": 1}
    for bad_pairs, blob in ((["novalue"], None), (["=1"], None), (None, "[1]"), (None, "{not json")):
        with pytest.raises(UsageError):
            parse_model_args(bad_pairs, blob)


@pytest.mark.parametrize("model", ["o3-mini", "my-reasoner"])
def test_generate_with_a_reasoning_model_and_model_args(stub: StubServer, tmp_path: Path, model: str) -> None:
    prompts = tmp_path / "p.jsonl"
    prompts.write_text("".join(json.dumps({"id": f"p{i}", "prompt": f"q{i}"}) + "\n" for i in range(3)))
    run = tmp_path / "run"
    args = ["generate", "-i", prompts, "-m", f"openai/{model}", "--base-url", stub.url, "-o", run, "--concurrency", 1]
    code = cli([*args, "-M", "reasoning_effort=low", "--model-args", '{"verbosity": "low"}'])
    assert code == 0
    rows = [json.loads(line) for line in (run / "items.jsonl").read_text().splitlines()]
    assert [r["status"] for r in rows] == ["ok"] * 3
    last = stub.bodies[-1]
    assert last["reasoning_effort"] == "low" and last["verbosity"] == "low"
    assert "max_tokens" not in last and last["max_completion_tokens"] == 512 and "temperature" not in last
    config = json.loads((run / "config.json").read_text())
    assert config["client"]["extra_body"] == {"reasoning_effort": "low", "verbosity": "low"}
    # the model arguments are part of the cache key: a rerun without them asks the server again
    stub.reset()
    assert (
        cli(
            [
                *args[:-2],
                "-o",
                tmp_path / "same",
                "--concurrency",
                1,
                "-M",
                "reasoning_effort=low",
                "--model-args",
                '{"verbosity": "low"}',
            ]
        )
        == 0
    )
    assert stub.requests == 0
    assert cli([*args[:-2], "-o", tmp_path / "other", "--concurrency", 1]) == 0
    assert stub.requests == 3


def test_inject_llm_with_a_reasoning_model(stub: StubServer, tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    statement = "Aspirin reduced the risk of stroke in adults."
    source.write_text(json.dumps({"id": "s0", "clean_text": statement, "evidence": statement}) + "\n")
    stub.reply_for = lambda _prompt: json.dumps(
        {"hallucinated_text": statement.replace("reduced", "raised"), "gold_span": "raised"}
    )
    out = tmp_path / "llm.jsonl"
    args = ["inject", "-i", source, "-o", out, "--method", "llm", "-m", "openai/o3-mini", "--base-url", stub.url]
    cli([*args, "--types", "relation_error", "-M", "reasoning_effort=low", "--max-attempts", "1"])
    assert stub.bodies and all(b["reasoning_effort"] == "low" and "max_tokens" not in b for b in stub.bodies)
