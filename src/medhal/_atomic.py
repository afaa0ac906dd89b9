"""A whole file written through a temporary file beside it, so a reader never sees half a file.

The one implementation under ``bench.runio`` (the output policy of the CLI, the service and the suites) and
``llm.runs`` (run directories).  The caller makes the temporary file, with its own name scheme and flags (``runio``
opens it ``O_EXCL | O_NOFOLLOW``, ``runs`` with ``mkstemp``), and says how it is moved into place (``os.replace``,
or ``runio``'s move that never replaces an existing entry); :func:`atomic_file` writes it, flushes and fsyncs it
before the move, and removes it when anything fails, the move included, leaving the target as it was.

A leaf under every layer: imports nothing from medhal.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["atomic_file"]


@contextlib.contextmanager
def atomic_file(
    path: Path, temp: tuple[int, Path], move: Callable[[Path, Path], None] = os.replace
) -> Iterator[BinaryIO]:
    """The new temporary file ``temp`` (an open descriptor and its path, in ``path``'s folder) as a binary stream.

    When the ``with`` block ends without an exception the stream is flushed, fsynced and closed, and
    ``move(tmp, path)`` puts it in place; on any exception, in the block or in the move, the temporary file is
    removed and the exception raised again."""
    fd, tmp = temp
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        move(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
