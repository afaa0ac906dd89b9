"""Clause segmentation: sentence spans cut at punctuation and conjunctions, short fragments merged.

Seed 000 §5: "Clauses and sentences are obtained by regular-expression splitting (sentence boundaries, then
coordinating conjunctions and punctuation)."  :func:`split_clauses` splits each sentence of
:func:`~medhal.text.sentences.split_sentences` after every ``,`` and ``;`` and before every conjunction word,
except inside brackets and between digits ("1,000", "3,5").  The conjunction opens the following clause.

Where the published NLI-clause detector drops fragments that are too short, we *merge* a fragment that is too
short into the next clause, or into the previous one at the end of a sentence, so that the clauses of a
sentence tile it with no text lost; a sentence with no long-enough fragment is one clause.  The number of
clauses is thus the number of long-enough fragments, except that a sentence never yields zero clauses.  A
fragment is long enough when it has at least ``min_words`` words (:func:`~medhal.text.tokens.word_count`) and
at least ``min_content_tokens`` content tokens (τ of seed 000 §4, :func:`~medhal.text.tokens.content_tokens`).

Defaults were chosen by agreement with the published per-item NLI-clause unit counts (MedHal-Loc
``published_peritem_dev.jsonl`` field ``NLI-clause.n``, against our clause count of ``hallucinated_text`` of
the same item in ``controlled_dev.jsonl``; 100 dev items).  Every variant cuts at ``,`` and ``;``; the columns
are the long-enough rule (w = ``min_words``, τ = ``min_content_tokens``)::

    split words                    w≥3   w≥2   τ≥2   w≥3,τ≥2   w≥4
    and, but                        82    71    88        85    76
    and, but, or                    70    61    76        73    72
    and, but; also cut at :         82    72    88        85    76
    and, but, because               83    72    89        86    77
    and, but, whereas               82    71    88        85    76
    and, but, while                 81    70    88        85    76
    and, but, although              82    71    88        85    76
    and, but, which                 83    72    89        86    77
    and, but, where                 82    71    88        85    76
    and, but, since                 82    71    88        85    76
    and, but, who                   78    66    84        81    74
    and, but, that                  68    54    73        70    68
    the 8 default words             83    72    90        87    78
    the 8 default words, or         71    62    78        75    74
    the 8 default words; also :     83    73    90        87    78

(τ≥1 and τ≥3 with the default words: 70 and 70.)  The default, :data:`DEFAULT_CONJUNCTIONS` with
``min_words=2, min_content_tokens=2``, agrees on 90/100; the eight words are the ones the published
MedHal-Loc code (``src/horizontal_eval.py`` of github.com/green-leo-1/MedHal-Loc) splits on, and it too keeps
a fragment only with ≥ 2 content tokens.  The remaining
disagreements come from its token function (ASCII letters and hyphens, a custom stop-word list with domain
words such as "patients" and "study"), its sentence split (``.!?`` plus whitespace, so "U.S." ends a sentence)
and its splitting inside brackets, all of which medhal deliberately does not copy by default.

**The published code's splitter** is offered as a variant, :func:`split_clauses_code` (``rules="code"`` of
:func:`split_units`), to reproduce the published per-item records: sentences are cut after ``.!?`` followed by
whitespace; each sentence at ``,`` / ``;`` anywhere (inside brackets and "1,000" too) and at the eight
conjunction words when surrounded by whitespace (lower case only; the word itself is dropped); a stripped
fragment is *kept only* with ≥ 2 content tokens of the code's τ
(:func:`~medhal.text.tokens.code_content_tokens`), shorter ones are dropped, not merged; when no fragment of the
whole text survives, its sentences are the units.  The clauses therefore need not tile the text.  On the 100 dev
items its clause count equals the published ``NLI-clause.n`` on all 100 (the default rules above: 90), and
with the code's τ the per-item ``rand`` agrees on all 100 (paper rules: 86).

:func:`use_clause_rules` sets, for the current context, which rules :func:`split_units` follows when it is not
told (``medhal bench localization --clauses code`` runs every detector under it); the default is ``"paper"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import pairwise
from typing import Literal, get_args

from medhal.text._compound_numbers import spelled_compounds
from medhal.text.quantities import NUMBER_WORDS
from medhal.text.sentences import split_sentences
from medhal.text.spans import Span, trim_span
from medhal.text.tokens import code_content_tokens, content_tokens, word_count

__all__ = [
    "CLAUSE_RULES",
    "CODE_CONJUNCTIONS",
    "DEFAULT_CONJUNCTIONS",
    "DEFAULT_PUNCTUATION",
    "ClauseRules",
    "current_clause_rules",
    "split_clauses",
    "split_clauses_code",
    "split_sentences_code",
    "split_units",
    "unmarked",
    "use_clause_rules",
]

ClauseRules = Literal["paper", "code"]
"""Which clause splitter: ``"paper"`` (:func:`split_clauses`, default) or ``"code"`` (:func:`split_clauses_code`)."""
CLAUSE_RULES: tuple[str, ...] = get_args(ClauseRules)

DEFAULT_CONJUNCTIONS: tuple[str, ...] = (
    "and",
    "but",
    "which",
    "where",
    "while",
    "whereas",
    "although",
    "because",
)
"""Words or phrases before which a sentence is cut into clauses, chosen by measurement (module docstring)."""

DEFAULT_PUNCTUATION = ",;"
"""Characters after which a sentence is cut into clauses."""

_OPEN = "([{"
_CLOSE = ")]}"


def _pattern(conjunctions: Iterable[str], punctuation: str) -> re.Pattern[str]:
    words = sorted({w.strip().lower() for w in conjunctions if w.strip()}, key=len, reverse=True)
    alts = [r"(?P<punct>[" + re.escape(punctuation) + "])"] if punctuation else []
    alts.append(r"(?P<bracket>[" + re.escape(_OPEN + _CLOSE) + "])")
    if words:
        phrase = "|".join(r"\s+".join(re.escape(part) for part in w.split()) for w in words)
        alts.append(r"(?<![\w/-])(?P<conj>(?i:" + phrase + r"))(?![\w/-])")
    return re.compile("|".join(alts))


def _cuts(text: str, sentence: Span, pattern: re.Pattern[str]) -> list[int]:
    """Cut positions inside ``sentence``: after punctuation, before conjunctions, at bracket depth 0."""
    cuts: list[int] = []
    depth = 0
    # numbers in words built with "hundred" or "thousand" are one number: never cut at their "and" (round 161)
    spelled = [(sentence.start + a, sentence.start + b) for _, a, b in spelled_compounds(sentence.text)]
    for m in pattern.finditer(text, sentence.start, sentence.end):
        if m.group("bracket") is not None:
            depth = depth + 1 if m.group() in _OPEN else max(0, depth - 1)
        elif depth:
            continue
        elif m.lastgroup == "punct":
            i = m.start()
            if 0 < i < len(text) - 1 and text[i - 1].isdigit() and text[i + 1].isdigit():
                continue  # "1,000", "3,5"
            cuts.append(m.end())
        elif _MIXED_NUMBER.match(text, m.start()) and _NUMBER_BEFORE.search(text, sentence.start, m.start()):
            continue  # "two and a half years", "1 and a half hours": one number (round 19)
        elif any(a < m.start() < b for a, b in spelled):
            continue  # "two hundred and seventy-four cases"
        elif _RANGE_AFTER.match(text, m.start()) and _RANGE_BEFORE.search(text, sentence.start, m.start()):
            continue  # "somewhere between two and eight weeks": one range (round 227)
        elif _compound_duration(text, sentence.start, m.start()):
            continue  # "a day and three hours": one duration (session 36)
        elif _both_ways(text, sentence.start, m.start()):
            continue  # "children who did and did not receive diuretics": one group of both (round 158)
        else:
            cuts.append(m.start())
    return cuts


_MIXED_NUMBER = re.compile(r"and\s+an?\s+(?:half|quarter|third)\b", re.IGNORECASE)
_NOT_AFTER = re.compile(r"(?:and|or)\s+(\w+)\s+not\b|(?:and|or)\s+with(out)\b", re.IGNORECASE)
_WORD_BEFORE = re.compile(r"(\w+)\s+$")


def _both_ways(text: str, start: int, at: int) -> bool:
    """Whether the conjunction at ``at`` joins a word and its own negation: "who did and did not", "were or were
    not", "with and without"."""
    after, before = _NOT_AFTER.match(text, at), _WORD_BEFORE.search(text, start, at)
    if after is None or before is None:
        return False
    return before.group(1).lower() == ("with" if after.group(2) else (after.group(1) or "").lower())


_NUMBERS = (
    r"(?:\d[\d.,]*|\b(?:" + "|".join(NUMBER_WORDS[1:21]) + r")\b"
    r"|\b(?:an?|one)\s+(?:half|third|quarter|fifth|sixth|eighth|tenth|twentieth|hundredth)\b)"
)
_RANGE_BEFORE = re.compile(r"\bbetween\s+" + _NUMBERS + r"\s*%?\s+$", re.IGNORECASE)
_RANGE_AFTER = re.compile(r"and\s+" + _NUMBERS, re.IGNORECASE)
"""A range "between" one number "and" another, in digits or words ("between a twentieth and a tenth": round 239):
never cut at its "and"."""

_TIME_UNITS = ("minute", "hour", "day", "week", "month", "year")
_DURATION_BEFORE = re.compile(
    r"(?:\ban?|\d+|\b(?:" + "|".join(NUMBER_WORDS[1:21]) + r"))\s+(" + "|".join(_TIME_UNITS[1:]) + r")s?\s+$",
    re.IGNORECASE,
)
_DURATION_AFTER = re.compile(r"and\s+" + _NUMBERS + r"\s+(" + "|".join(_TIME_UNITS) + r")s?\b", re.IGNORECASE)


def _compound_duration(text: str, start: int, at: int) -> bool:
    """Whether the "and" at ``at`` joins a duration's parts, the larger unit first: "a day and three hours", "2 weeks
    and 3 days"."""
    before, after = _DURATION_BEFORE.search(text, start, at), _DURATION_AFTER.match(text, at)
    if before is None or after is None:
        return False
    return _TIME_UNITS.index(after.group(1).lower()) < _TIME_UNITS.index(before.group(1).lower())


_NUMBER_BEFORE = re.compile(r"(?:\d|\b(?:" + "|".join(NUMBER_WORDS[1:13]) + r"))\s+$", re.IGNORECASE)


def _long_enough(fragment: str, min_words: int, min_content_tokens: int) -> bool:
    if word_count(fragment) < min_words:
        return False
    return min_content_tokens <= 0 or len(content_tokens(fragment)) >= min_content_tokens


def _merge(text: str, pieces: list[Span], min_words: int, min_content_tokens: int) -> list[Span]:
    """Merge pieces that are too short into the next piece (into the previous one at the sentence end)."""
    groups: list[list[Span]] = []
    pending: list[Span] = []
    for piece in pieces:
        pending.append(piece)
        if _long_enough(piece.text, min_words, min_content_tokens):
            groups.append(pending)
            pending = []
    if pending:
        if groups:
            groups[-1].extend(pending)
        else:
            groups.append(pending)
    return [Span.of(text, g[0].start, g[-1].end) for g in groups]


def split_clauses(
    text: str,
    *,
    min_words: int = 2,
    min_content_tokens: int = 2,
    conjunctions: Iterable[str] = DEFAULT_CONJUNCTIONS,
    punctuation: str = DEFAULT_PUNCTUATION,
) -> list[Span]:
    """Split ``text`` into clause spans that tile each sentence (seed 000 §5).

    Each sentence is cut after each character of ``punctuation`` and before each word or phrase of
    ``conjunctions`` (matched case-insensitively as whole words), never inside ``()``, ``[]``, ``{}`` nor
    between two digits.  A fragment with fewer than ``min_words`` words (``word_count``) or fewer than
    ``min_content_tokens`` content tokens (τ of seed 000 §4, ``content_tokens``) is merged into the next
    fragment, or into the previous one at the end of a sentence.  Spans are trimmed, non-empty, in order and
    cover every non-whitespace character of ``text``.

    >>> [c.text for c in split_clauses("Pain improved with rest, but fever persisted for three days.")]
    ['Pain improved with rest,', 'but fever persisted for three days.']
    """
    if min_words < 0 or min_content_tokens < 0:
        raise ValueError(f"min_words and min_content_tokens must be >= 0, got {min_words}, {min_content_tokens}")
    pattern = _pattern(conjunctions, punctuation)
    clauses: list[Span] = []
    for sentence in split_sentences(text):
        bounds = [sentence.start, *_cuts(text, sentence, pattern), sentence.end]
        pieces = [s for a, b in pairwise(bounds) if (s := trim_span(text, a, b)) is not None]
        clauses.extend(_merge(text, pieces, min_words, min_content_tokens))
    return clauses


CODE_CONJUNCTIONS: tuple[str, ...] = DEFAULT_CONJUNCTIONS
"""The words the published code cuts at (the same eight as :data:`DEFAULT_CONJUNCTIONS`)."""

_CODE_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")
_CODE_CLAUSE_BREAK = re.compile(r"[;,]|\s+(?:" + "|".join(CODE_CONJUNCTIONS) + r")\s+")


def _pieces(text: str, start: int, end: int, breaks: re.Pattern[str]) -> list[Span]:
    """The trimmed, non-empty pieces of ``text[start:end]`` between the matches of ``breaks`` (as ``re.split``)."""
    bounds = [start]
    for m in breaks.finditer(text, start, end):
        bounds += [m.start(), m.end()]
    bounds.append(end)
    return [s for a, b in zip(bounds[::2], bounds[1::2], strict=True) if (s := trim_span(text, a, b)) is not None]


def split_sentences_code(text: str) -> list[Span]:
    """The published code's sentences: cut at whitespace after ``.``, ``!`` or ``?`` ("U.S. trials" is cut)."""
    return _pieces(text, 0, len(text), _CODE_SENTENCE_BREAK)


def split_clauses_code(text: str) -> list[Span]:
    """The published code's clauses (module docstring): fragments with ≥ 2 code-τ tokens, else the sentences.

    >>> [c.text for c in split_clauses_code("Pain improved with rest, but fever persisted for three days.")]
    ['Pain improved with rest', 'fever persisted for three days.']
    """
    out = [
        piece
        for sentence in split_sentences_code(text)
        for piece in _pieces(text, sentence.start, sentence.end, _CODE_CLAUSE_BREAK)
        if len(code_content_tokens(piece.text)) >= 2
    ]
    return out or split_sentences_code(text)


_CLAUSE_RULES: ContextVar[ClauseRules] = ContextVar("medhal_clause_rules", default="paper")


def current_clause_rules() -> ClauseRules:
    """The clause rules :func:`split_units` follows in this context when not told (default ``"paper"``)."""
    return _CLAUSE_RULES.get()


@contextmanager
def use_clause_rules(rules: ClauseRules) -> Iterator[None]:
    """Within the ``with`` block (this thread / task), ``split_units(text, "clause")`` follows ``rules``."""
    if rules not in CLAUSE_RULES:
        raise ValueError(f"unknown clause rules {rules!r}; choose one of {', '.join(CLAUSE_RULES)}")
    token = _CLAUSE_RULES.set(rules)
    try:
        yield
    finally:
        _CLAUSE_RULES.reset(token)


def split_units(text: str, kind: Literal["sentence", "clause"], *, rules: ClauseRules | None = None) -> list[Span]:
    """The sentence or clause spans of ``text``, with the default settings of each splitter.

    ``rules`` picks the clause splitter (``"paper"``: :func:`split_clauses`; ``"code"``:
    :func:`split_clauses_code`); ``None`` means the context's (:func:`use_clause_rules`, default ``"paper"``).
    Sentences are always those of :func:`~medhal.text.sentences.split_sentences`.
    """
    if kind == "sentence":
        return split_sentences(text)
    if kind == "clause":
        chosen = current_clause_rules() if rules is None else rules
        if chosen == "code":
            return split_clauses_code(text)
        if chosen != "paper":
            raise ValueError(f"unknown clause rules {chosen!r}; choose one of {', '.join(CLAUSE_RULES)}")
        return split_clauses(text)
    raise ValueError(f"unknown unit kind {kind!r}; expected 'sentence' or 'clause'")


_LIST_MARKER = re.compile(r"^\s*(?:[-*•–]|\d{1,2}[.)])\s+(?=\S)")


def unmarked(text: str) -> str:
    """``text`` without the list marker it opens with ("- ", "• ", "1. ", "2) "): what a verifier should read of a
    unit taken from a bulleted or numbered answer.  A small encoder read "2. About 7 children needed treatment to
    prevent one recurrence" at P(E) 0.25 and the same words without "2. " at 0.68 (round 18).

    >>> [unmarked(t) for t in ("- Early rhythm control lowered events.", "2. About 7 needed it.", "2.5 mg daily")]
    ['Early rhythm control lowered events.', 'About 7 needed it.', '2.5 mg daily']
    """
    return _LIST_MARKER.sub("", text, count=1)
