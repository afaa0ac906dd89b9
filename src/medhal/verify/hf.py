"""A Hugging Face cross-encoder (``AutoModelForSequenceClassification``) as a :class:`Verifier`.

torch and transformers are imported when an :class:`HFVerifier` is built, never when medhal is imported;
install them with ``pip install 'medhal[hf]'``.
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from medhal.verify.base import Pair, Probabilities, VerifierError
from medhal.verify.device import check_threads, device_suffix, parse_device
from medhal.verify.encoding import TruncationStrategy, cut_pair, first_line, position_limit, resolve_max_length
from medhal.verify.labels import resolve_labels
from medhal.verify.tokenized import TokenizedVerifier, check_batch_size

if TYPE_CHECKING:
    from torch.nn import Module
    from transformers import BatchEncoding

__all__ = ["HFVerifier", "progress_bars", "state_dict_digest"]

HF_INSTALL_HINT = "hf: verifiers need torch and transformers; pip install 'medhal[hf]'"


def state_dict_digest(model: Module) -> str:
    """sha256 (hex) over a torch module's state dict: every tensor's name, dtype, shape and raw bytes, in
    name order.  Identical weights give the same digest in any process, whatever files they came from."""
    import torch

    digest = hashlib.sha256()
    for name, tensor in sorted(model.state_dict().items()):
        flat = tensor.detach().to("cpu").contiguous().reshape(-1)
        digest.update(f"{name}\0{flat.dtype}\0{tuple(tensor.shape)}\0".encode())
        digest.update(flat.view(torch.uint8).numpy())
    return digest.hexdigest()


def progress_bars(enabled: bool) -> bool:
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


@dataclass(frozen=True, slots=True)
class _Encoded:
    """One pair's model inputs, and where its offsets are when it was encoded to be cut (a fast tokenizer's
    untruncated batch encoding and the pair's row in it)."""

    item: dict[str, list[int]]
    batch: BatchEncoding | None = None
    row: int = 0


class HFVerifier(TokenizedVerifier[_Encoded]):
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
        check_batch_size(batch_size)
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
        bars = progress_bars(False)
        try:
            tokenizer = AutoTokenizer.from_pretrained(source, local_files_only=local_files_only)
            model = AutoModelForSequenceClassification.from_pretrained(source, local_files_only=local_files_only)
        except Exception as exc:  # transformers raises OSError, ValueError, HTTP errors, ...
            raise VerifierError(f"cannot load hf verifier {str(path_or_id)!r}: {first_line(exc)}") from None
        finally:
            progress_bars(bars)
        if tokenizer.pad_token is None:
            raise VerifierError(f"tokenizer of {str(path_or_id)!r} has no pad token; cannot batch pairs")
        config = model.config.to_dict()
        labels = resolve_labels(config.get("id2label"), id2label_override)
        if int(model.config.num_labels) != labels.num_labels:
            raise VerifierError(f"model has {model.config.num_labels} outputs but id2label names {labels.num_labels}")
        special = int(tokenizer.num_special_tokens_to_add(pair=True))
        limit = resolve_max_length(
            explicit=max_length,
            tokenizer_limit=getattr(tokenizer, "model_max_length", None),
            positions=position_limit(config),
            special_tokens=special,
        )
        name = local.resolve().name if local.exists() else str(path_or_id)
        ident = f"hf:{name}@{state_dict_digest(model)[:12]}{device_suffix(device)}"
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
        self._ready(
            id=ident, labels=labels, max_length=limit, special=special, batch_size=batch_size, max_tokens=max_tokens
        )

    def _tokenize(self, pairs: Sequence[Pair], truncation: str | bool, *, offsets: bool = False) -> BatchEncoding:
        kwargs: dict[str, object] = {"truncation": truncation, "verbose": False}
        if truncation:
            kwargs["max_length"] = self._max_length
        if offsets:
            kwargs["return_offsets_mapping"] = True
        encoded: BatchEncoding = self._tokenizer([p for p, _ in pairs], [h for _, h in pairs], **kwargs)
        return encoded

    def _items(self, encoded: BatchEncoding, n: int) -> list[dict[str, list[int]]]:
        keys = [k for k in encoded if k in self._accepted or k == "attention_mask"]
        return [{k: list(encoded[k][i]) for k in keys} for i in range(n)]

    def _encode_pairs(self, pairs: Sequence[Pair], *, for_cut: bool) -> list[_Encoded]:
        """Untruncated; to be cut, a fast tokenizer's offsets come along (a slow tokenizer's pair is not cut)."""
        offsets = for_cut and bool(getattr(self._tokenizer, "is_fast", False))
        encoded = self._tokenize(pairs, False, offsets=offsets)
        items = self._items(encoded, len(pairs))
        return [_Encoded(item, encoded if offsets else None, i) for i, item in enumerate(items)]

    def _length(self, encoding: _Encoded) -> int:
        return len(encoding.item["input_ids"])

    def _hypothesis_lengths(self, hypotheses: list[str]) -> list[int]:
        encoded = self._tokenizer(hypotheses, add_special_tokens=False, verbose=False)
        return [len(ids) for ids in encoded["input_ids"]]

    def _precut(self, pair: Pair, encoding: _Encoded) -> Pair:
        if encoding.batch is None:
            return pair
        side = "left" if getattr(self._tokenizer, "truncation_side", "right") == "left" else "right"
        offsets, sequence_ids = (
            encoding.batch["offset_mapping"][encoding.row],
            encoding.batch.sequence_ids(encoding.row),
        )
        return cut_pair(pair, offsets, sequence_ids, self._max_length, side=side)

    def _encode_cut(self, pairs: list[Pair], strategy: TruncationStrategy) -> list[_Encoded]:
        return [_Encoded(item) for item in self._items(self._tokenize(pairs, strategy), len(pairs))]

    def _run(self, batches: list[list[_Encoded]]) -> list[Probabilities]:
        outputs = []
        torch = self._torch
        with torch.inference_mode():
            for batch in batches:
                padded = self._tokenizer.pad([e.item for e in batch], padding="longest", return_tensors="pt")
                inputs = {k: v.to(self._device) for k, v in padded.items() if k in self._accepted}
                logits = self._model(**inputs).logits
                outputs.append(self._labels.probabilities(logits.to(torch.float64).cpu().numpy()))
        return outputs
