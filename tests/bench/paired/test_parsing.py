from __future__ import annotations

import pytest

from medhal.bench.paired.parsing import (
    ParsedVerdict,
    parse_confidence,
    parse_evidence,
    parse_verdict,
    parse_yes_no_value,
)
from medhal.llm.parsing import ParseFailure

STRICT = (
    'Evidence: "started on metformin 5000 mg daily"\n'
    "Analysis: The maximum daily dose of metformin is 2550 mg. 5000 mg is unsafe.\n"
    "Confidence: 90\n"
    "Error: Yes"
)


def test_the_strict_four_lines() -> None:
    verdict = parse_verdict(STRICT)
    assert verdict == ParsedVerdict(
        error=True,
        evidence="started on metformin 5000 mg daily",
        analysis="The maximum daily dose of metformin is 2550 mg. 5000 mg is unsafe.",
        confidence=90.0,
    )
    assert isinstance(verdict, ParsedVerdict) and verdict.prediction == 1 and verdict.missing == ()


OK_CASES: list[tuple[str, str, tuple[bool, str | None, float | None]]] = [
    ("no error, NA evidence", "Evidence: NA\nAnalysis: Fine.\nConfidence: 85\nError: No", (False, None, 85.0)),
    (
        "reordered lines",
        "Error: Yes\nConfidence: 70\nEvidence: 'dose 5000 mg'\nAnalysis: Too high.",
        (True, "dose 5000 mg", 70.0),
    ),
    ("missing confidence", "Evidence: NA\nAnalysis: Nothing wrong.\nError: No", (False, None, None)),
    (
        "markdown bold keys",
        "**Evidence:** NA\n**Analysis:** ok\n**Confidence:** 60\n**Error:** Yes",
        (True, None, 60.0),
    ),
    ("bold key, colon outside", "**Evidence**: \u201cgout\u201d\n**Error**: **No**", (False, "gout", None)),
    ("headings and bullets", "### Evidence: NA\n- Confidence: 40\n* Error: no", (False, None, 40.0)),
    (
        "preamble and trailing chatter",
        "Sure, here is my review of the note.\n\nEvidence: N/A\nAnalysis: a\nConfidence: 80%\nError: No\n\n"
        "Hope this helps!",
        (False, None, 80.0),
    ),
    ("lower-case keys, spaced colon", "evidence : none\nerror : YES", (True, None, None)),
    ("full-width colon", "Evidence：「投与量 5000 mg」\nConfidence：75\nError：Yes", (True, "投与量 5000 mg", 75.0)),
    ("one run-on line", "Evidence: NA Analysis: Looks right. Confidence: 95 Error: No", (False, None, 95.0)),
    ("value on the next line", "Evidence: NA\nError:\n  Yes", (True, None, None)),
    ("yes with an explanation", 'Evidence: "X"\nError: Yes - the organism is wrong.', (True, "X", None)),
    ("sampling suffix of the stub", "Evidence: NA\nError: No [seed=123 sample=0]", (False, None, None)),
    ("confidence out of 100", "Confidence: 85/100\nError: no", (False, None, 85.0)),
    ("confidence as a range", "Confidence: 70-80\nError: no", (False, None, None)),
    ("confidence out of range", "Confidence: 150\nError: no", (False, None, None)),
    ("confidence in words", "Confidence: high\nError: yes", (True, None, None)),
    ("keyed parenthetical", "Evidence: NA\nError (Yes/No): No", (False, None, None)),
    ("code fence", "```\nEvidence: NA\nAnalysis: x\nConfidence: 10\nError: No\n```", (False, None, 10.0)),
    (
        "format echoed before the answer",
        "Evidence: <copy a short exact quote from the note that is wrong, or NA>\n"
        "Analysis: [Your short reasoning in 3-5 sentences]\nConfidence: [0-100]\nError: [No or Yes]\n\n"
        'Evidence: "hepatitis A"\nAnalysis: z\nConfidence: 60\nError: Yes',
        (True, "hepatitis A", 60.0),
    ),
    (
        "closed think block ignored",
        "<think>Maybe Error: Yes? Let me check.</think>\nEvidence: NA\nAnalysis: fine\nConfidence: 20\nError: No",
        (False, None, 20.0),
    ),
    ("same verdict twice", 'Error: Yes\nEvidence: "a"\n\nFinal answer:\nError: Yes', (True, "a", None)),
    ("true/false", "Evidence: NA\nError: False", (False, None, None)),
    (
        "JSON instead of lines",
        '{"Evidence": "NA", "Analysis": "ok", "Confidence": 77, "Error": "Yes"}',
        (True, None, 77.0),
    ),
    (
        "multi-line analysis, evidence stops at a blank line",
        "Evidence: NA\n\nextra words\nAnalysis: one\ntwo\nConfidence: 5\nError: no",
        (False, None, 5.0),
    ),
]


@pytest.mark.parametrize(("text", "expected"), [(t, e) for _, t, e in OK_CASES], ids=[n for n, _, _ in OK_CASES])
def test_tolerated_formats(text: str, expected: tuple[bool, str | None, float | None]) -> None:
    verdict = parse_verdict(text)
    assert isinstance(verdict, ParsedVerdict), verdict
    assert (verdict.error, verdict.evidence, verdict.confidence) == expected


FAILURES: list[tuple[str, str, str]] = [
    ("empty", "", "empty output"),
    ("blank", "  \n ", "empty output"),
    ("junk", "I am not able to review medical records.", "no Error line"),
    ("verdict without the key", "Evidence: NA\nAnalysis: fine\nConfidence: 90\nNo", "no Error line"),
    ("not yes or no", "Evidence: NA\nError: Possibly", "not Yes or No"),
    ("both", "Error: Yes/No", "not Yes or No"),
    ("conflicting lines", "Error: Yes\nAnalysis: on reflection\nError: No", "conflicting"),
    ("only the echoed format", "Evidence: NA\nError: [No or Yes]", "no Error line"),
    ("unfinished reasoning", "<think>The dose looks high so Error: Yes", "never closed"),
    ("nothing after reasoning", "<think>hmm</think>\n", "no answer after"),
    ("localized verdict by default", "Evidence: NA\nError: 是", "not Yes or No"),
    ("localized key by default", "证据: 无\n错误: 否", "no Error line"),
]


@pytest.mark.parametrize(("text", "reason"), [(t, r) for _, t, r in FAILURES], ids=[n for n, _, _ in FAILURES])
def test_unreadable_verdicts_are_parse_failures_with_the_raw_text(text: str, reason: str) -> None:
    failure = parse_verdict(text)
    assert isinstance(failure, ParseFailure)
    assert failure.raw == text and reason in failure.reason


def test_missing_fields_are_listed() -> None:
    verdict = parse_verdict("Analysis: ok\nError: No")
    assert isinstance(verdict, ParsedVerdict) and verdict.missing == ("Evidence", "Confidence")
    assert verdict.to_dict()["missing"] == ("Evidence", "Confidence")


@pytest.mark.parametrize(
    ("text", "error", "evidence"),
    [
        ("Evidence: 「5000mg」\nError: はい", True, "5000mg"),
        ("Evidence: NA\nError: いいえ", False, None),
        ("证据: 无\n错误: 否", False, None),
        ("Evidence: NA\nError: 是的。", True, None),
        ("الدليل: لا يوجد\nالخطأ: نعم", True, None),
        ("Evidence: NA\nError: لا", False, None),
        ("エラー: なし", False, None),
    ],
)
def test_localized_answers_when_asked(text: str, error: bool, evidence: str | None) -> None:
    verdict = parse_verdict(text, localized=True)
    assert isinstance(verdict, ParsedVerdict), verdict
    assert verdict.error is error and verdict.evidence == evidence


def test_localized_words_that_are_not_verdicts() -> None:
    assert parse_yes_no_value("无法判断", localized=True) is None  # "cannot judge", not "no"
    assert parse_yes_no_value("لا أعرف", localized=True) is None  # "I don't know"
    assert parse_yes_no_value("ありません", localized=True) is False


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Yes", True),
        ("NO.", False),
        ("no error", False),
        ("None", None),
        ("Not sure", None),
        ("Yesterday", None),
        ("1", True),
        ("0", False),
        ("10", None),
        ("[No or Yes]", None),
        ("**Yes**", True),
    ],
)
def test_yes_no_values(value: str, expected: bool | None) -> None:
    assert parse_yes_no_value(value) is expected


def test_evidence_and_confidence_helpers() -> None:
    assert parse_evidence(None) is None
    assert parse_evidence(" NA. ") is None and parse_evidence('"n/a"') is None and parse_evidence("") is None
    assert parse_evidence('"the dose was 5 mg".') == "the dose was 5 mg"
    assert parse_evidence("plain quote") == "plain quote"
    assert parse_confidence(0) == 0.0 and parse_confidence(100) == 100.0 and parse_confidence(100.5) is None
    assert parse_confidence("[85]") == 85.0 and parse_confidence("0.85") == 0.85
    assert parse_confidence("-5") is None and parse_confidence(True) is None and parse_confidence(None) is None
    assert parse_confidence("[0-100]") is None  # the echoed placeholder
    assert parse_confidence("85 (on a 0-100 scale)") == 85.0
