"""The published MedHal-Loc code's τ and clause splitter (issue 16 item 3), offered beside the paper's rules."""

from __future__ import annotations

import pytest

from medhal.text import content_tokens, split_clauses, split_units
from medhal.text.clauses import current_clause_rules, split_clauses_code, split_sentences_code, use_clause_rules
from medhal.text.tokens import CODE_STOPWORDS, code_content_tokens, tau_function


def test_code_stop_list_has_124_words_with_domain_words() -> None:
    assert len(CODE_STOPWORDS) == 124
    assert {"patients", "study", "significant", "results", "compared", "vs"} <= CODE_STOPWORDS


def test_code_tau_keeps_hyphens_and_is_ascii_only() -> None:
    text = "Cost-effectiveness of pre- and post-operative care in patients with café-au-lait spots"
    # "café" is cut at the "é": "caf" is too short, and the match restarts at "au-lait"
    assert code_content_tokens(text) == {"cost-effectiveness", "pre-", "post-operative", "care", "au-lait", "spots"}
    # the paper's τ splits at hyphens, keeps Unicode letters and removes another stop list
    assert content_tokens(text) == {
        "cost",
        "effectiveness",
        "post",
        "operative",
        "care",
        "patients",
        "café",
        "lait",
        "spots",
    }
    assert code_content_tokens("This study found significant results") == frozenset()
    assert content_tokens("This study found significant results") == {"study", "significant", "results"}


def test_tau_function_picks_the_rule() -> None:
    assert tau_function() is content_tokens
    assert tau_function("code") is code_content_tokens
    with pytest.raises(ValueError, match="unknown tau rule"):
        tau_function("nltk")  # type: ignore[arg-type]


def test_code_clauses_drop_short_fragments_and_conjunctions() -> None:
    text = "Pain improved with rest, and the fever, which was high, persisted for three days."
    clauses = split_clauses_code(text)
    assert [c.text for c in clauses] == ["Pain improved with rest", "persisted for three days."]
    assert all(text[c.start : c.end] == c.text for c in clauses)
    # the paper's splitter merges short fragments instead: its clauses tile the sentence
    assert "".join(c.text for c in split_clauses(text)).replace(" ", "") == text.replace(" ", "")


def test_code_clauses_cut_inside_brackets_and_numbers_and_only_lowercase_words() -> None:
    text = "Rates were 1,000 cases (seen in adults, mostly older) And rising sharply because smoking rose markedly."
    got = [c.text for c in split_clauses_code(text)]
    # "Rates were 1" has one code-τ token ("were" is a stop word) and is dropped; "And" is not a cut
    assert got == ["000 cases (seen in adults", "mostly older) And rising sharply", "smoking rose markedly."]


def test_code_clauses_fall_back_to_code_sentences() -> None:
    text = "It is so. U.S. data."
    assert [s.text for s in split_sentences_code(text)] == ["It is so.", "U.S.", "data."]
    assert split_clauses_code(text) == split_sentences_code(text)


def test_split_units_default_is_unchanged_and_context_switches_rules() -> None:
    text = "Pain improved with rest, and the fever persisted for three days."
    assert current_clause_rules() == "paper"
    assert split_units(text, "clause") == split_clauses(text)
    with use_clause_rules("code"):
        assert current_clause_rules() == "code"
        assert split_units(text, "clause") == split_clauses_code(text)
        assert split_units(text, "clause", rules="paper") == split_clauses(text)
        assert split_units(text, "sentence") == split_units(text, "sentence", rules="paper")
    assert split_units(text, "clause") == split_clauses(text)
    with pytest.raises(ValueError, match="unknown clause rules"), use_clause_rules("nltk"):  # type: ignore[arg-type]
        pass
