"""Verdicts produced elsewhere, for ``medhal score paired`` (seed 002): CSV or JSONL with ``id``, ``prediction``
and optional ``evidence`` / ``config`` / ``confidence`` / ``analysis`` / ``raw`` / ``status`` / ``reason``; the
``predictions.jsonl`` of a run reads back unchanged."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import cast

from medhal.bench.paired.parsing import parse_confidence, parse_evidence
from medhal.bench.paired.records import NotePrediction, PredictionStatus
from medhal.bench.predictions_jsonl import json_lines
from medhal.errors import PredictionsFileError
from medhal.llm.base import STATUSES

__all__ = ["DEFAULT_EXTERNAL_CONFIG", "PredictionsFileError", "read_predictions_file"]

DEFAULT_EXTERNAL_CONFIG = "external"


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
    for where, row in json_lines(path, text):
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
