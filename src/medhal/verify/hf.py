"""A Hugging Face cross-encoder (``AutoModelForSequenceClassification``) as a :class:`Verifier`.

torch and transformers are imported when an :class:`HFVerifier` is built, never when medhal is imported;
install them with ``pip install 'medhal[hf]'``.
"""

from __future__ import annotations

import hashlib
import inspect
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from medhal.verify.base import Pair, Probabilities, VerifierError, VerifierStats
from medhal.verify.batching import length_batches, restore_order
from medhal.verify.device import check_threads, device_suffix, parse_device
from medhal.verify.encoding import (
    TruncationStrategy,
    cut_pair,
    first_line,
    position_limit,
    resolve_max_length,
    truncation_strategy,
)
from medhal.verify.labels import LabelMap, resolve_labels

__all__ = ["HFVerifier", "state_dict_digest"]

HF_INSTALL_HINT = "hf: verifiers need torch and transformers; pip install 'medhal[hf]'"


def state_dict_digest(model: Any) -> str:
    """sha256 (hex) over a torch module's state dict: every tensor's name, dtype, shape and raw bytes, in
    name order.  Identical weights give the same digest in any process, whatever files they came from."""
    import torch

    digest = hashlib.sha256()
    for name, tensor in sorted(model.state_dict().items()):
        flat = tensor.detach().to("cpu").contiguous().reshape(-1)
        digest.update(f"{name}\0{flat.dtype}\0{tuple(tensor.shape)}\0".encode())
        digest.update(flat.view(torch.uint8).numpy())
    return digest.hexdigest()


def _progress_bars(enabled: bool) -> bool:
    """Switch transformers' download/loading progress bars; returns the previous setting."""
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:  # pragma: no cover - very old transformers
        return enabled
    logging_api: Any = hf_logging
    previous = bool(logging_api.is_progress_bar_enabled())
    if enabled:
        logging_api.enable_progress_bar()
    else:
        logging_api.disable_progress_bar()
    return previous


class HFVerifier:
    """Three-way NLI with ``transformers``: dynamic padding per length bucket, premise-side truncation.

    ``path_or_id`` is a local model directory or a Hub id (resolved through transformers' usual cache).
    ``id2label_override`` names the classes when the config only says ``LABEL_0``, ``LABEL_1``, ...
    ``max_tokens`` optionally caps the padded tokens per forward batch.  ``local_files_only``: never touch the
    network (a local folder, or a Hub id already in the cache); :func:`medhal.verify.load_verifier` decides it.
    ``device`` is ``cpu``, ``cuda`` or ``cuda:N`` (a GPU adds ``+cuda`` to the id); ``threads`` sets torch's
    intra-op threads (``torch.set_num_threads``, which is process-wide).
    """

    def __init__(
        self,
        path_or_id: str | Path,
        *,
        batch_size: int = 16,
        max_length: int | None = None,
        device: str = "cpu",
        id2label_override: Mapping[int, str] | None = None,
        max_tokens: int | None = None,
        local_files_only: bool = False,
        threads: int | None = None,
    ) -> None:
        check_threads(threads)
        device = parse_device(device)
        try:
            import torch
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
        except ImportError:
            raise VerifierError(HF_INSTALL_HINT) from None
        if batch_size < 1:
            raise VerifierError(f"batch_size must be >= 1, got {batch_size}")
        local = Path(path_or_id).expanduser()
        source = str(local) if local.exists() else str(path_or_id)
        try:
            self._device = torch.device(device)
        except (RuntimeError, ValueError) as exc:
            raise VerifierError(f"bad torch device {device!r}: {first_line(exc)}") from None
        if self._device.type == "cuda" and not torch.cuda.is_available():
            raise VerifierError(f"--device {device}: torch sees no CUDA GPU on this machine; use --device cpu")
        if threads is not None:
            torch.set_num_threads(threads)
        self.device = device
        self.threads = threads
        bars = _progress_bars(False)
        try:
            tokenizer = AutoTokenizer.from_pretrained(source, local_files_only=local_files_only)
            model = AutoModelForSequenceClassification.from_pretrained(source, local_files_only=local_files_only)
        except Exception as exc:  # transformers raises OSError, ValueError, HTTP errors, ...
            raise VerifierError(f"cannot load hf verifier {str(path_or_id)!r}: {first_line(exc)}") from None
        finally:
            _progress_bars(bars)
        if tokenizer.pad_token is None:
            raise VerifierError(f"tokenizer of {str(path_or_id)!r} has no pad token; cannot batch pairs")
        config = model.config.to_dict()
        self._labels: LabelMap = resolve_labels(config.get("id2label"), id2label_override)
        if int(model.config.num_labels) != self._labels.num_labels:
            raise VerifierError(
                f"model has {model.config.num_labels} outputs but id2label names {self._labels.num_labels}"
            )
        self._special = int(tokenizer.num_special_tokens_to_add(pair=True))
        self._max_length = resolve_max_length(
            explicit=max_length,
            tokenizer_limit=getattr(tokenizer, "model_max_length", None),
            positions=position_limit(config),
            special_tokens=self._special,
        )
        name = local.resolve().name if local.exists() else str(path_or_id)
        self._id = f"hf:{name}@{state_dict_digest(model)[:12]}{device_suffix(device)}"
        model.eval()
        try:
            model.to(self._device)
        except (RuntimeError, AssertionError) as exc:
            raise VerifierError(f"cannot move model to {device!r}: {first_line(exc)}") from None
        self._torch = torch
        self._model = model
        self._tokenizer = tokenizer
        warned = getattr(tokenizer, "deprecation_warnings", None)
        if isinstance(warned, dict):  # transformers 4.x warns that pad() after __call__ is slower; it is intended
            warned["Asking-to-pad-a-fast-tokenizer"] = True
        self._accepted = set(inspect.signature(model.forward).parameters)
        self._batch_size = batch_size
        self._max_tokens = max_tokens
        self._stats = VerifierStats()
        self._lock = threading.Lock()

    @property
    def id(self) -> str:
        return self._id

    @property
    def max_length(self) -> int:
        return self._max_length

    @property
    def stats(self) -> VerifierStats:
        return self._stats

    @property
    def labels(self) -> LabelMap:
        """How the model's classes map onto medhal's columns."""
        return self._labels

    def _tokenize(self, pairs: Sequence[Pair], truncation: str | bool, *, offsets: bool = False) -> Any:
        kwargs: dict[str, Any] = {"truncation": truncation, "verbose": False}
        if truncation:
            kwargs["max_length"] = self._max_length
        if offsets:
            kwargs["return_offsets_mapping"] = True
        return self._tokenizer([p for p, _ in pairs], [h for _, h in pairs], **kwargs)

    def _items(self, encoded: Any, n: int) -> list[dict[str, list[int]]]:
        keys = [k for k in encoded if k in self._accepted or k == "attention_mask"]
        return [{k: list(encoded[k][i]) for k in keys} for i in range(n)]

    def _encode(self, pairs: Sequence[Pair], truncation: str | bool) -> list[dict[str, list[int]]]:
        return self._items(self._tokenize(pairs, truncation), len(pairs))

    def pair_lengths(self, pairs: Sequence[Pair]) -> list[int]:
        if not pairs:
            return []
        return [len(item["input_ids"]) for item in self._encode(pairs, False)]

    def _encode_truncated(self, pairs: Sequence[Pair]) -> tuple[list[dict[str, list[int]]], int]:
        """Encodings cut to ``max_length`` per :func:`truncation_strategy`, and how many were cut.

        A fast tokenizer's pair truncation is quadratic in length, so an over-long pair is first cut to what
        truncation can keep (:func:`~medhal.verify.encoding.cut_pair`, from the offsets of the one untruncated
        encoding); a slow tokenizer gets it whole."""
        fast = bool(getattr(self._tokenizer, "is_fast", False))
        encoded = self._tokenize(pairs, False, offsets=fast)
        items = self._items(encoded, len(pairs))
        over = [i for i, item in enumerate(items) if len(item["input_ids"]) > self._max_length]
        if over:
            hyp = self._tokenizer([pairs[i][1] for i in over], add_special_tokens=False, verbose=False)
            groups: dict[TruncationStrategy, list[int]] = {}
            for i, hyp_ids in zip(over, hyp["input_ids"], strict=True):
                chosen = truncation_strategy(len(items[i]["input_ids"]), len(hyp_ids), self._special, self._max_length)
                groups.setdefault(chosen or "only_first", []).append(i)
            side = "left" if getattr(self._tokenizer, "truncation_side", "right") == "left" else "right"
            limit = self._max_length
            cut = {
                i: cut_pair(pairs[i], encoded["offset_mapping"][i], encoded.sequence_ids(i), limit, side=side)
                if fast
                else pairs[i]
                for i in over
            }
            for strategy, indices in groups.items():
                for i, item in zip(indices, self._encode([cut[i] for i in indices], strategy), strict=True):
                    items[i] = item
        return items, len(over)

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        if not pairs:
            return np.zeros((0, 3), dtype=np.float64)
        start = time.perf_counter()
        items, truncated = self._encode_truncated(pairs)
        lengths = [len(item["input_ids"]) for item in items]
        batches = length_batches(lengths, batch_size=self._batch_size, max_tokens=self._max_tokens)
        outputs = []
        torch = self._torch
        with torch.inference_mode():
            for batch in batches:
                padded = self._tokenizer.pad([items[i] for i in batch], padding="longest", return_tensors="pt")
                inputs = {k: v.to(self._device) for k, v in padded.items() if k in self._accepted}
                logits = self._model(**inputs).logits
                outputs.append(self._labels.probabilities(logits.to(torch.float64).cpu().numpy()))
        result = restore_order(batches, outputs, len(pairs))
        with self._lock:
            self._stats.pairs += len(pairs)
            self._stats.batches += len(batches)
            self._stats.truncated += truncated
            self._stats.seconds += time.perf_counter() - start
        return result
