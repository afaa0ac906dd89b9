"""Label-order resolution: config id2label -> medhal's (entailment, neutral, contradiction) columns."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from medhal.verify import LABELS, VerifierError
from medhal.verify.labels import normalize_id2label, resolve_labels, softmax64


def test_canonical_order_is_identity() -> None:
    m = resolve_labels({0: "entailment", 1: "neutral", 2: "contradiction"})
    assert m.groups == ((0,), (1,), (2,))
    assert m.num_labels == 3


@pytest.mark.parametrize(
    ("id2label", "groups"),
    [
        ({0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"}, ((2,), (1,), (0,))),  # roberta-large-mnli
        ({"0": "entailment", "1": "neutral", "2": "contradiction"}, ((0,), (1,), (2,))),  # JSON string keys
        ({0: "contradiction", 1: "entailment", 2: "neutral"}, ((1,), (2,), (0,))),
        ({0: "Entail", 1: "Contradict", 2: "Neutral"}, ((0,), (2,), (1,))),
        ({0: " entailment ", 1: "neutral", 2: "Contradiction"}, ((0,), (1,), (2,))),
    ],
)
def test_three_class_spellings(id2label: dict[int, str], groups: tuple[tuple[int, ...], ...]) -> None:
    assert resolve_labels(id2label).groups == groups


@pytest.mark.parametrize(
    "names",
    [
        ("entailment", "not_entailment"),
        ("ENTAILMENT", "NOT_ENTAILMENT"),
        ("entailment", "not-entailment"),
        ("consistent", "inconsistent"),
        ("supported", "hallucinated"),
        ("supported", "unsupported"),
    ],
)
def test_binary_models_put_negative_mass_on_neutral(names: tuple[str, str]) -> None:
    m = resolve_labels(dict(enumerate(names)))
    assert m.groups == ((0,), (1,), ())
    probs = m.probabilities(np.array([[2.0, -1.0], [0.0, 0.0]]))
    assert probs[:, 2].tolist() == [0.0, 0.0], "a binary model must never report contradiction"
    np.testing.assert_allclose(probs[1], [0.5, 0.5, 0.0])
    np.testing.assert_allclose(probs.sum(axis=1), 1.0)


def test_binary_negative_first_is_reordered() -> None:
    m = resolve_labels({0: "not_entailment", 1: "entailment"})
    probs = m.probabilities(np.array([[3.0, 1.0]]))
    assert probs[0, 0] < probs[0, 1]
    assert probs[0, 2] == 0.0


@pytest.mark.parametrize("names", [("LABEL_0", "LABEL_1", "LABEL_2"), ("label_0", "label_1")])
def test_generic_labels_need_an_explicit_mapping(names: tuple[str, ...]) -> None:
    with pytest.raises(VerifierError, match="explicit id2label") as info:
        resolve_labels(dict(enumerate(names)))
    assert "\n" not in str(info.value)


def test_override_replaces_generic_labels() -> None:
    config = {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"}
    m = resolve_labels(config, {0: "contradiction", 1: "neutral", 2: "entailment"})
    assert m.groups == ((2,), (1,), (0,))
    assert m.names == ("contradiction", "neutral", "entailment")


def test_override_wins_over_config() -> None:
    m = resolve_labels(
        {0: "entailment", 1: "neutral", 2: "contradiction"},
        {0: "neutral", 1: "entailment", 2: "contradiction"},
    )
    assert m.groups == ((1,), (0,), (2,))


@pytest.mark.parametrize(
    ("id2label", "message"),
    [
        ({0: "entailment", 1: "neutral", 2: "banana"}, "unrecognised label 'banana'"),
        ({0: "entailment", 1: "entail", 2: "neutral"}, "more than once"),
        ({0: "neutral", 1: "contradiction"}, "no entailment"),
        ({0: "entailment", 1: "not_entailment", 2: "contradiction"}, "mix"),
        ({0: "entailment"}, "single output"),
        ({}, "no id2label"),
        (None, "no id2label"),
        ({0: "entailment", 2: "neutral"}, "not 0..1"),
        ({"x": "entailment"}, "not an integer"),
    ],
)
def test_bad_label_sets_raise_one_line(id2label: dict[int, str] | None, message: str) -> None:
    with pytest.raises(VerifierError, match=message) as info:
        resolve_labels(id2label)
    assert "\n" not in str(info.value)


def test_normalize_id2label_string_keys() -> None:
    assert normalize_id2label({"1": "b", "0": "a"}) == {0: "a", 1: "b"}


def test_probabilities_match_hand_reordered_softmax() -> None:
    m = resolve_labels({0: "contradiction", 1: "entailment", 2: "neutral"})
    logits = np.array([[1.0, 2.0, 3.0], [-4.0, 0.5, 0.25]], dtype=np.float32)
    e = np.exp(logits.astype(np.float64))
    expected = (e / e.sum(axis=1, keepdims=True))[:, [1, 2, 0]]
    got = m.probabilities(logits)
    assert got.dtype == np.float64
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-15)


def test_wrong_logit_width_is_an_error() -> None:
    m = resolve_labels({0: "entailment", 1: "neutral", 2: "contradiction"})
    with pytest.raises(VerifierError, match="2 logits per pair"):
        m.probabilities(np.zeros((1, 2)))


def test_softmax_rejects_non_finite_and_bad_shapes() -> None:
    with pytest.raises(VerifierError, match="non-finite"):
        softmax64(np.array([[np.nan, 0.0]]))
    with pytest.raises(VerifierError, match="2-D"):
        softmax64(np.zeros(3))


@given(arrays(np.float64, st.tuples(st.integers(1, 5), st.just(3)), elements=st.floats(-1e4, 1e4)))
def test_softmax_is_a_distribution_even_for_huge_logits(logits: np.ndarray) -> None:
    probs = resolve_labels(dict(enumerate(LABELS))).probabilities(logits)
    assert np.isfinite(probs).all()
    np.testing.assert_allclose(probs.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert (probs >= 0).all()
