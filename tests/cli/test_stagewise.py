from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import typer
from sklearn.metrics import cohen_kappa_score

from medhal.cli.inputs import UsageError
from medhal.cli.stagewise import bench_stagewise_command, export_stagewise_command, score_stagewise_command

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from stub_server import StubServer

# main.py is not ours to edit: a tiny app with the same bench/score groups and main()'s error handling
app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
bench_app, score_app = typer.Typer(), typer.Typer()
bench_app.command("stagewise")(bench_stagewise_command)
score_app.command("stagewise")(score_stagewise_command)
app.add_typer(bench_app, name="bench")
app.add_typer(score_app, name="score")
app.command("export-stagewise")(export_stagewise_command)


def medhal(argv: list[str]) -> int:
    try:
        returned = app(args=argv, prog_name="medhal", standalone_mode=False)
        return returned if isinstance(returned, int) else 0
    except typer.Exit as exc:
        return int(exc.exit_code)
    except UsageError as exc:
        sys.stderr.write(f"medhal: error: {exc}\n")
        return 2


def ref(tag: str, answer: str) -> dict[str, str]:
    return {
        "visual_recognition": f"REF-VR {tag}: the reference description of the findings",
        "knowledge_recall": f"REF-KR {tag}: the reference medical knowledge for this case",
        "reasoning_integration": f"REF-RI {tag}: the reference integration of findings and knowledge",
        "answer": answer,
    }


OPEN_GOLD = "Start broad-spectrum antibiotics and obtain blood cultures"


def data_file(tmp_path: Path) -> Path:
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "chest.png").write_bytes(b"\x89PNG\r\n\x1a\n fake image bytes")
    rows: list[dict[str, Any]] = [
        {"id": "q-mcq", "dataset": "toy-mcq", "question": "MARK-MCQ Which infection fits?",
         "options": {"A": "Hepatitis A", "B": "Schistosomiasis", "C": "Malaria", "D": "Dengue"}, "answer": "B",
         "reference": ref("mcq", "B")},
        {"id": "q-img", "dataset": "toy-vqa", "question": "MARK-IMG Is there a pneumothorax?", "answer": "yes",
         "images": ["img/chest.png"], "reference": ref("img", "yes")},
        {"id": "q-regen", "dataset": "toy-vqa", "question": "MARK-REGEN What is the diagnosis?",
         "answer": "pneumothorax", "reference": ref("regen", "pneumothorax")},
        {"id": "q-bad", "dataset": "toy-mcq", "question": "MARK-BAD Which drug?",
         "options": ["Aspirin", "Heparin"], "answer": "A", "reference": ref("bad", "A")},
        {"id": "q-open", "dataset": "toy-vqa", "question": "MARK-OPEN What should be done first?",
         "answer": OPEN_GOLD, "reference": ref("open", OPEN_GOLD)},
        {"id": "q-noref", "dataset": "toy-mcq", "question": "MARK-NOREF Which one?", "options": ["x", "y"],
         "answer": "A"},
        {"id": "q-lost", "dataset": "toy-vqa", "question": "MARK-LOST Is it normal?", "answer": "no",
         "images": ["img/missing.png"], "reference": ref("lost", "no")},
    ]  # fmt: skip
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def stages(vr: str, kr: str, ri: str, answer: str) -> str:
    return f"Visual Recognition: {vr}\nKnowledge Recall: {kr}\nReasoning Integration: {ri}\nAnswer: {answer}\n"


BASE = {
    "MARK-MCQ": stages("HALLU a rash and fever after swimming", "lake water carries schistosoma larvae",
                       "swimming in lakes points to schistosomiasis", "B"),
    "MARK-IMG": stages("the lung markings reach the chest wall", "GARBLE markings to the wall exclude air",
                       "so there is no pneumothorax here", "no"),
    "MARK-BAD": "Visual Recognition: the case lists a clot in the leg\nKnowledge Recall: clots need an "
                "anticoagulant or antiplatelet drug\nAnswer: A\n",
    "MARK-OPEN": stages("fever and hypotension are reported", "sepsis needs early antibiotics",
                        "this is sepsis so antibiotics come first", "Give fluids GARBLE"),
    "MARK-NOREF": stages("the case names option x plainly", "x is the textbook choice", "so x it is", "A"),
}  # fmt: skip
MALFORMED_REGEN = "Visual Recognition: a collapsed lung on the left\nAnswer: pneumothorax\n"
VALID_REGEN = stages("a collapsed lung on the left side", "a visceral pleural line marks pneumothorax",
                     "[[always=400]] the line is present so pneumothorax", "pneumothorax")  # fmt: skip
REPLACED = {  # (marker, intervention) -> the continuation; rep-v keys on the reference VR alone
    ("MARK-MCQ", "rep-v"): "Knowledge Recall: HALLU lakes carry hepatitis\nReasoning Integration: hence it is "
    "malaria after all\nAnswer: C\n",
    ("MARK-IMG", "rep-v"): "Knowledge Recall: a missing lung edge means air\nReasoning Integration: the edge is "
    "missing so air is there\nAnswer: yes\n",
    ("MARK-IMG", "rep-k"): "Reasoning Integration: markings reach the wall so no air is there\nAnswer: no\n",
}


def script() -> Any:
    seen: Counter[str] = Counter()

    def reply(text: str) -> str:
        if "You are checking the" in text:
            model_stage = text.split("Model's ", 1)[1]
            if "GARBLE" in model_stage:
                return "I think this stage is mostly fine, hard to say."
            verdict = "true" if "HALLU" in model_stage else "false"
            return json.dumps({"hallucinated": verdict == "true", "reason": f"scripted {verdict}"})
        if "You are grading the answer" in text:
            if "GARBLE" in text.split("Model's answer:", 1)[1]:
                return "Maybe."
            return '{"correct": true, "reason": "same management"}'
        marker = re.search(r"MARK-[A-Z]+", text)
        assert marker is not None, text
        key = marker.group()
        if "Continue the reasoning" not in text:
            if key == "MARK-REGEN":
                seen[key] += 1
                return MALFORMED_REGEN if seen[key] == 1 else VALID_REGEN
            return BASE[key]
        context = "rep-vk" if "REF-VR" in text and "REF-KR" in text else "rep-v" if "REF-VR" in text else "rep-k"
        if (key, context) in REPLACED:
            return REPLACED[key, context]
        answer = {"MARK-MCQ": "B", "MARK-IMG": "yes", "MARK-REGEN": "pneumothorax", "MARK-BAD": "A"}.get(key, OPEN_GOLD)
        kr = "Knowledge Recall: the knowledge that was needed here\n" if context == "rep-v" else ""
        return f"{kr}Reasoning Integration: combining the given stages gives the answer\nAnswer: {answer}\n"

    return reply


@pytest.fixture(autouse=True)
def private_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("MEDHAL_BASE_URL", "MEDHAL_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "cache.sqlite"))


def test_bench_stagewise_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, out = data_file(tmp_path), tmp_path / "run"
    labels = tmp_path / "labels.jsonl"
    human = [
        ("q-mcq", "answer", True), ("q-img", "answer", True), ("q-regen", "answer", True),
        ("q-mcq", "vr", True), ("q-img", "vr", True), ("q-regen", "vr", False), ("q-img", "kr", False),
    ]  # fmt: skip
    labels.write_text("".join(json.dumps({"id": i, "target": t, "label": v}) + "\n" for i, t, v in human))
    with StubServer() as stub:
        stub.reply_for = script()
        code = medhal(
            ["bench", "stagewise", "--data", str(data), "--model", "openai/stub-model", "--judge", "openai/stub-judge",
             "--base-url", stub.url, "--judge-base-url", stub.url, "--out", str(out), "--human-labels", str(labels)]
        )  # fmt: skip
        images = [p for b in stub.bodies for m in b["messages"] if isinstance(m["content"], list) for p in m["content"]]
    err = capsys.readouterr().err
    assert code == 1, err  # an unreadable image and judge failures: counted, never dropped
    assert any(p["type"] == "image_url" and p["image_url"]["url"].startswith("data:image/png;base64,") for p in images)

    records = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    keys = Counter((r["item_id"], r["context"]) for r in records)
    ids = ["q-mcq", "q-img", "q-regen", "q-bad", "q-open", "q-noref", "q-lost"]
    assert len(records) == 28 and set(keys) == {(i, c) for i in ids for c in ("none", "rep-v", "rep-k", "rep-vk")}
    by = {(r["item_id"], r["context"]): r for r in records}
    assert by["q-regen", "none"]["status"] == "valid" and len(by["q-regen", "none"]["attempts"]) == 2
    assert by["q-bad", "none"]["status"] == "invalid" and len(by["q-bad", "none"]["attempts"]) == 3
    assert by["q-bad", "none"]["attempts"][0]["problems"] == ["missing: Reasoning Integration"]
    assert by["q-lost", "none"]["status"] == "input_error" and by["q-noref", "rep-v"]["status"] == "skipped"
    assert by["q-regen", "none"]["judgements"]["ri"]["status"] == "judge_failure"
    assert "api_error" in by["q-regen", "none"]["judgements"]["ri"]["reason"]
    assert by["q-img", "none"]["judgements"]["kr"]["status"] == "judge_failure"
    assert by["q-open", "none"]["correctness"] == "judge_failure" and by["q-open", "rep-v"]["correct"] is True

    m = json.loads((out / "metrics.json").read_text())
    acc = m["accuracy"]
    assert acc["all"] == pytest.approx(4 / 6) and acc["valid_only"] == pytest.approx(3 / 4)
    assert (acc["invalid"], acc["failed"], acc["judge_failures"], acc["n"]) == (1, 1, 1, 7)
    none = m["stage_hallucination"]["none"]
    assert none["vr"]["rate"] == pytest.approx(1 / 5) and none["vr"]["no_reference"] == 1
    assert none["kr"]["rate"] == 0.0 and none["kr"]["judge_failures"] == 1
    assert (none["ri"]["judged"], none["ri"]["judge_failures"], none["ri"]["missing"]) == (3, 1, 1)
    assert set(m["stage_hallucination"]["rep-v"]) == {"kr", "ri"} and set(m["stage_hallucination"]["rep-vk"]) == {"ri"}
    assert m["stage_hallucination"]["rep-v"]["kr"]["rate"] == pytest.approx(1 / 5)
    assert m["upstream_controlled"]["kr"] == pytest.approx(1 / 5)
    iv = m["interventions"]
    assert (iv["rep-v"]["n"], iv["rep-v"]["delta"], iv["rep-v"]["fix_rate"]) == (5, pytest.approx(0.0), 0.5)
    assert iv["rep-v"]["break_rate"] == pytest.approx(1 / 3) and iv["rep-v"]["judge_failures"] == 1
    assert (iv["rep-k"]["n"], iv["rep-k"]["skipped"], iv["rep-k"]["fix_rate"], iv["rep-k"]["break_rate"]) == (
        4,
        2,
        0.0,
        0.0,
    )
    assert iv["rep-vk"]["delta"] == pytest.approx(0.2) and iv["rep-vk"]["fix_rate"] == 0.5
    assert iv["rep-vk"]["accuracy"] == pytest.approx(0.8) and iv["rep-vk"]["break_rate"] == 0.0
    assert m["judge"]["failures"] == 3  # two stage verdicts (one unreadable, one HTTP 400) and one answer verdict
    authors = m["authors_code"]
    assert authors["stage_hallucination"]["none"]["kr"]["rate"] == pytest.approx(1 / 4)  # failure = hallucination
    assert set(m["by_dataset"]) == {"toy-mcq", "toy-vqa"} and m["by_model"]["openai/stub-model"]["accuracy"]["n"] == 7
    judge_side = [True, False, True, True, False, False]  # q-img kr is a judge failure: not paired
    human_side = [True, True, True, True, True, False]
    assert m["agreement"]["n"] == 6 and m["agreement"]["unjudged"] == 1
    assert m["agreement"]["kappa"] == pytest.approx(cohen_kappa_score(judge_side, human_side))
    report = (out / "report.md").read_text()
    assert "Fix rate" in report and "REP-" not in report and "rep-vk" in report
    assert (out / "fix_break.png").is_file() and "![Fix and Break rates](fix_break.png)" in report
    assert json.loads((out / "config.json").read_text())["suite"] == "stagewise"

    rescored = tmp_path / "rescored"
    code = medhal(["score", "stagewise", "--records", str(out / "records.jsonl"), "--out", str(rescored),
                   "--human-labels", str(labels)])  # fmt: skip
    again = json.loads((rescored / "metrics.json").read_text())
    assert code == 1 and again == m
    authors_run = tmp_path / "authors"
    code = medhal(["score", "stagewise", "--records", str(out / "records.jsonl"), "--out", str(authors_run),
                   "--invalid-traces", "drop", "--judge-failures", "hallucination"])  # fmt: skip
    theirs = json.loads((authors_run / "metrics.json").read_text())
    for key in ("accuracy", "stage_hallucination", "interventions", "upstream_controlled"):
        assert theirs[key] == m["authors_code"][key]


def test_jmle_text_only_path_and_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    jmle = tmp_path / "jmle.json"
    choices = {"a": "円錐角膜", "b": "視神経萎縮", "c": "水晶体混濁", "d": "Kayser-Fleischer 輪", "e": "桜実紅斑"}
    jmle.write_text(json.dumps([{"id": "119A16", "question": "MARK-JMLE 所見はどれか。", "choices": choices,
                                 "answer": ["d"], "case_classification": {}}], ensure_ascii=False))  # fmt: skip

    prompts: list[str] = []

    def reply(text: str) -> str:
        prompts.append(text)
        if "You are checking the" in text:
            return '{"hallucinated": false, "reason": "ok"}'
        gold = "The correct answer to the question below is: d (Kayser-Fleischer 輪)" in text
        vr, kr = "肝障害と銅の低値、セルロプラスミン低値を認める。", "ウィルソン病では角膜に銅が沈着する。"
        ri = "ウィルソン病なので Kayser-Fleischer 輪がみられる。"
        return stages(vr, kr, ri, "d" if gold else "d. Kayser-Fleischer 輪")

    out = tmp_path / "run"
    with StubServer() as stub:
        stub.reply_for = reply
        code = medhal(
            ["bench", "stagewise", "--data", str(jmle), "--format", "jmle", "--model", "openai/m",
             "--judge", "openai/j", "--base-url", stub.url, "--judge-base-url", stub.url,
             "--reference-model", "openai/r", "--reference-base-url", stub.url, "--out", str(out),
             "--interventions", "rep-vk"]
        )  # fmt: skip
    assert code == 0, capsys.readouterr().err
    assert any("no image is given" in p and "d. Kayser-Fleischer 輪" in p for p in prompts)
    m = json.loads((out / "metrics.json").read_text())
    assert m["accuracy"]["all"] == 1.0 and set(m["interventions"]) == {"rep-vk"}
    assert m["stage_hallucination"]["none"]["vr"]["judged"] == 1
    built = out / "references.jsonl"
    assert json.loads(built.read_text())["reference"]["answer"] == "d"
    ft = tmp_path / "ft"
    assert medhal(["export-stagewise", "--data", str(built), "--out", str(ft), "--formats", "sharegpt"]) == 0
    row = json.loads((ft / "full.sharegpt.jsonl").read_text().splitlines()[0])
    assert row["conversations"][1]["value"].endswith("Answer: d") and "images" not in row


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = data_file(tmp_path)
    base = ["bench", "stagewise", "--data", str(data), "--model", "openai/m", "--judge", "openai/j"]
    assert medhal([*base, "--out", str(tmp_path / "o"), "--interventions", "rep-x"]) == 2
    assert medhal([*base, "--out", str(tmp_path / "o"), "--format", "csv"]) == 2
    assert medhal([*base, "--out", str(tmp_path / "o"), "--invalid-traces", "ignore"]) == 2
    assert medhal([*base, "--out", str(tmp_path), "--base-url", "http://127.0.0.1:9/v1"]) == 2  # not empty, not a run
    assert medhal([*base[:3], str(tmp_path / "none.jsonl"), *base[4:], "--out", str(tmp_path / "o")]) == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "question": "q", "options": ["x"], "answer": "Z"}\n')
    assert medhal(["bench", "stagewise", "--data", str(bad), "--model", "openai/m", "--judge", "openai/j",
                   "--out", str(tmp_path / "o")]) == 2  # fmt: skip
    assert medhal(["score", "stagewise", "--records", str(bad), "--out", str(tmp_path / "o")]) == 2
    assert medhal(["score", "stagewise", "--records", str(tmp_path / "nope"), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "unknown intervention(s) rep-x" in err and "neither an option label" in err
    assert all(line.startswith("medhal: error: ") for line in err.splitlines() if line)
