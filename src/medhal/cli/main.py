"""The ``medhal`` command line.

Exit status (every command): 0 clean (nothing flagged, every item done); 1 something flagged, or some items failed
or were left unanswered (counted in the output); 2 usage or input error, including an output path that is refused
(symlink, existing file without ``--overwrite``, missing folder, non-empty run directory) or cannot be written
(permission, disk full); 3 an internal bug only (please report it).

No traceback reaches a user: every known error is one line on stderr; set ``MEDHAL_DEBUG=1`` to see tracebacks.
"""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from medhal._version import __version__
from medhal.cli.agreement import score_agreement_command
from medhal.cli.bench import bench_app, score_app
from medhal.cli.cache import cache_app
from medhal.cli.check import EXIT_BUG, EXIT_USAGE, check_device, detector_options, run_batch, run_single
from medhal.cli.generate import generate_command
from medhal.cli.inject import inject_command
from medhal.cli.medhalt import bench_medhalt_command, score_medhalt_command
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.cli.paired import bench_paired_command, score_paired_command, score_paired_runs_command
from medhal.cli.pairs import pairs_command
from medhal.cli.report import report_command
from medhal.cli.serve import serve_command
from medhal.cli.stagewise import bench_stagewise_command, export_stagewise_command, score_stagewise_command
from medhal.cli.train import train_verifier_command
from medhal.detect import detector_names
from medhal.detect.registry import detector_spec
from medhal.errors import (
    BackendError,
    ConfigError,
    DataError,
    InputError,
    MedhalError,
    OutputPathError,
    RunDirError,
    UsageError,
    VerifierError,
)

__all__ = ["app", "main"]

EXIT_CODES_EPILOG = (
    "Exit status: 0 clean; 1 something flagged (or items failed, counted in the output); 2 usage or input error "
    "(incl. a refused or unwritable --out: symlink, existing file without --overwrite, missing folder, non-empty "
    "run directory); 3 internal bug only."
)

app = typer.Typer(
    name="medhal",
    help="Find, localize and benchmark hallucinations in medical LLM output.",
    epilog=EXIT_CODES_EPILOG,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _embedded_calibration() -> Any:
    """The embedded verifier's calibration, read for help texts (``None`` when this build ships none)."""
    from medhal.verify.calibration import read_calibration
    from medhal.verify.loader import EMBEDDED_DIR

    try:
        return read_calibration(EMBEDDED_DIR)
    except VerifierError:
        return None


def _threshold_help() -> str:
    calibration = _embedded_calibration()
    base = "Response flag threshold. Default: the verifier's calibration.json"
    if calibration is None or not calibration.response_thresholds:
        return base + ", else the detector's own (0.5)."
    fitted = ", ".join(f"{name} {value:.3g}" for name, value in sorted(calibration.response_thresholds.items()))
    return f"{base} (embedded: {fitted}), else the detector's own (0.5)."


def _max_windows_help() -> str:
    calibration = _embedded_calibration()
    fitted = None if calibration is None else calibration.detector_options.get("decomposed", {}).get("max_windows")
    where = "" if fitted is None else f" (embedded: {fitted})"
    return (
        "decomposed: verify each unit against its N best-overlapping windows. Default: the verifier's "
        f"calibration.json{where}, else every window."
    )


def _detector_help() -> str:
    offline = [n for n in detector_names() if not detector_spec(n).needs_client({})]
    llm = [n for n in detector_names() if detector_spec(n).needs_client({})]
    return (
        f"NAME[:key=value...], the syntax of bench --detector (e.g. decomposed:max_windows=4, "
        f"selfcheck-nli:source=evidence, embedding:model=hashing). Offline: {', '.join(offline)}; with --model: "
        f"{', '.join(llm)} (selfcheck-nli:source=evidence needs none)."
    )


class Premise(StrEnum):
    whole = "whole"
    windows = "windows"


class Units(StrEnum):
    clause = "clause"
    sentence = "sentence"
    claim = "claim"


class Format(StrEnum):
    table = "table"
    json = "json"
    html = "html"


class LongWindows(StrEnum):
    SKIP = "skip"
    SPLIT = "split"
    TRUNCATE = "truncate"


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
) -> None:
    if version:
        typer.echo(f"medhal {__version__}")
        raise typer.Exit(0)
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())
        raise typer.Exit(EXIT_USAGE)


@app.command("check", epilog=EXIT_CODES_EPILOG)
def check_command(
    evidence: Annotated[str | None, typer.Option("--evidence", "-e", help="Evidence file, or - for stdin.")] = None,
    response: Annotated[str | None, typer.Option("--response", "-r", help="Response file, or - for stdin.")] = None,
    question: Annotated[str | None, typer.Option(help="The question the response answers (recorded).")] = None,
    input: Annotated[
        str | None,
        typer.Option("--input", "-i", help="Batch: JSONL with id, evidence, response[, question]."),
    ] = None,
    units: Annotated[
        Units | None,
        typer.Option(help="How to cut the response into units (default: the detector's own; clause for decomposed)."),
    ] = None,
    verifier: Annotated[
        str | None,
        typer.Option(
            help="embedded (default; embedded:raw without its lexical head), hf:<hub id or path>, onnx:<path>."
        ),
    ] = None,
    detector: Annotated[str, typer.Option(help=_detector_help())] = "decomposed",
    model: Annotated[
        str | None,
        typer.Option(
            help="LLM for llm-judge, fava and selfcheck-nli samples: provider/model (openai/ with --base-url)."
        ),
    ] = None,
    format: Annotated[
        Format | None,
        typer.Option(
            "--format",
            "-f",
            help="table (default for one item on a terminal), json (default otherwise; JSONL for --input) or html "
            "(audit page).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write the result here instead of stdout (an existing file is refused)."),
    ] = None,
    overwrite: Annotated[bool, typer.Option("--overwrite", help="Replace an existing --out file.")] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Batch: continue an interrupted --out JSONL; items whose id already has a complete record are "
            "skipped, the rest appended.",
        ),
    ] = False,
    threshold: Annotated[float | None, typer.Option(help=_threshold_help())] = None,
    long_windows: Annotated[
        LongWindows | None,
        typer.Option(help="decomposed: windows over the verifier's length budget: skip (default), split or truncate."),
    ] = None,
    signals: Annotated[
        float | None,
        typer.Option(min=0.0, max=1.0, help="Blend lexical signals into unit ranking with this weight (0-1)."),
    ] = None,
    max_windows: Annotated[int | None, typer.Option(min=1, help=_max_windows_help())] = None,
    aggregation: Annotated[
        str | None,
        typer.Option(
            help="decomposed: aligned (default: verdicts that respect alignment) or seed (seed 003 as written)."
        ),
    ] = None,
    premise: Annotated[
        Premise | None,
        typer.Option(
            help="nli-clause: whole evidence (default; truncated when too long) or sentence windows that fit."
        ),
    ] = None,
    claim_model: Annotated[
        str | None, typer.Option(help="LLM for --units claim, e.g. openai/<model> (with --base-url) or hf/<path>.")
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option(help="OpenAI-compatible server for --model and --claim-model (or MEDHAL_BASE_URL)."),
    ] = None,
    cache: Annotated[Path | None, typer.Option(help="SQLite cache of pair probabilities.")] = None,
    batch_size: Annotated[int, typer.Option(min=1, help="Verifier batch size.")] = 16,
    threads: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Verifier intra-op threads (onnxruntime's, torch's for hf:). Default: the runtime's choice; set "
            "it when several processes share a machine.",
        ),
    ] = None,
    device: Annotated[
        str | None,
        typer.Option(help="Verifier device: cpu (default), cuda or cuda:N (a GPU adds +cuda to the verifier id)."),
    ] = None,
    chunk_size: Annotated[int, typer.Option(min=1, help="Batch mode: items per shared verifier pass.")] = 32,
    timings: Annotated[
        bool, typer.Option(help="Include wall-clock timings (the only non-deterministic field).")
    ] = True,
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Check a response against its evidence and print the claim-level audit trail.

    Batch ids: each input line's ``id`` (or ``line-N`` when it has none); a repeated id is an input error for
    the second occurrence, since ``--resume`` continues by id."""
    if input is not None and (evidence is not None or response is not None):
        raise UsageError("use either --input (batch) or --evidence with --response, not both")
    if input is None and (evidence is None or response is None):
        raise UsageError("need --evidence and --response (or --input for a batch)")
    if evidence == "-" and response == "-":
        raise UsageError("only one of --evidence and --response can read stdin")
    if aggregation is not None and aggregation not in ("aligned", "seed"):
        raise UsageError(f"unknown aggregation {aggregation!r}; choose aligned or seed")
    if resume and overwrite:
        raise UsageError("use --resume to continue --out or --overwrite to replace it, not both")
    if resume and (input is None or out is None):
        raise UsageError("--resume continues a batch: it needs --input and --out")
    if resume and format is not None and format is not Format.json:
        raise UsageError("--resume continues JSONL output; it does not apply to --format html or table")
    name, options = detector_options(
        detector,
        units=None if units is None else units.value,
        threshold=threshold,
        long_windows=None if long_windows is None else long_windows.value,
        signals=signals,
        max_windows=max_windows,
        premise=None if premise is None else premise.value,
        aggregation=aggregation,
    )
    if device is not None:
        check_device(device)  # a bad spec is a usage error before any input is read
    spec = detector_spec(name)
    extra = parse_model_args(model_arg, model_args)  # -M: for --model and --claim-model
    if extra and model is None and claim_model is None:
        raise UsageError("-M / --model-args apply to --model or --claim-model")
    if model is not None and not spec.takes_client():
        raise UsageError(f"--model applies to detectors that use an LLM, not {name!r}")
    if model is None and spec.needs_client(options):
        raise UsageError(f"detector {name!r} needs an LLM: pass --model provider/model (and --base-url)")

    def factory() -> object:
        from medhal.checker import Checker

        if model is not None:
            options["client"] = _llm_client(model, base_url, extra)
        if claim_model is not None and extra:
            from medhal.checker import claim_extractor

            options["extractor"] = claim_extractor(claim_model, base_url=base_url, model_args=extra)
        return Checker(
            verifier,
            detector=name,
            cache=cache,
            batch_size=batch_size,
            claim_model=claim_model,
            base_url=base_url,
            threads=threads,
            device=device,
            **options,
        )

    if input is not None:
        code = run_batch(
            factory,
            source=input,
            out=out,
            detector=name,
            timings=timings,
            chunk_size=chunk_size,
            fmt=format.value if format is not None else "json",
            overwrite=overwrite,
            resume=resume,
        )
    else:
        assert evidence is not None and response is not None
        fmt = format.value if format is not None else ("table" if sys.stdout.isatty() and out is None else "json")
        code = run_single(
            factory,
            evidence=evidence,
            response=response,
            question=question,
            fmt=fmt,
            out=out,
            timings=timings,
            overwrite=overwrite,
        )
    raise typer.Exit(code)


def _llm_client(model: str, base_url: str | None, model_args: dict[str, Any] | None = None) -> Any:
    from medhal.llm import load_client
    from medhal.llm.base import LLMConfigError

    try:
        return load_client(model, base_url=base_url, model_args=model_args)
    except LLMConfigError as exc:
        raise ConfigError(str(exc)) from None


app.command("train-verifier")(train_verifier_command)
app.command("generate")(generate_command)
app.command("inject")(inject_command)
app.add_typer(cache_app, name="cache")
bench_app.command("paired")(bench_paired_command)
bench_app.command("medhalt")(bench_medhalt_command)
score_app.command("medhalt")(score_medhalt_command)
bench_app.command("stagewise")(bench_stagewise_command)
score_app.command("stagewise")(score_stagewise_command)
app.command("export-stagewise")(export_stagewise_command)
app.command("serve")(serve_command)
score_app.command("paired")(score_paired_command)
score_app.command("paired-runs")(score_paired_runs_command)
score_app.command("agreement")(score_agreement_command)
app.command("pairs")(pairs_command)
app.command("report")(report_command)
app.add_typer(bench_app, name="bench")
app.add_typer(score_app, name="score")


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def _os_message(exc: OSError) -> str:
    if exc.strerror is None:
        return _first_line(exc)
    where = f": {exc.filename}" if exc.filename is not None else ""
    return f"{exc.strerror}{where}"


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    sys.stderr.write(f"medhal: error: {message}\n")
    return code


EXIT_STATUS: dict[type[MedhalError], int] = {
    UsageError: EXIT_USAGE,
    ConfigError: EXIT_USAGE,
    InputError: EXIT_USAGE,
    DataError: EXIT_USAGE,
    OutputPathError: EXIT_USAGE,
    RunDirError: EXIT_USAGE,
    BackendError: EXIT_USAGE,
    MedhalError: EXIT_BUG,
}
"""The one place where a branch of the :mod:`medhal.errors` tree becomes an exit status: the nearest class in an
error's MRO decides.  What the user can fix (usage, config, input, data, output, run directory) and a backend that
cannot be loaded or called exit 2 with the error's one-line message; any other medhal error (the service and
invariant branches) is a bug, as is any exception outside the tree: exit 3."""


def exit_status(exc: MedhalError) -> int:
    """The exit status of a medhal error (see :data:`EXIT_STATUS`)."""
    return next(EXIT_STATUS[cls] for cls in type(exc).__mro__ if cls in EXIT_STATUS)


def _internal(exc: BaseException) -> int:
    return _fail(f"internal error: {type(exc).__name__}: {exc} (set MEDHAL_DEBUG=1 for the traceback)", EXIT_BUG)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return (and, as a console script, exit with) the status code."""
    debug = bool(os.environ.get("MEDHAL_DEBUG"))
    try:
        returned = app(args=argv, prog_name="medhal", standalone_mode=False)
        code = returned if isinstance(returned, int) else 0
    except typer.Exit as exc:
        code = int(getattr(exc, "exit_code", 0))
    except typer.Abort:
        code = _fail("aborted", 130)
    except MedhalError as exc:
        if debug:
            raise
        code = exit_status(exc)
        code = _internal(exc) if code == EXIT_BUG else _fail(_first_line(exc), code)
    except KeyboardInterrupt:
        code = _fail("interrupted", 130)
    except BrokenPipeError:
        code = 0
    except OSError as exc:  # the file system said no (permission, missing folder, disk full): the user's to fix
        if debug:
            raise
        code = _fail(_os_message(exc))
    except Exception as exc:
        if debug:
            raise
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):  # click's usage errors
            return _finish(_fail(" ".join(str(exc.format_message()).split()), int(exc.exit_code) or EXIT_USAGE), argv)
        code = _internal(exc)
    return _finish(code, argv)


def _finish(code: int, argv: list[str] | None) -> int:
    if argv is None:  # called as the console script
        sys.exit(code)
    return code


if __name__ == "__main__":
    main()
