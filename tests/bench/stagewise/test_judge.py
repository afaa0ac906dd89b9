from __future__ import annotations

import pytest

from medhal.bench.stagewise.judge import (
    apply_judgements,
    closed_correct,
    extract_option_labels,
    judge_tasks,
    normalize_answer,
    parse_verdict,
)
from medhal.bench.stagewise.parsing import StagewiseRecord
from medhal.data.stagewise import item_from_dict
from medhal.llm import GenerationConfig, GenerationResult, ParseFailure

REF = {"vr": "visual reference stage text", "kr": "knowledge reference stage text", "ri": "reasoning text here",
       "answer": "d"}  # fmt: skip
CHOICES = {"a": "円錐角膜", "b": "視神経萎縮", "c": "水晶体混濁", "d": "Kayser-Fleischer 輪", "e": "桜実紅斑"}
SINGLE = item_from_dict({"id": "s", "question": "q", "options": CHOICES, "answer": ["d"], "reference": REF})
DOUBLE = item_from_dict({"id": "t", "question": "q 2 つ選べ", "options": CHOICES, "answer": ["a", "e"]})
ANY_OF = item_from_dict({"id": "u", "question": "q", "options": CHOICES, "answer": ["a", "c"], "select": 1})
LETTERS = item_from_dict({"id": "v", "question": "q", "options": ["Hepatitis A", "Schistosomiasis"], "answer": "B"})
YES = item_from_dict({"id": "w", "question": "q", "answer": "yes"})
SHORT = item_from_dict({"id": "x", "question": "q", "answer": "rectus femoris", "aliases": ["rectus femoris muscle"]})
OPEN = item_from_dict({"id": "y", "question": "q", "answer": "start antibiotics and take two blood cultures now",
                       "reference": REF})  # fmt: skip


@pytest.mark.parametrize(
    ("item", "reply", "right"),
    [
        (SINGLE, "d", True), (SINGLE, "(D)", True), (SINGLE, "d. Kayser-Fleischer 輪", True),
        (SINGLE, "Kayser-Fleischer 輪", True), (SINGLE, "The answer is d.", True), (SINGLE, "ｄ", True),
        (SINGLE, "c", False), (SINGLE, "d, e", False), (SINGLE, "I would say probably d", False),
        (DOUBLE, "a, e", True), (DOUBLE, "e、a", True), (DOUBLE, "a and e", True), (DOUBLE, "a", False),
        (DOUBLE, "a, c", False), (DOUBLE, "a, e, c", False),
        (ANY_OF, "a", True), (ANY_OF, "c", True), (ANY_OF, "a, c", False),
        (LETTERS, "B", True), (LETTERS, "b) Schistosomiasis", True), (LETTERS, "schistosomiasis", True),
        (LETTERS, "The answer is (B) because of the lake", True), (LETTERS, "A", False),
        (YES, "Yes.", True), (YES, "yes, clearly", True), (YES, "No", False), (YES, "maybe", False),
        (SHORT, "The rectus femoris", True), (SHORT, "Rectus femoris muscle.", True), (SHORT, "gluteus medius", False),
    ],
)  # fmt: skip
def test_closed_answers_match_after_normalization(item: object, reply: str, right: bool) -> None:
    assert closed_correct(item, reply) is right  # type: ignore[arg-type]


def test_label_extraction_and_normalization() -> None:
    assert extract_option_labels("a, e", DOUBLE) == frozenset({"a", "e"})
    assert extract_option_labels("no idea at all", DOUBLE) is None
    assert normalize_answer("The  Left-Lung!") == "left lung"


def test_parse_verdict() -> None:
    assert parse_verdict('```json\n{"hallucinated": true, "reason": "wrong organ"}\n```', "hallucinated") == (
        True,
        "wrong organ",
    )
    assert parse_verdict("{'Hallucinated': 'no'}", "hallucinated") == (False, None)
    assert isinstance(parse_verdict('{"hallucinated": "maybe"}', "hallucinated"), ParseFailure)
    assert isinstance(parse_verdict("looks fine to me", "hallucinated"), ParseFailure)


def record(
    item_id: str, status: str, stages: dict[str, str], answer: str | None, given: tuple[str, ...] = ()
) -> StagewiseRecord:
    return StagewiseRecord(item_id, "ds", "m", "none", "text", status, stages, answer, given=given)  # type: ignore[arg-type]


def test_judge_tasks_and_failures_never_count_as_hallucinations() -> None:
    items = {"s": SINGLE, "y": OPEN, "v": LETTERS}
    records = [
        record("s", "invalid", {"vr": "my vr", "kr": "my kr"}, "d"),
        record("y", "valid", {"vr": "a", "kr": "b", "ri": "c"}, "give antibiotics"),
        record("v", "valid", {"vr": "a", "kr": "b", "ri": "c"}, "B"),
        record("s", "api_error", {}, None),
    ]
    tasks, pre = judge_tasks(records, items, GenerationConfig())
    assert [(t.record, t.target) for t in tasks] == [
        (0, "vr"),
        (0, "kr"),
        (1, "vr"),
        (1, "kr"),
        (1, "ri"),
        (1, "answer"),
    ]
    assert pre[0].judgements["ri"].status == "missing" and pre[0].correct is True and pre[0].correctness == "exact"
    assert all(j.status == "no_reference" for j in pre[2].judgements.values()) and pre[2].correct is True
    assert pre[3].correct is False and pre[3].correctness == "no_answer"
    assert pre[1].correctness == "not_scored"
    assert (
        tasks[0].request.messages is not None
        and "Model's Visual Recognition: my vr" in tasks[0].request.messages[-1].text
    )
    results = [
        GenerationResult("1", "ok", ('{"hallucinated": true, "reason": "invented lesion"}',)),
        GenerationResult("2", "ok", ("cannot decide",)),
        GenerationResult("3", "api_error", reason="HTTP 500"),
        GenerationResult("4", "ok", ('{"hallucinated": false}',)),
        GenerationResult("5", "ok", ('{"hallucinated": false}',)),
        GenerationResult("6", "ok", ("not json",)),
    ]
    out = apply_judgements(pre, tasks, results)
    assert out[0].judgements["vr"].status == "hallucinated" and out[0].judgements["vr"].reason == "invented lesion"
    assert out[0].judgements["kr"].status == "judge_failure" and "unreadable" in (out[0].judgements["kr"].reason or "")
    assert out[1].judgements["vr"].status == "judge_failure" and "api_error" in (out[1].judgements["vr"].reason or "")
    assert out[1].correct is None and out[1].correctness == "judge_failure"
    ok = apply_judgements(pre, tasks[-1:], [GenerationResult("6", "ok", ('{"correct": true, "reason": "same"}',))])
    assert ok[1].correct is True and ok[1].correctness == "judge"


def test_given_stages_are_not_judged() -> None:
    rec = record("s", "valid", {"vr": "ref vr", "kr": "ref kr", "ri": "mine"}, "d", given=("vr", "kr"))
    tasks, pre = judge_tasks([rec], {"s": SINGLE}, GenerationConfig())
    assert [t.target for t in tasks] == ["ri"]
    assert pre[0].judgements["vr"].status == "given" and pre[0].judgements["kr"].status == "given"
