"""``medhal cache stats|clear|prune``: inspect and trim the LLM response cache (:mod:`medhal.llm.cache`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, TypeVar

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

T = TypeVar("T")

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


def _use(cache: ResponseCache, action: Callable[[ResponseCache], T]) -> T:
    """``action(cache)``, closing the cache afterwards; a :class:`CacheError` is a one-line usage error."""
    try:
        return action(cache)
    except CacheError as exc:
        raise UsageError(str(exc)) from None
    finally:
        cache.close()


def _remove(path: Path | None, verb: str, action: Callable[[ResponseCache], int]) -> None:
    """Run a deleting ``action`` on the cache at ``path`` and say how many answers went (or that there is none)."""
    cache = _open(path)
    if cache is None:
        typer.echo(f"no cache; nothing to {verb}")
        return
    removed = _use(cache, action)
    typer.echo(f"removed {removed} answer(s)")


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
    stats = _use(cache, ResponseCache.stats)
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
    _remove(path, "clear", lambda cache: cache.clear(model))


@cache_app.command("prune")
def cache_prune(
    path: PathOption = None,
    older_than_days: Annotated[float | None, typer.Option(min=0.0, help="Delete answers older than this.")] = None,
    max_rows: Annotated[int | None, typer.Option(min=0, help="Then keep at most this many (newest).")] = None,
) -> None:
    """Delete old answers, and/or the oldest beyond a row budget."""
    if older_than_days is None and max_rows is None:
        raise UsageError("prune needs --older-than-days and/or --max-rows")
    older_than_s = None if older_than_days is None else older_than_days * 86400.0
    _remove(path, "prune", lambda cache: cache.prune(older_than_s=older_than_s, max_rows=max_rows))
