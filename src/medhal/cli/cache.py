"""``medhal cache stats|clear|prune``: inspect and trim the LLM response cache (:mod:`medhal.llm.cache`)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from medhal.cli.inputs import UsageError
from medhal.llm.cache import CacheError, ResponseCache, default_cache_path

__all__ = ["cache_app"]

cache_app = typer.Typer(
    name="cache",
    help="Inspect and trim the LLM response cache (default ~/.cache/medhal/llm.sqlite or $MEDHAL_LLM_CACHE).",
    no_args_is_help=True,
    add_completion=False,
)

PathOption = Annotated[Path | None, typer.Option("--path", help="The cache file (default: see medhal cache --help).")]


def _open(path: Path | None) -> ResponseCache | None:
    """The cache at ``path``, or ``None`` when no cache file exists there (nothing is created)."""
    target = path if path is not None else default_cache_path()
    if not target.exists():
        return None
    if target.is_dir():
        raise UsageError(f"cache path {target} is a directory")
    try:
        return ResponseCache(target)
    except CacheError as exc:
        raise UsageError(str(exc)) from None


def _when(timestamp: float | None) -> str:
    if timestamp is None:
        return "-"
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m-%d %H:%M:%SZ")


@cache_app.command("stats")
def cache_stats(
    path: PathOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Rows, size on disk and rows per model."""
    target = path if path is not None else default_cache_path()
    cache = _open(path)
    if cache is None:
        if as_json:
            typer.echo(json.dumps({"path": str(target), "exists": False, "rows": 0}))
        else:
            typer.echo(f"no cache at {target}")
        return
    try:
        stats = cache.stats()
    except CacheError as exc:
        raise UsageError(str(exc)) from None
    finally:
        cache.close()
    if as_json:
        typer.echo(json.dumps(stats.to_dict()))
        return
    typer.echo(f"cache {stats.path}: {stats.rows} answer(s), {stats.bytes / 1e6:.2f} MB")
    typer.echo(f"oldest {_when(stats.oldest)}, newest {_when(stats.newest)}")
    for model, rows in stats.models.items():
        typer.echo(f"  {model}: {rows}")


@cache_app.command("clear")
def cache_clear(
    path: PathOption = None,
    model: Annotated[str | None, typer.Option(help="Only this model's answers (e.g. openai/my-model).")] = None,
) -> None:
    """Delete cached answers (all, or one model's)."""
    cache = _open(path)
    if cache is None:
        typer.echo("no cache; nothing to clear")
        return
    try:
        removed = cache.clear(model)
    except CacheError as exc:
        raise UsageError(str(exc)) from None
    finally:
        cache.close()
    typer.echo(f"removed {removed} answer(s)")


@cache_app.command("prune")
def cache_prune(
    path: PathOption = None,
    older_than_days: Annotated[float | None, typer.Option(min=0.0, help="Delete answers older than this.")] = None,
    max_rows: Annotated[int | None, typer.Option(min=0, help="Then keep at most this many (newest).")] = None,
) -> None:
    """Delete old answers, and/or the oldest beyond a row budget."""
    if older_than_days is None and max_rows is None:
        raise UsageError("prune needs --older-than-days and/or --max-rows")
    cache = _open(path)
    if cache is None:
        typer.echo("no cache; nothing to prune")
        return
    try:
        removed = cache.prune(
            older_than_s=None if older_than_days is None else older_than_days * 86400.0, max_rows=max_rows
        )
    except CacheError as exc:
        raise UsageError(str(exc)) from None
    finally:
        cache.close()
    typer.echo(f"removed {removed} answer(s)")
