"""The LLM engine of a ``bench`` command that runs a model (``bench paired``, ``bench medhalt``), built lazily.

The suite calls the engine factory only when it has notes or items to send to the model, so a rerun of a finished
run, or one whose inputs fail to load, neither loads a client nor opens the response cache.  Private to
:mod:`medhal.cli`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from medhal.llm.base import ModelClient
    from medhal.llm.cache import ResponseCache
    from medhal.llm.engine import Engine

__all__ = ["LazyEngine"]


class LazyEngine:
    """A factory of the :class:`~medhal.llm.engine.Engine` a suite runs the model through (``Spec.engine``).

    Each call builds the client (``client()``), then, unless ``no_cache``, opens the response cache at ``cache``
    (``None``: the default file; opened on the first call and shared by later ones), and returns an engine with
    ``concurrency`` requests in flight (``None``: the client's own).  :meth:`close` closes the cache it opened;
    call it when the run ends, however it ends."""

    def __init__(
        self, client: Callable[[], ModelClient], *, cache: Path | None, no_cache: bool, concurrency: int | None
    ) -> None:
        self._client = client
        self._cache_path = cache
        self._no_cache = no_cache
        self._concurrency = concurrency
        self._cache: ResponseCache | None = None

    def __call__(self) -> Engine:
        from medhal.llm.cache import ResponseCache
        from medhal.llm.engine import Engine

        client = self._client()
        if self._cache is None and not self._no_cache:
            self._cache = ResponseCache(self._cache_path)
        return Engine(client, cache=self._cache, concurrency=self._concurrency)

    def close(self) -> None:
        """Close the response cache, if a call opened one (again: nothing)."""
        if self._cache is not None:
            self._cache.close()
            self._cache = None
