"""Check results read back from :meth:`~medhal.detect.records.CheckResult.to_dict` output (result files)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, cast, get_args

from medhal.detect.records import (
    SCHEMA_VERSION,
    CheckResult,
    EvidencePointer,
    Status,
    UnitKind,
    UnitResult,
    Verdict,
)
from medhal.report._viewer.common import VERDICTS

_STATUSES = get_args(Status)
_KINDS = ("clause", "sentence", "claim", "response", "triple", "span")


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


def _pointer_from_dict(obj: Any) -> EvidencePointer | None:
    if not isinstance(obj, Mapping):
        return None
    raw = obj.get("sentences") or (0, 0)
    first, stop = (int(raw[0]), int(raw[1])) if len(raw) >= 2 else (0, 0)
    return EvidencePointer(
        start=int(obj["start"]),
        end=int(obj["end"]),
        text=str(obj.get("text", "")),
        probability=float(obj.get("probability", math.nan)),
        sentences=(first, stop),
        granularity=int(obj.get("granularity", 0)),
    )


def _unit_from_dict(obj: Mapping[str, Any], position: int) -> UnitResult:
    verdict = obj.get("verdict")
    if verdict not in VERDICTS:
        raise ValueError(f"unit {position}: unknown verdict {verdict!r}")
    kind = obj.get("kind", "clause")
    if kind not in _KINDS:
        raise ValueError(f"unit {position}: unknown kind {kind!r}")
    evidence = obj.get("evidence") or {}
    score = obj.get("score")
    return UnitResult(
        index=int(obj.get("index", position)),
        text=str(obj["text"]),
        start=_opt_int(obj["start"]) if kind == "claim" else int(obj["start"]),
        end=_opt_int(obj["end"]) if kind == "claim" else int(obj["end"]),
        kind=cast(UnitKind, kind),
        verdict=cast(Verdict, verdict),
        score=math.nan if score is None else float(score),
        suspicion=float(obj.get("suspicion") or 0.0),
        p_entail=_opt_float(obj.get("p_entail")),
        p_contradict=_opt_float(obj.get("p_contradict")),
        entailing=_pointer_from_dict(evidence.get("entailing")),
        contradicting=_pointer_from_dict(evidence.get("contradicting")),
        signals=obj.get("signals"),
        cues=obj.get("cues"),
        span_text=_opt_str(obj.get("span_text")),
        alignment=obj.get("alignment"),
    )


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def result_from_dict(obj: Mapping[str, Any]) -> CheckResult:
    """Rebuild a :class:`CheckResult` from :meth:`CheckResult.to_dict` output or a line of a ``medhal check
    --input`` result file (``input_error`` lines carry only id, status, reason and detector).  Raises
    ``ValueError`` / ``KeyError`` / ``TypeError`` on records that are not check results."""
    status = obj.get("status")
    if status not in _STATUSES:
        raise ValueError(f"unknown status {status!r}")
    units = obj.get("units") or []
    if not isinstance(units, list):
        raise ValueError("units is not a list")
    flagged = obj.get("flagged")
    item_id = obj.get("id")
    return CheckResult(
        detector=str(obj.get("detector") or ""),
        verifier_id=obj.get("verifier_id"),
        config=dict(obj.get("config") or {}),
        status=cast(Status, status),
        id=None if item_id is None else str(item_id),
        reason=obj.get("reason"),
        score=_opt_float(obj.get("score")),
        flagged=None if flagged is None else bool(flagged),
        units=tuple(_unit_from_dict(u, i) for i, u in enumerate(units)),
        windows=int(obj.get("windows") or 0),
        library_entries=int(obj.get("library_entries") or 0),
        skipped_windows=int(obj.get("skipped_windows") or 0),
        pairs=int(obj.get("pairs") or 0),
        verifier_passes=int(obj.get("verifier_passes") or 0),
        truncated_pairs=int(obj.get("truncated_pairs") or 0),
        evidence_examined=_opt_float(obj.get("evidence_examined")),
        notes=tuple(str(n) for n in obj.get("notes") or ()),
        claims=obj.get("claims"),
        timings=dict(obj.get("timings") or {}),
        medhal_version=str(obj.get("medhal_version") or ""),
        schema_version=str(obj.get("schema_version") or SCHEMA_VERSION),
    )
