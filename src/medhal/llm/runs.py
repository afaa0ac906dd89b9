"""Run directories: the on-disk record of one batch of model calls, safe to kill and to resume.

Layout of ``runs/<UTC timestamp>_<name>/``::

    config.json    every option, model names, seeds, package versions; one entry per session (atomic)
    items.jsonl    one JSON object per input item, appended and flushed as each item finishes
    metrics.json   status counts, rates, latencies (atomic; rewritten at the end of every session)
    README.md      a short human summary (atomic)
    run.lock       held (flock) while a process works on the run

``items.jsonl`` is the source of truth.  Each row is written with a single ``write`` on an unbuffered file, so
it reaches the kernel before the item counts as done and survives SIGKILL; a background thread fsyncs the file
after new rows (group commit), so a row is also on disk within one fsync of its item finishing.  A process killed
mid-write can leave one torn last line; :meth:`RunDir.read_items` drops it.  Resuming rewrites the file
atomically with only the rows to keep (``ok`` ones), then appends the reruns: no id ever has two rows.

Seed 001 "Pitfalls" (silent loss on server errors, rows vanishing in an inner join) is why every item, failed or
not, has exactly one row here.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import json
import os
import platform
import re
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from medhal._atomic import atomic_file
from medhal._version import __version__
from medhal.errors import RunDirError

__all__ = [
    "ITEM_SCHEMA_VERSION",
    "ItemWriter",
    "LoadedItems",
    "RunDir",
    "RunDirError",
    "atomic_write_text",
    "package_versions",
    "utc_stamp",
]

ITEM_SCHEMA_VERSION = "1.0"
_PACKAGES = (
    "medhal",
    "httpx",
    "numpy",
    "onnxruntime",
    "torch",
    "transformers",
    "tokenizers",
    "vllm",
    "rich",
    "typer",
)
_INT8_PATHS = (("avx512_vnni", "avx512-vnni"), ("avx_vnni", "avx-vnni"), ("avx512bw", "avx512"), ("avx2", "avx2"))
"""CPU flag -> name of the int8 kernel family onnxruntime picks, best first."""
_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def utc_stamp(now: datetime | None = None) -> str:
    """``20261018T043900Z``: sortable, filename-safe UTC time."""
    return (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def utc_iso(now: datetime | None = None) -> str:
    return (now or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def package_versions() -> dict[str, str | None]:
    """Installed versions of medhal and the packages that shape its outputs (``None`` when absent)."""
    versions: dict[str, str | None] = {"python": platform.python_version()}
    for name in _PACKAGES:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    if versions["medhal"] is None:
        versions["medhal"] = __version__
    versions["cpu"] = cpu_kernels()
    return versions


def cpu_kernels(cpuinfo: str | None = None) -> str:
    """The machine and the int8 kernel family its CPU offers, e.g. ``x86_64 avx512-vnni``.

    The embedded verifier is int8 (``quantize_dynamic``); onnxruntime multiplies u8 x s8 with VNNI where the CPU
    has it and with AVX2/AVX-512 ``vpmaddubsw`` otherwise, whose 16-bit intermediate sums can saturate, so the same
    model and input give slightly different probabilities on the two kinds of machine.  Run records name the kind.
    """
    machine = platform.machine() or "unknown"
    if cpuinfo is None:
        try:
            cpuinfo = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return machine
    flags: set[str] = set()
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            flags = set(line.partition(":")[2].split())
            break
    for flag, name in _INT8_PATHS:
        if flag in flags:
            return f"{machine} {name}"
    return machine


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _file_mode() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


FILE_MODE = _file_mode()
"""The mode a plain ``open(path, "w")`` would give a new file under this process's umask (0644 normally)."""


@contextlib.contextmanager
def _replacing(path: Path, prefix: str) -> Iterator[BinaryIO]:
    """A binary stream onto a temp file (``prefix...tmp``) beside ``path``: when the block ends it is fsynced and
    moved over ``path`` with ``os.replace`` (then the folder is fsynced); on an exception it is removed."""
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    os.fchmod(fd, FILE_MODE)  # mkstemp creates 0600; run files are as readable as any file the user creates
    with atomic_file(path, (fd, Path(tmp)), os.replace) as handle:
        yield handle
    _fsync_dir(path.parent)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temp file in the same folder, fsync and ``os.replace``."""
    with _replacing(path, f".{path.name}.") as handle:
        handle.write(text.encode("utf-8"))


def _dump_row(row: Mapping[str, Any]) -> bytes:
    return (json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8", "surrogatepass")


@dataclass(frozen=True, slots=True)
class LoadedItems:
    """The rows of ``items.jsonl``: the last row per id, plus what had to be skipped."""

    rows: dict[str, dict[str, Any]]
    torn_bytes: int = 0
    """Bytes after the last newline (a row cut short by a kill)."""
    bad_lines: list[int] = field(default_factory=list)
    """1-based numbers of complete lines that are not JSON objects with a string ``id``."""
    duplicates: int = 0
    """Rows whose id had appeared before (never written by medhal; counted if the file was edited)."""


class ItemWriter:
    """Appends rows to ``items.jsonl``: one unbuffered ``write`` per row, fsync in a background thread."""

    def __init__(self, path: Path) -> None:
        self._path = path
        try:
            self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            raise RunDirError(f"cannot open {path}: {exc.strerror}") from None
        self._dirty = threading.Event()
        self._closing = False
        self._error: OSError | None = None
        self._thread = threading.Thread(target=self._sync_loop, name="medhal-items-fsync", daemon=True)
        self._thread.start()
        self.rows = 0

    def _sync_loop(self) -> None:
        while True:
            self._dirty.wait()
            self._dirty.clear()
            try:
                os.fsync(self._fd)
            except OSError as exc:  # pragma: no cover - disk trouble
                self._error = exc
            if self._closing:
                return

    def append(self, row: Mapping[str, Any]) -> None:
        """Write one row (a single ``write`` call, looping only if the kernel takes part of it)."""
        if self._closing:
            raise RunDirError(f"{self._path} is closed")
        data = _dump_row(row)
        view = memoryview(data)
        try:
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
        except OSError as exc:
            raise RunDirError(f"cannot append to {self._path}: {exc.strerror}") from None
        self.rows += 1
        self._dirty.set()

    def close(self) -> None:
        """Flush to disk and close (idempotent)."""
        if self._closing:
            return
        self._closing = True
        self._dirty.set()
        self._thread.join()
        with contextlib.suppress(OSError):
            os.fsync(self._fd)
        os.close(self._fd)

    def __enter__(self) -> ItemWriter:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class RunDir:
    """One run directory.  Build with :meth:`create` (new) or :meth:`open` (existing, e.g. to resume)."""

    ITEMS = "items.jsonl"
    CONFIG = "config.json"
    METRICS = "metrics.json"
    README = "README.md"
    LOCK = "run.lock"

    def __init__(self, path: Path, config: dict[str, Any]) -> None:
        self.path = path
        self._config = config

    @classmethod
    def create(
        cls,
        config: Mapping[str, Any],
        *,
        root: str | Path = "runs",
        name: str = "run",
        path: str | Path | None = None,
        now: datetime | None = None,
    ) -> RunDir:
        """Make ``path`` (which must be absent or an empty folder), or ``root/<UTC timestamp>_<name>/``, and
        write ``config.json`` with ``config``, the package versions and the start time."""
        when = now or datetime.now(UTC)
        if path is None:
            slug = _NAME.sub("-", name).strip("-.") or "run"
            target = Path(root) / f"{utc_stamp(when)}_{slug}"
            suffix = 1
            while target.exists():
                suffix += 1
                target = Path(root) / f"{utc_stamp(when)}_{slug}-{suffix}"
        else:
            target = Path(path)
            if target.exists() and (not target.is_dir() or any(target.iterdir())):
                raise RunDirError(
                    f"run directory {target} already exists and is not empty (use --resume to continue it)"
                )
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RunDirError(f"cannot create run directory {target}: {exc.strerror}") from None
        full = {
            "schema_version": ITEM_SCHEMA_VERSION,
            "created": utc_iso(when),
            **dict(config),
            "versions": package_versions(),
            "platform": {"system": platform.system(), "machine": platform.machine(), "python": sys.version.split()[0]},
            "sessions": [{"started": utc_iso(when), "resume": False}],
        }
        run = cls(target, full)
        run.write_config(full)
        (target / cls.ITEMS).touch()
        return run

    @classmethod
    def open(cls, path: str | Path) -> RunDir:
        """An existing run directory (its ``config.json`` must be readable)."""
        target = Path(path)
        config_path = target / cls.CONFIG
        if not config_path.is_file():
            raise RunDirError(f"{target} is not a run directory (no {cls.CONFIG})")
        try:
            config = json.loads(config_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise RunDirError(f"cannot read {config_path}: {exc}") from None
        if not isinstance(config, dict):
            raise RunDirError(f"{config_path} is not a JSON object")
        return cls(target, config)

    @property
    def config(self) -> dict[str, Any]:
        return self._config

    @property
    def items_path(self) -> Path:
        return self.path / self.ITEMS

    def write_config(self, config: Mapping[str, Any]) -> None:
        self._config = dict(config)
        atomic_write_text(self.path / self.CONFIG, json.dumps(self._config, indent=2, ensure_ascii=False) + "\n")

    def note_session(self, **details: Any) -> None:
        """Append a session entry (resume time, changed options) to ``config.json``."""
        config = dict(self._config)
        config["sessions"] = [*config.get("sessions", []), {"started": utc_iso(), **details}]
        config["versions"] = package_versions()
        self.write_config(config)

    def write_metrics(self, metrics: Mapping[str, Any]) -> None:
        atomic_write_text(self.path / self.METRICS, json.dumps(metrics, indent=2, ensure_ascii=False) + "\n")

    def write_readme(self, text: str) -> None:
        atomic_write_text(self.path / self.README, text)

    def read_items(self) -> LoadedItems:
        """Parse ``items.jsonl``, tolerating a torn last line and reporting (not raising on) bad lines."""
        try:
            data = self.items_path.read_bytes()
        except FileNotFoundError:
            return LoadedItems({})
        except OSError as exc:
            raise RunDirError(f"cannot read {self.items_path}: {exc.strerror}") from None
        end = data.rfind(b"\n") + 1
        torn = len(data) - end
        rows: dict[str, dict[str, Any]] = {}
        bad: list[int] = []
        duplicates = 0
        for number, raw in enumerate(data[:end].split(b"\n")[:-1], start=1):
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
            except ValueError:
                bad.append(number)
                continue
            if not isinstance(row, dict) or not isinstance(row.get("id"), str):
                bad.append(number)
                continue
            if row["id"] in rows:
                duplicates += 1
            rows[row["id"]] = row
        return LoadedItems(rows, torn, bad, duplicates)

    def rewrite_items(self, rows: Iterable[Mapping[str, Any]]) -> int:
        """Atomically replace ``items.jsonl`` with ``rows``; returns how many were written."""
        count = 0
        with _replacing(self.items_path, ".items.") as handle:
            for row in rows:
                handle.write(_dump_row(row))
                count += 1
        return count

    def writer(self) -> ItemWriter:
        return ItemWriter(self.items_path)

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """Hold an exclusive ``flock`` on ``run.lock`` (released by the kernel even after SIGKILL)."""
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX
            yield
            return
        fd = os.open(self.path / self.LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise RunDirError(f"run directory {self.path} is in use by another process") from None
            yield
        finally:
            os.close(fd)
