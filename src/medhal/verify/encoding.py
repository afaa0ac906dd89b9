"""Backend-neutral encoding policy shared by the Hugging Face and ONNX verifiers.

Two decisions must come out the same in every backend, or the same model would give different answers
depending on how it is run:

* the token budget for one pair (:func:`resolve_max_length`), and
* how an over-long pair is cut (:func:`truncation_strategy`): the premise (evidence window) is shortened and
  the hypothesis (the claim being checked) is kept whole; only when the hypothesis alone does not fit is
  ``longest_first`` used, which trims whichever side is longer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from medhal.verify.base import VerifierError

__all__ = [
    "CUT_MARGIN",
    "SANE_MODEL_MAX_LENGTH",
    "TruncationStrategy",
    "cut_pair",
    "cut_to_tokens",
    "first_line",
    "position_limit",
    "resolve_max_length",
    "sane_limit",
    "sequence_offsets",
    "truncation_strategy",
]

TruncationStrategy = Literal["only_first", "longest_first"]

SANE_MODEL_MAX_LENGTH = 1_000_000
"""Tokenizers with no known limit report ``model_max_length = int(1e30)``; larger values are ignored."""

_PADDING_OFFSET_MODELS = frozenset(
    {
        "roberta",
        "roberta_prelayernorm",
        "xlm_roberta",
        "xlm_roberta_xl",
        "camembert",
        "data2vec_text",
        "longformer",
        "mpnet",
        "ibert",
        "xmod",
        "luke",
    }
)
"""Model families whose position ids start after ``padding_idx`` (``max_position_embeddings=514`` → 512)."""


def first_line(exc: BaseException) -> str:
    """The first non-empty line of an exception's message (or its type name), for one-line errors."""
    for line in str(exc).splitlines():
        if line.strip():
            return line.strip()
    return type(exc).__name__


def sane_limit(value: object) -> int | None:
    """``value`` as a positive token limit, or ``None`` when absent, non-integer or a 'no limit' sentinel."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if value <= 0 or value > SANE_MODEL_MAX_LENGTH or value != int(value):
        return None
    return int(value)


def position_limit(config: Mapping[str, object]) -> int | None:
    """Usable positions from a model config: ``max_position_embeddings``, less the padding offset of
    RoBERTa-style models (which reserve ``pad_token_id + 1`` leading positions)."""
    limit = sane_limit(config.get("max_position_embeddings"))
    if limit is None:
        return None
    model_type = str(config.get("model_type", "")).lower().replace("-", "_")
    if model_type in _PADDING_OFFSET_MODELS:
        pad = config.get("pad_token_id")
        offset = (pad if isinstance(pad, int) and pad >= 0 else 1) + 1
        limit -= offset
    return limit if limit > 0 else None


def resolve_max_length(
    *, explicit: int | None, tokenizer_limit: object, positions: int | None, special_tokens: int
) -> int:
    """The pair token budget: the smallest of the tokenizer's sane ``model_max_length``, the model's usable
    positions and an explicit request.  Raises :class:`VerifierError` when nothing bounds it or when it
    leaves no room for a premise and a hypothesis token."""
    if explicit is not None and (isinstance(explicit, bool) or not isinstance(explicit, int) or explicit < 1):
        raise VerifierError(f"max_length must be a positive integer, got {explicit!r}")
    candidates = [v for v in (sane_limit(tokenizer_limit), positions, explicit) if v is not None]
    if not candidates:
        raise VerifierError("cannot tell the model's maximum sequence length; pass max_length explicitly")
    limit = min(candidates)
    if limit < special_tokens + 2:
        raise VerifierError(
            f"max_length {limit} leaves no room for a premise and a hypothesis next to {special_tokens} special tokens"
        )
    return limit


def truncation_strategy(
    pair_length: int, hypothesis_length: int, special_tokens: int, max_length: int
) -> TruncationStrategy | None:
    """How to cut a pair of ``pair_length`` tokens (special tokens included) to ``max_length``.

    ``None`` when it fits; ``"only_first"`` when trimming the premise alone works while keeping at least one
    premise token; otherwise ``"longest_first"``.
    """
    if pair_length <= max_length:
        return None
    if hypothesis_length + special_tokens < max_length:
        return "only_first"
    return "longest_first"


CUT_MARGIN = 64
"""Tokens kept past the budget when a text is cut before truncation, so the cut never reaches kept tokens."""


def cut_to_tokens(text: str, offsets: Sequence[tuple[int, int]], keep: int, *, side: str = "right") -> str:
    """``text`` cut to the characters of its first (``side="right"``) or last (``"left"``) ``keep`` tokens, given
    the ``(start, end)`` character offsets of its tokens; a text with at most ``keep`` tokens comes back whole."""
    if len(offsets) <= keep:
        return text
    if side == "left":
        return text[offsets[len(offsets) - keep - 1][1] :]
    return text[: offsets[keep][0]]


def cut_pair(
    pair: tuple[str, str],
    offsets: Sequence[tuple[int, int]],
    sequence_ids: Sequence[int | None],
    max_length: int,
    *,
    side: str = "right",
) -> tuple[str, str]:
    """A pair cut, before truncation, to the ``max_length + CUT_MARGIN`` tokens truncation could keep of each text.

    ``offsets`` / ``sequence_ids`` come from the pair's untruncated encoding.  Truncating a long *pair* makes fast
    tokenizers build every overflow combination of both sequences, quadratic in length (a 40k-token pair: 26 s
    and 6.6 GB); the cut pair truncates to the same tokens at linear cost.  When both texts are cut, the one that
    was longer keeps one token more, so ``longest_first`` breaks its tie the same way.
    """
    first, second = sequence_offsets(offsets, sequence_ids, 0), sequence_offsets(offsets, sequence_ids, 1)
    keep = max_length + CUT_MARGIN
    return (
        cut_to_tokens(pair[0], first, keep + (len(first) > len(second)), side=side),
        cut_to_tokens(pair[1], second, keep + (len(second) > len(first)), side=side),
    )


def sequence_offsets(
    offsets: Sequence[tuple[int, int]], sequence_ids: Sequence[int | None], which: int
) -> list[tuple[int, int]]:
    """The character offsets of sequence ``which`` (0: premise, 1: hypothesis) of a pair encoding."""
    return [o for o, s in zip(offsets, sequence_ids, strict=True) if s == which]
