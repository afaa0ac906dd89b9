"""What the suites that run detectors through the checker (localization, detection, verdicts) share.

The detectors of a run come as a :class:`DetectorSet` (built, with the verifier's id) or as a function building one
(``cli/`` passes its builder, so the verifier is loaded only after the data were read and checked).  Each detector
checks its items in one ``detect_many`` call, timed (:func:`timed_check`); the labelled scores of the ``ok``
results feed the detection metrics (:func:`labelled_scores`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, cast

from medhal.bench.checkpoint import ChunkRunner, StoredCheck, check_resumably, checks_path
from medhal.bench.runio import json_line
from medhal.bench.sampling import Sample, detection_group, detection_stratum, stratified_sample
from medhal.bench.suite import DataFile
from medhal.data.detection import DETECTION_FORMATS, DetectionFormat, DetectionItem, read_detection
from medhal.data.errors import DataFormatError
from medhal.detect import CheckItem, CheckResult, Detector
from medhal.detect.records import JSON
from medhal.errors import UsageError

__all__ = [
    "DetectorSet",
    "DetectorSource",
    "RunnerSource",
    "check_items",
    "detection_format",
    "detection_items",
    "detection_sample",
    "labelled_scores",
    "read_detection_items",
    "resolve_detectors",
    "status_counts",
    "timed_check",
    "write_rows",
]


@dataclass(frozen=True, slots=True)
class DetectorSet:
    """The detectors of a run, by label, and the id of the verifier they share (``None`` without one)."""

    detectors: Mapping[str, Detector]
    verifier_id: str | None = None

    def stored_check(self, name: str, out: Path, part: str = "", runner: ChunkRunner | None = None) -> StoredCheck:
        """Detector ``name`` as a :class:`~medhal.bench.checkpoint.StoredCheck` labelled ``name``, with the set's
        verifier id, kept in (and resumed from) its store in the run directory ``out``
        (:func:`~medhal.bench.checkpoint.checks_path` of ``name`` and ``part``)."""
        return StoredCheck(self.detectors[name], checks_path(out, name, part), name, self.verifier_id, runner)

    def check(
        self, name: str, checks: Sequence[CheckItem], out: Path, part: str = "", runner: ChunkRunner | None = None
    ) -> tuple[list[CheckResult], float]:
        """:meth:`stored_check` on ``checks``: the results and the compute seconds they took (:func:`timed_check`
        with the run directory's store)."""
        check = self.stored_check(name, out, part, runner)
        return check(checks), check.seconds


DetectorSource = DetectorSet | Callable[[], DetectorSet]
"""Detectors, or how to build them when the suite's inputs are loaded."""

RunnerSource = Callable[[str], ChunkRunner]
"""Given a detector's label, what checks its chunks elsewhere (``--engine ray``); ``None`` in a spec: this process."""


def resolve_detectors(source: DetectorSource) -> DetectorSet:
    return source if isinstance(source, DetectorSet) else source()


def check_items(items: Sequence[DetectionItem]) -> list[CheckItem]:
    """Detection items as checker input; a missing evidence becomes ``""`` (the detector reports
    ``input_error`` for it unless it needs no evidence)."""
    return [CheckItem(i.evidence or "", i.response, i.question, i.id) for i in items]


def timed_check(
    detector: Detector,
    checks: Sequence[CheckItem],
    store: Path | None = None,
    *,
    label: str | None = None,
    verifier: str | None = None,
    runner: ChunkRunner | None = None,
) -> tuple[list[CheckResult], float]:
    """``detector.detect_many(checks)`` and the seconds it took; with a ``store`` (a path from
    :func:`medhal.bench.checkpoint.checks_path`), kept there chunk by chunk and resumed from it
    (:func:`medhal.bench.checkpoint.check_resumably`)."""
    return check_resumably(detector, checks, store, label=label, verifier=verifier, runner=runner)


def labelled_scores(labels: Sequence[int], results: Sequence[CheckResult]) -> tuple[list[int], list[float], list[int]]:
    """``(y_true, y_score, kept)``: the labels and response scores of the results that ended ``ok`` with a
    finite score, and their positions; the others are left out (their statuses are counted by the caller)."""
    y_true, y_score, kept = [], [], []
    for k, (label, result) in enumerate(zip(labels, results, strict=True)):
        if result.status == "ok" and result.score is not None and math.isfinite(result.score):
            y_true.append(label)
            y_score.append(float(result.score))
            kept.append(k)
    return y_true, y_score, kept


def status_counts(results: Iterable[CheckResult]) -> dict[str, int]:
    """How many results ended with each status, sorted by status."""
    counts: dict[str, int] = {}
    for result in results:
        counts[str(result.status)] = counts.get(str(result.status), 0) + 1
    return dict(sorted(counts.items()))


def write_rows(handle: TextIO, rows: Iterable[Mapping[str, JSON]]) -> None:
    """Append JSONL rows (strict JSON) and flush, so what a finished detector produced is on disk."""
    for row in rows:
        handle.write(json_line(row))
    handle.flush()


def detection_format(format: str) -> DetectionFormat:
    """``format`` as a detection format, or a one-line usage error naming the known ones."""
    if format in DETECTION_FORMATS:
        return cast(DetectionFormat, format)
    raise UsageError(f"unknown format {format!r}; choose one of {', '.join(DETECTION_FORMATS)}")


def read_detection_items(path: Path, format: DetectionFormat) -> list[DetectionItem]:
    """The items of a labelled file, or a one-line usage error for an unreadable one."""
    try:
        return list(read_detection(path, format))
    except (DataFormatError, OSError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None


def detection_items(
    source: Path | Sequence[DetectionItem], format: str, role: str = "data"
) -> tuple[list[DetectionItem], list[DataFile]]:
    """A suite's labelled items and the file they came from (as ``role``): read from a file of ``format``, or
    given already read (then no file)."""
    if isinstance(source, Path):
        return read_detection_items(source, detection_format(format)), [DataFile.of(source, role)]
    return list(source), []


def detection_sample(items: Sequence[DetectionItem], limit: int | None, seed: int) -> Sample[DetectionItem]:
    """``--limit`` of the detection-style suites: stratified by error type / category / label, twins together."""
    return stratified_sample(
        items, limit, stratum=detection_stratum, group=detection_group, seed=seed, by="error_type/category/label"
    )
