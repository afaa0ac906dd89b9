"""``medhal inject``: build a MedHal-Loc-style controlled set by injecting one localizable error per statement.

Input: a JSONL file of clean statements (``id, clean_text`` and optional ``question, evidence`` per line), or a
MedHal-Loc file, whose ``clean_text`` is reused.  ``--method rule`` uses the seeded perturbations of
:mod:`medhal.synthesis.injection` (entities from ``--pubtator`` corpora, then built-in generic terms); ``--method llm``
asks a model (:mod:`medhal.synthesis.injection.llm`).  The output is MedHal-Loc-schema JSONL (``id, source,
target_type, question, evidence, clean_text, hallucinated_text, gold_span`` plus ``gold_start, gold_end, method,
operation, source_id, schema_version``).  Attempts that produced no item (a rule that does not apply, an LLM
answer that did not parse or failed validation, an API error) go to ``OUT.rejected.jsonl`` with their reason.

Exit status: 0 every requested item was made; 1 the file was written but some requested items are missing (a
per-type quota not met, or LLM rows that are not ok); 2 usage or input error (one line on stderr).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from medhal.bench.runio import check_output_file, write_output_text
from medhal.cli.inputs import UsageError, read_input_file
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.cli.options import BaseUrlOption, NoCacheOption
from medhal.synthesis.injection import (
    ERROR_TYPES,
    CleanRecord,
    InjectionStats,
    inject_items,
    parse_error_types,
    read_clean_records,
    read_inventory,
)
from medhal.synthesis.perturb import EntityInventory

__all__ = ["inject_command", "rejected_path"]

EXIT_OK, EXIT_INCOMPLETE = 0, 1


class Method(StrEnum):
    rule = "rule"
    llm = "llm"


def rejected_path(out: Path) -> Path:
    """Where the rows without an item go: ``x.jsonl`` -> ``x.rejected.jsonl``."""
    stem = out.name[: -len(".jsonl")] if out.name.endswith(".jsonl") else out.name
    return out.with_name(f"{stem}.rejected.jsonl")


def _records(path: Path) -> list[CleanRecord]:
    def read(file: Path) -> list[CleanRecord]:
        try:
            return read_clean_records(file)
        except ValueError as exc:
            raise UsageError(f"input file {path}: {exc}") from None

    return read_input_file(path, "input", read)


def _inventory(paths: Sequence[Path]) -> EntityInventory | None:
    if not paths:
        return None
    for path in paths:
        if not path.is_file():
            raise UsageError(f"PubTator file {path} does not exist")
    try:
        return read_inventory(paths)
    except OSError as exc:
        raise UsageError(f"cannot read PubTator file {exc.filename}: {exc.strerror}") from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _write_jsonl(path: Path, rows: Iterable[Mapping[str, Any]], *, overwrite: bool, what: str) -> None:
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    write_output_text(path, text, overwrite=overwrite, what=what)


def _check_outputs(out: Path, overwrite: bool) -> None:
    """The ``--out`` policy for the items file and its rejected-rows side file, before any work is done (inject
    has always made a missing folder for ``--out``, and still does)."""
    if not out.parent.exists() and not out.parent.is_symlink():
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"cannot create the folder of --out {out}: {exc.strerror or exc}") from None
    check_output_file(out, overwrite=overwrite)
    check_output_file(rejected_path(out), overwrite=overwrite, what="rejected-rows file")


def _write_outputs(
    out: Path, items: Sequence[Mapping[str, Any]], rejected: Sequence[Mapping[str, Any]], *, overwrite: bool
) -> None:
    _write_jsonl(out, items, overwrite=overwrite, what="--out")
    side = rejected_path(out)
    if rejected:
        _write_jsonl(side, rejected, overwrite=overwrite, what="rejected-rows file")
    elif side.is_file() and not side.is_symlink() and overwrite:
        side.unlink()  # a stale file from an earlier run would misreport this one


def _pct(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "n/a"


def _rule_summary(stats: InjectionStats, out: Path, seed: int) -> tuple[list[str], bool]:
    made = sum(stats.produced.values())
    lines = [f"injected {made} item(s) into {stats.records} record(s) with rule (seed {seed}) -> {out}"]
    for kind in stats.types:
        produced, skipped = stats.produced[kind], stats.skipped[kind]
        wanted = f" of {stats.requested}" if stats.requested is not None else ""
        lines.append(
            f"  {kind}: {produced}{wanted} made, {skipped} skipped (no perturbation applies), "
            f"success {_pct(produced, produced + skipped)}"
        )
    if stats.unusable:
        lines.append(f"  {stats.unusable} record(s) fit none of the open types")
    if stats.skips:
        lines.append(f"  skipped attempts -> {rejected_path(out)}")
    return lines, not any(stats.shortfall.values())


def inject_command(
    input: Annotated[
        Path | None,
        typer.Option("--input", "-i", help="JSONL with id, clean_text[, question, evidence] (or a MedHal-Loc file)."),
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="MedHal-Loc JSONL file to write.")] = None,
    types: Annotated[str, typer.Option(help="Comma-separated error types to inject.")] = ",".join(ERROR_TYPES),
    per_type: Annotated[
        int | None, typer.Option(min=1, help="Items per error type (default: every record, spread over the types).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the record order and of every perturbation.")] = 0,
    method: Annotated[Method, typer.Option(help="rule (seeded perturbations) or llm (a model).")] = Method.rule,
    model: Annotated[
        str | None, typer.Option("--model", "-m", help="--method llm: openai/<model>, hf/<id or path>, vllm/<id>.")
    ] = None,
    base_url: BaseUrlOption = None,
    pubtator: Annotated[
        list[Path] | None,
        typer.Option(help="--method rule: PubTator corpus for the entity inventory (repeatable)."),
    ] = None,
    concurrency: Annotated[int, typer.Option(min=1, help="--method llm: requests in flight (openai/).")] = 8,
    max_tokens: Annotated[int, typer.Option(min=1, help="--method llm: new tokens per answer.")] = 1024,
    timeout: Annotated[float, typer.Option(min=0.001, help="--method llm: seconds to wait for one answer.")] = 300.0,
    max_attempts: Annotated[int, typer.Option(min=1, help="--method llm: attempts per request before api_error.")] = 5,
    cache: Annotated[
        Path | None, typer.Option(help="--method llm: response cache file (default ~/.cache/medhal/llm.sqlite).")
    ] = None,
    no_cache: NoCacheOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No summary on stderr.")] = False,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace an existing --out file (and its .rejected.jsonl).")
    ] = False,
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Inject one localizable error per clean statement and write MedHal-Loc JSONL with gold spans."""
    if input is None or out is None:
        raise UsageError("need --input and --out")
    try:
        kinds = parse_error_types(types)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if out.exists() and input.exists() and out.resolve() == input.resolve():
        raise UsageError("--out must not be the input file")
    _check_outputs(out, overwrite)
    if method is Method.rule:
        llm_only = [name for name, given in (("--model", model), ("--base-url", base_url), ("--cache", cache)) if given]
        if llm_only:
            verb = "applies" if len(llm_only) == 1 else "apply"
            raise UsageError(f"{', '.join(llm_only)} only {verb} to --method llm")
        records = _records(input)
        inventory = _inventory(pubtator or [])
        items, stats = inject_items(records, types=kinds, seed=seed, inventory=inventory, per_type=per_type)
        _write_outputs(out, [i.to_dict() for i in items], [s.to_dict() for s in stats.skips], overwrite=overwrite)
        lines, complete = _rule_summary(stats, out, seed)
    else:
        if pubtator:
            raise UsageError("--pubtator only applies to --method rule")
        if model is None:
            raise UsageError("--method llm needs --model")
        records = _records(input)
        lines, complete = _run_llm(
            records,
            out,
            kinds=kinds,
            seed=seed,
            per_type=per_type,
            model=model,
            base_url=base_url,
            concurrency=concurrency,
            max_tokens=max_tokens,
            timeout=timeout,
            max_attempts=max_attempts,
            cache=cache,
            no_cache=no_cache,
            overwrite=overwrite,
            model_args=parse_model_args(model_arg, model_args),
        )
    sys.stdout.write(f"{out}\n")
    if not quiet:
        sys.stderr.write("".join(line + "\n" for line in lines))
    raise typer.Exit(EXIT_OK if complete else EXIT_INCOMPLETE)


def _run_llm(
    records: Sequence[CleanRecord],
    out: Path,
    *,
    kinds: Sequence[str],
    seed: int,
    per_type: int | None,
    model: str,
    base_url: str | None,
    concurrency: int,
    max_tokens: int,
    timeout: float,
    max_attempts: int,
    cache: Path | None,
    no_cache: bool,
    overwrite: bool,
    model_args: dict[str, Any] | None = None,
) -> tuple[list[str], bool]:
    # imported here: the rule path needs no model client
    from medhal.llm import (
        CacheError,
        GenerationConfig,
        LLMConfigError,
        RequestError,
        ResponseCache,
        RetryPolicy,
        Timeouts,
        load_client,
    )
    from medhal.synthesis.injection.llm import LLMInjector, llm_inject_items

    response_cache: ResponseCache | None = None
    try:
        client = load_client(
            model,
            base_url=base_url,
            concurrency=concurrency,
            timeouts=Timeouts(read=timeout),
            retry=RetryPolicy(max_attempts=max_attempts),
            model_args=model_args,
        )
        response_cache = None if no_cache else ResponseCache(cache)
        in_flight = concurrency if model.startswith("openai/") else 1
        injector = LLMInjector(
            client,
            cache=response_cache,
            config=GenerationConfig(temperature=0.0, max_tokens=max_tokens),
            concurrency=in_flight,
        )
        rows, stats = llm_inject_items(records, injector, types=kinds, seed=seed, per_type=per_type)
    except (LLMConfigError, CacheError, RequestError) as exc:
        raise UsageError(str(exc)) from None
    finally:
        if response_cache is not None:
            response_cache.close()
    items = [r.item.to_dict() for r in rows if r.item is not None]
    rejected = [r.to_dict() for r in rows if r.item is None]
    _write_outputs(out, items, rejected, overwrite=overwrite)
    requests = stats.requests
    lines = [f"injected {len(items)} item(s) from {requests} request(s) with {model} (seed {seed}) -> {out}"]
    for kind in stats.types:
        counts = stats.counts[kind]
        detail = ", ".join(f"{counts[s]} {s}" for s in ("ok", "invalid", "parse_failure", "api_error") if counts[s])
        lines.append(f"  {kind}: {detail or 'no requests'}")
    lines.append(
        f"  parse-failure rate {_pct(stats.total('parse_failure'), requests)}, "
        f"invalid rate {_pct(stats.total('invalid'), requests)}, api errors {stats.total('api_error')}"
    )
    if rejected:
        lines.append(f"  rows without an item -> {rejected_path(out)}")
    return lines, not rejected
