"""Length bucketing: group pairs of similar token length so each padded batch wastes little compute.

Pure functions, no model code.  A verifier computes each pair's (truncated) token length, asks
:func:`length_batches` for batches of indices, runs each batch padded to its own longest member, and puts
the rows back with :func:`restore_order`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

__all__ = ["length_batches", "padded_tokens", "restore_order"]


def length_batches(lengths: Sequence[int], *, batch_size: int, max_tokens: int | None = None) -> list[tuple[int, ...]]:
    """Split ``range(len(lengths))`` into batches of indices sorted by length, longest first.

    The order is deterministic: by length descending, ties broken by original index ascending.  A batch
    holds at most ``batch_size`` indices and, when ``max_tokens`` is given, at most ``max_tokens`` padded
    tokens (``len(batch) * longest length in batch``); a single pair longer than ``max_tokens`` still gets
    a batch of its own.  Longest-first means the most memory-hungry batch runs first, so an out-of-memory
    failure shows up immediately rather than at the end of a long run.
    """
    if batch_size < 1:
        raise ValueError(f"batch_size must be >= 1, got {batch_size}")
    if max_tokens is not None and max_tokens < 1:
        raise ValueError(f"max_tokens must be >= 1, got {max_tokens}")
    if any(n < 0 for n in lengths):
        raise ValueError("token lengths must be non-negative")
    order = sorted(range(len(lengths)), key=lambda i: (-lengths[i], i))
    batches: list[tuple[int, ...]] = []
    current: list[int] = []
    width = 0
    for index in order:
        if current:
            fits_count = len(current) < batch_size
            fits_tokens = max_tokens is None or (len(current) + 1) * width <= max_tokens
            if fits_count and fits_tokens:
                current.append(index)
                continue
            batches.append(tuple(current))
        current = [index]
        width = max(lengths[index], 1)
    if current:
        batches.append(tuple(current))
    return batches


def padded_tokens(lengths: Sequence[int], batches: Sequence[Sequence[int]]) -> int:
    """Total tokens (padding included) the batches cost when each is padded to its longest member."""
    return sum(len(b) * max((lengths[i] for i in b), default=0) for b in batches)


def restore_order(
    batches: Sequence[Sequence[int]], outputs: Sequence[NDArray[np.float64]], n: int, width: int = 3
) -> NDArray[np.float64]:
    """Scatter per-batch rows back to the original order.

    ``outputs[k]`` holds one row per index in ``batches[k]``; the result has ``n`` rows of ``width``
    columns.  Raises ``ValueError`` if the batches do not cover ``range(n)`` exactly once.
    """
    if len(batches) != len(outputs):
        raise ValueError(f"{len(batches)} batches but {len(outputs)} outputs")
    result = np.empty((n, width), dtype=np.float64)
    seen = np.zeros(n, dtype=bool)
    for batch, rows in zip(batches, outputs, strict=True):
        rows = np.asarray(rows, dtype=np.float64)
        if rows.shape != (len(batch), width):
            raise ValueError(f"batch of {len(batch)} pairs produced an output of shape {rows.shape}")
        idx = np.asarray(batch, dtype=np.intp)
        if idx.size and (seen[idx].any() or len(set(batch)) != len(batch)):
            raise ValueError("an index appears in more than one batch")
        seen[idx] = True
        result[idx] = rows
    if not seen.all():
        raise ValueError("batches do not cover every index")
    return result
