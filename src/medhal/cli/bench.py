"""``medhal bench localization|detection|verdicts``, ``medhal score localization``: faces over :mod:`medhal.bench`.

Detectors are named ``NAME`` or ``NAME:key=value:key=value`` (e.g. ``decomposed:max_windows=4``,
``random:units=sentence``, ``selfcheck-nli:source=evidence``); ``all`` means every localizing detector that runs
offline.  What each detector needs (verifier, LLM client, embedder) comes from the registry; a detector that
needs an LLM is refused with a one-line error unless ``--model`` is given.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from medhal.bench.sampling import Sample, detection_group, detection_stratum, stratified_sample
from medhal.cli.inputs import UsageError, new_run_dir
from medhal.cli.modelargs import ModelArgOption, ModelArgsOption, parse_model_args
from medhal.detect.registry import parse_detector

__all__ = ["bench_app", "parse_detector", "score_app"]

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


def _detector_list(raw: str, default_all: Sequence[str]) -> list[tuple[str, str, dict[str, Any]]]:
    names: list[str] = []
    for piece in raw.split(","):
        if piece.strip() == "all":
            names.extend(default_all)
        elif piece.strip():
            names.append(piece.strip())
    if not names:
        raise UsageError("no detector given")
    return [parse_detector(n) for n in dict.fromkeys(names)]


def _optional(label: str, raw: str, default_all: Sequence[str]) -> bool:
    """Detectors that ``all`` brought in (not named by the user) are skipped, with a note, when they cannot be
    built here (e.g. ``embedding`` without the ``embed`` extra)."""
    named = {piece.strip() for piece in raw.split(",")}
    return label in default_all and label not in named


def build_detectors(
    specs: Sequence[tuple[str, str, dict[str, Any]]],
    *,
    verifier: str | None,
    model: str | None,
    base_url: str | None,
    cache: Path | None,
    batch_size: int,
    optional: Callable[[str], bool] = lambda _: False,
    model_args: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], str | None]:
    """Instantiate the detectors, loading the verifier and the LLM client once; calibration defaults of the
    verifier apply to the detectors it was calibrated for (explicit options win)."""
    from medhal.checker import calibrated_options
    from medhal.detect import ConfigError
    from medhal.detect.registry import create_detector, detector_spec

    for _, name, _ in specs:
        detector_spec(name)
    needs = {need for _, name, _ in specs for need in detector_spec(name).needs}
    loaded = None
    calibration = None
    if "verifier" in needs:
        from medhal.verify import load_verifier
        from medhal.verify.calibration import calibration_of

        loaded = load_verifier(verifier, batch_size=batch_size, cache=cache)
        calibration = calibration_of(loaded)
    client = None
    if model is not None:
        from medhal.llm import load_client
        from medhal.llm.base import LLMConfigError

        try:
            client = load_client(model, base_url=base_url, model_args=model_args)
        except LLMConfigError as exc:
            raise ConfigError(str(exc)) from None
    detectors: dict[str, Any] = {}
    for label, name, options in specs:
        opts = dict(options)
        if calibration is not None and name in ("decomposed", "nli-clause", "nli-response"):
            opts = calibrated_options(name, opts, calibration)
        try:
            detectors[label] = create_detector(name, loaded, client=client, **opts)
        except (ConfigError, ImportError, RuntimeError) as exc:
            if not optional(label):
                if isinstance(exc, ConfigError):
                    raise
                raise ConfigError(f"detector {label!r}: {str(exc).splitlines()[0] if str(exc) else exc!r}") from None
            sys.stderr.write(f"skipping {label}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}\n")
    return detectors, None if loaded is None else loaded.id


LIMIT_HELP = (
    "Only N items: a seeded sample (--seed) stratified by type (error type / category, else label), in "
    "proportion, at least one per type; deterministic, in file order, recorded in run.json ('sample'); paired "
    "clean/hallucinated twins count as one and stay together."
)


PROTOCOL_HELP = (
    "'single': one run, point estimates with CIs; 'table6': seed 000 Table 6 - every --seeds sample, scores "
    "pooled, cells = bootstrap means (1000 resamples, grid F1-optimal threshold re-tuned on each)."
)
PUBLISHED_HELP = "The published per_method.json (seed 000 Table 6), printed beside medhal's numbers."


def _table6_inputs(seeds: str, published: Path | None) -> tuple[list[int], Any]:
    from medhal.bench.detection.table6 import read_published_detection

    try:
        seed_list = sorted({int(x) for x in seeds.split(",") if x.strip()})
    except ValueError:
        raise UsageError(f"--seeds takes comma-separated integers, got {seeds!r}") from None
    if not seed_list:
        raise UsageError("--seeds is empty")
    pub = None
    if published is not None:
        try:
            pub = read_published_detection(published)
        except ValueError as exc:
            raise UsageError(str(exc).splitlines()[0]) from None
    return seed_list, pub


TAU_HELP = (
    "Content tokens of the metric: 'paper' (seed 000 §4 as written) or 'code' (the published code's rule: "
    "hyphens kept, its 124-word stop list). Recorded in every report."
)
CLAUSES_HELP = (
    "Clause splitter for clause units: 'paper' (medhal's, clauses tile the text) or 'code' (the published "
    "code's, short fragments dropped). Recorded in every report."
)


def _rules(tau: str, clauses: str) -> tuple[Any, Any]:
    """Validated ``(tau, clauses)`` rule names (issue 16), or a one-line usage error."""
    from medhal.text.clauses import CLAUSE_RULES
    from medhal.text.tokens import TAU_RULES

    if tau not in TAU_RULES:
        raise UsageError(f"unknown --tau {tau!r}; choose one of {', '.join(TAU_RULES)}")
    if clauses not in CLAUSE_RULES:
        raise UsageError(f"unknown --clauses {clauses!r}; choose one of {', '.join(CLAUSE_RULES)}")
    return tau, clauses


def _detection_sample(items: list[Any], limit: int | None, seed: int) -> Sample[Any]:
    return stratified_sample(
        items, limit, stratum=detection_stratum, group=detection_group, seed=seed, by="error_type/category/label"
    )


def _progress(name: str, entry: dict[str, Any], seconds: float) -> None:
    if entry.get("hit1") is not None:
        lift = entry.get("lift")
        sys.stderr.write(
            f"{name}: hit@1 {100 * entry['hit1']:.1f} rand {100 * entry['rand']:.1f} lift {100 * (lift or 0):+.1f}"
            f" ({seconds:.0f} s)\n"
        )
    else:
        auc = (entry.get("detection") or entry).get("auc_pr")
        sys.stderr.write(f"{name}: AUC-PR {auc if auc is None else round(auc, 3)} ({seconds:.0f} s)\n")


@bench_app.command("localization")
def bench_localization(
    data: Annotated[Path, typer.Option(help="MedHal-Loc JSONL (id, target_type, evidence, clean_text, ...).")],
    out: Annotated[Path, typer.Option(help="Run directory to write.")],
    detector: Annotated[str, typer.Option(help="NAME[:k=v...][,NAME...] or 'all' (offline localizers).")] = "all",
    evidence: Annotated[
        str | None, typer.Option(help="pubmedqa:PATH to replace truncated evidence by full PubMedQA contexts.")
    ] = None,
    verifier: Annotated[str | None, typer.Option(help="Verifier spec (default: embedded).")] = None,
    model: Annotated[str | None, typer.Option(help="LLM for fava / llm-judge / selfcheck-nli sampling.")] = None,
    base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible server for --model.")] = None,
    limit: Annotated[int | None, typer.Option(min=1, help=LIMIT_HELP)] = None,
    clean: Annotated[bool, typer.Option(help="Also check clean texts (detection AUC-PR / F1).")] = True,
    seed: Annotated[int, typer.Option(help="Seed for the --limit sample and bootstrap resampling.")] = 0,
    resamples: Annotated[int, typer.Option(min=0, help="Bootstrap resamples for CIs.")] = 1000,
    cache: Annotated[Path | None, typer.Option(help="SQLite cache of pair probabilities.")] = None,
    batch_size: Annotated[int, typer.Option(min=1)] = 16,
    tau: Annotated[str, typer.Option(help=TAU_HELP)] = "paper",
    clauses: Annotated[str, typer.Option(help=CLAUSES_HELP)] = "paper",
    model_arg: ModelArgOption = None,
    model_args: ModelArgsOption = None,
) -> None:
    """Localization faithfulness (seed 000 §4) of each detector on MedHal-Loc items."""
    from medhal.bench.localization.published import read_published_items
    from medhal.bench.localization.suite import run_localization_suite
    from medhal.data.errors import DataFormatError
    from medhal.data.medhal_loc import read_medhal_loc
    from medhal.report.localization import write_localization_report

    tau_rule, clause_rules = _rules(tau, clauses)
    new_run_dir(out)  # before the verifier is loaded
    pubmedqa = None
    if evidence is not None:
        kind, _, path = evidence.partition(":")
        if kind != "pubmedqa" or not path:
            raise UsageError("--evidence takes pubmedqa:PATH")
        pubmedqa = Path(path)
    try:
        items = list(read_medhal_loc(data, pubmedqa=pubmedqa))
    except (DataFormatError, OSError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    sample = stratified_sample(items, limit, stratum=lambda item: item.error_type, seed=seed, by="error_type")
    items = sample.items
    specs = _detector_list(detector, OFFLINE_LOCALIZERS)
    detectors, verifier_id = build_detectors(
        specs,
        verifier=verifier,
        model=model,
        base_url=base_url,
        cache=cache,
        batch_size=batch_size,
        optional=lambda label: _optional(label, detector, OFFLINE_LOCALIZERS),
        model_args=parse_model_args(model_arg, model_args),
    )
    published = None
    peritem = data.parent / "published_peritem_dev.jsonl"
    if data.name == "controlled_dev.jsonl" and peritem.is_file() and limit is None:
        from medhal.bench.localization.metrics import ItemLocalization, aggregate_localization

        published = {
            name: aggregate_localization([x for x in rows if isinstance(x, ItemLocalization)]).to_metrics()
            | {"kind": "ranked"}
            for name, rows in read_published_items(peritem).items()
            if name != "FAVA"
        }
    meta: dict[str, Any] = {"data": str(data), "evidence": evidence or "file", "verifier": verifier_id, "model": model}
    if limit is not None:
        meta["sample"] = sample.record([item.id for item in items])
    run_localization_suite(
        detectors,
        items,
        out,
        clean=clean,
        meta=meta,
        render=lambda path, metrics, info: write_localization_report(path, metrics, info, published),
        seed=seed,
        n_resamples=resamples,
        on_done=_progress,
        tau=tau_rule,
        clauses=clause_rules,
    )
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'items.jsonl'}, {out / 'report.md'}\n")


@bench_app.command("detection")
def bench_detection(
    data: Annotated[Path, typer.Option(help="Test items.")],
    format: Annotated[str, typer.Option(help="medhallu | medhal-loc | halueval | qags")],
    out: Annotated[Path, typer.Option(help="Run directory to write.")],
    detector: Annotated[str, typer.Option(help="NAME[:k=v...][,NAME...].")] = "nli-response,nli-clause",
    dev: Annotated[Path | None, typer.Option(help="Dev items (same format) to fix the threshold on.")] = None,
    verifier: Annotated[str | None, typer.Option(help="Verifier spec (default: embedded).")] = None,
    model: Annotated[str | None, typer.Option(help="LLM for LLM-backed detectors.")] = None,
    base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible server for --model.")] = None,
    limit: Annotated[int | None, typer.Option(min=1, help=LIMIT_HELP + " The same for --dev.")] = None,
    seed: Annotated[int, typer.Option(help="Seed for the --limit sample and bootstrap resampling.")] = 0,
    resamples: Annotated[int, typer.Option(min=0)] = 1000,
    cache: Annotated[Path | None, typer.Option(help="SQLite cache of pair probabilities.")] = None,
    batch_size: Annotated[int, typer.Option(min=1)] = 16,
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
    from medhal.bench.detection.suite import run_detection_suite
    from medhal.data.detection import DETECTION_FORMATS, read_detection
    from medhal.data.errors import DataFormatError
    from medhal.report.detection import write_detection_report

    if format not in DETECTION_FORMATS:
        raise UsageError(f"unknown format {format!r}; choose one of {', '.join(DETECTION_FORMATS)}")
    if protocol not in ("single", "table6"):
        raise UsageError(f"unknown --protocol {protocol!r}; choose single or table6")
    table6 = _table6_inputs(seeds, published) if protocol == "table6" else None
    new_run_dir(out)  # before the verifier is loaded
    try:
        items = list(read_detection(data, format))  # type: ignore[arg-type]
        dev_items = list(read_detection(dev, format)) if dev is not None else None  # type: ignore[arg-type]
    except (DataFormatError, OSError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    sample = _detection_sample(items, limit, seed)
    dev_sample = None if dev_items is None else _detection_sample(dev_items, limit, seed)
    items = sample.items
    dev_items = None if dev_sample is None else dev_sample.items
    detectors, verifier_id = build_detectors(
        _detector_list(detector, ("nli-response", "nli-clause")),
        verifier=verifier,
        model=model,
        base_url=base_url,
        cache=cache,
        batch_size=batch_size,
        model_args=parse_model_args(model_arg, model_args),
    )
    meta: dict[str, Any] = {
        "data": str(data),
        "format": format,
        "dev": None if dev is None else str(dev),
        "verifier": verifier_id,
    }
    if limit is not None:
        meta["sample"] = sample.record([item.id for item in items])
        if dev_sample is not None:
            meta["dev_sample"] = dev_sample.record([item.id for item in dev_sample.items])
    if table6 is not None:
        from medhal.bench.detection.suite import run_detection_table6

        seed_list, pub = table6
        all_items = list(read_detection(data, format))  # type: ignore[arg-type]
        samples = {s: _detection_sample(all_items, limit, s).items for s in seed_list}
        meta.pop("sample", None)
        run_detection_table6(
            detectors,
            samples,
            out,
            meta=meta,
            n_resamples=resamples,
            published=pub,
            dataset=published_dataset or format,
            on_done=_progress,
        )
        sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'items.jsonl'}, {out / 'report.md'}\n")
        return
    run_detection_suite(
        detectors,
        items,
        out,
        dev_items=dev_items,
        meta=meta,
        seed=seed,
        n_resamples=resamples,
        on_done=_progress,
        render=write_detection_report,
    )
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'items.jsonl'}, {out / 'report.md'}\n")


@bench_app.command("verdicts")
def bench_verdicts(
    data: Annotated[list[Path], typer.Option(help="Labelled set(s); repeat for several (same --format).")],
    out: Annotated[Path, typer.Option(help="Run directory to create (refused when not empty).")],
    format: Annotated[str, typer.Option(help="medhal-loc | medhallu | qags | halueval")] = "medhal-loc",
    detector: Annotated[str, typer.Option(help="NAME[:k=v...][,NAME...].")] = "decomposed,nli-clause",
    verifier: Annotated[str | None, typer.Option(help="Verifier spec (default: embedded).")] = None,
    limit: Annotated[int | None, typer.Option(min=1, help=LIMIT_HELP + " Per --data set.")] = None,
    seed: Annotated[int, typer.Option(help="Seed for the --limit sample.")] = 0,
    cache: Annotated[Path | None, typer.Option(help="SQLite cache of pair probabilities.")] = None,
    batch_size: Annotated[int, typer.Option(min=1)] = 16,
) -> None:
    """Verdict quality: faithful units contradicted, erroneous units supported, flag rates, AUC-PR (issue 14)."""
    from medhal._version import __version__
    from medhal.bench.verdicts import VerdictSet, run_verdict_suite
    from medhal.data.detection import DETECTION_FORMATS, read_detection
    from medhal.data.errors import DataFormatError

    if format not in DETECTION_FORMATS:
        raise UsageError(f"unknown format {format!r}; choose one of {', '.join(DETECTION_FORMATS)}")
    new_run_dir(out)  # before the verifier is loaded
    sets = []
    samples: dict[str, dict[str, Any]] = {}
    try:
        for path in data:
            sample = _detection_sample(list(read_detection(path, format)), limit, seed)  # type: ignore[arg-type]
            sets.append(VerdictSet(path.stem, path, sample.items))
            if limit is not None:
                samples[path.stem] = sample.record([item.id for item in sample.items])
    except (DataFormatError, OSError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    if len({s.name for s in sets}) != len(sets):
        raise UsageError("two --data files share a name; rename one")
    detectors, verifier_id = build_detectors(
        _detector_list(detector, ("decomposed", "nli-clause")),
        verifier=verifier,
        model=None,
        base_url=None,
        cache=cache,
        batch_size=batch_size,
    )

    def progress(set_name: str, name: str, entry: dict[str, Any], seconds: float) -> None:
        def pct(key: str) -> str:
            value = entry.get(key)
            return "—" if value is None or value != value else f"{100 * value:.1f}%"

        sys.stderr.write(
            f"{set_name} / {name}: faithful units contradicted {pct('faithful_contradicted')}, supported "
            f"{pct('faithful_supported')}; erroneous supported {pct('erroneous_supported')}; flagged faithful "
            f"{pct('faithful_flagged')} / hallucinated {pct('hallucinated_flagged')} ({seconds:.0f} s)\n"
        )

    meta: dict[str, Any] = {"format": format, "verifier": verifier_id, "medhal_version": __version__}
    if limit is not None:
        meta["samples"] = samples
    run_verdict_suite(detectors, sets, out, meta=meta, on_done=progress)
    sys.stderr.write(f"wrote {out / 'metrics.json'}, {out / 'items.jsonl'}, {out / 'report.md'}\n")


@score_app.command("localization")
def score_localization(
    predictions: Annotated[Path, typer.Option(help="JSONL: id + ranked units (or spans) per item.")],
    data: Annotated[Path, typer.Option(help="MedHal-Loc JSONL with the gold spans.")],
    name: Annotated[str, typer.Option(help="Name of the detector in the output.")] = "predictions",
    tau: Annotated[str, typer.Option(help=TAU_HELP)] = "paper",
    clauses: Annotated[
        str, typer.Option(help=CLAUSES_HELP + " Here a label and a check: the units are the file's.")
    ] = "paper",
) -> None:
    """Seed 000 §4 metrics of a predictions file (no model is loaded); prints JSON."""
    from medhal.bench.localization.predictions import PredictionError, score_predictions
    from medhal.data.errors import DataFormatError
    from medhal.data.medhal_loc import read_medhal_loc

    tau_rule, clause_rules = _rules(tau, clauses)
    if not predictions.is_file():
        raise UsageError(f"predictions file {predictions} does not exist")
    try:
        items = list(read_medhal_loc(data))
        scored = score_predictions(predictions, items, name=name, tau=tau_rule, clauses=clause_rules)
    except (DataFormatError, PredictionError, OSError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    payload = {
        name: {
            **scored.run.metrics(),
            "missing": scored.missing,
            "unknown_ids": scored.unknown,
            "items_without_scores": scored.unscored,
            "clauses_match": {"items": scored.clauses_compared, "match": scored.clauses_match},
        }
    }
    sys.stdout.write(json.dumps(payload, indent=2) + "\n")


@score_app.command("detection")
def score_detection(
    published: Annotated[Path, typer.Option(help=PUBLISHED_HELP)],
    predictions: Annotated[
        Path | None,
        typer.Option(help="JSONL rows with detector, seed, label, score (and status): e.g. a table6 items.jsonl."),
    ] = None,
    dataset: Annotated[str, typer.Option(help="Dataset of --published to set --predictions beside.")] = "medhallu",
    resamples: Annotated[int, typer.Option(min=1)] = 1000,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of Markdown.")] = False,
) -> None:
    """Seed 000 Table 6 recomputed from the published file (bootstrap means over pooled seeds), and with
    ``--predictions`` the same protocol on your scores beside it (no model is loaded)."""
    from medhal.bench.detection.suite import table6_entry
    from medhal.bench.detection.table6 import TABLE6_PRINTED, table6_cells, table6_markdown

    _, pub = _table6_inputs("0", published)
    medhal: dict[str, dict[str, Any]] = {}
    if predictions is not None:
        rows: dict[str, list[tuple[int, float, int]]] = {}
        try:
            lines = predictions.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise UsageError(f"cannot read {predictions}: {exc.strerror}") from None
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                if row.get("status", "ok") != "ok" or row.get("score") is None:
                    continue
                triple = (int(row["label"]), float(row["score"]), int(row.get("seed", 0)))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
                raise UsageError(f"{predictions}:{number}: needs label, score and seed") from None
            rows.setdefault(str(row.get("detector", "predictions")), []).append(triple)
        for name, triples in rows.items():
            y, s, g = zip(*triples, strict=True)
            medhal[name] = table6_entry(list(y), list(s), list(g), n_resamples=resamples)
    if as_json:
        payload: dict[str, Any] = {
            "table6": {m: table6_cells(pub, m, methods=tuple(TABLE6_PRINTED[m])) for m in ("F1", "AUC-PR")},
            "printed": TABLE6_PRINTED,
            "medhal": medhal,
            "dataset": dataset,
        }
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
        return
    sys.stdout.write(table6_markdown(pub, medhal or None, dataset=dataset))
