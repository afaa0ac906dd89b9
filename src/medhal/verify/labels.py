"""Map a classifier's own label order onto medhal's fixed column order.

A cross-encoder's ``config.json`` names its classes in ``id2label``; the order differs between models
(``roberta-large-mnli`` is contradiction/neutral/entailment, DeBERTa MNLI models are often
entailment/neutral/contradiction).  :func:`resolve_labels` recognises the common spellings
case-insensitively and returns a :class:`LabelMap` that turns the model's logits into probabilities in
:data:`~medhal.verify.base.LABELS` order.

Two-class models are accepted only when their names say what they are:

* ``("entailment", "not_entailment")`` (MNLI-binary / RTE style): ``P(entailment)`` is the model's entailment
  probability and the whole ``not_entailment`` mass goes to **neutral**.  A binary model cannot tell
  "unsupported" from "contradicted", so medhal never reports that mass as contradiction.
* ``("consistent" | "supported", "inconsistent" | "hallucinated" | "unsupported")`` (HHEM / MiniCheck style):
  mapped the same way, the negative class going to neutral.

Generic names such as ``LABEL_0`` carry no meaning and are refused with a :class:`VerifierError` unless an
explicit ``id2label`` override is given.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from medhal.verify.base import CONTRADICTION, ENTAILMENT, LABELS, NEUTRAL, Probabilities, VerifierError

__all__ = ["LabelMap", "normalize_id2label", "resolve_labels", "softmax64"]

_NOT_ENTAILMENT = -1
"""Pseudo-column for a binary model's negative class; its mass is reported as neutral."""

_SYNONYMS: dict[str, int] = {
    **dict.fromkeys(("entailment", "entail", "entails", "entailed", "supported", "support", "consistent"), ENTAILMENT),
    **dict.fromkeys(("neutral",), NEUTRAL),
    **dict.fromkeys(("contradiction", "contradict", "contradicts", "contradicted", "contradictory"), CONTRADICTION),
    **dict.fromkeys(
        (
            "not_entailment",
            "non_entailment",
            "not_entailed",
            "not_entail",
            "notentailment",
            "inconsistent",
            "hallucinated",
            "hallucination",
            "unsupported",
            "not_supported",
        ),
        _NOT_ENTAILMENT,
    ),
}

_GENERIC = re.compile(r"^label_?\d+$")
_EXAMPLE = "{0: 'entailment', 1: 'neutral', 2: 'contradiction'}"


def _canonical(name: str) -> str:
    return re.sub(r"[\s\-]+", "_", name.strip().lower())


def softmax64(logits: NDArray[np.floating] | NDArray[np.integer]) -> NDArray[np.float64]:
    """Row-wise softmax computed in float64 (max-subtracted, so large logits do not overflow)."""
    x: NDArray[np.float64] = np.array(logits, dtype=np.float64)
    if x.ndim != 2:
        raise VerifierError(f"expected a 2-D logits array, got shape {x.shape}")
    if not np.isfinite(x).all():
        raise VerifierError("the model produced non-finite logits")
    x -= x.max(axis=1, keepdims=True)
    np.exp(x, out=x)
    x /= x.sum(axis=1, keepdims=True)
    return x


@dataclass(frozen=True, slots=True)
class LabelMap:
    """Which model classes feed each medhal column.

    ``groups[j]`` lists the model's class indices whose probabilities are summed into medhal column ``j``
    (entailment, neutral, contradiction); an empty group is a column the model cannot predict (always 0).
    """

    num_labels: int
    groups: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    names: tuple[str, ...]
    """The model's own label names, in model order (for messages and reports)."""

    def probabilities(self, logits: NDArray[np.floating] | NDArray[np.integer]) -> Probabilities:
        """Softmax ``logits`` of shape ``(n, num_labels)`` in float64 and arrange them in medhal order."""
        probs = softmax64(logits)
        if probs.shape[1] != self.num_labels:
            raise VerifierError(
                f"model returned {probs.shape[1]} logits per pair but its labels {list(self.names)} "
                f"name {self.num_labels} classes"
            )
        out = np.zeros((probs.shape[0], 3), dtype=np.float64)
        for column, group in enumerate(self.groups):
            if len(group) == 1:
                out[:, column] = probs[:, group[0]]
            elif group:
                out[:, column] = probs[:, list(group)].sum(axis=1)
        return out


def normalize_id2label(id2label: Mapping[int, str] | Mapping[str, str]) -> dict[int, str]:
    """Turn a config's ``id2label`` (JSON keys are strings) into ``{0: name, ..., k-1: name}``."""
    out: dict[int, str] = {}
    for key, value in id2label.items():
        try:
            index = int(key)
        except (TypeError, ValueError):
            raise VerifierError(f"id2label key {key!r} is not an integer class index") from None
        out[index] = str(value)
    if sorted(out) != list(range(len(out))):
        raise VerifierError(f"id2label indices {sorted(out)} are not 0..{len(out) - 1}")
    return out


def resolve_labels(
    id2label: Mapping[int, str] | Mapping[str, str] | None,
    override: Mapping[int, str] | Mapping[str, str] | None = None,
) -> LabelMap:
    """Build the :class:`LabelMap` for a model whose config says ``id2label``.

    ``override`` (same shape as ``id2label``) replaces the config's names entirely; use it for models whose
    config only says ``LABEL_0``, ``LABEL_1``, ...  Raises :class:`VerifierError` when the names cannot be
    mapped unambiguously.
    """
    source = override if override is not None else id2label
    if not source:
        raise VerifierError(f"model config has no id2label; pass an explicit mapping such as {_EXAMPLE}")
    labels = normalize_id2label(source)
    names = tuple(labels[i] for i in range(len(labels)))
    if len(names) < 2:
        raise VerifierError(
            f"model has a single output {list(names)}; single-score models are not three-way NLI verifiers"
        )
    if override is None and all(_GENERIC.match(_canonical(n)) for n in names):
        raise VerifierError(
            f"model labels {list(names)} do not say which class is entailment; "
            f"pass an explicit id2label mapping such as {_EXAMPLE}"
        )
    columns: dict[int, list[int]] = {}
    for index, name in enumerate(names):
        column = _SYNONYMS.get(_canonical(name))
        if column is None:
            raise VerifierError(
                f"unrecognised label {name!r} in {list(names)}; expected entailment/neutral/contradiction "
                f"(or entailment/not_entailment); pass an explicit id2label mapping such as {_EXAMPLE}"
            )
        columns.setdefault(column, []).append(index)
    duplicated = [LABELS[c] if c >= 0 else "not_entailment" for c, idx in columns.items() if len(idx) > 1]
    if duplicated:
        raise VerifierError(f"labels {list(names)} name {duplicated} more than once")
    if ENTAILMENT not in columns:
        raise VerifierError(f"labels {list(names)} have no entailment class")
    if _NOT_ENTAILMENT in columns and (NEUTRAL in columns or CONTRADICTION in columns):
        raise VerifierError(f"labels {list(names)} mix a not_entailment class with neutral/contradiction")
    neutral = tuple(columns.get(NEUTRAL, [])) + tuple(columns.get(_NOT_ENTAILMENT, []))
    groups = (tuple(columns[ENTAILMENT]), neutral, tuple(columns.get(CONTRADICTION, [])))
    return LabelMap(num_labels=len(names), groups=groups, names=names)
