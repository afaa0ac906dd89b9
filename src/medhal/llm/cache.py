"""A persistent SQLite (WAL) cache of model answers, one row per sample.

The key of a sample is the sha256 of a canonical JSON document holding the model id, the endpoint (base URL),
the request's messages or prompt, its generation config (without ``n``) and the sample index, so a request for
``n = 5`` samples is five rows, and asking later for ``n = 3`` of the same request is three hits.  Only
reproducible requests are cached — greedy decoding and seeded sampling (:attr:`GenerationConfig.cacheable`) —
and only successful answers: an ``api_error`` is never remembered, so a re-run tries again.

The database may be shared by several processes (WAL journal, busy timeout) and by the threads of one process
(one connection behind a lock).  ``medhal cache stats|clear|prune`` administers it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from medhal._sqlite import SQLiteFile
from medhal.errors import BackendError
from medhal.llm.base import GenerationRequest, GenerationResult, ModelClient

__all__ = [
    "CACHE_ENV",
    "CacheError",
    "CacheStats",
    "CachedSample",
    "ClientAndCache",
    "ResponseCache",
    "default_cache_path",
    "sample_key",
]

CACHE_ENV = "MEDHAL_LLM_CACHE"
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS responses ("
    " key BLOB PRIMARY KEY, model TEXT NOT NULL, text TEXT NOT NULL, finish_reason TEXT,"
    " created REAL NOT NULL) WITHOUT ROWID"
)
_INDEX = "CREATE INDEX IF NOT EXISTS responses_created ON responses (created)"


class CacheError(BackendError, RuntimeError):
    """The cache file cannot be opened, read or written (one-line message)."""


def default_cache_path() -> Path:
    """``$MEDHAL_LLM_CACHE``, else ``$XDG_CACHE_HOME/medhal/llm.sqlite`` (``~/.cache`` by default)."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit).expanduser()
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root) / "medhal" / "llm.sqlite"


def sample_key(model_id: str, endpoint: str, request: GenerationRequest, sample: int) -> bytes:
    """sha256 over (model, endpoint, messages/prompt, generation config without ``n``, sample index)."""
    config = request.config.to_dict()
    del config["n"]
    document = {
        "model": model_id,
        "endpoint": endpoint,
        "input": request.payload(),
        "config": config,
        "sample": sample,
    }
    canonical = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).digest()


@dataclass(frozen=True, slots=True)
class CachedSample:
    text: str
    finish_reason: str | None


@dataclass(frozen=True, slots=True)
class CacheStats:
    """What ``medhal cache stats`` prints."""

    path: str
    exists: bool
    rows: int = 0
    bytes: int = 0
    models: dict[str, int] = field(default_factory=dict)
    oldest: float | None = None
    newest: float | None = None
    hits: int = 0
    """Hits and misses counted by this :class:`ResponseCache` object (this process)."""
    misses: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "exists": self.exists,
            "rows": self.rows,
            "bytes": self.bytes,
            "models": dict(self.models),
            "oldest": self.oldest,
            "newest": self.newest,
            "hits": self.hits,
            "misses": self.misses,
        }


def _file_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists())


class ResponseCache(SQLiteFile):
    """The response cache at ``path`` (default :func:`default_cache_path`); created on first use."""

    def __init__(self, path: str | Path | None = None) -> None:
        where = Path(path).expanduser() if path is not None else default_cache_path()
        super().__init__(where, (_SCHEMA, _INDEX), what="LLM cache", error=CacheError, timeout=30.0)
        self._hits = 0
        self._misses = 0

    def get_many(self, keys: Sequence[bytes]) -> dict[bytes, CachedSample]:
        """The cached samples among ``keys`` (counts one hit or miss per key)."""
        try:
            rows = self._select_in("SELECT key, text, finish_reason FROM responses WHERE key IN ({marks})", keys)
        except sqlite3.Error as exc:
            raise CacheError(f"LLM cache {self._path} lookup failed: {exc}") from None
        found = {bytes(cast(bytes, k)): CachedSample(cast(str, t), cast("str | None", f)) for k, t, f in rows}
        with self._lock:
            self._hits += len(found)
            self._misses += len(set(keys)) - len(found)
        return found

    def put_many(self, rows: Iterable[tuple[bytes, str, CachedSample]]) -> None:
        """Store ``(key, model_id, sample)`` rows in one transaction (replacing existing keys)."""
        now = time.time()
        values = [(key, model, s.text, s.finish_reason, now) for key, model, s in rows]
        if not values:
            return
        try:
            self._write_many("INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?)", values, immediate=True)
        except sqlite3.Error as exc:
            raise CacheError(f"LLM cache {self._path} write failed: {exc}") from None

    def lookup(
        self, model_id: str, endpoint: str, requests: Sequence[GenerationRequest]
    ) -> list[GenerationResult | None]:
        """For each request: the cached result when it is cacheable and all its ``n`` samples are stored."""
        keys_per: list[list[bytes] | None] = []
        flat: list[bytes] = []
        for request in requests:
            if not request.config.cacheable:
                keys_per.append(None)
                continue
            keys = [sample_key(model_id, endpoint, request, i) for i in range(request.config.n)]
            keys_per.append(keys)
            flat.extend(keys)
        found = self.get_many(flat) if flat else {}
        out: list[GenerationResult | None] = []
        for request, maybe_keys in zip(requests, keys_per, strict=True):
            if maybe_keys is None or any(k not in found for k in maybe_keys):
                out.append(None)
                continue
            samples = [found[k] for k in maybe_keys]
            out.append(
                GenerationResult(
                    request.id,
                    "ok",
                    texts=tuple(s.text for s in samples),
                    cached=True,
                    finish_reasons=tuple(s.finish_reason for s in samples),
                )
            )
        return out

    def store(self, model_id: str, endpoint: str, pairs: Iterable[tuple[GenerationRequest, GenerationResult]]) -> int:
        """Remember the samples of successful, cacheable, freshly generated results; returns rows written."""
        rows: list[tuple[bytes, str, CachedSample]] = []
        for request, result in pairs:
            if result.status != "ok" or result.cached or not request.config.cacheable:
                continue
            for i, text in enumerate(result.texts):
                finish = result.finish_reasons[i] if i < len(result.finish_reasons) else None
                rows.append((sample_key(model_id, endpoint, request, i), model_id, CachedSample(text, finish)))
        self.put_many(rows)
        return len(rows)

    def stats(self) -> CacheStats:
        try:
            with self._lock:
                conn = self._connection()
                rows, oldest, newest = conn.execute(
                    "SELECT COUNT(*), MIN(created), MAX(created) FROM responses"
                ).fetchone()
                models = dict(conn.execute("SELECT model, COUNT(*) FROM responses GROUP BY model ORDER BY model"))
        except sqlite3.Error as exc:
            raise CacheError(f"LLM cache {self._path} cannot be read: {exc}") from None
        return CacheStats(
            str(self._path), True, int(rows), _file_bytes(self._path), models, oldest, newest, self._hits, self._misses
        )

    def _delete(self, where: str, params: tuple[Any, ...]) -> int:
        try:
            with self._lock:
                conn = self._connection()
                cursor = conn.execute(f"DELETE FROM responses {where}", params)
                removed = cursor.rowcount
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                conn.execute("VACUUM")
        except sqlite3.Error as exc:
            raise CacheError(f"LLM cache {self._path} cannot be changed: {exc}") from None
        return int(removed)

    def clear(self, model: str | None = None) -> int:
        """Delete every row (or only those of ``model``); returns the number removed."""
        if model is None:
            return self._delete("", ())
        return self._delete("WHERE model = ?", (model,))

    def prune(self, *, older_than_s: float | None = None, max_rows: int | None = None) -> int:
        """Delete rows created more than ``older_than_s`` seconds ago, then the oldest beyond ``max_rows``."""
        removed = 0
        if older_than_s is not None:
            removed += self._delete("WHERE created < ?", (time.time() - older_than_s,))
        if max_rows is not None:
            removed += self._delete(
                "WHERE key IN (SELECT key FROM responses ORDER BY created DESC LIMIT -1 OFFSET ?)", (max_rows,)
            )
        return removed


class ClientAndCache:
    """Read-only :attr:`client` and :attr:`cache` of an object that sends requests to a model client through an
    optional response cache (the :class:`~medhal.llm.engine.Engine`, the LLM verifier); it sets ``_client`` and
    ``_cache``."""

    _client: ModelClient
    _cache: ResponseCache | None

    @property
    def client(self) -> ModelClient:
        return self._client

    @property
    def cache(self) -> ResponseCache | None:
        return self._cache
