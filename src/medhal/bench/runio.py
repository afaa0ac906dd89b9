"""What every output writer shares: JSON-safe values, atomic writes and the output-path policy.

``metrics.json`` and ``items.jsonl`` must be strict JSON (no ``NaN`` / ``Infinity``, which Python's encoder
would emit): non-finite floats become ``null``; tuples become lists; mapping keys become strings.

Output-path policy (every ``--out`` of the CLI):

- a file output is never written through a symbolic link (a symlink path is refused, and files are opened with
  ``O_NOFOLLOW``), and an existing file is never replaced unless the caller passes ``overwrite`` (``--overwrite``);
- a missing parent folder, or a folder given where a file is expected, is an :class:`OutputPathError` (one line;
  the CLI exits 2);
- whole outputs are written to a temporary file in the same folder and moved into place (:func:`write_output_text`,
  :func:`atomic_output` for binary files written in pieces; the write is :func:`medhal._atomic.atomic_file`, with
  this module's temporary file and move), so a reader never sees half a file; streaming outputs are appended line
  by line (:func:`open_output_stream`);
- a run directory must be absent or an empty folder and not a symlink (:func:`check_run_dir`);
- every file is created with mode ``0o666`` less the umask (0644 under the usual umask), as ``open`` would.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from medhal._atomic import atomic_file
from medhal.errors import OutputPathError

__all__ = [
    "OutputPathError",
    "atomic_output",
    "atomic_write_text",
    "check_output_file",
    "check_run_dir",
    "claim_run_dir",
    "json_line",
    "json_safe",
    "open_output_stream",
    "write_json",
    "write_output_text",
]

FILE_MODE = 0o666
"""Mode of every file written (less the umask), as a plain ``open(path, "w")`` would create it."""


def json_safe(value: object) -> Any:
    """``value`` with non-finite floats as ``None``, recursively through dicts, lists and tuples."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    return value


def json_line(value: object) -> str:
    """One JSONL line (UTF-8 text kept as is) ending in a newline."""
    return json.dumps(json_safe(value), ensure_ascii=False) + "\n"


def write_json(path: Path, payload: Any) -> None:
    """Write ``payload`` as indented JSON through a temporary file, so a reader never sees half a file."""
    atomic_write_text(path, json.dumps(json_safe(payload), indent=2, ensure_ascii=False) + "\n")


def _temp_file(path: Path) -> tuple[int, Path]:
    """A new file beside ``path`` (``O_EXCL | O_NOFOLLOW``, mode 0666 less the umask) and its path."""
    for attempt in range(100):
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{attempt}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, FILE_MODE)
        except FileExistsError:
            continue
        return fd, tmp
    raise FileExistsError(errno.EEXIST, "no free temporary file name", str(path))


def _move_into_place(tmp: Path, path: Path, *, replace: bool) -> None:
    """Move the finished temporary file ``tmp`` to ``path``; ``replace`` false: never over an existing entry."""
    if replace:
        os.replace(tmp, path)
        return
    try:
        os.link(tmp, path, follow_symlinks=False)  # fails on any existing entry, symlinks included
    except FileExistsError:
        raise OutputPathError(f"{path} exists; pass --overwrite to replace it") from None
    except OSError:  # a file system without hard links: best effort
        if os.path.lexists(path):
            raise OutputPathError(f"{path} exists; pass --overwrite to replace it") from None
        os.replace(tmp, path)
    else:
        os.unlink(tmp)


def atomic_write_text(path: Path, text: str, *, replace: bool = True) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, fsync, then move it into place.

    ``replace`` false: the move fails (:class:`OutputPathError`) when ``path`` appeared meanwhile, so nothing is
    ever replaced.  The temporary file has mode 0666 less the umask, like any file ``open`` creates."""
    with atomic_file(path, _temp_file(path), partial(_move_into_place, replace=replace)) as handle:
        handle.write(text.encode("utf-8"))


@contextlib.contextmanager
def atomic_output(path: Path, *, overwrite: bool = False, what: str = "--out") -> Iterator[BinaryIO]:
    """A binary stream for a whole output file written in pieces (e.g. Parquet row groups), under the policy
    above: the path is checked first, the bytes go to a temporary file in the same folder, and only when the
    ``with`` block ends without an exception is it fsynced and moved into place (never over an existing file
    unless ``overwrite``).  On an exception the temporary file is removed and ``path`` is left as it was."""
    check_output_file(path, overwrite=overwrite, what=what)
    try:
        fd_tmp = _temp_file(path)
    except OSError as exc:
        raise OutputPathError(f"cannot write {what} {path}: {exc.strerror or exc}") from None
    with atomic_file(path, fd_tmp, partial(_move_into_place, replace=overwrite)) as handle:
        yield handle


def check_output_file(path: Path, *, overwrite: bool = False, append: bool = False, what: str = "--out") -> None:
    """Refuse (:class:`OutputPathError`) an output file path that is a symlink, a folder or anything but a
    regular file, that lies in a missing folder, or that exists (unless ``overwrite`` or ``append``)."""
    if path.is_symlink():
        raise OutputPathError(f"{what} {path} is a symbolic link; refusing to write through it")
    if path.is_dir():
        raise OutputPathError(f"{what} {path} is a folder, not a file")
    parent = path.parent
    if not parent.is_dir():
        state = "is not a folder" if parent.exists() else "does not exist"
        raise OutputPathError(f"the folder of {what} {path} {state}")
    if path.exists():
        if not path.is_file():
            raise OutputPathError(f"{what} {path} exists and is not a regular file")
        if not (overwrite or append):
            raise OutputPathError(f"{what} {path} exists; pass --overwrite to replace it")


def write_output_text(path: Path, text: str, *, overwrite: bool = False, what: str = "--out") -> None:
    """Write a whole output file under the policy above: checked, then written atomically."""
    check_output_file(path, overwrite=overwrite, what=what)
    try:
        atomic_write_text(path, text, replace=overwrite)
    except OutputPathError:
        raise
    except OSError as exc:
        raise OutputPathError(f"cannot write {what} {path}: {exc.strerror or exc}") from None


def open_output_stream(path: Path, *, overwrite: bool = False, append: bool = False, what: str = "--out") -> TextIO:
    """A text stream onto ``path`` for line-by-line output: a new file (``O_EXCL``), or with ``overwrite`` a
    fresh file in place of the old one (unlinked, never truncated through another link), or with ``append`` the
    end of the existing file; never through a symlink (``O_NOFOLLOW``)."""
    check_output_file(path, overwrite=overwrite, append=append, what=what)
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        if append:
            flags |= os.O_APPEND
        else:
            if overwrite:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
            flags |= os.O_EXCL
        fd = os.open(path, flags, FILE_MODE)
    except FileExistsError:
        raise OutputPathError(f"{what} {path} exists; pass --overwrite to replace it") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputPathError(f"{what} {path} is a symbolic link; refusing to write through it") from None
        raise OutputPathError(f"cannot write {what} {path}: {exc.strerror or exc}") from None
    return os.fdopen(fd, "a" if append else "w", encoding="utf-8")


def check_run_dir(path: Path) -> None:
    """Refuse (``FileExistsError``, one line) a run directory that is a symlink or anything but absent or an
    empty directory, so no earlier run or user file is overwritten or written through."""
    if path.is_symlink():
        raise FileExistsError(f"{path} is a symbolic link; choose a real folder for --out")
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise FileExistsError(f"{path} exists and is not an empty directory; choose a new --out")


def claim_run_dir(path: Path) -> None:
    """:func:`check_run_dir`, then create the directory."""
    check_run_dir(path)
    path.mkdir(parents=True, exist_ok=True)
