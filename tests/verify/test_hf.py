"""HFVerifier on a tiny in-process BERT with a deliberately non-canonical label order."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from medhal.verify import Verifier, VerifierError
from medhal.verify.labels import softmax64

from .conftest import requires_hf
from .tiny_models import build_model, rewrite_config

pytestmark = requires_hf


def _by_hand(logits: np.ndarray) -> np.ndarray:
    """Softmax, then columns reordered from (contradiction, entailment, neutral) by hand."""
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    return np.stack([p[:, 1], p[:, 2], p[:, 0]], axis=1)


def test_protocol_and_identity(hf_verifier: Any) -> None:
    assert hf_verifier.labels.groups == ((1,), (2,), (0,))
    assert re.fullmatch(r"hf:tiny\d*@[0-9a-f]{12}", hf_verifier.id)
    assert hf_verifier.max_length == 64
    assert isinstance(hf_verifier, Verifier)  # runtime Protocol check


def test_matches_independent_reference(hf_verifier: Any, pairs: list[tuple[str, str]], reference_logits: Any) -> None:
    got = hf_verifier.predict(pairs)
    assert got.dtype == np.float64 and got.shape == (len(pairs), 3)
    np.testing.assert_allclose(got, _by_hand(reference_logits(pairs)), rtol=0, atol=1e-5)
    np.testing.assert_allclose(got.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert np.ptp(got[:, 0]) > 1e-3, "the tiny model should not be constant"


def test_batching_does_not_change_results(tiny_dir: Path, pairs: list[tuple[str, str]], hf_verifier: Any) -> None:
    from medhal.verify.hf import HFVerifier

    one = HFVerifier(tiny_dir, batch_size=1).predict(pairs)
    np.testing.assert_allclose(hf_verifier.predict(pairs), one, rtol=0, atol=1e-6)
    reversed_rows = hf_verifier.predict(pairs[::-1])[::-1]
    np.testing.assert_allclose(reversed_rows, one, rtol=0, atol=1e-6)


def test_stats_and_empty(hf_verifier: Any, pairs: list[tuple[str, str]]) -> None:
    before = hf_verifier.stats.snapshot()
    hf_verifier.predict(pairs)
    delta = hf_verifier.stats.since(before)
    assert delta.pairs == len(pairs)
    assert delta.batches == 3  # 12 pairs, batch_size 4
    assert delta.truncated == 0
    assert hf_verifier.predict([]).shape == (0, 3)
    assert hf_verifier.pair_lengths([]) == []


def test_pair_lengths_count_specials(hf_verifier: Any) -> None:
    # WordLevel: one word, one token; [CLS] a [SEP] b [SEP] adds 3
    assert hf_verifier.pair_lengths([("the patient has fever", "no fever"), ("", "")]) == [4 + 2 + 3, 3]
    long = " ".join(["fever"] * 100)
    assert hf_verifier.pair_lengths([(long, "cough")]) == [104], "lengths are untruncated"


def test_premise_is_truncated_hypothesis_kept(hf_verifier: Any) -> None:
    hypothesis = "the patient has no fever"
    premise_words = ("the patient has fever and cough with chest pain " * 12).split()
    before = hf_verifier.stats.snapshot()
    got = hf_verifier.predict([(" ".join(premise_words), hypothesis), ("a b", "c")])
    assert hf_verifier.stats.since(before).truncated == 1
    room = 64 - 3 - len(hypothesis.split())
    manual = hf_verifier.predict([(" ".join(premise_words[:room]), hypothesis)])
    np.testing.assert_allclose(got[0], manual[0], rtol=0, atol=1e-6)


def test_overlong_hypothesis_falls_back_to_longest_first(hf_verifier: Any) -> None:
    hypothesis_words = ("patient has fever " * 30).split()  # 90 tokens: cannot fit beside any premise
    before = hf_verifier.stats.snapshot()
    got = hf_verifier.predict([("chest pain", " ".join(hypothesis_words))])
    assert hf_verifier.stats.since(before).truncated == 1
    manual = hf_verifier.predict([("chest pain", " ".join(hypothesis_words[: 64 - 3 - 2]))])
    np.testing.assert_allclose(got, manual, rtol=0, atol=1e-6)


def test_explicit_max_length_and_clamping(tiny_dir: Path) -> None:
    from medhal.verify.hf import HFVerifier

    assert HFVerifier(tiny_dir, max_length=16).max_length == 16
    assert HFVerifier(tiny_dir, max_length=4096).max_length == 64
    with pytest.raises(VerifierError, match="no room"):
        HFVerifier(tiny_dir, max_length=3)


def test_id_is_stable_and_tracks_weights(
    tiny_dir: Path, hf_verifier: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from medhal.verify.hf import HFVerifier

    assert HFVerifier(tiny_dir).id == hf_verifier.id
    monkeypatch.chdir(tiny_dir)
    assert HFVerifier(".").id == hf_verifier.id
    copy = shutil.copytree(tiny_dir, tmp_path / tiny_dir.name)
    assert HFVerifier(copy).id == hf_verifier.id, "same weights, same id wherever they live"
    other = build_model(tmp_path / tiny_dir.name / "x" / tiny_dir.name, seed=7)
    assert HFVerifier(other).id.split("@")[1] != hf_verifier.id.split("@")[1]


def test_binary_model_maps_not_entailment_to_neutral(binary_dir: Path, pairs: list[tuple[str, str]]) -> None:
    import torch
    from transformers import AutoTokenizer, BertForSequenceClassification

    from medhal.verify.hf import HFVerifier

    got = HFVerifier(binary_dir).predict(pairs[:4])
    model_cls: Any = BertForSequenceClassification
    model = model_cls.from_pretrained(binary_dir).eval()
    tok = AutoTokenizer.from_pretrained(binary_dir)
    with torch.no_grad():
        logits = model(**tok(pairs[:4], padding=True, return_tensors="pt")).logits.double().numpy()
    p = softmax64(logits)
    np.testing.assert_allclose(got[:, 0], p[:, 0], atol=1e-6)
    np.testing.assert_allclose(got[:, 1], p[:, 1], atol=1e-6)
    assert (got[:, 2] == 0).all()


def test_generic_labels_need_override(tiny_dir: Path, tmp_path: Path, pairs: list[tuple[str, str]]) -> None:
    from medhal.verify.hf import HFVerifier

    generic = Path(shutil.copytree(tiny_dir, tmp_path / "generic"))
    (generic / "model.onnx").unlink(missing_ok=True)
    rewrite_config(
        generic,
        id2label={"0": "LABEL_0", "1": "LABEL_1", "2": "LABEL_2"},
        label2id={"LABEL_0": 0, "LABEL_1": 1, "LABEL_2": 2},
    )
    with pytest.raises(VerifierError, match="explicit id2label"):
        HFVerifier(generic)
    fixed = HFVerifier(generic, id2label_override={0: "contradiction", 1: "entailment", 2: "neutral"})
    np.testing.assert_allclose(fixed.predict(pairs), HFVerifier(tiny_dir).predict(pairs), atol=1e-12)


def test_bad_device_and_batch_size(tiny_dir: Path) -> None:
    from medhal.verify.hf import HFVerifier

    with pytest.raises(VerifierError, match="device"):
        HFVerifier(tiny_dir, device="not-a-device")
    with pytest.raises(VerifierError, match="batch_size"):
        HFVerifier(tiny_dir, batch_size=0)


def test_max_tokens_limits_batches(tiny_dir: Path, pairs: list[tuple[str, str]], hf_verifier: Any) -> None:
    from medhal.verify.hf import HFVerifier

    small = HFVerifier(tiny_dir, batch_size=16, max_tokens=20)
    got = small.predict(pairs)
    assert small.stats.batches > 1
    np.testing.assert_allclose(got, hf_verifier.predict(pairs), rtol=0, atol=1e-6)
