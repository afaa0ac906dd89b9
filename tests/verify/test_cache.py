"""CachedVerifier: SQLite-backed, exact float64 round trip, only misses reach the model."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from medhal.verify import CachedVerifier, Verifier, VerifierError, VerifierStats
from medhal.verify.cache import pair_key

from .conftest import requires_hf


class CountingVerifier:
    """A deterministic fake: probabilities derived from a hash of the pair; counts what it is sent."""

    def __init__(self, ident: str = "fake:counting@0123456789ab", max_length: int = 128) -> None:
        self._id = ident
        self._max_length = max_length
        self._stats = VerifierStats()
        self.sent: list[tuple[str, str]] = []
        self.calls = 0

    @property
    def id(self) -> str:
        return self._id

    @property
    def max_length(self) -> int:
        return self._max_length

    @property
    def stats(self) -> VerifierStats:
        return self._stats

    def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        self.calls += 1
        self.sent.extend(pairs)
        self._stats.pairs += len(pairs)
        self._stats.batches += 1
        rows = []
        for premise, hypothesis in pairs:
            seed = int.from_bytes(hashlib.sha256(f"{self._id}|{premise}|{hypothesis}".encode()).digest()[:8])
            x = np.random.default_rng(seed).random(3) + 1e-3
            rows.append(x / x.sum())  # full-precision float64s: an inexact store would show
        return np.array(rows, dtype=np.float64).reshape(-1, 3)

    def pair_lengths(self, pairs: Sequence[tuple[str, str]]) -> list[int]:
        return [len(p.split()) + len(h.split()) + 3 for p, h in pairs]


PAIRS = [("p one", "h one"), ("p two", "h two"), ("p three", "h three"), ("p one", "h one")]


def test_second_predict_sends_nothing_and_is_byte_identical(tmp_path: Path) -> None:
    inner = CountingVerifier()
    with CachedVerifier(inner, tmp_path / "cache.sqlite") as cached:
        assert isinstance(cached, Verifier)
        assert cached.id == inner.id and cached.max_length == inner.max_length
        first = cached.predict(PAIRS)
        assert inner.sent == PAIRS[:3], "duplicates within one call are sent once"
        second = cached.predict(PAIRS)
        assert inner.calls == 1
        assert second.tobytes() == first.tobytes()
        assert first.dtype == np.float64 and first.shape == (4, 3)
        assert cached.stats.cache_hits == 4
        assert cached.stats.extra["cache_misses"] == 3
        assert cached.stats.pairs == 3


def test_results_equal_uncached_model_exactly(tmp_path: Path) -> None:
    direct = CountingVerifier().predict(PAIRS)
    with CachedVerifier(CountingVerifier(), tmp_path / "c.sqlite") as cached:
        assert cached.predict(PAIRS).tobytes() == direct.tobytes()
        assert cached.predict(PAIRS).tobytes() == direct.tobytes()


def test_partial_hits_send_only_misses(tmp_path: Path) -> None:
    inner = CountingVerifier()
    with CachedVerifier(inner, tmp_path / "c.sqlite") as cached:
        cached.predict(PAIRS[:2])
        inner.sent.clear()
        before = cached.stats.snapshot()
        got = cached.predict([("new", "pair"), *PAIRS[:2]])
        assert inner.sent == [("new", "pair")]
        delta = cached.stats.since(before)
        assert (delta.pairs, delta.cache_hits, delta.extra["cache_misses"]) == (1, 2, 1)
        np.testing.assert_array_equal(got, CountingVerifier().predict([("new", "pair"), *PAIRS[:2]]))


def test_persists_across_reopen(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "c.sqlite"
    with CachedVerifier(CountingVerifier(), path) as cached:
        first = cached.predict(PAIRS)
    inner = CountingVerifier()
    with CachedVerifier(inner, path) as again:
        assert again.predict(PAIRS).tobytes() == first.tobytes()
    assert inner.calls == 0
    mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_keyed_by_verifier_id_and_max_length(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with CachedVerifier(CountingVerifier("fake:a@aaaaaaaaaaaa"), path) as a:
        a.predict(PAIRS)
    other = CountingVerifier("fake:b@bbbbbbbbbbbb")
    with CachedVerifier(other, path) as b:
        got = b.predict(PAIRS)
    assert other.sent == PAIRS[:3], "another model's answers are never reused"
    np.testing.assert_array_equal(got, CountingVerifier("fake:b@bbbbbbbbbbbb").predict(PAIRS))
    shorter = CountingVerifier("fake:a@aaaaaaaaaaaa", max_length=16)
    with CachedVerifier(shorter, path) as c:
        c.predict(PAIRS)
    assert shorter.calls == 1, "a different token budget truncates differently"


def test_empty_closed_and_pair_lengths(tmp_path: Path) -> None:
    inner = CountingVerifier()
    cached = CachedVerifier(inner, tmp_path / "c.sqlite")
    assert cached.predict([]).shape == (0, 3)
    assert inner.calls == 0
    assert cached.pair_lengths([("a b", "c")]) == [6]
    cached.close()
    cached.close()
    with pytest.raises(VerifierError, match="closed"):
        cached.predict(PAIRS)


def test_unopenable_path_is_a_verifier_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(VerifierError, match="cannot open verifier cache"):
        CachedVerifier(CountingVerifier(), blocker / "c.sqlite")


def test_pair_key_separates_fields() -> None:
    assert pair_key(("ab", "c")) != pair_key(("a", "bc"))
    assert len(pair_key(("a", "b"))) == 32


def test_threads_share_one_cache(tmp_path: Path) -> None:
    inner = CountingVerifier()
    pairs = [(f"premise {i}", f"hypothesis {i % 7}") for i in range(200)]
    expected = CountingVerifier().predict(pairs)
    results: list[Any] = [None] * 4
    with CachedVerifier(inner, tmp_path / "c.sqlite") as cached:

        def work(slot: int) -> None:
            results[slot] = cached.predict(pairs)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for got in results:
            np.testing.assert_array_equal(got, expected)
        inner.sent.clear()
        cached.predict(pairs)
        assert inner.sent == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.text(max_size=5), st.text(max_size=5)), max_size=20))
def test_cached_equals_direct(tmp_path: Path, pairs: list[tuple[str, str]]) -> None:
    with CachedVerifier(CountingVerifier(), tmp_path / "prop.sqlite") as cached:
        expected = CountingVerifier().predict(pairs)
        assert cached.predict(pairs).tobytes() == expected.tobytes()
        assert cached.predict(pairs).tobytes() == expected.tobytes()


@requires_hf
def test_real_model_round_trip(hf_verifier: Any, pairs: list[tuple[str, str]], tmp_path: Path) -> None:
    with CachedVerifier(hf_verifier, tmp_path / "hf.sqlite") as cached:
        first = cached.predict(pairs)
        before = hf_verifier.stats.snapshot()
        second = cached.predict(pairs)
        assert hf_verifier.stats.since(before).pairs == 0
        assert second.tobytes() == first.tobytes()
        np.testing.assert_allclose(first, hf_verifier.predict(pairs), atol=1e-12)


def test_failed_pairs_are_not_kept(tmp_path: Path) -> None:
    from fakes import RuleVerifier

    class Flaky(RuleVerifier):
        def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:  # type: ignore[override]
            probs = super().predict(pairs)
            if len(self.calls) == 1:
                probs[0] = np.nan  # the first pair fails once
            return probs

    inner = Flaky()
    pairs = [("The dose was 5 mg.", "The dose was 5 mg."), ("The dose was 5 mg.", "No dose was given.")]
    with CachedVerifier(inner, tmp_path / "c.sqlite") as cached:
        first = cached.predict(pairs)
        assert np.isnan(first[0]).all() and np.isfinite(first[1]).all()
        second = cached.predict(pairs)  # the failed pair is asked again, the other comes from the cache
    assert np.isfinite(second).all() and [len(c) for c in inner.calls] == [2, 1]
