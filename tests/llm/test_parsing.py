from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from medhal.llm.parsing import (
    ParseFailure,
    extract_code_blocks,
    get_field,
    parse_json_object,
    parse_key_values,
    parse_option,
    parse_yes_no,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"answer": "B", "why": "dose"}', {"answer": "B", "why": "dose"}),
        ('Sure! Here it is:\n```json\n{\n  "answer": "B",\n  "why": "x"\n}\n```\nThanks', {"answer": "B", "why": "x"}),
        ("{'answer': 'B', 'is_correct': True, 'note': None}", {"answer": "B", "is_correct": True, "note": None}),
        ('{"answer": "B", "items": [1, 2,],}', {"answer": "B", "items": [1, 2]}),
        ("{answer: 'C', score: 0.5}", {"answer": "C", "score": 0.5}),
        ("{'answer': 'It's the patient's dose', 'ok': true}", {"answer": "It's the patient's dose", "ok": True}),
        ('The reply is {"a": {"b": [1, {"c": null}]}} and more text', {"a": {"b": [1, {"c": None}]}}),
        ("{answer: Not sure, ok: false}", {"answer": "Not sure", "ok": False}),
        ('{"text": "line one\nline two"}', {"text": "line one\nline two"}),
        ("```\n{'cop': 2}\n", {"cop": 2}),  # unclosed fence
    ],
)
def test_json_objects_anywhere(text: str, expected: dict[str, Any]) -> None:
    assert parse_json_object(text) == expected


def test_multi_line_json_is_not_truncated_to_its_first_line() -> None:
    text = '{\n "is_answer_correct": "no",\n "answer": "Aspirin",\n "explanation": "..." \n}'
    parsed = parse_json_object(text, required=["is_answer_correct", "answer"])
    assert parsed == {"is_answer_correct": "no", "answer": "Aspirin", "explanation": "..."}


def test_required_keys_pick_the_right_object() -> None:
    text = 'Example: {"x": 1}. Mine: {"Is Answer Correct": "yes", "Answer": "A"}'
    parsed = parse_json_object(text, required=["is_answer_correct"])
    assert parsed == {"Is Answer Correct": "yes", "Answer": "A"}
    assert isinstance(parsed, dict) and get_field(parsed, "is-answer-correct") == "yes"
    failure = parse_json_object('{"x": 1}', required=["answer"])
    assert isinstance(failure, ParseFailure) and "answer" in failure.reason and failure.raw == '{"x": 1}'


@pytest.mark.parametrize(
    ("text", "reason"),
    [("", "empty output"), ("no braces here", "no object found"), ('{"answer": "B", "why": ', "malformed")],
)
def test_json_failures_carry_raw_text(text: str, reason: str) -> None:
    failure = parse_json_object(text)
    assert isinstance(failure, ParseFailure) and reason in failure.reason and failure.raw == text


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(obj=st.dictionaries(st.text(min_size=1, max_size=10), json_values, min_size=1, max_size=4), indent=st.booleans())
def test_any_json_object_round_trips_inside_prose(obj: dict[str, Any], indent: bool) -> None:
    text = f"Here you go:\n{json.dumps(obj, indent=2 if indent else None)}\nHope this helps."
    assert parse_json_object(text) == obj


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_parsers_never_raise(text: str) -> None:
    for result in (
        parse_json_object(text),
        parse_key_values(text, ["answer"]),
        parse_option(text, 4),
        parse_yes_no(text),
    ):
        assert isinstance(result, ParseFailure) or result is not None


def test_key_values() -> None:
    text = "**Error**: yes\n- Sentence ID: 3\nCorrected Sentence: The dose is\n5 mg daily.\nNotes: none"
    assert parse_key_values(text, ["error", "sentence id", "corrected sentence"]) == {
        "error": "yes",
        "sentence_id": "3",
        "corrected_sentence": "The dose is\n5 mg daily.\nNotes: none",
    }
    free = parse_key_values("Answer: B\nConfidence = high\nsome prose")
    assert free == {"answer": "B", "confidence": "high"}
    missing = parse_key_values("Answer: B", required=["explanation"])
    assert isinstance(missing, ParseFailure) and "explanation" in missing.reason
    assert isinstance(parse_key_values("just prose"), ParseFailure)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B", 1),
        ("(c)", 2),
        ("The answer is (D) because ...", 3),
        ("Answer: A", 0),
        ("C) Metformin\nbecause it is first line", 2),
        ('{"cop": 3}', 2),
        ('{"answer": "b"}', 1),
        ("2", 1),
        ("I would give metformin.", 2),
        ("option 4", 3),
    ],
)
def test_options(text: str, expected: int) -> None:
    assert parse_option(text, ["Insulin", "Aspirin", "Metformin", "Warfarin"]) == expected


def test_option_zero_based_and_failures() -> None:
    assert parse_option("0", 4, zero_based_numbers=True) == 0
    for text in ("A or B?", "(A) and (C)", "", "nothing useful", "Insulin or aspirin"):
        assert isinstance(parse_option(text, ["Insulin", "Aspirin", "Metformin"]), ParseFailure), text
    assert isinstance(parse_option("E", 4), ParseFailure)
    with pytest.raises(ValueError):
        parse_option("A", 0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Yes.", True), ("no, it is wrong", False), ("The statement is correct", True), ("This is incorrect", False)],
)
def test_yes_no(text: str, expected: bool) -> None:
    assert parse_yes_no(text) is expected


def test_yes_no_failures() -> None:
    assert isinstance(parse_yes_no("maybe"), ParseFailure)
    assert isinstance(parse_yes_no("It is correct and incorrect"), ParseFailure)


def test_code_blocks() -> None:
    assert extract_code_blocks("a\n```python\nx = 1\n```\nb\n```\ny\n```") == ["x = 1\n", "y\n"]
