"""Score a user's own detector output file against MedHal-Loc gold spans (``medhal score localization``).

A predictions file is JSONL, one line per item, matched to the data by ``id``.  Two shapes are read:

* a medhal check record (``medhal check --input`` output): ``units`` with ``text``, ``start``, ``end``,
  ``kind`` and ``suspicion``; ``status`` and ``score`` are used when present;
* a minimal record: ``{"id": ..., "units": [{"text": ..., "score": ...}, ...]}`` — units ranked by ``suspicion``
  or ``score`` (higher = more suspicious) when given, else in file order; span detectors give
  ``{"start", "end"}`` with ``"kind": "span"`` (``text`` then defaults to the slice of the hallucinated text).

Items of the data with no prediction line count as failed checks (a miss: status ``api_error``, reason
``missing``), never dropped; lines whose id is not in the data are counted and reported.  Eq. 4's margin needs
scores, so it is computed per item: an item whose units all carry a score gets its margin, one with any unit
lacking a score is ranked in file order and gets none, and the count of such items is reported
(``ScoredPredictions.unscored``, ``items_without_scores`` in the CLI output); the other items keep their margins.

``tau`` picks the content-token rule of the metric (``"paper"``, the default, or the published code's
``"code"``).  The units of a predictions file are the user's, so ``clauses`` cannot change them: it names the
clause splitter the units are expected to follow, labels the output with it, and counts on how many items the
predicted ``clause`` units are exactly that splitter's clauses of the hallucinated text (``clauses_match``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from medhal.bench.localization.runner import LocalizationRun, score_results
from medhal.bench.predictions_jsonl import json_lines
from medhal.data.medhal_loc import LocItem
from medhal.detect import CheckResult, UnitResult
from medhal.errors import PredictionsFileError
from medhal.text.clauses import ClauseRules, split_units
from medhal.text.tokens import TauRule

__all__ = ["PredictionError", "ScoredPredictions", "read_predictions", "score_predictions"]


PredictionError = PredictionsFileError
"""A predictions line cannot be read (one-line message naming the file and line): the suites' one
:class:`~medhal.errors.PredictionsFileError`, under its old name."""


@dataclass(frozen=True, slots=True)
class ScoredPredictions:
    run: LocalizationRun
    missing: int
    unknown: int
    clauses_match: int = 0
    """Items whose predicted clause units are exactly the ``clauses`` splitter's clauses (as a multiset)."""
    clauses_compared: int = 0
    """Items with an ``ok`` prediction made of ``clause`` units only (those ``clauses_match`` looks at)."""
    unscored: int = 0
    """Predicted items with a unit lacking a score: ranked in file order, no margin (eq. 4) for them."""


def _unit(raw: object, index: int, response: str, where: str) -> tuple[UnitResult, bool]:
    if isinstance(raw, str):
        raw = {"text": raw}
    if not isinstance(raw, dict):
        raise PredictionError(f"{where}: unit {index} is not an object or a string")
    kind = raw.get("kind", "clause")
    start, end = raw.get("start"), raw.get("end")
    text = raw.get("text")
    if text is None:
        if not isinstance(start, int) or not isinstance(end, int) or not 0 <= start <= end <= len(response):
            raise PredictionError(f"{where}: unit {index} has neither text nor a valid start/end")
        text = response[start:end]
    if not isinstance(text, str):
        raise PredictionError(f"{where}: unit {index} text is not a string")
    if not isinstance(start, int) or not isinstance(end, int):
        found = response.find(text)
        start, end = (found, found + len(text)) if found >= 0 else (0, 0)
    value = raw.get("suspicion", raw.get("score"))
    has_score = value is not None
    try:
        suspicion = 0.0 if value is None else float(value)
    except (TypeError, ValueError):
        raise PredictionError(f"{where}: unit {index} score {value!r} is not a number") from None
    unit = UnitResult(
        index, text, start, end, kind, "unsupported", suspicion, suspicion, None, None, None, None
    )  # verdict is not read by the metrics
    return unit, has_score


def read_predictions(path: Path, items: Sequence[LocItem]) -> tuple[dict[str, CheckResult], int, frozenset[str]]:
    """``id -> CheckResult`` built from the file, the number of lines whose id is not in ``items``, and the ids of
    the items whose units all carried a score (the items eq. 4's margin can be computed for)."""
    by_id = {i.id: i for i in items}
    out: dict[str, CheckResult] = {}
    unknown = 0
    scored: set[str] = set()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PredictionError(f"cannot read predictions file {path}: {exc.strerror}") from None
    for where, row in json_lines(path, text):
        if not isinstance(row, dict) or "id" not in row:
            raise PredictionError(f"{where}: a prediction needs an id")
        item = by_id.get(str(row["id"]))
        if item is None:
            unknown += 1
            continue
        raw_units = row.get("units", [])
        if not isinstance(raw_units, list):
            raise PredictionError(f"{where}: units must be a list")
        parsed = [_unit(u, k, item.hallucinated_text, where) for k, u in enumerate(raw_units)]
        units = [u for u, _ in parsed]
        if all(has for _, has in parsed):
            units.sort(key=lambda u: -u.suspicion)  # stable: ties keep file order
            scored.add(item.id)
        else:
            scored.discard(item.id)  # a repeated id: the last line wins
            units = [UnitResult(*_rescore(u, len(units) - k)) for k, u in enumerate(units)]
        status = row.get("status", "ok")
        score = row.get("score")
        out[item.id] = CheckResult(
            detector=str(row.get("detector", "predictions")),
            verifier_id=row.get("verifier_id"),
            config={},
            status=status if status in ("ok", "input_error", "parse_failure", "api_error") else "api_error",
            id=item.id,
            score=float(score) if isinstance(score, int | float) else None,
            units=tuple(units),
        )
    return out, unknown, frozenset(scored)


def _rescore(unit: UnitResult, rank_value: int) -> tuple[Any, ...]:
    """File order as the ranking: the first unit gets the highest suspicion."""
    return (
        unit.index,
        unit.text,
        unit.start,
        unit.end,
        unit.kind,
        unit.verdict,
        float(rank_value),
        float(rank_value),
        None,
        None,
        None,
        None,
    )


def score_predictions(
    path: Path,
    items: Sequence[LocItem],
    *,
    name: str = "predictions",
    tau: TauRule = "paper",
    clauses: ClauseRules = "paper",
) -> ScoredPredictions:
    """Localization of a predictions file on ``items`` (seed 000 §4) under τ rule ``tau``; see the module
    docstring for ``clauses``."""
    found, unknown, scored = read_predictions(path, items)
    results = []
    missing = 0
    for item in items:
        result = found.get(item.id)
        if result is None:
            missing += 1
            result = CheckResult(
                detector=name, verifier_id=None, config={}, status="api_error", id=item.id, reason="missing"
            )
        results.append(result)
    compared = matched = 0
    for item, result in zip(items, results, strict=True):
        if result.status != "ok" or not result.units or any(u.kind != "clause" for u in result.units):
            continue
        compared += 1
        expected = sorted(c.text for c in split_units(item.hallucinated_text, "clause", rules=clauses))
        matched += sorted(u.text.strip() for u in result.units) == expected
    run = score_results(name, items, results, margins=scored, tau=tau, clauses=clauses)
    unscored = sum(1 for item_id in found if item_id not in scored)
    return ScoredPredictions(run, missing, unknown, matched, compared, unscored)
