"""``medhal bench paired`` and ``medhal score paired``: paired clinical error detection (seed 002).

``bench paired`` runs a model on every note under each configuration (notes independently; pairing after;
``--limit N``: a seeded sample of N pairs or unpaired notes, stratified by error type),
``score paired`` scores predictions made by any tool.  Both write ``RUN_DIR/metrics.json`` (per configuration
and ``mean``: ``pointwise``, ``pairs``, ``eca``, ``parse_failures``), ``pairs.json``, ``predictions.jsonl`` and
``report.md``.  Exit status: 0 done with every note ``ok``; 1 some notes failed (they are counted, not
dropped); 2 usage or input error.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from medhal.cli._engine import LazyEngine
from medhal.cli.inputs import UsageError, new_run_dir, resumable_run_dir
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.cli.options import BaseUrlOption, CacheFileOption, ModelUnderTestOption, NoCacheOption
from medhal.errors import MedhalError

if TYPE_CHECKING:
    from medhal.bench.paired.results import PairedResult
    from medhal.bench.paired.suite import PairedInputs
    from medhal.bench.suite import Completed
    from medhal.detect.embedding import Embedder

__all__ = ["bench_paired_command", "score_paired_command", "score_paired_runs_command"]

LIMIT_HELP = (
    "Only N pairs or unpaired notes: a seeded sample (--seed) stratified by error type (clean notes: 'clean'), in "
    "proportion, at least one per stratum; a pair's notes count as one and stay together; deterministic, in file "
    "order, recorded in config.json ('sample')."
)


def _embedder(name: str) -> Embedder:
    from medhal.detect.embedding import load_embedder

    try:
        return load_embedder(name)
    except MedhalError as exc:  # an unknown name (ConfigError) or a model that cannot be loaded (EmbedderError)
        raise UsageError(f"--eca-embedding {name}: {str(exc).splitlines()[0]}") from None


def _finish(out: Path, done: Completed[PairedInputs, PairedResult]) -> int:
    from medhal.report.format import value_of
    from medhal.report.suites import write_report

    write_report(out, done.result, done.config)
    for name, row in done.result.rows().items():
        bcr = value_of((row.section("pairs") or {}).get("bcr"))
        f1 = value_of((row.section("pointwise") or {}).get("f1"))
        sys.stderr.write(
            f"{name}: BCR {'-' if bcr is None else f'{100 * bcr:.1f}%'}, F1 {'-' if f1 is None else f'{f1:.3f}'}\n"
        )
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'report.md'}\n")
    return 0 if done.result.complete else 1


def bench_paired_command(
    data: Annotated[Path, typer.Option(help="MEDEC-MS CSV, MedErrBench CSV or MedRECT JSON.")],
    format: Annotated[str, typer.Option(help="medec, mederrbench or medrect.")],
    model: ModelUnderTestOption,
    out: Annotated[Path, typer.Option(help="Run directory (resumable: rerun to finish failed notes).")],
    base_url: BaseUrlOption = None,
    configs: Annotated[
        str, typer.Option(help="all or a comma list of neutral-greedy, neutral-sampling, conservative-...")
    ] = "all",
    pairing: Annotated[str, typer.Option(help="auto, jaccard, alternating, scenario or corrected.")] = "auto",
    jaccard: Annotated[float, typer.Option(help="Jaccard threshold of the jaccard pairing.")] = 0.6,
    overlap: Annotated[float, typer.Option(help="Character-overlap threshold of the scenario pairing.")] = 0.85,
    limit: Annotated[int | None, typer.Option(min=1, help=LIMIT_HELP)] = None,
    seed: Annotated[
        int, typer.Option(help="Seed of the --limit sample, the sampling configurations and the bootstrap.")
    ] = 0,
    concurrency: Annotated[int | None, typer.Option(min=1)] = None,
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
    cache: CacheFileOption = None,
    no_cache: NoCacheOption = False,
) -> None:
    """Run a model on paired clinical notes under the four configurations and score the pairs."""
    from medhal.bench.paired.suite import SUITE, PairedSpec
    from medhal.bench.suite import execute
    from medhal.llm import load_client

    resumable_run_dir(out, "paired")
    extra = parse_model_args(model_arg, model_args)
    client = partial(load_client, model, base_url=base_url, model_args=extra)
    engine = LazyEngine(client, cache=cache, no_cache=no_cache, concurrency=concurrency)
    chosen = None if configs == "all" else [c.strip() for c in configs.split(",") if c.strip()]
    spec = PairedSpec(data, format, pairing, jaccard, overlap, limit, seed, chosen, engine=engine, model=model)
    try:
        done = execute(SUITE, spec, out)  # errors reach main(): one line, exit 2
    finally:
        engine.close()
    raise typer.Exit(_finish(out, done))


def score_paired_command(
    data: Annotated[Path, typer.Option(help="MEDEC-MS CSV, MedErrBench CSV or MedRECT JSON.")],
    format: Annotated[str, typer.Option(help="medec, mederrbench or medrect.")],
    predictions: Annotated[
        Path, typer.Option(help="CSV or JSONL: id, prediction (0/1 or Yes/No), [evidence], [config].")
    ],
    out: Annotated[Path, typer.Option(help="Run directory to write.")],
    pairing: Annotated[str, typer.Option(help="auto, jaccard, alternating, scenario or corrected.")] = "auto",
    jaccard: Annotated[float, typer.Option()] = 0.6,
    overlap: Annotated[float, typer.Option()] = 0.85,
    seed: Annotated[int, typer.Option(help="Seed of imputation and bootstrap.")] = 0,
    eca_embedding: Annotated[
        str | None, typer.Option(help="Also rank sentences by embedding similarity: minilm, hashing or a folder.")
    ] = None,
) -> None:
    """Score predictions made by any tool: pointwise, pairwise (BCR), ECA."""
    from medhal.bench.paired.suite import SUITE, PairedSpec
    from medhal.bench.suite import execute

    new_run_dir(out)
    embedder = None if eca_embedding is None else partial(_embedder, eca_embedding)
    spec = PairedSpec(data, format, pairing, jaccard, overlap, seed=seed, predictions=predictions, embedder=embedder)
    raise typer.Exit(_finish(out, execute(SUITE, spec, out)))  # a bad predictions file: one line, exit 2


def score_paired_runs_command(
    runs: Annotated[list[Path], typer.Argument(help="Run directories of bench/score paired (several models).")],
    out: Annotated[Path, typer.Option(help="Where across.json and across.md go.")],
    top_k: Annotated[int, typer.Option(min=1, help="k of the top-k by F1 vs by BCR comparison.")] = 3,
) -> None:
    """Across runs (seed 002 §4.5, App. F): flag rate / F1 / BCR correlations, deception zone, top-k, Table 10."""
    from medhal.bench.paired.runs import RunDirError, across_report, run_records
    from medhal.bench.runio import write_json
    from medhal.report.paired import across_markdown

    new_run_dir(out)
    try:
        report = across_report(run_records(runs), k=top_k)
    except (RunDirError, ValueError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    out.mkdir(parents=True, exist_ok=True)
    write_json(out / "across.json", report.to_json())
    (out / "across.md").write_text(across_markdown(report), encoding="utf-8")
    sys.stderr.write(
        f"{len(report.runs)} runs; {len(report.deception_zone)} model-dataset entries in the deception zone; "
        f"wrote {out / 'across.json'}, {out / 'across.md'}\n"
    )
