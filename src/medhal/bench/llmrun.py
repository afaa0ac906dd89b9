"""What the LLM suites (medhalt, paired, stagewise) share around the engine: one :class:`Engine` from a client or
an engine, a run directory opened against the identity of the run it holds, and the digest that identifies a run's
input.

A suite's engine run lives in ``RUN_DIR/generation/<name>/`` (:func:`engine_dir`); calling the suite again with the
same ``RUN_DIR`` reopens it, keeps its ``ok`` rows and reruns the others, and refuses a directory made with other
inputs, prompts, model or decoding (:func:`open_engine_run`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from medhal.bench.suite import GENERATION_DIR
from medhal.detect.records import JSON
from medhal.llm.base import ModelClient
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import Engine
from medhal.llm.runs import RunDir, RunDirError

__all__ = ["as_engine", "engine_dir", "open_engine_run", "parts_digest"]


def as_engine(
    client_or_engine: ModelClient | Engine, cache: ResponseCache | None = None, concurrency: int | None = None
) -> Engine:
    """``client_or_engine`` itself when it is an engine (then ``cache`` and ``concurrency`` must be left out: they
    belong to the engine), else an engine around the client with them."""
    if isinstance(client_or_engine, Engine):
        if cache is not None or concurrency is not None:
            raise ValueError("give cache and concurrency to the Engine itself, not next to it")
        return client_or_engine
    return Engine(client_or_engine, cache=cache, concurrency=concurrency)


def engine_dir(out: Path, name: str) -> Path:
    """``out/generation/<name>``: where a suite's engine run of ``name`` lives."""
    return out / GENERATION_DIR / name


def parts_digest(rows: Iterable[Sequence[str]]) -> str:
    """sha256 over the rows' parts, each length-prefixed, in order: identifies the input of a run."""
    digest = hashlib.sha256()
    for row in rows:
        for part in row:
            data = part.encode("utf-8", "surrogatepass")
            digest.update(len(data).to_bytes(8, "big"))
            digest.update(data)
    return digest.hexdigest()


def open_engine_run(
    run_dir: str | Path | RunDir, key: str, identity: Mapping[str, JSON], engine: Engine, *, command: str
) -> RunDir:
    """A new engine run directory recording ``identity`` under ``key`` in its ``config.json``, or the existing one
    checked against it (to resume): a directory made with another value of an identity field is refused
    (:class:`RunDirError`); one that recorded no identity (made by :meth:`RunDir.create` elsewhere) adopts it."""
    if isinstance(run_dir, RunDir):
        run = run_dir
    elif (Path(run_dir) / RunDir.CONFIG).is_file():
        run = RunDir.open(run_dir)
    else:
        return RunDir.create({"command": command, key: dict(identity), "engine": engine.describe()}, path=run_dir)
    stored = run.config.get(key)
    if stored is None:
        run.write_config({**run.config, key: dict(identity)})
        return run
    for field, value in identity.items():
        if stored.get(field) != json.loads(json.dumps(value)):
            raise RunDirError(f"run directory {run.path} was made with another {field}; start a new run instead")
    run.note_session(resume=True, engine=engine.describe())
    return run
