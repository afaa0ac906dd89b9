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
  "windows": {"I": {"kind", "block", "s", "e", "label"[, "passage"]}}}]}`` where ``s``/``e`` are UTF-16 offsets
  into ``blocks[block]`` (what JavaScript's ``String.slice`` counts) and ``passage`` is the id of the passage the
  window lies in (evidence given as passages only).
- ``section.item#item-K[data-item=K][data-status][data-flagged="true|false|none"][data-verdicts]``: one per result.
- ``.answer span.unit[data-unit=I][data-verdict=supported|contradicted|unsupported][data-start][data-end]
  [tabindex="0"][role="button"][aria-label][aria-pressed]``: ``data-start``/``data-end`` are the unit's
  half-open code-point offsets into the response.  Units that cannot sit inline (overlapping spans) are listed,
  with the same markup, in ``ul.overflow-units``.  A ``claim`` unit sits over the answer span it was aligned to
  (the span's text is shown; its ``aria-label`` and detail give the claim as verified); a claim that could not be
  aligned has no ``data-start``/``data-end`` and ``data-aligned="false"``, and is listed, with the same markup, in
  ``ul.unaligned-units`` with the reason.
- ``.evidence .ev-block[data-block=B]``: the evidence text (one block holding the whole evidence when it is
  known, else one block per run of overlapping pointer windows, ``.ev-gap`` between them).  Evidence given as
  passages has one block per passage (or per run of pointer windows inside one passage) with
  ``[data-passage=ID][data-passage-start]`` (the block's offset in its passage), each after a
  ``p.ev-passage[data-passage=ID]`` label: passage boundaries are visible and a window is highlighted inside the
  passage its pointer names, at the pointer's offsets inside that passage.
- ``mark.evidence-window[data-unit=I][data-kind=entailing|contradicting][data-label]``: inserted into an
  ``.ev-block`` while unit I is active (hover, focus, click); only one exists per item at a time.
- ``.unit.active`` (shown now) and ``.unit.pinned`` (clicked / Enter / Space / focused; hover falls back to it).
- ``.detail .unit-detail[data-unit=I]``: the unit's verdict, probabilities and pointers; ``hidden`` unless active.
- ``nav#item-nav a.item-link[data-item=K][aria-current]`` inside ``li[data-item=K]``: the item list (batch only);
  ``#filter-flagged`` (checkbox), ``#filter-verdict`` (select: any, contradicted, unsupported, supported, error),
  ``#filter-count`` (live region), ``#no-match``.
- ``#summary [data-count=items|ok|flagged|errors|supported|contradicted|unsupported]``: the counts.

The page's CSS and JS are package data (``medhal/report/assets/viewer.css`` and ``viewer.js``), read once and
inlined verbatim: the CSP hashes are over their exact text.  The pieces of a page live in
:mod:`medhal.report._viewer`; this module assembles them and is the public entry point.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Sequence
from importlib.resources import files

from medhal.detect.records import JSON, CheckItem, CheckResult
from medhal.report._viewer.common import (
    CUES,
    ICONS,
    SEVERITY,
    VERDICTS,
    deciding_pointer,
    esc,
    flag_attr,
    flag_html,
    item_label,
    num,
    verdict_counts,
)
from medhal.report._viewer.item import render_item
from medhal.report._viewer.records import result_from_dict

__all__ = ["VERDICTS", "deciding_pointer", "render_check_html", "result_from_dict"]


def _asset(name: str) -> str:
    """The text of ``medhal/report/assets/<name>``, exactly as stored (bytes decoded, no newline translation)."""
    return files("medhal.report").joinpath("assets", name).read_bytes().decode("utf-8")


_CSS = _asset("viewer.css")
_JS = _asset("viewer.js")


def _nav_entry(k: int, result: CheckResult, item: CheckItem | None) -> str:
    name, counts, present = item_label(k, result, item)
    if result.status != "ok":
        state = "input error" if result.status == "input_error" else result.status.replace("_", " ")
        badge = f'<span class="flag error">⚠ {esc(state)}</span>'
        tally = ""
    else:
        badge = flag_html(result) + (f' <span class="score">{num(result.score, ".2f")}</span>')
        spoken = ", ".join(f"{counts[v]} {v}" for v in SEVERITY)
        shown = " ".join(f"{ICONS[v]}{counts[v]}" for v in SEVERITY)
        tally = (
            f'<span class="tally"><span class="sr-only">{spoken}</span><span aria-hidden="true">{shown}</span></span>'
        )
    return (
        f'<li data-item="{k}" data-status="{esc(result.status)}" data-flagged="{flag_attr(result)}"'
        f' data-verdicts="{present}"><a class="item-link" href="#item-{k}" data-item="{k}" aria-current="false">'
        f'<span class="item-name">{esc(name)}</span> {badge} {tally}</a></li>'
    )


def _summary(results: Sequence[CheckResult]) -> str:
    units = [u for r in results for u in r.units]
    counts = verdict_counts(units)
    cells = [
        ("items", "items", len(results)),
        ("ok", "checked", sum(r.status == "ok" for r in results)),
        ("flagged", "flagged", sum(bool(r.flagged) for r in results)),
        ("errors", "not checked", sum(r.status != "ok" for r in results)),
        ("supported", f"{ICONS['supported']} supported units", counts["supported"]),
        ("contradicted", f"{ICONS['contradicted']} contradicted units", counts["contradicted"]),
        ("unsupported", f"{ICONS['unsupported']} unsupported units", counts["unsupported"]),
    ]
    body = "".join(f'<div><dt>{esc(label)}</dt><dd data-count="{key}">{n}</dd></div>' for key, label, n in cells)
    return (
        '<section id="summary" aria-label="Summary"><h2 class="sr-only">Summary</h2>'
        f'<dl class="counts">{body}</dl></section>'
    )


def _legend() -> str:
    entries = "".join(
        f'<li><span class="unit-sample" data-verdict="{v}">{v}</span> {ICONS[v]} {CUES[v]}</li>' for v in VERDICTS
    )
    entries += (
        '<li><mark class="window-sample entailing">entailing window</mark> supports a unit (P(E)); for an '
        "unsupported unit, the closest evidence found, which does not support it</li>"
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


def _json_script(payload: JSON) -> str:
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
    from medhal._version import __version__

    if items is not None and len(items) != len(results):
        raise ValueError(f"got {len(results)} result(s) but {len(items)} item(s)")
    paired = list(zip(results, items if items is not None else [None] * len(results), strict=True))
    rendered = [render_item(k, r, i) for k, (r, i) in enumerate(paired)]
    batch = len(results) > 1
    csp = (
        f"default-src 'none'; img-src data:; style-src '{_sha256(_CSS)}'; script-src '{_sha256(_JS)}';"
        " base-uri 'none'; form-action 'self'"
    )
    parts = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{esc(csp)}">',
        f'<meta name="generator" content="medhal {esc(__version__)}">',
        f"<title>{esc(title)}</title><style>{_CSS}</style></head>",
        f'<body class="{"batch" if batch else "single"}">',
        '<a class="skip" href="#main">Skip to the results</a>',
        f'<header class="page-head"><h1>{esc(title)}</h1>',
        f'<p class="sub">{len(results)} result(s) · medhal {esc(__version__)} · self-contained audit view</p></header>',
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
