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
from collections.abc import Callable
from typing import Annotated

import typer

from medhal._version import __version__
from medhal.cli.agreement import score_agreement_command
from medhal.cli.bench import bench_app, score_app
from medhal.cli.cache import cache_app
from medhal.cli.check import check_command
from medhal.cli.check_batch import EXIT_BUG, EXIT_USAGE
from medhal.cli.generate import generate_command
from medhal.cli.inject import inject_command
from medhal.cli.medhalt import bench_medhalt_command, score_medhalt_command
from medhal.cli.paired import bench_paired_command, score_paired_command, score_paired_runs_command
from medhal.cli.pairs import pairs_command
from medhal.cli.report import report_command
from medhal.cli.serve import serve_command
from medhal.cli.stagewise import bench_stagewise_command, export_stagewise_command, score_stagewise_command
from medhal.cli.train import train_verifier_command
from medhal.errors import (
    BackendError,
    ConfigError,
    DataError,
    InputError,
    MedhalError,
    OutputPathError,
    RunDirError,
    UsageError,
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


app.command("check", epilog=EXIT_CODES_EPILOG)(check_command)
COMMANDS: tuple[tuple[typer.Typer, str, Callable[..., object]], ...] = (
    (app, "train-verifier", train_verifier_command),
    (app, "generate", generate_command),
    (app, "inject", inject_command),
    (bench_app, "paired", bench_paired_command),
    (bench_app, "medhalt", bench_medhalt_command),
    (score_app, "medhalt", score_medhalt_command),
    (bench_app, "stagewise", bench_stagewise_command),
    (score_app, "stagewise", score_stagewise_command),
    (app, "export-stagewise", export_stagewise_command),
    (app, "serve", serve_command),
    (score_app, "paired", score_paired_command),
    (score_app, "paired-runs", score_paired_runs_command),
    (score_app, "agreement", score_agreement_command),
    (app, "pairs", pairs_command),
    (app, "report", report_command),
)
"""(group, name, function) of every command but ``check``; ``bench`` and ``score`` add their own in cli/bench.py."""
for group, name, command in COMMANDS:
    group.command(name)(command)
app.add_typer(cache_app, name="cache")
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
