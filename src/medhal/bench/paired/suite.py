"""``medhal bench paired`` / ``medhal score paired`` as a :class:`~medhal.bench.suite.Suite` (seed 002).

``load`` reads the notes (MEDEC-MS, MedErrBench, MedRECT) and pairs them (Appendix A), and, to score verdicts made
elsewhere, the predictions file; ``run`` asks the model for a verdict on every note under each configuration through
the LLM engine (notes independently, §3.1; one resumable engine run under ``RUN_DIR/generation/paired/``) or takes
the predictions; ``score`` (:func:`score_paired`) gives :class:`~medhal.bench.paired.results.PairedResult`: per
configuration and for their ``mean``

* ``pointwise``: ``balanced_accuracy, f1, precision, recall, specificity, mcc, flag_rate`` over every note with
  a parsed verdict (unpaired notes included, §3.4.1);
* ``pairs``: ``n, bc, pred1, pred0, bw, bcr, expected_bcr, r_independence`` with parse failures skipped, the same
  under random-assignment imputation under ``pairs_imputed``, ``random_bcr`` (the prevalence-calibrated baseline)
  and a pair-cluster bootstrap CI of BCR;
* ``eca``: Evidence Contrastive Analysis on Pred1 pairs (§3.4.3);
* ``parse_failures``: count, rate and statuses.

``write`` adds ``pairs.json`` and ``predictions.jsonl``; ``report.md`` is :mod:`medhal.report.paired`'s.

``--limit N`` takes a seeded sample of N units (:func:`sample_notes`): the notes are paired first, a unit is a pair
(with every note a shared clean note joins it to: MedRECT's many-to-one pairs) or a note in no pair, and the units
are drawn stratified by error type (:func:`note_stratum`: an error note's ``error_type``, ``clean`` for a clean
note; a pair's stratum is e.g. ``clean/diagnosis``), so every error type, and paired as well as unpaired notes,
are represented.  The pairing of the sample is the full pairing restricted to it (:func:`restrict_pairing`), never
a pairing of the sampled rows alone (which would pair MedErrBench's alternating rows differently).  The sample is
recorded in ``config.json`` (``options.sample``); the same seed draws the same notes, so a resumed run finds its
engine run's notes again, and another seed or limit is refused like any other change of the notes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from medhal.bench.llmrun import engine_dir
from medhal.bench.paired.bootstrap import pair_bootstrap_ci
from medhal.bench.paired.eca import EcaScope, eca_report, embedding_localization_report
from medhal.bench.paired.metrics import (
    aggregate_configs,
    pair_reports_by_strategy,
    pair_set_random_baseline,
    pointwise_report,
    predictions_by_note,
)
from medhal.bench.paired.pairing import PairingResult, PairingSummary, pair_notes
from medhal.bench.paired.records import NotePrediction, PairMethod
from medhal.bench.paired.results import ConfigMetrics, MeanMetrics, PairedResult, PairsEntry, ParseFailures, Spread
from medhal.bench.paired.runner import (
    PREDICTIONS_FILE,
    read_predictions_file,
    run_paired_predictions,
    write_predictions,
)
from medhal.bench.runio import write_json
from medhal.bench.sampling import Sample, stratified_sample
from medhal.bench.suite import DataFile, RunConfig, runs_engine_in_place
from medhal.data.errors import DataFormatError
from medhal.data.notes import ClinicalNote, NoteFormat, read_notes
from medhal.detect.embedding import Embedder
from medhal.detect.records import JSON, JSONObject
from medhal.errors import UsageError
from medhal.llm.engine import Engine

__all__ = [
    "FORMATS",
    "METHODS",
    "SUITE",
    "PairedInputs",
    "PairedSpec",
    "PairedSuite",
    "engine_run_dir",
    "load_notes",
    "make_pairing",
    "note_stratum",
    "note_units",
    "restrict_pairing",
    "sample_notes",
    "score_paired",
]

SCHEMA_VERSION = "1.0"
FORMATS: dict[str, NoteFormat] = {"medec": "medec", "mederrbench": "mederrbench", "medrect": "medrect"}
METHODS: dict[str, PairMethod | Literal["auto"]] = {
    "auto": "auto",
    "jaccard": "jaccard",
    "alternating": "alternating",
    "scenario": "scenario",
    "corrected": "corrected",
}


def load_notes(data: Path, format: str) -> list[ClinicalNote]:
    """The notes of a MEDEC-MS CSV, MedErrBench CSV or MedRECT JSON file, or a one-line usage error."""
    if format not in FORMATS:
        raise UsageError(f"unknown --format {format!r}; choose one of {', '.join(FORMATS)}")
    if not data.exists():
        raise UsageError(f"data file {data} does not exist")
    if data.is_dir():
        raise UsageError(f"data path {data} is a directory, not a file")
    try:
        notes = read_notes(data, FORMATS[format])
    except DataFormatError as exc:
        raise UsageError(" ".join(str(exc).split())) from None
    except OSError as exc:
        raise UsageError(f"cannot read data file {data}: {exc.strerror}") from None
    return list(notes)


def make_pairing(notes: Sequence[ClinicalNote], method: str, jaccard: float, overlap: float) -> PairingResult:
    """``notes`` paired with ``method`` (``--pairing``), or a one-line usage error."""
    if method not in METHODS:
        raise UsageError(f"unknown --pairing {method!r}; choose one of {', '.join(METHODS)}")
    try:
        return pair_notes(notes, METHODS[method], jaccard=jaccard, overlap=overlap)
    except ValueError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None


def note_stratum(note: ClinicalNote) -> str:
    """A note's stratum in a ``--limit`` sample: an error note's ``error_type`` (``error`` when the dataset gives
    none), ``clean`` for a clean note."""
    return (note.error_type or "error") if note.error_flag == 1 else "clean"


def note_units(notes: Sequence[ClinicalNote], pairing: PairingResult) -> dict[str, str]:
    """Note id -> its unit of a ``--limit`` sample: the first note (in ``notes``' order) of the notes its pairs join
    it to (an error note and its clean note; every error note sharing a clean note), else the note itself."""
    parent = {n.id: n.id for n in notes}

    def root(key: str) -> str:
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    order = {n.id: k for k, n in enumerate(notes)}
    for pair in pairing.pairs:
        if pair.error_id in parent and pair.clean_id in parent:  # a corrected pair's clean note is not in notes
            a, b = sorted((root(pair.error_id), root(pair.clean_id)), key=order.__getitem__)
            parent[b] = a
    return {n.id: root(n.id) for n in notes}


def restrict_pairing(pairing: PairingResult, notes: Sequence[ClinicalNote]) -> PairingResult:
    """``pairing`` restricted to ``notes`` (a sample of whole units, :func:`note_units`): its pairs among them, the
    unmatched and shared notes among them, and the summary of them."""
    keep = {n.id for n in notes}
    pairs = tuple(p for p in pairing.pairs if p.error_id in keep)
    clean_ids = {p.clean_id for p in pairs}
    unmatched_errors = tuple(i for i in pairing.unmatched_error_ids if i in keep)
    shared = tuple(i for i in pairing.shared_clean_ids if i in keep)
    errors = sum(n.error_flag == 1 for n in notes)
    summary = PairingSummary(len(notes), errors, len(notes) - errors, len(pairs), len(unmatched_errors), len(shared))
    return PairingResult(
        pairing.method,
        pairs,
        summary,
        unmatched_errors,
        tuple(i for i in pairing.unmatched_clean_ids if i in keep),
        shared,
        tuple(n for n in pairing.added_notes if n.id in clean_ids),
    )


def sample_notes(
    notes: Sequence[ClinicalNote], pairing: PairingResult, limit: int | None, seed: int = 0
) -> Sample[ClinicalNote]:
    """``limit`` units of ``notes`` (:func:`note_units`, pairs kept whole) drawn with ``seed``, stratified by
    :func:`note_stratum`; every note, in file order, when ``limit`` is ``None`` or not smaller than the units."""
    units = note_units(notes, pairing)
    return stratified_sample(
        notes, limit, stratum=note_stratum, seed=seed, group=lambda n: units[n.id], by="error_type/clean"
    )


def engine_run_dir(out: Path) -> Path:
    """Where ``bench paired`` runs the engine: ``out/generation/paired/``, or ``out`` itself for a run directory
    made before issue 17 (whose ``config.json`` is the engine's)."""
    return out if runs_engine_in_place(out) else engine_dir(out, "paired")


def _config_metrics(
    notes: Sequence[ClinicalNote],
    pairing: PairingResult,
    preds: Mapping[str, NotePrediction],
    *,
    eca_scope: EcaScope,
    threshold: float,
    seed: int,
    n_resamples: int,
    embedder: Embedder | None = None,
) -> ConfigMetrics:
    labels = {n.id: n.error_flag for n in notes}
    parsed = [(labels[i], p.prediction) for i, p in preds.items() if i in labels and p.status == "ok"]
    y_true = [t for t, _ in parsed]
    y_pred = [int(p) for _, p in parsed if p is not None]
    statuses = Counter(str(preds[n.id].status) if n.id in preds else "missing" for n in notes)
    failed = sum(v for k, v in statuses.items() if k != "ok")
    failures = ParseFailures(failed, failed / len(notes) if notes else 0.0, dict(sorted(statuses.items())))
    pairs = list(pairing.pairs)
    reports = pair_reports_by_strategy(pairs, preds, seed=seed)
    ci = None
    if n_resamples > 0 and reports["skip"].n:
        boot = pair_bootstrap_ci(pairs, preds, "bcr", n_resamples=n_resamples, seed=seed)
        ci = (boot.low, boot.high)
    by_id = {n.id: n for n in notes}
    by_id.update({n.id: n for n in pairing.added_notes})
    eca, note = None, None
    try:
        eca = eca_report(pairs, by_id, preds, scope=eca_scope, threshold=threshold)
    except ValueError as exc:  # e.g. no corrected sentence in the data
        note = str(exc).splitlines()[0]
    embedded = None
    if embedder is not None and pairs:
        embedded = embedding_localization_report(pairs, by_id, preds, embedder, scope=eca_scope)
    return ConfigMetrics(
        pointwise_report(y_true, y_pred) if parsed else None,
        failures,
        PairsEntry(reports["skip"], pair_set_random_baseline(pairs).expected_bcr, ci),
        reports["impute"],
        eca,
        note,
        embedded,
    )


def _spreads(rows: Sequence[Mapping[str, JSON]]) -> dict[str, Spread] | None:
    numeric = [{k: v for k, v in r.items() if isinstance(v, int | float) and not isinstance(v, bool)} for r in rows]
    if not numeric:
        return None
    return {k: Spread(v["mean"], v["sd"], int(v["n"])) for k, v in aggregate_configs(numeric, ddof=0).items()}


def score_paired(
    notes: Sequence[ClinicalNote],
    pairing: PairingResult,
    predictions: Sequence[NotePrediction],
    *,
    eca_scope: EcaScope = "pred1",
    threshold: float = 0.6,
    seed: int = 0,
    n_resamples: int = 1000,
    embedder: Embedder | None = None,
) -> PairedResult:
    """Configuration (and ``mean`` when there are several) -> numbers.  With an ``embedder``
    (:class:`medhal.detect.embedding.Embedder`) each configuration also gets ``eca_embedding``: Recall@1 / Recall@3
    / MRR of the gold error sentence ranked by similarity to the cited evidence."""
    names = list(dict.fromkeys(p.config for p in predictions))
    configs = {
        name: _config_metrics(
            notes,
            pairing,
            predictions_by_note(predictions, config=name),
            eca_scope=eca_scope,
            threshold=threshold,
            seed=seed,
            n_resamples=n_resamples,
            embedder=embedder,
        )
        for name in names
    }
    mean = None
    if len(names) > 1:
        as_json = [configs[c].to_json() for c in names]

        def part(key: str) -> dict[str, Spread] | None:
            rows = [r[key] for r in as_json if r.get(key)]
            return _spreads([r for r in rows if isinstance(r, Mapping)])

        total = sum(configs[c].parse_failures.count for c in names)
        rate = total / (len(notes) * len(names)) if notes else 0.0
        mean = MeanMetrics(part("pointwise"), part("pairs"), part("eca"), ParseFailures(total, rate))
    return PairedResult(configs, mean, pairing, predictions)


@dataclass(frozen=True, slots=True)
class PairedSpec:
    """A model run (``engine`` builds the engine; ``bench paired``) or the scoring of ``predictions`` made
    elsewhere (``score paired``) on the notes of ``data``."""

    data: Path
    format: str
    pairing: str = "auto"
    jaccard: float = 0.6
    overlap: float = 0.85
    limit: int | None = None
    """A seeded stratified sample of this many units (pairs or unpaired notes; :func:`sample_notes`)."""
    seed: int = 0
    """Seeds the ``limit`` sample, the sampling configurations and the bootstrap."""
    configs: Sequence[str] | None = None
    """Configuration names (default: all four)."""
    predictions: Path | None = None
    engine: Callable[[], Engine] | None = None
    model: str | None = None
    embedder: Callable[[], Embedder] | None = None
    """``score paired --eca-embedding``: also rank sentences by embedding similarity."""


@dataclass(frozen=True, slots=True)
class PairedInputs:
    notes: Sequence[ClinicalNote]
    """The data's notes, then the clean notes the pairing made."""
    pairing: PairingResult
    predictions: Sequence[NotePrediction] | None = None
    unknown: Sequence[str] = ()
    embedder: Embedder | None = None
    sample: JSONObject | None = None
    """The record of the ``--limit`` sample (``None`` without a limit)."""


class PairedSuite:
    """Paired clinical error detection: pointwise, pairwise (BCR), ECA."""

    name = "paired"

    def load(self, spec: PairedSpec) -> PairedInputs:
        notes = load_notes(spec.data, spec.format)
        pairing = make_pairing(notes, spec.pairing, spec.jaccard, spec.overlap)
        record: JSONObject | None = None
        if spec.limit is not None:
            sample = sample_notes(notes, pairing, spec.limit, spec.seed)
            record = sample.record([n.id for n in sample.items])
            if len(sample.items) < len(notes):
                notes, pairing = sample.items, restrict_pairing(pairing, sample.items)
        every = [*notes, *pairing.added_notes]
        if spec.predictions is None:
            return PairedInputs(every, pairing, sample=record)
        if not spec.predictions.is_file():
            raise UsageError(f"predictions file {spec.predictions} does not exist")
        predictions = read_predictions_file(spec.predictions)
        given = {p.note_id for p in predictions}
        unknown = sorted(given - {n.id for n in every})
        if unknown and len(unknown) == len(given):
            raise UsageError(f"no prediction id matches a note id of {spec.data} (e.g. {unknown[0]!r})")
        embedder = None if spec.embedder is None else spec.embedder()
        return PairedInputs(every, pairing, predictions, unknown, embedder, record)

    def config(self, spec: PairedSpec, inputs: PairedInputs) -> RunConfig:
        options: JSONObject = {"schema_version": SCHEMA_VERSION, "data": str(spec.data), "format": spec.format}
        files = [DataFile.of(spec.data)]
        if spec.predictions is None:
            options |= {"model": spec.model, "pairing": inputs.pairing.method, "seed": spec.seed}
        else:
            files.append(DataFile.of(spec.predictions, "predictions"))
            options |= {
                "predictions": str(spec.predictions),
                "pairing": inputs.pairing.method,
                "unknown_ids": len(inputs.unknown),
            }
        if inputs.sample is not None:
            options["sample"] = inputs.sample
        return RunConfig(self.name, options, files, spec.seed, None, SCHEMA_VERSION)

    def run(self, spec: PairedSpec, inputs: PairedInputs, out: Path) -> Sequence[NotePrediction]:
        if inputs.predictions is not None:
            return inputs.predictions
        if spec.engine is None:
            raise ValueError("a paired run needs an engine or a predictions file")
        try:
            return run_paired_predictions(
                inputs.notes, spec.engine(), configs=spec.configs, seed=spec.seed, run_dir=engine_run_dir(out)
            )
        except ValueError as exc:  # an unknown configuration; a PromptError is an InputError
            raise UsageError(str(exc).splitlines()[0]) from None

    def score(self, spec: PairedSpec, inputs: PairedInputs, raw: Sequence[NotePrediction]) -> PairedResult:
        return score_paired(inputs.notes, inputs.pairing, raw, seed=spec.seed, embedder=inputs.embedder)

    def write(self, out: Path, inputs: PairedInputs, raw: Sequence[NotePrediction], result: PairedResult) -> None:
        """``pairs.json`` and ``predictions.jsonl`` (unless the engine ran in ``out`` itself and wrote it)."""
        write_json(out / "pairs.json", result.pairing.to_dict())
        if not runs_engine_in_place(out):
            write_predictions(out / PREDICTIONS_FILE, raw)


SUITE = PairedSuite()
