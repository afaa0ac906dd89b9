from __future__ import annotations

import ast
from pathlib import Path

import pytest

from medhal.bench.medhalt.prompts import (
    PROMPT_FOLDERS,
    STOP,
    VARIANTS,
    PromptError,
    build_prompt,
    builtin_prompt_set,
    choose_shots,
    item_input,
    load_prompt_set,
)
from medhal.data.medhalt import TESTS, MemoryItem, ReasoningItem

PROMPTS = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "medhalt" / "prompts"

FCT = ReasoningItem("q1", "fct", "Closest to dentin?", ("Amalgam", "Silicate"), ("0", "1"), 1, "Silicate", "Amalgam", 0)
NOTA = ReasoningItem("q2", "nota", "Which?", ("a", "None of the above"), ("0", "1"), 1, "None of the above")
PMID = MemoryItem("m1", "pmid2title", "12345", "A title", True)


def items(n: int) -> list[ReasoningItem]:
    return [ReasoningItem(f"id-{i}", "nota", f"Question {i}?", ("x", "y"), ("0", "1"), 0, "x") for i in range(n)]


def test_layout_follows_seed_001_section_4() -> None:
    prompts = builtin_prompt_set("fct", "v0")
    text = build_prompt(FCT, prompts, k=2, seed=0)
    head = f"{prompts.instruction}\n{prompts.output_format}\nExamples: \n"
    assert text.startswith(head)
    body = text[len(head) :]
    shots = body.split(f"{STOP}\n\n")
    assert len(shots) == 3  # two examples, each closed by the stop marker, then the item
    for shot in shots[:2]:
        assert shot.startswith("Input : {") and "\nOutput: {" in shot
    assert shots[2] == f"Input: {item_input(FCT)!s}\nOutput: "
    shown = ast.literal_eval(shots[2].removeprefix("Input: ").removesuffix("\nOutput: "))
    assert shown == {
        "Question": "Closest to dentin?",
        "Options": {"0": "Amalgam", "1": "Silicate", "correct answer": "Amalgam"},
    }


def test_zero_shots_has_no_examples_and_memory_inputs_use_the_original_keys() -> None:
    prompts = builtin_prompt_set("pmid2title", "v1")
    text = build_prompt(PMID, prompts, k=0, seed=0)
    assert text == f"{prompts.instruction}\n{prompts.output_format}\nInput: {{'Pmid': '12345'}}\nOutput: "
    assert item_input(MemoryItem("m", "abstract2link", "An abstract.", "u", True)) == {"paper_abstract": "An abstract."}
    assert item_input(MemoryItem("m", "title2link", "T", "u", True)) == {"paper_title": "T"}
    assert item_input(MemoryItem("m", "link2title", "https://x", "T", True)) == {"url": "https://x"}
    assert "correct answer" not in item_input(NOTA)["Options"]


@pytest.mark.parametrize("test", TESTS)
def test_builtin_sets_have_three_variants_and_the_original_shot_mix(test: str) -> None:
    texts = {builtin_prompt_set(test, v).instruction for v in VARIANTS}
    assert len(texts) == 3
    prompts = builtin_prompt_set(test)
    assert [s.kind for s in prompts.shots].count("default") == 3 and len(prompts.shots) == 5
    for k, (n_default, n_special) in {0: (0, 0), 1: (1, 0), 2: (1, 1), 3: (2, 1), 4: (2, 2), 5: (3, 2)}.items():
        chosen = choose_shots(prompts, k, seed=3, item_id="x")
        assert [s.kind for s in chosen] == ["default"] * n_default + ["task_specific"] * n_special


def test_same_seed_gives_byte_identical_prompts_and_the_draw_depends_on_seed_and_item() -> None:
    prompts = builtin_prompt_set("nota", "v2")
    batch = items(40)
    first = [build_prompt(i, prompts, k=3, seed=7) for i in batch]
    again = [build_prompt(i, prompts, k=3, seed=7) for i in reversed(batch)][::-1]
    assert first == again
    other = [build_prompt(i, prompts, k=3, seed=8) for i in batch]
    assert first != other
    assert len({p.split("Input: {")[0] for p in first}) > 1  # items do not all share one draw


def test_errors() -> None:
    with pytest.raises(PromptError, match="variant"):
        builtin_prompt_set("fct", "v9")
    with pytest.raises(PromptError, match=r"0\.\.5"):
        choose_shots(builtin_prompt_set("fct"), 6, seed=0, item_id="x")
    with pytest.raises(PromptError, match="no reasoning_FCT"):
        load_prompt_set("fct", "v0", Path(__file__).parent)


def test_original_prompt_files() -> None:
    if not PROMPTS.is_dir():
        pytest.skip("../shared/data/medhalt/prompts is not present")
    for test in TESTS:
        for variant in VARIANTS:
            prompts = load_prompt_set(test, variant, PROMPTS)
            assert prompts.instruction and prompts.output_format and len(prompts.shots) >= 5
            assert Path(prompts.source).name.lower() == PROMPT_FOLDERS[test].lower()
    fct = load_prompt_set("fct", "v0", PROMPTS)
    assert fct.instruction.startswith("You are a highly intelligent and accurate medical domain expert and a teacher.")
    text = build_prompt(FCT, fct, k=2, seed=0)
    assert text.count(STOP) == 2 and text.startswith(fct.instruction + "\n" + fct.output_format + "\nExamples: \n")
    assert fct.digest() != builtin_prompt_set("fct").digest()
