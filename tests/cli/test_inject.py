"""``medhal inject``: MedHal-Loc JSONL out, a summary on stderr, rejected rows beside it, exit 2 on bad input."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from medhal.bench.runio import OutputPathError
from medhal.cli.inject import inject_command, rejected_path
from medhal.cli.inputs import UsageError
from medhal.data.medhal_loc import read_medhal_loc
from medhal.synthesis.injection import validate_injection

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from stub_server import StubServer

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
app.command("inject")(inject_command)


@app.command("noop")
def _noop() -> None:
    """A second command, so that ``inject`` is addressed by name as under ``medhal``."""


STATEMENTS = (
    "Laparoscopic surgery reduced postoperative complications in elderly patients.",
    "Statins were associated with lower mortality in patients with heart failure.",
    "Early antibiotics increased survival in children with sepsis.",
    "Aspirin is not an effective alternative to heparin after knee surgery.",
    "Colonoscopy screening is a safe method to detect cancer in adults.",
    "Vitamin D supplementation did not improve bone density in women.",
    "Font influenced ratings of complexity.",
    "Physiotherapy improved functional recovery after stroke.",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("MEDHAL_BASE_URL", "MEDHAL_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "cache.sqlite"))


def cli(args: list[Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the command as ``medhal`` would (UsageError -> one line, exit 2)."""
    try:
        returned = app(args=[str(a) for a in args], prog_name="medhal", standalone_mode=False)
        code = returned if isinstance(returned, int) else 0
    except typer.Exit as exc:
        code = int(exc.exit_code)
    except (UsageError, OutputPathError) as exc:
        assert "\n" not in str(exc)
        sys.stderr.write(f"medhal: error: {exc}\n")
        code = 2
    out, err = capsys.readouterr()
    return code, out, err


def write_input(path: Path, statements: tuple[str, ...] = STATEMENTS) -> Path:
    rows = [
        {"id": f"s{i}", "question": f"q{i}?", "evidence": "Evidence text.", "clean_text": s}
        for i, s in enumerate(statements)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_rule_injection_writes_medhal_loc_jsonl(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_input(tmp_path / "in.jsonl")
    out = tmp_path / "sub" / "out.jsonl"
    code, stdout, err = cli(["inject", "-i", source, "-o", out, "--seed", "3"], capsys)
    assert code == 0, err
    assert stdout.strip() == str(out)
    assert re.search(r"injected 8 item\(s\) into 8 record\(s\) with rule \(seed 3\)", err)
    assert re.search(r"invented: 2 made, 0 skipped \(no perturbation applies\), success 100\.0%", err)
    items = read_medhal_loc(out)
    assert len(items) == 8
    for item in items:
        assert validate_injection(item.clean_text, item.hallucinated_text, item.gold_span, strict=True) == []
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(r["hallucinated_text"][r["gold_start"] : r["gold_end"]] == r["gold_span"] for r in rows)
    assert {r["method"] for r in rows} == {"rule"} and {r["source"] for r in rows} == {"injected"}
    # same seed, same bytes
    again = tmp_path / "again.jsonl"
    assert cli(["inject", "-i", source, "-o", again, "--seed", "3"], capsys)[0] == 0
    assert again.read_bytes() == out.read_bytes()


def test_quota_not_met_exits_1_and_reports_skips(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_input(tmp_path / "in.jsonl", STATEMENTS[6:7] * 1)
    out = tmp_path / "out.jsonl"
    code, _, err = cli(["inject", "-i", source, "-o", out, "--types", "entity_substitution", "--per-type", "2"], capsys)
    assert code == 1, err
    assert "entity_substitution: 0 of 2 made, 1 skipped" in err
    assert out.read_text() == ""
    rejected = [json.loads(line) for line in rejected_path(out).read_text().splitlines()]
    assert rejected == [
        {
            "id": "s0",
            "target_type": "entity_substitution",
            "status": "skipped",
            "reason": "no substitutable entity of the inventory in the text",
        }
    ]
    # a later run with nothing rejected removes the stale side file
    write_input(source, STATEMENTS[:2])
    assert cli(["inject", "-i", source, "-o", out, "--types", "invented"], capsys)[0] == 2  # out exists
    assert cli(["inject", "-i", source, "-o", out, "--types", "invented", "--overwrite"], capsys)[0] == 0
    assert not rejected_path(out).exists()


def test_pubtator_corpora_feed_the_inventory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "c.pubtator"
    corpus.write_text(
        "1|t|Cisplatin and carboplatin.\n1|a|Oxaliplatin too.\n"
        "1\t0\t9\tCisplatin\tChemical\tD1\n1\t14\t25\tcarboplatin\tChemical\tD2\n"
        "1\t27\t38\tOxaliplatin\tChemMet\tD3\n\n"
    )
    source = write_input(tmp_path / "in.jsonl", ("Cisplatin caused ototoxicity in the cohort.",))
    out = tmp_path / "out.jsonl"
    code, _, err = cli(
        ["inject", "-i", source, "-o", out, "--types", "entity_substitution", "--pubtator", corpus], capsys
    )
    assert code == 0, err
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["gold_span"] in {"Carboplatin", "Oxaliplatin"}


@pytest.mark.parametrize(
    ("content", "extra", "message"),
    [
        ("not json\n", [], "line 1 is not JSON"),
        ('{"id": "a", "question": "q"}\n', [], "line 1: clean_text must be a non-empty string"),
        ("", [], "no records"),
        (None, [], "does not exist"),
        ('{"id": "a", "clean_text": "x"}\n', ["--types", "typo"], "unknown error type 'typo'"),
        ('{"id": "a", "clean_text": "x"}\n', ["--method", "llm"], "--method llm needs --model"),
        ('{"id": "a", "clean_text": "x"}\n', ["--model", "openai/x"], "--model only applies to --method llm"),
        ('{"id": "a", "clean_text": "x"}\n', ["--pubtator", "missing.txt"], "PubTator file missing.txt does not exist"),
        (
            '{"id": "a", "clean_text": "x"}\n',
            ["--method", "llm", "--model", "openai/x", "--pubtator", "c.txt"],
            "--pubtator only applies to --method rule",
        ),
        ('{"id": "a", "clean_text": "x"}\n', ["--method", "llm", "--model", "nope/x"], "unknown model provider"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, extra: list[str], message: str
) -> None:
    source = tmp_path / "in.jsonl"
    if content is not None:
        source.write_text(content)
    out = tmp_path / "out.jsonl"
    code, stdout, err = cli(["inject", "-i", source, "-o", out, *extra], capsys)
    assert code == 2
    assert err.startswith("medhal: error: ") and err.count("\n") == 1 and message in err, err
    assert stdout == "" and not out.exists()


def test_pubtator_without_mentions_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "empty.pubtator"
    corpus.write_text("1|t|A title.\n1|a|An abstract.\n\n")
    source = write_input(tmp_path / "in.jsonl")
    code, _, err = cli(["inject", "-i", source, "-o", tmp_path / "o.jsonl", "--pubtator", corpus], capsys)
    assert code == 2 and f"PubTator file {corpus} has no entity mentions" in err


def test_missing_options_and_out_equal_to_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_input(tmp_path / "in.jsonl")
    code, _, err = cli(["inject", "-i", source], capsys)
    assert code == 2 and "need --input and --out" in err
    code, _, err = cli(["inject", "-i", source, "-o", source], capsys)
    assert code == 2 and "--out must not be the input file" in err


def test_llm_injection_against_the_stub(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_input(tmp_path / "in.jsonl", STATEMENTS[:4])

    def reply(prompt: str) -> str:
        statement = re.search(r"\nStatement: (.*)\n", prompt).group(1)  # type: ignore[union-attr]
        if "Statins" in statement:
            return "garbage"
        word = next(w for w in ("reduced", "lower", "increased", "not") if w in statement.split())
        new = {"reduced": "raised", "lower": "higher", "increased": "decreased", "not": "indeed"}[word]
        return json.dumps({"hallucinated_text": statement.replace(word, new, 1), "gold_span": new})

    out = tmp_path / "llm.jsonl"
    with StubServer() as stub:
        stub.reply_for = reply
        args = ["inject", "-i", source, "-o", out, "--method", "llm", "-m", "openai/stub", "--base-url", stub.url]
        code, stdout, err = cli([*args, "--max-attempts", "1"], capsys)
    assert code == 1, err  # one row is a parse failure
    assert stdout.strip() == str(out)
    assert "injected 3 item(s) from 4 request(s) with openai/stub (seed 0)" in err
    assert "parse-failure rate 25.0%, invalid rate 0.0%, api errors 0" in err
    items = read_medhal_loc(out)
    assert len(items) == 3 and all(i.source == "injected" for i in items)
    (failed,) = [json.loads(line) for line in rejected_path(out).read_text().splitlines()]
    assert failed["status"] == "parse_failure" and failed["raw"] == "garbage" and failed["id"] == "s1"
