"""One result's section of the viewer: the answer with its units, their details, the evidence, the unit table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from medhal.detect.cue_notes import describe, evidence_role
from medhal.detect.records import JSON, CheckItem, CheckResult, EvidencePointer, JSONObject, UnitResult
from medhal.report._viewer.common import deciding_pointer, esc, flag_attr, flag_html, item_label, num, verdict_badge
from medhal.report._viewer.evidence import (
    Block,
    locate,
    passage_blocks,
    pointer_blocks,
    valid_pointers,
    where,
    window_label,
)


def _unit_span(unit: UnitResult, text: str) -> str:
    kind = "claim" if unit.kind == "claim" else "Unit"
    label = f"{kind} {unit.index + 1}, {unit.verdict}: {unit.text}"
    tip = f"{unit.verdict}: P(E) {num(unit.p_entail)}, P(C) {num(unit.p_contradict)}"
    where = (
        f' data-start="{unit.start}" data-end="{unit.end}"'
        if unit.start is not None and unit.end is not None
        else ' data-aligned="false"'
    )
    return (
        f'<span class="unit" data-unit="{unit.index}" data-verdict="{esc(unit.verdict)}"{where}'
        f' tabindex="0" role="button" aria-pressed="false" aria-label="{esc(label)}"'
        f' title="{esc(tip)}">{esc(text)}</span>'
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
            parts.append(esc(response[cursor:start]))
            parts.append(_unit_span(unit, response[start:end]))
        else:
            if parts and start > cursor:
                parts.append('<span class="gap"> </span>')
            parts.append(_unit_span(unit, _answer_words(unit)))
        cursor = end
    if known:
        assert response is not None
        parts.append(esc(response[cursor:]))
    return "".join(parts), overflow


def _unaligned_html(units: Sequence[UnitResult]) -> str:
    """Claims that could not be aligned to the answer: verified as extracted, listed apart with the reason."""
    unplaced = [u for u in units if u.start is None or u.end is None]
    if not unplaced:
        return ""
    items = "".join(
        f'<li>{_unit_span(u, u.text)} <span class="reason">{esc(_unaligned_reason(u))}</span></li>' for u in unplaced
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
        f" {esc(where(pointer))}, <strong>{name} {num(pointer.probability)}</strong>, {sentences},"
        f" granularity {pointer.granularity}</p>"
    )


def _matches(evidence: str, passages: dict[str, str] | None, pointer: EvidencePointer) -> bool:
    """Whether a pointer slices back to the given evidence (and, naming a passage, to that passage)."""
    if evidence[pointer.start : pointer.end] != pointer.text:
        return False
    if pointer.passage is None:
        return True
    text = None if passages is None else passages.get(pointer.passage)
    return text is not None and text[pointer.passage_start : pointer.passage_end] == pointer.text


def _unit_detail(unit: UnitResult) -> str:
    deciding = deciding_pointer(unit)
    kind = None if deciding is None else deciding[0]
    rows = [
        ("P(entailment)", num(unit.p_entail)),
        ("P(contradiction)", num(unit.p_contradict)),
        ("score", num(unit.score)),
        ("suspicion", num(unit.suspicion)),
    ]
    parts = [
        f'<div class="unit-detail" data-unit="{unit.index}" data-verdict="{esc(unit.verdict)}" hidden>',
        f'<p class="detail-head">{verdict_badge(unit.verdict)} unit {unit.index + 1} · {esc(unit.kind)} · response'
        f" {_where(unit)}</p>",
        f'<blockquote class="unit-text">{esc(unit.text)}</blockquote>',
    ]
    if unit.kind == "claim":
        if unit.start is None or unit.end is None:
            parts.append(f'<p class="alignment none">{esc(_unaligned_reason(unit))}</p>')
        elif unit.span_text is not None and unit.span_text != unit.text:
            method = (unit.alignment or {}).get("method") or "aligned"
            parts.append(f'<p class="alignment">Answer span ({esc(str(method))}): {esc(unit.span_text)}</p>')
    parts.append('<dl class="probs">' + "".join(f"<div><dt>{k}</dt><dd>{v}</dd></div>" for k, v in rows) + "</dl>")
    order = ("contradicting", "entailing") if unit.verdict == "contradicted" else ("entailing", "contradicting")
    for name in order:
        pointer = unit.contradicting if name == "contradicting" else unit.entailing
        parts.append(_pointer_line(name, pointer, name == kind))
    if deciding is None:
        parts.append('<p class="pointer none">No deciding evidence window was recorded for this unit.</p>')
    else:
        focus = deciding[1].focus
        if focus is not None:  # the window's line the unit is about, then the window the model read
            parts.append(f'<p class="pointer focus">Line to read first: evidence [{focus.start}:{focus.end})</p>')
            parts.append(f'<blockquote class="focus-text" data-kind="{kind}">{esc(focus.text)}</blockquote>')
            parts.append('<p class="pointer">The whole window the verifier read:</p>')
        parts.append(f'<blockquote class="window-text" data-kind="{kind}">{esc(deciding[1].text)}</blockquote>')
    if unit.signals:
        signals = ", ".join(f"{k} {v}" for k, v in sorted(unit.signals.items()))
        parts.append(f'<p class="signals">Signals: {esc(signals)}</p>')
    if unit.cues:
        parts.extend(f'<p class="cue">{esc(note)}</p>' for note in describe(unit.cues))
        numbers = [
            f"{label} {value:.2f}"
            for label, value in (
                ("best sentence alignment", unit.cues.get("alignment")),
                ("P(E | whole evidence)", unit.cues.get("coverage_entail")),
            )
            if isinstance(value, float)
        ]
        if numbers:
            parts.append(f'<p class="signals">{esc(", ".join(numbers))}</p>')
    parts.append("</div>")
    return "".join(parts)


def _units_table(units: Sequence[UnitResult]) -> str:
    rows = []
    for unit in units:
        deciding = deciding_pointer(unit)
        evidence = (
            "–"
            if deciding is None
            else f"{esc(evidence_role(unit.verdict))} {esc(where(deciding[1]))} {esc(window_label(*deciding))}: "
            f"{esc(deciding[1].text)}"
        )
        rows.append(
            f'<tr data-unit="{unit.index}"><td class="num">{unit.index + 1}</td><td>{verdict_badge(unit.verdict)}</td>'
            f'<td class="num">{num(unit.p_entail)}</td><td class="num">{num(unit.p_contradict)}</td>'
            f'<td class="num">{num(unit.suspicion)}</td><td>{_where(unit)} {esc(unit.text)}</td>'
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


@dataclass(frozen=True, slots=True)
class Rendered:
    section: str
    data: JSONObject


def render_item(k: int, result: CheckResult, item: CheckItem | None) -> Rendered:
    name, _, present = item_label(k, result, item)
    head = [
        f'<section class="item" id="item-{k}" data-item="{k}" data-status="{esc(result.status)}"'
        f' data-flagged="{flag_attr(result)}" data-verdicts="{present}" aria-labelledby="item-{k}-title">',
        f'<header class="item-head"><h2 id="item-{k}-title">{esc(name)}</h2> {flag_html(result)}',
    ]
    if result.status != "ok":
        head.append(f'</header><p class="reason">{esc(result.reason or "no reason given")}</p></section>')
        return Rendered("".join(head), {"id": name, "blocks": [], "windows": {}})
    meta = [
        ("score", num(result.score)),
        ("detector", result.detector),
        ("verifier", result.verifier_id or "–"),
        ("windows", str(result.windows)),
        ("pairs", str(result.pairs)),
        ("verifier passes", str(result.verifier_passes)),
    ]
    head.append('<dl class="meta">' + "".join(f"<div><dt>{k}</dt><dd>{esc(v)}</dd></div>" for k, v in meta) + "</dl>")
    head.append("</header>")
    if item is not None and item.question:
        head.append(f'<p class="question"><strong>Question:</strong> {esc(item.question)}</p>')
    notes: list[str] = []
    response = item.response if item is not None else None
    evidence = item.evidence if item is not None else None
    if response is not None and not _slices_back(response, result.units):
        notes.append("The units do not slice back to the given response; showing the unit texts instead.")
        response = None
    pointers = valid_pointers(result.units)
    passages = {p.id: p.text for p in item.passages} if item is not None and item.passages is not None else None
    if evidence is not None and not all(_matches(evidence, passages, p) for p in pointers):
        notes.append("The evidence pointers do not match the given evidence; showing the pointer texts instead.")
        evidence = None
    if item is None:
        notes.append(
            "The response and evidence texts were not provided: units are shown in order (gaps as single spaces) "
            "and only the evidence windows the detector pointed to."
        )
    notes.extend(result.caveats)
    if evidence is None:
        blocks = pointer_blocks(result.units)
    elif item is not None and item.passages is not None:
        blocks = passage_blocks(item.passages)
    else:
        blocks = [Block(0, evidence)]
    windows: dict[str, JSON] = {}
    for unit in result.units:
        deciding = deciding_pointer(unit)
        if deciding is None:
            continue
        place = locate(blocks, deciding[1])
        if place is not None:
            window: JSONObject = {
                "kind": deciding[0],
                "block": place[0],
                "s": place[1],
                "e": place[2],
                "label": f"{evidence_role(unit.verdict)}: {window_label(*deciding)}",
            }
            if deciding[1].passage is not None:
                window["passage"] = deciding[1].passage
            windows[str(unit.index)] = window
    answer, overflow = _answer_html(response, result.units)
    body = list(head)
    body += [f'<p class="note">{esc(n)}</p>' for n in notes]
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
        if block.passage is None:
            body.append(f'<div class="ev-block" data-block="{b}" data-start="{block.start}">{esc(block.text)}</div>')
            continue
        passage = esc(block.passage)
        body.append(f'<p class="ev-passage" data-passage="{passage}"><strong>Passage {passage}</strong></p>')
        body.append(
            f'<div class="ev-block" data-block="{b}" data-start="{block.start}" data-passage="{passage}"'
            f' data-passage-start="{block.passage_start}" aria-label="passage {passage}">'
            f"{esc(block.text)}</div>"
        )
    body.append("</div></div></div>")
    if result.units:
        body.append(_units_table(result.units))
    body.append("</section>")
    data: JSONObject = {"id": name, "blocks": [b.text for b in blocks], "windows": windows}
    return Rendered("".join(body), data)
