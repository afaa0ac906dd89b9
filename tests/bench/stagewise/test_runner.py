from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from medhal.bench.stagewise.metrics import score_records
from medhal.bench.stagewise.prompts import CONTEXTS, generation_prompt, intervention_prompt, parse_contexts
from medhal.bench.stagewise.runner import (
    RecordsFileError,
    StagewiseOptions,
    read_human_labels,
    read_records,
    run_stagewise,
)
from medhal.bench.stagewise.suite import SUITE, StagewiseEngines, StagewiseSpec
from medhal.bench.suite import execute
from medhal.data.stagewise import StagewiseItem, item_from_dict
from medhal.llm import Engine, GenerationResult, ImagePart, ModelClient, ResponseCache
from medhal.report.suites import write_report

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "llm"))
from fake_client import ScriptedClient

REF = {"vr": "REF-VR the film shows a pleural line", "kr": "REF-KR a pleural line without markings is a pneumothorax",
       "ri": "REF-RI so the answer is pneumothorax", "answer": "A"}  # fmt: skip
OPTIONS = ["Pneumothorax", "Pneumonia"]


def trace(vr: str = "OWN-VR a thin pleural line", kr: str = "OWN-KR lines without markings are air",
          ri: str = "OWN-RI hence a pneumothorax is present", answer: str = "A") -> str:  # fmt: skip
    return f"Visual Recognition: {vr}\nKnowledge Recall: {kr}\nReasoning Integration: {ri}\nAnswer: {answer}\n"


def judge_reply(text: str) -> str:
    if "You are grading" in text:
        return '{"correct": true, "reason": "same"}'
    return '{"hallucinated": %s, "reason": "r"}' % ("true" if "Model's Visual Recognition: OWN" in text else "false")


def suite_spec(
    items: list[StagewiseItem],
    model: ModelClient,
    judge: ModelClient,
    reference: ModelClient | None = None,
    *,
    options: StagewiseOptions | None = None,
) -> StagewiseSpec:
    """The stage-wise suite on ``items`` with scripted clients (``reference``: build missing reference traces)."""

    def engines() -> StagewiseEngines:
        return StagewiseEngines(Engine(model), Engine(judge), None if reference is None else Engine(reference))

    contexts = ",".join((options or StagewiseOptions()).contexts)
    return StagewiseSpec(
        items, interventions=contexts, engines=engines, options=options, model="m", judge="j",
        reference_model=None if reference is None else "r",
    )  # fmt: skip


def test_parse_contexts() -> None:
    assert parse_contexts("rep-vk, none") == ("none", "rep-vk")
    assert parse_contexts("rep-k") == ("none", "rep-k") and parse_contexts("all") == CONTEXTS
    with pytest.raises(ValueError, match="rep-x"):
        parse_contexts("rep-x")


def test_prompts_describe_the_stages(tmp_path: Path) -> None:
    text_item = item_from_dict({"id": "t", "question": "Q?", "options": OPTIONS, "answer": "A", "reference": REF})
    prompt = generation_prompt(text_item)
    assert "no image is given" in prompt and "Visual Recognition:" in prompt and "A. Pneumothorax" in prompt
    rep = intervention_prompt(text_item, "rep-vk", {"vr": "given vr", "kr": "given kr"})
    assert "Visual Recognition: given vr" in rep and "Knowledge Recall: given kr" in rep
    assert "Reasoning Integration:" in rep.split("Continue the reasoning")[1]
    with pytest.raises(ValueError):
        intervention_prompt(text_item, "rep-v", {})


def test_run_regenerates_intervenes_and_judges(tmp_path: Path) -> None:
    image = tmp_path / "film.png"
    image.write_bytes(b"\x89PNG fake")
    items = [
        item_from_dict({"id": "img", "question": "MARK-IMG what?", "options": OPTIONS, "answer": "A",
                        "images": [str(image)], "reference": REF}),
        item_from_dict({"id": "regen", "question": "MARK-REGEN what?", "options": OPTIONS, "answer": "A",
                        "reference": REF}),
        item_from_dict({"id": "bad", "question": "MARK-BAD what?", "options": OPTIONS, "answer": "B",
                        "reference": REF}),
        item_from_dict({"id": "down", "question": "MARK-DOWN what?", "options": OPTIONS, "answer": "A",
                        "reference": REF}),
        item_from_dict({"id": "lost", "question": "MARK-LOST what?", "options": OPTIONS, "answer": "A",
                        "images": [str(tmp_path / "gone.png")], "reference": REF}),
    ]  # fmt: skip
    seen: Counter[str] = Counter()

    def model(text: str) -> str | GenerationResult:
        seen[text] += 1
        if "MARK-DOWN" in text and "Continue" not in text:
            return GenerationResult("x", "api_error", reason="HTTP 503 after 5 attempts", attempts=5)
        if "MARK-REGEN" in text and "Continue" not in text and seen[text] == 1:
            return "Visual Recognition: a line\nAnswer: A"
        if "MARK-BAD" in text:
            return trace(ri="N/A", answer="B")
        if "Continue" in text:
            return trace(answer="B" if "MARK-IMG" in text and "REF-KR" not in text else "A").split("\n", 1)[1]
        return trace()

    client, judge = ScriptedClient(model, model="fake/model"), ScriptedClient(judge_reply, model="fake/judge")
    run = run_stagewise(items, client, judge, options=StagewiseOptions(max_regenerations=2, seed=7))
    by = {(r.item_id, r.context): r for r in run.records}
    assert len(run.records) == 20 and len(by) == 20  # every item, every context
    assert by["img", "none"].status == "valid" and by["img", "none"].correct is True
    first = next(r for r in client.seen if r.id == "img::none::gen0")
    assert first.messages is not None and isinstance(first.messages[-1].content, tuple)
    assert isinstance(first.messages[-1].content[0], ImagePart)
    assert first.messages[-1].content[0].url.startswith("data:image/png;base64,")
    regen = by["regen", "none"]
    assert regen.status == "valid" and len(regen.attempts) == 2 and regen.attempts[0].problems
    second = next(r for r in client.seen if r.id == "regen::none::gen1")
    assert second.config.temperature == 0.7 and second.config.seed == 8
    bad = by["bad", "none"]
    assert bad.status == "invalid" and len(bad.attempts) == 3 and bad.reason == "trivial: Reasoning Integration"
    assert bad.correct is True and bad.judgements["ri"].status == "faithful"  # present though trivial: judged
    down = by["down", "none"]
    assert down.status == "api_error" and len(down.attempts) == 1 and down.correct is False
    assert by["down", "rep-k"].status == "skipped" and by["down", "rep-v"].status == "valid"
    lost = by["lost", "none"]
    assert lost.status == "input_error" and "cannot read image" in (lost.reason or "")
    assert by["lost", "rep-vk"].status == "input_error" and by["lost", "rep-k"].status == "skipped"
    rep_k = next(r for r in client.seen if r.id == "img::rep-k::gen0")
    assert rep_k.messages is not None
    assert "OWN-VR" in rep_k.messages[-1].text and "REF-KR" in rep_k.messages[-1].text
    assert by["img", "rep-k"].stages["vr"].startswith("OWN-VR") and by["img", "rep-k"].stages["kr"].startswith("REF-KR")
    assert by["img", "rep-v"].correct is False and by["img", "rep-vk"].correct is True
    assert by["img", "none"].judgements["vr"].status == "hallucinated"
    assert by["img", "rep-v"].judgements["vr"].status == "given"
    metrics = score_records(run.records)
    iv = metrics.block.interventions["rep-v"]
    assert iv.fix_break.broken == 1 and iv.skipped == 0 and metrics.block.accuracy.invalid == 1


def test_reference_construction_keeps_valid_consistent_traces(tmp_path: Path) -> None:
    items = [
        item_from_dict({"id": "good", "question": "MARK-GOOD?", "options": OPTIONS, "answer": "A"}),
        item_from_dict({"id": "wrong", "question": "MARK-WRONG?", "options": OPTIONS, "answer": "A"}),
        item_from_dict({"id": "has", "question": "MARK-HAS?", "options": OPTIONS, "answer": "A", "reference": REF}),
    ]

    def builder(text: str) -> str:
        assert "The correct answer to the question below is: A (Pneumothorax)" in text
        return trace(answer="B" if "MARK-WRONG" in text else "A")

    model, judge = ScriptedClient(lambda t: trace()), ScriptedClient(judge_reply)
    reference = ScriptedClient(builder)
    run = run_stagewise(items, model, judge, reference_model=reference, options=StagewiseOptions(contexts=("none",)))
    assert run.references == {"requested": 2, "built": 1, "rejected_inconsistent": 1}
    assert run.items[0].reference is not None and run.items[1].reference is None
    assert run.items[0].meta["reference"] == "built" and len(reference.seen) == 2
    assert {r.judgements["vr"].status for r in run.records} == {"hallucinated", "no_reference"}
    out = tmp_path / "run"
    clients = ScriptedClient(lambda t: trace()), ScriptedClient(judge_reply), ScriptedClient(builder)
    done = execute(SUITE, suite_spec(items, *clients, options=StagewiseOptions(contexts=("none",))), out)
    assert done.result.records == run.records
    built = [json.loads(line) for line in (out / "references.jsonl").read_text().splitlines()]
    assert [b["id"] for b in built] == ["good"] and built[0]["reference"]["answer"] == "A"
    options = json.loads((out / "config.json").read_text())["options"]
    assert options["references"] == run.references and options["reference_model"] == "r"


def test_report_without_matplotlib_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    items = [item_from_dict({"id": "q", "question": "Q?", "answer": "pneumothorax", "reference": REF})]
    run = run_stagewise(items, ScriptedClient(lambda t: trace(answer="pneumothorax")), ScriptedClient(judge_reply))
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    out = tmp_path / "run"
    clients = ScriptedClient(lambda t: trace(answer="pneumothorax")), ScriptedClient(judge_reply)
    done = execute(SUITE, suite_spec(items, *clients), out)
    assert done.result.records == run.records
    write_report(out, done.result, done.config)
    assert not (out / "fix_break.png").exists()
    assert "needs matplotlib" in (out / "report.md").read_text()


def test_records_roundtrip_cache_and_bad_files(tmp_path: Path) -> None:
    items = [item_from_dict({"id": "q", "question": "Q?", "answer": "pneumothorax", "reference": REF})]
    cache = ResponseCache(tmp_path / "cache.sqlite")
    client = ScriptedClient(lambda t: trace(answer="pneumothorax"))
    runs = [
        run_stagewise(items, Engine(client, cache=cache), ScriptedClient(judge_reply), options=StagewiseOptions())
        for _ in range(2)
    ]
    assert runs[0].records == runs[1].records and client.calls == 4  # the second run came from the cache
    cache.close()
    out = tmp_path / "run"
    execute(
        SUITE,
        suite_spec(items, ScriptedClient(lambda t: trace(answer="pneumothorax")), ScriptedClient(judge_reply)),
        out,
    )
    assert read_records(out / "records.jsonl") == runs[0].records
    assert {"records.jsonl", "metrics.json", "config.json"} <= {p.name for p in out.iterdir()}
    assert not (out / "report.md").exists()  # the report is medhal.report.stagewise's (bench never imports report)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"item_id": "q", "context": "none", "status": "valid"}\n{"item_id": "q", "status": "valid"}\n')
    with pytest.raises(RecordsFileError, match=r"bad\.jsonl:2"):
        read_records(bad)
    labels = tmp_path / "labels.csv"
    labels.write_text("id,context,target,label\nq,none,answer,1\nq,none,vr,faithful\n")
    assert [lab.label for lab in read_human_labels(labels)] == [True, False]
    labels.write_text("id,context,target,label\nq,none,answer,perhaps\n")
    with pytest.raises(RecordsFileError, match=r"labels\.csv:2"):
        read_human_labels(labels)
