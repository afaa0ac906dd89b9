from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from medhal.bench.paired.prompts import CONFIGS, note_seed
from medhal.bench.paired.records import NotePrediction
from medhal.bench.paired.runner import (
    PREDICTIONS_FILE,
    PredictionsFileError,
    read_predictions_file,
    run_paired_predictions,
    work_items,
)
from medhal.llm import Engine, GenerationResult, OpenAIClient, ResponseCache, RetryPolicy, RunDir, RunDirError

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "llm"))
from fake_client import ScriptedClient
from stub_server import StubServer


@dataclass(frozen=True)
class Note:
    id: str
    dataset: str
    language: str
    text: str


ERROR_NOTE = Note("n1", "MEDEC-MS", "en", "Started on metformin 5000 mg daily.")
CLEAN_NOTE = Note("n2", "MEDEC-MS", "en", "Started on metformin 500 mg daily.")
JUNK_NOTE = Note("n3", "MEDEC-MS", "en", "Patient reports a headache.")
DOWN_NOTE = Note("n4", "MEDEC-MS", "en", "Server trouble for this one.")
FRENCH_NOTE = Note("n5", "other", "fr", "Le patient va bien.")
BLANK_NOTE = Note("n6", "MEDEC-MS", "en", "   ")
NOTES = [ERROR_NOTE, CLEAN_NOTE, JUNK_NOTE, DOWN_NOTE, FRENCH_NOTE, BLANK_NOTE]

YES = 'Evidence: "metformin 5000 mg daily"\nAnalysis: Above the maximum dose.\nConfidence: 90\nError: Yes'
NO = "Evidence: NA\nAnalysis: Dose is standard.\nConfidence: 80\nError: No"
JUNK = "I cannot help with that."


def answer(text: str) -> str | GenerationResult:
    if "5000 mg" in text:
        return YES
    if "500 mg" in text:
        return NO
    if "headache" in text:
        return JUNK
    return GenerationResult("x", "api_error", reason="HTTP 500 after 2 attempts", attempts=2)


def test_every_note_under_every_config_in_order_with_statuses() -> None:
    client = ScriptedClient(answer)
    configs = ["neutral-greedy", "conservative-sampling"]
    predictions = run_paired_predictions(NOTES, client, configs=configs, seed=3)
    assert [(p.config, p.note_id) for p in predictions] == [(c, n.id) for c in configs for n in NOTES]
    by_key = {(p.config, p.note_id): p for p in predictions}
    for config in configs:
        hit = by_key[(config, "n1")]
        assert hit.status == "ok" and hit.prediction == 1 and hit.evidence == "metformin 5000 mg daily"
        assert hit.confidence == 90.0 and hit.analysis == "Above the maximum dose." and hit.raw == YES
        clean = by_key[(config, "n2")]
        assert clean.status == "ok" and clean.prediction == 0 and clean.evidence is None
        junk = by_key[(config, "n3")]
        assert junk.status == "parse_failure" and junk.prediction is None and junk.raw == JUNK
        assert junk.reason == "no Error line"
        down = by_key[(config, "n4")]
        assert down.status == "api_error" and down.reason == "HTTP 500 after 2 attempts" and down.raw is None
        assert by_key[(config, "n5")].status == "input_error" and "language" in (by_key[(config, "n5")].reason or "")
        assert by_key[(config, "n6")].status == "input_error" and "no text" in (by_key[(config, "n6")].reason or "")
    # notes that cannot be prompted never reach the model; the others are sent once per configuration
    assert len(client.seen) == 2 * 4
    sampled = [r for r in client.seen if r.config.temperature > 0]
    assert {r.config.seed for r in sampled} == {note_seed(3, n.id) for n in NOTES[:4]}
    assert all(r.config.seed is None for r in client.seen if r.config.temperature == 0)


def test_deterministic_across_runs_and_batch_sizes() -> None:
    first = run_paired_predictions(NOTES, ScriptedClient(answer), seed=1)
    second = run_paired_predictions(NOTES, ScriptedClient(answer, batch_size=3), seed=1, concurrency=4)
    assert first == second and len(first) == len(NOTES) * 4
    assert [p.config for p in first[:: len(NOTES)]] == list(CONFIGS)


def test_a_raising_client_becomes_api_error_rows() -> None:
    client = ScriptedClient(answer, raise_on="5000 mg")
    predictions = run_paired_predictions([ERROR_NOTE, CLEAN_NOTE], client, configs=["neutral-greedy"])
    assert [p.status for p in predictions] == ["api_error", "ok"]
    assert "scripted client failure" in (predictions[0].reason or "")


def test_cache_and_engine(tmp_path: Path) -> None:
    client = ScriptedClient(answer)
    with ResponseCache(tmp_path / "cache.sqlite") as cache:
        first = run_paired_predictions([ERROR_NOTE, CLEAN_NOTE], client, seed=5, cache=cache)
        calls = len(client.seen)
        again = run_paired_predictions([ERROR_NOTE, CLEAN_NOTE], Engine(client, cache=cache), seed=5)
    assert calls == 8 and len(client.seen) == 8  # greedy and seeded sampling both came from the cache
    assert again == first
    with pytest.raises(ValueError, match="Engine"):
        run_paired_predictions([ERROR_NOTE], Engine(client), concurrency=2)


def test_duplicate_note_ids_and_unknown_configs_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate note id"):
        run_paired_predictions([ERROR_NOTE, ERROR_NOTE], ScriptedClient(answer))
    with pytest.raises(ValueError, match="unknown configuration"):
        run_paired_predictions([ERROR_NOTE], ScriptedClient(answer), configs=["neutral-beam"])


def test_work_items_carry_the_note_and_config() -> None:
    items = work_items([ERROR_NOTE, FRENCH_NOTE], [CONFIGS["neutral-greedy"]], seed=0)
    assert [i.id for i in items] == ["neutral-greedy:n1", "neutral-greedy:n5"]
    assert items[0].data == {
        "note_id": "n1",
        "config": "neutral-greedy",
        "dataset": "MEDEC-MS",
        "language": "en",
        "prompt": "medec",
    }
    assert items[1].request is None and items[1].error is not None


def test_run_directory_records_and_resumes(tmp_path: Path) -> None:
    broken = {"on": True}

    def flaky(text: str) -> str | GenerationResult:
        if "Server trouble" in text and broken["on"]:
            return GenerationResult("x", "api_error", reason="HTTP 503", attempts=1)
        return YES if "5000 mg" in text else NO

    notes = [ERROR_NOTE, CLEAN_NOTE, DOWN_NOTE]
    client = ScriptedClient(flaky)
    out = tmp_path / "run"
    first = run_paired_predictions(notes, client, configs=["neutral-greedy", "neutral-sampling"], seed=2, run_dir=out)
    assert [p.status for p in first] == ["ok", "ok", "api_error"] * 2
    rows = [json.loads(line) for line in (out / RunDir.ITEMS).read_text().splitlines()]
    assert len(rows) == 6 and {r["data"]["config"] for r in rows} == {"neutral-greedy", "neutral-sampling"}
    config = json.loads((out / RunDir.CONFIG).read_text())
    assert config["command"] == "paired" and config["paired"]["seed"] == 2
    assert read_predictions_file(out / PREDICTIONS_FILE) == first

    broken["on"] = False
    sent = len(client.seen)
    second = run_paired_predictions(notes, client, configs=["neutral-greedy", "neutral-sampling"], seed=2, run_dir=out)
    assert len(client.seen) - sent == 2  # only the two failed items were rerun
    assert [p.status for p in second] == ["ok"] * 6
    assert second[:2] == first[:2]
    rows = [json.loads(line) for line in (out / RunDir.ITEMS).read_text().splitlines()]
    assert len(rows) == 6 and all(r["status"] == "ok" for r in rows)
    assert read_predictions_file(out / PREDICTIONS_FILE) == second

    with pytest.raises(RunDirError, match="seed"):
        run_paired_predictions(notes, client, configs=["neutral-greedy", "neutral-sampling"], seed=9, run_dir=out)
    with pytest.raises(RunDirError, match="notes"):
        run_paired_predictions(notes[:2], client, configs=["neutral-greedy", "neutral-sampling"], seed=2, run_dir=out)


def test_end_to_end_against_the_stub_server_with_all_four_configs(tmp_path: Path) -> None:
    notes = [
        ERROR_NOTE,
        CLEAN_NOTE,
        Note("zh1", "MedErrBench-CN", "zh", "患者诊断为痛风，给予别嘌醇。"),
        Note("down", "MEDEC-MS", "en", "Vitals stable. [[always=500]]"),
        JUNK_NOTE,
    ]

    def reply(prompt: str) -> str | None:
        if "5000 mg" in prompt:
            return "**Evidence:** metformin 5000 mg daily\n**Analysis:** too high\n**Confidence:** 95\n**Error:** Yes"
        if "痛风" in prompt:
            return "Evidence: NA\nAnalysis: 诊断和治疗一致。\nConfidence: 70\nError: No"
        if "headache" in prompt:
            return "The note seems fine to me."
        return NO

    with StubServer() as stub:
        stub.reply_for = reply
        client = OpenAIClient("stub-model", base_url=stub.url, retry=RetryPolicy(max_attempts=2, base_delay=0.0))
        predictions = run_paired_predictions(notes, client, seed=11, concurrency=4, run_dir=tmp_path / "run")
        bodies = list(stub.bodies)
    assert len(predictions) == 5 * 4
    assert [(p.config, p.note_id) for p in predictions] == [(c, n.id) for c in CONFIGS for n in notes]
    statuses = {(p.config, p.note_id): p.status for p in predictions}
    for config in CONFIGS:
        assert statuses[(config, "n1")] == "ok" and statuses[(config, "n2")] == "ok"
        assert statuses[(config, "zh1")] == "ok" and statuses[(config, "down")] == "api_error"
        assert statuses[(config, "n3")] == "parse_failure"
    verdicts = {(p.config, p.note_id): p.prediction for p in predictions if p.status == "ok"}
    assert all(verdicts[(c, "n1")] == 1 and verdicts[(c, "n2")] == 0 and verdicts[(c, "zh1")] == 0 for c in CONFIGS)
    # the sampled answers carry the stub's "[seed=... sample=0]" suffix and still parse
    sampled = next(p for p in predictions if p.config == "neutral-sampling" and p.note_id == "n1")
    assert sampled.raw is not None and "[seed=" in sampled.raw and sampled.evidence == "metformin 5000 mg daily"

    def body_for(note_text: str, system_start: str, temperature: float) -> dict[str, Any]:
        return next(
            b
            for b in bodies
            if note_text in b["messages"][1]["content"]
            and b["messages"][0]["content"].startswith(system_start)
            and b["temperature"] == temperature
        )

    greedy = body_for(ERROR_NOTE.text, "You are a skilled medical doctor", 0.0)
    assert "seed" not in greedy
    sampling = body_for(ERROR_NOTE.text, "You are a conservative medical reviewer", 0.7)
    assert sampling["top_p"] == 0.9 and sampling["seed"] == note_seed(11, "n1")
    chinese = body_for("痛风", "你是", 0.0)
    assert "诊断、管理" in str(chinese["messages"][1]["content"])
    assert "Error: [No 或 Yes]" in str(chinese["messages"][1]["content"])
    assert len(bodies) == 4 * 4 + 4 * 2  # four notes sent per config, the faulty one tried twice


# -- predictions files -------------------------------------------------------------------------------------------


def test_reads_csv_with_yes_no_and_0_1(tmp_path: Path) -> None:
    path = tmp_path / "preds.csv"
    path.write_text(
        "\ufeffid,prediction,evidence,config\n"
        'a,Yes,"dose, 5000 mg",neutral-greedy\n'
        "b,no,NA,\n"
        "c,1,,\n"
        "d,0,n/a,\n"
        "e,maybe,x,\n"
        "f,,,\n",
        encoding="utf-8",
    )
    predictions = read_predictions_file(path)
    assert [(p.note_id, p.config, p.status, p.prediction) for p in predictions] == [
        ("a", "neutral-greedy", "ok", 1),
        ("b", "external", "ok", 0),
        ("c", "external", "ok", 1),
        ("d", "external", "ok", 0),
        ("e", "external", "parse_failure", None),
        ("f", "external", "parse_failure", None),
    ]
    assert predictions[0].evidence == "dose, 5000 mg" and predictions[1].evidence is None
    assert predictions[3].evidence is None
    assert predictions[4].raw == "maybe" and "'maybe' is not 0/1 or Yes/No" in (predictions[4].reason or "")


def test_reads_jsonl(tmp_path: Path) -> None:
    path = tmp_path / "preds.jsonl"
    lines = [
        {"id": "a", "prediction": "YES", "evidence": "quote", "confidence": 80},
        {"id": 7, "prediction": 0},
        {"id": "c", "prediction": True, "config": "mine"},
        {"id": "d", "prediction": 2},
        {"note_id": "e", "config": "neutral-greedy", "status": "api_error", "prediction": None, "reason": "down"},
    ]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n\n", encoding="utf-8")
    predictions = read_predictions_file(path)
    assert predictions[0] == NotePrediction("a", "external", "ok", 1, evidence="quote", confidence=80.0, raw="YES")
    assert (predictions[1].note_id, predictions[1].prediction) == ("7", 0)
    assert (predictions[2].config, predictions[2].prediction) == ("mine", 1)
    assert predictions[3].status == "parse_failure" and predictions[3].raw == "2"
    assert predictions[4] == NotePrediction("e", "neutral-greedy", "api_error", None, reason="down")


def test_format_is_sniffed_without_a_known_extension(tmp_path: Path) -> None:
    jsonl = tmp_path / "preds.out"
    jsonl.write_text('{"id": "a", "prediction": "no"}\n', encoding="utf-8")
    assert read_predictions_file(jsonl)[0].prediction == 0
    csv_file = tmp_path / "preds.txt"
    csv_file.write_text("ID,Prediction\na,yes\n", encoding="utf-8")
    assert read_predictions_file(csv_file)[0].prediction == 1
    tsv = tmp_path / "preds.tsv"
    tsv.write_text("id\tprediction\na\t1\n", encoding="utf-8")
    assert read_predictions_file(tsv)[0].prediction == 1


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("bad.jsonl", '{"id": "a", "prediction": 1}\n{not json}\n', "bad.jsonl:2: not JSON"),
        ("list.jsonl", '{"id": "a", "prediction": 1}\n[1, 2]\n', "list.jsonl:2: not a JSON object"),
        ("noid.jsonl", '{"prediction": 1}\n', "noid.jsonl:1: a prediction needs a non-empty id"),
        ("nopred.jsonl", '{"id": "a"}\n', "nopred.jsonl:1: no prediction field"),
        ("dup.jsonl", '{"id": "a", "prediction": 1}\n{"id": "a", "prediction": 0}\n', "dup.jsonl:2: a second"),
        ("status.jsonl", '{"id": "a", "prediction": 1, "status": "fine"}\n', "status 'fine'"),
        ("nocol.csv", "id,label\na,1\n", "nocol.csv:1: the header has no prediction column"),
        ("noidcol.csv", "name,prediction\na,1\n", "noidcol.csv:1: the header has no id column"),
        ("fields.csv", "id,prediction\na,1\nb,0,extra\n", "fields.csv:3: 3 fields, the header has 2"),
        ("empty.csv", "", "no predictions"),
        ("header.csv", "id,prediction\n", "no predictions"),
    ],
)
def test_bad_files_raise_one_line_errors(tmp_path: Path, name: str, content: str, message: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(PredictionsFileError) as info:
        read_predictions_file(path)
    assert message in str(info.value) and "\n" not in str(info.value)
    assert isinstance(info.value, ValueError)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(PredictionsFileError, match="cannot read"):
        read_predictions_file(tmp_path / "absent.csv")
    latin = tmp_path / "latin.csv"
    latin.write_bytes(b"id,prediction\n\xe9,1\n")
    with pytest.raises(PredictionsFileError, match="not UTF-8"):
        read_predictions_file(latin)
