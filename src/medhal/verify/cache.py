"""A persistent SQLite cache in front of any :class:`Verifier`.

Rows are keyed by the verifier's identity and a sha256 of the pair, and hold the three float64
probabilities as a 24-byte little-endian blob, so a cached answer is bit-for-bit the answer the model gave.
The identity is the inner verifier's ``id`` (which hashes its weights) together with its ``max_length``,
because the same weights with a different token budget truncate long pairs differently.
"""

from __future__ import annotations

import hashlib
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import numpy as np

from medhal._sqlite import SQLiteFile
from medhal.verify.base import Pair, Probabilities, Verifier, VerifierError, VerifierStats
from medhal.verify.dedupe import unique_pairs
from medhal.verify.encoding import first_line

__all__ = ["CachedVerifier", "pair_key"]

_ROW = np.dtype("<f8")
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS predictions ("
    " verifier TEXT NOT NULL, pair BLOB NOT NULL, probs BLOB NOT NULL,"
    " PRIMARY KEY (verifier, pair)) WITHOUT ROWID"
)


def pair_key(pair: Pair) -> bytes:
    """sha256 of ``premise + "\\x1f" + hypothesis`` (UTF-8), the per-pair cache key."""
    return hashlib.sha256(f"{pair[0]}\x1f{pair[1]}".encode("utf-8", "surrogatepass")).digest()


class CachedVerifier(SQLiteFile):
    """Wrap ``inner`` so that pairs it has already scored are read from ``path`` instead of recomputed.

    Each :meth:`predict` looks every pair up first and sends only the distinct misses to ``inner``.
    Safe to share between threads of one process (one connection behind a lock; WAL journal so other
    processes can read meanwhile).  Use as a context manager or call :meth:`close`.
    """

    def __init__(self, inner: Verifier, path: str | Path) -> None:
        super().__init__(
            Path(path).expanduser(), (_SCHEMA,), what="verifier cache", error=VerifierError, detail=first_line
        )
        self._inner = inner
        self._namespace = f"{inner.id}|max_length={inner.max_length}"
        self._hits = 0
        self._misses = 0
        self._seconds = 0.0

    @property
    def id(self) -> str:
        return self._inner.id

    @property
    def max_length(self) -> int:
        return self._inner.max_length

    @property
    def inner(self) -> Verifier:
        """The wrapped verifier."""
        return self._inner

    @property
    def stats(self) -> VerifierStats:
        """The inner verifier's counters plus this cache's hits (``extra['cache_misses']`` counts the
        distinct pairs sent on to the model)."""
        inner = self._inner.stats
        return VerifierStats(
            pairs=inner.pairs,
            batches=inner.batches,
            truncated=inner.truncated,
            cache_hits=inner.cache_hits + self._hits,
            seconds=inner.seconds + self._seconds,
            extra={**inner.extra, "cache_misses": inner.extra.get("cache_misses", 0) + self._misses},
        )

    def pair_lengths(self, pairs: Sequence[Pair]) -> list[int]:
        return self._inner.pair_lengths(pairs)

    def _lookup(self, keys: Sequence[bytes]) -> dict[bytes, bytes]:
        sql = "SELECT pair, probs FROM predictions WHERE verifier = ? AND pair IN ({marks})"
        return {bytes(cast(bytes, k)): bytes(cast(bytes, v)) for k, v in self._select_in(sql, keys, (self._namespace,))}

    def _store(self, keys: Sequence[bytes], probs: Probabilities) -> None:
        rows = [(self._namespace, key, probs[i].astype(_ROW).tobytes()) for i, key in enumerate(keys)]
        self._write_many("INSERT OR REPLACE INTO predictions VALUES (?, ?, ?)", rows)

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        if not pairs:
            return np.zeros((0, 3), dtype=np.float64)
        start = time.perf_counter()
        uniques, inverse = unique_pairs(pairs)
        keys = [pair_key(pair) for pair in uniques]
        try:
            found = self._lookup(keys)
        except sqlite3.Error as exc:
            raise VerifierError(f"verifier cache {self._path} lookup failed: {first_line(exc)}") from None
        table = np.empty((len(uniques), 3), dtype=np.float64)
        missing = [i for i, key in enumerate(keys) if key not in found]
        for i, key in enumerate(keys):
            blob = found.get(key)
            if blob is not None:
                table[i] = np.frombuffer(blob, dtype=_ROW)
        overhead = time.perf_counter() - start
        if missing:
            probs = np.asarray(self._inner.predict([uniques[i] for i in missing]), dtype=np.float64)
            if probs.shape != (len(missing), 3):
                raise VerifierError(f"verifier {self.id} returned shape {probs.shape} for {len(missing)} pairs")
            table[missing] = probs
            mark = time.perf_counter()
            scored = [bool(np.isfinite(row).all()) for row in probs]  # a failed pair (NaN row): never kept
            try:
                self._store([keys[i] for i, ok in zip(missing, scored, strict=True) if ok], probs[scored])
            except sqlite3.Error as exc:
                raise VerifierError(f"verifier cache {self._path} write failed: {first_line(exc)}") from None
            overhead += time.perf_counter() - mark
        hit_rows = int(np.isin(inverse, np.asarray(missing, dtype=np.intp), invert=True).sum())
        with self._lock:
            self._hits += hit_rows
            self._misses += len(missing)
            self._seconds += overhead
        return table[inverse]
