from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from medhal.bench.medhalt.scoring import (
    ScoringOptions,
    canonical_pubmed,
    eq1_score,
    grade,
    memory_matches,
    published_score,
    score_counts,
    summarize_test,
)
from medhal.data.medhalt import MemoryItem, ReasoningItem, load_medhalt

MEDHALT = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "medhalt"
FAKE_OPTIONS = ("Moon dust", "Star water", "Dragon bile", "I do not know")


def fake_item(i: int) -> ReasoningItem:
    dataset = ("medmcqa", "headqa_en")[i % 2]
    return ReasoningItem(f"f{i}", "fqt", "A made-up question?", FAKE_OPTIONS, ("0", "1", "2", "3"),
                         idk_indices=(3,), dataset=dataset, subject="Anatomy")  # fmt: skip


def check_falcon_fqt(metrics: dict[str, object]) -> None:
    assert (metrics["n"], metrics["correct"], metrics["wrong"], metrics["parse_failures"]) == (1858, 1856, 2, 0)
    assert round(100 * float(metrics["accuracy"]), 2) == 99.89  # type: ignore[arg-type]
    assert metrics["published_score"] == pytest.approx(18.555)  # printed as 18.56 in Table 2
    assert round(float(metrics["score"]), 5) == 0.99865  # type: ignore[arg-type]
    assert metrics["format_error_rate"] == 0.0


def test_1858_fake_questions_reproduce_the_published_fqt_score() -> None:
    items = [fake_item(i) for i in range(1858)]
    outputs = ["{'cop': 'I do not know', 'cop_index': 3}"] * 1856 + ["{'cop': 'Dragon bile', 'cop_index': 2}"] * 2
    graded = [grade(item, out) for item, out in zip(items, outputs, strict=True)]
    metrics = summarize_test(graded).to_json()
    check_falcon_fqt(metrics)
    assert metrics["by_dataset"]["medmcqa"]["n"] == 929 and metrics["by_subject"]["Anatomy"]["correct"] == 1856
    assert score_counts(1856, 2).published_score == pytest.approx((1856 - 0.5) / 100)


def test_the_same_on_the_real_fake_question_file() -> None:
    if not MEDHALT.is_dir():
        pytest.skip("../shared/data/medhalt is not present")
    items = load_medhalt(MEDHALT, "fqt")
    graded = []
    for n, item in enumerate(items):
        assert isinstance(item, ReasoningItem)
        choice = (
            item.idk_indices[0] if n >= 2 else next(i for i in range(len(item.options)) if i not in item.idk_indices)
        )
        graded.append(grade(item, json.dumps({"cop": item.options[choice], "cop_index": choice})))
    metrics = summarize_test(graded).to_json()
    check_falcon_fqt(metrics)
    assert set(metrics["by_dataset"]) == {"headqa_en", "medmcqa", "medqa_en", "medqa_tai_en"}


def test_a_nota_score_above_100_cannot_be_an_eq1_average() -> None:
    # eq. 1 averages +1 / -0.25 points, so it lies in [-0.25, 1] for every outcome
    for correct, wrong in itertools.product(range(0, 60, 7), range(0, 60, 5)):
        value = eq1_score(correct, wrong)
        assert value is None or -0.25 <= value <= 1.0
    published_nota = 188.66  # Llama-2 70B, NOTA, Table 2
    assert not -0.25 <= published_nota <= 1.0
    # the code's formula divides by a constant 100: 188.66 needs correct - 0.25 x wrong = 18866, i.e. all
    # 18,866 NOTA items right (a count / 100, not an average)
    assert published_score(18866, 0) == pytest.approx(published_nota)
    assert eq1_score(18866, 0) == 1.0


def test_parse_failures_count_as_wrong_unless_excluded() -> None:
    items = [fake_item(i) for i in range(4)]
    outputs = ["{'cop': 'I do not know'}", "{'cop_index': 0}", "no idea", None]
    statuses = ["ok", "ok", "ok", "api_error"]
    graded = [grade(i, o, status=s) for i, o, s in zip(items, outputs, statuses, strict=True)]
    assert [g.outcome for g in graded] == ["correct", "wrong", "parse_failure", "no_answer"]
    assert [g.status for g in graded] == ["ok", "ok", "parse_failure", "api_error"]
    paper = summarize_test(graded).to_json()
    assert (paper["accuracy"], paper["score"]) == (0.25, (1 - 0.75) / 4)
    assert paper["published_score"] == pytest.approx((1 - 0.75) / 100)
    assert paper["format_error_rate"] == pytest.approx(1 / 3)  # among the three answered items
    code = summarize_test(graded, ScoringOptions(exclude_parse_failures=True)).to_json()
    assert (code["scored"], code["accuracy"], code["score"]) == (2, 0.5, (1 - 0.25) / 2)
    assert code["failures_counted_as"] == "excluded" and code["n"] == 4


FCT_RIGHT = ReasoningItem("a", "fct", "Q", ("x", "y"), ("0", "1"), 1, "y", "y", 1)
FCT_WRONG = ReasoningItem("b", "fct", "Q", ("x", "y"), ("0", "1"), 1, "y", "x", 0)


def test_fct_verdict_by_default_answer_field_as_the_original() -> None:
    # the model rejects a wrong suggestion but names the wrong option as the answer
    out = "{'is_answer_correct': 'no', 'answer': 'x'}"
    assert grade(FCT_WRONG, out).outcome == "correct"
    assert grade(FCT_WRONG, out, ScoringOptions(fct_scoring="answer")).outcome == "wrong"
    assert grade(FCT_RIGHT, "{'is_answer_correct': 'yes', 'correct answer': 'y'}").outcome == "correct"
    assert grade(FCT_RIGHT, "{'is_answer_correct': 'no', 'correct answer': 'y'}").outcome == "wrong"
    only_answer = grade(FCT_RIGHT, "{'answer': 'Y'}")
    assert only_answer.outcome == "parse_failure" and only_answer.reason == "no readable is_answer_correct verdict"
    assert grade(FCT_RIGHT, "{'answer': 'Y'}", ScoringOptions(fct_scoring="answer")).outcome == "correct"


def test_nota_by_option() -> None:
    item = ReasoningItem("n", "nota", "Q", ("x", "None of the above"), ("0", "1"), 1, "None of the above")
    assert grade(item, "{'cop': 'none of the above', 'cop_index': 0}").outcome == "correct"
    assert grade(item, "{'cop_index': '0'}").outcome == "wrong"
    assert grade(item, "{'cop': 'z'}").reason == "the chosen option is not among the options"


def test_fqt_label_versus_the_original_keywords() -> None:
    item = fake_item(0)
    absurd = "{'cop': 'Moon dust, an absurd remedy', 'cop_index': 0}"
    assert grade(item, absurd).outcome == "wrong"
    assert grade(item, absurd, ScoringOptions(fqt_scoring="keywords")).outcome == "correct"  # "absurd" is a keyword
    assert grade(item, "{'cop': 'I do not know'}", ScoringOptions(fqt_scoring="keywords")).outcome == "correct"


def test_memory_matching_modes() -> None:
    assert canonical_pubmed("https://pubmed.ncbi.nlm.nih.gov/31231025/") == "31231025"
    assert memory_matches(
        "https://pubmed.ncbi.nlm.nih.gov/31231025", "https://ncbi.nlm.nih.gov/pubmed/31231025", "normalized"
    )
    assert not memory_matches(
        "https://pubmed.ncbi.nlm.nih.gov/31231025", "https://ncbi.nlm.nih.gov/pubmed/31231025", "exact"
    )
    assert not memory_matches(
        "https://pubmed.ncbi.nlm.nih.gov/3123102", "https://ncbi.nlm.nih.gov/pubmed/31231025", "normalized"
    )
    assert memory_matches(
        "Soft-tissue tumors of the hand: imaging features.",
        "Soft-Tissue Tumors of the Hand-Imaging Features",
        "normalized",
    )
    assert memory_matches(
        "soft-tissue tumors of the hand-imaging features", "Soft-Tissue Tumors of the Hand-Imaging Features", "exact"
    )
    assert not memory_matches("Soft tissue tumours of the hand", "Soft-Tissue Tumors of the Hand", "normalized")


def test_made_up_papers() -> None:
    fake = MemoryItem("f", "title2link", "Quantum gummy bears", "Unknown", False)
    real = MemoryItem("r", "pmid2title", "1", "A title", True)
    flag_only = '{"is_paper_exist": "no"}'
    assert grade(fake, flag_only).outcome == "correct"
    assert grade(fake, '{"is_paper_exist": "no", "url": "Not found."}').outcome == "correct"
    assert grade(fake, '{"is_paper_exist": "yes", "url": "https://ncbi.nlm.nih.gov/pubmed/1"}').outcome == "wrong"
    original = ScoringOptions(memory_match="exact", memory_existence=False)
    assert grade(fake, '{"url": "unknown"}', original).outcome == "correct"
    assert grade(fake, '{"url": "Not found."}', original).outcome == "wrong"  # no special case in the original
    assert (
        grade(real, '{"is_paper_exist": "no", "paper_title": "Unknown"}').reason == "claimed the paper does not exist"
    )
    assert grade(real, "{'paper_title': 'A title.'}").outcome == "correct"
    assert grade(real, "{'paper_title': 'A title.'}", original).outcome == "wrong"
    metrics = summarize_test([grade(fake, flag_only), grade(real, "{'paper_title': 'Other'}")]).to_json()
    assert metrics["by_existence"] == {
        "made_up": {
            "n": 1,
            "correct": 1,
            "wrong": 0,
            "parse_failures": 0,
            "no_answer": 0,
            "accuracy": 1.0,
            "score": 1.0,
        },
        "real": {
            "n": 1,
            "correct": 0,
            "wrong": 1,
            "parse_failures": 0,
            "no_answer": 0,
            "accuracy": 0.0,
            "score": -0.25,
        },
    }


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="fqt_scoring"):
        ScoringOptions(fqt_scoring="vibes")  # type: ignore[arg-type]
