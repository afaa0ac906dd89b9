"""``medhal bench medhalt`` and ``medhal score medhalt``: the Med-HALT tests (seed 001).

``bench medhalt`` prompts a model with every item of one test (or ``all`` the tests whose files the data folder
holds; ``--limit N``: a seeded sample of N items per test, stratified by source dataset or by real / made-up paper)
and scores the answers; ``score medhalt`` scores raw outputs made by any tool (JSONL: ``id``, ``output``).
Both write ``RUN_DIR/metrics.json`` (per test: ``n, correct, wrong, parse_failures, accuracy, score,
published_score, format_error_rate`` and breakdowns), ``items.jsonl``, ``config.json`` and ``report.md``.
Exit status: 0 every item answered and parsed; 1 some items are parse failures or unanswered (counted, never
dropped); 2 usage or input error (one line).
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer

from medhal.cli._engine import LazyEngine
from medhal.cli.inputs import UsageError, new_run_dir, resumable_run_dir
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.cli.options import (
    BaseUrlOption,
    CacheFileOption,
    ConcurrencyOption,
    ModelUnderTestOption,
    NoCacheOption,
    QuietOption,
)

if TYPE_CHECKING:
    from medhal.bench.medhalt.suite import MedhaltInputs, MedhaltResult
    from medhal.bench.suite import Completed
    from medhal.llm.openai import Endpoint

__all__ = ["bench_medhalt_command", "score_medhalt_command"]

_TESTS_HELP = "fct, nota, fqt, pmid2title, title2link, abstract2link, link2title"
LIMIT_HELP = (
    "Only N items of each test: a seeded sample (--seed) stratified by source dataset (reasoning tests) or by real / "
    "made-up paper (memory tests), in proportion, at least one per stratum; deterministic, in file order, recorded "
    "in config.json ('samples')."
)


# scoring options shared by `bench medhalt` and `score medhalt`
FctScoring = Annotated[str, typer.Option(help="verdict (paper) or answer (original code).")]
FqtScoring = Annotated[str, typer.Option(help="label ('I do not know' option) or keywords (original).")]
MemoryMatch = Annotated[str, typer.Option(help="normalized or exact (original).")]
MemoryExistence = Annotated[bool, typer.Option(help="Score made-up papers on 'does not exist' answers.")]
ExcludeParseFailures = Annotated[
    bool, typer.Option(help="Leave parse failures out of the denominators, as the original code does.")
]


def _finish(out: Path, done: Completed[MedhaltInputs, MedhaltResult]) -> int:
    from medhal.report.suites import write_report

    for name in done.inputs.skipped:
        sys.stderr.write(f"note: no data file for {name} in {done.config.options.get('data')}; skipped\n")
    unknown = done.inputs.unknown
    if unknown:
        sys.stderr.write(f"note: {len(unknown)} prediction id(s) match no item (e.g. {unknown[0]!r}); ignored\n")
    write_report(out, done.result, done.config)
    for test, summary in done.result.tests.items():
        m = summary.counts
        accuracy = "-" if m.accuracy is None else f"{100 * m.accuracy:.2f}%"
        score = "-" if m.score is None else f"{m.score:.4f}"
        errors = "-" if m.format_error_rate is None else f"{100 * m.format_error_rate:.1f}%"
        sys.stderr.write(
            f"{test}: n={m.n} accuracy {accuracy}, score {score} (eq. 1), published {m.published_score:.3f}, "
            f"format errors {errors}, no answer {m.no_answer}\n"
        )
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'items.jsonl'}, {out / 'report.md'}\n")
    return 0 if done.result.complete else 1


def bench_medhalt_command(
    test: Annotated[str, typer.Option(help=f"{_TESTS_HELP} or all.")],
    data: Annotated[Path, typer.Option(help="The test's CSV/JSON/JSONL file, or the folder holding the files.")],
    model: ModelUnderTestOption,
    out: Annotated[Path, typer.Option(help="Run directory (resumable: rerun with the same options to finish).")],
    base_url: BaseUrlOption = None,
    shots: Annotated[int, typer.Option(min=0, max=5, help="Worked examples per prompt (0-5).")] = 2,
    prompt_variant: Annotated[str, typer.Option(help="Prompt wording: v0, v1 or v2.")] = "v0",
    prompts_dir: Annotated[
        Path | None, typer.Option(help="The original medhalt/prompts/ folder (default: medhal's built-in prompts).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the worked-example draw and of the --limit sample.")] = 0,
    limit: Annotated[int | None, typer.Option(min=1, help=LIMIT_HELP)] = None,
    max_tokens: Annotated[int, typer.Option(min=1, help="New tokens per answer.")] = 512,
    concurrency: ConcurrencyOption = 8,
    endpoint: Annotated[
        str, typer.Option(help="openai/: auto (completions for prompts), chat or completions.")
    ] = "auto",
    fct_scoring: FctScoring = "verdict",
    fqt_scoring: FqtScoring = "label",
    memory_match: MemoryMatch = "normalized",
    memory_existence: MemoryExistence = True,
    exclude_parse_failures: ExcludeParseFailures = False,
    cache: CacheFileOption = None,
    no_cache: NoCacheOption = False,
    quiet: QuietOption = False,
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Run a model on the Med-HALT tests and score its answers."""
    from rich.console import Console

    from medhal.bench.medhalt.suite import SUITE, MedhaltSpec, scoring_options
    from medhal.bench.suite import execute
    from medhal.cli.generate import RichProgress
    from medhal.llm import CacheError, LLMConfigError, RequestError, RunDirError, load_client

    options = scoring_options(fct_scoring, fqt_scoring, memory_match, memory_existence, exclude_parse_failures)
    if endpoint not in ("auto", "chat", "completions"):
        raise UsageError(f"--endpoint must be auto, chat or completions, not {endpoint!r}")
    kind = cast("Endpoint", endpoint)
    resumable_run_dir(out, "medhalt")
    extra = parse_model_args(model_arg, model_args)
    err = Console(stderr=True)
    client = partial(load_client, model, base_url=base_url, endpoint=kind, concurrency=concurrency, model_args=extra)
    in_flight = concurrency if model.startswith("openai/") else 1  # a local model runs one batch at a time
    engine = LazyEngine(client, cache=cache, no_cache=no_cache, concurrency=in_flight)
    spec = MedhaltSpec(
        test,
        data,
        options,
        engine=engine,
        model=model,
        prompt_variant=prompt_variant,
        prompts_dir=prompts_dir,
        shots=shots,
        seed=seed,
        limit=limit,
        max_tokens=max_tokens,
        progress=lambda _test: RichProgress(err, enabled=not quiet and err.is_terminal),
    )
    try:
        done = execute(SUITE, spec, out)
    except (LLMConfigError, CacheError, RunDirError, RequestError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    finally:
        engine.close()
    raise typer.Exit(_finish(out, done))


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
    from medhal.bench.medhalt.suite import SUITE, MedhaltSpec, scoring_options
    from medhal.bench.suite import execute
    from medhal.errors import PredictionsFileError

    if test.strip().lower() == "all":
        raise UsageError("score medhalt scores one test at a time; name it with --test")
    new_run_dir(out)
    options = scoring_options(fct_scoring, fqt_scoring, memory_match, memory_existence, exclude_parse_failures)
    try:
        done = execute(SUITE, MedhaltSpec(test, data, options, predictions=predictions), out)
    except PredictionsFileError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    raise typer.Exit(_finish(out, done))
