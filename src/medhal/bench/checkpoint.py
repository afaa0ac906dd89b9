"""Resumable checking for the suites that run detectors through the checker (localization, detection, verdicts).

Each (detector, part of the run) keeps its check results in ``out/checks/<label>.jsonl`` as they are computed, a
chunk at a time, so a run that is interrupted (a crash, a killed job, Ctrl-C) and started again with the same
``--out`` checks only what is missing.  The file is::

    {"format": "medhal.checks", "version": "1", "detector": ..., "label": ..., "verifier": ..., "items": n,
     "sha256": <digest of the items' ids, evidence, responses and questions>}
    {"n": 0, "result": <CheckResult.to_dict()>}
    ...
    {"seconds": 1.25}                       after each chunk: the compute time it took

A file whose header names other items, another detector or another verifier is refused (:class:`RunDirError`):
a resumed run never mixes results of two configurations.  A last line cut short by the interruption is dropped
and checked again.  Results are rebuilt with :meth:`CheckResult.from_dict` (floats written with ``repr``, so they
read back exactly); a resumed run's records and metrics equal an uninterrupted run's, timings aside.

Chunks keep the items that share an evidence text together, so the detector's pair deduplication still works
across them (a MedHal-Loc item's clean and hallucinated texts are checked in the same chunk).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from medhal.detect import CheckItem, CheckResult, Detector
from medhal.detect.records import JSON, JSONObject
from medhal.errors import RunDirError

__all__ = [
    "CHECKS_DIR",
    "CHUNK_SIZE",
    "ChunkRunner",
    "StoredCheck",
    "check_resumably",
    "checks_path",
    "items_digest",
]

CHECKS_DIR = "checks"
"""``out/checks/``: the per-detector check results of a checker suite's run directory."""
CHUNK_SIZE = 64
"""Items checked (and written) per chunk: large enough for full verifier batches, small enough to lose little."""
_FORMAT, _VERSION = "medhal.checks", "1"

ChunkRunner = Callable[[Iterable[tuple[int, Sequence[CheckItem]]]], Iterator[tuple[int, list[CheckResult]]]]
"""Checks ``(tag, items)`` chunks and yields ``(tag, results)`` in the order given: how a suite spreads its chunks
over more than this process (``--engine ray``: :mod:`medhal.scale` wires a Ray actor pool in; the chunks, and so
the records, are the same as in one process)."""


def checks_path(out: Path, label: str, part: str = "") -> Path:
    """Where the results of detector ``label`` on ``part`` of a run (e.g. ``dev``, a set name) are kept: a readable
    slug of both plus a short hash, so two labels never share a file."""
    key = f"{label}\x00{part}"
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", f"{label}.{part}" if part else label).strip("._")[:80]
    return out / CHECKS_DIR / f"{slug}-{hashlib.sha256(key.encode()).hexdigest()[:8]}.jsonl"


def items_digest(checks: Sequence[CheckItem]) -> str:
    """sha256 over what identifies the items (id, evidence, response, question), in order."""
    digest = hashlib.sha256()
    for item in checks:
        line = json.dumps([item.id, item.evidence, item.response, item.question], ensure_ascii=False)
        digest.update(line.encode("utf-8") + b"\n")
    return digest.hexdigest()


def _chunks(checks: Sequence[CheckItem], todo: Sequence[int], size: int) -> list[list[int]]:
    """``todo`` (positions in ``checks``) in chunks of about ``size``, items sharing an evidence text together."""
    groups: dict[str, list[int]] = {}
    for n in todo:
        groups.setdefault(checks[n].evidence, []).append(n)
    chunks: list[list[int]] = [[]]
    for group in groups.values():
        if chunks[-1] and len(chunks[-1]) + len(group) > size:
            chunks.append([])
        chunks[-1].extend(group)
    return [c for c in chunks if c]


def _read(path: Path, header: JSONObject) -> tuple[dict[int, CheckResult], float]:
    """The results and seconds a store holds; a torn last line is cut off the file."""
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    results: dict[int, CheckResult] = {}
    seconds, kept = 0.0, 0
    for k, line in enumerate(lines):
        try:
            row = json.loads(line)
        except ValueError:
            if k == len(lines) - 1:  # cut short by the interruption: checked again
                break
            raise RunDirError(f"{path} line {k + 1} is not JSON; delete the file to check its items again") from None
        if k == 0:
            if not isinstance(row, dict) or row.get("format") != _FORMAT:
                raise RunDirError(f"{path} is not a medhal checks file")
            changed = [key for key, value in header.items() if row.get(key) != value]
            if changed:
                raise RunDirError(
                    f"{path} holds checks of another run (differs in {', '.join(changed)}); choose a new --out"
                )
        elif isinstance(row, dict) and "seconds" in row:
            seconds += float(row["seconds"])
        else:
            try:
                results[int(row["n"])] = CheckResult.from_dict(row["result"])
            except (KeyError, TypeError, ValueError) as exc:
                raise RunDirError(f"{path} line {k + 1} is not a check result: {exc}") from None
        kept += len(line) + 1
    if kept < len(raw):
        with path.open("r+b") as handle:
            handle.truncate(kept)
    return results, seconds


def _write(handle: TextIO, row: JSONObject) -> None:
    handle.write(json.dumps(row, ensure_ascii=False) + "\n")


def check_resumably(
    detector: Detector,
    checks: Sequence[CheckItem],
    store: Path | None,
    *,
    label: str | None = None,
    verifier: str | None = None,
    chunk_size: int = CHUNK_SIZE,
    check: Callable[[Sequence[CheckItem]], Sequence[CheckResult]] | None = None,
    runner: ChunkRunner | None = None,
) -> tuple[list[CheckResult], float]:
    """``detector.detect_many(checks)`` (or ``check``) and the compute seconds it took, kept in ``store``.

    Without a ``store`` the items are checked in one call.  With one, what the store already holds is read back
    and only the missing items are checked, a chunk at a time, each chunk appended (and flushed) as it finishes;
    the seconds are those of every session together.  A ``runner`` checks the chunks instead (all of them handed
    over at once, results kept as they come back, in order)."""
    run = check if check is not None else detector.detect_many
    if store is None:
        start = time.perf_counter()
        results = list(run(checks))
        return results, time.perf_counter() - start
    if chunk_size < 1:
        raise ValueError("chunk_size must be >= 1")
    header: JSONObject = {
        "format": _FORMAT,
        "version": _VERSION,
        "detector": detector.name,
        "label": label if label is not None else detector.name,
        "verifier": verifier,
        "items": len(checks),
        "sha256": items_digest(checks),
    }
    done: dict[int, CheckResult] = {}
    seconds = 0.0
    if store.is_symlink():
        raise RunDirError(f"{store} is a symbolic link; medhal does not write through links")
    if store.exists():
        done, seconds = _read(store, header)
    store.parent.mkdir(parents=True, exist_ok=True)
    todo = [n for n in range(len(checks)) if n not in done]
    with store.open("a", encoding="utf-8") as handle:
        if not done and handle.tell() == 0:
            _write(handle, header)
        chunks = _chunks(checks, todo, chunk_size)
        tagged = ((k, [checks[n] for n in chunk]) for k, chunk in enumerate(chunks))
        stream = runner(tagged) if runner is not None else ((k, list(run(items))) for k, items in tagged)
        mark = time.perf_counter()
        for k, chunk_results in stream:
            elapsed = time.perf_counter() - mark
            for n, result in zip(chunks[k], chunk_results, strict=True):
                done[n] = result
                _write(handle, {"n": n, "result": result.to_dict()})
            row: dict[str, JSON] = {"seconds": elapsed}
            _write(handle, row)
            handle.flush()
            seconds += elapsed
            mark = time.perf_counter()
    return [done[n] for n in range(len(checks))], seconds


@dataclass(slots=True)
class StoredCheck:
    """:func:`check_resumably` as a callable for code that takes a ``detect_many``-like function (e.g.
    :func:`medhal.bench.localization.runner.run_localization`); ``seconds`` adds up the compute time of every
    call, earlier sessions included."""

    detector: Detector
    store: Path | None
    label: str | None = None
    verifier: str | None = None
    runner: ChunkRunner | None = None
    seconds: float = 0.0

    def __call__(self, checks: Sequence[CheckItem]) -> list[CheckResult]:
        results, seconds = check_resumably(
            self.detector, checks, self.store, label=self.label, verifier=self.verifier, runner=self.runner
        )
        self.seconds += seconds
        return results
