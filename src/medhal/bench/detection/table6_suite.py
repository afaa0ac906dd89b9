"""``medhal bench detection --protocol table6``: seed 000's own Table 6 protocol, as a
:class:`~medhal.bench.suite.Suite` (§5, §6.4: "3 seeds, pooled bootstrap; F1-optimal threshold").

Every detector checks the items of every seed's sample; its ``ok`` scores of all seeds are pooled (ascending seed
order) and bootstrapped as published (:mod:`medhal.bench.detection.table6`).  ``metrics.json``: detector ->
:class:`Table6Entry` (``protocol, seeds, n, auc_pr, per_seed, seeds_summary, bootstrap, f1, statuses, seconds``);
``items.jsonl`` rows carry their ``seed``; ``report.md`` prints Table 6 recomputed from the published file beside
medhal's numbers (:func:`medhal.report.detection.write_table6_report`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from medhal.bench.checking import (
    DetectorSet,
    DetectorSource,
    check_items,
    detection_items,
    detection_sample,
    labelled_scores,
    resolve_detectors,
    status_counts,
    write_rows,
)
from medhal.bench.detection.suite import SCHEMA_VERSION, row
from medhal.bench.detection.table6 import BootstrapSummary, PublishedDetection, per_seed_points, table6_bootstrap
from medhal.bench.suite import DataFile, RunConfig, input_label
from medhal.data.detection import DetectionItem
from medhal.detect import CheckResult
from medhal.detect.records import JSONObject
from medhal.errors import UsageError

__all__ = [
    "PROTOCOL",
    "SUITE",
    "Table6Entry",
    "Table6Result",
    "Table6Spec",
    "Table6Suite",
    "read_published",
    "table6_entry",
]

PROTOCOL = "table6 (seed 000 Table 6: bootstrap mean over pooled seeds)"
SUMMARY_METRICS: tuple[str, ...] = ("P", "R", "F1", "AUC-PR")


@dataclass(frozen=True, slots=True)
class Table6Entry:
    """One detector's Table 6 numbers from its pooled ``(label, score, seed)`` triples: per-seed points, their
    mean, and the pooled bootstrap (``bootstrap[metric].mean`` is the Table 6 cell).  ``per_seed`` is ``None``
    when a seed lacks a class; ``bootstrap`` is ``None`` then or without resamples."""

    seeds: tuple[int, ...]
    n: int
    per_seed: Mapping[str, Mapping[str, float]] | None = None
    bootstrap: Mapping[str, BootstrapSummary] | None = None
    statuses: Mapping[str, int] | None = None
    seconds: float | None = None

    @property
    def auc_pr(self) -> float | None:
        return None if self.bootstrap is None else self.bootstrap["AUC-PR"].mean

    @property
    def seeds_summary(self) -> dict[str, float] | None:
        """The mean over seeds of each per-seed point value."""
        if self.per_seed is None:
            return None
        per = self.per_seed
        return {k: sum(v[k] for v in per.values()) / len(per) for k in SUMMARY_METRICS}

    def to_json(self) -> JSONObject:
        out: JSONObject = {"protocol": "table6", "seeds": list(self.seeds), "n": self.n, "auc_pr": self.auc_pr}
        if self.per_seed is None:
            out.update(bootstrap=None, note="a seed has fewer than two classes among scored items")
        else:
            out["per_seed"] = {k: dict(v) for k, v in self.per_seed.items()}
            out["seeds_summary"] = self.seeds_summary
            if self.bootstrap is not None:
                out["bootstrap"] = {k: v.to_dict() for k, v in self.bootstrap.items()}
                out["f1"] = self.bootstrap["F1"].mean
        if self.statuses is not None:
            out["statuses"] = dict(self.statuses)
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out


def table6_entry(
    y_true: Sequence[int], y_score: Sequence[float], seeds: Sequence[int], *, n_resamples: int = 1000
) -> Table6Entry:
    """:class:`Table6Entry` of pooled ``(label, score, seed)`` triples."""
    entry = Table6Entry(tuple(sorted(set(seeds))), len(y_true))
    by_seed = {s: [y for y, g in zip(y_true, seeds, strict=True) if g == s] for s in set(seeds)}
    if not by_seed or any(len(set(v)) < 2 for v in by_seed.values()):
        return entry
    entry = replace(entry, per_seed=per_seed_points(y_true, y_score, seeds))
    if n_resamples > 0:
        entry = replace(entry, bootstrap=table6_bootstrap(y_true, y_score, seeds, n_resamples=n_resamples))
    return entry


def read_published(path: Path | None) -> PublishedDetection | None:
    """The published ``per_method.json``, or a one-line usage error."""
    from medhal.bench.detection.table6 import read_published_detection

    if path is None:
        return None
    try:
        return read_published_detection(path)
    except ValueError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None


@dataclass(frozen=True, slots=True)
class Table6Spec:
    """Every seed of ``seeds`` draws its ``limit`` sample of ``data``; ``dev`` is only recorded (the protocol
    tunes its threshold on each resample)."""

    data: Path | Sequence[DetectionItem]
    detectors: DetectorSource
    seeds: Sequence[int]
    format: str = "medhal-loc"
    dev: Path | None = None
    limit: int | None = None
    seed: int = 0
    """Seed of the ``dev`` sample's record only."""
    resamples: int = 1000
    published: PublishedDetection | None = None
    dataset: str | None = None
    """Dataset of ``published`` to set medhal's numbers beside (default: ``format``)."""


@dataclass(frozen=True, slots=True)
class Table6Inputs:
    samples: Mapping[int, Sequence[DetectionItem]]
    detectors: DetectorSet
    files: Sequence[DataFile] = ()
    dev_sample: JSONObject | None = None


@dataclass(frozen=True, slots=True)
class Table6Checks:
    results: Mapping[int, Sequence[CheckResult]]
    seconds: float


@dataclass(frozen=True, slots=True)
class Table6Result:
    detectors: Mapping[str, Table6Entry]
    published: PublishedDetection | None = None
    dataset: str | None = None
    schema_version: ClassVar[str] = SCHEMA_VERSION

    def to_json(self) -> JSONObject:
        return {name: entry.to_json() for name, entry in self.detectors.items()}


class Table6Suite:
    """Seed 000 Table 6's bootstrap mean over pooled seeds, beside the published cells."""

    name = "detection-table6"

    def load(self, spec: Table6Spec) -> Table6Inputs:
        items, files = detection_items(spec.data, spec.format)
        dev_sample = None
        if spec.dev is not None:
            dev_items, dev_files = detection_items(spec.dev, spec.format, "dev")
            files += dev_files
            if spec.limit is not None:
                dev = detection_sample(dev_items, spec.limit, spec.seed)
                dev_sample = dev.record([i.id for i in dev.items])
        samples = {s: detection_sample(items, spec.limit, s).items for s in sorted(spec.seeds)}
        return Table6Inputs(samples, resolve_detectors(spec.detectors), files, dev_sample)

    def config(self, spec: Table6Spec, inputs: Table6Inputs) -> RunConfig:
        seeds = sorted(inputs.samples)
        options: JSONObject = {
            "schema_version": SCHEMA_VERSION,
            "protocol": PROTOCOL,
            "seeds": seeds,
            "items": {str(s): len(inputs.samples[s]) for s in seeds},
            "published_dataset": spec.dataset or spec.format,
            "data": input_label(spec.data),
            "format": spec.format,
            "dev": input_label(spec.dev),
            "verifier": inputs.detectors.verifier_id,
        }
        if inputs.dev_sample is not None:
            options["dev_sample"] = inputs.dev_sample
        options["detectors"] = list(inputs.detectors.detectors)
        verifier = inputs.detectors.verifier_id
        return RunConfig(self.name, options, inputs.files, spec.seed, verifier, SCHEMA_VERSION)

    def run(self, spec: Table6Spec, inputs: Table6Inputs, out: Path) -> dict[str, Table6Checks]:
        runs: dict[str, Table6Checks] = {}
        detectors = inputs.detectors
        with (out / "items.jsonl").open("w", encoding="utf-8") as handle:
            for name in detectors.detectors:
                by_seed: dict[int, Sequence[CheckResult]] = {}
                total = 0.0
                for seed, items in inputs.samples.items():
                    results, seconds = detectors.check(name, check_items(items), out, f"seed{seed}")
                    by_seed[seed], total = results, total + seconds
                    write_rows(
                        handle,
                        (
                            row(name, item, r, seed=seed) | {"score": r.score}
                            for item, r in zip(items, results, strict=True)
                        ),
                    )
                runs[name] = Table6Checks(by_seed, total)
        return runs

    def score(self, spec: Table6Spec, inputs: Table6Inputs, raw: Mapping[str, Table6Checks]) -> Table6Result:
        entries: dict[str, Table6Entry] = {}
        for name, done in raw.items():
            y_all: list[int] = []
            s_all: list[float] = []
            g_all: list[int] = []
            for seed, results in done.results.items():
                y, s, _ = labelled_scores([i.label for i in inputs.samples[seed]], results)
                y_all, s_all, g_all = y_all + y, s_all + s, g_all + [seed] * len(y)
            entry = table6_entry(y_all, s_all, g_all, n_resamples=spec.resamples)
            statuses = status_counts(r for results in done.results.values() for r in results)
            entries[name] = replace(entry, statuses=statuses, seconds=round(done.seconds, 3))
        return Table6Result(entries, spec.published, spec.dataset or spec.format)

    def write(self, out: Path, inputs: Table6Inputs, raw: Mapping[str, Table6Checks], result: Table6Result) -> None:
        """Nothing beyond ``items.jsonl`` (written while running) and ``metrics.json``."""


SUITE = Table6Suite()
