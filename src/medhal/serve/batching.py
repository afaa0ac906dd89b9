"""An asyncio micro-batcher: gather concurrent requests into shared verifier batches.

Requests call :meth:`MicroBatcher.submit` (or :meth:`~MicroBatcher.submit_many`) and await their results.  One
background task collects pending items until ``max_batch`` of them are waiting or the oldest has waited
``max_wait_ms``, groups them by key (the detector configuration they need, in order of first appearance) and
hands each group to ``run(key, items)`` on a single worker thread, so the model is used by one thread at a time
and the event loop stays free.  Items that arrive while a batch runs are taken by the next batch as soon as the
worker is free (their wait has usually expired by then): under load, batches grow by themselves.

Batching changes nothing but timing when ``run`` is batch-independent: ``Checker.check_many`` returns for every
item what ``Checker.check`` returns for it alone, except ``timings`` and the ``verifier_passes`` accounting
(a pair shared with an earlier item of the same batch is charged to that item).

One bad item must not fail the requests it happens to share a batch with: when ``run`` raises for a group of
several items, each item of the group is run again on its own, so an exception reaches only the item (and the
request) that causes it.  Batch independence makes the retried results the ones the shared call would have given.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Generic, TypeVar

from medhal.errors import ServiceError

__all__ = ["BatcherClosedError", "MicroBatcher", "QueueFullError"]

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")
R = TypeVar("R")


class QueueFullError(ServiceError, RuntimeError):
    """More items are waiting than ``max_queue`` allows; the caller should retry later (HTTP 503)."""


class BatcherClosedError(ServiceError, RuntimeError):
    """The batcher is not running (not started yet, or shut down)."""


@dataclass(slots=True)
class _Job(Generic[K, T, R]):
    key: K
    item: T
    future: asyncio.Future[R]
    enqueued: float


class MicroBatcher(Generic[K, T, R]):
    """Collect items for up to ``max_wait_ms`` or ``max_batch`` items; run them with ``run`` on one worker thread.

    ``run(key, items)`` must return one result per item, in order.  When it raises for several items, each is run
    again alone (``isolate``, the default), so an exception is set only on the future of the item that raises it;
    with ``isolate=False`` it is set on every item of the call.  ``max_queue`` bounds the items waiting (not
    running); beyond it :meth:`submit` raises :class:`QueueFullError`.  ``on_queue(depth)`` is told the number
    waiting whenever it changes.
    """

    def __init__(
        self,
        run: Callable[[K, Sequence[T]], Sequence[R]],
        *,
        max_batch: int = 32,
        max_wait_ms: float = 5.0,
        max_queue: int = 1024,
        on_queue: Callable[[int], None] | None = None,
        isolate: bool = True,
    ) -> None:
        if max_batch < 1:
            raise ValueError("max_batch must be >= 1")
        if max_wait_ms < 0:
            raise ValueError("max_wait_ms must be >= 0")
        if max_queue < 1:
            raise ValueError("max_queue must be >= 1")
        self._run = run
        self.max_batch = max_batch
        self.max_wait = max_wait_ms / 1000.0
        self.max_queue = max_queue
        self._on_queue = on_queue
        self.isolate = isolate
        self._pending: deque[_Job[K, T, R]] = deque()
        self._wakeup = asyncio.Event()
        self._full = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._executor: ThreadPoolExecutor | None = None
        self.batches = 0
        """Calls of ``run`` so far."""

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def start(self) -> None:
        """Start the collecting task and the worker thread (inside the running event loop)."""
        if self.running:
            return
        self._wakeup = asyncio.Event()
        self._full = asyncio.Event()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="medhal-verifier")
        self._task = asyncio.create_task(self._loop(), name="medhal-batcher")

    async def close(self) -> None:
        """Stop collecting; fail what is still waiting with :class:`BatcherClosedError`."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        while self._pending:
            job = self._pending.popleft()
            if not job.future.done():
                job.future.set_exception(BatcherClosedError("the service is shutting down"))
        self._queue_changed()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def submit(self, key: K, item: T) -> R:
        """Queue one item and wait for its result."""
        return (await self.submit_many(key, [item]))[0]

    async def submit_many(self, key: K, items: Sequence[T]) -> list[R]:
        """Queue items together (all or none, against ``max_queue``) and wait for their results, in order; the
        first exception of an item is raised."""
        return list(await asyncio.gather(*self._enqueue(key, items)))

    async def submit_settled(self, key: K, items: Sequence[T]) -> list[R | Exception]:
        """As :meth:`submit_many`, but an item whose run raised gets its exception in place of its result, so one
        bad item does not fail the others."""
        settled = await asyncio.gather(*self._enqueue(key, items), return_exceptions=True)
        out: list[R | Exception] = []
        for value in settled:
            if isinstance(value, BaseException) and not isinstance(value, Exception):
                raise value  # cancellation and the like are not an item's result
            out.append(value)
        return out

    def _enqueue(self, key: K, items: Sequence[T]) -> list[asyncio.Future[R]]:
        if not self.running:
            raise BatcherClosedError("the checking service is not running")
        if len(self._pending) + len(items) > self.max_queue:
            raise QueueFullError(f"{len(self._pending)} items are waiting; the queue holds at most {self.max_queue}")
        loop = asyncio.get_running_loop()
        now = loop.time()
        futures: list[asyncio.Future[R]] = []
        for item in items:
            future: asyncio.Future[R] = loop.create_future()
            self._pending.append(_Job(key, item, future, now))
            futures.append(future)
        self._queue_changed()
        self._wakeup.set()
        if len(self._pending) >= self.max_batch:
            self._full.set()
        return futures

    def _queue_changed(self) -> None:
        if self._on_queue is not None:
            self._on_queue(len(self._pending))

    async def _loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            while not self._pending:
                self._wakeup.clear()
                await self._wakeup.wait()
            if len(self._pending) < self.max_batch and self.max_wait > 0:
                delay = self._pending[0].enqueued + self.max_wait - loop.time()
                if delay > 0:
                    self._full.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._full.wait(), delay)
            take = min(self.max_batch, len(self._pending))
            jobs = [self._pending.popleft() for _ in range(take)]
            self._queue_changed()
            live = [job for job in jobs if not job.future.done()]  # a cancelled request needs no work
            if not live:
                continue
            try:
                await self._execute(live)
            except asyncio.CancelledError:
                for job in live:
                    if not job.future.done():
                        job.future.set_exception(BatcherClosedError("the service is shutting down"))
                raise

    async def _execute(self, jobs: list[_Job[K, T, R]]) -> None:
        groups: dict[K, list[_Job[K, T, R]]] = {}
        for job in jobs:
            groups.setdefault(job.key, []).append(job)
        for key, group in groups.items():
            await self._run_group(key, group)

    async def _run_group(self, key: K, group: list[_Job[K, T, R]]) -> None:
        loop = asyncio.get_running_loop()
        self.batches += 1
        try:
            results = await loop.run_in_executor(self._executor, self._run, key, [job.item for job in group])
            if len(results) != len(group):
                raise RuntimeError(f"batch returned {len(results)} results for {len(group)} items")
        except Exception as exc:
            live = [job for job in group if not job.future.done()]
            if self.isolate and len(live) > 1:
                for job in live:  # one at a time: the failure reaches only the item that causes it
                    await self._run_group(key, [job])
                return
            for job in live:
                job.future.set_exception(exc)
            return
        for job, result in zip(group, results, strict=True):
            if not job.future.done():
                job.future.set_result(result)
