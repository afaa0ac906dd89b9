"""Records a detector returns: units with spans, verdicts, scores and evidence pointers.

These are medhal's audit trail.  Every ``start``/``end`` is a half-open character interval into the original
string the record names (``response`` for units, ``evidence`` for evidence pointers) and slices back to the
record's ``text`` exactly -- except for ``claim`` units, whose ``text`` is the claim as extracted and verified
(seed 003) and whose ``start``/``end`` slice back to ``span_text``, the part of the response the claim was aligned
to (``None`` all three when it could not be aligned; ``alignment`` says why).  Evidence given as passages
(:mod:`medhal.detect.passages`) is their joined text, and each pointer also names its passage and the offsets
inside it (``passage``, ``passage_start``, ``passage_end``).  :class:`CheckResult` is written
to disk as JSON (``schema_version`` :data:`SCHEMA_VERSION`); its fields are documented in ``docs/check-record.md``.
:meth:`CheckResult.from_dict` reads that JSON back; :meth:`CheckResult.to_row` / :meth:`CheckResult.from_row` are
the flat row form Parquet files hold (:mod:`medhal.detect.parquet`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, cast, get_args

from medhal.detect.json_types import JSON, JSONObject
from medhal.detect.passages import EvidenceInput, Passage, evidence_fields
from medhal.detect.pointer_record import (
    EvidencePointer,
    FocusLine,
    as_float,
    as_int,
    opt_float,
    opt_int,
    opt_str,
    pointer_from_dict,
)

__all__ = [
    "JSON",
    "ROW_JSON_FIELDS",
    "SCHEMA_VERSION",
    "UNIT_ROW_JSON_FIELDS",
    "CheckItem",
    "CheckResult",
    "EvidencePointer",
    "FocusLine",
    "JSONObject",
    "Passage",
    "Status",
    "UnitKind",
    "UnitResult",
    "Verdict",
    "row_record",
]

SCHEMA_VERSION = "1.3"
"""1.1 (issue 14): units carry ``cues`` (the aligned rule's alignment, coverage entailment, restatement).
1.2 (issue 15): ``evidence_examined`` (share of the evidence the verifier read), ``notes`` (input cleaning), and
status ``internal_error`` (a bug on one item; the other items are still checked).
1.3 (issue 16): every extracted claim is a unit, verified as its own text; ``claim`` units carry ``span_text``
and ``alignment``, and their ``start``/``end`` may be ``null`` (a claim that could not be aligned to the answer)."""

Verdict = Literal["supported", "contradicted", "unsupported"]
UnitKind = Literal["clause", "sentence", "claim", "response", "triple", "span"]
Status = Literal["ok", "input_error", "parse_failure", "api_error", "internal_error"]


@dataclass(frozen=True, slots=True, init=False)
class CheckItem:
    """One thing to check: the evidence an LLM was given and the answer it produced.

    ``evidence`` is given as one string or as passages (:mod:`medhal.detect.passages`: a list of strings, ids
    ``"1"``..``"n"``, or of ``{"id", "text"}`` objects / :class:`Passage` s); a malformed list raises a one-line
    :class:`~medhal.errors.InputError` here.  Given passages, ``evidence`` is their text joined by
    :data:`~medhal.detect.passages.PASSAGE_SEPARATOR` (what detectors read and recorded offsets index) and
    ``passages`` holds them; ``passages`` is ``None`` for string evidence."""

    evidence: str
    response: str
    question: str | None = None
    id: str | None = None
    passages: tuple[Passage, ...] | None = None

    def __init__(
        self,
        evidence: EvidenceInput,
        response: str,
        question: str | None = None,
        id: str | None = None,
        passages: Sequence[Passage] | None = None,
    ) -> None:
        text, parsed = evidence_fields(evidence, passages)
        object.__setattr__(self, "evidence", text)
        object.__setattr__(self, "response", response)
        object.__setattr__(self, "question", question)
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "passages", parsed)


@dataclass(frozen=True, slots=True)
class UnitResult:
    """A unit of the response (clause, sentence, claim, triple, tagged span or the whole response) and how it was
    judged.  ``triple`` units (kg-triple) and ``span`` units (FAVA-style tags) need not tile the response.

    For every kind but ``claim``, ``response[start:end] == text``.  A ``claim`` unit's ``text`` is the claim as the
    extractor wrote it, the hypothesis the verifier judged (seed 003 §4.2); ``start``/``end`` is the response span
    the claim was aligned to and ``span_text`` that span's text (``response[start:end] == span_text``), all three
    ``None`` when the claim could not be aligned; ``alignment`` says how it was aligned or why it was not."""

    index: int
    """Position of the unit in the response, in reading order (claims that could not be aligned come last, in
    extraction order)."""
    text: str
    start: int | None
    """``None`` only for a ``claim`` unit that could not be aligned to the response."""
    end: int | None
    kind: UnitKind
    verdict: Verdict
    score: float
    """The detector's native score.  ``decomposed``: seed 003 eq. 1, max P(E) - max P(C) in [-1, 1], higher =
    better supported.  ``nli-clause`` / ``nli-response``: 1 - P(E) (seed 003 eq. 3), higher = more suspicious."""
    suspicion: float
    """A [0, 1] score where higher = more suspicious; detectors rank units by it."""
    p_entail: float | None
    """P(entailment) behind the verdict; ``None`` for detectors without an entailment model (FAVA, LLM judge)."""
    p_contradict: float | None
    entailing: EvidencePointer | None
    contradicting: EvidencePointer | None
    signals: JSONObject | None = None
    """Deterministic lexical signals (:mod:`medhal.detect.signals`) when switched on, else ``None``."""
    cues: JSONObject | None = None
    """What the aligned verdict rule read (:mod:`medhal.detect.alignment`): ``alignment`` (best sentence
    alignment), ``coverage_entail`` (P(E) of the coverage premise), ``restated`` (an evidence sentence restates
    the unit), ``number_conflicts`` / ``null_finding`` (the contradicting cues that fired), ``unstated_figures``
    (figures the evidence states nowhere), ``read_as`` (the hypothesis the verifier read, when harmonized);
    ``None`` for other detectors (docs/check-record.md)."""
    span_text: str | None = None
    """``claim`` units: ``response[start:end]``, the answer's words the claim was aligned to (``None``: unaligned)."""
    alignment: JSONObject | None = None
    """``claim`` units: ``claim`` (extraction index), ``method`` (``exact``, ``normalized``, ``fuzzy`` or ``None``),
    ``score`` (similarity of claim and span) and ``reason`` (why it could not be aligned, else ``None``)."""
    error: str | None = None
    """Why this unit could not be verified (a verifier pair it needs failed: an LLM verifier's API error or
    unparseable answer), else ``None``.  Such a unit is ``unsupported`` with no probabilities, no evidence
    pointers, a NaN ``score`` (``null`` in JSON) and suspicion 1.0, and its result's status is ``api_error``
    (``docs/check-record.md``).  In :meth:`to_dict` only when set."""

    def to_dict(self) -> JSONObject:
        out: JSONObject = {
            "index": self.index,
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "kind": self.kind,
            "verdict": self.verdict,
            "score": self.score if math.isfinite(self.score) else None,
            "suspicion": self.suspicion,
            "p_entail": self.p_entail,
            "p_contradict": self.p_contradict,
            "evidence": {
                "entailing": None if self.entailing is None else self.entailing.to_dict(),
                "contradicting": None if self.contradicting is None else self.contradicting.to_dict(),
            },
            "signals": self.signals,
            "cues": self.cues,
        }
        if self.kind == "claim":
            out["span_text"] = self.span_text
            out["alignment"] = self.alignment
        if self.error is not None:
            out["error"] = self.error
        return out


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The audit trail for one checked response."""

    detector: str
    verifier_id: str | None
    config: JSONObject
    status: Status
    id: str | None = None
    reason: str | None = None
    score: float | None = None
    """Response-level hallucination score in [0, 1], higher = more likely hallucinated
    (``decomposed``: the FED score of seed 003 eq. 2)."""
    flagged: bool | None = None
    units: tuple[UnitResult, ...] = ()
    windows: int = 0
    """Distinct evidence windows verified against (after deduplication and length handling)."""
    library_entries: int = 0
    """Chunk-library entries as the seed counts them (all granularities, repeats included)."""
    skipped_windows: int = 0
    """Windows dropped because premise + unit exceed the verifier's ``max_length`` (policy ``skip``)."""
    pairs: int = 0
    """(window, unit) pairs this response needs."""
    verifier_passes: int = 0
    """Pairs this response actually sent through the model: pairs minus those already computed for an earlier
    item of the same batch, duplicates within the response and cache hits."""
    truncated_pairs: int = 0
    """Pairs of this response whose premise was longer than the verifier's budget and was truncated."""
    evidence_examined: float | None = None
    """Share of the evidence's non-space characters the verifier read whole (in a pair that was not truncated),
    for at least one unit; ``None`` for detectors that do not read evidence.  Below 1.0 the verdicts rest on part
    of the evidence only (windows selected by ``max_windows``, or truncated premises)."""
    notes: tuple[str, ...] = ()
    """What input cleaning changed (lone surrogates, control characters), field by field; empty when nothing."""
    claims: JSONObject | None = None
    """For ``claim`` units: the extraction's status, cap, raw output, every claim with its alignment, and the
    claims it could not align (verified all the same: each is a unit with a null span)."""
    timings: dict[str, float] = field(default_factory=dict)
    medhal_version: str = ""
    schema_version: str = SCHEMA_VERSION

    @property
    def caveats(self) -> list[str]:
        """What a reader must know about how much of the input was checked, as sentences: the share of the
        evidence read, windows over the verifier's budget, truncated pairs, what input cleaning replaced."""
        out: list[str] = []
        if self.evidence_examined is not None and self.evidence_examined < 1.0:
            out.append(f"The verifier read {100 * self.evidence_examined:.0f}% of the evidence; verdicts rest on that.")
        if self.truncated_pairs or self.skipped_windows:
            out.append(
                f"{self.truncated_pairs} pair(s) truncated; {self.skipped_windows} window(s) over the verifier's "
                "length budget left out (their sentences are read through shorter windows)."
            )
        out.extend(f"Input cleaned: {note}." for note in self.notes)
        return out

    @property
    def ranked_units(self) -> tuple[UnitResult, ...]:
        """Units by decreasing suspicion, ties broken by position (the order seed 000 §4 ranks by)."""
        return tuple(sorted(self.units, key=lambda u: (-u.suspicion, u.index)))

    def to_dict(self, *, timings: bool = True) -> JSONObject:
        """JSON-ready dict.  ``timings`` is the only field that varies between identical runs."""
        out: JSONObject = {
            "schema_version": self.schema_version,
            "medhal_version": self.medhal_version,
            "id": self.id,
            "status": self.status,
            "reason": self.reason,
            "detector": self.detector,
            "verifier_id": self.verifier_id,
            "config": self.config,
            "score": self.score,
            "flagged": self.flagged,
            "windows": self.windows,
            "library_entries": self.library_entries,
            "skipped_windows": self.skipped_windows,
            "pairs": self.pairs,
            "verifier_passes": self.verifier_passes,
            "truncated_pairs": self.truncated_pairs,
            "evidence_examined": self.evidence_examined,
            "notes": list(self.notes),
            "units": [u.to_dict() for u in self.units],
            "claims": self.claims,
        }
        if timings:
            out["timings"] = dict(self.timings)
        return out

    @classmethod
    def from_dict(cls, obj: Mapping[str, object]) -> CheckResult:
        """Rebuild a result from :meth:`to_dict` output or a line of a ``medhal check --input`` result file
        (``input_error`` lines carry only id, status, reason and detector; a ``line`` key is ignored).  Raises
        ``ValueError`` / ``KeyError`` / ``TypeError`` on records that are not check results."""
        status = obj.get("status")
        if status not in _STATUSES:
            raise ValueError(f"unknown status {status!r}")
        units = obj.get("units") or []
        if not isinstance(units, list):
            raise ValueError("units is not a list")
        flagged = obj.get("flagged")
        item_id = obj.get("id")
        return cls(
            detector=str(obj.get("detector") or ""),
            verifier_id=cast("str | None", obj.get("verifier_id")),
            config=dict(cast("Mapping[str, JSON]", obj.get("config") or {})),
            status=cast(Status, status),
            id=None if item_id is None else str(item_id),
            reason=cast("str | None", obj.get("reason")),
            score=opt_float(obj.get("score")),
            flagged=None if flagged is None else bool(flagged),
            units=tuple(_unit_from_dict(u, i) for i, u in enumerate(units)),
            windows=as_int(obj.get("windows") or 0),
            library_entries=as_int(obj.get("library_entries") or 0),
            skipped_windows=as_int(obj.get("skipped_windows") or 0),
            pairs=as_int(obj.get("pairs") or 0),
            verifier_passes=as_int(obj.get("verifier_passes") or 0),
            truncated_pairs=as_int(obj.get("truncated_pairs") or 0),
            evidence_examined=opt_float(obj.get("evidence_examined")),
            notes=tuple(str(n) for n in cast("Iterable[object]", obj.get("notes") or ())),
            claims=cast("JSONObject | None", obj.get("claims")),
            timings=dict(cast("Mapping[str, float]", obj.get("timings") or {})),
            medhal_version=str(obj.get("medhal_version") or ""),
            schema_version=str(obj.get("schema_version") or SCHEMA_VERSION),
        )

    def to_row(self, *, timings: bool = True, line: int | None = None) -> JSONObject:
        """The flat row form (one Parquet row): :meth:`to_dict`'s scalar fields as columns, ``units`` as a list of
        structs, and the free-form mappings (``config``, ``claims``, ``timings``; a unit's ``signals``, ``cues``,
        ``alignment``) as JSON text in ``*_json`` columns (see :data:`ROW_JSON_FIELDS`).  ``timings_json`` is
        ``None`` when ``timings`` is false; ``line`` is the input line (or row) the result was checked from."""
        record = self.to_dict(timings=timings)
        row: JSONObject = {}
        for key, value in record.items():
            if key == "units":
                row["units"] = [_unit_row(u) for u in self.units]
            elif key in ROW_JSON_FIELDS:
                row[f"{key}_json"] = _json_text(value)
            else:
                row[key] = value
        row.setdefault("timings_json", None)
        row["line"] = line
        return row

    @classmethod
    def from_row(cls, row: Mapping[str, object]) -> CheckResult:
        """Rebuild a result from :meth:`to_row` output (or a row read back from Parquet)."""
        return cls.from_dict(row_record(row))


ROW_JSON_FIELDS: tuple[str, ...] = ("config", "claims", "timings")
"""Result fields the row form keeps as JSON text (``<name>_json``); a unit's are :data:`UNIT_ROW_JSON_FIELDS`."""

UNIT_ROW_JSON_FIELDS: tuple[str, ...] = ("signals", "cues", "alignment")

_STATUSES: tuple[str, ...] = get_args(Status)
_KINDS: tuple[str, ...] = get_args(UnitKind)
_VERDICTS: tuple[str, ...] = get_args(Verdict)


def _json_text(value: JSON) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def _from_json(value: object) -> JSON:
    if value is None:
        return None
    if not isinstance(value, str | bytes | bytearray):
        raise TypeError(f"the JSON object must be str, bytes or bytearray, not {type(value).__name__}")
    parsed: JSON = json.loads(value)
    return parsed


def _unit_row(unit: UnitResult) -> JSONObject:
    record = unit.to_dict()
    row = {k: v for k, v in record.items() if k != "evidence" and k not in UNIT_ROW_JSON_FIELDS}
    row["entailing"] = None if unit.entailing is None else unit.entailing.to_dict()
    row["contradicting"] = None if unit.contradicting is None else unit.contradicting.to_dict()
    for key in UNIT_ROW_JSON_FIELDS:
        row[f"{key}_json"] = _json_text(record.get(key))
    row.setdefault("span_text", None)
    row.setdefault("error", None)  # a unit left unverified by a failed pair (written only then)
    return row


def _unit_record(row: Mapping[str, object]) -> JSONObject:
    """A unit's :meth:`UnitResult.to_dict` record from its row (values of a row are JSON values)."""
    skip = {"entailing", "contradicting", "span_text", *(f"{k}_json" for k in UNIT_ROW_JSON_FIELDS)}
    unit: JSONObject = {k: cast(JSON, v) for k, v in row.items() if k not in skip}
    unit["evidence"] = {
        "entailing": cast(JSON, row.get("entailing")),
        "contradicting": cast(JSON, row.get("contradicting")),
    }
    unit["signals"] = _from_json(row.get("signals_json"))
    unit["cues"] = _from_json(row.get("cues_json"))
    if unit.get("kind") == "claim":
        unit["span_text"] = cast(JSON, row.get("span_text"))
        unit["alignment"] = _from_json(row.get("alignment_json"))
    if unit.get("error") is None:
        unit.pop("error", None)
    return unit


def row_record(row: Mapping[str, object]) -> JSONObject:
    """The :meth:`CheckResult.to_dict` record (plus ``line``) a flat row stands for (its values are JSON values:
    :meth:`CheckResult.to_row` output, or a row read back from Parquet)."""
    record: JSONObject = {}
    for key, value in row.items():
        if key == "units":
            units = cast("Iterable[Mapping[str, object]]", value or ())
            record["units"] = [_unit_record(u) for u in units]
        elif key.endswith("_json") and key[: -len("_json")] in ROW_JSON_FIELDS:
            if key != "timings_json" or value is not None:
                record[key[: -len("_json")]] = _from_json(value)
        else:
            record[key] = cast(JSON, value)
    return record


def _unit_from_dict(obj: Mapping[str, object], position: int) -> UnitResult:
    verdict = obj.get("verdict")
    if verdict not in _VERDICTS:
        raise ValueError(f"unit {position}: unknown verdict {verdict!r}")
    kind = obj.get("kind", "clause")
    if kind not in _KINDS:
        raise ValueError(f"unit {position}: unknown kind {kind!r}")
    evidence = cast("Mapping[str, object]", obj.get("evidence") or {})
    score = obj.get("score")
    return UnitResult(
        index=as_int(obj.get("index", position)),
        text=str(obj["text"]),
        start=opt_int(obj["start"]) if kind == "claim" else as_int(obj["start"]),
        end=opt_int(obj["end"]) if kind == "claim" else as_int(obj["end"]),
        kind=cast(UnitKind, kind),
        verdict=cast(Verdict, verdict),
        score=math.nan if score is None else as_float(score),
        suspicion=as_float(obj.get("suspicion") or 0.0),
        p_entail=opt_float(obj.get("p_entail")),
        p_contradict=opt_float(obj.get("p_contradict")),
        entailing=pointer_from_dict(evidence.get("entailing")),
        contradicting=pointer_from_dict(evidence.get("contradicting")),
        signals=cast("JSONObject | None", obj.get("signals")),
        cues=cast("JSONObject | None", obj.get("cues")),
        span_text=opt_str(obj.get("span_text")),
        alignment=cast("JSONObject | None", obj.get("alignment")),
        error=opt_str(obj.get("error")),
    )
