"""Content tokens: the token function τ of the localization metric (seed 000 §4).

Seed 000 §4 defines τ(·) as the function that "lowercases the text, keeps alphabetic tokens of length ≥ 4,
and removes stopwords"; a unit hits the gold span when its τ-set meets the gold span's τ-set.  This module
fixes the parts the seed leaves open:

* **Normalisation.**  The text is put in Unicode NFC form and then lowercased with :meth:`str.lower`, so a
  decomposed "cafe\\u0301" and a precomposed "café" give the same token.
* **Tokens** are the maximal runs of characters for which :meth:`str.isalpha` is true.  Unicode letters
  count (Greek, Cyrillic, CJK, Arabic ...); digits, underscores, hyphens, apostrophes and combining marks that
  do not compose under NFC break a token.  Hence "HbA1c" gives "hba" and "c" (both dropped as too short),
  "cost-effectiveness" gives "cost" and "effectiveness", "don't" gives "don" and "t".
* **Length** is counted in code points after lowercasing; tokens shorter than :data:`MIN_TOKEN_LENGTH` go.
* **Stopwords** are :data:`STOPWORDS`, scikit-learn's ``ENGLISH_STOP_WORDS`` (318 words, from the Glasgow
  Information Retrieval Group list; ``sklearn/feature_extraction/_stop_words.py``, BSD-3-Clause), written out
  here as it stood in scikit-learn up to 1.5 so that medhal does not depend on scikit-learn.  Only its
  alphabetic entries of length ≥ 4 can ever match a token.

The published MedHal-Loc code (``src/horizontal_eval.py`` of github.com/green-leo-1/MedHal-Loc) implements
τ differently: tokens match ``[a-zA-Z][a-zA-Z-]{3,}`` (ASCII only, hyphens kept inside a token) and its stop
list is a custom one of 124 words that includes domain words ("patients", "study", "significant",
"results", "compared").  medhal follows the text of the seed by default (``rule="paper"``) and offers the
code's rule as ``rule="code"`` (:func:`code_content_tokens`, :data:`CODE_STOPWORDS`), so that the published
per-item records can be reproduced exactly: with the code's clause splitter
(:func:`medhal.text.clauses.split_clauses_code`) it gives all 100 published per-item ``rand`` values of
NLI-clause on the dev items, the paper rules 86 of them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Literal, get_args

__all__ = [
    "CODE_STOPWORDS",
    "MIN_TOKEN_LENGTH",
    "STEM_PREFIX",
    "STOPWORDS",
    "TAU_RULES",
    "TauRule",
    "code_content_token_list",
    "code_content_tokens",
    "content_stems",
    "content_token_list",
    "content_tokens",
    "tau_function",
    "word_count",
]

TauRule = Literal["paper", "code"]
"""Which τ: ``"paper"`` (seed 000 §4 as written, the default) or ``"code"`` (the published code's rule)."""
TAU_RULES: tuple[str, ...] = get_args(TauRule)

MIN_TOKEN_LENGTH = 4
"""τ keeps alphabetic tokens of at least this many characters (seed 000 §4)."""

# scikit-learn ENGLISH_STOP_WORDS (318 words), originally the Glasgow IR group stop-word list.
# fmt: off
STOPWORDS: frozenset[str] = frozenset(
    {
        "a", "about", "above", "across", "after", "afterwards", "again", "against", "all", "almost", "alone",
        "along", "already", "also", "although", "always", "am", "among", "amongst", "amoungst", "amount",
        "an", "and", "another", "any", "anyhow", "anyone", "anything", "anyway", "anywhere", "are", "around",
        "as", "at", "back", "be", "became", "because", "become", "becomes", "becoming", "been", "before",
        "beforehand", "behind", "being", "below", "beside", "besides", "between", "beyond", "bill", "both",
        "bottom", "but", "by", "call", "can", "cannot", "cant", "co", "con", "could", "couldnt", "cry", "de",
        "describe", "detail", "do", "done", "down", "due", "during", "each", "eg", "eight", "either",
        "eleven", "else", "elsewhere", "empty", "enough", "etc", "even", "ever", "every", "everyone",
        "everything", "everywhere", "except", "few", "fifteen", "fifty", "fill", "find", "fire", "first",
        "five", "for", "former", "formerly", "forty", "found", "four", "from", "front", "full", "further",
        "get", "give", "go", "had", "has", "hasnt", "have", "he", "hence", "her", "here", "hereafter",
        "hereby", "herein", "hereupon", "hers", "herself", "him", "himself", "his", "how", "however",
        "hundred", "i", "ie", "if", "in", "inc", "indeed", "interest", "into", "is", "it", "its", "itself",
        "keep", "last", "latter", "latterly", "least", "less", "ltd", "made", "many", "may", "me",
        "meanwhile", "might", "mill", "mine", "more", "moreover", "most", "mostly", "move", "much", "must",
        "my", "myself", "name", "namely", "neither", "never", "nevertheless", "next", "nine", "no", "nobody",
        "none", "noone", "nor", "not", "nothing", "now", "nowhere", "of", "off", "often", "on", "once", "one",
        "only", "onto", "or", "other", "others", "otherwise", "our", "ours", "ourselves", "out", "over",
        "own", "part", "per", "perhaps", "please", "put", "rather", "re", "same", "see", "seem", "seemed",
        "seeming", "seems", "serious", "several", "she", "should", "show", "side", "since", "sincere", "six",
        "sixty", "so", "some", "somehow", "someone", "something", "sometime", "sometimes", "somewhere",
        "still", "such", "system", "take", "ten", "than", "that", "the", "their", "them", "themselves",
        "then", "thence", "there", "thereafter", "thereby", "therefore", "therein", "thereupon", "these",
        "they", "thick", "thin", "third", "this", "those", "though", "three", "through", "throughout", "thru",
        "thus", "to", "together", "too", "top", "toward", "towards", "twelve", "twenty", "two", "un", "under",
        "until", "up", "upon", "us", "very", "via", "was", "we", "well", "were", "what", "whatever", "when",
        "whence", "whenever", "where", "whereafter", "whereas", "whereby", "wherein", "whereupon", "wherever",
        "whether", "which", "while", "whither", "who", "whoever", "whole", "whom", "whose", "why", "will",
        "with", "within", "without", "would", "yet", "you", "your", "yours", "yourself", "yourselves",
    }
)
# fmt: on
"""The English stop-word list removed by τ: scikit-learn's ``ENGLISH_STOP_WORDS`` (318 words)."""

# A run of "word" characters that are neither decimal digits nor underscores.  Every letter matches, but so do
# a few non-letters (e.g. superscript digits), so each run is checked with str.isalpha below.
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_WORD = re.compile(r"\S+")


def _alpha_runs(text: str) -> list[str]:
    """The maximal runs of ``str.isalpha`` characters of ``text``, in order."""
    runs: list[str] = []
    for match in _LETTER_RUN.finditer(text):
        chunk = match.group()
        if chunk.isalpha():
            runs.append(chunk)
            continue
        start = -1
        for i, ch in enumerate(chunk):
            if ch.isalpha():
                if start < 0:
                    start = i
            elif start >= 0:
                runs.append(chunk[start:i])
                start = -1
        if start >= 0:
            runs.append(chunk[start:])
    return runs


def content_token_list(text: str) -> list[str]:
    """The content tokens of ``text`` in order, with repeats: τ of seed 000 §4 before it becomes a set.

    NFC-normalise and lowercase the text, take the maximal runs of alphabetic characters, keep those of at
    least :data:`MIN_TOKEN_LENGTH` characters that are not in :data:`STOPWORDS`.
    """
    lowered = unicodedata.normalize("NFC", text).lower()
    return [tok for tok in _alpha_runs(lowered) if len(tok) >= MIN_TOKEN_LENGTH and tok not in STOPWORDS]


def content_tokens(text: str) -> frozenset[str]:
    """τ(text) of seed 000 §4: the set of lowercased alphabetic tokens of length ≥ 4 that are not stopwords.

    >>> sorted(content_tokens("The Holmium:YAG laser is ideal for renal calculi."))
    ['calculi', 'holmium', 'ideal', 'laser', 'renal']
    """
    return frozenset(content_token_list(text))


# The published code's stop list (``STOP`` of ``src/horizontal_eval.py``, MedHal-Loc, MIT): 124 words.
# fmt: off
CODE_STOPWORDS: frozenset[str] = frozenset(
    {
        "a", "above", "after", "also", "among", "an", "and", "approach", "approaches", "are", "as", "at", "be",
        "been", "before", "being", "below", "between", "both", "but", "by", "can", "compared", "comparison",
        "could", "data", "did", "do", "does", "during", "each", "few", "for", "found", "from", "group", "groups",
        "had", "has", "have", "having", "he", "her", "his", "how", "however", "i", "in", "into", "is", "it", "its",
        "least", "less", "many", "may", "might", "more", "most", "much", "no", "nor", "not", "of", "on", "onto",
        "or", "other", "our", "over", "patient", "patients", "result", "results", "shall", "she", "should",
        "show", "showed", "shown", "shows", "significant", "significantly", "so", "studies", "study", "such",
        "than", "that", "the", "their", "them", "then", "these", "they", "this", "those", "through", "to",
        "under", "use", "used", "using", "versus", "very", "vs", "was", "we", "were", "what", "when", "where",
        "which", "who", "whom", "whose", "why", "will", "with", "within", "without", "would", "you", "your",
    }
)
# fmt: on
"""The stop list of the published code's τ (124 words, domain words such as "patients" and "study" included)."""

_CODE_TOKEN = re.compile(r"[a-zA-Z][a-zA-Z-]{3,}")


def code_content_token_list(text: str) -> list[str]:
    """The published code's τ in order, with repeats: ``text.lower()`` (no NFC), the non-overlapping matches of
    ``[a-zA-Z][a-zA-Z-]{3,}`` (an ASCII letter, then ≥ 3 ASCII letters or hyphens: "cost-effectiveness" and
    "pre-" stay whole, "café" gives "caf" and is dropped), minus :data:`CODE_STOPWORDS`.

    >>> code_content_token_list("Cost-effectiveness of the study in 12 patients")
    ['cost-effectiveness']
    """
    return [tok for tok in _CODE_TOKEN.findall(text.lower()) if tok not in CODE_STOPWORDS]


def code_content_tokens(text: str) -> frozenset[str]:
    """τ(text) under the published code's rule (:func:`code_content_token_list` as a set)."""
    return frozenset(code_content_token_list(text))


def tau_function(rule: TauRule = "paper") -> Callable[[str], frozenset[str]]:
    """The τ of ``rule``: :func:`content_tokens` for ``"paper"``, :func:`code_content_tokens` for ``"code"``."""
    if rule == "paper":
        return content_tokens
    if rule == "code":
        return code_content_tokens
    raise ValueError(f"unknown tau rule {rule!r}; choose one of {', '.join(TAU_RULES)}")


STEM_PREFIX = 5
"""Length of the prefix that stands in for a stem: "calculi"/"calculus", "reduced"/"reduction" match."""


def content_stems(text: str, prefix: int = STEM_PREFIX) -> frozenset[str]:
    """The ``prefix``-character prefixes of the content tokens of ``text`` (a crude, language-agnostic stem)."""
    return frozenset(t[:prefix] for t in content_token_list(text))


def word_count(text: str) -> int:
    """The number of whitespace-separated words of ``text`` that contain at least one letter or digit.

    Punctuation standing alone ("-", "•", "—", ",") is not a word; "3.5", "mg/dL" and "(n=12)" are.
    """
    return sum(1 for m in _WORD.finditer(text) if any(ch.isalnum() for ch in m.group()))
