from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from medhal.text.align import align, align_all, normalize_with_map

ANSWER = (
    "The council approved a $4.2 million plan to extend the light-rail line. Mayor Ortiz opposed the expansion. "
    "The new stations will feature underground parking."
)


def test_exact() -> None:
    found = align("Mayor Ortiz opposed the expansion", ANSWER)
    assert found is not None and found.method == "exact" and found.score == 1.0
    assert ANSWER[found.span.start : found.span.end] == "Mayor Ortiz opposed the expansion"


def test_case_and_whitespace_insensitive() -> None:
    found = align("  the COUNCIL\n approved a  $4.2 million plan ", ANSWER)
    assert found is not None and found.method == "normalized"
    assert found.span.text == "The council approved a $4.2 million plan" and found.span.start == 0


def test_typographic_characters_are_normalized() -> None:
    text = "The patient\u2019s INR was 2\u20133 \u2014 within range\u2026 Good."
    found = align("the patient's inr was 2-3 - within range...", text)
    assert found is not None and found.method == "normalized"
    assert found.span.text == "The patient\u2019s INR was 2\u20133 \u2014 within range\u2026"


def test_fuzzy_paraphrase_reports_a_similarity() -> None:
    found = align("The stations will have underground parking", ANSWER)
    assert found is not None and found.method == "fuzzy" and 0.75 <= found.score < 1.0
    assert found.span.text == "The new stations will feature underground parking"
    light = align("The council approved a $4.2 million plan to extend the light rail line", ANSWER)
    assert light is not None and light.span.text.endswith("light-rail line")  # trailing "." left out


def test_unalignable_is_none() -> None:
    assert align("Aspirin cures lung cancer in children", ANSWER) is None
    assert align("", ANSWER) is None and align("x", "") is None
    strict = align("The stations will have underground parking", ANSWER, min_score=0.95)
    assert strict is None
    with pytest.raises(ValueError):
        align("x", "y", min_score=0)


def test_repeated_text_prefers_untaken_occurrences() -> None:
    text = "Take aspirin daily. Avoid ibuprofen. Take aspirin daily."
    first, second = align_all(["Take aspirin daily", "take aspirin daily"], text)
    assert first is not None and second is not None
    assert first.span.start == 0 and second.span.start == text.rindex("Take aspirin daily")


def test_normalize_map_points_back() -> None:
    text = "A\u00a0 B\u2026\nC\u0130"
    norm, origin = normalize_with_map(text)
    assert norm == "a b... ci\u0307"
    assert len(norm) == len(origin)
    assert [text[i] for i in origin[:3]] == ["A", "\u00a0", "B"]


words = st.lists(st.sampled_from(["the", "patient", "was", "given", "5", "mg", "of", "Aspirin,", "daily."]), min_size=1)


@settings(max_examples=150, deadline=None)
@given(tokens=words, data=st.data())
def test_any_word_run_aligns_exactly_and_slices_back(tokens: list[str], data: st.DataObject) -> None:
    text = " ".join(tokens)
    i = data.draw(st.integers(0, len(tokens) - 1))
    j = data.draw(st.integers(i + 1, len(tokens)))
    needle = " ".join(tokens[i:j])
    found = align(needle, text)
    assert found is not None and found.method == "exact"
    assert text[found.span.start : found.span.end] == needle == found.span.text


@settings(max_examples=150, deadline=None)
@given(tokens=words, data=st.data(), sep=st.sampled_from(["  ", "\n", " \t "]))
def test_recased_respaced_runs_align_to_the_original(tokens: list[str], data: st.DataObject, sep: str) -> None:
    text = " ".join(tokens)
    i = data.draw(st.integers(0, len(tokens) - 1))
    j = data.draw(st.integers(i + 1, len(tokens)))
    needle = sep.join(tokens[i:j]).upper()
    found = align(needle, text)
    assert found is not None and found.method in ("exact", "normalized")
    assert found.span.text.lower() == " ".join(tokens[i:j]).lower()
    assert text[found.span.start : found.span.end] == found.span.text
