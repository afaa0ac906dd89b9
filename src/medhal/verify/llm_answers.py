"""From an LLM's one-word NLI answer to a row of (entailment, neutral, contradiction) probabilities.

The rules of :class:`~medhal.verify.llm.LLMVerifier`, kept apart so they can be tested without a model:

* :func:`logprob_row`: the first answer token that holds a letter (a leading space, quote or ``**`` token is
  skipped) and its top alternatives; each alternative whose letters, lower-cased, start a label ("ent", "Ent",
  " entailment", "Neu", "contr"...) or begin with the whole label adds its probability to that label; the three
  sums are renormalised.  Mass on other tokens ("The", "Based") is dropped by the renormalisation; no label among
  the alternatives gives no row.
* :func:`label_row`: the label the text names (its label words, and its first word when that starts a label,
  e.g. a cut-off "contrad"), as :data:`LABEL_CONFIDENCE` for that label and the rest split evenly:
  0.9 / 0.05 / 0.05.  Two different labels named ("entailment or contradiction"), or none, give no row.
* :func:`envelope` / :func:`answer_row`: the cached form of an answer (JSON: format tag, text, tokens with their
  log-probabilities and alternatives) and the row read back from it: log-probabilities first, the text second.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from medhal.llm.base import TokenLogprob
from medhal.verify.base import LABELS

__all__ = [
    "ENVELOPE_FORMAT",
    "LABEL_CONFIDENCE",
    "TOP_LOGPROBS",
    "AnswerRow",
    "answer_row",
    "envelope",
    "label_of_token",
    "label_row",
    "logprob_row",
]

TOP_LOGPROBS = 5
"""Alternatives asked for per answer token (``top_logprobs``)."""
LABEL_CONFIDENCE = 0.9
"""Probability given to the named label when only the answer's text is known (the others share the rest)."""
ENVELOPE_FORMAT = "medhal-nli-answer/1"

Row = tuple[float, float, float]
_LETTERS = re.compile(r"[a-z]+")
_EDGES = re.compile(r"^[^a-z]+|[^a-z]+$")


@dataclass(frozen=True, slots=True)
class AnswerRow:
    """A pair's row and where it came from (``logprobs`` or ``label``), or why there is none (``reason``)."""

    row: Row | None
    source: Literal["logprobs", "label"] | None = None
    reason: str | None = None


def label_of_token(token: str) -> int | None:
    """The label index a token starts (its letters, lower-cased, are a prefix of the label or begin with it)."""
    norm = _EDGES.sub("", token.lower())
    if not norm or not norm.isalpha():
        return None
    for index, name in enumerate(LABELS):
        if name.startswith(norm) or norm.startswith(name):
            return index
    return None


def logprob_row(tokens: Sequence[TokenLogprob]) -> Row | None:
    """The renormalised label mass of the first answer token with a letter in it (module docstring)."""
    for token in tokens:
        if not _LETTERS.search(token.token.lower()):
            continue
        alternatives = list(token.top)
        if all(alt != token.token for alt, _ in alternatives):
            alternatives.append((token.token, token.logprob))
        mass = [0.0, 0.0, 0.0]
        for alt, logprob in alternatives:
            label = label_of_token(alt)
            if label is not None and math.isfinite(logprob):
                mass[label] += math.exp(logprob)
        total = sum(mass)
        if total <= 0.0:
            return None
        return mass[0] / total, mass[1] / total, mass[2] / total
    return None


def label_row(text: str) -> Row | None:
    """The soft one-hot row of the label ``text`` names, or ``None`` (module docstring)."""
    words = _LETTERS.findall(text.lower())
    if not words:
        return None
    named = {k for w in words if (k := label_of_token(w)) is not None and w.startswith(LABELS[k])}
    first = label_of_token(words[0]) if len(words[0]) >= 3 else None
    if first is not None:
        named.add(first)
    if len(named) != 1:
        return None
    label = named.pop()
    rest = (1.0 - LABEL_CONFIDENCE) / 2
    row = [rest, rest, rest]
    row[label] = LABEL_CONFIDENCE
    return row[0], row[1], row[2]


def envelope(text: str, tokens: Sequence[TokenLogprob] | None) -> str:
    """The cached form of one answer: its text and (when the server sent them) its tokens' log-probabilities."""
    doc = {
        "format": ENVELOPE_FORMAT,
        "text": text,
        "tokens": None if tokens is None else [[t.token, t.logprob, [list(a) for a in t.top]] for t in tokens],
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _unwrap(stored: str) -> tuple[str, list[TokenLogprob] | None]:
    """(answer text, tokens) of an :func:`envelope`; any other text is a plain answer without tokens."""
    try:
        doc = json.loads(stored)
    except ValueError:
        return stored, None
    if not isinstance(doc, dict) or doc.get("format") != ENVELOPE_FORMAT or not isinstance(doc.get("text"), str):
        return stored, None
    raw = doc.get("tokens")
    if not isinstance(raw, list):
        return doc["text"], None
    tokens = []
    try:
        for token, logprob, top in raw:
            tokens.append(TokenLogprob(str(token), float(logprob), tuple((str(a), float(b)) for a, b in top)))
    except (TypeError, ValueError):
        return doc["text"], None
    return doc["text"], tokens


def answer_row(stored: str) -> AnswerRow:
    """The row of one stored answer (an :func:`envelope` or plain text): log-probabilities, else the label."""
    text, tokens = _unwrap(stored)
    if tokens:
        row = logprob_row(tokens)
        if row is not None:
            return AnswerRow(row, "logprobs")
    row = label_row(text)
    if row is not None:
        return AnswerRow(row, "label")
    shown = " ".join(text.split())[:80]
    return AnswerRow(None, reason=f"unparseable answer: no entailment/neutral/contradiction label in {shown!r}")
