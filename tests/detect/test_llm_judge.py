from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from medhal.detect import CheckItem
from medhal.detect.judge_formats import (
    NO_QUESTION,
    RESPONSE_PROMPT,
    SPAN_PROMPT,
    YES_NO_PROMPT,
    JsonSpanFormat,
    ResponseJudgement,
    SpanJudgement,
    YesNoFormat,
    parse_response_judgement,
    parse_span_judgement,
    render_prompt,
)
from medhal.detect.llm_judge import LLMJudgeDetector
from medhal.detect.units import ConfigError
from medhal.llm import GenerationResult, OpenAIClient, ParseFailure, ResponseCache, RetryPolicy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from fake_client import ScriptedClient, request_text
from stub_server import StubServer

EVIDENCE = "The plan allocates $4.2 million to extend the eastern light-rail line. Mayor Lena Ortiz backed it."
QUESTION = "What did the council approve?"
RESPONSE = "The council approved a $4.2 million plan to extend the light-rail line. Mayor Ortiz opposed the expansion."
ITEM = CheckItem(EVIDENCE, RESPONSE, QUESTION, "t1")

VERDICT = '{"verdict": "contradicted", "hallucination_score": 0.9, "reason": "The mayor backed the plan."}'
SPANS = json.dumps(
    {
        "errors": [
            {"text": "opposed the expansion", "type": "contradicted", "reason": "she backed it"},
            {"text": "The mayor is 54 years old", "type": "unsupported"},
        ]
    }
)


def _judge(prompt: str) -> str:
    return SPANS if "List every erroneous part" in prompt else VERDICT


# -- parsing -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "verdict", "score", "given", "consistent"),
    [
        (VERDICT, "contradicted", 0.9, True, True),
        ('```json\n{"verdict": "Supported", "hallucination_score": 0.1}\n```', "supported", 0.1, True, True),
        ("{'verdict': 'unsupported', 'score': '0.7',}", "unsupported", 0.7, True, True),
        ('Sure. {"verdict": "supported"}', "supported", 0.0, False, True),
        ('{"verdict": "not_supported"}', "unsupported", 1.0, False, True),
        ('{"hallucination_score": 0.8}', "unsupported", 0.8, True, True),
        ('{"hallucination_score": 0.2}', "supported", 0.2, True, True),
        ('{"supported": false, "score": 0.6}', "unsupported", 0.6, True, True),
        ('{"hallucinated": "no"}', "supported", 0.0, False, True),
        ('{"verdict": "supported", "hallucination_score": 0.95}', "supported", 0.95, True, False),
        ('{"Verdict": "CONTRADICTION", "Hallucination Score": 1}', "contradicted", 1.0, True, True),
    ],
)
def test_response_judgement_parses(text: str, verdict: str, score: float, given: bool, consistent: bool) -> None:
    parsed = parse_response_judgement(text)
    assert isinstance(parsed, ResponseJudgement)
    assert (parsed.verdict, parsed.score, parsed.score_given, parsed.consistent) == (verdict, score, given, consistent)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("The answer is fine.", "no object found"),
        ("", "empty output"),
        ('{"verdict": "maybe"}', "unknown verdict 'maybe'"),
        ('{"verdict": "supported", "hallucination_score": 7}', "outside [0, 1]"),
        ('{"hallucination_score": "high"}', "not a number"),
        ('{"hallucination_score": true}', "not a number"),
        ('{"reason": "looks fine"}', "no verdict or hallucination_score"),
        ('{"verdict": "supported", ', "malformed"),
    ],
)
def test_response_judgement_failures_keep_the_raw_text(text: str, reason: str) -> None:
    parsed = parse_response_judgement(text)
    assert isinstance(parsed, ParseFailure) and reason in parsed.reason and parsed.raw == text


def test_span_judgement_aligns_and_reports_unaligned() -> None:
    raw = json.dumps(
        {
            "errors": [
                {"text": "opposed the expansion", "type": "contradicted"},
                {"span": "MAYOR ORTIZ", "type": "unsupported"},  # case-insensitive match
                "plan to extend the light rail line",  # fuzzy match (hyphen dropped)
                {"text": "The mayor is 54 years old"},
                {"text": "opposed the expansion"},  # the same span again
                {"text": ""},
                42,
                {"reason": "no text"},
            ]
        }
    )
    parsed = parse_span_judgement(raw, RESPONSE)
    assert isinstance(parsed, SpanJudgement)
    assert parsed.invalid == 3 and parsed.duplicates == 1
    assert parsed.unaligned == ("The mayor is 54 years old",)
    aligned = parsed.aligned
    assert [e.span.text for e in aligned if e.span] == [
        "plan to extend the light-rail line",
        "Mayor Ortiz",
        "opposed the expansion",
    ]
    assert [e.method for e in aligned] == ["fuzzy", "normalized", "exact"]
    assert [e.kind for e in aligned] == ["unsupported", "unsupported", "contradicted"]
    for error in aligned:
        assert error.span is not None and RESPONSE[error.span.start : error.span.end] == error.span.text
    assert parsed.to_dict()["unaligned"] == ["The mayor is 54 years old"]


def test_span_judgement_shapes() -> None:
    empty = parse_span_judgement('{"errors": []}', RESPONSE)
    assert isinstance(empty, SpanJudgement) and empty.errors == ()
    null = parse_span_judgement('{"errors": null}', RESPONSE)
    assert isinstance(null, SpanJudgement) and null.errors == ()
    bare = parse_span_judgement('```json\n["Mayor Ortiz opposed"]\n```', RESPONSE)
    assert isinstance(bare, SpanJudgement) and [e.span.text for e in bare.aligned if e.span] == ["Mayor Ortiz opposed"]
    not_list = parse_span_judgement('{"errors": "Mayor Ortiz"}', RESPONSE)
    assert isinstance(not_list, ParseFailure) and "not a list" in not_list.reason
    unusable = parse_span_judgement('{"errors": [1, 2]}', RESPONSE)
    assert isinstance(unusable, ParseFailure) and "has a text" in unusable.reason
    nothing = parse_span_judgement("No errors found.", RESPONSE)
    assert isinstance(nothing, ParseFailure)


def test_prompts_render_every_field() -> None:
    prompt = render_prompt(RESPONSE_PROMPT, ITEM)
    assert EVIDENCE in prompt and RESPONSE in prompt and f"Question: {QUESTION}" in prompt
    assert '{"verdict": "supported" | "unsupported" | "contradicted", "hallucination_score"' in prompt
    no_question = render_prompt(SPAN_PROMPT, CheckItem("Dose {x} mg.", "Give {y}."))
    assert f"Question: {NO_QUESTION}" in no_question and "Dose {x} mg." in no_question
    assert '{"errors": [{"text": "<exact substring of the answer>"' in no_question


# -- the detector --------------------------------------------------------------------------------------------------


def test_response_level_gives_one_response_unit() -> None:
    client = ScriptedClient(_judge)
    result = LLMJudgeDetector(client).detect(CheckItem(EVIDENCE, RESPONSE + "\n", QUESTION, "t1"))
    assert result.status == "ok" and result.detector == "llm-judge" and result.verifier_id is None
    (unit,) = result.units
    assert unit.kind == "response" and unit.text == RESPONSE and (unit.start, unit.end) == (0, len(RESPONSE))
    assert unit.verdict == "contradicted" and unit.score == unit.suspicion == 0.9
    assert unit.p_entail is None and unit.p_contradict is None
    assert result.score == 0.9 and result.flagged is True
    judge = result.config["judge"]["response"]
    assert judge["raw"] == VERDICT and judge["reason"] == "The mayor backed the plan." and judge["consistent"]
    (request,) = client.seen
    assert request.messages is not None
    assert request.messages[0].text == render_prompt(RESPONSE_PROMPT, CheckItem(EVIDENCE, RESPONSE + "\n", QUESTION))
    assert request.config.temperature == 0.0 and request.config.max_tokens == 512
    assert result.config["span_format"] is None and result.config["response_format"]["name"] == "json"


def test_span_level_gives_aligned_span_units_and_counts_the_rest() -> None:
    client = ScriptedClient(_judge)
    result = LLMJudgeDetector(client, level="span").detect(ITEM)
    assert result.status == "ok"
    (unit,) = result.units
    assert unit.kind == "span" and unit.text == "opposed the expansion" and unit.suspicion == 1.0
    assert RESPONSE[unit.start : unit.end] == unit.text and unit.verdict == "contradicted"
    assert result.score == 1.0 and result.flagged
    spans = result.config["judge"]["span"]
    assert spans["unaligned"] == ["The mayor is 54 years old"] and spans["raw"] == SPANS
    assert "List every erroneous part" in request_text(client.seen[0])


def test_span_level_with_no_errors_scores_zero() -> None:
    result = LLMJudgeDetector(ScriptedClient(lambda _: '{"errors": []}'), level="span").detect(ITEM)
    assert result.status == "ok" and result.units == () and result.score == 0.0 and result.flagged is False


def test_unaligned_only_still_flags() -> None:
    answer = '{"errors": ["The mayor is 54 years old"]}'
    result = LLMJudgeDetector(ScriptedClient(lambda _: answer), level="span").detect(ITEM)
    assert result.status == "ok" and result.units == () and result.score == 1.0
    assert result.config["judge"]["span"]["unaligned"] == ["The mayor is 54 years old"]


def test_both_levels_take_units_from_spans_and_the_score_from_the_verdict() -> None:
    client = ScriptedClient(_judge)
    result = LLMJudgeDetector(client, level="both", threshold=0.95).detect(ITEM)
    assert result.status == "ok" and len(client.seen) == 2
    assert [u.kind for u in result.units] == ["span"] and result.score == 0.9 and result.flagged is False
    assert set(result.config["judge"]) == {"response", "span"}


def test_failures_keep_their_item_and_the_raw_answer() -> None:
    def answer(prompt: str) -> str | GenerationResult:
        if "BROKEN" in prompt:
            return GenerationResult("x", "api_error", reason="HTTP 500 after 3 attempts", attempts=3)
        if "GARBLED" in prompt:
            return "I think it is mostly fine"
        return VERDICT

    items = [
        CheckItem(EVIDENCE, "BROKEN answer.", id="a"),
        CheckItem(EVIDENCE, "GARBLED answer.", id="b"),
        CheckItem(EVIDENCE, "   ", id="c"),
        CheckItem(EVIDENCE, RESPONSE, id="d"),
    ]
    down, garbled, blank, ok = LLMJudgeDetector(ScriptedClient(answer)).detect_many(items)
    assert [r.id for r in (down, garbled, blank, ok)] == ["a", "b", "c", "d"]
    assert down.status == "api_error" and down.reason == "response judge call failed: HTTP 500 after 3 attempts"
    assert down.config["judge"]["response"]["attempts"] == 3 and down.score is None
    assert (
        garbled.status == "parse_failure" and garbled.reason == "response judge answer did not parse: no object found"
    )
    assert garbled.config["judge"]["response"]["raw"] == "I think it is mostly fine"
    assert garbled.config["judge"]["response"]["error"] == "no object found"
    assert blank.status == "input_error" and ok.status == "ok"


def test_both_levels_report_the_worst_status() -> None:
    def answer(prompt: str) -> str | GenerationResult:
        if "List every erroneous part" in prompt:
            return GenerationResult("x", "api_error", reason="timeout")
        return "not json"

    result = LLMJudgeDetector(ScriptedClient(answer), level="both").detect(ITEM)
    assert result.status == "api_error" and result.reason == "span judge call failed: timeout"
    assert result.config["judge"]["response"]["status"] == "parse_failure"


def test_yes_no_format() -> None:
    client = ScriptedClient(lambda prompt: "Yes." if "Mayor Ortiz opposed" in prompt else "No")
    detector = LLMJudgeDetector(client, response_format="yes-no")
    bad, good = detector.detect_many([ITEM, CheckItem(EVIDENCE, "The plan costs $4.2 million.")])
    assert (bad.score, bad.units[0].verdict, good.score, good.units[0].verdict) == (
        1.0,
        "unsupported",
        0.0,
        "supported",
    )
    assert request_text(client.seen[0]) == render_prompt(YES_NO_PROMPT, ITEM)
    assert isinstance(YesNoFormat().parse("Maybe"), ParseFailure)


def test_identical_prompts_are_asked_once_and_cached(tmp_path: Path) -> None:
    client = ScriptedClient(_judge)
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        detector = LLMJudgeDetector(client, cache=cache)
        first = detector.detect_many([ITEM, CheckItem(EVIDENCE, RESPONSE, QUESTION, "t2")])
        again = detector.detect(ITEM)
    assert len(client.seen) == 1
    assert [r.score for r in first] == [0.9, 0.9] and again.config["judge"]["response"]["cached"] is True


def test_completion_prompts() -> None:
    client = ScriptedClient(_judge)
    LLMJudgeDetector(client, chat=False).detect(ITEM)
    assert client.seen[0].prompt == render_prompt(RESPONSE_PROMPT, ITEM)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"level": "sentence"}, "unknown judge level"),
        ({"response_format": "xml"}, "unknown response format"),
        ({"threshold": -0.1}, "threshold"),
        ({"temperature": 11.0}, "temperature"),
        ({"max_tokens": 0}, "max_tokens"),
        ({"min_similarity": 0.0}, "min_similarity"),
        ({"concurrency": 0}, ">= 1"),
    ],
)
def test_options_are_validated(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        LLMJudgeDetector(ScriptedClient(), **options)


def test_custom_templates_are_validated() -> None:
    with pytest.raises(ConfigError, match="must contain"):
        JsonSpanFormat("List errors in {response}")
    with pytest.raises(ConfigError, match="may only use"):
        JsonSpanFormat("{evidence} {response} {gold}")
    fmt = JsonSpanFormat("E: {evidence}\nA: {response}\nJSON:", min_similarity=1.0)
    result = LLMJudgeDetector(ScriptedClient(lambda _: SPANS), level="span", span_format=fmt).detect(ITEM)
    assert result.config["span_format"]["prompt"] == "E: {evidence}\nA: {response}\nJSON:"
    assert [u.text for u in result.units] == ["opposed the expansion"]


def test_end_to_end_over_http_with_the_stub() -> None:
    with StubServer() as stub:
        stub.reply_for = lambda prompt: _judge(prompt) if prompt.startswith("You are checking") else None
        client = OpenAIClient("judge", base_url=stub.url, retry=RetryPolicy(max_attempts=1, base_delay=0.01))
        ok, down = LLMJudgeDetector(client, level="both").detect_many(
            [ITEM, CheckItem(EVIDENCE + " [[always=500]]", RESPONSE, QUESTION, "down")]
        )
    assert ok.status == "ok" and ok.score == 0.9 and [u.text for u in ok.units] == ["opposed the expansion"]
    assert down.status == "api_error" and down.units == ()
    assert stub.paths == {"/v1/chat/completions": 4}
    assert all(body["temperature"] == 0.0 for body in stub.bodies)
