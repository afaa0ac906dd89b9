"""A Hugging Face model as a :class:`Verifier`: a sequence-classification cross-encoder (3-class NLI, or a 2-class
fact checker such as MiniCheck-RoBERTa or HHEM) or an encoder-decoder that answers a label word
(MiniCheck-Flan-T5).  :mod:`medhal.verify.hf_labels` says how each kind is detected and mapped onto
(entailment, neutral, contradiction), and how the mapping enters the verifier id; :mod:`medhal.verify.hf_seq2seq`
scores the label words.

torch and transformers are imported when an :class:`HFVerifier` is built, never when medhal is imported;
install them with ``pip install 'medhal[hf]'``.
"""

from __future__ import annotations

import hashlib
import inspect
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from medhal.verify.base import Pair, Probabilities, VerifierError
from medhal.verify.device import check_threads, device_suffix, parse_device
from medhal.verify.encoding import TruncationStrategy, cut_pair, first_line, position_limit, resolve_max_length
from medhal.verify.hf_labels import HFMapping, ModelKind, check_remote_code, classifier_labels, detect_kind
from medhal.verify.hf_seq2seq import LabelWords, label_word_logits, resolve_label_words
from medhal.verify.tokenized import TokenizedVerifier, check_batch_size

if TYPE_CHECKING:
    from torch.nn import Module
    from transformers import BatchEncoding

__all__ = ["HFVerifier", "progress_bars", "remote_code_suffix", "state_dict_digest"]

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


def remote_code_suffix(model: Module) -> str:
    """``~remote-`` and a sha256 prefix of the source of the module that defines ``model``'s class: a model that
    runs its own code (``auto_map``) answers as that code says, so the code is part of its id."""
    try:
        source = inspect.getsource(sys.modules[type(model).__module__])
    except (KeyError, OSError, TypeError):
        return "~remote"
    return f"~remote-{hashlib.sha256(source.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"


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


def _accepted_inputs(model: Module, tokenizer: Any) -> frozenset[str]:
    """The tokenizer outputs ``model.forward`` takes: its named parameters, and the tokenizer's model inputs
    (``model_input_names``) when it also takes ``**kwargs`` (HHEM's wrapper names none)."""
    parameters = inspect.signature(model.forward).parameters
    accepted = set(parameters)
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        accepted.update(str(name) for name in getattr(tokenizer, "model_input_names", ()))
    return frozenset(accepted)


class HFVerifier(TokenizedVerifier[_Encoded]):
    """Three-way NLI with ``transformers`` (or a fact checker mapped onto it): dynamic padding per length bucket,
    premise-side truncation.

    ``path_or_id`` is a local model directory or a Hub id (resolved through transformers' usual cache).
    ``mapping`` (:class:`~medhal.verify.hf_labels.HFMapping`) says the model kind (read from the config by
    default), where a 2-class model's "not supported" mass goes (neutral by default), a classifier's class names
    and a seq2seq model's label words and prompt prefix.  ``id2label_override`` names the classes when the config
    only says ``LABEL_0``, ``LABEL_1``, ... (the same as ``mapping.id2label``; give one or the other).
    ``trust_remote_code``: run the code a model ships (``auto_map`` in its config); without it such a model is
    refused.  ``max_tokens`` optionally caps the padded tokens per forward batch.  ``local_files_only``: never
    touch the network (a local folder, or a Hub id already in the cache); :func:`medhal.verify.load_verifier`
    decides it.  ``device`` is ``cpu``, ``cuda`` or ``cuda:N`` (a GPU adds ``+cuda`` to the id); ``threads`` sets
    torch's intra-op threads (``torch.set_num_threads``, which is process-wide).

    The id is ``hf:<name>@<weights digest>``, then ``~remote-<hash of its code>`` for a model that runs its own
    code, then the mapping's suffix when it is not the one medhal always used for the model's own label names
    (:func:`~medhal.verify.hf_labels.classifier_labels`; a seq2seq model always has one), then ``+cuda`` on a GPU.
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
        mapping: HFMapping | None = None,
        trust_remote_code: bool = False,
    ) -> None:
        check_threads(threads)
        device = parse_device(device)
        mapping = HFMapping() if mapping is None else mapping
        if id2label_override is not None and mapping.id2label is not None:
            raise VerifierError("pass the class names once: id2label_override or mapping.id2label, not both")
        override = id2label_override if id2label_override is not None else mapping.id2label
        try:
            import torch
            from transformers import AutoModelForSeq2SeqLM, AutoModelForSequenceClassification, AutoTokenizer
            from transformers import PretrainedConfig as ConfigLoader
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
        loading = {"local_files_only": local_files_only}
        bars = progress_bars(False)
        try:
            try:
                raw_config, _ = ConfigLoader.get_config_dict(source, **loading)
            except Exception as exc:  # transformers raises OSError, ValueError, HTTP errors, ...
                raise VerifierError(f"cannot load hf verifier {str(path_or_id)!r}: {first_line(exc)}") from None
            check_remote_code(raw_config, str(path_or_id), trust_remote_code=trust_remote_code)
            kind: ModelKind = detect_kind(raw_config, mapping.kind)
            auto_model: Any = AutoModelForSeq2SeqLM if kind == "seq2seq" else AutoModelForSequenceClassification
            remote = {"trust_remote_code": True} if trust_remote_code else {}
            try:
                tokenizer = AutoTokenizer.from_pretrained(source, **loading, **remote)
                model = auto_model.from_pretrained(source, **loading, **remote)
            except Exception as exc:  # transformers raises OSError, ValueError, HTTP errors, ...
                raise VerifierError(f"cannot load hf verifier {str(path_or_id)!r}: {first_line(exc)}") from None
        finally:
            progress_bars(bars)
        if tokenizer.pad_token is None:
            raise VerifierError(f"tokenizer of {str(path_or_id)!r} has no pad token; cannot batch pairs")
        config = model.config.to_dict()
        self.kind: ModelKind = kind
        self._words: LabelWords | None = None
        self._prefix = ""
        if kind == "seq2seq":
            self._words = resolve_label_words(tokenizer, config, mapping)
            self._prefix = mapping.prefix
            labels, suffix = self._words.labels, self._words.id_suffix
        else:
            labels, suffix = classifier_labels(config.get("id2label"), override, mapping.unsupported)
            if int(model.config.num_labels) != labels.num_labels:
                raise VerifierError(
                    f"model has {model.config.num_labels} outputs but id2label names {labels.num_labels}"
                )
        special = int(tokenizer.num_special_tokens_to_add(pair=True))
        limit = resolve_max_length(
            explicit=max_length,
            tokenizer_limit=getattr(tokenizer, "model_max_length", None),
            positions=position_limit(config),
            special_tokens=special,
        )
        name = local.resolve().name if local.exists() else str(path_or_id)
        code = remote_code_suffix(model) if trust_remote_code and raw_config.get("auto_map") else ""
        ident = f"hf:{name}@{state_dict_digest(model)[:12]}{code}{suffix}{device_suffix(device)}"
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
        self._accepted = _accepted_inputs(model, tokenizer)
        self._ready(
            id=ident, labels=labels, max_length=limit, special=special, batch_size=batch_size, max_tokens=max_tokens
        )

    def _prompted(self, pairs: Sequence[Pair]) -> Sequence[Pair]:
        """The pairs as the model reads them: a seq2seq model's prompt prefix before each premise."""
        if not self._prefix:
            return pairs
        return [(self._prefix + premise, hypothesis) for premise, hypothesis in pairs]

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        return super().predict(self._prompted(pairs))

    def pair_lengths(self, pairs: Sequence[Pair]) -> list[int]:
        return super().pair_lengths(self._prompted(pairs))

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
                if self._words is not None:
                    outputs.append(self._labels.probabilities(label_word_logits(self._model, inputs, self._words)))
                    continue
                logits = self._model(**inputs).logits
                outputs.append(self._labels.probabilities(logits.to(torch.float64).cpu().numpy()))
        return outputs
