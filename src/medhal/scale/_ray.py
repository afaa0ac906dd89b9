"""``--engine ray``: a batch's chunks checked by a Ray Data actor pool of :class:`~medhal.checker.Checker` s.

The driver reads the input with the single path's reader (the one validator of batch lines: ids, ``line-N``,
repeats, malformed lines) and hands Ray Data one row per chunk; ``map_batches`` sends each row, whole, to one
actor of a fixed pool, which built its Checker (loaded the verifier) once when it started.  Rows come back in
input order (``preserve_order``), each tagged with its chunk number, and the driver checks that every chunk came
back exactly once before anything is written.  A worker that dies (killed, out of memory) is restarted, and the
chunk it held is checked again on the new one, so nothing is lost or written twice: only finished chunks leave
the pool.  Ray is imported here only, and this module only when ``--engine ray`` is asked for.
"""

from __future__ import annotations

import importlib
import logging
import os
import pickle
import resource
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar, TypeVar

from medhal.detect import CheckItem, CheckResult
from medhal.errors import BackendError, ConfigError, InvariantError, MedhalError
from medhal.scale._engine import RAY_HINT, ChecksMany, RayOptions

__all__ = ["RayEngine", "WorkerStats"]

TagT = TypeVar("TagT")

_PICKLE = pickle.HIGHEST_PROTOCOL


def _import_ray() -> tuple[ModuleType, ModuleType]:
    try:
        return importlib.import_module("ray"), importlib.import_module("ray.data")
    except ImportError:
        raise ConfigError(RAY_HINT) from None


def _peak_rss() -> int:
    """This process's peak resident memory in bytes (``VmHWM``; ``ru_maxrss`` where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


class _CheckActor:
    """One worker of the pool: a Checker built once from :attr:`factory` (set on a subclass made per run, so the
    factory travels with the class, not as a constructor argument that a restart could lose).  Each call checks
    the chunks of a batch and returns their pickled results (or the :class:`MedhalError` that building the
    Checker raised: a bad verifier spec is reported once, not retried as a crash)."""

    factory: ClassVar[Callable[[], ChecksMany]]

    def __init__(self) -> None:
        self._error: MedhalError | None = None
        try:
            self._checker: ChecksMany | None = type(self).factory()
        except MedhalError as exc:
            self._checker, self._error = None, exc

    def __call__(self, batch: dict[str, Sequence[object]]) -> dict[str, list[object]]:
        out: dict[str, list[object]] = {"chunk": [], "results": [], "pid": [], "rss": [], "seconds": []}
        for chunk, payload in zip(batch["chunk"], batch["items"], strict=True):
            start = time.perf_counter()
            if self._checker is None:
                answer: object = self._error
            else:
                assert isinstance(payload, bytes)
                answer = self._checker.check_many(pickle.loads(payload))
            out["chunk"].append(int(chunk))  # type: ignore[call-overload]
            out["results"].append(pickle.dumps(answer, protocol=_PICKLE))
            out["pid"].append(os.getpid())
            out["rss"].append(_peak_rss())
            out["seconds"].append(time.perf_counter() - start)
        return out


def _actor_class(factory: Callable[[], ChecksMany]) -> type[_CheckActor]:
    return type("MedhalChecker", (_CheckActor,), {"factory": staticmethod(factory)})


@dataclass(frozen=True, slots=True)
class WorkerStats:
    """What one worker process did: chunks checked, seconds spent checking them, peak resident memory."""

    pid: int
    chunks: int
    seconds: float
    peak_rss: int


class RayEngine:
    """A :class:`~medhal.scale.ChunkEngine` over a Ray Data actor pool (see the module docstring)."""

    def __init__(self, factory: Callable[[], ChecksMany], options: RayOptions) -> None:
        self.factory = factory
        self.options = options
        self.workers: dict[int, WorkerStats] = {}
        self.pool_size = 0

    def check_chunks(
        self, chunks: Iterable[tuple[TagT, Sequence[CheckItem]]]
    ) -> Iterator[tuple[TagT, list[CheckResult]]]:
        ray, data = _import_ray()
        tags: dict[int, TagT] = {}
        sizes: list[int] = []
        rows: list[dict[str, object]] = []
        for tag, items in chunks:
            rows.append({"chunk": len(sizes), "items": pickle.dumps(tuple(items), protocol=_PICKLE)})
            tags[len(sizes)] = tag
            sizes.append(len(items))
        if not rows:
            return
        started = self._connect(ray)
        try:
            done = 0
            for batch in self._dataset(ray, data, rows).iter_batches(batch_size=None, batch_format="numpy"):
                for chunk, payload, pid, rss, seconds in zip(
                    batch["chunk"], batch["results"], batch["pid"], batch["rss"], batch["seconds"], strict=True
                ):
                    if int(chunk) != done:
                        raise InvariantError(f"ray returned chunk {int(chunk)} where chunk {done} was due")
                    answer = pickle.loads(payload)
                    if isinstance(answer, MedhalError):
                        raise answer
                    if not isinstance(answer, list) or len(answer) != sizes[done]:
                        raise InvariantError(f"ray returned a wrong answer for chunk {done} of {sizes[done]} item(s)")
                    self._count(int(pid), int(rss), float(seconds))
                    tag = tags.pop(done)  # the driver keeps no chunk it has handed on
                    done += 1
                    yield tag, answer
            if done != len(rows):
                raise InvariantError(f"ray returned {done} of {len(rows)} chunks")
        finally:
            if started:
                ray.shutdown()

    def _connect(self, ray: ModuleType) -> bool:
        """Join the cluster at ``--address`` (or ``$RAY_ADDRESS``), or start a local one; whether we started it."""
        if ray.is_initialized():
            return False
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        # "local": a new cluster of this machine, never one that a stale /tmp/ray/ray_current_cluster names
        address = self.options.address or os.environ.get("RAY_ADDRESS") or "local"
        try:
            ray.init(
                address=address,
                include_dashboard=False,
                logging_level=logging.WARNING,
                log_to_driver=True,
            )
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = "a new local cluster" if address == "local" else address
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise BackendError(f"cannot start or join Ray ({where}): {first}") from None
        return True

    def _pool_size(self, ray: ModuleType, chunks: int) -> int:
        if self.options.num_workers is not None:
            return min(self.options.num_workers, chunks)
        resources = ray.cluster_resources()
        size = int(resources.get("CPU", 1) // self.options.cpus_per_worker)
        if self.options.gpus_per_worker:
            size = min(size, int(resources.get("GPU", 0) // self.options.gpus_per_worker))
        if size < 1:
            raise BackendError(
                f"the Ray cluster has no room for one worker of {self.options.cpus_per_worker} CPU(s) and "
                f"{self.options.gpus_per_worker} GPU(s)"
            )
        return min(size, chunks)

    def _dataset(self, ray: ModuleType, data: ModuleType, rows: list[dict[str, object]]) -> Any:  # a ray Dataset
        context = data.DataContext.get_current()
        context.execution_options.preserve_order = True  # results in input order, as the single path writes them
        context.enable_progress_bars = False  # the CLI shows its own
        logging.getLogger("ray.data").setLevel(logging.ERROR)  # its notices are for Ray's own progress bars
        self.pool_size = self._pool_size(ray, len(rows))
        dataset = data.from_items(rows, override_num_blocks=len(rows))  # a chunk per block: the unit of a retry
        return dataset.map_batches(
            _actor_class(self.factory),
            batch_size=1,
            batch_format="numpy",
            compute=data.ActorPoolStrategy(size=self.pool_size),
            num_cpus=self.options.cpus_per_worker,
            num_gpus=self.options.gpus_per_worker or None,
        )  # Ray Data's actor pools restart a dead actor and retry the chunk it held, without limit

    def _count(self, pid: int, rss: int, seconds: float) -> None:
        old = self.workers.get(pid, WorkerStats(pid, 0, 0.0, 0))
        self.workers[pid] = WorkerStats(pid, old.chunks + 1, old.seconds + seconds, max(old.peak_rss, rss))

    def summary(self) -> str | None:
        if not self.workers:
            return None
        parts = [
            f"pid {w.pid}: {w.chunks} chunk(s), {w.seconds:.1f} s checking, peak RSS {w.peak_rss / 2**20:.0f} MiB"
            for w in sorted(self.workers.values(), key=lambda w: w.pid)
        ]
        return f"ray: pool of {self.pool_size} worker(s), {len(self.workers)} process(es): " + "; ".join(parts)
