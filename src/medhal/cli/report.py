"""``medhal report RUN_DIR``: self-contained HTML from a run directory.

A ``report.md`` becomes ``report.html`` beside it (figures embedded); a JSONL of check records (what ``medhal check
--input ... --out results.jsonl`` writes) becomes ``results.html``, the audit viewer.  RUN_DIR may also name one
such file directly.  ``--items`` gives the batch input the records came from, so the viewer can show each whole
answer and highlight the deciding windows inside the full evidence.

Outputs follow the ``--out`` policy of :mod:`medhal.bench.runio`: never written through a symlink, an existing
``--out`` file only with ``--overwrite``.  The default targets beside their sources are regenerated in place when
they are medhal's own HTML (its generator tag); any other file there also needs ``--overwrite``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from medhal.bench.runio import write_output_text
from medhal.cli.inputs import UsageError, iter_batch
from medhal.detect import CheckItem, CheckResult
from medhal.detect.records import JSONObject

__all__ = ["read_check_results", "report_command", "write_reports"]


def _records(path: Path) -> list[JSONObject] | None:
    """The JSON objects of ``path`` when it looks like check records, else ``None``."""
    records: list[JSONObject] = []
    try:
        with path.open(encoding="utf-8") as handle:
            for raw in handle:
                if not raw.strip():
                    continue
                obj = json.loads(raw)
                if not isinstance(obj, dict) or "status" not in obj or "detector" not in obj:
                    return None
                records.append(obj)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    ok = [r for r in records if r.get("status") == "ok"]
    if not any("schema_version" in r for r in records):
        return None
    if not all(isinstance(r.get("units"), list) and "schema_version" in r for r in ok):
        return None
    return records


def read_check_results(path: Path) -> list[tuple[CheckResult, int | None]] | None:
    """Check records of a JSONL file with the input line each came from (``None`` when not recorded); ``None``
    when the file does not hold check records."""
    from medhal.report.html_viewer import result_from_dict

    records = _records(path)
    if records is None:
        return None
    out: list[tuple[CheckResult, int | None]] = []
    for number, record in enumerate(records, start=1):
        try:
            result = result_from_dict(record)
        except (KeyError, TypeError, ValueError) as exc:
            raise UsageError(f"{path}: record {number} is not a check record: {exc}") from None
        line = record.get("line")
        out.append((result, line if isinstance(line, int) else None))
    return out


def _match_items(results: list[tuple[CheckResult, int | None]], source: Path) -> list[CheckItem | None]:
    if not source.is_file():
        raise UsageError(f"items file {source} does not exist")
    by_line: dict[int, CheckItem] = {}
    by_id: dict[str, CheckItem] = {}
    for batch_line in iter_batch(str(source)):
        if batch_line.item is not None:
            by_line[batch_line.line] = batch_line.item
            by_id.setdefault(batch_line.id, batch_line.item)
    matched: list[CheckItem | None] = []
    for result, line in results:
        item = by_line.get(line) if line is not None else None
        if item is None or (result.id is not None and item.id != result.id):
            item = by_id.get(result.id) if result.id is not None else None
        matched.append(item)
    return matched


_GENERATOR = b'<meta name="generator" content="medhal '


def _medhal_html(path: Path) -> bool:
    """Whether ``path`` is a regular file (not a symlink) that medhal wrote: its head has our generator tag."""
    if path.is_symlink() or not path.is_file():
        return False
    try:
        with path.open("rb") as handle:
            return _GENERATOR in handle.read(4096)
    except OSError:
        return False


def _write_html(target: Path, page: str, *, overwrite: bool, explicit: bool) -> Path:
    """Write ``page`` to ``target`` (``explicit``: the user's ``--out``) under the output policy."""
    replace = overwrite or (not explicit and _medhal_html(target))
    write_output_text(target, page, overwrite=replace, what="--out" if explicit else "HTML target")
    return target


def _write_viewer(source: Path, target: Path, items: Path | None, *, overwrite: bool, explicit: bool) -> Path:
    from medhal.report.html_viewer import render_check_html

    results = read_check_results(source)
    if results is None:
        raise UsageError(f"{source} is not a JSONL of check records")
    matched = _match_items(results, items) if items is not None else None
    page = render_check_html([r for r, _ in results], matched, title=f"medhal check: {source.name}")
    return _write_html(target, page, overwrite=overwrite, explicit=explicit)


def write_reports(
    path: Path, *, items: Path | None = None, out: Path | None = None, overwrite: bool = False
) -> list[Path]:
    """Write the HTML ``path`` calls for (see the module docstring); return what was written."""
    from medhal.report.html_report import markdown_to_html

    if not path.exists():
        raise UsageError(f"{path} does not exist")
    explicit = out is not None
    if path.is_file():
        if path.suffix.lower() == ".md":
            page = markdown_to_html(path.read_text(encoding="utf-8"), base_dir=path.parent)
            return [_write_html(out or path.with_suffix(".html"), page, overwrite=overwrite, explicit=explicit)]
        return [_write_viewer(path, out or path.with_suffix(".html"), items, overwrite=overwrite, explicit=explicit)]
    report = path / "report.md"
    sources = [p for p in sorted(path.glob("*.jsonl")) if _records(p) is not None]
    if not report.is_file() and not sources:
        raise UsageError(f"{path} has neither a report.md nor a JSONL of check records")
    if out is not None:
        found = ([report.name] if report.is_file() else []) + [p.name for p in sources]
        if len(found) != 1:
            raise UsageError(f"--out needs a single source in {path}; found {', '.join(found)}")
        return write_reports(report if report.is_file() else sources[0], items=items, out=out, overwrite=overwrite)
    written: list[Path] = []
    if report.is_file():
        written += write_reports(report, overwrite=overwrite)
    for source in sources:
        written.append(_write_viewer(source, source.with_suffix(".html"), items, overwrite=overwrite, explicit=False))
    return written


def report_command(
    run_dir: Annotated[
        Path,
        typer.Argument(help="Run directory (report.md and/or a JSONL of check records), or one such file."),
    ],
    items: Annotated[
        Path | None,
        typer.Option(help="The batch input JSONL the check records came from (whole answers and evidence)."),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Where to write the HTML (a single source only).")
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace an existing --out file (or a non-medhal file in the way).")
    ] = False,
) -> None:
    """Write self-contained HTML: report.html from report.md, an audit viewer from check records."""
    for path in write_reports(run_dir, items=items, out=out, overwrite=overwrite):
        typer.echo(f"wrote {path}")
