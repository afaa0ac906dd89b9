"""A lexical head on top of an entailment model: the "hybrid evidence" of issue 3, fitted, not hand-set.

An encoder as small as the embedded MiniLM-L6 misses cues that are trivial to read off the text: a number of
the hypothesis that occurs nowhere in the premise (a changed dose or count), a negation the best-matching
premise sentence does not carry (or the reverse), a hypothesis that is a verbatim piece of the premise.  The
lexical head is a multinomial logistic regression over

    x = [log P(E), log P(N), log P(C)  (the model's probabilities, clipped at 1e-6),
         novel_token_share   (share of the hypothesis' content stems absent from the premise),
         novel_number        (1 if a number of the hypothesis is absent from the premise),
         negation_mismatch   (1 if the hypothesis and its best-matching premise sentence differ in negation),
         contained           (1 if the normalised hypothesis is a substring of the normalised premise),
         direction_conflict  (1 if the hypothesis has a direction word whose opposite, not itself, is in its
                              best-matching premise sentence: "increased" against "reduced")]

giving new probabilities ``softmax(W x + b)`` in :data:`~medhal.verify.base.LABELS` order.  With the lexical
weights at zero, ``W = I`` and ``b = 0`` the head returns the model's probabilities unchanged, so the head can
only move away from the model where the fitting data says the cues help.  It is fitted by
:mod:`medhal.train.lexical` on development pairs only and stored beside the model as ``lexical.json``; loading
and applying it needs numpy only.  :class:`LexicalVerifier` wraps any :class:`~medhal.verify.base.Verifier`;
its ``id`` appends the head's digest, so cached probabilities of the bare model are never reused for it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from medhal.text import content_stems, split_sentences
from medhal.text.lexical import bare_numbers, direction_conflict, has_negation, normalized, novel_numbers
from medhal.verify._sidecar import read_sidecar, write_sidecar
from medhal.verify.base import Pair, Probabilities, Verifier, VerifierStats

__all__ = [
    "LEXICAL_FEATURES",
    "LEXICAL_FILE",
    "LexicalHead",
    "LexicalVerifier",
    "head_inputs",
    "lexical_features",
    "read_lexical_head",
]

LEXICAL_FILE = "lexical.json"
LEXICAL_FEATURES: tuple[str, ...] = (
    "novel_token_share",
    "novel_number",
    "negation_mismatch",
    "contained",
    "direction_conflict",
)
_CLIP = 1e-6


_Profile = tuple[frozenset[str], frozenset[str], str, tuple[tuple[frozenset[str], bool, str], ...]]


@lru_cache(maxsize=64)
def _premise_profile(premise: str) -> _Profile:
    """Content stems, numbers (``%`` dropped), normalised text and per-sentence (stems, negated, text)."""
    sentences = tuple((content_stems(s.text), has_negation(s.text), s.text) for s in split_sentences(premise))
    return (
        content_stems(premise),
        bare_numbers(premise),
        normalized(premise),
        sentences,
    )


def lexical_features(premise: str, hypothesis: str) -> tuple[float, float, float, float, float]:
    """The :data:`LEXICAL_FEATURES` of one pair.

    >>> lexical_features("The trial enrolled 412 adults.", "The trial enrolled 97 adults.")
    (0.0, 1.0, 0.0, 0.0, 0.0)
    """
    stems, nums, norm, sentences = _premise_profile(premise)
    hyp_stems = content_stems(hypothesis)
    novel_share = len(hyp_stems - stems) / len(hyp_stems) if hyp_stems else 0.0
    novel_number = bool(novel_numbers(hypothesis, nums))
    mismatch = conflict = False
    if hyp_stems and sentences:
        best = max(sentences, key=lambda s: len(hyp_stems & s[0]))
        if hyp_stems & best[0]:
            mismatch = best[1] != has_negation(hypothesis)
            conflict = direction_conflict(hypothesis, best[2])
    hyp_norm = normalized(hypothesis)
    contained = bool(hyp_norm) and hyp_norm in norm
    return (novel_share, float(novel_number), float(mismatch), float(contained), float(conflict))


def head_inputs(
    probabilities: Probabilities, pairs: Sequence[Pair], features: Sequence[str] = LEXICAL_FEATURES
) -> np.ndarray:
    """The head's input matrix ``(n, 3 + len(features))`` for model probabilities and their pairs."""
    if len(pairs) != len(probabilities):
        raise ValueError("one probability row per pair is needed")
    columns = [LEXICAL_FEATURES.index(f) for f in features]
    logp = np.log(np.clip(np.asarray(probabilities, dtype=np.float64), _CLIP, 1.0))
    feats = np.array([lexical_features(p, h) for p, h in pairs], dtype=np.float64).reshape(len(pairs), -1)
    return np.hstack([logp.reshape(len(pairs), 3), feats[:, columns]])


@dataclass(frozen=True)
class LexicalHead:
    """A fitted head: ``coef`` is 3 x (3 + k), ``intercept`` 3, rows in LABELS order."""

    coef: tuple[tuple[float, ...], ...]
    intercept: tuple[float, float, float]
    features: tuple[str, ...] = LEXICAL_FEATURES
    fitted_on: str = ""
    method: str = ""
    report: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = [f for f in self.features if f not in LEXICAL_FEATURES]
        if unknown or len(set(self.features)) != len(self.features):
            raise ValueError(f"lexical head features must be distinct names from {LEXICAL_FEATURES}: {unknown}")
        if len(self.coef) != 3 or any(len(r) != 3 + len(self.features) for r in self.coef) or len(self.intercept) != 3:
            raise ValueError("lexical head needs a 3 x (3 + k) coefficient matrix and 3 intercepts")

    @classmethod
    def identity(cls, features: Sequence[str] = LEXICAL_FEATURES) -> LexicalHead:
        """The head that returns the model's probabilities unchanged."""
        k = len(features)
        rows = tuple(tuple(1.0 if j == i else 0.0 for j in range(3)) + (0.0,) * k for i in range(3))
        return cls(rows, (0.0, 0.0, 0.0), tuple(features))

    def apply_inputs(self, x: np.ndarray) -> Probabilities:
        """``softmax(x W^T + b)`` for a :func:`head_inputs` matrix."""
        z = x @ np.asarray(self.coef, dtype=np.float64).T + np.asarray(self.intercept, dtype=np.float64)
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        out: Probabilities = e / e.sum(axis=1, keepdims=True)
        return out

    def apply(self, probabilities: Probabilities, pairs: Sequence[Pair]) -> Probabilities:
        if len(pairs) == 0:
            return np.zeros((0, 3), dtype=np.float64)
        return self.apply_inputs(head_inputs(probabilities, pairs, self.features))

    def to_dict(self) -> dict[str, Any]:
        return {
            "features": list(self.features),
            "coef": [list(r) for r in self.coef],
            "intercept": list(self.intercept),
            "fitted_on": self.fitted_on,
            "method": self.method,
            "report": self.report,
        }

    def digest(self) -> str:
        """sha256 of the head's parameters (not its report): part of the wrapped verifier's id."""
        body = json.dumps({"features": list(self.features), "coef": self.coef, "intercept": self.intercept})
        return hashlib.sha256(body.encode()).hexdigest()

    def write(self, directory: str | Path) -> Path:
        return write_sidecar(directory, LEXICAL_FILE, self.to_dict())


def _lexical_head(raw: Any) -> LexicalHead:
    return LexicalHead(
        coef=tuple(tuple(float(v) for v in row) for row in raw["coef"]),
        intercept=tuple(float(v) for v in raw["intercept"]),  # type: ignore[arg-type]
        features=tuple(str(f) for f in raw["features"]),
        fitted_on=str(raw.get("fitted_on", "")),
        method=str(raw.get("method", "")),
        report=dict(raw.get("report", {})),
    )


def read_lexical_head(directory: str | Path) -> LexicalHead | None:
    """The lexical head stored in a model directory, or ``None``; a malformed file raises one line."""
    return read_sidecar(directory, LEXICAL_FILE, _lexical_head)


class LexicalVerifier:
    """A verifier whose probabilities pass through a :class:`LexicalHead`."""

    def __init__(self, inner: Verifier, head: LexicalHead) -> None:
        self.inner = inner
        self.head = head
        self._id = f"{inner.id}+lex@{head.digest()[:12]}"

    @property
    def id(self) -> str:
        return self._id

    @property
    def max_length(self) -> int:
        return self.inner.max_length

    @property
    def stats(self) -> VerifierStats:
        return self.inner.stats

    def pair_lengths(self, pairs: Sequence[Pair]) -> list[int]:
        return self.inner.pair_lengths(pairs)

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        return self.head.apply(self.inner.predict(pairs), pairs)
