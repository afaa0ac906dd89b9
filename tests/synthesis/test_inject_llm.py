"""LLM-based error injection: every request becomes a row (ok / invalid / parse_failure / api_error), in-process
and over HTTP against the loopback stub."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from medhal.llm import GenerationResult, OpenAIClient, RetryPolicy
from medhal.synthesis.injection import ERROR_TYPES, CleanRecord, validate_injection
from medhal.synthesis.injection.llm import (
    ERROR_DEFINITIONS,
    INJECTION_PROMPT,
    LLMInjectionStats,
    LLMInjector,
    build_injection_prompt,
    interpret_response,
    llm_inject_items,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from fake_client import ScriptedClient
from stub_server import StubServer

CLEAN = "Statins were associated with lower mortality in patients with heart failure."
RECORD = CleanRecord("s1", CLEAN, "Do statins help in heart failure?", "A cohort of 900 patients. " * 200)
GOOD = {"hallucinated_text": CLEAN.replace("lower mortality", "higher mortality"), "gold_span": "higher mortality"}
TWO_EDITS = {
    "hallucinated_text": "Beta-blockers were associated with higher mortality in patients with heart failure.",
    "gold_span": "higher mortality",
}


def _statement(prompt: str) -> str:
    found = re.search(r"\nStatement: (.*)\n", prompt)
    assert found, prompt
    return found.group(1)


def _ok(text: str) -> GenerationResult:
    return GenerationResult("x", "ok", texts=(text,), attempts=1)


def test_prompt_names_the_type_and_carries_the_statement() -> None:
    for kind in ERROR_TYPES:
        spec = ERROR_DEFINITIONS[kind]
        assert spec.gold in spec.hallucinated and spec.hallucinated != spec.clean
        assert validate_injection(spec.clean, spec.hallucinated, spec.gold, strict=True) == []
        prompt = build_injection_prompt(RECORD, kind)
        assert f"Error type: {spec.name}. {spec.definition}" in prompt
        assert _statement(prompt) == CLEAN and "Question: Do statins help in heart failure?" in prompt
        assert prompt.endswith(
            '{"hallucinated_text": "<the whole rewritten statement>", "gold_span": "<the changed text>"}'
        )
    evidence = build_injection_prompt(RECORD, "invented", max_evidence_chars=100).split("Evidence: ")[1].split("\n")[0]
    assert evidence.endswith(" ...") and len(evidence) <= 104
    bare = build_injection_prompt(CleanRecord("b", CLEAN), "invented")
    assert "Evidence: (none given)" in bare and "Question: (none given)" in bare
    assert "{evidence}" in INJECTION_PROMPT
    with pytest.raises(ValueError, match="unknown error type"):
        build_injection_prompt(RECORD, "typo")


def test_valid_json_becomes_an_item_with_offsets() -> None:
    raw = "Sure! Here it is:\n```json\n" + json.dumps(GOOD) + "\n```"
    row = interpret_response(RECORD, "relation_error", _ok(raw))
    assert row.status == "ok" and row.item is not None and row.raw == raw
    item = row.item
    assert item.hallucinated_text[item.gold_start : item.gold_end] == "higher mortality"
    assert item.method == "llm" and item.operation == "llm" and item.target_type == "relation_error"
    assert item.id == "s1:relation_error" and item.source_id == "s1" and item.evidence == RECORD.evidence
    assert row.to_dict() == item.to_dict()


def test_invalid_edits_are_kept_as_invalid_rows() -> None:
    two = interpret_response(RECORD, "relation_error", _ok(json.dumps(TWO_EDITS)))
    assert two.status == "invalid" and two.item is None
    assert two.reason is not None and "separate changed regions" in two.reason
    unchanged = interpret_response(RECORD, "invented", _ok(json.dumps({"hallucinated_text": CLEAN, "gold_span": "x"})))
    assert unchanged.status == "invalid" and unchanged.reason == "hallucinated_text equals clean_text"
    missing = interpret_response(RECORD, "relation_error", _ok(json.dumps({**GOOD, "gold_span": "raised mortality"})))
    assert missing.status == "invalid" and missing.reason == "gold_span does not occur in hallucinated_text"
    whole = interpret_response(
        RECORD, "relation_error", _ok(json.dumps({**GOOD, "gold_span": GOOD["hallucinated_text"]}))
    )
    assert whole.status == "invalid" and whole.reason == "gold_span is the whole statement"
    assert whole.to_dict()["status"] == "invalid" and whole.to_dict()["raw"] == json.dumps(
        {**GOOD, "gold_span": GOOD["hallucinated_text"]}
    )


def test_garbage_is_a_parse_failure() -> None:
    for raw, reason in (
        ("I cannot help with that.", "no object found"),
        ('{"hallucinated_text": "x"}', "no object with key(s) hallucinated_text, gold_span"),
        ('{"hallucinated_text": "x", "gold_span": ', "object is malformed or incomplete"),
        ('{"hallucinated_text": 3, "gold_span": "x"}', "hallucinated_text and gold_span must be non-empty strings"),
        ("", "empty output"),
    ):
        row = interpret_response(RECORD, "invented", _ok(raw))
        assert row.status == "parse_failure" and row.reason == reason and row.item is None, (raw, row)


def test_api_errors_are_rows() -> None:
    failed = GenerationResult("x", "api_error", reason="HTTP 500 after 5 attempts", attempts=5)
    row = interpret_response(RECORD, "invented", failed)
    assert row.status == "api_error" and row.reason == "HTTP 500 after 5 attempts" and row.attempts == 5


def test_batch_with_a_fake_client_counts_every_status() -> None:
    records = [CleanRecord(f"r{i}", f"Drug {i} lowered blood pressure in adults with diabetes.") for i in range(8)]

    def answer(prompt: str) -> str | GenerationResult:
        statement = _statement(prompt)
        n = int(statement.split()[1])
        if n % 4 == 0:
            return json.dumps({"hallucinated_text": statement.replace("lowered", "raised"), "gold_span": "raised"})
        if n % 4 == 1:
            return json.dumps({"hallucinated_text": statement.replace("Drug", "Dose").replace("adults", "kids"),
                               "gold_span": "kids"})  # fmt: skip
        if n % 4 == 2:
            return "no idea"
        return GenerationResult("x", "api_error", reason="HTTP 503 after 5 attempts", attempts=5)

    client = ScriptedClient(answer)
    rows, stats = llm_inject_items(records, LLMInjector(client), types=["relation_error", "invented"], seed=2)
    assert len(rows) == 8 and len(client.seen) == 8
    assert sorted(r.record_id for r in rows) == sorted(r.id for r in records)
    assert {r.error_type for r in rows} == {"relation_error", "invented"}
    assert stats.to_dict()["totals"] == {"ok": 2, "parse_failure": 2, "invalid": 2, "api_error": 2, "input_error": 0}
    assert stats.requests == 8 and stats.parse_failure_rate == 0.25 and stats.invalid_rate == 0.25
    assert sum(stats.counts["relation_error"].values()) == 4
    for row in rows:
        if row.status == "ok":
            assert row.item is not None and row.item.gold_span == "raised"
    again, _ = llm_inject_items(
        records, LLMInjector(ScriptedClient(answer)), types=["relation_error", "invented"], seed=2
    )
    assert [r.to_dict() for r in again] == [r.to_dict() for r in rows]
    capped, capped_stats = llm_inject_items(
        records, LLMInjector(ScriptedClient(answer)), types=["invented"], per_type=3
    )
    assert len(capped) == 3 and capped_stats.requests == 3


def test_stats_of_no_rows() -> None:
    stats = LLMInjectionStats.of(["invented"], [])
    assert stats.requests == 0 and stats.parse_failure_rate != stats.parse_failure_rate  # nan


def test_options_are_validated() -> None:
    from medhal.llm import GenerationConfig

    with pytest.raises(ValueError, match="n=1"):
        LLMInjector(ScriptedClient(), config=GenerationConfig(n=2))
    with pytest.raises(ValueError, match="max_evidence_chars"):
        LLMInjector(ScriptedClient(), max_evidence_chars=-1)
    completion = ScriptedClient(lambda _: json.dumps(GOOD))
    LLMInjector(completion, chat=False).inject_many([(RECORD, "relation_error")])
    assert completion.seen[0].prompt == build_injection_prompt(RECORD, "relation_error")
    chat = LLMInjector(ScriptedClient())
    request = chat.request(RECORD, "invented")
    assert request.messages is not None and request.config.temperature == 0.0 and request.config.max_tokens == 1024
    assert chat.describe()["max_evidence_chars"] == 1200


def test_over_http_with_the_stub() -> None:
    records = [
        CleanRecord("a", CLEAN),
        CleanRecord("b", "Early surgery shortened hospital stay in older adults."),
        CleanRecord("c", "Aspirin reduced stroke risk in women."),
    ]

    def reply(prompt: str) -> str | None:
        statement = _statement(prompt)
        if statement.startswith("Statins"):
            return json.dumps(GOOD)
        if statement.startswith("Early"):
            return json.dumps({"hallucinated_text": statement.replace("Early", "Late").replace("older", "young"),
                               "gold_span": "young adults"})  # fmt: skip
        return "Here you go: hallucinated_text = Aspirin raised stroke risk"

    with StubServer() as stub:
        stub.reply_for = reply
        client = OpenAIClient("injector", base_url=stub.url, retry=RetryPolicy(max_attempts=2, base_delay=0.01))
        rows, stats = llm_inject_items(records, LLMInjector(client), types=ERROR_TYPES, seed=0)
    assert stub.paths == {"/v1/chat/completions": 3}
    assert stub.bodies[0]["messages"][0]["content"].startswith("You are building a benchmark")
    assert stub.bodies[0]["temperature"] == 0.0
    by_id = {r.record_id: r for r in rows}
    assert by_id["a"].status == "ok" and by_id["a"].item is not None
    assert by_id["b"].status == "invalid" and by_id["c"].status == "parse_failure"
    assert stats.parse_failure_rate == pytest.approx(1 / 3)
