"""``bench localization|detection --engine ray``: a suite's detector checked on a Ray actor pool.

The suite keeps its own chunks, store and resume (:mod:`medhal.bench.checkpoint`); each detector's chunks go to a
pool whose workers build the detector exactly as the driver did (the same ``--detector`` spec through the same
detector registry, the verifier's calibration applied by the suite's rule) and check each chunk under the suite's
clause rules, so the records are the single process's.  Only detectors that need no LLM are spread this way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from medhal.bench.checking import DetectorSet, RunnerSource
from medhal.bench.checkpoint import ChunkRunner
from medhal.detect import CheckItem, CheckResult, Detector
from medhal.scale._engine import RayOptions
from medhal.text.clauses import ClauseRules, use_clause_rules

__all__ = ["DetectorChecks", "bench_detector", "ray_runners"]


@dataclass(frozen=True, slots=True)
class DetectorChecks:
    """A bench suite's detector as a worker's checker: ``detect_many`` under the suite's clause rules."""

    detector: Detector
    clauses: ClauseRules = "paper"

    def check_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        with use_clause_rules(self.clauses):
            return list(self.detector.detect_many(items))


def bench_detector(build: Callable[[], DetectorSet], label: str, clauses: ClauseRules) -> DetectorChecks:
    """What a worker runs: the detector ``label`` of the suite's detector set, built in the worker."""
    return DetectorChecks(build().detectors[label], clauses)


def ray_runners(build: Callable[[], DetectorSet], options: RayOptions, clauses: ClauseRules = "paper") -> RunnerSource:
    """For each detector label, a chunk runner over its own Ray actor pool (:func:`medhal.scale.ray_engine`)."""
    from medhal.scale import ray_engine

    def runner(label: str) -> ChunkRunner:
        return ray_engine(partial(bench_detector, build, label, clauses), options).check_chunks

    return runner
