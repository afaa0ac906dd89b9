"""Length bucketing, order restoration, pair de-duplication and the shared truncation policy."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from medhal.verify import VerifierError, VerifierStats
from medhal.verify.batching import length_batches, padded_tokens, restore_order
from medhal.verify.dedupe import predict_unique, unique_pairs
from medhal.verify.encoding import position_limit, resolve_max_length, sane_limit, truncation_strategy

lengths_st = st.lists(st.integers(0, 300), max_size=80)


@given(lengths_st, st.integers(1, 20), st.one_of(st.none(), st.integers(1, 2000)))
def test_batches_partition_sorted_and_bounded(lengths: list[int], batch_size: int, max_tokens: int | None) -> None:
    batches = length_batches(lengths, batch_size=batch_size, max_tokens=max_tokens)
    flat = [i for b in batches for i in b]
    assert sorted(flat) == list(range(len(lengths)))
    assert flat == sorted(range(len(lengths)), key=lambda i: (-lengths[i], i)), "longest first, stable"
    for batch in batches:
        assert 1 <= len(batch) <= batch_size
        width = max(max(lengths[i] for i in batch), 1)
        if max_tokens is not None and len(batch) > 1:
            assert len(batch) * width <= max_tokens
    assert length_batches(lengths, batch_size=batch_size, max_tokens=max_tokens) == batches


def test_batches_example() -> None:
    lengths = [5, 9, 5, 2, 9, 30]
    assert length_batches(lengths, batch_size=2) == [(5, 1), (4, 0), (2, 3)]
    # budget of 20 padded tokens: 30 alone (over budget but alone), then 9+9, then 5+5, then 2
    assert length_batches(lengths, batch_size=8, max_tokens=20) == [(5,), (1, 4), (0, 2, 3)]
    assert padded_tokens(lengths, [(5,), (1, 4), (0, 2, 3)]) == 30 + 18 + 15


def test_batches_empty_and_bad_arguments() -> None:
    assert length_batches([], batch_size=4) == []
    with pytest.raises(ValueError):
        length_batches([1], batch_size=0)
    with pytest.raises(ValueError):
        length_batches([1], batch_size=1, max_tokens=0)
    with pytest.raises(ValueError):
        length_batches([-1], batch_size=1)


@given(lengths_st, st.integers(1, 7))
def test_restore_order_round_trip(lengths: list[int], batch_size: int) -> None:
    values = np.arange(len(lengths) * 3, dtype=np.float64).reshape(-1, 3)
    batches = length_batches(lengths, batch_size=batch_size)
    outputs = [values[list(b)] for b in batches]
    np.testing.assert_array_equal(restore_order(batches, outputs, len(lengths)), values)


def test_restore_order_detects_bad_cover() -> None:
    row = np.zeros((1, 3))
    with pytest.raises(ValueError, match="cover"):
        restore_order([(0,)], [row], 2)
    with pytest.raises(ValueError, match="more than one"):
        restore_order([(0,), (0,)], [row, row], 1)
    with pytest.raises(ValueError, match="shape"):
        restore_order([(0, 1)], [row], 2)


class _Recorder:
    """A fake verifier that records what it was asked."""

    id = "fake:recorder@000000000000"
    max_length = 32
    stats = VerifierStats()

    def __init__(self) -> None:
        self.calls: list[list[tuple[str, str]]] = []

    def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        self.calls.append(list(pairs))
        out = np.array([[len(p), len(h), 1.0] for p, h in pairs], dtype=np.float64)
        result: np.ndarray = out / out.sum(axis=1, keepdims=True)
        return result

    def pair_lengths(self, pairs: Sequence[tuple[str, str]]) -> list[int]:
        return [len(p) + len(h) for p, h in pairs]


def test_predict_unique_sends_each_pair_once() -> None:
    fake = _Recorder()
    pairs = [("a", "b"), ("cc", "d"), ("a", "b"), ("a", "bb"), ("cc", "d")]
    got = predict_unique(fake, pairs)
    assert fake.calls == [[("a", "b"), ("cc", "d"), ("a", "bb")]]
    np.testing.assert_array_equal(got, _Recorder().predict(pairs))
    assert predict_unique(fake, []).shape == (0, 3)


@given(st.lists(st.tuples(st.sampled_from("abc"), st.sampled_from("xy")), max_size=30))
def test_unique_pairs_inverse(pairs: list[tuple[str, str]]) -> None:
    uniques, inverse = unique_pairs(pairs)
    assert len(set(uniques)) == len(uniques)
    assert [uniques[i] for i in inverse] == pairs


def test_predict_unique_checks_shape() -> None:
    class Broken(_Recorder):
        def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
            return np.zeros((1, 3))

    with pytest.raises(VerifierError, match="shape"):
        predict_unique(Broken(), [("a", "b"), ("c", "d")])


@pytest.mark.parametrize(
    ("pair", "hyp", "expected"),
    [
        (64, 10, None),  # fits exactly
        (65, 10, "only_first"),
        (100, 60, "only_first"),  # 60 + 3 specials leaves one premise token
        (100, 61, "longest_first"),
        (200, 150, "longest_first"),
    ],
)
def test_truncation_strategy(pair: int, hyp: int, expected: str | None) -> None:
    assert truncation_strategy(pair, hyp, 3, 64) == expected


def test_resolve_max_length() -> None:
    assert resolve_max_length(explicit=None, tokenizer_limit=int(1e30), positions=512, special_tokens=3) == 512
    assert resolve_max_length(explicit=None, tokenizer_limit=256, positions=512, special_tokens=3) == 256
    assert resolve_max_length(explicit=128, tokenizer_limit=None, positions=512, special_tokens=3) == 128
    assert resolve_max_length(explicit=4096, tokenizer_limit=None, positions=512, special_tokens=3) == 512
    with pytest.raises(VerifierError, match="pass max_length"):
        resolve_max_length(explicit=None, tokenizer_limit=int(1e30), positions=None, special_tokens=3)
    with pytest.raises(VerifierError, match="no room"):
        resolve_max_length(explicit=4, tokenizer_limit=None, positions=512, special_tokens=3)
    with pytest.raises(VerifierError, match="positive"):
        resolve_max_length(explicit=0, tokenizer_limit=None, positions=512, special_tokens=3)


def test_position_limit_handles_roberta_offset() -> None:
    assert position_limit({"max_position_embeddings": 512, "model_type": "bert"}) == 512
    assert position_limit({"max_position_embeddings": 514, "model_type": "roberta", "pad_token_id": 1}) == 512
    assert position_limit({"max_position_embeddings": 514, "model_type": "xlm-roberta", "pad_token_id": 1}) == 512
    assert position_limit({"model_type": "bert"}) is None
    assert sane_limit(True) is None
    assert sane_limit(1e30) is None
