"""Chunk engines: what checks a batch's chunks, in one process or on a Ray actor pool, always in input order.

A chunk is ``--chunk-size`` consecutive items of a batch, checked by one :meth:`~medhal.checker.Checker.check_many`
call (one deduplicated verifier pass).  An engine takes ``(tag, items)`` per chunk and yields ``(tag, results)``
in the order it was given them, one result per item; the tag is the caller's (the batch lines the items came
from), carried through untouched.  Because every engine checks exactly the chunks it is given, whole, records do
not depend on the engine: Ray's are the single process's, byte for byte (timings aside).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from medhal.checker import Checker
from medhal.detect import CheckItem, CheckResult
from medhal.errors import ConfigError, UsageError

__all__ = ["RAY_HINT", "ChecksMany", "ChunkEngine", "LocalEngine", "RayOptions", "require_ray"]

TagT = TypeVar("TagT")

RAY_HINT = "--engine ray needs Ray; pip install 'medhal[ray]'"


class ChecksMany(Protocol):
    """What a worker checks a chunk with: a :class:`~medhal.checker.Checker`, or a bench suite's detector
    (:class:`medhal.scale._bench.DetectorChecks`)."""

    def check_many(self, items: Sequence[CheckItem]) -> list[CheckResult]: ...


class ChunkEngine(Protocol):
    """Checks chunks of items and yields each chunk's results in the order the chunks came."""

    def check_chunks(
        self, chunks: Iterable[tuple[TagT, Sequence[CheckItem]]]
    ) -> Iterator[tuple[TagT, list[CheckResult]]]: ...

    def summary(self) -> str | None:
        """One line on how the work was spread (workers, memory), once the chunks are done; ``None``: nothing."""
        ...


class LocalEngine:
    """The single-process engine: one :class:`Checker`, chunk after chunk (lazily: a result is yielded, and can be
    written, before the next chunk is read)."""

    def __init__(self, checker: Checker) -> None:
        self.checker = checker

    def check_chunks(
        self, chunks: Iterable[tuple[TagT, Sequence[CheckItem]]]
    ) -> Iterator[tuple[TagT, list[CheckResult]]]:
        for tag, items in chunks:
            yield tag, self.checker.check_many(items)

    def summary(self) -> str | None:
        return None


@dataclass(frozen=True, slots=True)
class RayOptions:
    """How ``--engine ray`` spreads a batch: ``num_workers`` checker actors (``None``: as many as the cluster's CPUs
    allow), each reserving ``threads`` CPUs (its verifier's intra-op threads; 1 when unset) and
    ``gpus_per_worker`` GPUs, on the cluster at ``address`` (``None``: ``$RAY_ADDRESS`` or a new local one).
    A chunk whose worker dies is checked again on a restarted worker (Ray Data's default: as often as it takes)."""

    num_workers: int | None = None
    threads: int | None = None
    gpus_per_worker: float = 0.0
    address: str | None = None

    def __post_init__(self) -> None:
        if self.num_workers is not None and self.num_workers < 1:
            raise UsageError("--num-workers must be at least 1")
        if self.gpus_per_worker < 0:
            raise UsageError("--gpus-per-worker must not be negative")

    @property
    def cpus_per_worker(self) -> int:
        return self.threads or 1


def require_ray() -> None:
    """Raise the one-line :class:`ConfigError` (exit 2) now when Ray is not installed; imports nothing."""
    if importlib.util.find_spec("ray") is None:
        raise ConfigError(RAY_HINT)
