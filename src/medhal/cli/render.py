"""Terminal rendering of a check result: the answer coloured by verdict, and the deciding evidence."""

from __future__ import annotations

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from medhal.detect import CheckResult, UnitResult
from medhal.detect.cue_notes import describe, evidence_role

__all__ = ["render_result"]

STYLES = {"supported": "green", "contradicted": "bold red", "unsupported": "yellow"}
MARKS = {"supported": "OK", "contradicted": "CONTRADICTED", "unsupported": "UNSUPPORTED"}


def _snippet(text: str, limit: int = 220) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _deciding(unit: UnitResult) -> str:
    """The evidence the unit points at, with what it is to the unit and its own probability."""
    contradicted = unit.verdict == "contradicted"
    pointer = unit.contradicting if contradicted else unit.entailing
    if pointer is None:
        return ""
    role = f"{evidence_role(unit.verdict)} ({'P(C)' if contradicted else 'P(E)'} {pointer.probability:.2f}): "
    if pointer.passage is not None:  # evidence given as passages: where in which passage
        where = f"passage {pointer.passage} [{pointer.passage_start}:{pointer.passage_end}]"
        return f"{role}{where} {_snippet(pointer.text)}"
    if pointer.focus is not None:  # the line of a longer window the unit is about; the window's extent after it
        focus = pointer.focus
        first, stop = pointer.sentences
        return (
            f"{role}[{focus.start}:{focus.end}] {_snippet(focus.text)} "
            f"(line of a {stop - first}-sentence window [{pointer.start}:{pointer.end}])"
        )
    return f"{role}[{pointer.start}:{pointer.end}] {_snippet(pointer.text)}"


def answer_text(result: CheckResult, response: str) -> Text:
    """The response with each located unit styled by its verdict (text between units left plain).  A claim is
    styled over the span it was aligned to; where spans overlap, the earlier unit keeps the shared text; claims
    without a span are listed in the table, not here."""
    out = Text()
    cursor = 0
    located = [(u.start, u.end, u) for u in result.units if u.start is not None and u.end is not None]
    for start, end, unit in sorted(located, key=lambda x: (x[0], -x[1], x[2].index)):
        if end <= cursor:
            continue
        start = max(start, cursor)
        out.append(response[cursor:start])
        out.append(response[start:end], style=STYLES[unit.verdict])
        cursor = end
    out.append(response[cursor:])
    return out


def unit_cell(unit: UnitResult) -> Text:
    """The table's unit column: ``[start:end] text``; a claim also shows the answer span it was aligned to when
    that differs from the claim, or why it has none."""
    if unit.start is None or unit.end is None:
        cell = Text("[no span] ", style="bold")
        cell.append(unit.text)
        reason = (unit.alignment or {}).get("reason") or "not found in the answer; verified as extracted"
        cell.append(f"\n{reason}", style="dim")
        return cell
    cell = Text(f"[{unit.start}:{unit.end}] {unit.text}")
    if unit.kind == "claim" and unit.span_text is not None and unit.span_text != unit.text:
        cell.append(f"\nanswer: {_snippet(unit.span_text)}", style="dim")
    for note in describe(unit.cues):  # what a deterministic cue read, in words
        cell.append(f"\n{note}", style="dim")
    return cell


def render_result(console: Console, result: CheckResult, response: str | None = None) -> None:
    """Print one result as a panel: header, the answer coloured by verdict, and a per-unit table."""
    if result.status != "ok":
        console.print(f"[bold]{result.id or 'item'}[/bold]: {result.status}: {result.reason}")
        return
    state = "[bold red]FLAGGED[/]" if result.flagged else "[green]not flagged[/]"
    header = Text.from_markup(
        f"{state}  score {result.score:.3f}  detector {result.detector}  "
        f"windows {result.windows}  verifier passes {result.verifier_passes}"
    )
    table = Table(show_lines=False, expand=True)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("verdict", no_wrap=True)
    table.add_column("P(E)", justify="right", no_wrap=True)
    table.add_column("P(C)", justify="right", no_wrap=True)
    table.add_column("unit", ratio=2)
    table.add_column("deciding evidence", ratio=3)
    for unit in result.units:
        table.add_row(
            str(unit.index + 1),
            Text(MARKS[unit.verdict], style=STYLES[unit.verdict]),
            "-" if unit.p_entail is None else f"{unit.p_entail:.2f}",
            "-" if unit.p_contradict is None else f"{unit.p_contradict:.2f}",
            unit_cell(unit),
            Text(_deciding(unit)),
        )
    parts: list[Text | Table] = [header]
    if response is not None:
        parts.append(answer_text(result, response))
    parts.append(table)
    unplaced = sum(1 for u in result.units if u.start is None)
    if unplaced:
        parts.append(
            Text(
                f"note: {unplaced} claim(s) could not be aligned to the answer ([no span]); each was verified as "
                "extracted and counts in the score.",
                style="dim",
            )
        )
    parts.extend(Text(f"note: {note}", style="dim") for note in result.caveats)
    console.print(Panel(Group(*parts), title=result.id or "check", title_align="left"))
