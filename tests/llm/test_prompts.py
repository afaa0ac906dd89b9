from __future__ import annotations

import random

import pytest

from medhal.llm import Example, PromptTemplate, TemplateError, select_examples

POOL = tuple(Example({"question": f"Q{i}?", "options": "A/B"}, f"A{i}", id=f"ex{i}") for i in range(20))


def template(k: int = 3) -> PromptTemplate:
    return PromptTemplate(
        instruction="Answer the medical question.",
        output_format='Reply as JSON: {"answer": "<letter>"}',  # literal text, not a format string
        input_template="Question: {question}\nOptions: {options}",
        examples=POOL,
        k=k,
    )


def test_selection_is_seeded_per_item_and_order_independent() -> None:
    first = [select_examples(POOL, 3, seed=42, item_id=f"item{i}") for i in range(10)]
    shuffled = list(range(10))
    random.Random(1).shuffle(shuffled)
    again = {i: select_examples(POOL, 3, seed=42, item_id=f"item{i}") for i in shuffled}
    assert first == [again[i] for i in range(10)]
    assert len({tuple(e.id for e in shots) for shots in first}) > 5  # items differ from each other
    other_seed = [select_examples(POOL, 3, seed=43, item_id=f"item{i}") for i in range(10)]
    assert other_seed != first
    expected = random.Random("42:item0").sample(list(POOL), 3)
    assert list(first[0]) == expected


def test_an_item_never_sees_itself() -> None:
    for seed in range(50):
        shots = select_examples(POOL, 19, seed=seed, item_id="ex5")
        assert len(shots) == 19 and all(e.id != "ex5" for e in shots)
    assert select_examples(POOL, 0, seed=1, item_id="x") == ()
    assert len(select_examples(POOL[:2], 5, seed=1, item_id="x")) == 2
    with pytest.raises(TemplateError):
        select_examples(POOL, -1, seed=1, item_id="x")


def test_render_text() -> None:
    prompt = template(k=2).render({"question": "Which drug?", "options": "A/B"}, item_id="q1", seed=7)
    shots = select_examples(POOL, 2, seed=7, item_id="q1")
    blocks = prompt.split("\n\n")
    assert blocks[0] == "Answer the medical question."
    assert blocks[1] == 'Reply as JSON: {"answer": "<letter>"}'
    assert blocks[2] == f"Question: {shots[0].fields['question']}\nOptions: A/B\nAnswer: {shots[0].answer}"
    assert blocks[-1] == "Question: Which drug?\nOptions: A/B\nAnswer:"
    assert len(blocks) == 5


def test_render_messages() -> None:
    messages = template(k=2).render_messages({"question": "Which?", "options": "A/B"}, item_id="q1", seed=7)
    assert [m.role for m in messages] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert messages[0].text.startswith("Answer the medical question.")
    assert messages[-1].text == "Question: Which?\nOptions: A/B"


def test_missing_fields_are_errors() -> None:
    with pytest.raises(TemplateError, match="options"):
        template().render({"question": "x"}, item_id="q", seed=1)
    with pytest.raises(TemplateError, match="example"):
        PromptTemplate("i", "{question}", examples=(Example({"q": "x"}, "a", id="e"),))
    with pytest.raises(TemplateError, match="malformed"):
        PromptTemplate("i", "{question")


def test_braces_in_values_are_safe() -> None:
    prompt = PromptTemplate("Do it.", "{text}").render({"text": "dose {mg} {{x}}"}, item_id="a", seed=0)
    assert prompt.endswith("dose {mg} {{x}}\nAnswer:")


def test_describe_lists_example_ids() -> None:
    described = template().describe()
    assert described["k"] == 3 and described["example_ids"][:2] == ["ex0", "ex1"]
