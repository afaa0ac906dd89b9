from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest

pytest.importorskip("fastapi")

from medhal.serve.batching import BatcherClosedError, MicroBatcher, QueueFullError


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, list[int]]] = []
        self.threads: set[str] = set()

    def __call__(self, key: str, items: Sequence[int]) -> list[str]:
        self.calls.append((key, list(items)))
        self.threads.add(threading.current_thread().name)
        if key == "boom":
            raise ValueError("bad batch")
        return [f"{key}:{i * 10}" for i in items]


def test_groups_by_key_in_order_of_first_appearance() -> None:
    run = Recorder()

    async def main() -> list[str]:
        batcher: MicroBatcher[str, int, str] = MicroBatcher(run, max_batch=6, max_wait_ms=1000)
        await batcher.start()
        try:
            jobs = [batcher.submit("b" if i % 3 == 0 else "a", i) for i in range(6)]
            return list(await asyncio.gather(*jobs))
        finally:
            await batcher.close()

    assert asyncio.run(main()) == ["b:0", "a:10", "a:20", "b:30", "a:40", "a:50"]
    assert run.calls == [("b", [0, 3]), ("a", [1, 2, 4, 5])]
    assert len(run.threads) == 1 and run.threads.pop().startswith("medhal-verifier")


def test_max_batch_splits_and_wait_zero_runs_at_once() -> None:
    run = Recorder()

    async def main() -> list[list[str]]:
        batcher: MicroBatcher[str, int, str] = MicroBatcher(run, max_batch=3, max_wait_ms=0)
        await batcher.start()
        try:
            return [await batcher.submit_many("k", list(range(7))), [await batcher.submit("k", 9)]]
        finally:
            await batcher.close()

    assert asyncio.run(main()) == [[f"k:{i * 10}" for i in range(7)], ["k:90"]]
    assert [items for _, items in run.calls] == [[0, 1, 2], [3, 4, 5], [6], [9]]


def test_errors_reach_only_their_group_and_the_loop_survives() -> None:
    run = Recorder()

    async def main() -> tuple[BaseException | str, str, str]:
        batcher: MicroBatcher[str, int, str] = MicroBatcher(run, max_batch=2, max_wait_ms=1000)
        await batcher.start()
        try:
            failed, ok = await asyncio.gather(
                batcher.submit("boom", 1), batcher.submit("fine", 2), return_exceptions=True
            )
            after = await batcher.submit("fine", 3)
            return failed, str(ok), after
        finally:
            await batcher.close()

    failed, ok, after = asyncio.run(main())
    assert isinstance(failed, ValueError) and ok == "fine:20" and after == "fine:30"


def test_queue_bound_and_closed() -> None:
    release = threading.Event()

    def slow(key: str, items: Sequence[int]) -> list[int]:
        release.wait(5)
        return list(items)

    async def main() -> None:
        batcher: MicroBatcher[str, int, int] = MicroBatcher(slow, max_batch=1, max_wait_ms=0, max_queue=2)
        with pytest.raises(BatcherClosedError):
            await batcher.submit("k", 0)
        await batcher.start()
        first = asyncio.ensure_future(batcher.submit("k", 1))
        await asyncio.sleep(0.05)  # the worker is now busy with item 1
        waiting = asyncio.ensure_future(batcher.submit_many("k", [2, 3]))
        await asyncio.sleep(0.01)
        with pytest.raises(QueueFullError):
            await batcher.submit("k", 4)
        release.set()
        assert await first == 1 and await waiting == [2, 3]
        await batcher.close()
        assert not batcher.running

    asyncio.run(main())


def test_close_fails_waiting_items() -> None:
    async def main() -> None:
        batcher: MicroBatcher[str, int, int] = MicroBatcher(
            lambda k, items: list(items), max_batch=5, max_wait_ms=60_000
        )
        await batcher.start()
        pending = asyncio.ensure_future(batcher.submit("k", 1))
        await asyncio.sleep(0.01)
        await batcher.close()
        with pytest.raises(BatcherClosedError):
            await pending

    asyncio.run(main())


def test_rejects_bad_settings() -> None:
    for kwargs in ({"max_batch": 0}, {"max_wait_ms": -1}, {"max_queue": 0}):
        with pytest.raises(ValueError):
            MicroBatcher(lambda k, items: list(items), **kwargs)  # type: ignore[arg-type]


class Picky:
    """Raises for any call that includes a poison item (an odd number), like a tokenizer choking on one text."""

    def __init__(self) -> None:
        self.calls: list[list[int]] = []

    def __call__(self, key: str, items: Sequence[int]) -> list[int]:
        self.calls.append(list(items))
        if any(i % 2 for i in items):
            raise TypeError("cannot tokenize")
        return [i * 10 for i in items]


def test_a_failing_batch_is_run_again_item_by_item() -> None:
    run = Picky()

    async def main() -> tuple[list[int | Exception], list[BaseException | int]]:
        batcher: MicroBatcher[str, int, int] = MicroBatcher(run, max_batch=8, max_wait_ms=1000)
        await batcher.start()
        try:
            settled = await batcher.submit_settled("k", [2, 3, 4, 6, 8, 10, 12, 14])
            single = await asyncio.gather(batcher.submit("k", 5), batcher.submit("k", 16), return_exceptions=True)
            return settled, single
        finally:
            await batcher.close()

    settled, single = asyncio.run(main())
    assert settled[0] == 20 and settled[2:] == [40, 60, 80, 100, 120, 140]
    assert isinstance(settled[1], TypeError)
    assert run.calls[:9] == [[2, 3, 4, 6, 8, 10, 12, 14], [2], [3], [4], [6], [8], [10], [12], [14]]
    assert isinstance(single[0], TypeError) and single[1] == 160  # submit raises only for its own item
    assert run.calls[9:] == [[5, 16], [5], [16]]


def test_isolation_can_be_turned_off() -> None:
    run = Picky()

    async def main() -> list[int | Exception]:
        batcher: MicroBatcher[str, int, int] = MicroBatcher(run, max_batch=4, max_wait_ms=1000, isolate=False)
        await batcher.start()
        try:
            return await batcher.submit_settled("k", [2, 3, 4, 6])
        finally:
            await batcher.close()

    assert all(isinstance(r, TypeError) for r in asyncio.run(main()))
    assert run.calls == [[2, 3, 4, 6]]
