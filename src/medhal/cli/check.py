"""``medhal check``: one evidence/response pair, or a JSONL batch streamed to JSONL."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from medhal.checker import Checker
from medhal.cli.inputs import BatchLine, UsageError, iter_batch, read_text
from medhal.cli.render import render_result
from medhal.detect import CheckItem, CheckResult, InputError, validate_item

__all__ = ["detector_options", "run_batch", "run_single"]

EXIT_CLEAN, EXIT_FLAGGED, EXIT_USAGE = 0, 1, 2


def detector_options(
    detector: str,
    *,
    units: str,
    threshold: float | None,
    long_windows: str,
    signals: float | None = None,
    max_windows: int | None = None,
    premise: str = "whole",
    aggregation: str | None = None,
) -> dict[str, Any]:
    """The keyword options each built-in detector accepts, from the CLI flags."""
    options: dict[str, Any] = {}
    if detector in ("decomposed", "nli-clause"):
        options["units"] = units
        if signals is not None:
            options["signals"] = signals
    if detector == "nli-clause" and premise != "whole":
        options["premise"] = premise
    if detector == "decomposed":
        options["long_windows"] = long_windows
        if max_windows is not None:
            options["max_windows"] = max_windows
        if aggregation is not None:
            options["aggregation"] = aggregation
    if threshold is not None:
        options["threshold"] = threshold
    return options


def _dumps(result: CheckResult, *, timings: bool, indent: int | None = None) -> str:
    return json.dumps(result.to_dict(timings=timings), ensure_ascii=False, indent=indent)


def run_single(
    checker_factory: Any,
    *,
    evidence: str,
    response: str,
    question: str | None,
    fmt: str,
    out: Path | None,
    timings: bool,
) -> int:
    evidence_text = read_text(evidence, "evidence")
    response_text = read_text(response, "response")
    item = CheckItem(evidence_text, response_text, question)
    try:
        validate_item(item)
    except InputError as exc:
        raise UsageError(str(exc)) from None
    checker: Checker = checker_factory()
    result = checker.detector.detect(item)
    if result.status != "ok":
        raise UsageError(result.reason or "input error")
    if fmt in ("json", "html"):
        text = _dumps(result, timings=timings, indent=2) + "\n" if fmt == "json" else _html([result], [item])
        if out is None:
            sys.stdout.write(text)
        else:
            out.write_text(text, encoding="utf-8")
    elif out is None:
        render_result(Console(), result, response_text)
    else:
        with out.open("w", encoding="utf-8") as handle:
            render_result(Console(file=handle, width=120, no_color=True), result, response_text)
    return EXIT_FLAGGED if result.flagged else EXIT_CLEAN


def _html(results: list[CheckResult], items: list[CheckItem | None]) -> str:
    from medhal.report.html_viewer import render_check_html

    return render_check_html(results, items, title="medhal check")


def _error_record(line: BatchLine, detector: str) -> dict[str, Any]:
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


def _chunks(lines: Iterator[BatchLine], size: int) -> Iterator[list[BatchLine]]:
    chunk: list[BatchLine] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_batch(
    checker_factory: Any,
    *,
    source: str,
    out: Path | None,
    detector: str,
    timings: bool,
    chunk_size: int,
    fmt: str = "json",
) -> int:
    """Check every line of ``source``; write one JSON line per input line as soon as its chunk is done (``fmt``
    ``html``: one audit page with every item, written at the end)."""
    lines = iter_batch(source)
    checker: Checker = checker_factory()
    err = Console(stderr=True)
    page: tuple[list[CheckResult], list[CheckItem | None]] | None = ([], []) if fmt == "html" else None
    handle: TextIO = sys.stdout if out is None or page is not None else out.open("w", encoding="utf-8")
    total = flagged = errors = 0
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
                items = [line.item for line in chunk if line.item is not None]
                results = iter(checker.check_many(items))
                for line in chunk:
                    if line.item is None:
                        record = _error_record(line, detector)
                    else:
                        result = next(results)
                        record = result.to_dict(timings=timings)
                        record["line"] = line.line
                    total += 1
                    errors += record["status"] != "ok"
                    flagged += bool(record.get("flagged"))
                    if page is None:
                        handle.write(json.dumps(record, ensure_ascii=False) + "\n")
                    else:
                        page[0].append(result if line.item is not None else _error_result(line, detector))
                        page[1].append(line.item)
                handle.flush()
                progress.update(task, advance=len(chunk))
    finally:
        if handle is not sys.stdout:
            handle.close()
    if page is not None:
        if out is None:
            sys.stdout.write(_html(*page))
        else:
            out.write_text(_html(*page), encoding="utf-8")
    where = "stdout" if out is None else str(out)
    err.print(f"checked {total} item(s): {flagged} flagged, {errors} input error(s) -> {where}", highlight=False)
    if errors:
        return EXIT_USAGE
    return EXIT_FLAGGED if flagged else EXIT_CLEAN
