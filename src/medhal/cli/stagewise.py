"""``medhal bench stagewise``, ``medhal score stagewise`` and the training export: stage-wise diagnosis (seed 004).

``bench stagewise`` runs a model on stage-wise items (medhal's JSONL schema, simple VQA/MCQ JSONL, or the MedRECT
JMLE questions as text-only items), applies the stage-replacement interventions, judges answers and stages, and
writes ``RUN_DIR/records.jsonl`` (one record per item and context), ``metrics.json``, ``run.json`` and
``report.md`` (with ``fix_break.png`` when matplotlib is installed).  ``score stagewise`` re-scores a records file.
``export_stagewise_command`` writes trace-supervised fine-tuning files (chat, LLaMA-Factory alpaca / sharegpt).

Exit status: 0 done, every call answered; 1 done, but some items or judge calls failed (counted in the metrics,
never dropped); 2 usage or input error (one line).  The export exits 1 when no item has a reference trace.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from medhal.cli.inputs import UsageError, new_run_dir, reusable_run_dir
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args

__all__ = ["bench_stagewise_command", "export_stagewise_command", "score_stagewise_command"]

_FORMATS = ("medhal", "vqa", "jmle")
_INVALID = ("count", "drop")
_FAILURES = ("separate", "hallucination")


def _items(data: Path, format: str, dataset: str | None, image_root: Path | None) -> list[Any]:
    from medhal.data.errors import DataFormatError
    from medhal.data.stagewise import convert_jmle, convert_vqa, load_stagewise

    if format not in _FORMATS:
        raise UsageError(f"unknown --format {format!r}; choose one of {', '.join(_FORMATS)}")
    if not data.is_file():
        raise UsageError(f"data file {data} does not exist")
    if image_root is not None and format != "vqa":
        raise UsageError("--image-root applies to --format vqa only")
    try:
        if format == "medhal":
            items = list(load_stagewise(data))
        elif format == "vqa":
            items = list(convert_vqa(data, dataset=dataset, image_root=image_root))
        else:
            items = list(convert_jmle(data, dataset=dataset or "jmle"))
    except DataFormatError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    return items


def _policies(invalid_traces: str, judge_failures: str) -> tuple[Any, Any]:
    if invalid_traces not in _INVALID:
        raise UsageError(f"--invalid-traces must be one of {', '.join(_INVALID)}")
    if judge_failures not in _FAILURES:
        raise UsageError(f"--judge-failures must be one of {', '.join(_FAILURES)}")
    return invalid_traces, judge_failures


def _labels(path: Path | None) -> Any:
    from medhal.bench.stagewise.runner import RecordsFileError, read_human_labels

    if path is None:
        return None
    if not path.is_file():
        raise UsageError(f"human label file {path} does not exist")
    try:
        return read_human_labels(path)
    except RecordsFileError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None


def _check_out(out: Path) -> None:
    reusable_run_dir(out)
    if out.is_dir() and any(out.iterdir()):
        try:
            run = json.loads((out / "run.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            run = None
        if not isinstance(run, dict) or run.get("suite") != "stagewise":
            raise UsageError(f"--out {out} is not empty and holds no stage-wise run; choose a new folder")


def _show(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _finish(
    out: Path,
    records: list[Any],
    labels: Any,
    meta: dict[str, Any],
    policies: tuple[Any, Any],
    items: list[Any] | None = None,
) -> int:
    from medhal.bench.stagewise.metrics import score_records
    from medhal.bench.stagewise.runner import write_stagewise_run
    from medhal.report.stagewise import write_stagewise_report

    metrics = score_records(records, invalid_policy=policies[0], judge_failure_policy=policies[1], human_labels=labels)
    write_stagewise_run(out, records, metrics, meta, items=items)
    write_stagewise_report(out, metrics, meta)
    acc = metrics["accuracy"]
    show = _show
    sys.stderr.write(
        f"accuracy {show(acc['all'])} (valid only {show(acc['valid_only'])}, {acc['invalid']} invalid); "
        f"judge failures {metrics['judge']['failures']}\n"
    )
    for name, m in metrics["interventions"].items():
        rates = f"delta {show(m['delta'])}, fix {show(m['fix_rate'])}, break {show(m['break_rate'])}"
        sys.stderr.write(f"{name}: {rates}\n")
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'report.md'}\n")
    failed = any(r.status in ("api_error", "input_error") for r in records)
    return 1 if failed or metrics["judge"]["failures"] else 0


def bench_stagewise_command(
    data: Annotated[Path, typer.Option(help="Items: medhal stage-wise JSONL, VQA/MCQ JSONL or MedRECT JMLE JSON.")],
    model: Annotated[str, typer.Option(help="Model under test, e.g. openai/<name> (with --base-url) or hf/<path>.")],
    judge: Annotated[str, typer.Option(help="LLM judge of answers and stages, e.g. openai/<name>.")],
    out: Annotated[Path, typer.Option(help="Run directory to write (new, or an earlier stage-wise run).")],
    base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible server of --model.")] = None,
    judge_base_url: Annotated[
        str | None, typer.Option(help="OpenAI-compatible server of --judge (default: --base-url).")
    ] = None,
    interventions: Annotated[str, typer.Option(help="Comma list of none, rep-v, rep-k, rep-vk (or all).")] = "all",
    format: Annotated[str, typer.Option(help="medhal (stage-wise schema), vqa or jmle.")] = "medhal",
    dataset: Annotated[str | None, typer.Option(help="Dataset name for --format vqa/jmle.")] = None,
    image_root: Annotated[Path | None, typer.Option(help="--format vqa: folder image paths are relative to.")] = None,
    reference_model: Annotated[
        str | None, typer.Option(help="Build missing reference traces with this model (kept when valid and right).")
    ] = None,
    reference_base_url: Annotated[
        str | None, typer.Option(help="Server of --reference-model (default: --base-url).")
    ] = None,
    human_labels: Annotated[Path | None, typer.Option(help="JSONL/CSV: id, context, target, label.")] = None,
    max_regenerations: Annotated[int, typer.Option(min=0, help="Regenerations of a format-invalid trace.")] = 2,
    max_tokens: Annotated[int, typer.Option(min=16, help="Token budget of one trace.")] = 1024,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N items.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the sampled regenerations.")] = 0,
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
    from medhal.bench.stagewise.prompts import parse_contexts
    from medhal.bench.stagewise.runner import StagewiseOptions, run_stagewise
    from medhal.llm import Engine, load_client
    from medhal.llm.base import LLMConfigError
    from medhal.llm.cache import ResponseCache

    policies = _policies(invalid_traces, judge_failures)
    try:
        contexts = parse_contexts(interventions)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    items = _items(data, format, dataset, image_root)[:limit] if limit else _items(data, format, dataset, image_root)
    labels = _labels(human_labels)
    _check_out(out)
    extra = parse_model_args(model_arg, model_args)  # for --model only; the judge gets its family's defaults
    store = ResponseCache() if cache else None
    try:
        engines = [
            Engine(load_client(spec, base_url=url, model_args=args), cache=store, concurrency=concurrency)
            for spec, url, args in ((model, base_url, extra), (judge, judge_base_url or base_url, None))
        ]
        builder = None
        if reference_model is not None:
            client = load_client(reference_model, base_url=reference_base_url or base_url)
            builder = Engine(client, cache=store, concurrency=concurrency)
    except (LLMConfigError, ValueError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    options = StagewiseOptions(contexts=contexts, max_regenerations=max_regenerations, seed=seed, max_tokens=max_tokens)
    try:
        run = run_stagewise(items, engines[0], engines[1], options=options, reference_model=builder)
    except ValueError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    finally:
        if store is not None:
            store.close()
    meta: dict[str, Any] = {"data": str(data), "format": format, "model": model, "judge": judge}
    if extra:
        meta["model_args"] = extra
    meta |= {"interventions": ",".join(contexts), "max_regenerations": max_regenerations, "seed": seed}
    if reference_model is not None:
        meta |= {"reference_model": reference_model, "references": dict(run.references)}
    raise typer.Exit(_finish(out, run.records, labels, meta, policies, run.items))


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
    from medhal.bench.stagewise.runner import RecordsFileError, read_records

    policies = _policies(invalid_traces, judge_failures)
    reusable_run_dir(out)
    if not records.is_file():
        raise UsageError(f"records file {records} does not exist")
    try:
        rows = read_records(records)
    except RecordsFileError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    if not any(r.context == "none" for r in rows):
        raise UsageError(f"{records} has no record of the none context (plain generation) to score against")
    labels = _labels(human_labels)
    if out.resolve() != records.resolve().parent:
        _check_out(out)
    raise typer.Exit(_finish(out, rows, labels, {"records": str(records)}, policies))


def export_stagewise_command(
    data: Annotated[Path, typer.Option(help="Items with reference traces (medhal stage-wise JSONL).")],
    out: Annotated[Path, typer.Option(help="Folder for the training files.")],
    format: Annotated[str, typer.Option(help="medhal, vqa or jmle.")] = "medhal",
    variants: Annotated[str, typer.Option(help="Comma list of answer, v, k, vk, full.")] = "answer,v,k,vk,full",
    formats: Annotated[str, typer.Option(help="Comma list of chat, alpaca, sharegpt.")] = "chat,alpaca,sharegpt",
) -> None:
    """Write trace-supervised fine-tuning files (seed 004 §4, App. A): chat JSONL and LLaMA-Factory datasets."""
    from medhal.bench.stagewise.export import export_finetune

    new_run_dir(out)
    items = _items(data, format, None, None)
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
