"""``medhal bench stagewise`` / ``medhal score stagewise`` as a :class:`~medhal.bench.suite.Suite` (seed 004).

``load`` reads the items (medhal's stage-wise JSONL, simple VQA/MCQ JSONL, or MedRECT JMLE questions) or, to
re-score a run, its judged ``records.jsonl``, and the human labels; ``run`` goes through the LLM engine
(:func:`~medhal.bench.stagewise.runner.run_stagewise`: reference building, generation, stage replacement, judging)
or takes the records; ``score`` is :func:`~medhal.bench.stagewise.metrics.score_records` (pure); ``write`` adds
``records.jsonl`` (one record per item and context) and, with built references, ``references.jsonl``, and records
the reference-building tally in ``config.json``.  ``report.md`` (with ``fix_break.png`` when matplotlib is
installed) is :mod:`medhal.report.stagewise`'s.

``--limit N`` takes a seeded sample of N items (:func:`sample_items`) stratified by dataset and answer type
(:func:`item_stratum`, e.g. ``vqa-rad:yes_no`` beside ``vqa-rad:open``: the report breaks results down by dataset,
and closed answers are matched exactly while open ones go to the judge), drawn with the run's seed (that of the
sampled regenerations) and recorded in ``config.json`` (``options.sample``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from medhal.bench.runio import atomic_write_text
from medhal.bench.sampling import Sample, stratified_sample
from medhal.bench.stagewise.metrics import score_records
from medhal.bench.stagewise.parsing import HumanLabel, StagewiseRecord
from medhal.bench.stagewise.prompts import PROMPT_VERSION, parse_contexts
from medhal.bench.stagewise.results import InvalidPolicy, JudgeFailurePolicy, StagewiseMetrics
from medhal.bench.stagewise.runner import (
    RECORDS_FILE,
    RecordsFileError,
    StagewiseOptions,
    read_human_labels,
    read_records,
    run_stagewise,
)
from medhal.bench.suite import DataFile, RunConfig, update_run_options
from medhal.data.errors import DataFormatError
from medhal.data.stagewise import StagewiseItem, convert_jmle, convert_vqa, load_stagewise
from medhal.detect.records import JSON, JSONObject
from medhal.errors import UsageError
from medhal.llm.engine import Engine

__all__ = [
    "FORMATS",
    "SUITE",
    "StagewiseEngines",
    "StagewiseInputs",
    "StagewiseResult",
    "StagewiseSpec",
    "StagewiseSuite",
    "item_stratum",
    "load_items",
    "policies",
    "sample_items",
]

FORMATS = ("medhal", "vqa", "jmle")
REFERENCES_FILE = "references.jsonl"
_INVALID: dict[str, InvalidPolicy] = {"count": "count", "drop": "drop"}
_FAILURES: dict[str, JudgeFailurePolicy] = {"separate": "separate", "hallucination": "hallucination"}


def policies(invalid_traces: str, judge_failures: str) -> tuple[InvalidPolicy, JudgeFailurePolicy]:
    """``--invalid-traces`` and ``--judge-failures``, or a one-line usage error."""
    if invalid_traces not in _INVALID:
        raise UsageError(f"--invalid-traces must be one of {', '.join(_INVALID)}")
    if judge_failures not in _FAILURES:
        raise UsageError(f"--judge-failures must be one of {', '.join(_FAILURES)}")
    return _INVALID[invalid_traces], _FAILURES[judge_failures]


def load_items(data: Path, format: str, dataset: str | None, image_root: Path | None) -> list[StagewiseItem]:
    """The items of ``data`` in ``format`` (``medhal``, ``vqa`` or ``jmle``), or a one-line usage error."""
    if format not in FORMATS:
        raise UsageError(f"unknown --format {format!r}; choose one of {', '.join(FORMATS)}")
    if not data.is_file():
        raise UsageError(f"data file {data} does not exist")
    if image_root is not None and format != "vqa":
        raise UsageError("--image-root applies to --format vqa only")
    try:
        if format == "medhal":
            return list(load_stagewise(data))
        if format == "vqa":
            return list(convert_vqa(data, dataset=dataset, image_root=image_root))
        return list(convert_jmle(data, dataset=dataset or "jmle"))
    except DataFormatError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None


def item_stratum(item: StagewiseItem) -> str:
    """An item's stratum in a ``--limit`` sample: ``dataset:answer_type``."""
    return f"{item.dataset}:{item.answer_type}"


def sample_items(items: Sequence[StagewiseItem], limit: int | None, seed: int = 0) -> Sample[StagewiseItem]:
    """``limit`` items drawn with ``seed``, stratified by :func:`item_stratum` (all of them, in file order, when
    ``limit`` is ``None`` or not smaller)."""
    return stratified_sample(items, limit, stratum=item_stratum, seed=seed, by="dataset:answer_type")


def _labels(path: Path | None) -> list[HumanLabel] | None:
    if path is None:
        return None
    if not path.is_file():
        raise UsageError(f"human label file {path} does not exist")
    try:
        return read_human_labels(path)
    except RecordsFileError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None


@dataclass(frozen=True, slots=True)
class StagewiseEngines:
    """The model under test, its judge and, to build missing reference traces, the reference model."""

    model: Engine
    judge: Engine
    reference: Engine | None = None


@dataclass(frozen=True, slots=True)
class StagewiseSpec:
    """A model run (``engines`` builds the engines; ``bench stagewise``) on the items of ``data``, or the
    re-scoring of judged ``records`` (``score stagewise``)."""

    data: Path | Sequence[StagewiseItem] | None = None
    """A file of ``format``, or items already read."""
    records: Path | None = None
    format: str = "medhal"
    dataset: str | None = None
    image_root: Path | None = None
    limit: int | None = None
    """A seeded stratified sample of this many items (:func:`sample_items`; the seed is ``options.seed``)."""
    interventions: str = "all"
    human_labels: Path | None = None
    invalid_traces: str = "count"
    judge_failures: str = "separate"
    engines: Callable[[], StagewiseEngines] | None = None
    options: StagewiseOptions | None = None
    """``contexts`` is taken from ``interventions``."""
    model: str | None = None
    judge: str | None = None
    reference_model: str | None = None
    model_args: Mapping[str, JSON] | None = None


@dataclass(frozen=True, slots=True)
class StagewiseInputs:
    items: Sequence[StagewiseItem]
    records: Sequence[StagewiseRecord]
    """The records to re-score (empty for a model run)."""
    labels: Sequence[HumanLabel] | None
    policies: tuple[InvalidPolicy, JudgeFailurePolicy]
    options: StagewiseOptions
    sample: JSONObject | None = None
    """The record of the ``--limit`` sample (``None`` without a limit)."""


@dataclass(frozen=True, slots=True)
class StagewiseRaw:
    records: Sequence[StagewiseRecord]
    items: Sequence[StagewiseItem]
    references: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class StagewiseResult:
    """``metrics.json`` (:class:`StagewiseMetrics`) and the records it was computed from."""

    metrics: StagewiseMetrics
    records: Sequence[StagewiseRecord]
    schema_version: ClassVar[str] = StagewiseMetrics.schema_version

    @property
    def complete(self) -> bool:
        """Every model and judge call answered."""
        failed = any(r.status in ("api_error", "input_error") for r in self.records)
        return not failed and not self.metrics.block.judge.failures

    def to_json(self) -> JSONObject:
        return self.metrics.to_json()


class StagewiseSuite:
    """Where a model's reasoning hallucinates: stage-wise traces, stage replacement, judged (seed 004)."""

    name = "stagewise"

    def load(self, spec: StagewiseSpec) -> StagewiseInputs:
        chosen = policies(spec.invalid_traces, spec.judge_failures)
        try:
            contexts = parse_contexts(spec.interventions)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        options = replace(spec.options or StagewiseOptions(), contexts=contexts)
        if spec.records is not None:
            if not spec.records.is_file():
                raise UsageError(f"records file {spec.records} does not exist")
            try:
                records = read_records(spec.records)
            except RecordsFileError as exc:
                raise UsageError(str(exc).splitlines()[0]) from None
            if not any(r.context == "none" for r in records):
                raise UsageError(
                    f"{spec.records} has no record of the none context (plain generation) to score against"
                )
            return StagewiseInputs([], records, _labels(spec.human_labels), chosen, options)
        if spec.data is None:
            raise UsageError("a stage-wise run needs items (--data) or records")
        if isinstance(spec.data, Path):
            items = load_items(spec.data, spec.format, spec.dataset, spec.image_root)
        else:
            items = list(spec.data)
        sample = sample_items(items, spec.limit, options.seed)
        record = None if spec.limit is None else sample.record([i.id for i in sample.items])
        return StagewiseInputs(sample.items, [], _labels(spec.human_labels), chosen, options, record)

    def config(self, spec: StagewiseSpec, inputs: StagewiseInputs) -> RunConfig:
        options: JSONObject = {"schema_version": "1.0", "suite": "stagewise", "prompt_version": PROMPT_VERSION}
        files: list[DataFile] = []
        if spec.records is not None:
            options["records"] = str(spec.records)
            files.append(DataFile.of(spec.records, "records"))
        else:
            data = str(spec.data) if isinstance(spec.data, Path) else "inline"
            options |= {"data": data, "format": spec.format, "model": spec.model, "judge": spec.judge}
            if spec.model_args:
                options["model_args"] = dict(spec.model_args)
            options |= {
                "interventions": ",".join(inputs.options.contexts),
                "max_regenerations": inputs.options.max_regenerations,
                "seed": inputs.options.seed,
            }
            if inputs.sample is not None:
                options["sample"] = inputs.sample
            if spec.reference_model is not None:
                options["reference_model"] = spec.reference_model
            files += [DataFile.of(spec.data)] if isinstance(spec.data, Path) else []
        if spec.human_labels is not None:
            files.append(DataFile.of(spec.human_labels, "labels"))
        return RunConfig(self.name, options, files, inputs.options.seed, None, StagewiseMetrics.schema_version)

    def run(self, spec: StagewiseSpec, inputs: StagewiseInputs, out: Path) -> StagewiseRaw:
        if spec.records is not None:
            return StagewiseRaw(inputs.records, [], {})
        if spec.engines is None:
            raise ValueError("a stage-wise run needs engines or a records file")
        engines = spec.engines()
        try:
            run = run_stagewise(
                inputs.items, engines.model, engines.judge, options=inputs.options, reference_model=engines.reference
            )
        except ValueError as exc:
            raise UsageError(str(exc).splitlines()[0]) from None
        return StagewiseRaw(run.records, run.items, run.references)

    def score(self, spec: StagewiseSpec, inputs: StagewiseInputs, raw: StagewiseRaw) -> StagewiseResult:
        invalid, failures = inputs.policies
        metrics = score_records(
            raw.records, invalid_policy=invalid, judge_failure_policy=failures, human_labels=inputs.labels
        )
        return StagewiseResult(metrics, raw.records)

    def write(self, out: Path, inputs: StagewiseInputs, raw: StagewiseRaw, result: StagewiseResult) -> None:
        """``records.jsonl``, ``references.jsonl`` (built reference traces) and the reference tally."""
        if raw.records:
            text = "".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in raw.records)
            atomic_write_text(out / RECORDS_FILE, text)
        built = [i for i in raw.items if i.meta.get("reference") == "built"]
        if built:
            text = "".join(json.dumps(i.to_dict(), ensure_ascii=False) + "\n" for i in built)
            atomic_write_text(out / REFERENCES_FILE, text)
        if raw.references:  # a reference model ran: what it built and rejected
            update_run_options(out, references=dict(raw.references))


SUITE = StagewiseSuite()
