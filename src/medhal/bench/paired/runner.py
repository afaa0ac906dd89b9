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

:func:`read_predictions_file` reads verdicts produced elsewhere (``medhal score paired``): CSV or JSONL with
``id``, ``prediction`` and optional ``evidence`` / ``config`` / ``confidence`` / ``status``.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from medhal.bench.paired.parsing import parse_confidence, parse_evidence, parse_verdict
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
from medhal.bench.paired.records import NotePrediction, PredictionStatus
from medhal.bench.runio import atomic_write_text
from medhal.errors import PredictionsFileError
from medhal.llm.base import STATUSES, GenerationResult, ModelClient, RequestError
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import Engine, ProgressSink, WorkItem, run_sync
from medhal.llm.parsing import ParseFailure
from medhal.llm.runs import RunDir, RunDirError

__all__ = [
    "DEFAULT_EXTERNAL_CONFIG",
    "PREDICTIONS_FILE",
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
DEFAULT_EXTERNAL_CONFIG = "external"


# -- building and turning results into predictions --------------------------------------------------------------


def _check_notes(notes: Sequence[NoteLike]) -> None:
    seen: set[str] = set()
    for note in notes:
        if note.id in seen:
            raise ValueError(f"duplicate note id {note.id!r}: every note needs its own id")
        seen.add(note.id)


def work_items(notes: Sequence[NoteLike], configs: Sequence[PairedConfig], *, seed: int) -> list[WorkItem]:
    """One :class:`WorkItem` per (configuration, note), configuration-major; a note that cannot be prompted
    becomes an item with an ``error`` (its row will be ``input_error``)."""
    items: list[WorkItem] = []
    for config in configs:
        for note in notes:
            ident = request_id(note.id, config.name)
            data: dict[str, Any] = {
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


def _from_row(item: WorkItem, row: Mapping[str, Any] | None, localized: bool) -> NotePrediction:
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
    digest = hashlib.sha256()
    for note in notes:
        for part in (note.id, note.dataset, note.language, note.text):
            data = str(part).encode("utf-8", "surrogatepass")
            digest.update(len(data).to_bytes(8, "big"))
            digest.update(data)
    return digest.hexdigest()


def write_predictions(path: str | Path, predictions: Iterable[NotePrediction]) -> None:
    """Write predictions as JSONL (:meth:`NotePrediction.to_dict` per line), atomically."""
    text = "".join(json.dumps(p.to_dict(), ensure_ascii=False) + "\n" for p in predictions)
    atomic_write_text(Path(path), text)


# -- running ---------------------------------------------------------------------------------------------------


def _engine(client_or_engine: ModelClient | Engine, cache: ResponseCache | None, concurrency: int | None) -> Engine:
    if isinstance(client_or_engine, Engine):
        if cache is not None or concurrency is not None:
            raise ValueError("give cache and concurrency to the Engine itself, not next to it")
        return client_or_engine
    return Engine(client_or_engine, cache=cache, concurrency=concurrency)


def _identity(
    engine: Engine, notes: Sequence[NoteLike], configs: Sequence[PairedConfig], seed: int, localized: bool
) -> dict[str, Any]:
    return {
        "model": engine.client.model_id,
        "seed": seed,
        "configs": [c.describe() for c in configs],
        "prompt_version": PROMPT_VERSION,
        "localized": localized,
        "notes": {"count": len(notes), "sha256": notes_digest(notes)},
    }


def _open_run(run_dir: str | Path | RunDir, identity: Mapping[str, Any], engine: Engine) -> RunDir:
    """A fresh run directory, or the existing one checked against ``identity`` (to resume)."""
    if isinstance(run_dir, RunDir):
        run = run_dir
    elif (Path(run_dir) / RunDir.CONFIG).is_file():
        run = RunDir.open(run_dir)
    else:
        config = {"command": "paired", "paired": dict(identity), "engine": engine.describe()}
        return RunDir.create(config, path=run_dir)
    stored = run.config.get("paired")
    if stored is None:
        run.write_config({**run.config, "paired": dict(identity)})
        return run
    for key, value in identity.items():
        if stored.get(key) != json.loads(json.dumps(value)):
            raise RunDirError(f"run directory {run.path} was made with another {key}; start a new run instead")
    run.note_session(resume=True, engine=engine.describe())
    return run


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
    _check_notes(note_list)
    chosen = resolve_configs(configs)
    engine = _engine(client_or_engine, cache, concurrency)
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
    run = _open_run(run_dir, _identity(engine, note_list, chosen, seed, localized), engine)

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
    configs: str | PairedConfig | Sequence[str | PairedConfig] | None = None,
    seed: int = 0,
    cache: ResponseCache | None = None,
    concurrency: int | None = None,
    run_dir: str | Path | RunDir | None = None,
    localized: bool = False,
    progress: ProgressSink | None = None,
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
    engine = _engine(client_or_engine, cache, concurrency)

    async def main() -> list[NotePrediction]:
        try:
            return await arun_paired_predictions(
                notes,
                engine,
                configs=configs,
                seed=seed,
                run_dir=run_dir,
                localized=localized,
                progress=progress,
            )
        finally:
            await engine.client.aclose()

    return run_sync(main)


# -- predictions files -------------------------------------------------------------------------------------------

_YES = frozenset({"1", "yes"})
_NO = frozenset({"0", "no"})


def _verdict(value: object) -> int | None:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value if value in (0, 1) else None
    if isinstance(value, str):
        text = value.strip().lower()
        return 1 if text in _YES else 0 if text in _NO else None
    return None


def _text(value: object, what: str, where: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise PredictionsFileError(f"{where}: {what} must be a string")


def _record(fields: Mapping[str, object], default_config: str, where: str) -> NotePrediction:
    raw_id = fields.get("id", fields.get("note_id"))
    if isinstance(raw_id, bool) or not isinstance(raw_id, str | int) or str(raw_id).strip() == "":
        raise PredictionsFileError(f"{where}: a prediction needs a non-empty id")
    note_id = str(raw_id).strip()
    config = _text(fields.get("config"), "config", where)
    config = config.strip() if config and config.strip() else default_config
    if "prediction" not in fields:
        raise PredictionsFileError(f"{where}: no prediction field")
    value = fields["prediction"]
    given_raw = fields.get("raw")
    raw = given_raw if isinstance(given_raw, str) else None if value is None else str(value)
    status = _text(fields.get("status"), "status", where)
    status = status.strip() if status else None
    if status and status not in STATUSES:
        raise PredictionsFileError(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
    reason = _text(fields.get("reason"), "reason", where) or None
    if status and status != "ok":
        failed = cast(PredictionStatus, status)
        return NotePrediction(note_id, config, failed, None, raw=raw, reason=reason or status)
    verdict = _verdict(value)
    if verdict is None:
        shown = "missing" if value is None or value == "" else repr(value)[:40]
        why = f"prediction {shown} is not 0/1 or Yes/No"
        return NotePrediction(note_id, config, "parse_failure", None, raw=raw, reason=why)
    evidence = _text(fields.get("evidence"), "evidence", where)
    analysis = _text(fields.get("analysis"), "analysis", where)
    return NotePrediction(
        note_id,
        config,
        "ok",
        verdict,
        evidence=parse_evidence(evidence),
        confidence=parse_confidence(fields.get("confidence")),
        analysis=(analysis.strip() or None) if analysis else None,
        raw=raw,
    )


def _jsonl_rows(path: Path, text: str) -> Iterable[tuple[str, Mapping[str, object]]]:
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise PredictionsFileError(f"{where}: not JSON ({exc.msg})") from None
        if not isinstance(row, dict):
            raise PredictionsFileError(f"{where}: not a JSON object")
        yield where, row


def _csv_rows(path: Path, text: str, delimiter: str) -> Iterable[tuple[str, Mapping[str, object]]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(reader, None)
        if header is None:
            return
        names = [h.strip().lower() for h in header]
        if "id" not in names and "note_id" not in names:
            raise PredictionsFileError(f"{path}:1: the header has no id column")
        if "prediction" not in names:
            raise PredictionsFileError(f"{path}:1: the header has no prediction column")
        duplicates = sorted({n for n in names if n and names.count(n) > 1})
        if duplicates:
            raise PredictionsFileError(f"{path}:1: column {duplicates[0]!r} appears twice in the header")
        for cells in reader:
            where = f"{path}:{reader.line_num}"
            if not any(c.strip() for c in cells):
                continue
            if len(cells) != len(names):
                raise PredictionsFileError(f"{where}: {len(cells)} fields, the header has {len(names)}")
            yield where, dict(zip(names, cells, strict=True))
    except csv.Error as exc:
        raise PredictionsFileError(f"{path}:{reader.line_num}: malformed CSV ({exc})") from None


def read_predictions_file(path: str | Path, *, default_config: str = DEFAULT_EXTERNAL_CONFIG) -> list[NotePrediction]:
    """Verdicts from a CSV (``.csv``, ``.tsv``) or JSONL file, in file order.

    Each row: ``id`` (or ``note_id``), ``prediction`` (``0``/``1`` or ``Yes``/``No``, any case; JSON booleans
    too), optional ``evidence`` (``NA``/empty -> ``None``), ``config`` (default ``default_config``),
    ``confidence``, ``analysis``, ``raw``, and ``status``/``reason`` (rows of another status than ``ok`` keep it, so a
    ``predictions.jsonl`` written by :func:`run_paired_predictions` reads back unchanged).  Any other
    prediction value is kept as a ``parse_failure`` row.  The format follows the extension; otherwise a file
    whose first character is ``{`` is JSONL.  Unreadable files, malformed lines, missing ids or prediction
    fields and duplicate (id, config) rows raise :class:`PredictionsFileError`.
    """
    target = Path(path)
    try:
        data = target.read_bytes()
    except OSError as exc:
        raise PredictionsFileError(f"cannot read predictions file {target}: {exc.strerror}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PredictionsFileError(f"{target}: not UTF-8 text (byte {exc.start})") from None
    suffix = target.suffix.lower()
    if suffix in (".csv", ".tsv"):
        rows = _csv_rows(target, text, "\t" if suffix == ".tsv" else ",")
    elif suffix in (".jsonl", ".json", ".ndjson") or text.lstrip().startswith("{"):
        rows = _jsonl_rows(target, text)
    else:
        rows = _csv_rows(target, text, ",")
    out: list[NotePrediction] = []
    first_seen: dict[tuple[str, str], str] = {}
    for where, fields in rows:
        record = _record(fields, default_config, where)
        key = (record.note_id, record.config)
        if key in first_seen:
            raise PredictionsFileError(
                f"{where}: a second prediction for id {record.note_id!r} under {record.config!r} "
                f"(first at line {first_seen[key].rsplit(':', 1)[1]})"
            )
        first_seen[key] = where
        out.append(record)
    if not out:
        raise PredictionsFileError(f"{target}: no predictions")
    return out
