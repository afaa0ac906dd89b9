"""Export a fine-tuned cross-encoder to ONNX, quantise it to int8, and measure the int8 model.

Writes ``model.onnx`` (dynamic int8, per-channel), ``tokenizer.json`` (fast tokenizer) and ``config.json``
(labels, ``max_length``, input names) to the output folder. torch, transformers and onnxruntime are
imported inside the functions.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from medhal.train.config import ID2LABEL

__all__ = ["ExportResult", "OnnxScorer", "export_onnx"]

INPUT_NAMES: tuple[str, str, str] = ("input_ids", "attention_mask", "token_type_ids")


@dataclass(frozen=True, slots=True)
class ExportResult:
    """Paths and sizes of an export."""

    model_path: Path
    tokenizer_path: Path
    config_path: Path
    fp32_onnx_bytes: int
    int8_onnx_bytes: int
    export_seconds: float
    max_abs_logit_diff_fp32_onnx: float
    """Sanity check: torch fp32 vs ONNX fp32 on a few pairs (before quantisation)."""


def export_onnx(
    checkpoint: Path,
    out_dir: Path,
    max_length: int,
    sample_pairs: Sequence[tuple[str, str]] = (),
    extra_config: dict[str, Any] | None = None,
    opset: int = 17,
) -> ExportResult:
    """Export ``checkpoint`` (a Hugging Face sequence-classification folder) to int8 ONNX in ``out_dir``."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    started = time.perf_counter()
    out_dir.mkdir(parents=True, exist_ok=True)
    tokenizer = AutoTokenizer.from_pretrained(str(checkpoint), use_fast=True)
    model = AutoModelForSequenceClassification.from_pretrained(str(checkpoint), attn_implementation="eager")
    model.eval()

    class _Logits(torch.nn.Module):
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.inner(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).logits

    wrapper = _Logits(model).eval()
    pairs = list(sample_pairs) or [("Aspirin reduced fever in children.", "Aspirin lowered fever.")]
    enc = tokenizer(
        [p for p, _ in pairs],
        [h for _, h in pairs],
        truncation=True,
        max_length=max_length,
        padding=True,
        return_tensors="pt",
        return_token_type_ids=True,
    )
    args = tuple(enc[name] for name in INPUT_NAMES)
    with tempfile.TemporaryDirectory() as tmp:
        fp32_path = Path(tmp) / "model-fp32.onnx"
        with torch.no_grad(), warnings.catch_warnings():
            # the legacy TorchScript exporter is chosen on purpose (dynamo=False); its deprecation and tracer
            # notices (a Python-level padding check in transformers' mask code, constant for encoders) are noise
            warnings.simplefilter("ignore", DeprecationWarning)
            warnings.simplefilter("ignore", UserWarning)
            warnings.simplefilter("ignore", getattr(torch.jit, "TracerWarning", UserWarning))
            torch.onnx.export(
                wrapper,
                args,
                str(fp32_path),
                input_names=list(INPUT_NAMES),
                output_names=["logits"],
                dynamic_axes={
                    **{name: {0: "batch", 1: "sequence"} for name in INPUT_NAMES},
                    "logits": {0: "batch"},
                },
                opset_version=opset,
                do_constant_folding=True,
                dynamo=False,
            )
            reference = wrapper(*args).numpy()
        fp32_bytes = fp32_path.stat().st_size
        check = OnnxScorer(fp32_path, tokenizer_dir=None, max_length=max_length, hf_tokenizer=tokenizer)
        onnx_logits = check.logits(pairs)
        diff = float(np.abs(onnx_logits - reference).max())
        model_path = out_dir / "model.onnx"
        quantize_dynamic(
            model_input=str(fp32_path),
            model_output=str(model_path),
            per_channel=True,
            weight_type=QuantType.QInt8,
        )
    tokenizer.save_pretrained(str(out_dir / "_tok"))
    tok_path = out_dir / "tokenizer.json"
    shutil.copyfile(out_dir / "_tok" / "tokenizer.json", tok_path)
    shutil.rmtree(out_dir / "_tok")
    hf_config = model.config
    config = {
        "architecture": "BertForSequenceClassification (cross-encoder)",
        "id2label": {str(k): v for k, v in ID2LABEL.items()},
        "label2id": {v: k for k, v in ID2LABEL.items()},
        "max_position_embeddings": int(hf_config.max_position_embeddings),
        "max_length": int(max_length),
        "truncation": "longest_first",
        "input_names": list(INPUT_NAMES),
        "output_name": "logits",
        "pair_order": "premise, hypothesis",
        "do_lower_case": bool(getattr(tokenizer, "do_lower_case", True)),
        "hidden_size": int(hf_config.hidden_size),
        "num_hidden_layers": int(hf_config.num_hidden_layers),
        "quantization": "onnxruntime quantize_dynamic, QInt8 weights, per_channel",
        "opset": opset,
        **(extra_config or {}),
    }
    config_path = out_dir / "config.json"
    config_path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return ExportResult(
        model_path=model_path,
        tokenizer_path=tok_path,
        config_path=config_path,
        fp32_onnx_bytes=fp32_bytes,
        int8_onnx_bytes=model_path.stat().st_size,
        export_seconds=time.perf_counter() - started,
        max_abs_logit_diff_fp32_onnx=diff,
    )


def _softmax(logits: NDArray[np.float32]) -> NDArray[np.float64]:
    x = logits.astype(np.float64)
    x = x - x.max(axis=1, keepdims=True)
    e = np.exp(x)
    out: NDArray[np.float64] = e / e.sum(axis=1, keepdims=True)
    return out


class OnnxScorer:
    """Score pairs with an exported ONNX model (used to measure the int8 model; not the runtime verifier)."""

    def __init__(
        self,
        model_path: Path,
        tokenizer_dir: Path | None,
        max_length: int,
        threads: int = 2,
        hf_tokenizer: Any = None,
    ) -> None:
        import onnxruntime as ort

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(model_path), opts, providers=["CPUExecutionProvider"])
        self.max_length = max_length
        self.tokenizer = hf_tokenizer
        self.raw_tokenizer: Any = None
        if hf_tokenizer is None:
            from tokenizers import Tokenizer

            if tokenizer_dir is None:
                raise ValueError("need tokenizer_dir or hf_tokenizer")
            raw = Tokenizer.from_file(str(tokenizer_dir / "tokenizer.json"))
            raw.enable_truncation(max_length=max_length, strategy="longest_first")
            raw.enable_padding()
            self.raw_tokenizer = raw

    def _encode(self, premises: list[str], hypotheses: list[str]) -> dict[str, NDArray[np.int64]]:
        if self.raw_tokenizer is not None:
            encs = self.raw_tokenizer.encode_batch(list(zip(premises, hypotheses, strict=True)))
            return {
                "input_ids": np.array([e.ids for e in encs], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encs], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in encs], dtype=np.int64),
            }
        enc = self.tokenizer(
            premises,
            hypotheses,
            truncation=True,
            max_length=self.max_length,
            padding=True,
            return_tensors="np",
            return_token_type_ids=True,
        )
        return {name: np.asarray(enc[name], dtype=np.int64) for name in INPUT_NAMES}

    def logits(self, pairs: Sequence[tuple[str, str]], batch_size: int = 32) -> NDArray[np.float32]:
        """Raw logits ``(n, 3)`` for ``(premise, hypothesis)`` pairs (batched by length for speed)."""
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        out = np.zeros((len(pairs), 3), dtype=np.float32)
        for b in range(0, len(order), batch_size):
            idx = order[b : b + batch_size]
            feed = self._encode([pairs[i][0] for i in idx], [pairs[i][1] for i in idx])
            out[idx] = self.session.run(["logits"], feed)[0]
        return out

    def probabilities(self, pairs: Sequence[tuple[str, str]], batch_size: int = 32) -> NDArray[np.float64]:
        """Softmax probabilities ``(n, 3)`` in (entailment, neutral, contradiction) order."""
        return _softmax(self.logits(pairs, batch_size))
