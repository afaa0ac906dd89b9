"""What the ``hf:`` and ``onnx:`` verifiers share: a cross-encoder behind a tokenizer.

Both backends encode every pair untruncated, cut each over-long pair to what truncation can keep
(:func:`~medhal.verify.encoding.cut_pair`, so truncating costs linear time) and encode it again under the
strategy :func:`~medhal.verify.encoding.truncation_strategy` picks, batch the encodings by length
(:func:`~medhal.verify.batching.length_batches`), run the model batch by batch, put the rows back in input order
and count what they did.  :class:`TokenizedVerifier` holds that loop once; a backend says how it encodes and how it
runs one batch.
"""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, TypeVar

import numpy as np

from medhal.verify.base import OwnVerifier, Pair, Probabilities, VerifierError, VerifierStats
from medhal.verify.batching import length_batches, restore_order
from medhal.verify.encoding import TruncationStrategy, truncation_strategy
from medhal.verify.labels import LabelMap

__all__ = ["EncodingT", "TokenizedVerifier", "check_batch_size"]

EncodingT = TypeVar("EncodingT")
"""A backend's encoding of one pair (the ``tokenizers`` ``Encoding``, or the inputs of a transformers model)."""


class TokenizedVerifier(OwnVerifier, ABC, Generic[EncodingT]):
    """A :class:`~medhal.verify.base.Verifier` whose model reads token ids: premise-side truncation, length-bucketed
    batches, float64 probabilities in :data:`~medhal.verify.base.LABELS` order.

    A backend's constructor loads its model and tokenizer, then calls :meth:`_ready` with what it found.
    """

    _id: str
    _labels: LabelMap
    _max_length: int
    _special: int
    """Special tokens the tokenizer adds to a pair."""
    _batch_size: int
    _max_tokens: int | None
    _stats: VerifierStats
    _lock: threading.Lock

    def _ready(
        self, *, id: str, labels: LabelMap, max_length: int, special: int, batch_size: int, max_tokens: int | None
    ) -> None:
        """Record what the backend loaded and start counting."""
        self._id = id
        self._labels = labels
        self._max_length = max_length
        self._special = special
        self._batch_size = batch_size
        self._max_tokens = max_tokens
        self._stats = VerifierStats()
        self._lock = threading.Lock()

    @property
    def labels(self) -> LabelMap:
        """How the model's classes map onto medhal's columns."""
        return self._labels

    @abstractmethod
    def _encode_pairs(self, pairs: Sequence[Pair], *, for_cut: bool) -> list[EncodingT]:
        """The pairs encoded untruncated, special tokens included; ``for_cut``: with what :meth:`_precut` reads."""

    @abstractmethod
    def _length(self, encoding: EncodingT) -> int:
        """Tokens in one encoding."""

    @abstractmethod
    def _hypothesis_lengths(self, hypotheses: list[str]) -> list[int]:
        """Tokens of each hypothesis alone, no special tokens."""

    @abstractmethod
    def _precut(self, pair: Pair, encoding: EncodingT) -> Pair:
        """An over-long pair cut to what truncation can keep, from its untruncated ``encoding``."""

    @abstractmethod
    def _encode_cut(self, pairs: list[Pair], strategy: TruncationStrategy) -> list[EncodingT]:
        """The pairs encoded truncated to :attr:`max_length` with ``strategy``."""

    @abstractmethod
    def _run(self, batches: list[list[EncodingT]]) -> list[Probabilities]:
        """Each batch through the model, as probabilities in :data:`~medhal.verify.base.LABELS` order."""

    def pair_lengths(self, pairs: Sequence[Pair]) -> list[int]:
        if not pairs:
            return []
        return [self._length(encoding) for encoding in self._encode_pairs(pairs, for_cut=False)]

    def _encode_truncated(self, pairs: Sequence[Pair]) -> tuple[list[EncodingT], int]:
        """Encodings cut to ``max_length`` per :func:`truncation_strategy`, and how many were cut.

        A fast tokenizer's pair truncation is quadratic in length, so an over-long pair is first cut to what
        truncation can keep (:meth:`_precut`, from the offsets of its one untruncated encoding)."""
        encodings = self._encode_pairs(pairs, for_cut=True)
        over = [i for i, encoding in enumerate(encodings) if self._length(encoding) > self._max_length]
        if over:
            groups: dict[TruncationStrategy, list[int]] = {}
            hypotheses = self._hypothesis_lengths([pairs[i][1] for i in over])
            for i, hypothesis in zip(over, hypotheses, strict=True):
                chosen = truncation_strategy(self._length(encodings[i]), hypothesis, self._special, self._max_length)
                groups.setdefault(chosen or "only_first", []).append(i)
            for strategy, indices in groups.items():
                cut = self._encode_cut([self._precut(pairs[i], encodings[i]) for i in indices], strategy)
                for i, encoding in zip(indices, cut, strict=True):
                    encodings[i] = encoding
        return encodings, len(over)

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        if not pairs:
            return np.zeros((0, 3), dtype=np.float64)
        start = time.perf_counter()
        encodings, truncated = self._encode_truncated(pairs)
        lengths = [self._length(encoding) for encoding in encodings]
        batches = length_batches(lengths, batch_size=self._batch_size, max_tokens=self._max_tokens)
        outputs = self._run([[encodings[i] for i in batch] for batch in batches])
        result = restore_order(batches, outputs, len(pairs))
        with self._lock:
            self._stats.pairs += len(pairs)
            self._stats.batches += len(batches)
            self._stats.truncated += truncated
            self._stats.seconds += time.perf_counter() - start
        return result


def check_batch_size(batch_size: int) -> None:
    """A one-line :class:`VerifierError` for a batch size below 1."""
    if batch_size < 1:
        raise VerifierError(f"batch_size must be >= 1, got {batch_size}")
