from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from medhal.llm import (
    Engine,
    GenerationConfig,
    GenerationRequest,
    GenerationResult,
    OpenAIClient,
    ParseFailure,
    ResponseCache,
    RetryPolicy,
    RunDir,
    RunDirError,
    WorkItem,
    parse_json_object,
)

from .fake_client import ScriptedClient
from .stub_server import StubServer

FAST = RetryPolicy(max_attempts=3, base_delay=0.01, max_delay=0.05)
FAULTS = {
    "q0": "",
    "q1": "[[faults=429]]",
    "q2": "[[faults=500,503]]",
    "q3": "[[faults=malformed]]",
    "q4": "[[faults=truncated]]",
    "q5": "[[faults=drop]]",
    "q6": "[[always=500]]",
    "q7": "[[always=400]]",
    "q8": "[[delay=0.05]]",
}


def rows(run: RunDir) -> list[dict[str, Any]]:
    return [json.loads(line) for line in run.items_path.read_text().splitlines()]


def work_items() -> list[WorkItem]:
    items = [
        WorkItem(key, GenerationRequest(key, prompt=f"{key} {fault}"), data={"gold": key})
        for key, fault in FAULTS.items()
    ]
    items.append(WorkItem("broken", error="line 10 is not JSON"))
    return items


def openai(stub: StubServer) -> OpenAIClient:
    return OpenAIClient("stub", base_url=stub.url, retry=FAST, concurrency=4)


class Recorder:
    def __init__(self) -> None:
        self.started: tuple[int, int] | None = None
        self.rows: list[Mapping[str, Any]] = []
        self.finished = False

    def start(self, total: int, done: int) -> None:
        self.started = (total, done)

    def advance(self, row: Mapping[str, Any]) -> None:
        self.rows.append(row)

    def finish(self) -> None:
        self.finished = True


def test_every_item_once_with_the_right_status(stub: StubServer, tmp_path: Path) -> None:
    run = RunDir.create({"model": "openai/stub"}, path=tmp_path / "run")
    progress = Recorder()
    summary = Engine(openai(stub)).run(work_items(), run, progress=progress)
    written = rows(run)
    assert sorted(r["id"] for r in written) == sorted([*FAULTS, "broken"])
    by_id = {r["id"]: r for r in written}
    for key in ("q0", "q1", "q2", "q3", "q4", "q5", "q8"):
        assert by_id[key]["status"] == "ok" and by_id[key]["output"] == f"echo: {key}", by_id[key]
    assert by_id["q0"]["attempts"] == 1 and by_id["q1"]["attempts"] == 2 and by_id["q2"]["attempts"] == 3
    assert by_id["q6"]["status"] == "api_error" and by_id["q6"]["attempts"] == 3
    assert by_id["q6"]["reason"] == "HTTP 500: stub failure after 3 attempts" and by_id["q6"]["output"] is None
    assert by_id["q7"]["status"] == "api_error" and by_id["q7"]["attempts"] == 1
    assert by_id["broken"]["status"] == "input_error" and by_id["broken"]["reason"] == "line 10 is not JSON"
    assert by_id["q0"]["data"] == {"gold": "q0"} and by_id["q0"]["input"] == {"prompt": "q0 "}
    assert summary.status == {"ok": 7, "parse_failure": 0, "api_error": 2, "input_error": 1}
    assert summary.complete and not summary.all_ok and summary.processed == 10
    metrics = json.loads((run.path / "metrics.json").read_text())
    assert metrics["items"] == 10 and metrics["api_error_rate"] == 0.2 and metrics["retried_items"] == 6
    assert metrics["missing"] == 0 and metrics["complete"] is True
    assert "| api_error | 2 |" in (run.path / "README.md").read_text()
    assert progress.started == (10, 0) and len(progress.rows) == 10 and progress.finished


def test_cache_makes_a_rerun_issue_zero_requests(stub: StubServer, tmp_path: Path) -> None:
    items = [WorkItem(f"i{i}", GenerationRequest(f"i{i}", prompt=f"prompt {i}")) for i in range(30)]
    seeded = GenerationConfig(temperature=0.9, seed=11, n=2)
    items.append(WorkItem("sampled", GenerationRequest("sampled", prompt="sample", config=seeded)))
    with ResponseCache(tmp_path / "cache.sqlite") as cache:
        first = Engine(openai(stub), cache=cache).run(items, RunDir.create({}, path=tmp_path / "a"))
        assert first.cached == 0 and stub.requests == 31
        stub.reset()
        second_run = RunDir.create({}, path=tmp_path / "b")
        second = Engine(openai(stub), cache=cache).run(items, second_run)
    assert stub.requests == 0
    assert second.cached == 31 and second.client_calls == 0 and second.all_ok
    assert all(r["cached"] and r["attempts"] == 0 for r in rows(second_run))
    again = {r["id"]: r for r in rows(second_run)}
    assert again["sampled"]["outputs"] == ["echo: sample [seed=11 sample=0]", "echo: sample [seed=11 sample=1]"]


def test_unseeded_sampling_is_not_cached(stub: StubServer, tmp_path: Path) -> None:
    request = GenerationRequest("a", prompt="x", config=GenerationConfig(temperature=0.7))
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        for _ in range(2):
            Engine(openai(stub), cache=cache).generate([request])
    assert stub.requests == 2


def test_resume_reruns_only_failed_items_and_never_duplicates(stub: StubServer, tmp_path: Path) -> None:
    run = RunDir.create({}, path=tmp_path / "run")
    items = work_items()
    Engine(openai(stub)).run(items, run)
    assert Counter(r["status"] for r in rows(run))["ok"] == 7
    stub.reset()
    stub.faults_enabled = False  # the server recovered
    progress = Recorder()
    summary = Engine(openai(stub)).run(items, RunDir.open(run.path), resume=True, progress=progress)
    assert stub.requests == 2  # q6 and q7 only
    written = rows(run)
    assert len(written) == len({r["id"] for r in written}) == 10
    assert summary.kept == 7 and summary.processed == 3
    assert summary.status == {"ok": 9, "parse_failure": 0, "api_error": 0, "input_error": 1}
    assert progress.started == (10, 7)


def test_resume_tolerates_a_torn_last_line(stub: StubServer, tmp_path: Path) -> None:
    items = [WorkItem(f"i{i}", GenerationRequest(f"i{i}", prompt=f"p{i}")) for i in range(6)]
    run = RunDir.create({}, path=tmp_path / "run")
    Engine(openai(stub)).run(items[:3], run)
    with run.items_path.open("ab") as handle:
        handle.write(b'{"schema_version":"1.0","id":"i3","status":"ok","out')  # killed mid-write
    with pytest.raises(RunDirError, match="resume"):
        Engine(openai(stub)).run(items, run)
    stub.reset()
    summary = Engine(openai(stub)).run(items, run, resume=True)
    assert stub.requests == 3 and summary.all_ok
    written = rows(run)
    assert sorted(r["id"] for r in written) == [f"i{i}" for i in range(6)]


def test_parsing_statuses(tmp_path: Path) -> None:
    answers = {"good": '```json\n{"answer": "B"}\n```', "bad": "I think B", "boom": "x"}

    def parser(text: str) -> object:
        if text == "x":
            raise ZeroDivisionError("parser bug")
        return parse_json_object(text, required=["answer"])

    client = ScriptedClient(lambda text: answers[text])
    items = [WorkItem(k, GenerationRequest(k, prompt=k)) for k in answers]
    run = RunDir.create({}, path=tmp_path / "run")
    summary = Engine(client).run(items, run, parser=parser)
    by_id = {r["id"]: r for r in rows(run)}
    assert by_id["good"]["status"] == "ok" and by_id["good"]["parsed"] == {"answer": "B"}
    assert by_id["bad"]["status"] == "parse_failure" and by_id["bad"]["reason"] == "no object found"
    assert by_id["bad"]["output"] == "I think B"  # the raw text is kept
    assert by_id["boom"]["status"] == "parse_failure" and "ZeroDivisionError" in by_id["boom"]["reason"]
    assert summary.metrics["parse_failure_rate"] == pytest.approx(2 / 3)


def test_parsing_several_samples(tmp_path: Path) -> None:
    client = ScriptedClient(lambda text: "42")
    config = GenerationConfig(n=2)
    items = [WorkItem("a", GenerationRequest("a", prompt="a", config=config))]
    run = RunDir.create({}, path=tmp_path / "run")
    Engine(client).run(items, run, parser=lambda t: ParseFailure(t, "nope") if t == "42" else t)
    row = rows(run)[0]
    assert row["status"] == "parse_failure" and row["parsed"] == [None, None] and row["outputs"] == ["42", "42"]


def test_a_raising_client_becomes_api_error_rows(tmp_path: Path) -> None:
    client = ScriptedClient(raise_on="explode", batch_size=2)
    items = [WorkItem(k, GenerationRequest(k, prompt=k)) for k in ("fine", "explode", "also fine")]
    run = RunDir.create({}, path=tmp_path / "run")
    summary = Engine(client, batch_size=1).run(items, run)
    by_id = {r["id"]: r for r in rows(run)}
    assert by_id["explode"]["status"] == "api_error"
    assert by_id["explode"]["reason"] == "client error: RuntimeError: scripted client failure"
    assert by_id["fine"]["status"] == by_id["also fine"]["status"] == "ok"
    assert summary.status["api_error"] == 1


def test_batches_reach_the_client_whole(tmp_path: Path) -> None:
    client = ScriptedClient(batch_size=4)
    requests = [GenerationRequest(str(i), prompt=str(i)) for i in range(10)]
    results = Engine(client, concurrency=1).generate(requests)
    assert [r.id for r in results] == [str(i) for i in range(10)]
    assert client.calls == 3


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    items = [WorkItem("a", GenerationRequest("a", prompt="x")), WorkItem("a", GenerationRequest("a", prompt="y"))]
    with pytest.raises(ValueError, match="duplicate item id"):
        Engine(ScriptedClient()).run(items, RunDir.create({}, path=tmp_path / "run"))


def test_work_item_needs_request_or_error() -> None:
    with pytest.raises(ValueError):
        WorkItem("a")
    with pytest.raises(ValueError):
        WorkItem("a", GenerationRequest("a", prompt="x"), error="also an error")


def test_sync_api_works_inside_a_running_loop(tmp_path: Path) -> None:
    async def main() -> list[GenerationResult]:
        return Engine(ScriptedClient()).generate([GenerationRequest("a", prompt="x")])

    assert asyncio.run(main())[0].text == "echo: x"


def test_images_are_elided_from_rows(tmp_path: Path) -> None:
    from medhal.llm import ImagePart, Message, TextPart

    image = ImagePart.from_bytes(b"\x89PNG" * 100, "image/png")
    request = GenerationRequest("v", messages=(Message("user", (TextPart("describe"), image)),))
    run = RunDir.create({}, path=tmp_path / "run")
    Engine(ScriptedClient()).run([WorkItem("v", request)], run)
    url = rows(run)[0]["input"]["messages"][0]["content"][1]["image_url"]["url"]
    assert url.startswith("data:image/png;sha256=") and len(url) < 100
