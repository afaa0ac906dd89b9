"""Terminal rendering of a check result: the answer coloured by verdict, and the deciding evidence."""

from __future__ import annotations

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from medhal.detect import CheckResult, UnitResult

__all__ = ["render_result"]

STYLES = {"supported": "green", "contradicted": "bold red", "unsupported": "yellow"}
MARKS = {"supported": "OK", "contradicted": "CONTRADICTED", "unsupported": "UNSUPPORTED"}


def _snippet(text: str, limit: int = 220) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _deciding(unit: UnitResult) -> str:
    pointer = unit.contradicting if unit.verdict == "contradicted" else unit.entailing
    if pointer is None:
        return ""
    return f"[{pointer.start}:{pointer.end}] {_snippet(pointer.text)}"


def answer_text(result: CheckResult, response: str) -> Text:
    """The response with each unit styled by its verdict (text between units left plain)."""
    out = Text()
    cursor = 0
    for unit in sorted(result.units, key=lambda u: u.start):
        out.append(response[cursor : unit.start])
        out.append(response[unit.start : unit.end], style=STYLES[unit.verdict])
        cursor = unit.end
    out.append(response[cursor:])
    return out


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
            Text(f"[{unit.start}:{unit.end}] {unit.text}"),
            Text(_deciding(unit)),
        )
    parts: list[Text | Table] = [header]
    if response is not None:
        parts.append(answer_text(result, response))
    parts.append(table)
    parts.extend(Text(f"note: {note}", style="dim") for note in result.caveats)
    console.print(Panel(Group(*parts), title=result.id or "check", title_align="left"))
