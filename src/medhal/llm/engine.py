"""The engine every benchmark calls: a client, the response cache, a run directory and progress, tied together.

* :meth:`Engine.agenerate` / :meth:`Engine.generate`: results for a list of requests, cache first, the misses
  sent to the client in batches of ``batch_size`` with ``concurrency`` batches in flight, stored back to the
  cache when reproducible.  Used directly by the claim extractor.
* :meth:`Engine.arun` / :meth:`Engine.run`: the same over :class:`WorkItem` s, writing one ``items.jsonl`` row
  per item as it finishes (status ``ok | parse_failure | api_error | input_error``, reason, raw output, parsed
  fields, attempts, latency), then ``metrics.json`` and ``README.md``.  ``resume=True`` keeps the ``ok`` rows of
  an earlier session and reruns every other item; no id ever gets two rows.

No per-item failure raises: a client that raises is turned into ``api_error`` rows for its batch, a parser that
raises into ``parse_failure`` (seed 001 "Pitfalls": rows silently lost on server errors, parse failures dropped).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import hashlib
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypedDict, TypeVar, Unpack

from medhal.llm.balance import BalancedClient
from medhal.llm.base import GenerationRequest, GenerationResult, ModelClient
from medhal.llm.cache import CacheError, ClientAndCache, ResponseCache
from medhal.llm.metrics import run_metrics
from medhal.llm.parsing import ParseFailure
from medhal.llm.runs import ITEM_SCHEMA_VERSION, RunDir, RunDirError, utc_iso

__all__ = [
    "Engine",
    "EngineStats",
    "Parser",
    "ProgressSink",
    "RunOptions",
    "RunSummary",
    "WorkItem",
    "run_closing",
    "run_sync",
]

T = TypeVar("T")
Parser = Callable[[str], object]
"""Turns one model output into a JSON-ready value, or returns a :class:`ParseFailure`."""
_LOOKUP_CHUNK = 1000


def run_sync(factory: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run the coroutine ``factory()`` to completion from synchronous code, even inside a running event loop
    (then in a helper thread with its own loop)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(factory())
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="medhal-sync") as pool:
        return pool.submit(lambda: asyncio.run(factory())).result()


def run_closing(main: Callable[[], Coroutine[Any, Any, T]], close: Callable[[], Awaitable[None]] | None) -> T:
    """Run ``main()`` from synchronous code (:func:`run_sync`), then await ``close()`` (when given) in the same
    event loop, whether ``main`` returned or raised."""

    async def guarded() -> T:
        try:
            return await main()
        finally:
            if close is not None:
                await close()

    return run_sync(guarded)


@dataclass(frozen=True, slots=True)
class WorkItem:
    """One row to produce: a request to send, or the reason the input could not become one (``error``).

    ``data`` is carried into the row unchanged (gold answers, source line numbers, ...).
    """

    id: str
    request: GenerationRequest | None = None
    error: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if (self.request is None) == (self.error is None):
            raise ValueError(f"work item {self.id!r} needs exactly one of request and error")


class ProgressSink(Protocol):
    """Receives progress from :meth:`Engine.arun` (the CLI renders it as a rich progress bar)."""

    def start(self, total: int, done: int) -> None: ...

    def advance(self, row: Mapping[str, Any]) -> None: ...

    def finish(self) -> None: ...


class RunOptions(TypedDict, total=False):
    """The keyword options of :meth:`Engine.arun`, which :meth:`Engine.run` passes on unchanged."""

    parser: Parser | None
    progress: ProgressSink | None
    resume: bool
    record_input: bool


@dataclass(slots=True)
class EngineStats:
    """Counters of one :meth:`Engine.astream` call."""

    requests: int = 0
    """Requests answered (from the client or the cache)."""
    cached: int = 0
    client_calls: int = 0
    """Attempts the client made (HTTP requests, model batches) for the non-cached requests."""
    cache_errors: int = 0


@dataclass(frozen=True, slots=True)
class RunSummary:
    """What :meth:`Engine.arun` did; ``status`` and ``metrics`` cover the whole run, the rest this session."""

    path: Path
    items: int
    kept: int
    processed: int
    status: dict[str, int]
    cached: int
    client_calls: int
    wall_s: float
    complete: bool
    metrics: dict[str, Any]

    @property
    def all_ok(self) -> bool:
        return self.status.get("ok", 0) == self.items


def _jsonable(value: object) -> object:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _jsonable(dataclasses.asdict(value))
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _elide_images(payload: dict[str, Any]) -> dict[str, Any]:
    """The request input for the row, with data-URL images replaced by their sha256 and size."""
    messages = payload.get("messages")
    if not isinstance(messages, list):
        return payload
    out = []
    for message in messages:
        content = message.get("content")
        if isinstance(content, list):
            parts = []
            for part in content:
                url = part.get("image_url", {}).get("url", "") if part.get("type") == "image_url" else ""
                if url.startswith("data:"):
                    head = url.split(",", 1)[0].replace(";base64", "")
                    digest = hashlib.sha256(url.encode()).hexdigest()[:16]
                    part = {"type": "image_url", "image_url": {"url": f"{head};sha256={digest};chars={len(url)}"}}
                parts.append(part)
            message = {**message, "content": parts}
        out.append(message)
    return {"messages": out}


def _parse_texts(texts: Sequence[str], parser: Parser) -> tuple[object, str | None, bool]:
    """(parsed value(s), reason, all failed)."""
    values: list[object] = []
    reasons: list[str] = []
    for text in texts:
        try:
            value = parser(text)
        except Exception as exc:  # a parser bug is a parse failure of this item, not a crash of the run
            value = ParseFailure(text, f"parser raised {type(exc).__name__}: {exc}")
        if isinstance(value, ParseFailure):
            reasons.append(value.reason)
            values.append(None)
        else:
            values.append(_jsonable(value))
    if len(texts) == 1:
        return values[0], (reasons[0] if reasons else None), bool(reasons)
    failed = len(reasons)
    reason = None if not failed else f"{failed} of {len(texts)} samples did not parse: {reasons[0]}"
    return values, reason, failed == len(texts)


class Engine(ClientAndCache):
    """Generation with caching, bounded concurrency and run directories over any :class:`ModelClient`.

    ``concurrency``: client calls in flight (default: the client's own ``concurrency`` attribute, else 1).
    ``batch_size``: requests per client call (default: ``client.batch_size``).  ``cache``: a
    :class:`ResponseCache`, or ``None`` to always call the model.
    """

    def __init__(
        self,
        client: ModelClient,
        *,
        cache: ResponseCache | None = None,
        concurrency: int | None = None,
        batch_size: int | None = None,
    ) -> None:
        self._client = client
        self._cache = cache
        default_concurrency = getattr(client, "concurrency", 1)
        self._concurrency = int(concurrency if concurrency is not None else default_concurrency)
        self._batch_size = int(batch_size if batch_size is not None else client.batch_size)
        if self._concurrency < 1 or self._batch_size < 1:
            raise ValueError("concurrency and batch_size must be >= 1")

    def describe(self) -> dict[str, Any]:
        return {
            "client": self._client.describe(),
            "model": self._client.model_id,
            "concurrency": self._concurrency,
            "batch_size": self._batch_size,
            "cache": None if self._cache is None else str(self._cache.path),
        }

    async def astream(
        self, requests: Sequence[GenerationRequest], emit: Callable[[int, GenerationResult], None]
    ) -> EngineStats:
        """Call ``emit(index, result)`` once per request as each finishes (cache hits first)."""
        stats = EngineStats()
        if not requests:
            return stats
        model, endpoint = self._client.model_id, self._client.endpoint
        workers = max(1, min(self._concurrency, -(-len(requests) // self._batch_size)))
        queue: asyncio.Queue[list[int] | None] = asyncio.Queue(maxsize=2 * workers)

        def deliver(index: int, result: GenerationResult) -> None:
            stats.requests += 1
            emit(index, result)

        async def produce() -> None:
            pending: list[int] = []
            for start in range(0, len(requests), _LOOKUP_CHUNK):
                indices = range(start, min(len(requests), start + _LOOKUP_CHUNK))
                chunk = [requests[i] for i in indices]
                hits: list[GenerationResult | None] = [None] * len(chunk)
                if self._cache is not None:
                    try:
                        hits = self._cache.lookup(model, endpoint, chunk)
                    except CacheError:
                        stats.cache_errors += 1
                for index, hit in zip(indices, hits, strict=True):
                    if hit is not None:
                        stats.cached += 1
                        deliver(index, hit)
                        continue
                    pending.append(index)
                    if len(pending) >= self._batch_size:
                        await queue.put(pending)
                        pending = []
                await asyncio.sleep(0)
            if pending:
                await queue.put(pending)
            for _ in range(workers):
                await queue.put(None)

        async def work() -> None:
            while (batch := await queue.get()) is not None:
                chunk = [requests[i] for i in batch]
                try:
                    results = await self._client.generate(chunk)
                    if len(results) != len(chunk):
                        raise RuntimeError(f"client returned {len(results)} results for {len(chunk)} requests")
                except Exception as exc:
                    reason = f"client error: {type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
                    results = [GenerationResult(r.id, "api_error", reason=reason, attempts=1) for r in chunk]
                if self._cache is not None:
                    try:
                        self._cache.store(model, endpoint, zip(chunk, results, strict=True))
                    except CacheError:
                        stats.cache_errors += 1
                for index, result in zip(batch, results, strict=True):
                    stats.client_calls += result.attempts
                    deliver(index, result)

        try:
            async with asyncio.TaskGroup() as group:
                group.create_task(produce())
                for _ in range(workers):
                    group.create_task(work())
        except BaseExceptionGroup as grouped:
            raise grouped.exceptions[0] from None
        return stats

    async def agenerate(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        """One result per request, in request order."""
        out: list[GenerationResult | None] = [None] * len(requests)

        def keep(index: int, result: GenerationResult) -> None:
            out[index] = result

        await self.astream(requests, keep)
        return [r for r in out if r is not None]

    def generate(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        """Synchronous :meth:`agenerate` (closes the client's connections of the loop it ran in)."""
        return run_closing(lambda: self.agenerate(requests), self._client.aclose)

    @staticmethod
    def build_row(
        item: WorkItem, result: GenerationResult | None, parser: Parser | None, *, record_input: bool = True
    ) -> dict[str, Any]:
        """The ``items.jsonl`` row of ``item`` (``result`` is ``None`` for an input error)."""
        row: dict[str, Any] = {"schema_version": ITEM_SCHEMA_VERSION, "id": item.id}
        if result is None:
            row.update(status="input_error", reason=item.error, output=None, parsed=None, attempts=0, cached=False)
            row.update(latency_s=0.0)
        else:
            status, reason, parsed = result.status, result.reason, None
            if status == "ok" and parser is not None:
                parsed, parse_reason, failed = _parse_texts(result.texts, parser)
                reason = parse_reason
                if failed:
                    status = "parse_failure"
            row.update(status=status, reason=reason, output=result.texts[0] if result.texts else None)
            if len(result.texts) > 1:
                row["outputs"] = list(result.texts)
            row["parsed"] = parsed
            row["finish_reason"] = result.finish_reasons[0] if result.finish_reasons else None
            row.update(attempts=result.attempts, cached=result.cached, latency_s=round(result.latency_s, 6))
            if result.usage:
                row["usage"] = dict(result.usage)
        if record_input and item.request is not None:
            row["input"] = _elide_images(item.request.payload())
        if item.data:
            row["data"] = _jsonable(item.data)
        row["finished_at"] = utc_iso()
        return row

    async def arun(
        self,
        items: Sequence[WorkItem],
        run: RunDir,
        *,
        parser: Parser | None = None,
        progress: ProgressSink | None = None,
        resume: bool = False,
        record_input: bool = True,
    ) -> RunSummary:
        """Produce one row per item in ``run``'s ``items.jsonl``; see the module docstring."""
        seen: set[str] = set()
        for item in items:
            if item.id in seen:
                raise ValueError(f"duplicate item id {item.id!r}: every item needs its own id")
            seen.add(item.id)
        started = time.perf_counter()
        with run.lock():
            loaded = run.read_items()
            if resume:
                kept = {i: r for i, r in loaded.rows.items() if r.get("status") == "ok"}
                if len(kept) != len(loaded.rows) or loaded.torn_bytes or loaded.bad_lines or loaded.duplicates:
                    run.rewrite_items(kept.values())
            elif loaded.rows or loaded.torn_bytes or loaded.bad_lines:
                raise RunDirError(f"{run.items_path} already has rows; resume the run instead")
            else:
                kept = {}
            todo = [item for item in items if item.id not in kept]
            session: Counter[str] = Counter()
            stats = EngineStats()
            complete = False
            if progress is not None:
                progress.start(len(items), len(items) - len(todo))
            writer = run.writer()
            try:

                def write(item: WorkItem, result: GenerationResult | None) -> None:
                    row = self.build_row(item, result, parser, record_input=record_input)
                    writer.append(row)
                    session[row["status"]] += 1
                    if progress is not None:
                        progress.advance(row)

                runnable = [item for item in todo if item.request is not None]
                for item in todo:
                    if item.request is None:
                        write(item, None)
                requests = [item.request for item in runnable if item.request is not None]
                stats = await self.astream(requests, lambda i, result: write(runnable[i], result))
                complete = True
            finally:
                writer.close()
                if progress is not None:
                    progress.finish()
                if not complete:  # interrupted: still leave metrics that say so, without masking the error
                    with contextlib.suppress(Exception):
                        self._finish(run, items, len(kept), len(todo), stats, False, started, session)
            return self._finish(run, items, len(kept), len(todo), stats, True, started, session)

    def _finish(
        self,
        run: RunDir,
        items: Sequence[WorkItem],
        kept: int,
        todo: int,
        stats: EngineStats,
        complete: bool,
        started: float,
        session: Counter[str],
    ) -> RunSummary:
        final = run.read_items()
        rows = [final.rows[item.id] for item in items if item.id in final.rows]
        metrics = run_metrics(rows)
        wall = time.perf_counter() - started
        ids = {item.id for item in items}
        metrics.update(
            complete=complete and len(rows) == len(items),
            missing=len(items) - len(rows),
            extra_rows=sum(1 for key in final.rows if key not in ids),
            model=self._client.model_id,
            session={
                "kept_from_earlier": kept,
                "processed": todo,
                "status": dict(session),
                "cached": stats.cached,
                "client_calls": stats.client_calls,
                "cache_errors": stats.cache_errors,
                "wall_s": round(wall, 3),
                "items_per_s": round(sum(session.values()) / wall, 3) if wall > 0 else None,
            },
            finished=utc_iso(),
        )
        if isinstance(self._client, BalancedClient):  # several replicas: what each one did (the client's lifetime)
            metrics["session"]["replicas"] = [dataclasses.asdict(s) for s in self._client.replica_stats()]
        run.write_metrics(metrics)
        run.write_readme(_readme(run, metrics))
        return RunSummary(
            run.path,
            len(items),
            kept,
            sum(session.values()),
            dict(metrics["status"]),
            stats.cached,
            stats.client_calls,
            wall,
            bool(metrics["complete"]),
            metrics,
        )

    def run(self, items: Sequence[WorkItem], run: RunDir, **options: Unpack[RunOptions]) -> RunSummary:
        """Synchronous :meth:`arun` (the same keyword options, :class:`RunOptions`)."""
        return run_closing(lambda: self.arun(items, run, **options), self._client.aclose)


def _readme(run: RunDir, metrics: Mapping[str, Any]) -> str:
    status = metrics["status"]
    lines = [
        f"# Run {run.path.name}",
        "",
        f"Model `{metrics['model']}`; {metrics['items']} item(s) recorded in `items.jsonl` "
        f"({'complete' if metrics['complete'] else 'incomplete: resume it'}).",
        "",
        "| status | items |",
        "| --- | --- |",
        *(f"| {key} | {value} |" for key, value in status.items()),
        "",
        f"Cached answers: {metrics['cached']}; items retried: {metrics['retried_items']}; "
        f"missing rows: {metrics['missing']}.",
        "",
        "Files: `config.json` (options, versions, sessions), `items.jsonl` (one row per item, the source of "
        "truth), `metrics.json` (these numbers).",
        "",
    ]
    if run.config.get("command") == "generate":
        lines[-1:] = [f"Rerun the items that are not `ok` with `medhal generate --resume {run.path}`.", ""]
    else:
        lines[-1:] = ["Resuming the run reruns the items that are not `ok` and keeps the rest.", ""]
    return "\n".join(lines)
