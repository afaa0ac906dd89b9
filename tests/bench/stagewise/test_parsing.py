from __future__ import annotations

import pytest

from medhal.bench.stagewise.parsing import (
    Attempt,
    HumanLabel,
    StageJudgement,
    StagewiseRecord,
    human_label_from_dict,
    is_trivial,
    parse_trace,
)

PLAIN = """Visual Recognition: The radiograph shows a lucent line through the distal radius.
Knowledge Recall: A lucent line crossing the cortex indicates a fracture.
Reasoning Integration: The line crosses the cortex, so there is a fracture.
Answer: yes
"""


def test_plain_trace_is_valid() -> None:
    trace = parse_trace(PLAIN)
    assert trace.valid and trace.problems == ()
    assert trace.stages["vr"].startswith("The radiograph") and trace.answer == "yes"


@pytest.mark.parametrize(
    "text",
    [
        "**Visual Recognition:** a lucent line through the radius\n**Knowledge Recall**: lucent cortical lines are "
        "fractures\n**Reasoning Integration** - the line crosses the cortex here\n**Final Answer:** yes",
        "### Visual Recognition\na lucent line through the radius\n\n### Knowledge Recall\nlucent cortical lines are "
        "fractures\n### Reasoning Integration\nthe line crosses the cortex here\n### Answer\nyes\n",
        "1. Visual Recognition: a lucent line through the radius\n2. Knowledge Recall: lucent cortical lines are "
        "fractures\n3. Reasoning Integration: the line crosses the cortex here\nAnswer: yes",
        "<think>Maybe Answer: no</think>\nVR: a lucent line through the radius\nKR: lucent cortical lines are "
        "fractures\nRI: the line crosses the cortex here\nAnswer: yes",
        "Step 1 - Visual Recognition: a lucent line through the radius\nStep 2 - Knowledge Recall: lucent cortical "
        "lines are fractures\nStep 3 - Reasoning Integration: the line crosses the cortex here\nAnswer：yes",
    ],
)
def test_markup_variants(text: str) -> None:
    trace = parse_trace(text)
    assert trace.valid, trace.problems
    assert trace.answer == "yes" and "radius" in trace.stages["vr"] and "cortex" in trace.stages["ri"]


def test_invalid_traces_name_their_problems() -> None:
    missing = parse_trace("Visual Recognition: a lucent line through the radius\nAnswer: yes")
    assert missing.problems == ("missing: Knowledge Recall", "missing: Reasoning Integration")
    trivial = parse_trace(PLAIN.replace("A lucent line crossing the cortex indicates a fracture.", "N/A"))
    assert trivial.problems == ("trivial: Knowledge Recall",)
    short = parse_trace(PLAIN.replace("The line crosses the cortex, so there is a fracture.", "fracture"))
    assert short.problems == ("trivial: Reasoning Integration",)
    no_answer = parse_trace(PLAIN.replace("Answer: yes", "Answer:"))
    assert no_answer.problems == ("missing: Answer",) and no_answer.answer is None
    assert parse_trace("").problems[-1] == "missing: Answer"


def test_answer_is_first_line_of_last_answer_section_and_required_stages() -> None:
    text = "Knowledge Recall: lucent cortical lines are fractures\nReasoning Integration: the line crosses, " \
           "Answer: no is wrong\nAnswer: **B**\nbecause of the line"  # fmt: skip
    trace = parse_trace(text, required=("kr", "ri"))
    assert trace.valid and trace.answer == "B" and "vr" not in trace.stages


def test_cjk_trivial_counts_characters() -> None:
    assert is_trivial("所見なし")
    assert not is_trivial("角膜周囲に銅沈着による輪を認める。")
    assert is_trivial("see above") and not is_trivial("three real words")


def test_record_roundtrip_and_errors() -> None:
    record = StagewiseRecord(
        "i1", "ds", "m", "rep-v", "image", "invalid", {"vr": "v", "kr": "k"}, "B", False, "exact", None,
        {"kr": StageJudgement("judge_failure", "judge api_error: 500", None), "vr": StageJudgement("given")},
        ("vr",), (Attempt("ok", "out", ("missing: Answer",)),), "missing: Answer",
    )  # fmt: skip
    again = StagewiseRecord.from_dict(record.to_dict())
    assert again == record
    with pytest.raises(ValueError, match="status"):
        StagewiseRecord.from_dict({**record.to_dict(), "status": "weird"})
    with pytest.raises(ValueError, match="malformed"):
        StagewiseRecord.from_dict({"status": "valid"})


def test_human_labels() -> None:
    assert human_label_from_dict({"id": "a", "target": "kr", "label": "hallucinated"}) == HumanLabel(
        "a", "none", "kr", True
    )
    assert human_label_from_dict({"item_id": "a", "context": "rep-v", "label": 0}).label is False
    with pytest.raises(ValueError, match="target"):
        human_label_from_dict({"id": "a", "target": "xx", "label": 1})
    with pytest.raises(ValueError, match="label"):
        human_label_from_dict({"id": "a", "label": "maybe"})
