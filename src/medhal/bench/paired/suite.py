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
from medhal.bench.paired.pairing import PairingResult, pair_notes
from medhal.bench.paired.records import NotePrediction, PairMethod
from medhal.bench.paired.results import ConfigMetrics, MeanMetrics, PairedResult, PairsEntry, ParseFailures, Spread
from medhal.bench.paired.runner import PREDICTIONS_FILE, read_predictions_file, run_paired_predictions
from medhal.bench.runio import atomic_write_text, json_line, write_json
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
    seed: int = 0
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


class PairedSuite:
    """Paired clinical error detection: pointwise, pairwise (BCR), ECA."""

    name = "paired"

    def load(self, spec: PairedSpec) -> PairedInputs:
        notes = load_notes(spec.data, spec.format)
        notes = notes[: spec.limit] if spec.limit else notes
        pairing = make_pairing(notes, spec.pairing, spec.jaccard, spec.overlap)
        every = [*notes, *pairing.added_notes]
        if spec.predictions is None:
            return PairedInputs(every, pairing)
        if not spec.predictions.is_file():
            raise UsageError(f"predictions file {spec.predictions} does not exist")
        predictions = read_predictions_file(spec.predictions)
        given = {p.note_id for p in predictions}
        unknown = sorted(given - {n.id for n in every})
        if unknown and len(unknown) == len(given):
            raise UsageError(f"no prediction id matches a note id of {spec.data} (e.g. {unknown[0]!r})")
        return PairedInputs(every, pairing, predictions, unknown, None if spec.embedder is None else spec.embedder())

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
            atomic_write_text(out / PREDICTIONS_FILE, "".join(json_line(p.to_dict()) for p in raw))


SUITE = PairedSuite()
