"""``medhal check --input``: a JSONL or Parquet batch checked chunk by chunk, each record written when it is done.

``--out`` follows :mod:`medhal.bench.runio`'s output-path policy: never through a symlink, an existing file only
with ``--overwrite``, one-line errors (exit 2) for a missing folder or a folder given as the file.  A batch's JSONL
is appended and flushed record by record, so ``--resume`` can continue it after a crash: complete lines are kept
(a torn last line is cut off and rewritten), and every input line whose id already has a record is skipped.  Ids
are the input's ``id`` (``line-N`` without one); an id repeated in the input makes the later line an
``input_error`` record ("duplicate id"), so each id is checked once; resume counts occurrences, so even such
records are never written twice.  Resumed output is byte for byte what an uninterrupted run writes (with
``--no-timings``): the chunk the interruption fell in is checked whole again, its done lines not rewritten.

The input and output formats are :data:`medhal.cli.inputs.BATCH_FORMATS`, chosen by suffix.  Parquet
(``pip install 'medhal[parquet]'``, ``.parquet``): ``--input`` reads the columns ``id``, ``evidence``,
``response``, ``question`` (each row is a line, numbered from 1); ``--out`` holds one
:meth:`~medhal.detect.records.CheckResult.to_row` per item (input errors as full rows with status
``input_error``), written as row groups to a temporary file moved into place at the end (the same output policy;
no ``--resume``: an interrupted run leaves no file).  Without a Parquet path pyarrow is never imported.

Engines (:mod:`medhal.scale`): the chunks go to one in-process Checker (``--engine local``) or to a Ray actor pool
(``--engine ray``; results come back in input order, so every output above is written exactly as the local
engine writes it).  With ``--engine ray`` an ``--out`` without a suffix (or an existing folder) is a folder of
part files plus ``manifest.json`` (:class:`medhal.scale.PartsOut`), in the input's format, resumable by id.
``--shard i/N`` checks only chunks ``i, i + N, ...`` (:class:`medhal.scale.Shard`) with either engine.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from medhal.bench.runio import (
    OutputPathError,
    atomic_output,
    check_output_file,
    open_output_stream,
    write_output_text,
)
from medhal.checker import Checker
from medhal.cli.inputs import BatchLine, UsageError, batch_format, iter_batch, require_batch
from medhal.detect import CheckItem, CheckResult
from medhal.detect.parquet import ResultWriter
from medhal.detect.records import JSONObject
from medhal.scale import (
    ChunkEngine,
    LocalEngine,
    PartFormat,
    PartsKey,
    PartsOut,
    RayOptions,
    Shard,
    is_parts_dir,
    parse_shard,
    ray_engine,
    require_ray,
)

__all__ = [
    "EXIT_BUG",
    "EXIT_CLEAN",
    "EXIT_FLAGGED",
    "EXIT_USAGE",
    "ParquetSink",
    "html_page",
    "run_batch",
    "scale_options",
]

EXIT_CLEAN, EXIT_FLAGGED, EXIT_USAGE, EXIT_BUG = 0, 1, 2, 3


def html_page(results: list[CheckResult], items: list[CheckItem | None]) -> str:
    from medhal.report.html_viewer import render_check_html

    return render_check_html(results, items, title="medhal check")


def _error_record(line: BatchLine, detector: str) -> JSONObject:
    return {
        "id": line.id,
        "status": "input_error",
        "reason": line.error,
        "detector": detector,
        "line": line.line,
    }


def _error_result(line: BatchLine, detector: str) -> CheckResult:
    return CheckResult(
        detector=detector, verifier_id=None, config={}, status="input_error", id=line.id, reason=line.error
    )


def _unique(lines: Iterator[BatchLine]) -> Iterator[BatchLine]:
    """``lines`` with every repeat of an id turned into an input error (resume goes by id)."""
    first: dict[str, int] = {}
    for line in lines:
        if line.id in first:
            reason = f"line {line.line}: duplicate id {line.id!r} (first on line {first[line.id]})"
            yield BatchLine(line.line, None, line.id, reason)
        else:
            first[line.id] = line.line
            yield line


def _read_done(path: Path) -> tuple[int, list[JSONObject]]:
    """The byte length of ``path``'s complete lines (a torn last line from a kill is not one) and their records;
    a complete line that is not a check record refuses the resume (:class:`UsageError`)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise OutputPathError(f"cannot read --out {path} to resume it: {exc.strerror or exc}") from None
    keep = data.rfind(b"\n") + 1
    records: list[JSONObject] = []
    for number, raw in enumerate(data[:keep].split(b"\n")[:-1], start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except ValueError:
            obj = None
        if not isinstance(obj, dict) or not isinstance(obj.get("id"), str) or "status" not in obj:
            raise UsageError(f"--out {path} line {number} is not a check record; cannot resume it")
        records.append(obj)
    return keep, records


def _open_resumed(path: Path, keep: int) -> TextIO:
    """``path`` opened for appending after its first ``keep`` bytes (what follows is a torn line)."""
    handle = open_output_stream(path, append=True)
    try:
        os.ftruncate(handle.fileno(), keep)
    except OSError as exc:
        handle.close()
        raise OutputPathError(f"cannot resume --out {path}: {exc.strerror or exc}") from None
    return handle


def _chunks(lines: Iterator[BatchLine], size: int) -> Iterator[list[BatchLine]]:
    chunk: list[BatchLine] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class ParquetSink:
    """A Parquet ``--out`` written under :func:`atomic_output`: row groups go to a temporary file beside ``path``,
    moved into place by :meth:`commit` (after the last row), removed by :meth:`abort` (an interrupted run leaves
    no partial file, and nothing to resume)."""

    def __init__(self, path: Path, *, overwrite: bool) -> None:
        self._stack = contextlib.ExitStack()
        handle = self._stack.enter_context(atomic_output(path, overwrite=overwrite))
        try:
            self._writer = ResultWriter(handle)
        except BaseException:
            self._stack.__exit__(*sys.exc_info())
            raise

    def write(self, rows: list[JSONObject]) -> None:
        self._writer.write(rows)

    def commit(self) -> None:
        self._writer.close()
        self._stack.close()

    def abort(self) -> None:
        """Call from an ``except`` block: drop the temporary file."""
        with contextlib.suppress(Exception):
            self._writer.close()
        self._stack.__exit__(*sys.exc_info())

    def run(self, rows: list[JSONObject]) -> None:
        try:
            self.write(rows)
        except BaseException:
            self.abort()
            raise
        self.commit()


def scale_options(
    *,
    batch: bool,
    engine: str,
    shard: str | None,
    num_workers: int | None,
    gpus_per_worker: float | None,
    address: str | None,
    threads: int | None,
    device: str | None,
) -> tuple[Shard | None, RayOptions | None]:
    """``--shard`` and the ``--engine`` flags as :func:`run_batch` takes them, refused (one line) where they do not
    apply: both need a batch; ``--num-workers``, ``--gpus-per-worker`` and ``--address`` need ``--engine ray``,
    and GPUs need ``--device cuda`` (Ray gives each worker its own GPUs, numbered from ``cuda:0``)."""
    if not batch and (engine != "local" or shard is not None):
        raise UsageError("--engine and --shard apply to a batch (--input)")
    parsed = None if shard is None else parse_shard(shard)
    flags = (("--num-workers", num_workers), ("--gpus-per-worker", gpus_per_worker), ("--address", address))
    if engine != "ray":
        given = [flag for flag, value in flags if value is not None]
        if given:
            raise UsageError(f"{given[0]} applies to --engine ray")
        return parsed, None
    if gpus_per_worker and not (device or "").startswith("cuda"):
        raise UsageError("--gpus-per-worker needs --device cuda (each worker sees its own GPUs, from cuda:0)")
    return parsed, RayOptions(num_workers, threads, gpus_per_worker or 0.0, address)


def run_batch(
    checker_factory: Callable[[], Checker],
    *,
    source: str,
    out: Path | None,
    detector: str,
    timings: bool,
    chunk_size: int,
    fmt: str = "json",
    overwrite: bool = False,
    resume: bool = False,
    shard: Shard | None = None,
    ray: RayOptions | None = None,
    part_rows: int = 1024,
) -> int:
    """Check every line of ``source``; write one JSON line per input line as soon as it is done (``fmt``
    ``html``: one audit page with every item, written at the end).  ``resume``: continue ``out`` by id (see the
    module docstring).  ``shard``: check only that shard's chunks; ``ray``: check them on a Ray actor pool
    (``part_rows``: records per part of an ``--out`` folder, cut at the next chunk's end)."""
    page: tuple[list[CheckResult], list[CheckItem | None]] | None = ([], []) if fmt == "html" else None
    written = batch_format(out)
    into_parts = ray is not None and out is not None and is_parts_dir(out)
    tabular = out is not None and not into_parts and written.tabular
    if ray is not None:
        if page is not None:
            raise UsageError("--engine ray writes JSONL or Parquet (--format json), not html")
        if into_parts and overwrite:
            raise UsageError(f"--out {out} is a folder of parts, never replaced: --resume it or choose a new folder")
        require_ray()
    if tabular:
        if page is not None:
            raise UsageError(f"--out {out} is {written.title}: it takes --format json (the default), not html")
        if resume:
            raise UsageError(
                f"--resume continues a JSONL --out; a {written.title} --out ({out}) is written whole at the end, so "
                "there is nothing to resume: rerun with --overwrite, or write JSONL to resume"
            )
    if out is not None and not into_parts:
        written.require()
    read = batch_format(source)
    read.require()
    require_batch(source)
    if resume and (out is None or page is not None or overwrite):
        raise UsageError("--resume continues a JSONL --out file, without --overwrite")
    keep, kept = 0, list[JSONObject]()
    parts: PartsOut | None = None
    if out is not None and into_parts:
        part_format: PartFormat = "parquet" if read.name == "parquet" else "jsonl"
        key = PartsKey(source, part_format, chunk_size, None if shard is None else str(shard), detector)
        parts = PartsOut(out, key, resume=resume, part_rows=part_rows)  # checked and read before the verifier is loaded
        kept = parts.kept
    elif out is not None:
        check_output_file(out, overwrite=overwrite, append=resume)  # before the verifier is loaded
        if resume and out.exists():
            keep, kept = _read_done(out)
    done = Counter(str(record["id"]) for record in kept)
    lines = _unique(iter_batch(source))
    engine: ChunkEngine = LocalEngine(checker_factory()) if ray is None else ray_engine(checker_factory, ray)
    err = Console(stderr=True)
    sink: ParquetSink | None = None
    if out is None or page is not None or tabular or parts is not None:
        handle: TextIO = sys.stdout  # not written to when the output is a table or parts
    elif resume:
        handle = _open_resumed(out, keep)
    else:
        handle = open_output_stream(out, overwrite=overwrite)
    total = flagged = errors = bugs = 0
    seen: Counter[str] = Counter()

    def pending(line: BatchLine) -> bool:
        seen[line.id] += 1
        return seen[line.id] > done[line.id]

    if tabular:
        assert out is not None
        sink = ParquetSink(out, overwrite=overwrite)
    try:
        with Progress(
            TextColumn("checking"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err,
            disable=not err.is_terminal,
        ) as progress:
            task = progress.add_task("check", total=None)

            def planned() -> Iterator[tuple[tuple[list[BatchLine], list[bool]], list[CheckItem]]]:
                """The chunks to check (this shard's, with a line not written yet), each with what to write."""
                for number, chunk in enumerate(_chunks(lines, chunk_size)):
                    if shard is not None and not shard.owns(number):
                        continue
                    wanted = [pending(line) for line in chunk]
                    if not any(wanted):  # done before the interruption
                        progress.update(task, advance=len(chunk))
                        continue
                    # a chunk is checked whole, even its lines done before a resume: items of one chunk share
                    # verifier passes, so their records (verifier_passes) match a run that was never interrupted
                    yield (chunk, wanted), [line.item for line in chunk if line.item is not None]

            for (chunk, wanted), checked in engine.check_chunks(planned()):
                results = iter(checked)
                rows: list[JSONObject] = []
                for line, write in zip(chunk, wanted, strict=True):
                    if line.item is None:
                        record = _error_record(line, detector)
                    else:
                        result = next(results)
                        record = result.to_dict(timings=timings)
                        record["line"] = line.line
                    if not write:
                        continue
                    total += 1
                    errors += record["status"] != "ok"
                    bugs += record["status"] == "internal_error"
                    flagged += bool(record.get("flagged"))
                    done_result = result if line.item is not None else _error_result(line, detector)
                    if sink is not None:
                        rows.append(done_result.to_row(timings=timings, line=line.line))
                    elif parts is not None:
                        row = done_result.to_row(timings=timings, line=line.line) if parts.format == "parquet" else None
                        parts.add(record, row)
                    elif page is None:
                        handle.write(json.dumps(record, ensure_ascii=False) + "\n")
                        handle.flush()
                    else:
                        page[0].append(done_result)
                        page[1].append(line.item)
                if sink is not None:
                    sink.write(rows)
                if parts is not None:
                    parts.chunk_done()
                progress.update(task, advance=len(chunk))
    except BaseException:
        if sink is not None:
            sink.abort()
        if parts is not None:
            with contextlib.suppress(Exception):
                parts.flush()  # the chunks checked so far stay, for --resume
        raise
    else:
        if sink is not None:
            sink.commit()
        if parts is not None:
            parts.close()
    finally:
        if handle is not sys.stdout:
            handle.close()
    if page is not None:
        if out is None:
            sys.stdout.write(html_page(*page))
        else:
            write_output_text(out, html_page(*page), overwrite=overwrite)
    note = engine.summary()
    if note is not None:
        err.print(note, highlight=False, soft_wrap=True)
    where = "stdout" if out is None else f"{out}/" if parts is not None else str(out)
    if kept:
        flagged += sum(bool(r.get("flagged")) for r in kept)
        errors += sum(r.get("status") != "ok" for r in kept)
        bugs += sum(r.get("status") == "internal_error" for r in kept)
        err.print(
            f"resumed: kept {len(kept)} record(s), checked {total} more item(s); in all {flagged} flagged, "
            f"{errors} error(s) -> {where}",
            highlight=False,
        )
    else:
        err.print(f"checked {total} item(s): {flagged} flagged, {errors} error(s) -> {where}", highlight=False)
    if bugs:  # every line is written; a bug on some items is still a bug
        err.print(f"{bugs} item(s) hit an internal error (status internal_error); please report it", highlight=False)
        return EXIT_BUG
    if errors:
        return EXIT_USAGE
    return EXIT_FLAGGED if flagged else EXIT_CLEAN
