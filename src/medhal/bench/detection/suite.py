"""``medhal bench detection``: run detectors on labelled items, as a :class:`~medhal.bench.suite.Suite` (seed 000 §5).

For each detector every item is checked; its response score is the detection score (higher = more likely
hallucinated) and its label the gold (1 = hallucinated).  Items whose check did not end ``ok`` keep their
record with their status and are left out of the metric (counted per status; the parse-failure rate is
reported), never dropped silently.

* ``f1_opt`` / ``threshold_opt``: the F1-optimal threshold tuned on the evaluated items (the seed's protocol;
  optimistic);
* ``f1_dev`` / ``threshold_dev``: with dev items, the F1-optimal threshold of the dev split applied to the
  test items (the honest protocol); ``precision`` / ``recall`` are then at that threshold;
* ``auc_pr``: average precision; ``ci``: percentile bootstrap intervals;
* ``comparisons.json``: paired bootstrap p-values of AUC-PR between every pair of detectors over the items
  all of them scored, Holm-corrected.

Run directory: ``config.json``, ``metrics.json`` (:class:`DetectionResult`: detector -> numbers), ``items.jsonl``
(written as each detector finishes), ``comparisons.json``, and ``report.md``
(:func:`medhal.report.detection.write_detection_report`).  The seed's own Table 6 protocol (pooled seeds,
bootstrap means) is the ``detection-table6`` suite (:mod:`medhal.bench.detection.table6_suite`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import ClassVar

from medhal.bench.checking import (
    DetectorSet,
    DetectorSource,
    RunnerSource,
    check_items,
    detection_format,
    detection_items,
    detection_sample,
    labelled_scores,
    resolve_detectors,
    status_counts,
    write_rows,
)
from medhal.bench.detection._bootstrap import PairedBootstrapResult, holm_correction, paired_bootstrap_pvalue
from medhal.bench.detection._thresholds import auc_pr_score
from medhal.bench.detection.metrics import DetectionReport, detection_report
from medhal.bench.runio import write_json
from medhal.bench.suite import DataFile, RunConfig, input_label
from medhal.data.detection import DetectionItem
from medhal.detect import CheckResult
from medhal.detect.records import JSON, JSONObject

__all__ = [
    "SCHEMA_VERSION",
    "SUITE",
    "Comparison",
    "DetectionInputs",
    "DetectionResult",
    "DetectionSpec",
    "DetectionSuite",
    "DetectorDetection",
    "compare_detectors",
]

SCHEMA_VERSION = "1.0"
ONE_CLASS = "fewer than two classes among scored items"


@dataclass(frozen=True, slots=True)
class DetectionSpec:
    """One ``bench detection`` run: test items (a file of ``format``, or items already read), optional dev items
    to fix the threshold on, the detectors and the options."""

    data: Path | Sequence[DetectionItem]
    detectors: DetectorSource
    format: str = "medhal-loc"
    dev: Path | Sequence[DetectionItem] | None = None
    limit: int | None = None
    seed: int = 0
    resamples: int = 1000
    runners: RunnerSource | None = None
    """``--engine ray``: each detector's chunks go to the runner this gives for its label."""


@dataclass(frozen=True, slots=True)
class DetectionInputs:
    items: Sequence[DetectionItem]
    dev_items: Sequence[DetectionItem] | None
    detectors: DetectorSet
    files: Sequence[DataFile] = ()
    samples: Mapping[str, JSONObject] | None = None
    """``sample`` / ``dev_sample`` records of a ``--limit`` run."""


@dataclass(frozen=True, slots=True)
class DetectorChecks:
    """What one detector produced on the test (and dev) items, and the seconds it took."""

    results: Sequence[CheckResult]
    dev_results: Sequence[CheckResult]
    seconds: float


@dataclass(frozen=True, slots=True)
class DetectorDetection:
    """One detector's ``metrics.json`` entry: statuses, parse-failure rate, seconds and the
    :class:`DetectionReport` (``None`` with ``n`` and a note when the scored items hold a single class)."""

    statuses: Mapping[str, int]
    parse_failure_rate: float
    seconds: float
    n: int
    report: DetectionReport | None = None
    dev_statuses: Mapping[str, int] | None = None

    @property
    def auc_pr(self) -> float | None:
        return None if self.report is None else self.report.auc_pr

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "statuses": dict(self.statuses),
            "parse_failure_rate": self.parse_failure_rate,
            "seconds": self.seconds,
        }
        if self.report is None:
            out.update(n=self.n, auc_pr=None, note=ONE_CLASS)
            return out
        if self.dev_statuses is not None:
            out["dev_statuses"] = dict(self.dev_statuses)
        return out | self.report.to_dict()


@dataclass(frozen=True, slots=True)
class Comparison:
    """The paired bootstrap of the AUC-PR difference of detectors ``a`` and ``b`` on the ``n`` items both
    scored; ``pvalue_holm`` is Holm's adjustment over every pair of the run."""

    a: str
    b: str
    n: int
    test: PairedBootstrapResult
    pvalue_holm: float | None = None

    def to_json(self) -> JSONObject:
        out: JSONObject = {"a": self.a, "b": self.b, "n": self.n, "metric": "auc_pr", **self.test.to_dict()}
        if self.pvalue_holm is not None:
            out["pvalue_holm"] = self.pvalue_holm
        return out


@dataclass(frozen=True, slots=True)
class DetectionResult:
    """``metrics.json`` (detector -> :class:`DetectorDetection`) and the comparisons of ``comparisons.json``."""

    detectors: Mapping[str, DetectorDetection]
    comparisons: Sequence[Comparison] = ()
    schema_version: ClassVar[str] = SCHEMA_VERSION

    def to_json(self) -> JSONObject:
        return {name: entry.to_json() for name, entry in self.detectors.items()}


def compare_detectors(
    items: Sequence[DetectionItem], scored: Mapping[str, Mapping[int, float]], *, seed: int, n_resamples: int
) -> list[Comparison]:
    """Paired bootstrap p-values (two-sided) of the AUC-PR difference for every detector pair, on the items both
    scored, with Holm's correction over all pairs."""
    rows: list[Comparison] = []
    for a, b in combinations(sorted(scored), 2):
        common = sorted(set(scored[a]) & set(scored[b]))
        y = [items[k].label for k in common]
        if len(set(y)) < 2 or n_resamples <= 0:
            continue
        result = paired_bootstrap_pvalue(
            y,
            [scored[a][k] for k in common],
            [scored[b][k] for k in common],
            auc_pr_score,
            n_resamples=n_resamples,
            seed=seed,
        )
        rows.append(Comparison(a, b, len(common), result))
    if rows:
        adjusted = holm_correction([r.test.pvalue for r in rows])
        rows = [Comparison(r.a, r.b, r.n, r.test, float(p)) for r, p in zip(rows, adjusted, strict=True)]
    return rows


def row(name: str, item: DetectionItem, result: CheckResult, **extra: JSON) -> JSONObject:
    """The ``items.jsonl`` row of one checked item (``extra`` goes after the detector: the table6 ``seed``)."""
    return {"detector": name, **extra, "id": item.id, "label": item.label, "status": result.status}


class DetectionSuite:
    """Detection F1 (test-tuned and dev-fixed thresholds), AUC-PR with CIs, paired comparisons."""

    name = "detection"

    def load(self, spec: DetectionSpec) -> DetectionInputs:
        detection_format(spec.format)
        items, files = detection_items(spec.data, spec.format)
        dev_items: list[DetectionItem] | None = None
        if spec.dev is not None:
            dev_items, dev_files = detection_items(spec.dev, spec.format, "dev")
            files += dev_files
        sample = detection_sample(items, spec.limit, spec.seed)
        dev_sample = None if dev_items is None else detection_sample(dev_items, spec.limit, spec.seed)
        samples: dict[str, JSONObject] | None = None
        if spec.limit is not None:
            samples = {"sample": sample.record([i.id for i in sample.items])}
            if dev_sample is not None:
                samples["dev_sample"] = dev_sample.record([i.id for i in dev_sample.items])
        dev = None if dev_sample is None else dev_sample.items
        return DetectionInputs(sample.items, dev, resolve_detectors(spec.detectors), files, samples)

    def config(self, spec: DetectionSpec, inputs: DetectionInputs) -> RunConfig:
        options: JSONObject = {
            "schema_version": SCHEMA_VERSION,
            "items": len(inputs.items),
            "dev_items": len(inputs.dev_items or ()),
            "data": input_label(spec.data),
            "format": spec.format,
            "dev": input_label(spec.dev),
            "verifier": inputs.detectors.verifier_id,
            **(inputs.samples or {}),
            "detectors": list(inputs.detectors.detectors),
        }
        verifier = inputs.detectors.verifier_id
        return RunConfig(self.name, options, inputs.files, spec.seed, verifier, SCHEMA_VERSION)

    def run(self, spec: DetectionSpec, inputs: DetectionInputs, out: Path) -> dict[str, DetectorChecks]:
        checks, dev_checks = check_items(inputs.items), check_items(inputs.dev_items or ())
        detectors = inputs.detectors
        runs: dict[str, DetectorChecks] = {}
        with (out / "items.jsonl").open("w", encoding="utf-8") as handle:
            for name in detectors.detectors:
                runner = spec.runners(name) if spec.runners is not None else None
                results, seconds = detectors.check(name, checks, out, runner=runner)
                dev_results, dev_seconds = (
                    detectors.check(name, dev_checks, out, "dev", runner) if inputs.dev_items else ([], 0.0)
                )
                runs[name] = DetectorChecks(results, dev_results, seconds + dev_seconds)
                write_rows(
                    handle,
                    (
                        row(name, item, r) | {"reason": r.reason, "score": r.score, "flagged": r.flagged}
                        for item, r in zip(inputs.items, results, strict=True)
                    ),
                )
        return runs

    def score(self, spec: DetectionSpec, inputs: DetectionInputs, raw: Mapping[str, DetectorChecks]) -> DetectionResult:
        entries: dict[str, DetectorDetection] = {}
        scored: dict[str, dict[int, float]] = {}
        labels = [i.label for i in inputs.items]
        for name, done in raw.items():
            statuses = status_counts(done.results)
            failures = statuses.get("parse_failure", 0) / len(inputs.items) if inputs.items else 0.0
            y_true, y_score, kept = labelled_scores(labels, done.results)
            scored[name] = dict(zip(kept, y_score, strict=True))
            seconds = round(done.seconds, 3)
            if len(set(y_true)) != 2:
                entries[name] = DetectorDetection(statuses, failures, seconds, len(y_true))
                continue
            dev, dev_statuses = None, None
            if inputs.dev_items:
                dy, ds, _ = labelled_scores([i.label for i in inputs.dev_items], done.dev_results)
                dev = (dy, ds) if len(set(dy)) == 2 else None
                dev_statuses = status_counts(done.dev_results)
            report = detection_report(y_true, y_score, dev=dev, n_resamples=spec.resamples, seed=spec.seed)
            entries[name] = DetectorDetection(statuses, failures, seconds, report.n, report, dev_statuses)
        comparisons = compare_detectors(inputs.items, scored, seed=spec.seed, n_resamples=spec.resamples)
        return DetectionResult(entries, comparisons)

    def write(
        self, out: Path, inputs: DetectionInputs, raw: Mapping[str, DetectorChecks], result: DetectionResult
    ) -> None:
        """``comparisons.json`` (``items.jsonl`` was written while running)."""
        write_json(out / "comparisons.json", [c.to_json() for c in result.comparisons])


SUITE = DetectionSuite()
