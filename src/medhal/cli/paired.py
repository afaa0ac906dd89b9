"""``medhal bench paired`` and ``medhal score paired``: paired clinical error detection (seed 002).

``bench paired`` runs a model on every note under each configuration (notes independently; pairing after),
``score paired`` scores predictions made by any tool.  Both write ``RUN_DIR/metrics.json`` (per configuration
and ``mean``: ``pointwise``, ``pairs``, ``eca``, ``parse_failures``), ``pairs.json``, ``predictions.jsonl`` and
``report.md``.  Exit status: 0 done with every note ``ok``; 1 some notes failed (they are counted, not
dropped); 2 usage or input error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from medhal.cli.inputs import UsageError, new_run_dir, reusable_run_dir
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.cli.pairs import METHODS, _notes
from medhal.errors import MedhalError

__all__ = ["bench_paired_command", "score_paired_command", "score_paired_runs_command"]


def _pairing(notes: list[Any], method: str, jaccard: float, overlap: float) -> Any:
    from medhal.bench.paired.pairing import pair_notes

    if method not in METHODS:
        raise UsageError(f"unknown --pairing {method!r}; choose one of {', '.join(METHODS)}")
    try:
        return pair_notes(notes, METHODS[method], jaccard=jaccard, overlap=overlap)
    except ValueError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None


def _embedder(name: str | None) -> Any:
    if name is None:
        return None
    from medhal.detect.embedding import load_embedder

    try:
        return load_embedder(name)
    except MedhalError as exc:  # an unknown name (ConfigError) or a model that cannot be loaded (EmbedderError)
        raise UsageError(f"--eca-embedding {name}: {str(exc).splitlines()[0]}") from None


def _finish(
    out: Path,
    notes: list[Any],
    pairing: Any,
    predictions: list[Any],
    meta: dict[str, Any],
    seed: int,
    embedder: Any | None = None,
) -> int:
    from medhal.bench.paired.suite import score_paired, write_paired_run
    from medhal.report.paired import write_paired_report

    metrics = score_paired(notes, pairing, predictions, seed=seed, embedder=embedder)
    write_paired_run(out, metrics, pairing, predictions, meta)
    write_paired_report(out, metrics, meta)
    for name, m in metrics.items():
        pairs, point = m.get("pairs") or {}, m.get("pointwise") or {}
        bcr = pairs.get("bcr")
        f1 = point.get("f1")
        if isinstance(bcr, dict):
            bcr, f1 = bcr.get("mean"), (f1 or {}).get("mean")
        sys.stderr.write(
            f"{name}: BCR {'-' if bcr is None else f'{100 * bcr:.1f}%'}, F1 {'-' if f1 is None else f'{f1:.3f}'}\n"
        )
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'report.md'}\n")
    return 0 if all(p.status == "ok" for p in predictions) else 1


def bench_paired_command(
    data: Annotated[Path, typer.Option(help="MEDEC-MS CSV, MedErrBench CSV or MedRECT JSON.")],
    format: Annotated[str, typer.Option(help="medec, mederrbench or medrect.")],
    model: Annotated[str, typer.Option(help="Model under test, e.g. openai/<name> (with --base-url) or hf/<path>.")],
    out: Annotated[Path, typer.Option(help="Run directory (resumable: rerun to finish failed notes).")],
    base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible server (or MEDHAL_BASE_URL).")] = None,
    configs: Annotated[
        str, typer.Option(help="all or a comma list of neutral-greedy, neutral-sampling, conservative-...")
    ] = "all",
    pairing: Annotated[str, typer.Option(help="auto, jaccard, alternating, scenario or corrected.")] = "auto",
    jaccard: Annotated[float, typer.Option(help="Jaccard threshold of the jaccard pairing.")] = 0.6,
    overlap: Annotated[float, typer.Option(help="Character-overlap threshold of the scenario pairing.")] = 0.85,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N notes.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the sampling configurations and the bootstrap.")] = 0,
    concurrency: Annotated[int | None, typer.Option(min=1)] = None,
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Run a model on paired clinical notes under the four configurations and score the pairs."""
    from medhal.bench.paired.prompts import PromptError
    from medhal.bench.paired.runner import run_paired_predictions
    from medhal.llm import load_client
    from medhal.llm.base import LLMConfigError
    from medhal.llm.cache import ResponseCache

    reusable_run_dir(out)
    notes = _notes(data, format)[:limit] if limit else _notes(data, format)
    pairs = _pairing(notes, pairing, jaccard, overlap)
    chosen = None if configs == "all" else [c.strip() for c in configs.split(",") if c.strip()]
    try:
        client = load_client(model, base_url=base_url, model_args=parse_model_args(model_arg, model_args))
    except LLMConfigError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    try:
        predictions = run_paired_predictions(
            [*notes, *pairs.added_notes],
            client,
            configs=chosen,
            seed=seed,
            cache=ResponseCache(),
            concurrency=concurrency,
            run_dir=out,
        )
    except (PromptError, ValueError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    meta = {"data": str(data), "format": format, "model": model, "pairing": pairs.method, "seed": seed}
    raise typer.Exit(_finish(out, [*notes, *pairs.added_notes], pairs, predictions, meta, seed))


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
    from medhal.bench.paired.runner import PredictionsFileError, read_predictions_file

    new_run_dir(out)
    notes = _notes(data, format)
    pairs = _pairing(notes, pairing, jaccard, overlap)
    if not predictions.is_file():
        raise UsageError(f"predictions file {predictions} does not exist")
    try:
        preds = read_predictions_file(predictions)
    except PredictionsFileError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    known = {n.id for n in notes} | {n.id for n in pairs.added_notes}
    unknown = sorted({p.note_id for p in preds} - known)
    if unknown and len(unknown) == len({p.note_id for p in preds}):
        raise UsageError(f"no prediction id matches a note id of {data} (e.g. {unknown[0]!r})")
    meta = {
        "data": str(data),
        "format": format,
        "predictions": str(predictions),
        "pairing": pairs.method,
        "unknown_ids": len(unknown),
    }
    raise typer.Exit(_finish(out, [*notes, *pairs.added_notes], pairs, preds, meta, seed, _embedder(eca_embedding)))


def score_paired_runs_command(
    runs: Annotated[list[Path], typer.Argument(help="Run directories of bench/score paired (several models).")],
    out: Annotated[Path, typer.Option(help="Where across.json and across.md go.")],
    top_k: Annotated[int, typer.Option(min=1, help="k of the top-k by F1 vs by BCR comparison.")] = 3,
) -> None:
    """Across runs (seed 002 §4.5, App. F): flag rate / F1 / BCR correlations, deception zone, top-k, Table 10."""
    from medhal.bench.paired.runs import RunDirError, across_report, run_records
    from medhal.bench.runio import write_json

    new_run_dir(out)
    try:
        report = across_report(run_records(runs), k=top_k)
    except (RunDirError, ValueError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    out.mkdir(parents=True, exist_ok=True)
    write_json(out / "across.json", report)
    lines = ["# Paired runs compared (seed 002 §4.5)", "", "## Correlations (Table 8)", ""]
    for row in report["correlations"]:
        lines.append("- " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in row.items()))
    lines += ["", "## Deception zone: F1 >= 0.6 and BCR < 25%", ""]
    lines += [
        f"- {r['model']} on {r['dataset']}: F1 {r['f1']:.3f}, BCR {100 * r['bcr']:.1f}%"
        for r in report["deception_zone"]
    ]
    lines += ["", f"## Top-{top_k} by F1 vs by BCR (Table 9)", ""]
    lines += ["- " + json.dumps(row, ensure_ascii=False) for row in report["top_k"]]
    lines += ["", "## Actual vs expected BCR under independence (Table 10)", ""]
    lines += ["- " + json.dumps(row, ensure_ascii=False) for row in report["independence"]]
    (out / "across.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    sys.stderr.write(
        f"{len(report['runs'])} runs; {len(report['deception_zone'])} model-dataset entries in the deception zone; "
        f"wrote {out / 'across.json'}, {out / 'across.md'}\n"
    )
