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
from medhal.cli.inputs import BatchLine, UsageError, batch_format, iter_batch
from medhal.detect import CheckItem, CheckResult
from medhal.detect.parquet import ResultWriter
from medhal.detect.records import JSONObject

__all__ = ["EXIT_BUG", "EXIT_CLEAN", "EXIT_FLAGGED", "EXIT_USAGE", "ParquetSink", "html_page", "run_batch"]

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
) -> int:
    """Check every line of ``source``; write one JSON line per input line as soon as it is done (``fmt``
    ``html``: one audit page with every item, written at the end).  ``resume``: continue ``out`` by id (see the
    module docstring)."""
    page: tuple[list[CheckResult], list[CheckItem | None]] | None = ([], []) if fmt == "html" else None
    written = batch_format(out)
    tabular = out is not None and written.tabular
    if tabular:
        if page is not None:
            raise UsageError(f"--out {out} is {written.title}: it takes --format json (the default), not html")
        if resume:
            raise UsageError(
                f"--resume continues a JSONL --out; a {written.title} --out ({out}) is written whole at the end, so "
                "there is nothing to resume: rerun with --overwrite, or write JSONL to resume"
            )
    if out is not None:
        written.require()
    batch_format(source).require()
    if resume and (out is None or page is not None or overwrite):
        raise UsageError("--resume continues a JSONL --out file, without --overwrite")
    keep, kept = 0, list[JSONObject]()
    if out is not None:
        check_output_file(out, overwrite=overwrite, append=resume)  # before the verifier is loaded
        if resume and out.exists():
            keep, kept = _read_done(out)
    done = Counter(str(record["id"]) for record in kept)
    lines = _unique(iter_batch(source))
    checker = checker_factory()
    err = Console(stderr=True)
    sink: ParquetSink | None = None
    if out is None or page is not None or tabular:
        handle: TextIO = sys.stdout  # not written to when the output is a table
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
            for chunk in _chunks(lines, chunk_size):
                wanted = [pending(line) for line in chunk]
                if not any(wanted):  # done before the interruption
                    progress.update(task, advance=len(chunk))
                    continue
                # a chunk is checked whole, even its lines done before a resume: items of one chunk share
                # verifier passes, so their records (verifier_passes) match a run that was never interrupted
                items = [line.item for line in chunk if line.item is not None]
                results = iter(checker.check_many(items))
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
                    if sink is not None:
                        done_result = result if line.item is not None else _error_result(line, detector)
                        rows.append(done_result.to_row(timings=timings, line=line.line))
                    elif page is None:
                        handle.write(json.dumps(record, ensure_ascii=False) + "\n")
                        handle.flush()
                    else:
                        page[0].append(result if line.item is not None else _error_result(line, detector))
                        page[1].append(line.item)
                if sink is not None:
                    sink.write(rows)
                progress.update(task, advance=len(chunk))
    except BaseException:
        if sink is not None:
            sink.abort()
        raise
    else:
        if sink is not None:
            sink.commit()
    finally:
        if handle is not sys.stdout:
            handle.close()
    if page is not None:
        if out is None:
            sys.stdout.write(html_page(*page))
        else:
            write_output_text(out, html_page(*page), overwrite=overwrite)
    where = "stdout" if out is None else str(out)
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
