"""``medhal generate``: send every prompt of a JSONL file to a model and record the answers in a run directory.

Input lines are JSON objects with an ``id`` and either ``prompt`` (a string, sent to the completions endpoint)
or ``messages`` (OpenAI chat messages; image parts as ``image_url`` or ``{"type": "image", "path": ...}``).
Every other field is carried into the item's row under ``data``.  A line that is not such an object becomes an
``input_error`` row; two lines with one id are a usage error.

Exit status: 0 every item ``ok``; 1 the run finished but some items are not (rerun them with ``--resume``);
2 usage or input error (one line on stderr).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections import Counter
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from medhal.cli.inputs import UsageError, reusable_run_dir
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.cli.options import (
    BaseUrlOption,
    CacheFileOption,
    ConcurrencyOption,
    MaxAttemptsOption,
    NoCacheOption,
    QuietOption,
    TimeoutOption,
)
from medhal.llm import (
    CacheError,
    Engine,
    GenerationConfig,
    GenerationRequest,
    LLMConfigError,
    RequestError,
    ResponseCache,
    RetryPolicy,
    RunDir,
    RunDirError,
    RunSummary,
    Timeouts,
    WorkItem,
    load_client,
    message_from_dict,
    parse_json_object,
    parse_key_values,
)
from medhal.llm.engine import Parser

__all__ = ["RichProgress", "generate_command", "read_prompts"]

EXIT_OK, EXIT_SOME_FAILED = 0, 1


class ParseMode(StrEnum):
    none = "none"
    json = "json"
    kv = "kv"


class EndpointChoice(StrEnum):
    auto = "auto"
    chat = "chat"
    completions = "completions"


_PARSERS: dict[str, Parser | None] = {"none": None, "json": parse_json_object, "kv": parse_key_values}
_IDENTITY = ("input", "model", "generation", "endpoint", "parse")
"""Options a resumed run must keep: changing them would mix two different runs in one items.jsonl."""


def _line_item(number: int, raw: bytes, config: GenerationConfig, base_dir: Path) -> WorkItem:
    fallback = f"line-{number}"
    try:
        obj = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        return WorkItem(fallback, error=f"line {number} is not valid UTF-8 (offset {exc.start})")
    except json.JSONDecodeError as exc:
        return WorkItem(fallback, error=f"line {number} is not JSON: {exc.msg} (column {exc.colno})")
    if not isinstance(obj, dict):
        return WorkItem(fallback, error=f"line {number} is not a JSON object")
    raw_id = obj.get("id")
    if isinstance(raw_id, bool) or not isinstance(raw_id, str | int) or raw_id == "":
        ident = fallback
        missing_id = "id" not in obj
        if not missing_id:
            return WorkItem(fallback, error=f"line {number}: id must be a non-empty string or an integer")
    else:
        ident = str(raw_id)
    data = {k: v for k, v in obj.items() if k not in ("id", "prompt", "messages")}
    data["line"] = number
    has_prompt, has_messages = "prompt" in obj, "messages" in obj
    if has_prompt == has_messages:
        return WorkItem(ident, error=f"line {number} needs exactly one of prompt and messages", data=data)
    try:
        if has_prompt:
            if not isinstance(obj["prompt"], str) or not obj["prompt"]:
                raise RequestError("prompt must be a non-empty string")
            request = GenerationRequest(ident, prompt=obj["prompt"], config=config)
        else:
            messages = obj["messages"]
            if not isinstance(messages, list) or not messages:
                raise RequestError("messages must be a non-empty list")
            built = tuple(message_from_dict(m, base_dir=base_dir) for m in messages)
            request = GenerationRequest(ident, messages=built, config=config)
    except RequestError as exc:
        return WorkItem(ident, error=f"line {number}: {exc}", data=data)
    return WorkItem(ident, request=request, data=data)


def read_prompts(path: Path, config: GenerationConfig) -> tuple[list[WorkItem], str]:
    """The work items of a prompts JSONL file and the file's sha256; :class:`UsageError` for an unusable file
    or duplicate ids.  Blank lines are skipped."""
    if not path.is_file():
        raise UsageError(f"input file {path} does not exist")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read input file {path}: {exc.strerror}") from None
    items: list[WorkItem] = []
    first_line: dict[str, int] = {}
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        item = _line_item(number, raw.rstrip(b"\r"), config, path.parent)
        if item.id in first_line:
            raise UsageError(f"duplicate id {item.id!r} on lines {first_line[item.id]} and {number} of {path}")
        first_line[item.id] = number
        items.append(item)
    if not items:
        raise UsageError(f"input file {path} has no items")
    return items, hashlib.sha256(data).hexdigest()


class RichProgress:
    """A rich progress bar on stderr: done/total, items/s this session, ETA, and counts per status."""

    def __init__(self, console: Console, *, enabled: bool) -> None:
        self._progress = Progress(
            TextColumn("generating"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[counts]}"),
            console=console,
            disable=not enabled,
        )
        self._task: Any = None
        self._counts: Counter[str] = Counter()
        self._started = time.perf_counter()
        self._done = 0

    def start(self, total: int, done: int) -> None:
        self._started = time.perf_counter()
        self._progress.start()
        self._task = self._progress.add_task("generate", total=total, completed=done, rate="", counts="")

    def advance(self, row: Mapping[str, Any]) -> None:
        self._done += 1
        self._counts[str(row.get("status"))] += 1
        if row.get("cached"):
            self._counts["cached"] += 1
        elapsed = max(time.perf_counter() - self._started, 1e-9)
        counts = " ".join(f"{k}={v}" for k, v in sorted(self._counts.items()))
        self._progress.update(self._task, advance=1, rate=f"{self._done / elapsed:.1f}/s", counts=counts)

    def finish(self) -> None:
        self._progress.stop()


def _summary_line(summary: RunSummary, model: str) -> str:
    status = ", ".join(f"{v} {k}" for k, v in summary.status.items() if v or k == "ok")
    rate = summary.processed / summary.wall_s if summary.wall_s > 0 else 0.0
    kept = f"{summary.kept} kept from earlier sessions, " if summary.kept else ""
    return (
        f"generated {summary.items} item(s) with {model}: {status}; {kept}{summary.processed} run now "
        f"({summary.cached} from cache) in {summary.wall_s:.1f} s ({rate:.1f} items/s) -> {summary.path}"
    )


def _resume_checks(stored: Mapping[str, Any], current: Mapping[str, Any], given: set[str]) -> None:
    for key in _IDENTITY:
        if key in given and stored.get(key) != current.get(key):
            raise UsageError(f"--resume: {key} differs from the run's config.json; start a new run instead")


def generate_command(
    input: Annotated[
        Path | None, typer.Option("--input", "-i", help="JSONL: one object per line with id and prompt or messages.")
    ] = None,
    model: Annotated[
        str | None, typer.Option("--model", "-m", help="openai/<model>, hf/<id or path>, vllm/<id>.")
    ] = None,
    base_url: BaseUrlOption = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Run directory to create (default runs/<UTC time>_<name>).")
    ] = None,
    name: Annotated[str, typer.Option(help="Run name for the default run directory.")] = "generate",
    resume: Annotated[
        Path | None, typer.Option(help="Continue this run directory: rerun only the items that are not ok.")
    ] = None,
    concurrency: ConcurrencyOption = 8,
    batch_size: Annotated[int | None, typer.Option(min=1, help="Prompts per model call (hf/, vllm/).")] = None,
    temperature: Annotated[float | None, typer.Option(min=0.0, help="0 = greedy (default).")] = None,
    top_p: Annotated[float | None, typer.Option(help="Nucleus sampling mass (default 1.0).")] = None,
    max_tokens: Annotated[int | None, typer.Option(min=1, help="New tokens per answer (default 512).")] = None,
    seed: Annotated[int | None, typer.Option(help="Sampling seed (seeded sampling is cached).")] = None,
    n: Annotated[int | None, typer.Option("--n", min=1, help="Samples per prompt (default 1).")] = None,
    stop: Annotated[list[str] | None, typer.Option(help="Stop sequence (repeatable).")] = None,
    endpoint: Annotated[
        EndpointChoice | None, typer.Option(help="openai/: auto (by input), chat, or completions.")
    ] = None,
    parse: Annotated[ParseMode | None, typer.Option(help="Parse each answer: none, json or kv (Key: value).")] = None,
    cache: CacheFileOption = None,
    no_cache: NoCacheOption = False,
    timeout: TimeoutOption = 300.0,
    max_attempts: MaxAttemptsOption = 5,
    quiet: QuietOption = False,
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Generate an answer for every prompt of a JSONL file into a resumable run directory."""
    sampling = (temperature, top_p, max_tokens, seed, n, stop)
    given = {key for key, value in (("input", input), ("model", model), ("endpoint", endpoint)) if value is not None}
    given |= {"parse"} if parse is not None else set()
    given |= {"generation"} if any(v is not None for v in sampling) else set()
    stored: dict[str, Any] = {}
    run: RunDir | None = None
    if resume is None and out is not None:
        reusable_run_dir(out)  # a new run: never through a symlink (RunDir.create refuses a non-empty folder)
    if resume is not None:
        if out is not None and out.resolve() != resume.resolve():
            raise UsageError("use --resume RUN_DIR alone, or --out for a new run, not both")
        try:
            run = RunDir.open(resume)
        except RunDirError as exc:
            raise UsageError(str(exc)) from None
        stored = run.config
        if stored.get("command") != "generate":
            raise UsageError(f"{resume} is not a run of medhal generate")
    input_path = input if input is not None else Path(stored["input"]["path"]) if stored else None
    model_spec = model if model is not None else stored.get("model")
    if input_path is None or model_spec is None:
        raise UsageError("need --input and --model (or --resume RUN_DIR)")
    previous = stored.get("generation", {})
    try:
        config = GenerationConfig(
            temperature=temperature if temperature is not None else previous.get("temperature", 0.0),
            top_p=top_p if top_p is not None else previous.get("top_p", 1.0),
            max_tokens=max_tokens if max_tokens is not None else previous.get("max_tokens", 512),
            stop=tuple(stop) if stop else tuple(previous.get("stop", ())),
            seed=seed if seed is not None else previous.get("seed"),
            n=n if n is not None else previous.get("n", 1),
        )
    except RequestError as exc:
        raise UsageError(str(exc)) from None
    endpoint_value = endpoint.value if endpoint is not None else stored.get("endpoint", "auto")
    parse_value = parse.value if parse is not None else stored.get("parse", "none")
    items, digest = read_prompts(input_path, config)
    identity = {
        "input": {"path": str(input_path.resolve()), "sha256": digest, "items": len(items)},
        "model": model_spec,
        "generation": config.to_dict(),
        "endpoint": endpoint_value,
        "parse": parse_value,
    }
    if run is not None:
        _resume_checks(stored, identity, given)
        if stored.get("input", {}).get("sha256") != digest:
            raise UsageError(f"--resume: input file {input_path} changed since the run started; start a new run")
    response_cache: ResponseCache | None = None
    try:
        client = load_client(
            model_spec,
            base_url=base_url,
            endpoint=endpoint_value,  # type: ignore[arg-type]
            concurrency=concurrency,
            timeouts=Timeouts(read=timeout),
            retry=RetryPolicy(max_attempts=max_attempts),
            batch_size=batch_size,
            model_args=parse_model_args(model_arg, model_args),
        )
        response_cache = None if no_cache else ResponseCache(cache)
        # HTTP servers take --concurrency requests at once; a local model runs one batch at a time
        in_flight = concurrency if model_spec.startswith("openai/") else 1
        engine = Engine(client, cache=response_cache, concurrency=in_flight, batch_size=batch_size)
        settings = {
            "concurrency": concurrency,
            "batch_size": batch_size,
            "cache": None if response_cache is None else str(response_cache.path),
            "timeout_s": timeout,
            "max_attempts": max_attempts,
        }
        if run is None:
            config_doc = {"command": "generate", "name": name, **identity, **settings, "client": client.describe()}
            run = RunDir.create(config_doc, name=name, path=out)
        else:
            run.note_session(resume=True, **settings, client=client.describe())
        err = Console(stderr=True)
        progress = RichProgress(err, enabled=not quiet and err.is_terminal)
        summary = engine.run(items, run, parser=_PARSERS[parse_value], progress=progress, resume=resume is not None)
    except (LLMConfigError, CacheError, RunDirError, RequestError) as exc:
        raise UsageError(str(exc)) from None
    finally:
        if response_cache is not None:
            response_cache.close()
    sys.stdout.write(f"{summary.path}\n")
    if not quiet:
        err.print(_summary_line(summary, model_spec), highlight=False, soft_wrap=True)
    raise typer.Exit(EXIT_OK if summary.all_ok else EXIT_SOME_FAILED)
