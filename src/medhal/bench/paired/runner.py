"""Model verdicts for the paired suite (seed 002 §3.1-§3.3): every note under every configuration, one row each.

:func:`run_paired_predictions` sends each note, alone and zero-shot, under each configuration through an
:class:`~medhal.llm.engine.Engine` (response cache, bounded concurrency) and returns one
:class:`~medhal.bench.paired.records.NotePrediction` per (configuration, note), configuration-major in the given
orders.  Notes are judged independently (§3.1); pairing is applied afterwards, by the metrics.  Nothing is
dropped (seed 001 "Pitfalls", seed 002 §3.4.4): an answer whose verdict cannot be read is ``parse_failure`` with
its raw text, a request the model never answered is ``api_error``, a note that cannot be prompted (blank text,
unsupported language) is ``input_error``.

With ``run_dir`` the calls go through :meth:`Engine.arun`: one ``items.jsonl`` row per (configuration, note),
``config.json`` with the model, seed, configurations and a digest of the notes, ``metrics.json`` and
``predictions.jsonl`` (the returned records).  Calling again with the same directory resumes it: ``ok`` rows
are kept and every other item is rerun; a directory made for other notes, configurations or seed is refused.

:func:`read_predictions_file` (:mod:`~medhal.bench.paired.predictions_file`, re-exported here) reads verdicts
produced elsewhere (``medhal score paired``): CSV or JSONL with ``id``, ``prediction`` and optional ``evidence`` /
``config`` / ``confidence`` / ``status``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypedDict, Unpack

from medhal.bench.llmrun import as_engine, open_engine_run, parts_digest
from medhal.bench.paired.parsing import parse_verdict
from medhal.bench.paired.predictions_file import DEFAULT_EXTERNAL_CONFIG, read_predictions_file
from medhal.bench.paired.prompts import (
    PROMPT_VERSION,
    NoteLike,
    PairedConfig,
    PromptError,
    build_request,
    dataset_key,
    request_id,
    resolve_configs,
)
from medhal.bench.paired.records import NotePrediction, PredictionStatus, check_unique_note_ids
from medhal.bench.runio import atomic_write_text, json_line
from medhal.detect.records import JSON, JSONObject
from medhal.errors import PredictionsFileError
from medhal.llm.base import GenerationResult, ModelClient, RequestError
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import Engine, ProgressSink, WorkItem, run_closing
from medhal.llm.parsing import ParseFailure
from medhal.llm.runs import RunDir

__all__ = [
    "DEFAULT_EXTERNAL_CONFIG",
    "PREDICTIONS_FILE",
    "PairedRunOptions",
    "PredictionsFileError",
    "arun_paired_predictions",
    "notes_digest",
    "prediction_from_output",
    "read_predictions_file",
    "run_paired_predictions",
    "work_items",
    "write_predictions",
]

PREDICTIONS_FILE = "predictions.jsonl"
"""Written into a run directory next to ``items.jsonl``; :func:`read_predictions_file` reads it back."""


# -- building and turning results into predictions --------------------------------------------------------------


def work_items(notes: Sequence[NoteLike], configs: Sequence[PairedConfig], *, seed: int) -> list[WorkItem]:
    """One :class:`WorkItem` per (configuration, note), configuration-major; a note that cannot be prompted
    becomes an item with an ``error`` (its row will be ``input_error``)."""
    items: list[WorkItem] = []
    for config in configs:
        for note in notes:
            ident = request_id(note.id, config.name)
            data: JSONObject = {
                "note_id": note.id,
                "config": config.name,
                "dataset": note.dataset,
                "language": note.language,
            }
            try:
                if not note.id:
                    raise PromptError("the note has no id")
                data["prompt"] = dataset_key(note.dataset, note.language)
                items.append(WorkItem(ident, request=build_request(note, config, seed=seed), data=data))
            except (PromptError, RequestError) as exc:
                items.append(WorkItem(ident, error=str(exc), data=data))
    return items


def prediction_from_output(
    note_id: str,
    config: str,
    status: str,
    output: str | None,
    reason: str | None,
    *,
    localized: bool = False,
) -> NotePrediction:
    """The prediction for one answered (or failed) request: an ``ok`` answer is parsed with
    :func:`~medhal.bench.paired.parsing.parse_verdict`; one that does not parse becomes ``parse_failure`` with
    the raw text kept; other statuses are carried over with their reason."""
    if status in ("ok", "parse_failure"):
        parsed = parse_verdict(output or "", localized=localized)
        if isinstance(parsed, ParseFailure):
            return NotePrediction(note_id, config, "parse_failure", None, raw=output, reason=parsed.reason)
        return NotePrediction(
            note_id,
            config,
            "ok",
            parsed.prediction,
            evidence=parsed.evidence,
            confidence=parsed.confidence,
            analysis=parsed.analysis,
            raw=output,
        )
    final: PredictionStatus = "input_error" if status == "input_error" else "api_error"
    return NotePrediction(note_id, config, final, None, raw=output, reason=reason or status)


def _from_result(item: WorkItem, result: GenerationResult, localized: bool) -> NotePrediction:
    output = result.texts[0] if result.texts else None
    return prediction_from_output(
        item.data["note_id"], item.data["config"], result.status, output, result.reason, localized=localized
    )


def _from_row(item: WorkItem, row: Mapping[str, JSON] | None, localized: bool) -> NotePrediction:
    note_id, config = item.data["note_id"], item.data["config"]
    if row is None:  # only if the run was interrupted; still a row of the result
        return NotePrediction(note_id, config, "api_error", None, reason="no row recorded in items.jsonl")
    output = row.get("output")
    reason = row.get("reason")
    return prediction_from_output(
        note_id,
        config,
        str(row.get("status")),
        output if isinstance(output, str) else None,
        reason if isinstance(reason, str) else None,
        localized=localized,
    )


def notes_digest(notes: Sequence[NoteLike]) -> str:
    """sha256 over the notes' ids, datasets, languages and texts, in order (identifies a run's input)."""
    return parts_digest((note.id, str(note.dataset), str(note.language), note.text) for note in notes)


def write_predictions(path: str | Path, predictions: Iterable[NotePrediction]) -> None:
    """Write predictions as JSONL (:meth:`NotePrediction.to_dict` per line), atomically."""
    atomic_write_text(Path(path), "".join(json_line(p.to_dict()) for p in predictions))


# -- running ---------------------------------------------------------------------------------------------------


def _identity(
    engine: Engine, notes: Sequence[NoteLike], configs: Sequence[PairedConfig], seed: int, localized: bool
) -> dict[str, JSON]:
    return {
        "model": engine.client.model_id,
        "seed": seed,
        "configs": [c.describe() for c in configs],
        "prompt_version": PROMPT_VERSION,
        "localized": localized,
        "notes": {"count": len(notes), "sha256": notes_digest(notes)},
    }


class PairedRunOptions(TypedDict, total=False):
    """The keyword options of :func:`arun_paired_predictions` that :func:`run_paired_predictions` passes on (it
    builds the engine from ``cache`` and ``concurrency`` itself)."""

    configs: str | PairedConfig | Sequence[str | PairedConfig] | None
    seed: int
    run_dir: str | Path | RunDir | None
    localized: bool
    progress: ProgressSink | None


async def arun_paired_predictions(
    notes: Iterable[NoteLike],
    client_or_engine: ModelClient | Engine,
    *,
    configs: str | PairedConfig | Sequence[str | PairedConfig] | None = None,
    seed: int = 0,
    cache: ResponseCache | None = None,
    concurrency: int | None = None,
    run_dir: str | Path | RunDir | None = None,
    localized: bool = False,
    progress: ProgressSink | None = None,
) -> list[NotePrediction]:
    """:func:`run_paired_predictions` inside a running event loop (does not close the client)."""
    note_list = list(notes)
    check_unique_note_ids((note.id for note in note_list), "every note needs its own id")
    chosen = resolve_configs(configs)
    engine = as_engine(client_or_engine, cache, concurrency)
    items = work_items(note_list, chosen, seed=seed)
    if run_dir is None:
        runnable = [item for item in items if item.request is not None]
        results = await engine.agenerate([item.request for item in runnable if item.request is not None])
        by_id = {item.id: _from_result(item, result, localized) for item, result in zip(runnable, results, strict=True)}
        return [
            by_id[item.id]
            if item.request is not None
            else NotePrediction(item.data["note_id"], item.data["config"], "input_error", None, reason=item.error)
            for item in items
        ]
    identity = _identity(engine, note_list, chosen, seed, localized)
    run = open_engine_run(run_dir, "paired", identity, engine, command="paired")

    def parser(text: str) -> object:
        return parse_verdict(text, localized=localized)

    await engine.arun(items, run, parser=parser, progress=progress, resume=True)
    rows = run.read_items().rows
    predictions = [_from_row(item, rows.get(item.id), localized) for item in items]
    write_predictions(run.path / PREDICTIONS_FILE, predictions)
    return predictions


def run_paired_predictions(
    notes: Iterable[NoteLike],
    client_or_engine: ModelClient | Engine,
    *,
    cache: ResponseCache | None = None,
    concurrency: int | None = None,
    **options: Unpack[PairedRunOptions],
) -> list[NotePrediction]:
    """One :class:`NotePrediction` per (configuration, note): configuration-major, each in the given order.

    ``configs``: names from :data:`~medhal.bench.paired.prompts.CONFIGS` and/or :class:`PairedConfig` objects
    (default: all four).  ``seed`` seeds the sampling configurations per note.  ``client_or_engine``: a model
    client (wrapped in an :class:`Engine` with ``cache`` and ``concurrency``) or a ready engine (then pass
    neither).  ``run_dir``: record the run there, or resume it if it already holds one (``progress`` is
    reported only then).  ``localized`` accepts localized keys and yes/no in answers (see
    :mod:`~medhal.bench.paired.parsing`).  The client is closed at the end.

    Raises ``ValueError`` for duplicate note ids or unknown configurations and
    :class:`~medhal.llm.runs.RunDirError` for a run directory that cannot be used; never for a note or a
    model failure.
    """
    engine = as_engine(client_or_engine, cache, concurrency)

    return run_closing(lambda: arun_paired_predictions(notes, engine, **options), engine.client.aclose)
