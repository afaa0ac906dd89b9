"""Text units and tokens: sentence and clause spans into the original string, and the content tokens τ.

Every splitter returns :class:`Span` objects whose ``text`` is exactly ``source[start:end]``; nothing here
normalises the text it points into.  This package depends on nothing else in medhal.

* :func:`split_sentences`, :func:`split_clauses`, :func:`split_units`: seed 000 §5 units.
* :func:`clean_text`: the input sanitation policy (surrogates, control characters).
* :func:`content_tokens`, :func:`content_token_list`, :data:`STOPWORDS`: τ of seed 000 §4.
"""

from __future__ import annotations

from medhal.text.clauses import split_clauses, split_units, unmarked
from medhal.text.sanitize import clean_text
from medhal.text.sentences import split_sentences
from medhal.text.spans import Span, SpanError, check_spans, trim_span
from medhal.text.tokens import STOPWORDS, content_stems, content_token_list, content_tokens, word_count

__all__ = [
    "STOPWORDS",
    "Span",
    "SpanError",
    "check_spans",
    "clean_text",
    "content_stems",
    "content_token_list",
    "content_tokens",
    "split_clauses",
    "split_sentences",
    "split_units",
    "trim_span",
    "unmarked",
    "word_count",
]
