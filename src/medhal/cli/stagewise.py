"""``medhal bench stagewise``, ``medhal score stagewise`` and the training export: stage-wise diagnosis (seed 004).

``bench stagewise`` runs a model on stage-wise items (medhal's JSONL schema, simple VQA/MCQ JSONL, or the MedRECT
JMLE questions as text-only items; ``--limit N``: a seeded sample stratified by dataset and answer type), applies
the stage-replacement interventions, judges answers and stages, and writes ``RUN_DIR/records.jsonl`` (one record
per item and context), ``metrics.json``, ``config.json`` and ``report.md`` (with ``fix_break.png`` when matplotlib
is installed).  ``score stagewise`` re-scores a records file.
``export_stagewise_command`` writes trace-supervised fine-tuning files (chat, LLaMA-Factory alpaca / sharegpt).

Exit status: 0 done, every call answered; 1 done, but some items or judge calls failed (counted in the metrics,
never dropped); 2 usage or input error (one line).  The export exits 1 when no item has a reference trace.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from medhal.cli.inputs import UsageError, new_run_dir, reusable_run_dir
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.cli.options import BaseUrlOption, ModelUnderTestOption

if TYPE_CHECKING:
    from collections.abc import Mapping

    from medhal.bench.stagewise.suite import StagewiseInputs, StagewiseResult
    from medhal.bench.suite import Completed
    from medhal.detect.records import JSON

__all__ = ["bench_stagewise_command", "export_stagewise_command", "score_stagewise_command"]

LIMIT_HELP = (
    "Only N items: a seeded sample (--seed) stratified by dataset and answer type, in proportion, at least one per "
    "stratum; deterministic, in file order, recorded in config.json ('sample')."
)


def _check_out(out: Path) -> None:
    from medhal.bench.suite import own_run_dir

    reusable_run_dir(out)
    if not own_run_dir(out, "stagewise"):
        raise UsageError(f"--out {out} is not empty and holds no stage-wise run; choose a new folder")


def _show(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _finish(out: Path, done: Completed[StagewiseInputs, StagewiseResult]) -> int:
    from medhal.report.suites import write_report

    write_report(out, done.result, done.config)
    block = done.result.metrics.block
    acc = block.accuracy
    sys.stderr.write(
        f"accuracy {_show(acc.all)} (valid only {_show(acc.valid_only)}, {acc.invalid} invalid); "
        f"judge failures {block.judge.failures}\n"
    )
    for name, report in block.interventions.items():
        m = report.fix_break
        sys.stderr.write(f"{name}: delta {_show(m.delta)}, fix {_show(m.fix_rate)}, break {_show(m.break_rate)}\n")
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'report.md'}\n")
    return 0 if done.result.complete else 1


def bench_stagewise_command(
    data: Annotated[Path, typer.Option(help="Items: medhal stage-wise JSONL, VQA/MCQ JSONL or MedRECT JMLE JSON.")],
    model: ModelUnderTestOption,
    judge: Annotated[str, typer.Option(help="LLM judge of answers and stages, e.g. openai/<name>.")],
    out: Annotated[Path, typer.Option(help="Run directory to write (new, or an earlier stage-wise run).")],
    base_url: BaseUrlOption = None,
    judge_base_url: Annotated[
        str | None,
        typer.Option(
            help="OpenAI-compatible server of --judge (default: --base-url); comma-separated for several replicas."
        ),
    ] = None,
    interventions: Annotated[str, typer.Option(help="Comma list of none, rep-v, rep-k, rep-vk (or all).")] = "all",
    format: Annotated[str, typer.Option(help="medhal (stage-wise schema), vqa or jmle.")] = "medhal",
    dataset: Annotated[str | None, typer.Option(help="Dataset name for --format vqa/jmle.")] = None,
    image_root: Annotated[Path | None, typer.Option(help="--format vqa: folder image paths are relative to.")] = None,
    reference_model: Annotated[
        str | None, typer.Option(help="Build missing reference traces with this model (kept when valid and right).")
    ] = None,
    reference_base_url: Annotated[
        str | None,
        typer.Option(help="Server of --reference-model (default: --base-url); comma-separated for replicas."),
    ] = None,
    human_labels: Annotated[Path | None, typer.Option(help="JSONL/CSV: id, context, target, label.")] = None,
    max_regenerations: Annotated[int, typer.Option(min=0, help="Regenerations of a format-invalid trace.")] = 2,
    max_tokens: Annotated[int, typer.Option(min=16, help="Token budget of one trace.")] = 1024,
    limit: Annotated[int | None, typer.Option(min=1, help=LIMIT_HELP)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the --limit sample and the sampled regenerations.")] = 0,
    concurrency: Annotated[int | None, typer.Option(min=1)] = None,
    invalid_traces: Annotated[str, typer.Option(help="count (default) or drop (the authors' code).")] = "count",
    judge_failures: Annotated[
        str, typer.Option(help="separate (default) or hallucination (the authors' code).")
    ] = "separate",
    cache: Annotated[bool, typer.Option(help="Use the response cache (MEDHAL_LLM_CACHE).")] = True,
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Diagnose where a model's reasoning hallucinates: stage-wise traces, stage replacement, judged (seed 004)."""
    from medhal.bench.stagewise.runner import StagewiseOptions
    from medhal.bench.stagewise.suite import SUITE, StagewiseEngines, StagewiseSpec, policies
    from medhal.bench.suite import execute
    from medhal.llm import Engine, load_client
    from medhal.llm.base import LLMConfigError
    from medhal.llm.cache import ResponseCache

    policies(invalid_traces, judge_failures)
    _check_out(out)
    extra = parse_model_args(model_arg, model_args)  # for --model only; the judge gets its family's defaults
    store = ResponseCache() if cache else None

    def engines() -> StagewiseEngines:
        def engine(spec: str, url: str | None, args: Mapping[str, JSON] | None = None) -> Engine:
            return Engine(load_client(spec, base_url=url, model_args=args), cache=store, concurrency=concurrency)

        try:
            tested, judging = engine(model, base_url, extra), engine(judge, judge_base_url or base_url)
            reference = None if reference_model is None else engine(reference_model, reference_base_url or base_url)
            return StagewiseEngines(tested, judging, reference)
        except (LLMConfigError, ValueError) as exc:
            raise UsageError(str(exc).splitlines()[0]) from None

    options = StagewiseOptions(max_regenerations=max_regenerations, seed=seed, max_tokens=max_tokens)
    spec = StagewiseSpec(
        data,
        format=format,
        dataset=dataset,
        image_root=image_root,
        limit=limit,
        interventions=interventions,
        human_labels=human_labels,
        invalid_traces=invalid_traces,
        judge_failures=judge_failures,
        engines=engines,
        options=options,
        model=model,
        judge=judge,
        reference_model=reference_model,
        model_args=extra,
    )
    try:
        done = execute(SUITE, spec, out)
    finally:
        if store is not None:
            store.close()
    raise typer.Exit(_finish(out, done))


def score_stagewise_command(
    records: Annotated[Path, typer.Option(help="records.jsonl of a stage-wise run (judged records).")],
    out: Annotated[Path, typer.Option(help="Run directory to write (may be the records' own).")],
    human_labels: Annotated[Path | None, typer.Option(help="JSONL/CSV: id, context, target, label.")] = None,
    invalid_traces: Annotated[str, typer.Option(help="count (default) or drop (the authors' code).")] = "count",
    judge_failures: Annotated[
        str, typer.Option(help="separate (default) or hallucination (the authors' code).")
    ] = "separate",
) -> None:
    """Re-score judged stage-wise records: accuracy, stage hallucination, Fix/Break, agreement."""
    from medhal.bench.stagewise.suite import SUITE, StagewiseSpec, policies
    from medhal.bench.suite import execute

    policies(invalid_traces, judge_failures)
    reusable_run_dir(out)
    if out.resolve() != records.resolve().parent:
        _check_out(out)
    spec = StagewiseSpec(
        records=records, human_labels=human_labels, invalid_traces=invalid_traces, judge_failures=judge_failures
    )
    raise typer.Exit(_finish(out, execute(SUITE, spec, out)))


def export_stagewise_command(
    data: Annotated[Path, typer.Option(help="Items with reference traces (medhal stage-wise JSONL).")],
    out: Annotated[Path, typer.Option(help="Folder for the training files.")],
    format: Annotated[str, typer.Option(help="medhal, vqa or jmle.")] = "medhal",
    variants: Annotated[str, typer.Option(help="Comma list of answer, v, k, vk, full.")] = "answer,v,k,vk,full",
    formats: Annotated[str, typer.Option(help="Comma list of chat, alpaca, sharegpt.")] = "chat,alpaca,sharegpt",
) -> None:
    """Write trace-supervised fine-tuning files (seed 004 §4, App. A): chat JSONL and LLaMA-Factory datasets."""
    from medhal.bench.stagewise.export import export_finetune
    from medhal.bench.stagewise.suite import load_items

    new_run_dir(out)
    items = load_items(data, format, None, None)
    try:
        report = export_finetune(
            items,
            out,
            variants=[v.strip() for v in variants.split(",") if v.strip()],
            formats=[f.strip() for f in formats.split(",") if f.strip()],
        )
    except ValueError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    sys.stderr.write(
        f"wrote {len(report.files)} files to {out}: {report.rows} items per file, "
        f"{report.skipped_no_reference} without a reference trace left out\n"
    )
    raise typer.Exit(0 if report.rows else 1)
