"""One SQLite file shared by the threads of a process and by other processes: the base of medhal's two caches.

:class:`~medhal.llm.cache.ResponseCache` (LLM answers) and :class:`~medhal.verify.cache.CachedVerifier` (pair
probabilities) both keep one autocommit connection behind a lock (``check_same_thread=False``) on a WAL journal
(other processes read while one writes), look many keys up in chunks of ``IN (...)`` and write many rows in one
transaction.  This leaf imports nothing from medhal: each cache passes its exception class and the words its
messages use, so their one-line errors stay their own.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

__all__ = ["SQLiteFile"]

CHUNK = 500
"""Keys per ``IN (...)`` lookup (SQLite's default limit of host parameters is 999)."""


class SQLiteFile:
    """``path`` opened (created with ``schema``) for a cache called ``what`` in messages, whose failures raise
    ``error``; ``detail`` words the SQLite or OS error in a message.  Close it, or use it as a context manager."""

    def __init__(
        self,
        path: Path,
        schema: Sequence[str],
        *,
        what: str,
        error: type[Exception],
        timeout: float = 5.0,
        detail: Callable[[BaseException], str] = str,
    ) -> None:
        self._path, self._what, self._error, self._detail = path, what, error, detail
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=timeout)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            for statement in schema:
                conn.execute(statement)
        except (OSError, sqlite3.Error) as exc:
            raise error(f"cannot open {what} {path}: {detail(exc)}") from None
        self._conn: sqlite3.Connection | None = conn

    @property
    def path(self) -> Path:
        """The SQLite file."""
        return self._path

    def _connection(self) -> sqlite3.Connection:
        """The open connection (call with the lock held); the cache's error once it is closed."""
        if self._conn is None:
            raise self._error(f"{self._what} {self._path} is closed")
        return self._conn

    def _select_in(self, sql: str, keys: Sequence[bytes], params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """The rows of ``sql`` (which holds ``{marks}`` where the ``IN`` placeholders go, after ``params``) for all
        ``keys``, looked up ``CHUNK`` at a time under the lock."""
        rows: list[tuple[object, ...]] = []
        with self._lock:
            conn = self._connection()
            for start in range(0, len(keys), CHUNK):
                chunk = tuple(keys[start : start + CHUNK])
                marks = ",".join("?" * len(chunk))
                rows.extend(conn.execute(sql.format(marks=marks), (*params, *chunk)).fetchall())
        return rows

    def _write_many(self, sql: str, rows: Sequence[tuple[object, ...]], *, immediate: bool = False) -> None:
        """``executemany(sql, rows)`` in one transaction under the lock (``BEGIN IMMEDIATE`` takes the write lock
        at once, for files several processes write), rolled back when it fails."""
        with self._lock:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
            try:
                conn.executemany(sql, rows)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def close(self) -> None:
        """Close the database (idempotent); later use raises the cache's error."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
