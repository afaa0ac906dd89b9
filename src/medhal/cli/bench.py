"""``medhal bench localization|detection|verdicts``, ``medhal score localization``: faces over :mod:`medhal.bench`.

Detectors are named ``NAME`` or ``NAME:key=value:key=value`` (e.g. ``decomposed:max_windows=4``,
``random:units=sentence``, ``selfcheck-nli:source=evidence``); ``all`` means every localizing detector that runs
offline.  What each detector needs (verifier, LLM client, embedder) comes from the registry; a detector that
needs an LLM is refused with a one-line error unless ``--model`` is given.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from medhal.cli.bench_score import (
    PUBLISHED_HELP,
    ClausesOption,
    TauOption,
    rules,
    score_detection,
    score_localization,
    table6_inputs,
)
from medhal.cli.check import check_device
from medhal.cli.inputs import UsageError, VerifierOption, resumable_run_dir
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.cli.options import (
    AddressOption,
    BaseUrlOption,
    BatchOption,
    CacheOption,
    DeviceOption,
    EngineOption,
    GpusPerWorkerOption,
    NumWorkersOption,
    ThreadsOption,
)
from medhal.detect.registry import parse_detector

if TYPE_CHECKING:
    from medhal.bench.checking import DetectorSet, RunnerSource
    from medhal.bench.suite import RunConfig, SuiteResult
    from medhal.text.clauses import ClauseRules

__all__ = ["bench_app", "detector_source", "parse_detector", "score_app"]

bench_app = typer.Typer(help="Run detectors on a benchmark and write a run directory.", no_args_is_help=True)
score_app = typer.Typer(help="Score a detector's predictions file.", no_args_is_help=True)

OFFLINE_LOCALIZERS: tuple[str, ...] = (
    "nli-clause",
    "decomposed:max_windows=4",
    "decomposed:units=sentence:max_windows=4",
    "selfcheck-nli:source=evidence",
    "kg-triple",
    "embedding:units=clause",
    "nli-response",
    "random:units=clause",
    "random:units=sentence",
)
"""``--detector all`` for localization: every paradigm of seed 000 that needs no LLM (FAVA and the LLM judge
need ``--model``)."""


def detector_source(
    raw: str,
    default_all: Sequence[str],
    *,
    verifier: str | None,
    cache: Path | None,
    batch_size: int,
    model: str | None = None,
    base_url: str | None = None,
    model_args: dict[str, Any] | None = None,
    skip_unavailable: bool = False,
    threads: int | None = None,
    device: str | None = None,
) -> Callable[[], DetectorSet]:
    """How the suite builds the detectors of ``--detector`` once its data are read: through the detector
    registry (:func:`medhal.detect.registry.build_detectors`), loading the verifier and the LLM client once, only
    when a detector needs them; the verifier's calibration applies to the detectors it was fitted for (explicit
    options win).  ``skip_unavailable``: detectors that ``all`` brought in are skipped, with a note, when they
    cannot be built here (e.g. ``embedding`` without the ``embed`` extra)."""

    def build() -> DetectorSet:
        from medhal.bench.checking import DetectorSet
        from medhal.detect.registry import Need, Resources, build_detectors

        if not any(piece.strip() for piece in raw.split(",")):
            raise UsageError("no detector given")
        verifier_id: list[str | None] = [None]

        def resources(needs: frozenset[Need]) -> Resources:
            loaded = calibration = client = None
            if "verifier" in needs:
                from medhal.verify import open_verifier

                opened = open_verifier(verifier, batch_size=batch_size, cache=cache, threads=threads, device=device)
                loaded, calibration = opened.verifier, opened.calibration
                verifier_id[0] = loaded.id
            if model is not None:
                from medhal.errors import ConfigError
                from medhal.llm import load_client
                from medhal.llm.base import LLMConfigError

                try:
                    client = load_client(model, base_url=base_url, model_args=model_args)
                except LLMConfigError as exc:
                    raise ConfigError(str(exc)) from None
            return Resources(loaded, client, calibration=calibration)

        def skip(label: str, why: str) -> None:
            sys.stderr.write(f"skipping {label}: {why}\n")

        detectors = build_detectors(
            raw, resources, every=default_all, calibrate="fitted", on_skip=skip if skip_unavailable else None
        )
        return DetectorSet(dict(detectors), verifier_id[0])

    return build


LIMIT_HELP = (
    "Only N items: a seeded sample (--seed) stratified by type (error type / category, else label), in "
    "proportion, at least one per type; deterministic, in file order, recorded in config.json ('sample'); paired "
    "clean/hallucinated twins count as one and stay together."
)
PROTOCOL_HELP = (
    "'single': one run, point estimates with CIs; 'table6': seed 000 Table 6 - every --seeds sample, scores "
    "pooled, cells = bootstrap means (1000 resamples, grid F1-optimal threshold re-tuned on each)."
)


OUT_HELP = "Run directory; run again with the same --out to resume (checks already kept there are read back)."


def ray_runners_for(
    engine: str,
    build: Callable[[], DetectorSet],
    model: str | None,
    num_workers: int | None,
    threads: int | None,
    gpus_per_worker: float | None,
    address: str | None,
    clauses: ClauseRules = "paper",
) -> RunnerSource | None:
    """``--engine`` of the checker suites: ``None`` for ``local``; for ``ray``, each detector's chunks on a Ray
    actor pool (:func:`medhal.scale.ray_runners`); a one-line usage error for anything else."""
    ray_flags = [f for f, v in (("--num-workers", num_workers), ("--gpus-per-worker", gpus_per_worker)) if v]
    ray_flags += ["--address"] if address is not None else []
    if engine == "local":
        if ray_flags:
            raise UsageError(f"{ray_flags[0]} applies to --engine ray")
        return None
    if engine != "ray":
        raise UsageError(f"--engine must be local or ray, not {engine!r}")
    if model is not None:
        raise UsageError(
            "--engine ray spreads detectors that need no LLM; drop --model (LLM suites scale through "
            "several --base-url replicas)"
        )
    from medhal.scale import RayOptions, ray_runners, require_ray

    require_ray()
    options = RayOptions(num_workers, threads, gpus_per_worker or 0.0, address)
    return ray_runners(build, options, clauses)


def _pct(value: float | None) -> str:
    return "—" if value is None or value != value else f"{100 * value:.1f}%"


def _report(out: Path, result: SuiteResult, config: RunConfig) -> None:
    """Write the run's ``report.md`` (:func:`medhal.report.suites.write_report`) and say which files hold the run."""
    from medhal.report.suites import write_report

    write_report(out, result, config)
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'items.jsonl'}, {out / 'report.md'}\n")


def _auc_line(name: str, auc: float | None, seconds: float) -> str:
    return f"{name}: AUC-PR {auc if auc is None else round(auc, 3)} ({seconds:.0f} s)\n"


@bench_app.command("localization")
def bench_localization(
    data: Annotated[Path, typer.Option(help="MedHal-Loc JSONL (id, target_type, evidence, clean_text, ...).")],
    out: Annotated[Path, typer.Option(help=OUT_HELP)],
    detector: Annotated[str, typer.Option(help="NAME[:k=v...][,NAME...] or 'all' (offline localizers).")] = "all",
    evidence: Annotated[
        str | None, typer.Option(help="pubmedqa:PATH to replace truncated evidence by full PubMedQA contexts.")
    ] = None,
    verifier: VerifierOption = None,
    model: Annotated[str | None, typer.Option(help="LLM for fava / llm-judge / selfcheck-nli sampling.")] = None,
    base_url: BaseUrlOption = None,
    limit: Annotated[int | None, typer.Option(min=1, help=LIMIT_HELP)] = None,
    clean: Annotated[bool, typer.Option(help="Also check clean texts (detection AUC-PR / F1).")] = True,
    seed: Annotated[int, typer.Option(help="Seed for the --limit sample and bootstrap resampling.")] = 0,
    resamples: Annotated[int, typer.Option(min=0, help="Bootstrap resamples for CIs.")] = 1000,
    cache: CacheOption = None,
    batch_size: BatchOption = 16,
    threads: ThreadsOption = None,
    device: DeviceOption = None,
    engine: EngineOption = "local",
    num_workers: NumWorkersOption = None,
    gpus_per_worker: GpusPerWorkerOption = None,
    address: AddressOption = None,
    tau: TauOption = "paper",
    clauses: ClausesOption = "paper",
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Localization faithfulness (seed 000 §4) of each detector on MedHal-Loc items."""
    from medhal.bench.localization.suite import SUITE, LocalizationSpec
    from medhal.bench.suite import execute

    tau_rule, clause_rules = rules(tau, clauses)
    resumable_run_dir(out, "localization")  # before the verifier is loaded
    build = detector_source(
        detector,
        OFFLINE_LOCALIZERS,
        verifier=verifier,
        cache=cache,
        batch_size=batch_size,
        model=model,
        base_url=base_url,
        model_args=parse_model_args(model_arg, model_args),
        skip_unavailable=True,
        threads=threads,
        device=check_device(device),
    )
    runners = ray_runners_for(engine, build, model, num_workers, threads, gpus_per_worker, address, clause_rules)
    spec = LocalizationSpec(
        data, build, evidence, limit, clean, seed, resamples, tau_rule, clause_rules, model, runners=runners
    )
    done = execute(SUITE, spec, out)
    for name, entry in done.result.detectors.items():
        m = entry.overall
        if m is not None:
            sys.stderr.write(
                f"{name}: hit@1 {100 * m.hit1:.1f} rand {100 * m.rand:.1f} lift {100 * (m.lift or 0):+.1f}"
                f" ({entry.seconds:.0f} s)\n"
            )
        else:
            sys.stderr.write(
                _auc_line(name, None if entry.detection is None else entry.detection.auc_pr, entry.seconds)
            )
    _report(out, done.result, done.config)


@bench_app.command("detection")
def bench_detection(
    data: Annotated[Path, typer.Option(help="Test items.")],
    format: Annotated[str, typer.Option(help="medhallu | medhal-loc | halueval | qags")],
    out: Annotated[Path, typer.Option(help=OUT_HELP)],
    detector: Annotated[str, typer.Option(help="NAME[:k=v...][,NAME...].")] = "nli-response,nli-clause",
    dev: Annotated[Path | None, typer.Option(help="Dev items (same format) to fix the threshold on.")] = None,
    verifier: VerifierOption = None,
    model: Annotated[str | None, typer.Option(help="LLM for LLM-backed detectors.")] = None,
    base_url: BaseUrlOption = None,
    limit: Annotated[int | None, typer.Option(min=1, help=LIMIT_HELP + " The same for --dev.")] = None,
    seed: Annotated[int, typer.Option(help="Seed for the --limit sample and bootstrap resampling.")] = 0,
    resamples: Annotated[int, typer.Option(min=0)] = 1000,
    cache: CacheOption = None,
    batch_size: BatchOption = 16,
    threads: ThreadsOption = None,
    device: DeviceOption = None,
    engine: EngineOption = "local",
    num_workers: NumWorkersOption = None,
    gpus_per_worker: GpusPerWorkerOption = None,
    address: AddressOption = None,
    protocol: Annotated[str, typer.Option(help=PROTOCOL_HELP)] = "single",
    seeds: Annotated[str, typer.Option(help="Seeds of the table6 protocol (each draws its --limit sample).")] = (
        "1,2,42"
    ),
    published: Annotated[Path | None, typer.Option(help=PUBLISHED_HELP)] = None,
    published_dataset: Annotated[
        str | None, typer.Option(help="Dataset of --published to compare with (default: --format).")
    ] = None,
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Detection F1 (test-tuned and dev-fixed thresholds), AUC-PR with CIs, paired comparisons; with
    ``--protocol table6`` seed 000 Table 6's bootstrap mean over pooled seeds beside the published cells."""
    from medhal.bench.checking import detection_format
    from medhal.bench.suite import execute

    detection_format(format)
    if protocol not in ("single", "table6"):
        raise UsageError(f"unknown --protocol {protocol!r}; choose single or table6")
    table6 = table6_inputs(seeds, published) if protocol == "table6" else None
    resumable_run_dir(out, "detection" if table6 is None else "detection-table6")  # before the verifier is loaded
    build = detector_source(
        detector,
        ("nli-response", "nli-clause"),
        verifier=verifier,
        cache=cache,
        batch_size=batch_size,
        model=model,
        base_url=base_url,
        model_args=parse_model_args(model_arg, model_args),
        threads=threads,
        device=check_device(device),
    )
    if table6 is not None:
        from medhal.bench.detection.table6_suite import SUITE as TABLE6
        from medhal.bench.detection.table6_suite import Table6Spec

        seed_list, pub = table6
        spec6 = Table6Spec(data, build, seed_list, format, dev, limit, seed, resamples, pub, published_dataset)
        done6 = execute(TABLE6, spec6, out)
        for name, entry6 in done6.result.detectors.items():
            sys.stderr.write(_auc_line(name, entry6.auc_pr, entry6.seconds or 0.0))
        _report(out, done6.result, done6.config)
        return
    from medhal.bench.detection.suite import SUITE, DetectionSpec

    runners = ray_runners_for(engine, build, model, num_workers, threads, gpus_per_worker, address)
    done = execute(SUITE, DetectionSpec(data, build, format, dev, limit, seed, resamples, runners=runners), out)
    for name, entry in done.result.detectors.items():
        sys.stderr.write(_auc_line(name, entry.auc_pr, entry.seconds))
    _report(out, done.result, done.config)


@bench_app.command("verdicts")
def bench_verdicts(
    data: Annotated[list[Path], typer.Option(help="Labelled set(s); repeat for several (same --format).")],
    out: Annotated[Path, typer.Option(help=OUT_HELP)],
    format: Annotated[str, typer.Option(help="medhal-loc | medhallu | qags | halueval")] = "medhal-loc",
    detector: Annotated[str, typer.Option(help="NAME[:k=v...][,NAME...].")] = "decomposed,nli-clause",
    verifier: VerifierOption = None,
    limit: Annotated[int | None, typer.Option(min=1, help=LIMIT_HELP + " Per --data set.")] = None,
    seed: Annotated[int, typer.Option(help="Seed for the --limit sample.")] = 0,
    cache: CacheOption = None,
    batch_size: BatchOption = 16,
    threads: ThreadsOption = None,
    device: DeviceOption = None,
) -> None:
    """Verdict quality: faithful units contradicted, erroneous units supported, flag rates, AUC-PR (issue 14)."""
    from medhal.bench.checking import detection_format
    from medhal.bench.suite import execute
    from medhal.bench.verdicts import SUITE, VerdictsSpec

    detection_format(format)
    resumable_run_dir(out, "verdicts")  # before the verifier is loaded
    build = detector_source(
        detector,
        ("decomposed", "nli-clause"),
        verifier=verifier,
        cache=cache,
        batch_size=batch_size,
        threads=threads,
        device=check_device(device),
    )
    done = execute(SUITE, VerdictsSpec(list(data), build, format, limit, seed), out)
    for set_name, by_detector in done.result.sets.items():
        for name, entry in by_detector.items():
            r = entry.report
            shares = (
                [None] * 5
                if r is None
                else [
                    r.faithful_contradicted,
                    r.faithful_supported,
                    r.erroneous_supported,
                    r.faithful_flagged,
                    r.hallucinated_flagged,
                ]
            )
            sys.stderr.write(
                f"{set_name} / {name}: faithful units contradicted {_pct(shares[0])}, supported {_pct(shares[1])}; "
                f"erroneous supported {_pct(shares[2])}; flagged faithful {_pct(shares[3])} / hallucinated "
                f"{_pct(shares[4])} ({entry.seconds:.0f} s)\n"
            )
    _report(out, done.result, done.config)


score_app.command("localization")(score_localization)
score_app.command("detection")(score_detection)
