"""Scoring an encoder-decoder fact checker that answers a label word (MiniCheck-Flan-T5: ``1`` / ``0``).

The model is never asked to generate: one decoder step from the decoder start token gives next-token logits, and
the logits of each label word's first token, softmaxed over the label words alone, are the class probabilities
(the decoder's distribution renormalised to the answers it may give; MiniCheck scores its Flan-T5 the same way).
Words whose first tokens coincide cannot be told apart and are refused.  What each word means, and so which medhal
column its probability feeds, is :attr:`~medhal.verify.hf_labels.HFMapping.label_words`
(:func:`~medhal.verify.hf_labels.word_labels`).

torch is only touched through the model and tensors the caller passes in; this module imports neither torch nor
transformers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from medhal.verify.base import VerifierError
from medhal.verify.hf_labels import HFMapping, mapping_suffix, seq2seq_fingerprint, word_labels
from medhal.verify.labels import LabelMap

if TYPE_CHECKING:
    from torch import Tensor
    from torch.nn import Module

__all__ = ["LabelWords", "label_word_logits", "resolve_label_words"]


@dataclass(frozen=True, slots=True)
class LabelWords:
    """A seq2seq checker's answer vocabulary: the words, their first token ids, how they map onto medhal's
    columns, the decoder start token, and the id suffix that names all of it."""

    words: tuple[str, ...]
    token_ids: tuple[int, ...]
    labels: LabelMap
    decoder_start: int
    id_suffix: str


def _decoder_start(config: Mapping[str, object]) -> int:
    for key in ("decoder_start_token_id", "pad_token_id"):
        value = config.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
    raise VerifierError("seq2seq model config has no decoder_start_token_id; cannot score its first answer token")


def resolve_label_words(tokenizer: Any, config: Mapping[str, object], mapping: HFMapping) -> LabelWords:
    """The :class:`LabelWords` of ``mapping.label_words`` under ``tokenizer``; a one-line :class:`VerifierError`
    for no words, a word with no token or an unknown one, two words with the same first token, or a token id
    outside the model's vocabulary."""
    given = dict(mapping.label_words or {})
    words = tuple(str(w) for w in given)
    labels = word_labels(words, [str(v) for v in given.values()], mapping.unsupported)
    unk = getattr(tokenizer, "unk_token_id", None)
    vocab = config.get("vocab_size")
    ids: list[int] = []
    for word in words:
        encoded = tokenizer(word, add_special_tokens=False)["input_ids"]
        if not encoded:
            raise VerifierError(f"label word {word!r} encodes to no token")
        first = int(encoded[0])
        if unk is not None and first == unk:
            raise VerifierError(f"label word {word!r} is not in the tokenizer's vocabulary")
        if isinstance(vocab, int) and not 0 <= first < vocab:
            raise VerifierError(f"label word {word!r} is token {first}, outside the model's {vocab}-token vocabulary")
        if first in ids:
            other = words[ids.index(first)]
            raise VerifierError(
                f"label words {other!r} and {word!r} start with the same token; the model cannot tell them apart"
            )
        ids.append(first)
    start = _decoder_start(config)
    suffix = mapping_suffix(labels, seq2seq=seq2seq_fingerprint(mapping.prefix, words, ids, start))
    return LabelWords(words=words, token_ids=tuple(ids), labels=labels, decoder_start=start, id_suffix=suffix)


def label_word_logits(model: Module, inputs: Mapping[str, Tensor], words: LabelWords) -> NDArray[np.float64]:
    """The first decoder step's logits of ``words``' tokens, shape ``(batch, len(words))``, float64 on the CPU.

    ``inputs`` are the encoder's (``input_ids``, ``attention_mask``) on the model's device."""
    input_ids = inputs["input_ids"]
    start = input_ids.new_full((input_ids.shape[0], 1), words.decoder_start)
    logits = model(**inputs, decoder_input_ids=start).logits
    chosen = logits[:, 0, list(words.token_ids)]
    out: NDArray[np.float64] = chosen.double().cpu().numpy()
    return out
