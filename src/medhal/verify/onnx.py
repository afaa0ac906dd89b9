"""An exported cross-encoder run with onnxruntime and the ``tokenizers`` library only (no torch).

The model directory holds the graph (``model.onnx``, or a single ``*.onnx``), ``tokenizer.json`` (a
``tokenizers`` file whose post-processor adds the pair's special tokens) and the model's ``config.json``
(``id2label``, ``max_position_embeddings``); ``tokenizer_config.json`` is read when present for the pad
token, ``model_max_length`` and ``truncation_side``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, cast

import numpy as np
from numpy.typing import NDArray

from medhal.verify.base import Pair, Probabilities, VerifierError
from medhal.verify.device import check_threads, device_suffix, onnx_providers, parse_device
from medhal.verify.encoding import TruncationStrategy, cut_pair, first_line, position_limit, resolve_max_length
from medhal.verify.labels import resolve_labels
from medhal.verify.tokenized import TokenizedVerifier, check_batch_size

if TYPE_CHECKING:
    from tokenizers import Encoding, Tokenizer

__all__ = ["OnnxVerifier", "file_digest", "locate_onnx"]

_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_DTYPES: dict[str, type[np.int64] | type[np.int32]] = {"tensor(int64)": np.int64, "tensor(int32)": np.int32}


def locate_onnx(path: str | Path) -> tuple[Path, Path]:
    """``(graph file, model directory)`` for a model directory or ``.onnx`` file; raises if none."""
    p = Path(path).expanduser().resolve()
    if not p.exists():
        raise VerifierError(f"onnx verifier path does not exist: {p}")
    if p.is_file():
        if p.suffix != ".onnx":
            raise VerifierError(f"not an .onnx file: {p}")
        return p, p.parent
    if (p / "model.onnx").is_file():
        return p / "model.onnx", p
    graphs = sorted(q for q in p.glob("*.onnx") if q.is_file())
    if len(graphs) == 1:
        return graphs[0], p
    if not graphs:
        raise VerifierError(f"no .onnx file in {p}")
    raise VerifierError(f"several .onnx files in {p} ({', '.join(q.name for q in graphs)}); pass one of them")


def file_digest(graph: Path) -> str:
    """sha256 (hex) of an ONNX graph file followed by any external-data file stored next to it
    (``<name>_data``, ``<name>.data``, ``<stem>.data``), so weights kept outside the graph count too."""
    digest = hashlib.sha256()
    extra = [
        graph.with_name(graph.name + "_data"),
        graph.with_name(graph.name + ".data"),
        graph.with_suffix(".data"),
    ]
    for part in [graph, *(q for q in dict.fromkeys(extra) if q.is_file())]:
        with part.open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                digest.update(chunk)
    return digest.hexdigest()


def _read_json(path: Path, *, required: bool) -> dict[str, object]:
    if not path.is_file():
        if required:
            raise VerifierError(f"missing {path.name} next to the onnx model in {path.parent}")
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise VerifierError(f"cannot read {path}: {first_line(exc)}") from None
    if not isinstance(data, dict):
        raise VerifierError(f"{path} does not hold a JSON object")
    return data


def _token_text(value: object) -> str | None:
    if isinstance(value, dict):
        value = value.get("content")
    return value if isinstance(value, str) else None


_DYNAMIC_QUANT_OPS = (b"DynamicQuantizeLinear", b"DynamicQuantizeMatMul", b"MatMulIntegerToFloat")


def uses_dynamic_quantization(graph: Path) -> bool:
    """Whether the graph quantizes activations at run time (``quantize_dynamic``).

    Such a graph computes one activation scale per tensor over the whole batch, so a pair's probabilities
    depend on the other pairs batched with it (measured on the embedded model: up to 0.15 in probability).
    Op types are plain strings in the ONNX protobuf, so a byte search finds them without the ``onnx`` package.
    """
    data = graph.read_bytes()
    return any(op in data for op in _DYNAMIC_QUANT_OPS)


_MAX_WORKERS = 4
"""The most one-pair runs side by side (one per core, at most this many)."""


class OnnxVerifier(TokenizedVerifier["Encoding"]):
    """Three-way NLI with onnxruntime: length-bucketed batches, premise-side truncation, float64 softmax.

    ``threads`` sets onnxruntime's intra-op thread count (default: onnxruntime's choice, or, for a graph run one
    pair at a time on a CPU, one thread per run with up to one run per core side by side; set it to run several
    processes on one machine without over-subscribing its cores); ``device`` (``cpu``, ``cuda``, ``cuda:N``) picks
    the execution providers (:func:`~medhal.verify.device.onnx_providers`; ``providers`` says which the session
    got) and, for a GPU, adds ``+cuda`` to the id; ``max_tokens`` optionally caps the padded tokens per batch.
    Only the inputs the graph declares are fed (``input_ids``, and ``attention_mask`` / ``token_type_ids`` when
    present); a graph without ``attention_mask``, or one with
    dynamically quantized activations, is run one pair per batch so that no pair's answer depends on the
    pairs batched with it (``batch_independent`` says which).
    """

    def __init__(
        self,
        path: str | Path,
        *,
        batch_size: int = 16,
        max_length: int | None = None,
        threads: int | None = None,
        max_tokens: int | None = None,
        device: str = "cpu",
    ) -> None:
        check_batch_size(batch_size)
        check_threads(threads)
        device = parse_device(device)
        graph, directory = locate_onnx(path)
        config = _read_json(directory / "config.json", required=True)
        tok_config = _read_json(directory / "tokenizer_config.json", required=False)
        if not (directory / "tokenizer.json").is_file():
            raise VerifierError(f"missing tokenizer.json next to the onnx model in {directory}")
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise VerifierError(f"onnx verifiers need onnxruntime and tokenizers ({first_line(exc)})") from None
        labels = resolve_labels(cast("Mapping[str, str] | None", config.get("id2label")))
        try:
            providers = onnx_providers(device, list(ort.get_available_providers()))
        except VerifierError:
            raise
        except Exception as exc:
            raise VerifierError(f"cannot list onnxruntime's execution providers: {first_line(exc)}") from None
        try:
            plain = Tokenizer.from_file(str(directory / "tokenizer.json"))
            options = ort.SessionOptions()
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            dynamic = uses_dynamic_quantization(graph)
            # one pair per run (below): on a CPU, several runs side by side on one thread each beat one run at a
            # time on all threads (benchmarks/check_latency.py: 0.34 s against 0.37 s for a check's 27 pairs on 2
            # cores, the same probabilities to the bit); an explicit ``threads`` keeps one run at a time
            workers = min(os.cpu_count() or 1, _MAX_WORKERS) if threads is None and device == "cpu" and dynamic else 1
            if threads is not None or workers > 1:
                options.intra_op_num_threads = threads or 1
            session = ort.InferenceSession(str(graph), sess_options=options, providers=providers)
        except Exception as exc:  # onnxruntime and tokenizers raise their own exception types
            raise VerifierError(f"cannot load onnx verifier {graph}: {first_line(exc)}") from None
        got = [str(name) for name in session.get_providers()]
        if device != "cpu" and "CUDAExecutionProvider" not in got:  # onnxruntime falls back to the CPU silently
            started = ", ".join(got)
            raise VerifierError(f"--device {device}: onnxruntime could not start its CUDA provider (got {started})")
        self.providers: tuple[str, ...] = tuple(got)
        """The execution providers the session runs on, in priority order."""
        self.device = device
        self.threads = threads
        self._feeds: dict[str, type[np.int64] | type[np.int32]] = {}
        seq_limit: int | None = None
        for node in session.get_inputs():
            if node.name not in _INPUTS:
                raise VerifierError(f"onnx graph input {node.name!r} is not one of {', '.join(_INPUTS)}")
            if node.type not in _DTYPES:
                raise VerifierError(f"onnx graph input {node.name!r} has unsupported type {node.type}")
            self._feeds[node.name] = _DTYPES[node.type]
            if len(node.shape) == 2 and isinstance(node.shape[1], int):
                seq_limit = node.shape[1]
        if "input_ids" not in self._feeds:
            raise VerifierError(f"onnx graph {graph.name} has no input_ids input")
        outputs = session.get_outputs()
        out = next((o for o in outputs if o.name == "logits"), outputs[0])
        width = out.shape[-1] if out.shape else None
        if isinstance(width, int) and width != labels.num_labels:
            raise VerifierError(f"onnx graph emits {width} logits but id2label names {labels.num_labels}")
        self._pad_id = self._pad_token_id(plain, tok_config, config)
        plain.no_truncation()
        plain.no_padding()
        special = int(plain.num_special_tokens_to_add(True))
        positions = [v for v in (position_limit(config), seq_limit) if v is not None]
        limit = resolve_max_length(
            explicit=max_length,
            tokenizer_limit=tok_config.get("model_max_length"),
            positions=min(positions) if positions else None,
            special_tokens=special,
        )
        side = "left" if tok_config.get("truncation_side") == "left" else "right"
        self._side = side
        self._truncating: dict[TruncationStrategy, Tokenizer] = {}
        for strategy in ("only_first", "longest_first"):
            tok = Tokenizer.from_str(plain.to_str())
            tok.enable_truncation(limit, strategy=strategy, direction=side)
            self._truncating[strategy] = tok
        self._tokenizer: Tokenizer = plain
        self._session = session
        self._output = out.name
        # without an attention_mask input, padding would change the answers; with dynamically quantized
        # activations (one scale per tensor, computed over the whole batch) the other rows of a batch would:
        # in both cases run pairs one at a time so that every answer depends on its own pair only
        self.batch_independent = "attention_mask" in self._feeds and not dynamic
        self._workers = workers if not self.batch_independent else 1
        self._pool: ThreadPoolExecutor | None = None
        self._ready(
            id=f"onnx:{directory.name}@{file_digest(graph)[:12]}{device_suffix(device)}",
            labels=labels,
            max_length=limit,
            special=special,
            batch_size=batch_size if self.batch_independent else 1,
            max_tokens=max_tokens,
        )

    @staticmethod
    def _pad_token_id(tokenizer: Tokenizer, tok_config: Mapping[str, object], config: Mapping[str, object]) -> int:
        """The pad id from ``tokenizer.json``'s padding, else ``tokenizer_config.json``'s pad token, else the model
        config's ``pad_token_id``, else 0.  Padded positions are masked out by ``attention_mask``."""
        padding = tokenizer.padding
        pad_id = padding.get("pad_id") if isinstance(padding, dict) else None
        if isinstance(pad_id, int):
            return int(pad_id)
        text = _token_text(tok_config.get("pad_token"))
        found = tokenizer.token_to_id(text) if text is not None else None
        if isinstance(found, int):
            return found
        fallback = config.get("pad_token_id")
        return fallback if isinstance(fallback, int) and fallback >= 0 else 0

    @property
    def input_names(self) -> tuple[str, ...]:
        """The graph inputs this verifier feeds, in graph order."""
        return tuple(self._feeds)

    def _encode_pairs(self, pairs: Sequence[Pair], *, for_cut: bool) -> list[Encoding]:
        """Untruncated (an ``Encoding`` always carries its offsets)."""
        return list(self._tokenizer.encode_batch([(p, h) for p, h in pairs], add_special_tokens=True))

    def _length(self, encoding: Encoding) -> int:
        return len(encoding.ids)

    def _hypothesis_lengths(self, hypotheses: list[str]) -> list[int]:
        return [len(hyp.ids) for hyp in self._tokenizer.encode_batch(hypotheses, add_special_tokens=False)]

    def _precut(self, pair: Pair, encoding: Encoding) -> Pair:
        """The pair cut to what truncation can keep, so truncating it costs linear time (see ``cut_to_tokens``)."""
        return cut_pair(pair, encoding.offsets, encoding.sequence_ids, self._max_length, side=self._side)

    def _encode_cut(self, pairs: list[Pair], strategy: TruncationStrategy) -> list[Encoding]:
        return list(self._truncating[strategy].encode_batch(pairs))

    def _run(self, batches: list[list[Encoding]]) -> list[Probabilities]:
        if self._workers > 1 and len(batches) > 1:  # runs of one pair side by side, in order (constructor)
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self._workers, thread_name_prefix="medhal-onnx")
            return list(self._pool.map(self._run_one, batches))
        return [self._run_one(batch) for batch in batches]

    def _run_one(self, batch: list[Encoding]) -> Probabilities:
        (logits,) = self._session.run([self._output], self._feed(batch))
        return self._labels.probabilities(logits)

    def _feed(self, encodings: Sequence[Encoding]) -> dict[str, NDArray[np.generic]]:
        width = max(len(enc.ids) for enc in encodings)
        ids = np.full((len(encodings), width), self._pad_id, dtype=np.int64)
        types = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros((len(encodings), width), dtype=np.int64)
        for row, enc in enumerate(encodings):
            n = len(enc.ids)
            ids[row, :n] = enc.ids
            types[row, :n] = enc.type_ids
            mask[row, :n] = enc.attention_mask
        arrays = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        return {name: arrays[name].astype(dtype, copy=False) for name, dtype in self._feeds.items()}
