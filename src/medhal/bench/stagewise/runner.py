"""Running the stage-wise suite through the LLM engine (seed 004 §3-§4), and its run directory.

:func:`run_stagewise` does, in phases, each batched through an :class:`~medhal.llm.engine.Engine` (response cache,
bounded concurrency):

1. optional reference construction for items without a gold trace (seed 004 §3: a trace is kept only when it is
   format-valid and consistent with the ground truth; rejected ones are counted);
2. generation (context ``none``): the model reasons in the three labelled stages; a format-invalid trace is
   regenerated up to ``max_regenerations`` times (sampled, seeded, so each is a new cacheable request), and one
   that stays invalid is recorded as ``invalid`` with every attempt;
3. stage replacement (``rep-v``, ``rep-k``, ``rep-vk``): the model continues from the fixed stage(s);
4. judging (:mod:`~medhal.bench.stagewise.judge`).

Every item gets one :class:`~medhal.bench.stagewise.parsing.StagewiseRecord` per context, whatever happened to it
(``api_error``, ``input_error`` for an unreadable image, ``skipped`` when an intervention cannot apply).
:mod:`~medhal.bench.stagewise.suite` ties this to the suite and its run directory; ``report.md`` (and
``fix_break.png`` when matplotlib is importable) is :mod:`medhal.report.stagewise`'s, which renders the result and
computes nothing (``bench`` never imports ``report``; the CLI calls both).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict, Unpack

from medhal.bench.llmrun import as_engine
from medhal.bench.stagewise.judge import apply_judgements, closed_correct, judge_tasks, normalize_answer
from medhal.bench.stagewise.parsing import (
    Attempt,
    HumanLabel,
    ParsedTrace,
    StagewiseRecord,
    TraceStatus,
    human_label_from_dict,
    is_trivial,
    parse_trace,
)
from medhal.bench.stagewise.prompts import (
    CONTEXTS,
    GIVEN,
    REFERENCE_STAGES,
    Context,
    build_request,
    generation_config,
    generation_prompt,
    intervention_prompt,
    reference_prompt,
)
from medhal.data.errors import DataFormatError
from medhal.data.loading import read_csv_rows, read_json_rows
from medhal.data.stagewise import STAGES, StagewiseItem, Trace
from medhal.errors import DataError
from medhal.llm.base import GenerationConfig, ModelClient, RequestError
from medhal.llm.engine import Engine, run_closing

__all__ = [
    "RECORDS_FILE",
    "RecordsFileError",
    "StagewiseOptions",
    "StagewiseRun",
    "StagewiseRunOptions",
    "arun_stagewise",
    "read_human_labels",
    "read_records",
    "run_stagewise",
]

RECORDS_FILE = "records.jsonl"


class RecordsFileError(DataError):
    """A records or human-label file cannot be read (one line naming the file and line)."""


@dataclass(frozen=True, slots=True)
class StagewiseOptions:
    """``max_regenerations``: extra attempts for a format-invalid trace; ``temperature``/``seed``: their sampling."""

    contexts: tuple[Context, ...] = CONTEXTS
    max_regenerations: int = 2
    temperature: float = 0.7
    seed: int = 0
    max_tokens: int = 1024
    judge_max_tokens: int = 256
    min_words: int = 3

    def __post_init__(self) -> None:
        if self.max_regenerations < 0 or self.min_words < 1:
            raise ValueError("max_regenerations must be >= 0 and min_words >= 1")
        if "none" not in self.contexts:
            raise ValueError("the none context (plain generation) always runs")


@dataclass(frozen=True, slots=True)
class StagewiseRun:
    """What :func:`run_stagewise` returns: the records, the items as used, and the reference-building tally."""

    records: list[StagewiseRecord]
    items: list[StagewiseItem]
    references: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Job:
    key: str
    item: StagewiseItem
    text: str
    required: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Outcome:
    status: TraceStatus
    parsed: ParsedTrace | None
    attempts: tuple[Attempt, ...]
    reason: str | None


async def _generate(engine: Engine, jobs: Sequence[_Job], options: StagewiseOptions) -> list[_Outcome]:
    """Generate, validate and regenerate the invalid ones (seed 004 §3 format validity)."""
    attempts: list[list[Attempt]] = [[] for _ in jobs]
    parsed: list[ParsedTrace | None] = [None] * len(jobs)
    status: list[TraceStatus] = ["api_error"] * len(jobs)
    reason: list[str | None] = [None] * len(jobs)
    pending = list(range(len(jobs)))
    for attempt in range(options.max_regenerations + 1):
        config = generation_config(
            attempt, seed=options.seed, temperature=options.temperature, max_tokens=options.max_tokens
        )
        sent, requests = [], []
        for i in pending:
            try:
                requests.append(build_request(f"{jobs[i].key}::gen{attempt}", jobs[i].item, jobs[i].text, config))
                sent.append(i)
            except RequestError as exc:
                attempts[i].append(Attempt("input_error", None, (), str(exc)))
                status[i], reason[i] = "input_error", str(exc)
        pending = []
        for i, result in zip(sent, await engine.agenerate(requests), strict=True):
            if not result.ok:
                attempts[i].append(Attempt(result.status, result.text or None, (), result.reason))
                if parsed[i] is None:
                    status[i], reason[i] = "api_error", result.reason
                continue
            trace = parse_trace(result.text, required=jobs[i].required, min_words=options.min_words)
            attempts[i].append(Attempt("ok", result.text, trace.problems))
            parsed[i] = trace
            status[i], reason[i] = ("valid", None) if trace.valid else ("invalid", "; ".join(trace.problems))
            if not trace.valid:
                pending.append(i)
        if not pending:
            break
    return [_Outcome(status[i], parsed[i], tuple(attempts[i]), reason[i]) for i in range(len(jobs))]


def _gold_text(item: StagewiseItem) -> str:
    if item.answer_type != "option":
        return item.answer[0]
    texts = dict(item.options)
    return ", ".join(f"{label} ({texts[label]})" if texts[label] else label for label in item.answer[: item.select])


async def _build_references(
    engine: Engine, items: list[StagewiseItem], options: StagewiseOptions
) -> tuple[list[StagewiseItem], dict[str, int]]:
    """Reference traces for the items without one, kept only when valid and answer-consistent (seed 004 §3)."""
    todo = [i for i, item in enumerate(items) if item.reference is None]
    jobs = [_Job(f"{items[i].id}::reference", items[i], reference_prompt(items[i], _gold_text(items[i])), STAGES)
            for i in todo]  # fmt: skip
    tally: Counter[str] = Counter(requested=len(todo))
    out = list(items)
    for i, outcome in zip(todo, await _generate(engine, jobs, options), strict=True):
        item, trace = items[i], outcome.parsed
        if outcome.status != "valid" or trace is None or trace.answer is None:
            tally[f"rejected_{outcome.status}"] += 1
            continue
        consistent = (
            closed_correct(item, trace.answer)
            if item.closed
            else normalize_answer(item.answer[0]) in normalize_answer(trace.answer)
        )
        if not consistent:
            tally["rejected_inconsistent"] += 1
            continue
        reference = Trace(trace.stages["vr"], trace.stages["kr"], trace.stages["ri"], trace.answer)
        out[i] = dataclasses.replace(item, reference=reference, meta={**item.meta, "reference": "built"})
        tally["built"] += 1
    return out, dict(tally)


def _record(
    item: StagewiseItem, model: str, context: str, outcome: _Outcome, given: Mapping[str, str]
) -> StagewiseRecord:
    stages = dict(given)
    if outcome.parsed is not None:
        stages |= {s: t for s, t in outcome.parsed.stages.items() if s in STAGES and s not in given}
    return StagewiseRecord(
        item_id=item.id,
        dataset=item.dataset,
        model=model,
        context=context,
        modality=item.modality,
        status=outcome.status,
        stages=stages,
        answer=outcome.parsed.answer if outcome.parsed is not None else None,
        given=tuple(given),
        attempts=outcome.attempts,
        reason=outcome.reason,
    )


def _skipped(item: StagewiseItem, model: str, context: str, why: str) -> StagewiseRecord:
    return StagewiseRecord(item.id, item.dataset, model, context, item.modality, "skipped", reason=why)


async def _interventions(
    engine: Engine, items: Sequence[StagewiseItem], base: Mapping[str, StagewiseRecord], options: StagewiseOptions
) -> list[StagewiseRecord]:
    """Stage replacement (seed 004 §4) for every requested context but ``none``."""
    model = engine.client.model_id
    records: list[StagewiseRecord] = []
    jobs: list[tuple[int, _Job, dict[str, str]]] = []
    for context in (c for c in options.contexts if c != "none"):
        for item in items:
            if item.reference is None:
                records.append(_skipped(item, model, context, "no reference trace"))
                continue
            own_vr = base[item.id].stages.get("vr", "")
            if context == "rep-k" and (not own_vr.strip() or is_trivial(own_vr, options.min_words)):
                records.append(_skipped(item, model, context, "no Visual Recognition of the model's own to keep"))
                continue
            reference = item.reference
            given = {s: reference.stage(s) if s in REFERENCE_STAGES[context] else own_vr for s in GIVEN[context]}
            required = tuple(s for s in STAGES if s not in given)
            job = _Job(f"{item.id}::{context}", item, intervention_prompt(item, context, given), required)
            jobs.append((len(records), job, given))
            records.append(_skipped(item, model, context, "not run"))
    outcomes = await _generate(engine, [j for _, j, _ in jobs], options)
    for (index, job, given), outcome in zip(jobs, outcomes, strict=True):
        records[index] = _record(job.item, model, records[index].context, outcome, given)
    return records


class StagewiseRunOptions(TypedDict, total=False):
    """The keyword options of :func:`arun_stagewise`, which :func:`run_stagewise` passes on unchanged."""

    options: StagewiseOptions | None
    reference_model: ModelClient | Engine | None


async def arun_stagewise(
    items: Sequence[StagewiseItem],
    model: ModelClient | Engine,
    judge: ModelClient | Engine,
    *,
    options: StagewiseOptions | None = None,
    reference_model: ModelClient | Engine | None = None,
) -> StagewiseRun:
    """:func:`run_stagewise` inside a running event loop (closes no client)."""
    opts = options or StagewiseOptions()
    if len({i.id for i in items}) != len(items):
        raise ValueError("duplicate item ids: every item needs its own id")
    engine, judge_engine = as_engine(model), as_engine(judge)
    used, tally = list(items), dict[str, int]()
    if reference_model is not None:
        used, tally = await _build_references(as_engine(reference_model), used, opts)
    jobs = [_Job(f"{item.id}::none", item, generation_prompt(item), STAGES) for item in used]
    outcomes = await _generate(engine, jobs, opts)
    base = [_record(item, engine.client.model_id, "none", o, {}) for item, o in zip(used, outcomes, strict=True)]
    records = base + await _interventions(engine, used, {r.item_id: r for r in base}, opts)
    config = GenerationConfig(temperature=0.0, max_tokens=opts.judge_max_tokens)
    tasks, records = judge_tasks(records, {i.id: i for i in used}, config)
    results = await judge_engine.agenerate([t.request for t in tasks])
    return StagewiseRun(apply_judgements(records, tasks, results), used, tally)


def run_stagewise(
    items: Sequence[StagewiseItem],
    model: ModelClient | Engine,
    judge: ModelClient | Engine,
    **options: Unpack[StagewiseRunOptions],
) -> StagewiseRun:
    """One record per (item, context), judged; see the module docstring.  Closes the clients at the end.

    Raises ``ValueError`` for duplicate item ids; never for a model, judge or item failure.
    """

    async def close() -> None:
        for client in (model, judge, options.get("reference_model")):
            if client is not None:
                await as_engine(client).client.aclose()

    return run_closing(lambda: arun_stagewise(items, model, judge, **options), close)


def read_records(path: str | Path) -> list[StagewiseRecord]:
    """The records of a ``records.jsonl`` file; :class:`RecordsFileError` for a bad line."""
    try:
        table = read_json_rows(path, "stage-wise records")
    except DataFormatError as exc:
        raise RecordsFileError(str(exc)) from None
    out = []
    for row in table.rows:
        try:
            out.append(StagewiseRecord.from_dict(row.data))
        except ValueError as exc:
            raise RecordsFileError(f"{row.where}: {exc}") from None
    keys = Counter((r.model, r.item_id, r.context) for r in out)
    twice = [k for k, n in keys.items() if n > 1]
    if twice:
        model, item, context = twice[0]
        raise RecordsFileError(f"{path}: item {item!r} of {model} has two records for context {context!r}")
    return out


def read_human_labels(path: str | Path) -> list[HumanLabel]:
    """Human labels from JSONL / JSON or CSV (``id, context, target, label``); :class:`RecordsFileError`."""
    try:
        csv = str(path).lower().endswith((".csv", ".tsv"))
        table = read_csv_rows(path, "human labels") if csv else read_json_rows(path, "human labels")
        labels = []
        for row in table.rows:
            try:
                labels.append(human_label_from_dict(row.data))
            except ValueError as exc:
                raise RecordsFileError(f"{row.where}: {exc}") from None
        return labels
    except DataFormatError as exc:
        raise RecordsFileError(str(exc)) from None
