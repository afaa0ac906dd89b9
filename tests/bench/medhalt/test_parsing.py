from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.bench.medhalt.parsing import (
    ChoiceAnswer,
    FCTAnswer,
    MemoryAnswer,
    answer_body,
    parse_choice,
    parse_fct,
    parse_memory,
    parse_output,
    resolve_option,
)
from medhal.data.medhalt import ReasoningItem, load_medhalt
from medhal.llm.parsing import ParseFailure

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "medhalt" / "fct_sample_outputs.json"
OPTIONS = ("Vitamin C", "Vitamin B7", "Vitamin B12", "Vitamin D", "I do not know")


def test_the_five_real_fct_outputs() -> None:
    if not SAMPLES.is_file():
        pytest.skip("../shared/data/medhalt/fct_sample_outputs.json is not present")
    rows = json.loads(SAMPLES.read_text(encoding="utf-8"))
    items = load_medhalt(SAMPLES, "fct")
    results = [parse_output("fct", row["raw_output"], item) for row, item in zip(rows, items, strict=True)]
    # four outputs stop inside the <think> block before any answer: parse failures that keep the raw text
    for row, result in zip(rows[:4], results[:4], strict=True):
        assert isinstance(result, ParseFailure) and result.raw == row["raw_output"]
    last = results[4]
    assert isinstance(last, FCTAnswer)
    # the answer follows the reasoning, under "correct answer", with mixed quotes: the original's first-line
    # parser would have read "<think>" only
    assert last.verdict is False and last.answer == "Clear cell type" and last.answer_index == 0
    assert last.why_others_incorrect is not None and last.why_others_incorrect.endswith("which is not accurate.")
    # the fork's own parse of this output (gpt_output) agrees on the fields
    assert rows[4]["gpt_output"]["correct answer"] == last.answer
    item = items[4]
    assert isinstance(item, ReasoningItem) and item.correct_index == 0


def test_multi_line_json_is_read_whole() -> None:
    text = '{\n  "is_answer_correct": "no",\n  "answer": "Vitamin B12",\n  "why_correct": "Animal foods.",\n}'
    got = parse_fct(text, OPTIONS)
    assert got == FCTAnswer(False, "Vitamin B12", 2, "Animal foods.", None)


def test_fenced_block_with_prose_around_it() -> None:
    text = 'Sure, here it is:\n```json\n{"cop": "Vitamin B12", "cop_index": 2}\n```\nHope this helps.'
    assert parse_choice(text, OPTIONS) == ChoiceAnswer("Vitamin B12", 2, 2, "text")


def test_single_quotes_apostrophes_and_trailing_text() -> None:
    text = "{'cop': 'I do not know', 'cop_index': 4, 'why_correct': \"It's a made-up disease\"}Stop Here\n\nInput: {'x'"
    got = parse_choice(text, OPTIONS)
    assert isinstance(got, ChoiceAnswer) and got.index == 4 and got.why_correct == "It's a made-up disease"


def test_think_block_before_the_answer_is_skipped() -> None:
    text = "<think>maybe {'cop': 'Vitamin C', 'cop_index': 0}?</think>\n{'cop': 'Vitamin D', 'cop_index': 3}"
    assert answer_body(text).strip().startswith("{'cop': 'Vitamin D'")
    got = parse_choice(text, OPTIONS)
    assert isinstance(got, ChoiceAnswer) and got.index == 3


def test_option_by_index_text_label_or_containment() -> None:
    assert resolve_option(None, "2", OPTIONS) == (2, "index")
    assert resolve_option("vitamin b12.", 0, OPTIONS) == (2, "text")  # text wins over a disagreeing index
    assert resolve_option("C) Vitamin B12", None, OPTIONS) == (2, "text")
    assert resolve_option(3, None, OPTIONS) == (3, "index")
    assert resolve_option("The answer is Vitamin B12 (cobalamin)", None, OPTIONS) == (2, "contains")
    assert resolve_option("Vitamin K", "9", OPTIONS) == (None, None)
    assert resolve_option("2", None, ("3", "2", "4")) == (1, "text")  # an option whose text is a number


def test_fqt_idk_said_in_other_words_picks_the_idk_option() -> None:
    got = parse_choice("{'cop': \"I don't know.\"}", OPTIONS, idk_indices=(4,))
    assert isinstance(got, ChoiceAnswer) and (got.index, got.via) == (4, "idk")


def test_key_value_lines_are_a_fallback() -> None:
    got = parse_fct("Is answer correct: yes\nAnswer: Vitamin B12", OPTIONS)
    assert isinstance(got, FCTAnswer) and got.verdict is True and got.answer_index == 2


def test_memory_answers() -> None:
    got = parse_memory("{'is_paper_exists': 'Yes', 'paper_title': 'A title.'}", "paper_title")
    assert got == MemoryAnswer("A title.", True)
    assert parse_memory('{"is_paper_exist": "Unknown", "url": "Unknown"}', "url") == MemoryAnswer("Unknown", False)
    assert parse_memory('{"is_paper_exist": "no"}', "url") == MemoryAnswer(None, False)


def test_failures_keep_the_raw_text() -> None:
    for text, parse in (
        ("I think it is vitamin C.", lambda t: parse_choice(t, OPTIONS)),
        ('{"why_correct": "because"}', lambda t: parse_choice(t, OPTIONS)),
        ("{'is_answer_correct': 'maybe'}", lambda t: parse_fct(t, OPTIONS)),
        ("", lambda t: parse_memory(t, "url")),
    ):
        got = parse(text)
        assert isinstance(got, ParseFailure) and got.raw == text and got.reason
