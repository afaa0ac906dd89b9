"""The exception tree of :mod:`medhal.errors`, the version leaf, and the CLI's one class -> exit status mapping."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path
from typing import Any

import pytest

import medhal
from medhal import errors
from medhal.errors import (
    BackendError,
    ConfigError,
    DataError,
    InputError,
    InvariantError,
    MedhalError,
    ModelClientError,
    OutputPathError,
    PredictionsFileError,
    PromptError,
    RunDirError,
    ServiceError,
    UsageError,
    VerifierError,
)

SRC = Path(medhal.__file__).parent


def _medhal_exceptions() -> set[type[BaseException]]:
    found: set[type[BaseException]] = set()
    for info in pkgutil.walk_packages(medhal.__path__, "medhal."):
        if info.name.rsplit(".", 1)[-1] == "__main__":  # runs the CLI when imported
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError as exc:  # an optional dependency this installation lacks
            if exc.name is not None and exc.name.startswith("medhal"):
                raise
            continue
        for obj in vars(module).values():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__.startswith("medhal."):
                found.add(obj)
    return found


def test_every_medhal_exception_is_a_medhal_error() -> None:
    found = _medhal_exceptions()
    assert len(found) >= 25  # the walk really reached the package
    outside = sorted(f"{c.__module__}.{c.__qualname__}" for c in found if not issubclass(c, MedhalError))
    assert outside == []


@pytest.mark.parametrize(
    ("where", "name", "branch", "builtin"),
    [
        ("medhal.cli.inputs", "UsageError", MedhalError, ValueError),
        ("medhal.detect.units", "ConfigError", MedhalError, ValueError),
        ("medhal.detect", "ConfigError", MedhalError, ValueError),
        ("medhal.llm.base", "LLMConfigError", ConfigError, ValueError),
        ("medhal.detect.base", "InputError", MedhalError, ValueError),
        ("medhal.detect", "InputError", MedhalError, ValueError),
        ("medhal.llm.base", "RequestError", InputError, ValueError),
        ("medhal.llm.prompts", "TemplateError", InputError, ValueError),
        ("medhal.bench.paired.prompts", "PromptError", InputError, ValueError),
        ("medhal.bench.medhalt.prompts", "PromptError", InputError, ValueError),
        ("medhal.data.errors", "DataFormatError", DataError, ValueError),
        ("medhal.data.errors", "DataFileNotFoundError", DataError, FileNotFoundError),
        ("medhal.bench.paired.runner", "PredictionsFileError", DataError, ValueError),
        ("medhal.bench.medhalt.runner", "PredictionsFileError", DataError, ValueError),
        ("medhal.bench.localization.predictions", "PredictionError", DataError, ValueError),
        ("medhal.bench.stagewise.runner", "RecordsFileError", DataError, ValueError),
        ("medhal.bench.runio", "OutputPathError", MedhalError, ValueError),
        ("medhal.llm.runs", "RunDirError", MedhalError, RuntimeError),
        ("medhal.bench.paired.runs", "RunDirError", MedhalError, RuntimeError),
        ("medhal.verify.base", "VerifierError", BackendError, RuntimeError),
        ("medhal.verify", "VerifierError", BackendError, RuntimeError),
        ("medhal.detect.embedding", "EmbedderError", BackendError, RuntimeError),
        ("medhal.llm.cache", "CacheError", BackendError, RuntimeError),
        ("medhal.llm.retry", "AttemptError", ModelClientError, Exception),
        ("medhal.serve.middleware", "APIError", ServiceError, Exception),
        ("medhal.serve.batching", "QueueFullError", ServiceError, RuntimeError),
        ("medhal.serve.batching", "BatcherClosedError", ServiceError, RuntimeError),
        ("medhal.text.spans", "SpanError", InvariantError, ValueError),
        ("medhal.bench.paired.metrics", "BoundViolationError", InvariantError, ValueError),
    ],
)
def test_each_class_sits_on_its_branch_where_it_always_was(
    where: str, name: str, branch: type[MedhalError], builtin: type[Exception]
) -> None:
    if where.startswith("medhal.serve"):
        pytest.importorskip("starlette")  # medhal[serve]
    cls = getattr(importlib.import_module(where), name)
    assert issubclass(cls, branch)
    assert issubclass(cls, builtin)  # `except ValueError` / `except RuntimeError` callers keep working


def test_the_branches() -> None:
    for branch in (UsageError, ConfigError, InputError, DataError, OutputPathError, RunDirError, BackendError):
        assert branch.__mro__[1] is MedhalError
    assert ServiceError.__mro__[1] is InvariantError.__mro__[1] is MedhalError
    assert issubclass(VerifierError, BackendError) and issubclass(ModelClientError, BackendError)
    assert issubclass(PromptError, InputError) and issubclass(PredictionsFileError, DataError)
    # branches without a builtin base add none to their members
    for branch in (BackendError, ModelClientError, ServiceError, InvariantError):
        assert not issubclass(branch, (ValueError, RuntimeError))
    assert set(errors.__all__) == {
        name for name, obj in vars(errors).items() if inspect.isclass(obj) and issubclass(obj, MedhalError)
    }


def test_duplicate_names_are_one_class() -> None:
    from medhal.bench.localization.predictions import PredictionError
    from medhal.bench.medhalt.prompts import PromptError as MedhaltPromptError
    from medhal.bench.medhalt.runner import PredictionsFileError as MedhaltPredictionsFileError
    from medhal.bench.paired.prompts import PromptError as PairedPromptError
    from medhal.bench.paired.runner import PredictionsFileError as PairedPredictionsFileError
    from medhal.bench.paired.runs import RunDirError as PairedRunDirError
    from medhal.llm.runs import RunDirError as LLMRunDirError

    assert MedhaltPromptError is PairedPromptError is PromptError
    assert MedhaltPredictionsFileError is PairedPredictionsFileError is PredictionError is PredictionsFileError
    assert PairedRunDirError is LLMRunDirError is RunDirError


def _medhal_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
    return [n for n in names if n.startswith(("medhal", "."))]


@pytest.mark.parametrize("leaf", ["errors.py", "_version.py"])
def test_leaves_import_nothing_from_medhal(leaf: str) -> None:
    assert _medhal_imports(SRC / leaf) == []


def test_version_comes_from_the_leaf_only() -> None:
    from medhal._version import __version__

    assert medhal.__version__ == __version__
    offenders = [
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
        and node.module == "medhal"
        and any(a.name == "__version__" for a in node.names)
    ]
    assert offenders == []


# -- the CLI: one place maps classes to exit statuses ----------------------------------------------------------------


def _run_raising(monkeypatch: pytest.MonkeyPatch, exc: BaseException) -> int:
    from medhal.cli import main as cli_main

    def app(**_: Any) -> None:
        raise exc

    monkeypatch.delenv("MEDHAL_DEBUG", raising=False)
    monkeypatch.setattr(cli_main, "app", app)
    return cli_main.main([])


def _error_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.splitlines()


def test_config_error_exits_2_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run_raising(monkeypatch, ConfigError("unknown detector 'nope'\nsecond line")) == 2
    assert _error_lines(capsys) == ["medhal: error: unknown detector 'nope'"]


def test_unexpected_error_exits_3(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run_raising(monkeypatch, RuntimeError("boom")) == 3
    (line,) = _error_lines(capsys)
    assert line.startswith("medhal: error: internal error: RuntimeError: boom")


@pytest.mark.parametrize(
    ("exc", "status"),
    [
        (UsageError("bad --out"), 2),
        (InputError("empty response"), 2),
        (DataError("data.jsonl:3: not JSON"), 2),
        (PredictionsFileError("p.jsonl:1: no id"), 2),
        (OutputPathError("out.json exists; pass --overwrite"), 2),
        (RunDirError("run: in use"), 2),
        (VerifierError("no model.onnx"), 2),
        (BackendError("server down"), 2),
        (ServiceError("queue full"), 3),
        (InvariantError("span does not slice back"), 3),
        (MedhalError("bare root"), 3),
    ],
)
def test_each_branch_has_one_exit_status(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], exc: MedhalError, status: int
) -> None:
    assert _run_raising(monkeypatch, exc) == status
    (line,) = _error_lines(capsys)
    expected = f"medhal: error: {exc}" if status == 2 else f"medhal: error: internal error: {type(exc).__name__}: {exc}"
    assert line.startswith(expected)


def test_a_data_file_that_is_missing_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from medhal.data.errors import DataFileNotFoundError

    assert _run_raising(monkeypatch, DataFileNotFoundError("nope.jsonl: no such file")) == 2
    assert _error_lines(capsys) == ["medhal: error: nope.jsonl: no such file"]
