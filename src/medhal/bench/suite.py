"""The one shape of a benchmark suite, its run directory and its ``config.json``.

Every suite (localization, detection, verdicts, medhalt, paired, stagewise, agreement) is a :class:`Suite`:

1. ``load(spec)`` reads and checks the inputs (data files, samples, prompts, detectors) the ``spec`` names;
2. ``config(spec, inputs)`` says what the run is (:class:`RunConfig`, written as ``config.json`` before it runs);
3. ``run(spec, inputs, out)`` does the work, through the checker or the LLM engine (whose runs, under
   ``out/generation/<name>/``, resume when called again with the same ``out``), writing per-item records as it goes;
4. ``score(spec, inputs, raw)`` turns what ran into the typed, versioned result (pure: no I/O, no model);
5. ``write(out, inputs, raw, result)`` writes the suite's own data files beside ``metrics.json``.

:func:`execute` runs the five in turn and writes ``metrics.json`` from ``result.to_json()``; ``report/`` renders
the result (:func:`medhal.report.suites.write_report`) and ``cli/`` only wires the two.  :data:`SUITES` names every
suite once (:func:`get_suite` loads one lazily).

Run directory (every suite)::

    config.json     RunConfig: schema_version, suite, metrics_version, medhal_version, versions, verifier, seed,
                    data (path, sha256, role per file read), options (what the suite recorded about the run)
    metrics.json    the result's to_json()
    items.jsonl     per-item records (stagewise: records.jsonl; paired: predictions.jsonl and pairs.json)
    report.md, report.html, *.png      written by report/
    generation/<name>/                 LLM engine runs (config.json, items.jsonl, ...), resumable

``options`` is what ``run.json`` held before (reports render it); runs made before ``config.json`` existed are
still read through :func:`read_run_info`, which falls back on their ``run.json``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from medhal._version import __version__
from medhal.bench.runio import write_json
from medhal.data.loading import sha256_file
from medhal.detect.records import JSON, JSONObject
from medhal.errors import RunDirError

__all__ = [
    "CONFIG_FILE",
    "CONFIG_SCHEMA_VERSION",
    "GENERATION_DIR",
    "LEGACY_RUN_FILE",
    "METRICS_FILE",
    "SUITES",
    "Completed",
    "DataFile",
    "RunConfig",
    "Suite",
    "SuiteResult",
    "engine_config",
    "execute",
    "get_suite",
    "input_label",
    "own_run_dir",
    "read_run_config",
    "read_run_info",
    "runs_engine_in_place",
    "update_run_options",
    "write_run_config",
]

CONFIG_FILE = "config.json"
METRICS_FILE = "metrics.json"
LEGACY_RUN_FILE = "run.json"
"""What a run directory recorded about its run before ``config.json`` (still read)."""
GENERATION_DIR = "generation"
"""``out/generation/<name>/``: the LLM engine's run directories of a suite."""
CONFIG_SCHEMA_VERSION = "1.0"


def _package_versions() -> dict[str, str | None]:
    from medhal.llm.runs import package_versions

    return package_versions()


@dataclass(frozen=True, slots=True)
class DataFile:
    """A file a run read, identified by its bytes."""

    path: str
    sha256: str
    role: str = "data"
    """What the file is to the suite: ``data``, ``dev``, ``predictions``, ``records``, ``labels``, ..."""

    @classmethod
    def of(cls, path: Path | str, role: str = "data") -> DataFile:
        return cls(str(path), sha256_file(path), role)

    def to_json(self) -> JSONObject:
        return asdict(self)


def input_label(source: Path | Sequence[object] | None) -> str | None:
    """How ``config.json`` names a suite's input: the file's path, ``inline`` for items given already read, ``None``
    for none."""
    return None if source is None else str(source) if isinstance(source, Path) else "inline"


@dataclass(frozen=True, slots=True)
class RunConfig:
    """``config.json``: the same keys for every suite (see the module docstring)."""

    suite: str
    options: Mapping[str, JSON]
    """What the suite recorded about the run (formerly ``run.json``); its report renders it."""
    data: Sequence[DataFile] = ()
    seed: int | None = None
    verifier: str | None = None
    metrics_version: str = "1.0"
    """The schema version of the suite's result (``metrics.json``)."""
    medhal_version: str = __version__
    versions: Mapping[str, str | None] = field(default_factory=_package_versions)
    schema_version: str = CONFIG_SCHEMA_VERSION

    def to_json(self) -> JSONObject:
        return {
            "schema_version": self.schema_version,
            "suite": self.suite,
            "metrics_version": self.metrics_version,
            "medhal_version": self.medhal_version,
            "versions": dict(self.versions),
            "verifier": self.verifier,
            "seed": self.seed,
            "data": [d.to_json() for d in self.data],
            "options": dict(self.options),
        }


def _read_object(path: Path) -> dict[str, JSON] | None:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise RunDirError(f"cannot read {path}: {exc}") from None
    return value if isinstance(value, dict) else None


def engine_config(config: Mapping[str, JSON] | None) -> bool:
    """Whether ``config`` is (or holds) an LLM engine run's ``config.json``: before issue 17 ``bench paired`` ran
    the engine in the run directory itself, and such a directory keeps the engine's keys beside the suite's."""
    return config is not None and "sessions" in config


def runs_engine_in_place(out: Path) -> bool:
    """Whether ``out`` is a run directory whose engine run is ``out`` itself (made before issue 17)."""
    try:
        return engine_config(_read_object(out / CONFIG_FILE))
    except RunDirError:
        return False


def write_run_config(out: Path, config: RunConfig) -> None:
    """Write ``out/config.json`` (atomically, replacing an earlier one of a resumed run).  An engine run's
    ``config.json`` already there (a ``bench paired`` run directory made before issue 17) keeps its keys, so that
    run still resumes."""
    path = out / CONFIG_FILE
    existing = _read_object(path) if path.is_file() and not path.is_symlink() else None
    payload = config.to_json()
    if existing is not None and engine_config(existing):
        payload = {**existing, **payload}
    write_json(path, payload)


def update_run_options(out: Path, **more: JSON) -> None:
    """Add ``more`` to the ``options`` of ``out/config.json`` (what a run learns while running, e.g. how many
    reference traces it built)."""
    config = read_run_config(out)
    if config is None:
        raise RunDirError(f"{out} has no config.json of a suite to update")
    options = config.get("options")
    config["options"] = {**(options if isinstance(options, Mapping) else {}), **more}
    write_json(out / CONFIG_FILE, config)


def read_run_config(run_dir: Path) -> dict[str, JSON] | None:
    """``run_dir/config.json`` when it is a suite's (has ``suite``), else ``None``."""
    config = _read_object(run_dir / CONFIG_FILE)
    return config if config is not None and "suite" in config else None


def read_run_info(run_dir: Path) -> dict[str, JSON] | None:
    """What a run recorded about itself: ``config.json``'s ``options``, or the ``run.json`` of a run directory
    made before ``config.json`` existed; ``None`` when there is neither."""
    config = read_run_config(run_dir)
    if config is not None:
        options = config.get("options")
        return dict(options) if isinstance(options, Mapping) else {}
    return _read_object(run_dir / LEGACY_RUN_FILE)


def own_run_dir(out: Path, suite: str) -> bool:
    """Whether ``out`` may hold a run of ``suite`` that is resumed or rewritten: absent, an empty folder, or a run
    directory of ``suite`` (its ``config.json``; for runs made before ``config.json``: their ``run.json``'s
    ``suite``, a ``generation/`` folder, or an engine ``config.json`` recording ``suite``)."""
    if not out.exists():
        return True
    if not out.is_dir() or out.is_symlink():
        return False
    if not any(out.iterdir()):
        return True
    try:
        engine = _read_object(out / CONFIG_FILE)
        legacy = _read_object(out / LEGACY_RUN_FILE)
    except RunDirError:
        return False
    if engine is not None and "suite" in engine:
        return engine.get("suite") == suite
    if legacy is not None and legacy.get("suite") == suite:
        return True
    return (out / GENERATION_DIR).is_dir() or (engine is not None and engine_config(engine) and suite in engine)


class SuiteResult(Protocol):
    """A suite's typed result: frozen, versioned, ``to_json()`` is ``metrics.json``."""

    @property
    def schema_version(self) -> str: ...

    def to_json(self) -> JSONObject: ...


SpecT = TypeVar("SpecT", contravariant=True)
InputsT = TypeVar("InputsT")
RawT = TypeVar("RawT")
ResultT = TypeVar("ResultT", bound=SuiteResult)


class Suite(Protocol[SpecT, InputsT, RawT, ResultT]):
    """load -> run -> score, and the run directory; see the module docstring."""

    @property
    def name(self) -> str: ...

    def load(self, spec: SpecT) -> InputsT: ...

    def config(self, spec: SpecT, inputs: InputsT) -> RunConfig: ...

    def run(self, spec: SpecT, inputs: InputsT, out: Path) -> RawT: ...

    def score(self, spec: SpecT, inputs: InputsT, raw: RawT) -> ResultT: ...

    def write(self, out: Path, inputs: InputsT, raw: RawT, result: ResultT) -> None: ...


@dataclass(frozen=True, slots=True)
class Completed(Generic[InputsT, ResultT]):
    """What :func:`execute` returns: the config written, the inputs as loaded and the result."""

    config: RunConfig
    inputs: InputsT
    result: ResultT


def execute(suite: Suite[SpecT, InputsT, RawT, ResultT], spec: SpecT, out: Path) -> Completed[InputsT, ResultT]:
    """Load, write ``config.json``, run, score, write ``metrics.json`` and the suite's files into ``out`` (created
    when absent; the caller has applied the output policy to it)."""
    inputs = suite.load(spec)
    config = suite.config(spec, inputs)
    out.mkdir(parents=True, exist_ok=True)
    write_run_config(out, config)
    raw = suite.run(spec, inputs, out)
    result = suite.score(spec, inputs, raw)
    write_json(out / METRICS_FILE, result.to_json())
    suite.write(out, inputs, raw, result)
    return Completed(config, inputs, result)


SUITES: Mapping[str, str] = {
    "localization": "medhal.bench.localization.suite:SUITE",
    "detection": "medhal.bench.detection.suite:SUITE",
    "detection-table6": "medhal.bench.detection.table6_suite:SUITE",
    "verdicts": "medhal.bench.verdicts.suite:SUITE",
    "medhalt": "medhal.bench.medhalt.suite:SUITE",
    "paired": "medhal.bench.paired.suite:SUITE",
    "stagewise": "medhal.bench.stagewise.suite:SUITE",
    "agreement": "medhal.bench.agreement.suite:SUITE",
}
"""The suite registry: name -> where its :class:`Suite` object lives (imported on first use, so naming a suite
does not import every suite's dependencies)."""

AnySuite = Suite[Any, Any, Any, Any]
"""A suite of the registry, whose spec and result types only its own module knows."""


def get_suite(name: str) -> AnySuite:
    """The registered suite ``name``; ``KeyError`` naming the known ones otherwise."""
    try:
        target = SUITES[name]
    except KeyError:
        raise KeyError(f"unknown suite {name!r}; known: {', '.join(SUITES)}") from None
    module, _, attr = target.partition(":")
    suite: AnySuite = getattr(importlib.import_module(module), attr)
    return suite
