"""``medhal bench verdicts``: run detectors on faithful and hallucinated answers and score their verdicts, as a
:class:`~medhal.bench.suite.Suite`.

Input: one or more labelled sets read by :func:`medhal.data.detection.read_detection` (MedHal-Loc format —
``clean_text`` / ``hallucinated_text`` / ``gold_span``, which medhal's hand-written clinical pairs
``benchmarks/data/clinical_pairs.jsonl`` also use — MedHallu, QAGS, HaluEval).  Every item of every set is
checked by every detector; an item whose check did not end ``ok`` keeps its record and status and is left out
of the metrics (counted per status), never dropped.

Run directory: ``config.json`` (its ``options``: sets, sizes, sha256 of each file, detectors, verifier, medhal
version), ``metrics.json`` (:class:`VerdictsResult`: set -> detector -> :class:`VerdictReport` fields plus
``statuses``), ``items.jsonl`` (one line per set, detector and item: label, gold span and the full audit trail,
written as each detector finishes) and ``report.md`` (:func:`medhal.report.verdicts.write_verdicts_report`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from medhal._version import __version__
from medhal.bench.checking import (
    DetectorSet,
    DetectorSource,
    check_items,
    detection_format,
    detection_sample,
    read_detection_items,
    resolve_detectors,
    status_counts,
    write_rows,
)
from medhal.bench.suite import DataFile, RunConfig
from medhal.bench.verdicts.metrics import AnswerVerdicts, VerdictReport, answer_verdicts, verdict_report
from medhal.data.detection import DetectionItem
from medhal.detect import CheckResult
from medhal.detect.records import JSONObject
from medhal.errors import UsageError

__all__ = [
    "SCHEMA_VERSION",
    "SUITE",
    "VerdictEntry",
    "VerdictSet",
    "VerdictsInputs",
    "VerdictsResult",
    "VerdictsSpec",
    "VerdictsSuite",
    "gold_span_of",
]

SCHEMA_VERSION = "1.0"


@dataclass(frozen=True, slots=True)
class VerdictSet:
    """A named labelled set: its items and the file they came from."""

    name: str
    path: Path
    items: Sequence[DetectionItem]


def gold_span_of(item: DetectionItem) -> str | None:
    """The text of the item's gold error: MedHal-Loc's ``gold_span``, else the first annotated span."""
    if item.label != 1:
        return None
    gold = item.meta.get("gold_span")
    if isinstance(gold, str) and gold:
        return gold
    spans = item.meta.get("hallucination_spans") or ()
    return next((s for s in spans if isinstance(s, str) and s), None)


@dataclass(frozen=True, slots=True)
class VerdictsSpec:
    """The labelled sets (files of ``format``, or sets already read), the detectors and the ``--limit`` sample."""

    data: Sequence[Path | VerdictSet]
    detectors: DetectorSource
    format: str = "medhal-loc"
    limit: int | None = None
    seed: int = 0


@dataclass(frozen=True, slots=True)
class VerdictsInputs:
    sets: Sequence[VerdictSet]
    detectors: DetectorSet
    samples: Mapping[str, JSONObject] | None = None


@dataclass(frozen=True, slots=True)
class VerdictEntry:
    """One detector on one set: the :class:`VerdictReport` (``None`` when no answer ended ``ok``), the statuses and
    the seconds it took."""

    report: VerdictReport | None
    statuses: Mapping[str, int]
    seconds: float

    def to_json(self) -> JSONObject:
        out: JSONObject = self.report.to_dict() if self.report is not None else {}
        return out | {"statuses": dict(self.statuses), "seconds": self.seconds}


@dataclass(frozen=True, slots=True)
class VerdictsResult:
    """``metrics.json``: set -> detector -> :class:`VerdictEntry`."""

    sets: Mapping[str, Mapping[str, VerdictEntry]]
    schema_version: ClassVar[str] = SCHEMA_VERSION

    def to_json(self) -> JSONObject:
        return {name: {d: e.to_json() for d, e in by.items()} for name, by in self.sets.items()}


@dataclass(frozen=True, slots=True)
class SetChecks:
    """One detector's results on one set and the seconds they took."""

    results: Sequence[CheckResult]
    seconds: float


def _row(set_name: str, detector: str, item: DetectionItem, result: CheckResult) -> JSONObject:
    return {
        "set": set_name,
        "detector": detector,
        "id": item.id,
        "label": item.label,
        "gold_span": gold_span_of(item),
        "result": result.to_dict(timings=False),
    }


class VerdictsSuite:
    """Verdict quality: faithful units contradicted, erroneous units supported, flag rates, AUC-PR (issue 14)."""

    name = "verdicts"

    def load(self, spec: VerdictsSpec) -> VerdictsInputs:
        sets: list[VerdictSet] = []
        samples: dict[str, JSONObject] = {}
        for source in spec.data:
            if isinstance(source, VerdictSet):
                sets.append(source)
                continue
            sample = detection_sample(
                read_detection_items(source, detection_format(spec.format)), spec.limit, spec.seed
            )
            sets.append(VerdictSet(source.stem, source, sample.items))
            if spec.limit is not None:
                samples[source.stem] = sample.record([item.id for item in sample.items])
        if len({s.name for s in sets}) != len(sets):
            raise UsageError("two --data files share a name; rename one")
        return VerdictsInputs(sets, resolve_detectors(spec.detectors), samples if spec.limit is not None else None)

    def config(self, spec: VerdictsSpec, inputs: VerdictsInputs) -> RunConfig:
        files = [DataFile.of(s.path) for s in inputs.sets]
        options: JSONObject = {
            "schema_version": SCHEMA_VERSION,
            "sets": [
                {"name": s.name, "path": str(s.path), "sha256": f.sha256, "items": len(s.items)}
                for s, f in zip(inputs.sets, files, strict=True)
            ],
            "detectors": list(inputs.detectors.detectors),
            "format": spec.format,
            "verifier": inputs.detectors.verifier_id,
            "medhal_version": __version__,
        }
        if inputs.samples is not None:
            options["samples"] = dict(inputs.samples)
        verifier = inputs.detectors.verifier_id
        return RunConfig(self.name, options, files, spec.seed, verifier, SCHEMA_VERSION)

    def run(self, spec: VerdictsSpec, inputs: VerdictsInputs, out: Path) -> dict[str, dict[str, SetChecks]]:
        done: dict[str, dict[str, SetChecks]] = {}
        detectors = inputs.detectors
        with (out / "items.jsonl").open("w", encoding="utf-8") as handle:
            for vset in inputs.sets:
                done[vset.name] = {}
                checks = check_items(vset.items)
                for name in detectors.detectors:
                    results, seconds = detectors.check(name, checks, out, vset.name)
                    done[vset.name][name] = SetChecks(results, seconds)
                    write_rows(handle, (_row(vset.name, name, i, r) for i, r in zip(vset.items, results, strict=True)))
        return done

    def score(
        self, spec: VerdictsSpec, inputs: VerdictsInputs, raw: Mapping[str, Mapping[str, SetChecks]]
    ) -> VerdictsResult:
        out: dict[str, dict[str, VerdictEntry]] = {}
        for vset in inputs.sets:
            out[vset.name] = {}
            for name, checked in raw[vset.name].items():
                answers: list[AnswerVerdicts] = [
                    answer_verdicts(result, item.label, gold_span_of(item))
                    for item, result in zip(vset.items, checked.results, strict=True)
                    if result.status == "ok" and result.score is not None and math.isfinite(result.score)
                ]
                report = verdict_report(answers) if answers else None
                out[vset.name][name] = VerdictEntry(report, status_counts(checked.results), round(checked.seconds, 3))
        return VerdictsResult(out)

    def write(
        self, out: Path, inputs: VerdictsInputs, raw: Mapping[str, Mapping[str, SetChecks]], result: VerdictsResult
    ) -> None:
        """Nothing beyond ``items.jsonl`` (written while running) and ``metrics.json``."""


SUITE = VerdictsSuite()
