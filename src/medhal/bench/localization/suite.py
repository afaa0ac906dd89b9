"""``medhal bench localization``: run several detectors on MedHal-Loc items, as a :class:`~medhal.bench.suite.Suite`.

Run directory (:mod:`medhal.bench.suite`): ``config.json`` (its ``options`` hold the data, options, sample and
detectors: what ``run.json`` held before), ``metrics.json`` (:class:`LocalizationResult`: each detector's
localization numbers ``n, excluded, coverage, hit1, hit3, rand, lift, se, sigma, margin, per_type`` and its
detection numbers on hallucinated (1) vs clean (0) texts under ``detection``) and ``items.jsonl`` (one record per
(detector, item), written as each detector finishes, so an interrupted run keeps what it checked);
:func:`medhal.report.localization.write_localization_report` renders ``report.md`` with the seed's Figure 2 (hit@1
vs random) and Figure 5 (detection vs localization) when matplotlib is installed.  The τ rule and the clause rules
(``tau`` / ``clauses``: ``"paper"`` by default, or the published code's ``"code"``; issue 16) are recorded in
``config.json``, in each detector's ``metrics.json`` entry and at the top of ``report.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from medhal.bench.checking import DetectorSet, DetectorSource, RunnerSource, resolve_detectors, write_rows
from medhal.bench.localization.metrics import ItemLocalization, LocalizationReport, aggregate_localization
from medhal.bench.localization.published import read_published_items
from medhal.bench.localization.records import (
    CLAUSE_LABELS,
    TAU_LABELS,
    DetectionNumbers,
    DetectorLocalization,
    detection_numbers,
    item_records,
)
from medhal.bench.localization.runner import LocalizationRun, run_localization
from medhal.bench.sampling import stratified_sample
from medhal.bench.suite import DataFile, RunConfig, input_label
from medhal.data.errors import DataFormatError
from medhal.data.medhal_loc import LocItem, read_medhal_loc
from medhal.detect.records import JSONObject
from medhal.errors import UsageError
from medhal.text.clauses import ClauseRules
from medhal.text.tokens import TauRule

__all__ = [
    "CLAUSE_LABELS",
    "SCHEMA_VERSION",
    "SUITE",
    "TAU_LABELS",
    "DetectionNumbers",
    "DetectorLocalization",
    "LocalizationInputs",
    "LocalizationResult",
    "LocalizationSpec",
    "LocalizationSuite",
    "detection_numbers",
    "item_records",
]

SCHEMA_VERSION = "1.0"
PUBLISHED_PERITEM = "published_peritem_dev.jsonl"


@dataclass(frozen=True, slots=True)
class LocalizationSpec:
    """One ``bench localization`` run: the items (a MedHal-Loc file, or items already read), the detectors, the
    options."""

    data: Path | Sequence[LocItem]
    detectors: DetectorSource
    evidence: str | None = None
    """``pubmedqa:PATH``: replace truncated evidence by the full PubMedQA contexts."""
    limit: int | None = None
    clean: bool = True
    seed: int = 0
    resamples: int = 1000
    tau: TauRule = "paper"
    clauses: ClauseRules = "paper"
    model: str | None = None
    runners: RunnerSource | None = None
    """``--engine ray``: each detector's chunks go to the runner this gives for its label."""


@dataclass(frozen=True, slots=True)
class LocalizationInputs:
    items: Sequence[LocItem]
    detectors: DetectorSet
    files: Sequence[DataFile] = ()
    sample: JSONObject | None = None
    published: Mapping[str, LocalizationReport] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DetectorRun:
    """What one detector produced: its scored run and the seconds it took."""

    run: LocalizationRun
    seconds: float


@dataclass(frozen=True, slots=True)
class LocalizationResult:
    """``metrics.json``: detector name -> :class:`DetectorLocalization`."""

    detectors: Mapping[str, DetectorLocalization]
    published: Mapping[str, LocalizationReport] = field(default_factory=dict)
    """The seed's own numbers (released per-item records), printed beside medhal's; not in ``metrics.json``."""
    schema_version: ClassVar[str] = SCHEMA_VERSION

    def to_json(self) -> JSONObject:
        return {name: entry.to_json() for name, entry in self.detectors.items()}


def _published(data: Path, limit: int | None) -> dict[str, LocalizationReport]:
    """The seed's per-item records aggregated, beside the full controlled dev set only."""
    peritem = data.parent / PUBLISHED_PERITEM
    if data.name != "controlled_dev.jsonl" or not peritem.is_file() or limit is not None:
        return {}
    return {
        name: aggregate_localization([x for x in rows if isinstance(x, ItemLocalization)])
        for name, rows in read_published_items(peritem).items()
        if name != "FAVA"
    }


class LocalizationSuite:
    """Localization faithfulness (seed 000 §4) of each detector on MedHal-Loc items."""

    name = "localization"

    def load(self, spec: LocalizationSpec) -> LocalizationInputs:
        pubmedqa = None
        if spec.evidence is not None:
            kind, _, path = spec.evidence.partition(":")
            if kind != "pubmedqa" or not path:
                raise UsageError("--evidence takes pubmedqa:PATH")
            pubmedqa = Path(path)
        files: list[DataFile] = []
        published: dict[str, LocalizationReport] = {}
        if isinstance(spec.data, Path):
            try:
                items: Sequence[LocItem] = list(read_medhal_loc(spec.data, pubmedqa=pubmedqa))
            except (DataFormatError, OSError) as exc:
                raise UsageError(str(exc).splitlines()[0]) from None
            files.append(DataFile.of(spec.data))
            if pubmedqa is not None and pubmedqa.is_file():
                files.append(DataFile.of(pubmedqa, "evidence"))
            published = _published(spec.data, spec.limit)
        else:
            items = list(spec.data)
        sample = stratified_sample(items, spec.limit, stratum=lambda i: i.error_type, seed=spec.seed, by="error_type")
        record = sample.record([i.id for i in sample.items]) if spec.limit is not None else None
        return LocalizationInputs(sample.items, resolve_detectors(spec.detectors), files, record, published)

    def config(self, spec: LocalizationSpec, inputs: LocalizationInputs) -> RunConfig:
        options: JSONObject = {
            "schema_version": SCHEMA_VERSION,
            "items": len(inputs.items),
            "data": input_label(spec.data),
            "evidence": spec.evidence or "file",
            "verifier": inputs.detectors.verifier_id,
            "model": spec.model,
        }
        if inputs.sample is not None:
            options["sample"] = inputs.sample
        options |= {
            "tau": spec.tau,
            "tau_rule": TAU_LABELS[spec.tau],
            "clauses": spec.clauses,
            "clause_rule": CLAUSE_LABELS[spec.clauses],
            "detectors": list(inputs.detectors.detectors),
        }
        return RunConfig(self.name, options, inputs.files, spec.seed, inputs.detectors.verifier_id, SCHEMA_VERSION)

    def run(self, spec: LocalizationSpec, inputs: LocalizationInputs, out: Path) -> dict[str, DetectorRun]:
        """Check every item with every detector; each detector's item records are written as it finishes."""
        runs: dict[str, DetectorRun] = {}
        detectors = inputs.detectors
        with (out / "items.jsonl").open("w", encoding="utf-8") as handle:
            for name, detector in detectors.detectors.items():
                runner = spec.runners(name) if spec.runners is not None else None
                check = detectors.stored_check(name, out, runner=runner)
                run = run_localization(
                    detector, inputs.items, clean=spec.clean, tau=spec.tau, clauses=spec.clauses, check=check
                )
                runs[name] = DetectorRun(run, check.seconds)
                write_rows(handle, item_records(run, inputs.items))
        return runs

    def score(
        self, spec: LocalizationSpec, inputs: LocalizationInputs, raw: Mapping[str, DetectorRun]
    ) -> LocalizationResult:
        entries = {
            name: DetectorLocalization.of(
                done.run, detection_numbers(done.run, seed=spec.seed, n_resamples=spec.resamples), done.seconds
            )
            for name, done in raw.items()
        }
        return LocalizationResult(entries, inputs.published)

    def write(
        self, out: Path, inputs: LocalizationInputs, raw: Mapping[str, DetectorRun], result: LocalizationResult
    ) -> None:
        """Nothing beyond ``items.jsonl`` (written while running) and ``metrics.json``."""


SUITE = LocalizationSuite()
