"""``medhal bench medhalt`` and ``medhal score medhalt``: the Med-HALT tests (seed 001).

``bench medhalt`` prompts a model with every item of one test (or ``all`` the tests whose files the data folder
holds) and scores the answers; ``score medhalt`` scores raw outputs made by any tool (JSONL: ``id``, ``output``).
Both write ``RUN_DIR/metrics.json`` (per test: ``n, correct, wrong, parse_failures, accuracy, score,
published_score, format_error_rate`` and breakdowns), ``items.jsonl``, ``run.json`` and ``report.md``.
Exit status: 0 every item answered and parsed; 1 some items are parse failures or unanswered (counted, never
dropped); 2 usage or input error (one line).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from medhal.cli.inputs import UsageError, new_run_dir, reusable_run_dir
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args

__all__ = ["bench_medhalt_command", "score_medhalt_command"]

_TESTS_HELP = "fct, nota, fqt, pmid2title, title2link, abstract2link, link2title"


# scoring options shared by `bench medhalt` and `score medhalt`
FctScoring = Annotated[str, typer.Option(help="verdict (paper) or answer (original code).")]
FqtScoring = Annotated[str, typer.Option(help="label ('I do not know' option) or keywords (original).")]
MemoryMatch = Annotated[str, typer.Option(help="normalized or exact (original).")]
MemoryExistence = Annotated[bool, typer.Option(help="Score made-up papers on 'does not exist' answers.")]
ExcludeParseFailures = Annotated[
    bool, typer.Option(help="Leave parse failures out of the denominators, as the original code does.")
]


def _scoring(fct: str, fqt: str, match: str, existence: bool, exclude: bool) -> Any:
    from medhal.bench.medhalt.scoring import ScoringOptions

    try:
        return ScoringOptions(
            exclude_parse_failures=exclude,
            fct_scoring=fct,  # type: ignore[arg-type]
            fqt_scoring=fqt,  # type: ignore[arg-type]
            memory_match=match,  # type: ignore[arg-type]
            memory_existence=existence,
        )
    except ValueError as exc:
        raise UsageError(str(exc).replace("_scoring", "-scoring").replace("memory_match", "memory-match")) from None


def _load(data: Path, test: str, limit: int | None) -> tuple[dict[str, list[Any]], list[str]]:
    """Items per test, and the tests ``all`` skipped for want of a file."""
    from medhal.data.errors import DataFormatError
    from medhal.data.medhalt import TESTS, canonical_test, find_test_file, load_medhalt

    if not data.exists():
        raise UsageError(f"data path {data} does not exist")
    if test.strip().lower() == "all":
        if not data.is_dir():
            raise UsageError("--test all needs --data to be the folder that holds the Med-HALT files")
        names = [t for t in TESTS if find_test_file(data, t) is not None]
        skipped = [t for t in TESTS if t not in names]
        if not names:
            raise UsageError(f"{data} holds no Med-HALT data file (reasoning_fake.csv, IR_pmid2title.json, ...)")
    else:
        try:
            names, skipped = [canonical_test(test)], []
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    loaded: dict[str, list[Any]] = {}
    for name in names:
        try:
            items = list(load_medhalt(data, name))
        except DataFormatError as exc:
            raise UsageError(str(exc).splitlines()[0]) from None
        loaded[name] = items[:limit] if limit else items
    return loaded, skipped


def _finish(out: Path, graded: dict[str, Any], options: Any, meta: dict[str, Any]) -> int:
    from medhal.bench.medhalt.runner import run_info, write_medhalt_run
    from medhal.report.medhalt import write_medhalt_report

    metrics = write_medhalt_run(out, graded, options, meta)
    write_medhalt_report(out, metrics, run_info(graded, options, meta))
    for test, m in metrics.items():
        accuracy = "-" if m["accuracy"] is None else f"{100 * m['accuracy']:.2f}%"
        score = "-" if m["score"] is None else f"{m['score']:.4f}"
        errors = "-" if m["format_error_rate"] is None else f"{100 * m['format_error_rate']:.1f}%"
        sys.stderr.write(
            f"{test}: n={m['n']} accuracy {accuracy}, score {score} (eq. 1), published {m['published_score']:.3f}, "
            f"format errors {errors}, no answer {m['no_answer']}\n"
        )
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'items.jsonl'}, {out / 'report.md'}\n")
    return 0 if all(g.status == "ok" for rows in graded.values() for g in rows) else 1


def bench_medhalt_command(
    test: Annotated[str, typer.Option(help=f"{_TESTS_HELP} or all.")],
    data: Annotated[Path, typer.Option(help="The test's CSV/JSON/JSONL file, or the folder holding the files.")],
    model: Annotated[str, typer.Option(help="Model under test: openai/<name> (with --base-url), hf/<path>, vllm/...")],
    out: Annotated[Path, typer.Option(help="Run directory (resumable: rerun with the same options to finish).")],
    base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible server (or MEDHAL_BASE_URL).")] = None,
    shots: Annotated[int, typer.Option(min=0, max=5, help="Worked examples per prompt (0-5).")] = 2,
    prompt_variant: Annotated[str, typer.Option(help="Prompt wording: v0, v1 or v2.")] = "v0",
    prompts_dir: Annotated[
        Path | None, typer.Option(help="The original medhalt/prompts/ folder (default: medhal's built-in prompts).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the worked-example draw.")] = 0,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N items of each test.")] = None,
    max_tokens: Annotated[int, typer.Option(min=1, help="New tokens per answer.")] = 512,
    concurrency: Annotated[int, typer.Option(min=1, help="Requests in flight (openai/).")] = 8,
    endpoint: Annotated[
        str, typer.Option(help="openai/: auto (completions for prompts), chat or completions.")
    ] = "auto",
    fct_scoring: FctScoring = "verdict",
    fqt_scoring: FqtScoring = "label",
    memory_match: MemoryMatch = "normalized",
    memory_existence: MemoryExistence = True,
    exclude_parse_failures: ExcludeParseFailures = False,
    cache: Annotated[
        Path | None, typer.Option(help="Response cache file (default ~/.cache/medhal/llm.sqlite).")
    ] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the response cache.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Run a model on the Med-HALT tests and score its answers."""
    from rich.console import Console

    from medhal.bench.medhalt.prompts import PromptError, load_prompt_set
    from medhal.bench.medhalt.runner import GENERATION_DIR, default_generation, grade_items, run_medhalt
    from medhal.cli.generate import RichProgress
    from medhal.llm import CacheError, Engine, LLMConfigError, RequestError, ResponseCache, RunDirError, load_client

    options = _scoring(fct_scoring, fqt_scoring, memory_match, memory_existence, exclude_parse_failures)
    if endpoint not in ("auto", "chat", "completions"):
        raise UsageError(f"--endpoint must be auto, chat or completions, not {endpoint!r}")
    reusable_run_dir(out)
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / GENERATION_DIR).is_dir())):
        raise UsageError(f"--out {out} exists and is not a medhal bench medhalt run directory")
    if prompts_dir is not None and not prompts_dir.is_dir():
        raise UsageError(f"--prompts-dir {prompts_dir} is not a folder")
    tests, skipped = _load(data, test, limit)
    try:
        prompts = {name: load_prompt_set(name, prompt_variant, prompts_dir) for name in tests}
    except PromptError as exc:
        raise UsageError(str(exc)) from None
    for name in skipped:
        sys.stderr.write(f"note: no data file for {name} in {data}; skipped\n")
    response_cache: ResponseCache | None = None
    err = Console(stderr=True)
    try:
        client = load_client(
            model,
            base_url=base_url,
            endpoint=endpoint,  # type: ignore[arg-type]
            concurrency=concurrency,
            model_args=parse_model_args(model_arg, model_args),
        )
        response_cache = None if no_cache else ResponseCache(cache)
        in_flight = concurrency if model.startswith("openai/") else 1
        engine = Engine(client, cache=response_cache, concurrency=in_flight)
        predictions = run_medhalt(
            tests,
            engine,
            out,
            prompts,
            k=shots,
            seed=seed,
            generation=default_generation(max_tokens),
            progress=lambda _test: RichProgress(err, enabled=not quiet and err.is_terminal),
        )
    except (LLMConfigError, CacheError, RunDirError, RequestError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    finally:
        if response_cache is not None:
            response_cache.close()
    graded = {name: grade_items(items, predictions.get(name, {}), options) for name, items in tests.items()}
    meta = {
        "command": "bench medhalt",
        "data": str(data),
        "model": model,
        "variant": prompt_variant,
        "shots": shots,
        "seed": seed,
        "prompts": {name: p.describe() for name, p in prompts.items()},
        "generation": default_generation(max_tokens).to_dict(),
        "skipped_tests": skipped,
    }
    raise typer.Exit(_finish(out, graded, options, meta))


def score_medhalt_command(
    test: Annotated[str, typer.Option(help=f"One of {_TESTS_HELP}.")],
    data: Annotated[Path, typer.Option(help="The test's CSV/JSON/JSONL file, or the folder holding it.")],
    predictions: Annotated[Path, typer.Option(help="JSONL: one {id, output} object per item (raw model text).")],
    out: Annotated[Path, typer.Option(help="Run directory to write.")],
    fct_scoring: FctScoring = "verdict",
    fqt_scoring: FqtScoring = "label",
    memory_match: MemoryMatch = "normalized",
    memory_existence: MemoryExistence = True,
    exclude_parse_failures: ExcludeParseFailures = False,
) -> None:
    """Score raw Med-HALT outputs made by any tool."""
    from medhal.bench.medhalt.runner import PredictionsFileError, grade_items, read_predictions

    if test.strip().lower() == "all":
        raise UsageError("score medhalt scores one test at a time; name it with --test")
    new_run_dir(out)
    options = _scoring(fct_scoring, fqt_scoring, memory_match, memory_existence, exclude_parse_failures)
    tests, _ = _load(data, test, None)
    if not predictions.is_file():
        raise UsageError(f"predictions file {predictions} does not exist")
    try:
        preds = read_predictions(predictions)
    except PredictionsFileError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    ((name, items),) = tests.items()
    known = {item.id for item in items}
    unknown = sorted(set(preds) - known)
    if len(unknown) == len(preds):
        raise UsageError(f"no prediction id matches an item id of {data} (e.g. {unknown[0]!r})")
    if unknown:
        sys.stderr.write(f"note: {len(unknown)} prediction id(s) match no item (e.g. {unknown[0]!r}); ignored\n")
    graded = {name: grade_items(items, preds, options)}
    meta = {"command": "score medhalt", "data": str(data), "predictions": str(predictions), "unknown_ids": len(unknown)}
    raise typer.Exit(_finish(out, graded, options, meta))
