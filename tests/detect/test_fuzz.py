"""Fuzzing the checking path (issue 15): any text in, exactly one record out per item, never an exception, and
every span slices back to its text.  Hostile alphabets: surrogates, NUL and controls, CJK, right-to-left, emoji
with zero-width joiners, combining marks, CRLF, U+2028, digits only, very long words and many sentences."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from medhal.checker import Checker
from medhal.detect import CheckItem, CheckResult, create_detector
from medhal.detect.base import sanitize_item

from ..fakes import RuleVerifier

PIECES = [
    "Metformin lowered HbA1c by 0.8% at 24 weeks.",
    "did not",
    "10 mg",
    "\ud800",
    "\udfff",
    "\x00",
    "\x1b[31m",
    "\x85",
    "患者的血压下降了",
    "שלום עולם",
    "مرحبا",
    "👩\u200d⚕️",
    "e\u0301",
    "\r\n",
    "\u2028",
    "\t",
    " ",
    ".",
    "123456",
    "A.",
    "x" * 300,
]
texts = st.one_of(
    st.lists(st.sampled_from(PIECES), max_size=12).map("".join),
    st.text(max_size=80),
    st.text(alphabet=st.characters(codec=None), max_size=40),
)
items = st.builds(
    CheckItem, evidence=texts, response=texts, question=st.none() | texts, id=st.none() | st.text(max_size=5)
)

STATUSES = {"ok", "input_error", "internal_error"}


def _assert_sound(results: Sequence[CheckResult], given_items: Sequence[CheckItem]) -> None:
    assert len(results) == len(given_items)
    for result, item in zip(results, given_items, strict=True):
        assert result.status in STATUSES
        assert result.status != "internal_error", result.reason
        if result.status != "ok":
            assert result.reason and "\n" not in result.reason
            continue
        cleaned, _ = sanitize_item(item)
        for unit in result.units:
            assert cleaned.response[unit.start : unit.end] == unit.text
            for pointer in (unit.entailing, unit.contradicting):
                if pointer is not None:
                    assert cleaned.evidence[pointer.start : pointer.end] == pointer.text
        assert result.evidence_examined is None or 0.0 <= result.evidence_examined <= 1.0
        result.to_dict()  # JSON-ready


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batch=st.lists(items, min_size=1, max_size=4))
def test_decomposed_survives_any_text(batch: list[CheckItem]) -> None:
    detector = create_detector("decomposed", RuleVerifier(max_length=48))
    _assert_sound(detector.detect_many(batch), batch)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batch=st.lists(items, min_size=1, max_size=3))
def test_nli_clause_survives_any_text(batch: list[CheckItem]) -> None:
    detector = create_detector("nli-clause", RuleVerifier(max_length=48), premise="windows")
    _assert_sound(detector.detect_many(batch), batch)


_CHECKER: list[Checker] = []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batch=st.lists(items, min_size=1, max_size=3))
def test_the_embedded_verifier_and_its_tokenizer_survive_any_text(batch: list[CheckItem]) -> None:
    if not _CHECKER:  # the real tokenizer is what crashed on a lone surrogate (TypeError)
        _CHECKER.append(Checker())
    _assert_sound(_CHECKER[0].check_many(batch), batch)
