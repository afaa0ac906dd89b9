"""``medhal check``: one evidence/response pair, or a batch (:mod:`medhal.cli.check_batch`).

Which detectors there are, the options each takes and what each needs come from :mod:`medhal.detect.registry`:
``--detector NAME[:key=value...]`` is read by its parser, the flags below are options of the detectors that take
them (a flag for one that does not is refused), and the help lists what the registry holds.  ``--out`` follows
:mod:`medhal.bench.runio`'s output-path policy; a ``.parquet`` ``--out`` holds one
:meth:`~medhal.detect.records.CheckResult.to_row` (``pip install 'medhal[parquet]'``).
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Literal

import typer
from rich.console import Console

from medhal.bench.runio import check_output_file, write_output_text
from medhal.checker import Checker
from medhal.cli.check_batch import (
    EXIT_BUG,
    EXIT_CLEAN,
    EXIT_FLAGGED,
    ParquetSink,
    html_page,
    run_batch,
    scale_options,
)
from medhal.cli.inputs import UsageError, VerifierOption, batch_format, read_text
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.cli.options import AddressOption, DeviceOption, GpusPerWorkerOption, NumWorkersOption, ThreadsOption
from medhal.cli.render import render_result
from medhal.detect import CheckItem, CheckResult, InputError, validate_item
from medhal.detect.decomposed import LongWindowPolicy
from medhal.detect.nli_clause import PremiseChoice
from medhal.detect.registry import (
    DetectorSpec,
    OptionValue,
    detector_names,
    option_choices,
    parse_detector,
    taken_options,
)
from medhal.detect.units import UnitChoice
from medhal.errors import VerifierError
from medhal.verify.calibration import Calibration
from medhal.verify.loader import VerifierOptions, is_llm_spec

__all__ = ["FLAG_OPTIONS", "check_command", "check_device", "detector_options", "parse_detector", "run_single"]

Format = Literal["table", "json", "html"]
Engine = Literal["local", "ray"]

FLAG_OPTIONS: dict[str, str] = {
    "units": "--units",
    "threshold": "--threshold",
    "long_windows": "--long-windows",
    "signals": "--signals",
    "max_windows": "--max-windows",
    "premise": "--premise",
    "aggregation": "--aggregation",
}
"""Detector options that ``check`` also takes as flags (option -> flag)."""


def detector_options(detector: str, **flags: OptionValue) -> DetectorSpec:
    """``--detector NAME[:k=v...]`` (parsed as ``bench`` parses it) plus the flags of :data:`FLAG_OPTIONS` given
    (``None``: not given) -> the spec with both.

    Which options a detector takes comes from the registry; a flag given for a detector that does not take it,
    or given both as a flag and in the spec, is a :class:`UsageError`.  Flags left unset are not passed: the
    detector's own default (or the verifier's calibration) applies."""
    spec = parse_detector(detector)
    taken, refused = taken_options(spec.name, flags)
    if refused:
        raise UsageError(f"{FLAG_OPTIONS[refused[0]]} does not apply to detector {spec.name!r}")
    for key in taken:
        if key in spec.options:
            raise UsageError(f"{FLAG_OPTIONS[key]} and --detector {detector!r} both set {key}; give it once")
    return DetectorSpec(spec.label, spec.name, {**spec.options, **taken})


def _embedded_calibration() -> Calibration | None:
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
    llm = [name for name in detector_names() if parse_detector(name).needs_client()]
    offline = [name for name in detector_names() if name not in llm]
    return (
        f"NAME[:key=value...], the syntax of bench --detector (e.g. decomposed:max_windows=4, "
        f"selfcheck-nli:source=evidence, embedding:model=hashing). Offline: {', '.join(offline)}; with --model: "
        f"{', '.join(llm)} (selfcheck-nli:source=evidence needs none)."
    )


def check_command(
    evidence: Annotated[str | None, typer.Option("--evidence", "-e", help="Evidence file, or - for stdin.")] = None,
    response: Annotated[str | None, typer.Option("--response", "-r", help="Response file, or - for stdin.")] = None,
    question: Annotated[
        str | None,
        typer.Option(help="The question the response answers (recorded; decomposed reads its figures as the user's)."),
    ] = None,
    input: Annotated[
        str | None,
        typer.Option("--input", "-i", help="Batch: JSONL with id, evidence, response[, question]."),
    ] = None,
    units: Annotated[
        UnitChoice | None,
        typer.Option(help="How to cut the response into units (default: the detector's own; clause for decomposed)."),
    ] = None,
    verifier: VerifierOption = None,
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
        LongWindowPolicy | None,
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
        PremiseChoice | None,
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
    threads: ThreadsOption = None,
    device: DeviceOption = None,
    trust_remote_code: Annotated[
        bool,
        typer.Option(
            "--trust-remote-code",
            help="hf: verifiers: run the model's own code (auto_map, e.g. Vectara HHEM). Only for models you trust.",
        ),
    ] = False,
    hf_preset: Annotated[
        str | None,
        typer.Option(help="hf: verifiers: read the model as a known checker family: minicheck (MiniCheck models)."),
    ] = None,
    hf_unsupported: Annotated[
        str | None,
        typer.Option(
            help="hf: 2-class checkers: where 'not supported' goes, neutral (default: a 2-class model cannot tell "
            "contradicted from unsupported) or contradiction."
        ),
    ] = None,
    chunk_size: Annotated[int, typer.Option(min=1, help="Batch mode: items per shared verifier pass.")] = 32,
    engine: Annotated[
        Engine,
        typer.Option(
            help="Batch mode: local (this process) or ray (a Ray actor pool, same records; pip install "
            "'medhal[ray]'). With ray, an --out without a suffix is a folder of part files (docs/scale-out.md)."
        ),
    ] = "local",
    num_workers: NumWorkersOption = None,
    gpus_per_worker: GpusPerWorkerOption = None,
    address: AddressOption = None,
    shard: Annotated[
        str | None,
        typer.Option(
            help="Batch mode: check shard i/N only (from 0): chunks i, i+N, ... of --chunk-size items, for job "
            "arrays; the shards' records together are the whole run's."
        ),
    ] = None,
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
    aggregations = option_choices("decomposed", "aggregation")
    if aggregation is not None and aggregation not in aggregations:
        raise UsageError(f"unknown aggregation {aggregation!r}; choose {' or '.join(aggregations)}")
    if resume and overwrite:
        raise UsageError("use --resume to continue --out or --overwrite to replace it, not both")
    if resume and (input is None or out is None):
        raise UsageError("--resume continues a batch: it needs --input and --out")
    if resume and format is not None and format != "json":
        raise UsageError("--resume continues JSONL output; it does not apply to --format html or table")
    spec = detector_options(
        detector,
        units=units,
        threshold=threshold,
        long_windows=long_windows,
        signals=signals,
        max_windows=max_windows,
        premise=premise,
        aggregation=aggregation,
    )
    check_device(device)  # a bad spec is a usage error before any input is read
    extra = parse_model_args(model_arg, model_args)  # -M: for --model, --claim-model and an LLM --verifier
    if extra and model is None and claim_model is None and not is_llm_spec(verifier):
        raise UsageError("-M / --model-args apply to --model, --claim-model or an LLM --verifier (openai/<model>)")
    if model is not None and not spec.entry.takes_client():
        raise UsageError(f"--model applies to detectors that use an LLM, not {spec.name!r}")
    if model is None and spec.needs_client():
        raise UsageError(f"detector {spec.name!r} needs an LLM: pass --model provider/model (and --base-url)")

    hf_options = hf_verifier_options(verifier, trust_remote_code, hf_preset, hf_unsupported)

    def factory() -> Checker:
        resources: dict[str, object] = {}
        if model is not None:
            from medhal.llm import load_client

            resources["client"] = load_client(model, base_url=base_url, model_args=extra)
        if claim_model is not None and extra:
            from medhal.checker import claim_extractor

            resources["extractor"] = claim_extractor(claim_model, base_url=base_url, model_args=extra)
        return Checker(
            verifier,
            detector=spec,
            cache=cache,
            batch_size=batch_size,
            claim_model=claim_model,
            base_url=base_url,
            threads=threads,
            device=device,
            model_args=extra if is_llm_spec(verifier) else None,
            verifier_options=hf_options,
            **resources,
        )

    shards, ray = scale_options(
        batch=input is not None,
        engine=engine,
        shard=shard,
        num_workers=num_workers,
        gpus_per_worker=gpus_per_worker,
        address=address,
        threads=threads,
        device=device,
    )
    if input is not None:
        code = run_batch(
            factory,
            source=input,
            out=out,
            detector=spec.name,
            timings=timings,
            chunk_size=chunk_size,
            fmt=format or "json",
            overwrite=overwrite,
            resume=resume,
            shard=shards,
            ray=ray,
        )
    else:
        assert evidence is not None and response is not None
        fmt = format or ("table" if sys.stdout.isatty() and out is None else "json")
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


def hf_verifier_options(
    verifier: str | None, trust_remote_code: bool, preset: str | None, unsupported: str | None
) -> VerifierOptions:
    """``--trust-remote-code``, ``--hf-preset`` and ``--hf-unsupported`` as :func:`~medhal.verify.open_verifier`
    options; a one-line usage error when they are given for a verifier that is not ``hf:`` or take no known value."""
    from dataclasses import replace

    from medhal.verify.hf_labels import PRESETS, HFMapping

    given = [f for f, v in (("--trust-remote-code", trust_remote_code), ("--hf-preset", preset)) if v]
    given += ["--hf-unsupported"] if unsupported is not None else []
    if not given:
        return {}
    if verifier is None or not verifier.strip().lower().startswith("hf:"):
        raise UsageError(f"{given[0]} applies to hf: verifiers (--verifier hf:<id or path>)")
    if preset is not None and preset not in PRESETS:
        raise UsageError(f"unknown --hf-preset {preset!r}; choose {', '.join(PRESETS)}")
    if unsupported not in (None, "neutral", "contradiction"):
        raise UsageError(f"--hf-unsupported takes neutral or contradiction, not {unsupported!r}")
    options: VerifierOptions = {"trust_remote_code": trust_remote_code}
    if preset is not None or unsupported is not None:
        mapping = PRESETS[preset] if preset is not None else HFMapping()
        if unsupported is not None:
            mapping = replace(mapping, unsupported="contradiction" if unsupported == "contradiction" else "neutral")
        options["hf_mapping"] = mapping
    return options


def check_device(device: str | None) -> str | None:
    """``--device`` in canonical form (``None`` when not given); an unknown spec is a :class:`UsageError`.  Whether
    the device exists is found when the verifier is loaded (a one-line error, exit 2, before any item is checked)."""
    from medhal.verify.device import parse_device

    if device is None:
        return None
    try:
        return parse_device(device)
    except VerifierError as exc:
        raise UsageError(f"--device: {exc}") from None


def _dumps(result: CheckResult, *, timings: bool, indent: int | None = None) -> str:
    return json.dumps(result.to_dict(timings=timings), ensure_ascii=False, indent=indent)


def run_single(
    checker_factory: Callable[[], Checker],
    *,
    evidence: str,
    response: str,
    question: str | None,
    fmt: str,
    out: Path | None,
    timings: bool,
    overwrite: bool = False,
) -> int:
    written = batch_format(out)
    tabular = out is not None and written.tabular
    if tabular:
        if fmt != "json":
            raise UsageError(f"--out {out} is {written.title}: it takes --format json (the default), not {fmt}")
        written.require()
    if out is not None:
        check_output_file(out, overwrite=overwrite)  # before the verifier is loaded
    evidence_text = read_text(evidence, "evidence")
    response_text = read_text(response, "response")
    item = CheckItem(evidence_text, response_text, question)
    try:
        validate_item(item)
    except InputError as exc:
        raise UsageError(str(exc)) from None
    result = checker_factory().detector.detect(item)
    if result.status == "internal_error":
        Console(stderr=True).print(f"medhal: error: {result.reason} (a bug; please report it)", highlight=False)
        return EXIT_BUG
    if result.status != "ok":
        raise UsageError(result.reason or "input error")
    if tabular:
        assert out is not None
        sink = ParquetSink(out, overwrite=overwrite)
        sink.run([result.to_row(timings=timings)])
    elif fmt in ("json", "html"):
        text = _dumps(result, timings=timings, indent=2) + "\n" if fmt == "json" else html_page([result], [item])
        if out is None:
            sys.stdout.write(text)
        else:
            write_output_text(out, text, overwrite=overwrite)
    elif out is None:
        render_result(Console(), result, response_text)
    else:
        buffer = io.StringIO()
        render_result(Console(file=buffer, width=120, no_color=True), result, response_text)
        write_output_text(out, buffer.getvalue(), overwrite=overwrite)
    return EXIT_FLAGGED if result.flagged else EXIT_CLEAN
