"""``--shard i/N``: a deterministic share of a batch, for schedulers without Ray (Slurm or Kubernetes job arrays).

A batch is checked in chunks of ``--chunk-size`` consecutive items (one shared, deduplicated verifier pass each);
shard ``i`` of ``N`` takes chunks ``i, i + N, i + 2N, ...`` of the input.  By position, not by an id hash, and by
chunk, not by item: each chunk is checked whole, exactly as an unsharded run checks it, so the N shards' records
together are the unsharded run's records (``verifier_passes`` counts what a chunk shared), and every shard reads
the whole input (ids are numbered and checked for repeats over all of it) but checks only its share.  Every shard
must use the same ``--chunk-size``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from medhal.errors import UsageError

__all__ = ["Shard", "parse_shard"]

_SHARD = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")


@dataclass(frozen=True, slots=True)
class Shard:
    """Shard ``index`` (from 0) of ``count``: the chunks whose position modulo ``count`` is ``index``."""

    index: int
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not 0 <= self.index < self.count:
            raise UsageError(f"--shard {self.index}/{self.count}: need 0 <= i < N")

    def owns(self, chunk: int) -> bool:
        """Whether chunk number ``chunk`` (from 0, in input order) belongs to this shard."""
        return chunk % self.count == self.index

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def parse_shard(text: str) -> Shard:
    """``"i/N"`` (``0 <= i < N``) as a :class:`Shard`; anything else is a one-line :class:`UsageError`.

    A job array's task id (Slurm ``$SLURM_ARRAY_TASK_ID``, Kubernetes ``$JOB_COMPLETION_INDEX``) is ``i``."""
    match = _SHARD.fullmatch(text)
    if match is None:
        raise UsageError(f"--shard {text!r}: expected i/N, e.g. 0/4 (shard i of N, from 0)")
    return Shard(int(match.group(1)), int(match.group(2)))
