"""A self-contained HTML audit viewer for check results: one file, inline CSS and JS, nothing fetched.

:func:`render_check_html` turns :class:`~medhal.detect.records.CheckResult` records (and, when given, the
:class:`~medhal.detect.records.CheckItem` each was checked from) into one HTML document.  The answer is shown with
every unit highlighted by its verdict -- colour *and* a shape cue (solid underline and a check mark for supported,
wavy underline and a cross for contradicted, dashed underline and a question mark for unsupported) and an
``aria-label`` naming the verdict.  Hovering, focusing (Tab; arrow keys move between units) or clicking a unit
(Enter / Space pin it) highlights its deciding evidence window in the evidence text -- the contradicting pointer
for contradicted units, else the entailing one -- and shows its probabilities.  With several results a list moves
between items (links; Up / Down / Home / End inside it), filters keep flagged items or those with a unit of one
verdict, and a summary counts items and units.  Without the items the evidence is rebuilt from the pointer texts
(gaps shown as an ellipsis) and the answer from the unit texts.

All text is escaped on the server (``html.escape``); the only data the script reads comes from a
``<script type="application/json">`` block whose ``<``, ``>`` and ``&`` are JSON-escaped, and it builds DOM nodes
with ``textContent`` only.  A Content-Security-Policy ``<meta>`` allows exactly the page's own inline style and
script (by SHA-256 hash), ``data:`` images and nothing else: no network, no extra inline scripts.

Stable DOM hooks (browser tests and ``medhal serve`` rely on them; K = 0-based result position, I = unit index):

- ``script#medhal-data[type="application/json"]``: ``{"items": [{"id", "blocks": [evidence text, ...],
  "windows": {"I": {"kind", "block", "s", "e", "label"}}}]}`` where ``s``/``e`` are UTF-16 offsets into
  ``blocks[block]`` (what JavaScript's ``String.slice`` counts).
- ``section.item#item-K[data-item=K][data-status][data-flagged="true|false|none"][data-verdicts]``: one per result.
- ``.answer span.unit[data-unit=I][data-verdict=supported|contradicted|unsupported][data-start][data-end]
  [tabindex="0"][role="button"][aria-label][aria-pressed]``: ``data-start``/``data-end`` are the unit's
  half-open code-point offsets into the response.  Units that cannot sit inline (overlapping spans) are listed,
  with the same markup, in ``ul.overflow-units``.  A ``claim`` unit sits over the answer span it was aligned to
  (the span's text is shown; its ``aria-label`` and detail give the claim as verified); a claim that could not be
  aligned has no ``data-start``/``data-end`` and ``data-aligned="false"``, and is listed, with the same markup, in
  ``ul.unaligned-units`` with the reason.
- ``.evidence .ev-block[data-block=B]``: the evidence text (one block holding the whole evidence when it is
  known, else one block per run of overlapping pointer windows, ``.ev-gap`` between them).
- ``mark.evidence-window[data-unit=I][data-kind=entailing|contradicting][data-label]``: inserted into an
  ``.ev-block`` while unit I is active (hover, focus, click); only one exists per item at a time.
- ``.unit.active`` (shown now) and ``.unit.pinned`` (clicked / Enter / Space / focused; hover falls back to it).
- ``.detail .unit-detail[data-unit=I]``: the unit's verdict, probabilities and pointers; ``hidden`` unless active.
- ``nav#item-nav a.item-link[data-item=K][aria-current]`` inside ``li[data-item=K]``: the item list (batch only);
  ``#filter-flagged`` (checkbox), ``#filter-verdict`` (select: any, contradicted, unsupported, supported, error),
  ``#filter-count`` (live region), ``#no-match``.
- ``#summary [data-count=items|ok|flagged|errors|supported|contradicted|unsupported]``: the counts.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import re
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast, get_args

from medhal.detect.records import (
    SCHEMA_VERSION,
    CheckItem,
    CheckResult,
    EvidencePointer,
    Status,
    UnitKind,
    UnitResult,
    Verdict,
)

__all__ = ["VERDICTS", "deciding_pointer", "render_check_html", "result_from_dict"]

VERDICTS: tuple[Verdict, ...] = ("supported", "contradicted", "unsupported")
_ICONS = {"supported": "✓", "contradicted": "✗", "unsupported": "?"}
_CUES = {"supported": "solid underline", "contradicted": "wavy underline", "unsupported": "dashed underline"}
_STATUSES = get_args(Status)
_KINDS = ("clause", "sentence", "claim", "response", "triple", "span")


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _num(value: float | None, spec: str = ".3f") -> str:
    if value is None:
        return "–"
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    return format(value, spec)


def deciding_pointer(unit: UnitResult) -> tuple[str, EvidencePointer] | None:
    """The evidence window that decided ``unit``: the contradicting pointer for contradicted units, else the
    entailing one, with its kind (``"contradicting"`` / ``"entailing"``); ``None`` when the detector gave none."""
    if unit.verdict == "contradicted":
        return None if unit.contradicting is None else ("contradicting", unit.contradicting)
    return None if unit.entailing is None else ("entailing", unit.entailing)


# -- reading records back -----------------------------------------------------------------------------------------


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


# -- evidence blocks and window targets ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Block:
    start: int
    """Code-point offset of the block in the evidence."""
    text: str

    @property
    def end(self) -> int:
        return self.start + len(self.text)


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


@lru_cache(maxsize=64)
def _astral_positions(text: str) -> tuple[int, ...]:
    return tuple(m.start() for m in _ASTRAL.finditer(text))


def _utf16(text: str, index: int) -> int:
    """JavaScript's string index of code point ``index`` of ``text`` (astral characters take two code units)."""
    return index + bisect_left(_astral_positions(text), index)


def _pointers(units: Sequence[UnitResult]) -> list[EvidencePointer]:
    out = [p for u in units for p in (u.entailing, u.contradicting) if p is not None]
    return [p for p in out if 0 <= p.start <= p.end and len(p.text) == p.end - p.start]


def _pointer_blocks(units: Sequence[UnitResult]) -> list[_Block]:
    """Runs of overlapping or touching pointer windows, each rebuilt from the pointer texts."""
    blocks: list[_Block] = []
    for p in sorted(_pointers(units), key=lambda p: (p.start, -p.end)):
        if blocks and blocks[-1].start <= p.start <= blocks[-1].end:
            last = blocks[-1]
            rel = p.start - last.start
            common = min(len(p.text), len(last.text) - rel)
            if last.text[rel : rel + common] == p.text[:common]:
                blocks[-1] = _Block(last.start, last.text + p.text[common:])
                continue
        blocks.append(_Block(p.start, p.text))
    return blocks


def _locate(blocks: Sequence[_Block], pointer: EvidencePointer) -> tuple[int, int, int] | None:
    for b, block in enumerate(blocks):
        if block.start <= pointer.start and pointer.end <= block.end:
            rel_s, rel_e = pointer.start - block.start, pointer.end - block.start
            if block.text[rel_s:rel_e] == pointer.text:
                return b, _utf16(block.text, rel_s), _utf16(block.text, rel_e)
    return None


def _label(kind: str, pointer: EvidencePointer) -> str:
    name = "P(C)" if kind == "contradicting" else "P(E)"
    return f"{name} {_num(pointer.probability)}"


# -- HTML pieces --------------------------------------------------------------------------------------------------


def _verdict_badge(verdict: str) -> str:
    icon = f'<span aria-hidden="true">{_ICONS[verdict]}</span>'
    return f'<span class="badge" data-verdict="{_e(verdict)}">{icon} {_e(verdict)}</span>'


def _unit_span(unit: UnitResult, text: str) -> str:
    kind = "claim" if unit.kind == "claim" else "Unit"
    label = f"{kind} {unit.index + 1}, {unit.verdict}: {unit.text}"
    tip = f"{unit.verdict}: P(E) {_num(unit.p_entail)}, P(C) {_num(unit.p_contradict)}"
    where = (
        f' data-start="{unit.start}" data-end="{unit.end}"'
        if unit.start is not None and unit.end is not None
        else ' data-aligned="false"'
    )
    return (
        f'<span class="unit" data-unit="{unit.index}" data-verdict="{_e(unit.verdict)}"{where}'
        f' tabindex="0" role="button" aria-pressed="false" aria-label="{_e(label)}"'
        f' title="{_e(tip)}">{_e(text)}</span>'
    )


def _answer_words(unit: UnitResult) -> str:
    """The answer's words a located unit covers: its text, or for a claim the span it was aligned to."""
    return unit.span_text if unit.kind == "claim" and unit.span_text is not None else unit.text


def _located(units: Sequence[UnitResult]) -> list[tuple[int, int, UnitResult]]:
    return [(u.start, u.end, u) for u in units if u.start is not None and u.end is not None]


def _slices_back(response: str | None, units: Sequence[UnitResult]) -> bool:
    return response is not None and all(
        0 <= start <= end <= len(response) and response[start:end] == _answer_words(u)
        for start, end, u in _located(units)
    )


def _answer_html(response: str | None, units: Sequence[UnitResult]) -> tuple[str, list[UnitResult]]:
    """The answer with units inline, and the units that overlap an earlier one (listed apart).  Claims without
    a span are not here (:func:`_unaligned_html` lists them)."""
    known = _slices_back(response, units)
    parts: list[str] = []
    overflow: list[UnitResult] = []
    cursor = 0
    for start, end, unit in sorted(_located(units), key=lambda x: (x[0], -x[1], x[2].index)):
        if start < cursor:
            overflow.append(unit)
            continue
        if known:
            assert response is not None
            parts.append(_e(response[cursor:start]))
            parts.append(_unit_span(unit, response[start:end]))
        else:
            if parts and start > cursor:
                parts.append('<span class="gap"> </span>')
            parts.append(_unit_span(unit, _answer_words(unit)))
        cursor = end
    if known:
        assert response is not None
        parts.append(_e(response[cursor:]))
    return "".join(parts), overflow


def _unaligned_html(units: Sequence[UnitResult]) -> str:
    """Claims that could not be aligned to the answer: verified as extracted, listed apart with the reason."""
    unplaced = [u for u in units if u.start is None or u.end is None]
    if not unplaced:
        return ""
    items = "".join(
        f'<li>{_unit_span(u, u.text)} <span class="reason">{_e(_unaligned_reason(u))}</span></li>' for u in unplaced
    )
    return (
        '<p class="hint">Claims not found in the answer (verified as extracted; they count in the score):</p>'
        f'<ul class="unaligned-units">{items}</ul>'
    )


def _unaligned_reason(unit: UnitResult) -> str:
    return str((unit.alignment or {}).get("reason") or "not found in the answer; verified as extracted")


def _where(unit: UnitResult) -> str:
    """``[start:end)``, or that the claim has no span of the answer."""
    return "no span" if unit.start is None or unit.end is None else f"[{unit.start}:{unit.end})"


def _pointer_line(kind: str, pointer: EvidencePointer | None, deciding: bool) -> str:
    name = "P(contradiction)" if kind == "contradicting" else "P(entailment)"
    if pointer is None:
        return f'<p class="pointer" data-kind="{kind}">{kind.capitalize()} window: none recorded.</p>'
    first, stop = pointer.sentences
    sentences = f"sentence {first + 1}" if stop - first <= 1 else f"sentences {first + 1}–{stop}"
    head = "Deciding evidence: " if deciding else ""
    return (
        f'<p class="pointer{" deciding" if deciding else ""}" data-kind="{kind}">{head}{kind} window'
        f" [{pointer.start}:{pointer.end}), <strong>{name} {_num(pointer.probability)}</strong>, {sentences},"
        f" granularity {pointer.granularity}</p>"
    )


def _unit_detail(unit: UnitResult) -> str:
    deciding = deciding_pointer(unit)
    kind = None if deciding is None else deciding[0]
    rows = [
        ("P(entailment)", _num(unit.p_entail)),
        ("P(contradiction)", _num(unit.p_contradict)),
        ("score", _num(unit.score)),
        ("suspicion", _num(unit.suspicion)),
    ]
    parts = [
        f'<div class="unit-detail" data-unit="{unit.index}" data-verdict="{_e(unit.verdict)}" hidden>',
        f'<p class="detail-head">{_verdict_badge(unit.verdict)} unit {unit.index + 1} · {_e(unit.kind)} · response'
        f" {_where(unit)}</p>",
        f'<blockquote class="unit-text">{_e(unit.text)}</blockquote>',
    ]
    if unit.kind == "claim":
        if unit.start is None or unit.end is None:
            parts.append(f'<p class="alignment none">{_e(_unaligned_reason(unit))}</p>')
        elif unit.span_text is not None and unit.span_text != unit.text:
            method = (unit.alignment or {}).get("method") or "aligned"
            parts.append(f'<p class="alignment">Answer span ({_e(str(method))}): {_e(unit.span_text)}</p>')
    parts.append('<dl class="probs">' + "".join(f"<div><dt>{k}</dt><dd>{v}</dd></div>" for k, v in rows) + "</dl>")
    order = ("contradicting", "entailing") if unit.verdict == "contradicted" else ("entailing", "contradicting")
    for name in order:
        pointer = unit.contradicting if name == "contradicting" else unit.entailing
        parts.append(_pointer_line(name, pointer, name == kind))
    if deciding is None:
        parts.append('<p class="pointer none">No deciding evidence window was recorded for this unit.</p>')
    else:
        parts.append(f'<blockquote class="window-text" data-kind="{kind}">{_e(deciding[1].text)}</blockquote>')
    if unit.signals:
        signals = ", ".join(f"{k} {v}" for k, v in sorted(unit.signals.items()))
        parts.append(f'<p class="signals">Signals: {_e(signals)}</p>')
    if unit.cues:
        cues = ", ".join(f"{k} {round(v, 3) if isinstance(v, float) else v}" for k, v in sorted(unit.cues.items()))
        parts.append(f'<p class="signals">Alignment cues: {_e(cues)}</p>')
    parts.append("</div>")
    return "".join(parts)


def _units_table(units: Sequence[UnitResult]) -> str:
    rows = []
    for unit in units:
        deciding = deciding_pointer(unit)
        evidence = (
            "–"
            if deciding is None
            else f"{deciding[0]} [{deciding[1].start}:{deciding[1].end}) {_e(_label(*deciding))}: "
            f"{_e(deciding[1].text)}"
        )
        rows.append(
            f'<tr data-unit="{unit.index}"><td class="num">{unit.index + 1}</td><td>{_verdict_badge(unit.verdict)}</td>'
            f'<td class="num">{_num(unit.p_entail)}</td><td class="num">{_num(unit.p_contradict)}</td>'
            f'<td class="num">{_num(unit.suspicion)}</td><td>{_where(unit)} {_e(unit.text)}</td>'
            f"<td>{evidence}</td></tr>"
        )
    return (
        f'<details class="unit-table"><summary>All units ({len(units)})</summary><div class="table-wrap">'
        '<table><thead><tr><th scope="col">#</th><th scope="col">verdict</th><th scope="col">P(E)</th>'
        '<th scope="col">P(C)</th><th scope="col">suspicion</th><th scope="col">unit</th>'
        '<th scope="col">deciding evidence</th></tr></thead><tbody>'
        + "".join(rows)
        + "</tbody></table></div></details>"
    )


def _flag_html(result: CheckResult) -> str:
    if result.status != "ok":
        return f'<span class="flag error">⚠ {_e(result.status.replace("_", " "))}</span>'
    if result.flagged:
        return '<span class="flag flagged">⚑ FLAGGED</span>'
    return '<span class="flag clean">not flagged</span>' if result.flagged is False else ""


def _flag_attr(result: CheckResult) -> str:
    return "none" if result.flagged is None else str(bool(result.flagged)).lower()


def _verdict_counts(units: Sequence[UnitResult]) -> dict[str, int]:
    return {v: sum(u.verdict == v for u in units) for v in VERDICTS}


@dataclass(frozen=True, slots=True)
class _Rendered:
    section: str
    data: dict[str, Any]


def _render_item(k: int, result: CheckResult, item: CheckItem | None) -> _Rendered:
    name = result.id or (item.id if item is not None else None) or f"item {k + 1}"
    counts = _verdict_counts(result.units)
    present = " ".join(v for v in ("contradicted", "unsupported", "supported") if counts[v])
    head = [
        f'<section class="item" id="item-{k}" data-item="{k}" data-status="{_e(result.status)}"'
        f' data-flagged="{_flag_attr(result)}" data-verdicts="{present}" aria-labelledby="item-{k}-title">',
        f'<header class="item-head"><h2 id="item-{k}-title">{_e(name)}</h2> {_flag_html(result)}',
    ]
    if result.status != "ok":
        head.append(f'</header><p class="reason">{_e(result.reason or "no reason given")}</p></section>')
        return _Rendered("".join(head), {"id": name, "blocks": [], "windows": {}})
    meta = [
        ("score", _num(result.score)),
        ("detector", result.detector),
        ("verifier", result.verifier_id or "–"),
        ("windows", str(result.windows)),
        ("pairs", str(result.pairs)),
        ("verifier passes", str(result.verifier_passes)),
    ]
    head.append('<dl class="meta">' + "".join(f"<div><dt>{k}</dt><dd>{_e(v)}</dd></div>" for k, v in meta) + "</dl>")
    head.append("</header>")
    if item is not None and item.question:
        head.append(f'<p class="question"><strong>Question:</strong> {_e(item.question)}</p>')
    notes: list[str] = []
    response = item.response if item is not None else None
    evidence = item.evidence if item is not None else None
    if response is not None and not _slices_back(response, result.units):
        notes.append("The units do not slice back to the given response; showing the unit texts instead.")
        response = None
    pointers = _pointers(result.units)
    if evidence is not None and not all(evidence[p.start : p.end] == p.text for p in pointers):
        notes.append("The evidence pointers do not match the given evidence; showing the pointer texts instead.")
        evidence = None
    if item is None:
        notes.append(
            "The response and evidence texts were not provided: units are shown in order (gaps as single spaces) "
            "and only the evidence windows the detector pointed to."
        )
    notes.extend(result.caveats)
    blocks = [_Block(0, evidence)] if evidence is not None else _pointer_blocks(result.units)
    windows: dict[str, dict[str, Any]] = {}
    for unit in result.units:
        deciding = deciding_pointer(unit)
        if deciding is None:
            continue
        where = _locate(blocks, deciding[1])
        if where is not None:
            windows[str(unit.index)] = {
                "kind": deciding[0],
                "block": where[0],
                "s": where[1],
                "e": where[2],
                "label": _label(*deciding),
            }
    answer, overflow = _answer_html(response, result.units)
    body = list(head)
    body += [f'<p class="note">{_e(n)}</p>' for n in notes]
    body.append('<div class="panes"><div class="pane answer-pane">')
    body.append(f'<h3 id="item-{k}-answer">Answer</h3>')
    body.append(
        '<p class="hint">Hover, focus (Tab, arrow keys) or click a unit to see its deciding evidence; '
        "Enter or Space pins it, Escape clears.</p>"
    )
    body.append(f'<div class="answer" aria-labelledby="item-{k}-answer">{answer}</div>')
    if overflow:
        body.append('<p class="hint">Overlapping units (not shown inline):</p><ul class="overflow-units">')
        body += [f"<li>{_unit_span(u, _answer_words(u))} {_where(u)}</li>" for u in overflow]
        body.append("</ul>")
    body.append(_unaligned_html(result.units))
    body.append('<div class="detail" aria-live="polite">')
    body.append('<p class="detail-empty">No unit selected.</p>')
    body += [_unit_detail(u) for u in result.units]
    body.append("</div></div>")
    body.append('<div class="pane evidence-pane">')
    body.append(f'<h3 id="item-{k}-evidence">Evidence</h3>')
    body.append(
        f'<div class="evidence" role="region" tabindex="0" aria-labelledby="item-{k}-evidence">'
        if blocks
        else f'<div class="evidence empty" role="region" aria-labelledby="item-{k}-evidence">No evidence to show.'
    )
    for b, block in enumerate(blocks):
        if evidence is None and (b > 0 or block.start > 0):
            body.append('<div class="ev-gap" aria-label="evidence text omitted">…</div>')
        body.append(f'<div class="ev-block" data-block="{b}" data-start="{block.start}">{_e(block.text)}</div>')
    body.append("</div></div></div>")
    if result.units:
        body.append(_units_table(result.units))
    body.append("</section>")
    data = {"id": name, "blocks": [b.text for b in blocks], "windows": windows}
    return _Rendered("".join(body), data)


def _nav_entry(k: int, result: CheckResult, item: CheckItem | None) -> str:
    name = result.id or (item.id if item is not None else None) or f"item {k + 1}"
    counts = _verdict_counts(result.units)
    present = " ".join(v for v in ("contradicted", "unsupported", "supported") if counts[v])
    if result.status != "ok":
        state = "input error" if result.status == "input_error" else result.status.replace("_", " ")
        badge = f'<span class="flag error">⚠ {_e(state)}</span>'
        tally = ""
    else:
        badge = _flag_html(result) + (f' <span class="score">{_num(result.score, ".2f")}</span>')
        spoken = ", ".join(f"{counts[v]} {v}" for v in ("contradicted", "unsupported", "supported"))
        shown = " ".join(f"{_ICONS[v]}{counts[v]}" for v in ("contradicted", "unsupported", "supported"))
        tally = (
            f'<span class="tally"><span class="sr-only">{spoken}</span><span aria-hidden="true">{shown}</span></span>'
        )
    return (
        f'<li data-item="{k}" data-status="{_e(result.status)}" data-flagged="{_flag_attr(result)}"'
        f' data-verdicts="{present}"><a class="item-link" href="#item-{k}" data-item="{k}" aria-current="false">'
        f'<span class="item-name">{_e(name)}</span> {badge} {tally}</a></li>'
    )


def _summary(results: Sequence[CheckResult]) -> str:
    units = [u for r in results for u in r.units]
    counts = _verdict_counts(units)
    cells = [
        ("items", "items", len(results)),
        ("ok", "checked", sum(r.status == "ok" for r in results)),
        ("flagged", "flagged", sum(bool(r.flagged) for r in results)),
        ("errors", "not checked", sum(r.status != "ok" for r in results)),
        ("supported", f"{_ICONS['supported']} supported units", counts["supported"]),
        ("contradicted", f"{_ICONS['contradicted']} contradicted units", counts["contradicted"]),
        ("unsupported", f"{_ICONS['unsupported']} unsupported units", counts["unsupported"]),
    ]
    body = "".join(f'<div><dt>{_e(label)}</dt><dd data-count="{key}">{n}</dd></div>' for key, label, n in cells)
    return (
        '<section id="summary" aria-label="Summary"><h2 class="sr-only">Summary</h2>'
        f'<dl class="counts">{body}</dl></section>'
    )


def _legend() -> str:
    entries = "".join(
        f'<li><span class="unit-sample" data-verdict="{v}">{v}</span> {_ICONS[v]} {_CUES[v]}</li>' for v in VERDICTS
    )
    entries += (
        '<li><mark class="window-sample entailing">entailing window</mark> supports a unit (P(E))</li>'
        '<li><mark class="window-sample contradicting">contradicting window</mark> contradicts a unit (P(C))</li>'
    )
    return f'<section class="legend" aria-label="Legend"><h2 class="sr-only">Legend</h2><ul>{entries}</ul></section>'


def _filters(total: int) -> str:
    options = "".join(
        f'<option value="{v}">{label}</option>'
        for v, label in (
            ("any", "any"),
            ("contradicted", "has contradicted units"),
            ("unsupported", "has unsupported units"),
            ("supported", "has supported units"),
            ("error", "not checked (errors)"),
        )
    )
    return (
        '<fieldset class="filters"><legend>Filter items</legend>'
        '<label><input type="checkbox" id="filter-flagged"> flagged only</label>'
        f'<label for="filter-verdict">verdict</label> <select id="filter-verdict">{options}</select>'
        f'<p id="filter-count" aria-live="polite">Showing {total} of {total} items</p></fieldset>'
    )


def _json_script(payload: Any) -> str:
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (
        ("&", "\\u0026"),
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(raw, escaped)
    return f'<script type="application/json" id="medhal-data">{text}</script>'


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def render_check_html(
    results: Sequence[CheckResult],
    items: Sequence[CheckItem | None] | None = None,
    *,
    title: str = "medhal check",
) -> str:
    """One self-contained HTML document auditing ``results``.

    ``items`` (same length and order as ``results``; an entry may be ``None``) supply the response and evidence
    texts, so the answer is shown whole and the deciding windows are highlighted inside the full evidence; without
    them (or when a result does not slice back to its item) the viewer falls back to the unit and pointer texts.
    """
    from medhal import __version__

    if items is not None and len(items) != len(results):
        raise ValueError(f"got {len(results)} result(s) but {len(items)} item(s)")
    paired = list(zip(results, items if items is not None else [None] * len(results), strict=True))
    rendered = [_render_item(k, r, i) for k, (r, i) in enumerate(paired)]
    batch = len(results) > 1
    csp = (
        f"default-src 'none'; img-src data:; style-src '{_sha256(_CSS)}'; script-src '{_sha256(_JS)}';"
        " base-uri 'none'; form-action 'self'"
    )
    parts = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{_e(csp)}">',
        f'<meta name="generator" content="medhal {_e(__version__)}">',
        f"<title>{_e(title)}</title><style>{_CSS}</style></head>",
        f'<body class="{"batch" if batch else "single"}">',
        '<a class="skip" href="#main">Skip to the results</a>',
        f'<header class="page-head"><h1>{_e(title)}</h1>',
        f'<p class="sub">{len(results)} result(s) · medhal {_e(__version__)} · self-contained audit view</p></header>',
        _summary(results),
        _legend(),
        '<div class="layout">',
    ]
    if batch:
        parts.append('<nav id="item-nav" aria-label="Items">')
        parts.append(_filters(len(results)))
        parts.append('<ul class="item-list">')
        parts += [_nav_entry(k, r, i) for k, (r, i) in enumerate(paired)]
        parts.append("</ul></nav>")
    parts.append('<main id="main">')
    parts.append('<p id="no-match" hidden>No item matches the filters.</p>')
    if not results:
        parts.append('<p class="note">No results.</p>')
    parts += [r.section for r in rendered]
    parts.append("</main></div>")
    parts.append(_json_script({"items": [r.data for r in rendered]}))
    parts.append(f"<script>{_JS}</script></body></html>\n")
    return "\n".join(parts)


_CSS = """
:root{--fg:#1a1a1a;--muted:#4a4f57;--bg:#fff;--panel:#f6f7f9;--border:#b9bec7;--focus:#1d4ed8;
--sup-fg:#14532d;--sup-bg:#dcfce7;--sup-line:#15803d;--con-fg:#7f1d1d;--con-bg:#fee2e2;--con-line:#b91c1c;
--uns-fg:#5b3a00;--uns-bg:#fef3c7;--uns-line:#a16207}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
color:var(--fg);background:var(--bg)}
h1{font-size:1.5rem;margin:0}h2{font-size:1.25rem;margin:0 .5rem 0 0;display:inline}h3{font-size:1rem;margin:.25rem 0}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:9}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.page-head{padding:1rem 1rem .25rem}.sub{color:var(--muted);margin:.25rem 0 0}
#summary{padding:0 1rem}.counts{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}
.counts div{border:1px solid var(--border);border-radius:6px;padding:.25rem .75rem;background:var(--panel)}
.counts dt{font-size:.8rem;color:var(--muted)}.counts dd{margin:0;font-weight:700;font-size:1.1rem}
.legend ul{list-style:none;display:flex;flex-wrap:wrap;gap:.4rem 1.25rem;padding:0 1rem;margin:.25rem 0 1rem}
.layout{display:grid;grid-template-columns:minmax(14rem,19rem) minmax(0,1fr);gap:1rem;padding:0 1rem 2rem}
body.single .layout{grid-template-columns:minmax(0,1fr)}
@media (max-width:820px){.layout{grid-template-columns:minmax(0,1fr)}}
#item-nav{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;border-right:1px solid var(--border);
padding-right:.5rem}
.filters{border:1px solid var(--border);border-radius:6px;margin:0 0 .5rem;padding:.5rem}
.filters label{display:inline-block;margin:.15rem .5rem .15rem 0}
#filter-count{margin:.25rem 0 0;color:var(--muted);font-size:.9rem}
.item-list{list-style:none;margin:0;padding:0}
.item-link{display:block;padding:.35rem .5rem;margin:2px 0;border:2px solid transparent;border-radius:5px;
color:var(--fg);text-decoration:none}
.item-link:hover{background:var(--panel)}
.item-link[aria-current="true"]{background:#e0e7ff;border-color:var(--focus)}
.item-link:focus-visible,.unit:focus-visible,.evidence:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.item-name{font-weight:600;word-break:break-all}.tally,.score{color:var(--muted);font-size:.85rem}
.flag{font-size:.8rem;font-weight:700;border-radius:4px;padding:0 .35rem;border:1px solid;white-space:nowrap}
.flag.flagged{color:var(--con-fg);background:var(--con-bg);border-color:var(--con-line)}
.flag.clean{color:var(--sup-fg);background:var(--sup-bg);border-color:var(--sup-line)}
.flag.error{color:var(--uns-fg);background:var(--uns-bg);border-color:var(--uns-line)}
.item{margin-bottom:2rem}
.item-head{border-bottom:1px solid var(--border);padding-bottom:.4rem;margin-bottom:.5rem}
.meta{display:flex;flex-wrap:wrap;gap:.1rem 1rem;margin:.35rem 0 0;font-size:.9rem;color:var(--muted)}
.meta div{display:flex;gap:.3rem}.meta dd{margin:0;color:var(--fg)}
.note,.hint,.reason{color:var(--muted);font-size:.9rem;margin:.25rem 0}
.panes{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}
@media (max-width:1100px){.panes{grid-template-columns:minmax(0,1fr)}}
.evidence-pane{position:sticky;top:.5rem;align-self:start}
.answer,.evidence{white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid var(--border);border-radius:6px;
padding:.75rem;line-height:1.9}
.evidence{position:relative;background:var(--panel);max-height:72vh;overflow:auto;line-height:1.7}
.ev-gap{color:var(--muted);text-align:center;margin:.25rem 0}
.unit{cursor:pointer;border-radius:3px;padding:1px 1px;text-decoration-line:underline;text-decoration-thickness:2px;
text-underline-offset:4px;-webkit-box-decoration-break:clone;box-decoration-break:clone}
.unit::before,.unit-sample::before{display:inline-block;font-size:.75em;font-weight:700;margin-right:.2em;
text-decoration:none}
.unit[data-verdict="supported"],.unit-sample[data-verdict="supported"]{color:var(--sup-fg);background:var(--sup-bg);
text-decoration-style:solid;text-decoration-color:var(--sup-line)}
.unit[data-verdict="contradicted"],.unit-sample[data-verdict="contradicted"]{color:var(--con-fg);
background:var(--con-bg);text-decoration-style:wavy;text-decoration-color:var(--con-line);font-weight:600}
.unit[data-verdict="unsupported"],.unit-sample[data-verdict="unsupported"]{color:var(--uns-fg);
background:var(--uns-bg);text-decoration-style:dashed;text-decoration-color:var(--uns-line)}
.unit[data-verdict="supported"]::before,.unit-sample[data-verdict="supported"]::before{content:"\\2713";content:"\\2713"/""}
.unit[data-verdict="contradicted"]::before,.unit-sample[data-verdict="contradicted"]::before{content:"\\2717";content:"\\2717"/""}
.unit[data-verdict="unsupported"]::before,.unit-sample[data-verdict="unsupported"]::before{content:"?";content:"?"/""}
.unit-sample{text-decoration-line:underline;text-decoration-thickness:2px;text-underline-offset:4px;padding:0 .2rem;
border-radius:3px}
.unit.active{outline:3px solid var(--focus);outline-offset:1px}
.unit.pinned{box-shadow:0 0 0 2px #fff,0 0 0 4px var(--focus)}
mark.evidence-window,.window-sample{color:var(--fg);border-radius:3px;padding:1px 0;outline:2px solid;
-webkit-box-decoration-break:clone;box-decoration-break:clone}
mark.evidence-window.entailing,.window-sample.entailing{background:#bbf7d0;outline-color:var(--sup-line);color:#052e16}
mark.evidence-window.contradicting,.window-sample.contradicting{background:#fecaca;outline-color:var(--con-line);
color:#450a0a;text-decoration:underline wavy var(--con-line)}
mark.evidence-window::before{content:attr(data-label);display:inline-block;font:700 .72rem/1.3 system-ui,sans-serif;
background:var(--fg);color:#fff;border-radius:3px;padding:0 .3rem;margin-right:.3rem;text-decoration:none}
.detail{border:1px solid var(--border);border-radius:6px;padding:.5rem .75rem;margin-top:.75rem;background:#fff}
.detail-empty{color:var(--muted);margin:0}.detail-head{margin:0 0 .25rem}
.badge{font-weight:700;border-radius:3px;padding:0 .3rem;border:1px solid}
.badge[data-verdict="supported"]{color:var(--sup-fg);background:var(--sup-bg);border-color:var(--sup-line)}
.badge[data-verdict="contradicted"]{color:var(--con-fg);background:var(--con-bg);border-color:var(--con-line)}
.badge[data-verdict="unsupported"]{color:var(--uns-fg);background:var(--uns-bg);border-color:var(--uns-line)}
blockquote{margin:.35rem 0;padding:.25rem .6rem;border-left:4px solid var(--border);background:var(--panel);
white-space:pre-wrap;overflow-wrap:anywhere}
blockquote.window-text[data-kind="contradicting"]{border-left-color:var(--con-line)}
blockquote.window-text[data-kind="entailing"]{border-left-color:var(--sup-line)}
.probs{display:flex;flex-wrap:wrap;gap:.1rem 1.25rem;margin:.25rem 0}.probs div{display:flex;gap:.35rem}
.probs dd{margin:0;font-weight:700;font-variant-numeric:tabular-nums}
.pointer{margin:.2rem 0;font-size:.92rem}.pointer.deciding{font-weight:600}
.unit-table{margin-top:1rem}.table-wrap{overflow:auto}
table{border-collapse:collapse;font-size:.88rem;margin-top:.5rem}
th,td{border:1px solid var(--border);padding:.25rem .45rem;vertical-align:top;text-align:left}
th{background:var(--panel)}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.overflow-units{margin:.25rem 0;padding-left:1.25rem;line-height:1.9}
@media print{#item-nav,.skip,.hint{display:none}.layout{display:block}section.item[hidden]{display:block!important}
.evidence{max-height:none}}
"""

_JS = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("medhal-data").textContent);
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.item"));
  var links = Array.prototype.slice.call(document.querySelectorAll("a.item-link"));
  var flaggedBox = document.getElementById("filter-flagged");
  var verdictSel = document.getElementById("filter-verdict");
  var countEl = document.getElementById("filter-count");
  var noMatch = document.getElementById("no-match");
  var pinned = {};
  var current = 0;

  function all(root, selector) {
    return Array.prototype.slice.call(root.querySelectorAll(selector));
  }

  function itemOf(el) {
    var section = el.closest("section.item");
    return section ? Number(section.getAttribute("data-item")) : -1;
  }

  function highlight(k, unitIndex) {
    var item = data.items[k];
    var win = unitIndex === null ? null : item.windows[String(unitIndex)] || null;
    var mark = null;
    all(sections[k], ".ev-block").forEach(function (el) {
      var b = Number(el.getAttribute("data-block"));
      var text = item.blocks[b];
      while (el.firstChild) {
        el.removeChild(el.firstChild);
      }
      if (win && win.block === b && win.s < win.e) {
        el.appendChild(document.createTextNode(text.slice(0, win.s)));
        mark = document.createElement("mark");
        mark.className = "evidence-window " + win.kind;
        mark.setAttribute("data-unit", String(unitIndex));
        mark.setAttribute("data-kind", win.kind);
        mark.setAttribute("data-label", win.label);
        mark.title = win.kind + " window, " + win.label;
        mark.textContent = text.slice(win.s, win.e);
        el.appendChild(mark);
        el.appendChild(document.createTextNode(text.slice(win.e)));
      } else {
        el.appendChild(document.createTextNode(text));
      }
    });
    return mark;
  }

  function scrollToMark(k, mark) {
    var pane = sections[k].querySelector(".evidence");
    if (!pane || !mark) {
      return;
    }
    pane.scrollTop = Math.max(0, mark.offsetTop - pane.clientHeight / 3);
  }

  function show(k, unit, pin, scroll) {
    var section = sections[k];
    var idx = unit ? unit.getAttribute("data-unit") : null;
    all(section, ".unit.active").forEach(function (u) {
      u.classList.remove("active");
    });
    if (unit) {
      unit.classList.add("active");
    }
    if (pin) {
      all(section, ".unit.pinned").forEach(function (u) {
        u.classList.remove("pinned");
        u.setAttribute("aria-pressed", "false");
      });
      if (unit) {
        unit.classList.add("pinned");
        unit.setAttribute("aria-pressed", "true");
      }
      pinned[k] = unit;
    }
    all(section, ".unit-detail").forEach(function (d) {
      d.hidden = d.getAttribute("data-unit") !== idx;
    });
    var empty = section.querySelector(".detail-empty");
    if (empty) {
      empty.hidden = idx !== null;
    }
    var mark = highlight(k, idx === null ? null : Number(idx));
    if (scroll) {
      scrollToMark(k, mark);
    }
  }

  sections.forEach(function (section, k) {
    var pane = section.querySelector(".answer-pane");
    if (!pane) {
      return;
    }
    var units = all(pane, ".unit");
    pane.addEventListener("mouseover", function (ev) {
      var unit = ev.target.closest(".unit");
      if (unit) {
        show(k, unit, false, true);
      }
    });
    pane.addEventListener("mouseleave", function () {
      show(k, pinned[k] || null, false, false);
    });
    pane.addEventListener("focusin", function (ev) {
      var unit = ev.target.closest(".unit");
      if (unit) {
        show(k, unit, true, true);
      }
    });
    pane.addEventListener("click", function (ev) {
      var unit = ev.target.closest(".unit");
      if (unit) {
        show(k, unit, true, true);
      }
    });
    pane.addEventListener("keydown", function (ev) {
      var unit = ev.target.closest(".unit");
      if (!unit) {
        return;
      }
      var at = units.indexOf(unit);
      if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") {
        ev.preventDefault();
        show(k, unit, true, true);
      } else if (ev.key === "Escape") {
        ev.preventDefault();
        show(k, null, true, false);
      } else if ((ev.key === "ArrowRight" || ev.key === "ArrowDown") && at < units.length - 1) {
        ev.preventDefault();
        units[at + 1].focus();
      } else if ((ev.key === "ArrowLeft" || ev.key === "ArrowUp") && at > 0) {
        ev.preventDefault();
        units[at - 1].focus();
      }
    });
  });

  function select(k) {
    if (k < 0 || k >= sections.length) {
      return;
    }
    current = k;
    if (links.length) {
      sections.forEach(function (section, i) {
        section.hidden = i !== k;
      });
    }
    links.forEach(function (a) {
      a.setAttribute("aria-current", Number(a.getAttribute("data-item")) === k ? "true" : "false");
    });
    if (noMatch) {
      noMatch.hidden = true;
    }
  }

  function visibleLinks() {
    return links.filter(function (a) {
      return !a.parentNode.hidden;
    });
  }

  links.forEach(function (a) {
    a.addEventListener("click", function (ev) {
      ev.preventDefault();
      var k = Number(a.getAttribute("data-item"));
      select(k);
      if (window.history && window.history.replaceState) {
        try {
          window.history.replaceState(null, "", "#item-" + k);
        } catch (err) {
          /* some browsers refuse on file: URLs */
        }
      }
    });
    a.addEventListener("keydown", function (ev) {
      var list = visibleLinks();
      var at = list.indexOf(a);
      var next = null;
      if (ev.key === "ArrowDown") {
        next = list[Math.min(list.length - 1, at + 1)];
      } else if (ev.key === "ArrowUp") {
        next = list[Math.max(0, at - 1)];
      } else if (ev.key === "Home") {
        next = list[0];
      } else if (ev.key === "End") {
        next = list[list.length - 1];
      }
      if (next) {
        ev.preventDefault();
        next.focus();
        select(Number(next.getAttribute("data-item")));
      }
    });
  });

  function matches(li) {
    if (flaggedBox && flaggedBox.checked && li.getAttribute("data-flagged") !== "true") {
      return false;
    }
    var verdict = verdictSel ? verdictSel.value : "any";
    if (verdict === "any") {
      return true;
    }
    if (verdict === "error") {
      return li.getAttribute("data-status") !== "ok";
    }
    return (" " + li.getAttribute("data-verdicts") + " ").indexOf(" " + verdict + " ") >= 0;
  }

  function applyFilters() {
    var shown = [];
    links.forEach(function (a) {
      var li = a.parentNode;
      li.hidden = !matches(li);
      if (!li.hidden) {
        shown.push(Number(a.getAttribute("data-item")));
      }
    });
    if (countEl) {
      countEl.textContent = "Showing " + shown.length + " of " + links.length + " items";
    }
    if (!shown.length) {
      sections.forEach(function (section) {
        section.hidden = true;
      });
      if (noMatch) {
        noMatch.hidden = false;
      }
    } else if (shown.indexOf(current) < 0 || sections[current].hidden) {
      select(shown[0]);
    }
  }

  if (flaggedBox) {
    flaggedBox.addEventListener("change", applyFilters);
  }
  if (verdictSel) {
    verdictSel.addEventListener("change", applyFilters);
  }
  var fromHash = /^#item-(\\d+)$/.exec(window.location.hash || "");
  var first = fromHash ? Number(fromHash[1]) : 0;
  select(first < sections.length ? first : 0);
})();
"""
