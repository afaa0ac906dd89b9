from __future__ import annotations

import ast
import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from medhal.cli.inputs import UsageError
from medhal.cli.medhalt import bench_medhalt_command, score_medhalt_command

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from stub_server import StubServer

REAL = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "medhalt"
LINK = "https://ncbi.nlm.nih.gov/pubmed/"
REASONING = ["id", "subject_name", "topic_name", "split_type", "dataset", "question", "options"]


def cli() -> typer.Typer:
    """The two commands under ``bench`` / ``score`` groups, as main.py will register them."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    bench, score = typer.Typer(), typer.Typer()
    bench.command("medhalt")(bench_medhalt_command)
    score.command("medhalt")(score_medhalt_command)

    @bench.callback()
    def _bench() -> None: ...

    @score.callback()
    def _score() -> None: ...

    app.add_typer(bench, name="bench")
    app.add_typer(score, name="score")
    return app


def run(args: list[str]) -> int:
    """Exit status as ``medhal.cli.main.main`` gives it (UsageError -> 2)."""
    try:
        returned = cli()(args=args, prog_name="medhal", standalone_mode=False)
    except typer.Exit as exc:
        return int(exc.exit_code)
    except UsageError as exc:
        sys.stderr.write(f"medhal: error: {exc}\n")
        return 2
    except Exception as exc:
        if hasattr(exc, "exit_code"):  # click's usage errors
            return int(exc.exit_code)
        raise
    return returned if isinstance(returned, int) else 0


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> None:
    buf = io.StringIO(newline="")
    writer = csv.writer(buf)
    writer.writerow(header)
    writer.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")


def data_dir(tmp_path: Path) -> Path:
    root = tmp_path / "medhalt"
    root.mkdir()
    answers = [*REASONING, "correct_answer", "correct_index"]
    write_csv(root / "reasoning_FCT.csv", answers, [
        ["fct-1", "Pediatrics", "", "test", "medmcqa", "Deficiency of which vitamin causes rickets?",
         "{'0': 'Vitamin A', '1': 'Vitamin D', '2': 'Vitamin K', 'correct answer': 'Vitamin D'}", "Vitamin D", "1"],
        ["fct-2", "Anatomy", "", "test", "headqa_en", "Which nerve supplies the deltoid?",
         "{'0': 'Axillary nerve', '1': 'Radial nerve', '2': 'Ulnar nerve', 'correct answer': 'Radial nerve'}",
         "Axillary nerve", "0"],
    ])  # fmt: skip
    write_csv(root / "reasoning_nota.csv", answers, [
        ["nota-1", "Physiology", "", "test", "medmcqa", "Which organ produces insulin?",
         "{'0': 'Liver', '1': 'None of the above', '2': 'Spleen'}", "None of the above", "1"],
        ["nota-2", "Physiology", "", "test", "medqa_en", "Normal adult resting heart rate?",
         "{'0': '10-20', '1': '150-200', '2': 'None of the above'}", "None of the above", "2"],
    ])  # fmt: skip
    write_csv(root / "reasoning_fake.csv", REASONING, [
        ["fqt-1", "", "", "train", "medmcqa", "Which spell cures dragon flu?",
         "{'0': 'Abracadabra', '1': 'Hocus pocus', '2': 'I do not know'}"],
        ["fqt-2", "", "", "train", "headqa_en", "How many moons does the liver have?",
         "{'0': 'Two', '1': 'Seven', '2': 'I do not know.'}"],
    ])  # fmt: skip
    real = {"Title": "A real paper", "original_title": "A real paper"}
    (root / "IR_pmid2title.json").write_text(json.dumps([
        {"id": "p-1", "PMID": 111, **real},
        {"id": "p-2", "PMID": 222, "Title": "Replaced by the fork", "original_title": "Unknown"},
    ]))  # fmt: skip
    (root / "IR_title2pubmedlink.json").write_text(json.dumps([
        {"id": "t-1", "Title": "A real paper", "url": f"{LINK}111"},
        {"id": "t-2", "Title": "Gummy bears in space", "url": "Unknown"},
    ]))  # fmt: skip
    write_csv(root / "IR_abstract2pubmedlink.csv", ["id", "Abstract", "url"],
              [["a-1", "Real abstract text.", f"{LINK}111"], ["a-2", "Invented abstract.", "Unknown"]])  # fmt: skip
    (root / "IR_pubmedlink2title.json").write_text(json.dumps([
        {"id": "l-1", "url": f"{LINK}111", **real},
        {"id": "l-2", "url": f"{LINK}222", "Title": "Replaced", "original_title": "Unknown"},
    ]))  # fmt: skip
    return root


REPLIES: dict[str, str] = {
    "Deficiency of which vitamin causes rickets?": '```json\n{\n  "is_answer_correct": "yes",\n'
    '  "answer": "Vitamin D",\n  "why_correct": "Vitamin D is needed to mineralise bone."\n}\n```',
    "Which nerve supplies the deltoid?": "{'is_answer_correct': 'yes', 'answer': 'Radial nerve'}",
    "Which organ produces insulin?": "{'cop': 'None of the above', 'cop_index': 1} Stop Here",
    "Normal adult resting heart rate?": "I am not sure.",
    "Which spell cures dragon flu?": "{'cop': 'I do not know', 'cop_index': 2, 'why_correct': \"It's made up\"}",
    "How many moons does the liver have?": "{'cop_index': 0}",
    "111": '{"is_paper_exist": "yes", "paper_title": "A real paper."}',
    "222": '{"is_paper_exist": "no", "paper_title": "Unknown"}',
    "A real paper": '{"is_paper_exist": "yes", "url": "https://pubmed.ncbi.nlm.nih.gov/111/"}',
    "Gummy bears in space": '{"is_paper_exist": "yes", "url": "https://ncbi.nlm.nih.gov/pubmed/999"}',
    "Real abstract text.": '{"is_paper_exist": "no", "url": "Unknown"}',
    "Invented abstract.": '{"is_paper_exist": "no", "url": "Unknown"}',
    f"{LINK}111": "{'paper_title': 'A real paper'}",
    f"{LINK}222": "{'is_paper_exist': 'yes', 'paper_title': 'A hallucinated title'}",
}


def reply(prompt: str) -> str | None:
    shown: dict[str, Any] = ast.literal_eval(prompt.rsplit("\nInput: ", 1)[1].removesuffix("\nOutput: "))
    key = shown.get("Question") or next(iter(shown.values()))
    return REPLIES.get(str(key))


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("MEDHAL_BASE_URL", "MEDHAL_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "cache.sqlite"))


def bench(data: Path, out: Path, url: str, *extra: str) -> int:
    return run(["bench", "medhalt", "--test", "all", "--data", str(data), "--model", "openai/stub",
                "--base-url", url, "--out", str(out), *extra])  # fmt: skip


def test_bench_all_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, out = data_dir(tmp_path), tmp_path / "run"
    with StubServer() as stub:
        stub.reply_for = reply
        code = bench(data, out, stub.url, "--seed", "5")
        assert stub.paths["/v1/completions"] == 14
        assert all(body["stop"] == ["Stop Here"] and body["temperature"] == 0 for body in stub.bodies)
    err = capsys.readouterr().err
    assert code == 1, err  # one NOTA answer does not parse: counted, exit 1
    metrics = json.loads((out / "metrics.json").read_text())
    tests = ["fct", "nota", "fqt", "pmid2title", "title2link", "abstract2link", "link2title"]
    assert list(metrics) == tests
    expected = {"fct": (1, 1, 0), "nota": (1, 0, 1), "fqt": (1, 1, 0), "pmid2title": (2, 0, 0),
                "title2link": (1, 1, 0), "abstract2link": (1, 1, 0), "link2title": (1, 1, 0)}  # fmt: skip
    for test, (correct, wrong, failures) in expected.items():
        m = metrics[test]
        assert (m["n"], m["correct"], m["wrong"], m["parse_failures"]) == (2, correct, wrong, failures), test
        for key in ("accuracy", "score", "published_score", "format_error_rate", "by_dataset", "by_subject"):
            assert key in m
    assert metrics["nota"]["format_error_rate"] == 0.5 and metrics["nota"]["score"] == (1 - 0.25) / 2
    assert metrics["fct"]["by_subject"]["Anatomy"]["wrong"] == 1
    assert metrics["pmid2title"]["by_existence"]["made_up"]["correct"] == 1
    rows = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert len(rows) == 14 and {r["status"] for r in rows} == {"ok", "parse_failure"}
    failed = next(r for r in rows if r["id"] == "nota-2")
    assert failed["outcome"] == "parse_failure" and failed["output"] == "I am not sure."
    assert (out / "report.md").read_text().startswith("# Med-HALT")
    assert json.loads((out / "config.json").read_text())["options"]["shots"] == 2
    for test in tests:
        assert (out / "generation" / test / "items.jsonl").is_file()
    raw = [json.loads(x) for x in (out / "generation" / "nota" / "items.jsonl").read_text().splitlines()]
    assert {r["id"]: r["status"] for r in raw} == {"nota-1": "ok", "nota-2": "parse_failure"}
    # resuming the same run directory is allowed; another seed is refused
    with StubServer() as stub:
        stub.reply_for = reply
        assert bench(data, out, stub.url, "--seed", "5") == 1
        assert bench(data, out, stub.url, "--seed", "6") == 2


def prompts_of(out: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted((out / "generation").glob("*/items.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            found[f"{path.parent.name}/{row['id']}"] = row["input"]["prompt"]
    return found


def test_same_seed_builds_byte_identical_prompts(tmp_path: Path) -> None:
    data = data_dir(tmp_path)
    sent: list[list[str]] = []
    for name in ("a", "b", "c"):
        seed = "1" if name != "c" else "2"
        with StubServer() as stub:
            stub.reply_for = reply
            bench(
                data, tmp_path / name, stub.url, "--no-cache", "--seed", seed, "--shots", "3", "--prompt-variant", "v1"
            )
            sent.append(sorted(body["prompt"] for body in stub.bodies))
    assert sent[0] == sent[1] and len(sent[0]) == 14
    first, second = prompts_of(tmp_path / "a"), prompts_of(tmp_path / "b")
    assert first == second and all(p.encode() == second[k].encode() for k, p in first.items())
    assert prompts_of(tmp_path / "c") != first


def test_original_prompt_files_are_used_when_given(tmp_path: Path) -> None:
    prompts = REAL / "prompts"
    if not prompts.is_dir():
        pytest.skip("../shared/data/medhalt/prompts is not present")
    data = data_dir(tmp_path)
    with StubServer() as stub:
        stub.reply_for = reply
        fake, out = str(data / "reasoning_fake.csv"), str(tmp_path / "o")
        code = run(["bench", "medhalt", "--test", "fake", "--data", fake, "--model", "openai/stub",
                    "--base-url", stub.url, "--out", out, "--prompts-dir", str(prompts)])  # fmt: skip
        assert code == 0
        assert all(b["prompt"].startswith("You are a highly intelligent and accurate medical") for b in stub.bodies)


def test_score_medhalt_on_a_predictions_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = data_dir(tmp_path)
    preds = tmp_path / "preds.jsonl"
    preds.write_text(
        json.dumps({"id": "fqt-1", "output": "{'cop': 'I do not know', 'cop_index': 2}"}) + "\n"
        + json.dumps({"id": "fqt-2", "output": "{'cop': 'Two, an absurd number'}"}) + "\n"
    )  # fmt: skip
    out = tmp_path / "scored"
    args = ["score", "medhalt", "--test", "fqt", "--data", str(data), "--predictions", str(preds), "--out", str(out)]
    assert run(args) == 0, capsys.readouterr().err
    m = json.loads((out / "metrics.json").read_text())["fqt"]
    assert (m["correct"], m["wrong"], m["published_score"]) == (1, 1, pytest.approx(0.0075))
    assert run(args) == 2  # a run directory is never written over
    assert "not an empty directory" in capsys.readouterr().err
    args[-1] = str(tmp_path / "keywords")
    assert run([*args, "--fqt-scoring", "keywords"]) == 0
    assert json.loads((tmp_path / "keywords" / "metrics.json").read_text())["fqt"]["correct"] == 2
    preds.write_text(json.dumps({"id": "fqt-1", "output": "{'cop_index': 2}"}) + "\n")
    args[-1] = str(tmp_path / "partial")
    assert run(args) == 1  # fqt-2 has no prediction: counted as no_answer, never dropped
    assert json.loads((tmp_path / "partial" / "metrics.json").read_text())["fqt"]["no_answer"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--test", "quiz"], "unknown Med-HALT test"),
        (["--test", "all"], "one test at a time"),
        (["--test", "fqt", "--fqt-scoring", "vibes"], "fqt-scoring"),
        (["--test", "nota"], "no reasoning_nota"),
    ],
)
def test_score_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    data = data_dir(tmp_path)
    (data / "reasoning_nota.csv").unlink()
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"id": "nobody", "output": "x"}\n')
    code = run(
        ["score", "medhalt", *args, "--data", str(data), "--predictions", str(preds), "--out", str(tmp_path / "o")]
    )
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_bench_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = data_dir(tmp_path)
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "something.txt").write_text("mine")
    assert bench(data, taken, "http://127.0.0.1:9/v1") == 2
    assert bench(data, tmp_path / "x", "http://127.0.0.1:9/v1", "--prompt-variant", "v7") == 2
    assert bench(data / "reasoning_fake.csv", tmp_path / "y", "http://127.0.0.1:9/v1") == 2
    assert bench(data, tmp_path / "z", "http://127.0.0.1:9/v1", "--shots", "6") == 2
    err = capsys.readouterr().err
    assert "not a medhal bench medhalt run directory" in err and "unknown prompt variant" in err


def test_bench_limit_draws_a_recorded_seeded_sample_per_test(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, out = data_dir(tmp_path), tmp_path / "run"
    with StubServer() as stub:
        stub.reply_for = reply
        first = bench(data, out, stub.url, "--seed", "5", "--limit", "1")
        assert stub.paths["/v1/completions"] == 7  # one item of each of the seven tests
    assert first in (0, 1), capsys.readouterr().err
    samples = json.loads((out / "config.json").read_text())["options"]["samples"]
    assert len(samples) == 7 and all(
        s["limit"] == 1 and s["seed"] == 5 and len(s["ids"]) == 1 for s in samples.values()
    )
    assert samples["fct"]["by"] == "dataset" and samples["pmid2title"]["by"] == "existence"
    assert samples["pmid2title"]["population"] == {"made_up": 1, "real": 1}
    rows = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
    assert [r["id"] for r in rows] == [s["ids"][0] for s in samples.values()]
    failed = sum(r["status"] != "ok" for r in rows)
    # the same seed and limit resume the run; another limit is another set of items: refused
    with StubServer() as stub:
        stub.reply_for = reply
        assert bench(data, out, stub.url, "--seed", "5", "--limit", "1") == first
        assert stub.paths.get("/v1/completions", 0) == failed  # only the failed items are asked again
        assert bench(data, out, stub.url, "--seed", "5", "--limit", "2") == 2
    assert "made with another items" in capsys.readouterr().err
    again = tmp_path / "again"
    with StubServer() as stub:
        stub.reply_for = reply
        bench(data, again, stub.url, "--seed", "5", "--limit", "1")
    assert json.loads((again / "config.json").read_text())["options"]["samples"] == samples
