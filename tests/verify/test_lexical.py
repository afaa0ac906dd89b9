"""The lexical head: features, application, persistence and the wrapping verifier."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from fakes import RuleVerifier
from medhal.text import content_stems
from medhal.verify import VerifierError
from medhal.verify.lexical import (
    LEXICAL_FEATURES,
    LexicalHead,
    LexicalVerifier,
    head_inputs,
    lexical_features,
    read_lexical_head,
)

PREMISE = "Metformin did not slow the decline in eGFR. The trial enrolled 412 adults with type 2 diabetes."


def test_features_of_clear_cases() -> None:
    got = lexical_features(PREMISE, "The trial enrolled 97 adults with type 2 diabetes.")
    assert got == (0.0, 1.0, 0.0, 0.0, 0.0)
    # the best-matching sentence (the metformin one) is negated, the hypothesis is not
    assert lexical_features(PREMISE, "Metformin slowed the decline in eGFR.")[2] == 1.0
    assert lexical_features(PREMISE, "metformin did NOT slow the decline in eGFR")[2:] == (0.0, 1.0, 0.0)
    # the trial sentence is not negated: a negated hypothesis about it mismatches
    assert lexical_features(PREMISE, "The trial enrolled no adults with diabetes.")[2] == 1.0
    aspirin = "Aspirin reduced the risk of stroke by 20% in elderly patients. Bleeding was more frequent."
    assert lexical_features(aspirin, "Aspirin increased the risk of stroke.")[4] == 1.0
    assert lexical_features(aspirin, "Aspirin reduced the risk of stroke.")[4] == 0.0
    assert lexical_features(aspirin, "Bleeding was less frequent.")[4] == 1.0


def test_novel_token_share_matches_an_independent_count() -> None:
    hypothesis = "Sitagliptin slowed the decline in kidney function among adults."
    share = lexical_features(PREMISE, hypothesis)[0]
    hyp, prem = content_stems(hypothesis), content_stems(PREMISE)
    assert share == pytest.approx(len(hyp - prem) / len(hyp))
    assert 0.0 < share < 1.0
    assert lexical_features(PREMISE, "")[0] == 0.0


def test_head_inputs_layout_and_feature_subset() -> None:
    pairs = [(PREMISE, "The trial enrolled 97 adults."), (PREMISE, PREMISE)]
    probs = np.array([[0.5, 0.25, 0.25], [1.0, 0.0, 0.0]])
    x = head_inputs(probs, pairs)
    assert x.shape == (2, 3 + len(LEXICAL_FEATURES))
    assert np.allclose(x[0, :3], np.log([0.5, 0.25, 0.25]))
    assert x[1, 1] == pytest.approx(np.log(1e-6))  # clipped, never -inf
    sub = head_inputs(probs, pairs, ("contained",))
    assert sub.shape == (2, 4) and list(sub[:, 3]) == [0.0, 1.0]
    with pytest.raises(ValueError):
        head_inputs(probs[:1], pairs)


def test_identity_head_returns_the_model_probabilities() -> None:
    pairs = [(PREMISE, "The trial enrolled 97 adults."), (PREMISE, "Nobody slowed anything.")]
    probs = np.array([[0.6, 0.3, 0.1], [0.2, 0.2, 0.6]])
    assert np.allclose(LexicalHead.identity().apply(probs, pairs), probs)
    assert LexicalHead.identity().apply(np.zeros((0, 3)), []).shape == (0, 3)


def test_apply_is_a_softmax_of_the_affine_map() -> None:
    rng = np.random.default_rng(0)
    coef = rng.normal(size=(3, 3 + len(LEXICAL_FEATURES)))
    b = rng.normal(size=3)
    head = LexicalHead(tuple(map(tuple, coef.tolist())), tuple(b.tolist()))  # type: ignore[arg-type]
    pairs = [(PREMISE, "The trial enrolled 97 adults."), (PREMISE, PREMISE)]
    probs = np.array([[0.6, 0.3, 0.1], [0.2, 0.2, 0.6]])
    x = head_inputs(probs, pairs)
    z = x @ coef.T + b
    expected = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    assert np.allclose(head.apply(probs, pairs), expected)


def test_bad_shapes_and_features_are_rejected() -> None:
    with pytest.raises(ValueError):
        LexicalHead(((1.0,),) * 3, (0.0, 0.0, 0.0))
    with pytest.raises(ValueError):
        LexicalHead.identity(("no_such_feature",))


def test_roundtrip_and_digest(tmp_path: Path) -> None:
    head = LexicalHead.identity(("novel_number", "contained"))
    head = LexicalHead(head.coef, head.intercept, head.features, "dev", "test", {"cross_fit": {}})
    head.write(tmp_path)
    back = read_lexical_head(tmp_path)
    assert back == head and back.digest() == head.digest()
    other = LexicalHead(head.coef, (0.0, 0.0, 0.1), head.features)
    assert other.digest() != head.digest()
    assert read_lexical_head(tmp_path / "missing") is None
    (tmp_path / "lexical.json").write_text(json.dumps({"coef": [[1.0]]}))
    with pytest.raises(VerifierError, match="malformed"):
        read_lexical_head(tmp_path)


def test_lexical_verifier_wraps_and_renames() -> None:
    inner = RuleVerifier()
    head = LexicalHead.identity()
    wrapped = LexicalVerifier(inner, head)
    assert wrapped.id == f"{inner.id}+lex@{head.digest()[:12]}"
    assert wrapped.max_length == inner.max_length and wrapped.stats is inner.stats
    pairs = [(PREMISE, "The trial enrolled 412 adults.")]
    assert np.allclose(wrapped.predict(pairs), inner.predict(pairs), atol=1e-5)  # log-probs clipped at 1e-6
    assert wrapped.pair_lengths(pairs) == inner.pair_lengths(pairs)
