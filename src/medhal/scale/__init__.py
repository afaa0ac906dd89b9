"""Batch checking at scale: ``medhal check --input`` on a Ray actor pool (``--engine ray``) or in shares for job
arrays (``--shard i/N``), with sharded, resumable output folders.

Every engine checks the same chunks (``--chunk-size`` consecutive items, one shared verifier pass each) whole and
in input order, so its records are the single process's, byte for byte (timings aside); docs/scale-out.md says
how to run it on several machines.  Ray is an optional extra (``pip install 'medhal[ray]'``), imported only when
:func:`ray_engine` is called.
"""

from __future__ import annotations

from collections.abc import Callable

from medhal.scale._bench import ray_runners
from medhal.scale._engine import RAY_HINT, ChecksMany, ChunkEngine, LocalEngine, RayOptions, require_ray
from medhal.scale._parts import (
    MANIFEST,
    PartFormat,
    PartsKey,
    PartsOut,
    is_parts_dir,
    part_files,
    read_part,
    read_parts,
)
from medhal.scale._shard import Shard, parse_shard

__all__ = [
    "MANIFEST",
    "RAY_HINT",
    "ChecksMany",
    "ChunkEngine",
    "LocalEngine",
    "PartFormat",
    "PartsKey",
    "PartsOut",
    "RayOptions",
    "Shard",
    "is_parts_dir",
    "parse_shard",
    "part_files",
    "ray_engine",
    "ray_runners",
    "read_part",
    "read_parts",
    "require_ray",
]


def ray_engine(factory: Callable[[], ChecksMany], options: RayOptions) -> ChunkEngine:
    """A :class:`ChunkEngine` that checks chunks on a Ray actor pool, each actor building its Checker with
    ``factory`` once (``factory`` is pickled to the workers: a module-level function or a closure over picklable
    values).  Raises :class:`~medhal.errors.ConfigError` when Ray is not installed."""
    require_ray()
    from medhal.scale._ray import RayEngine

    return RayEngine(factory, options)
