"""Property tests: every splitter returns trimmed, ordered, non-overlapping spans that cover the input."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from medhal.text import STOPWORDS, Span, content_token_list, content_tokens, split_clauses, split_sentences

# fmt: off
PIECES = [
    # medical punctuation and abbreviations
    ".", ",", ";", ":", "!", "?", "?!", "...", "…", "(", ")", "[", "]", "{", "}", '"', "'", "”", "’", "«",
    "»", "/", "-", "–", "—", "•", "* ", "- ", "=", "<", ">", "%", "°C", "1.", "2)", "3.5", "1,000", "p=.03",
    "p < 0.05", "e.g.", "i.e.", "Fig. 2", "Figs.", "Tab.", "vs.", "et al.", "approx.", "Dr.", "No. 5", "i.v.",
    "b.i.d.", "q.d.", "p.o.", "mg/dL", "Jan.", "U.S.", "J. Smith", "drug A.", "yrs.", "and", "but", "or",
    "because", "Findings:", "Assessment", "mmHg.", "HbA1c", "Creatinine", "The", "patient", "improved",
    # whitespace of every kind
    " ", "  ", "\t", "\n", "\n\n", "\r\n", "\r", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\u00a0",
    "\u3000",
    # CJK, RTL, combining marks, emoji (ZWJ sequences, flags, skin tones) and other astral characters
    "患者は発熱した", "。", "！", "？", "，", "咳", "مريض", "؟", "חולה", "\u200f", "\u200e",
    "e\u0301", "\u0308", "a\u0300\u0316", "👨\u200d⚕\ufe0f", "👩🏽\u200d🔬", "🩺", "🇺🇸", "😀",
    "𝔘𝔖", "𓂀", "\U0001f9ec",
]
# fmt: on

medical_text = st.lists(st.sampled_from(PIECES) | st.text(max_size=4), max_size=40).map("".join)
any_text = st.text(max_size=200)
texts = medical_text | any_text


def check_tiling(text: str, spans: list[Span]) -> None:
    previous_end = 0
    covered: set[int] = set()
    for span in spans:
        assert text[span.start : span.end] == span.text
        assert span.text, "empty span"
        assert not span.text[0].isspace() and not span.text[-1].isspace(), "untrimmed span"
        assert span.start >= previous_end, "spans out of order or overlapping"
        previous_end = span.end
        covered.update(i for i in range(span.start, span.end) if not text[i].isspace())
    assert covered == {i for i, ch in enumerate(text) if not ch.isspace()}


@settings(max_examples=200, deadline=None)
@given(texts)
def test_sentences_tile_the_text(text: str) -> None:
    check_tiling(text, split_sentences(text))


@settings(max_examples=200, deadline=None)
@given(texts)
def test_clauses_tile_the_text_within_sentences(text: str) -> None:
    sentences = split_sentences(text)
    clauses = split_clauses(text)
    check_tiling(text, clauses)
    for clause in clauses:
        assert sum(1 for s in sentences if s.contains(clause)) == 1


@settings(max_examples=200, deadline=None)
@given(
    texts,
    st.integers(min_value=0, max_value=4),
    st.integers(min_value=0, max_value=3),
    st.lists(st.sampled_from(["and", "but", "or", "because", "even though", "whereas", "x"]), max_size=4),
    st.sampled_from(["", ",", ",;", ",;:", ";()"]),
)
def test_clause_options_keep_tiling(
    text: str, min_words: int, min_content_tokens: int, conjunctions: list[str], punctuation: str
) -> None:
    spans = split_clauses(
        text,
        min_words=min_words,
        min_content_tokens=min_content_tokens,
        conjunctions=conjunctions,
        punctuation=punctuation,
    )
    check_tiling(text, spans)


@settings(max_examples=200, deadline=None)
@given(texts)
def test_content_tokens_are_lowercase_alphabetic_non_stopwords(text: str) -> None:
    tokens = content_token_list(text)
    assert frozenset(tokens) == content_tokens(text)
    for token in tokens:
        assert token.isalpha() and len(token) >= 4
        assert token == token.lower()
        assert token not in STOPWORDS
