"""Verdict names, icons and the small formatting helpers every part of the viewer uses."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import NamedTuple

from medhal.detect.records import CheckItem, CheckResult, EvidencePointer, UnitResult, Verdict

VERDICTS: tuple[Verdict, ...] = ("supported", "contradicted", "unsupported")
SEVERITY: tuple[Verdict, ...] = ("contradicted", "unsupported", "supported")
"""The verdicts from the most to the least severe, the order an item's verdicts are listed in."""
ICONS = {"supported": "✓", "contradicted": "✗", "unsupported": "?"}
CUES = {"supported": "solid underline", "contradicted": "wavy underline", "unsupported": "dashed underline"}


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def num(value: float | None, spec: str = ".3f") -> str:
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


def verdict_badge(verdict: str) -> str:
    icon = f'<span aria-hidden="true">{ICONS[verdict]}</span>'
    return f'<span class="badge" data-verdict="{esc(verdict)}">{icon} {esc(verdict)}</span>'


def flag_html(result: CheckResult) -> str:
    if result.status != "ok":
        return f'<span class="flag error">⚠ {esc(result.status.replace("_", " "))}</span>'
    if result.flagged:
        return '<span class="flag flagged">⚑ FLAGGED</span>'
    return '<span class="flag clean">not flagged</span>' if result.flagged is False else ""


def flag_attr(result: CheckResult) -> str:
    return "none" if result.flagged is None else str(bool(result.flagged)).lower()


def verdict_counts(units: Sequence[UnitResult]) -> dict[str, int]:
    return {v: sum(u.verdict == v for u in units) for v in VERDICTS}


class ItemLabel(NamedTuple):
    """What both the item list and an item's section show of an item."""

    name: str
    """Its result's id, else its input's, else ``item <k + 1>``."""
    counts: dict[str, int]
    """Units per verdict (:func:`verdict_counts`)."""
    verdicts: str
    """The ``data-verdicts`` attribute: the verdicts it has units of, most severe first (:data:`SEVERITY`)."""


def item_label(k: int, result: CheckResult, item: CheckItem | None) -> ItemLabel:
    """The :class:`ItemLabel` of the ``k``-th item."""
    name = result.id or (item.id if item is not None else None) or f"item {k + 1}"
    counts = verdict_counts(result.units)
    return ItemLabel(name, counts, " ".join(v for v in SEVERITY if counts[v]))
