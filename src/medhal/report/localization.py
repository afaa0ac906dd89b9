"""Markdown and figures for a localization / detection benchmark run (seed 000 Figure 2, Figure 5, Table 3).

Renders the typed result of ``medhal bench localization``
(:class:`~medhal.bench.localization.suite.LocalizationResult`); computes nothing new.
Figures need matplotlib (``pip install 'medhal[report]'``); without it the report says so and keeps the tables.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from medhal.bench.localization.metrics import LocalizationReport, LocalizationScores
from medhal.bench.localization.records import DetectorLocalization
from medhal.bench.localization.suite import LocalizationResult
from medhal.detect.records import JSON
from medhal.report.format import figures_section, num, pct, plotting_available, pyplot, save_figure
from medhal.report.html_report import write_html_report

__all__ = [
    "detection_localization_scatter",
    "localization_bar_chart",
    "localization_markdown",
    "plotting_available",
    "write_localization_report",
]

_SIGNIFICANT, _NOT_SIGNIFICANT, _RANDOM = "#2a9d8f", "#e76f51", "#9e9e9e"


def _localizing(entries: Mapping[str, DetectorLocalization]) -> list[tuple[str, LocalizationScores]]:
    return [(name, m.overall) for name, m in entries.items() if m.overall is not None]


def localization_bar_chart(entries: Mapping[str, DetectorLocalization], path: Path) -> Path:
    """hit@1 (bar, coloured by lift > 2 SE) beside the method's own random baseline (grey), per detector, with
    a 2-SE error bar: seed 000 Figure 2.  Writes a PNG and returns its path."""
    plt = pyplot()
    rows = _localizing(entries)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.3 * len(rows) + 1.5), 3.6), dpi=120)
    xs = list(range(len(rows)))
    width = 0.38
    for x, (_, m) in zip(xs, rows, strict=True):
        colour = _SIGNIFICANT if m.significant else _NOT_SIGNIFICANT
        ax.bar(x - width / 2, 100 * m.hit1, width, color=colour, yerr=200 * (m.se or 0.0), capsize=3)
        ax.bar(x + width / 2, 100 * m.rand, width, color=_RANDOM)
        ax.text(x - width / 2, 100 * m.hit1 + 1, f"{100 * m.lift:+.1f}", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(xs, [name for name, _ in rows], rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("% of items")
    ax.set_ylim(0, 105)
    ax.set_title("hit@1 (coloured: lift > 2 SE) vs random baseline (grey)", fontsize=9)
    return save_figure(fig, path)


def detection_localization_scatter(entries: Mapping[str, DetectorLocalization], path: Path) -> Path:
    """Detection (AUC-PR) against localization lift, one point per detector: seed 000 Figure 5.  Response-level
    detectors sit at lift 0 (they cannot localize)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(4.8, 3.6), dpi=120)
    for name, m in entries.items():
        x = None if m.detection is None else m.detection.auc_pr
        if x is None or math.isnan(x):
            continue
        lift = 100 * m.overall.lift if m.overall is not None else 0.0
        significant = m.overall is not None and m.overall.significant
        colour = _RANDOM if m.kind == "response" else (_SIGNIFICANT if significant else _NOT_SIGNIFICANT)
        ax.scatter([x], [lift], color=colour, s=40)
        ax.annotate(name, (x, lift), fontsize=7, xytext=(4, 3), textcoords="offset points")
    ax.axhline(0.0, color=_RANDOM, lw=0.8, ls="--")
    ax.set_xlabel("detection AUC-PR")
    ax.set_ylabel("localization lift (pp)")
    ax.set_title("Detection and localization are separate axes", fontsize=9)
    return save_figure(fig, path)


def _row(name: str, kind: str, m: LocalizationScores | None) -> str:
    if kind == "response" or m is None:
        return f"| {name} | response | - | - | - | 0 (n/a) | - | - | - | - | - | - | - |"
    return (
        f"| {name} | {kind} | {m.n} | {m.excluded} | {pct(m.coverage)} | {pct(m.hit1)} | {pct(m.hit3)}"
        f" | {pct(m.rand)} | {pct(m.lift, signed=True)} | {pct(m.se)} | {num(m.sigma, '.1f')}"
        f" | {'yes' if m.significant else 'no'} | {num(m.margin, '+.3f')} |"
    )


def localization_markdown(
    entries: Mapping[str, DetectorLocalization],
    *,
    title: str = "MedHal-Loc localization faithfulness",
    meta: Mapping[str, JSON] | None = None,
    figures: Mapping[str, str] | None = None,
    published: Mapping[str, LocalizationReport] | None = None,
) -> str:
    """A Markdown report: Table 3-shaped localization table, per-type hit@1, detection columns, figures."""
    lines = [f"# {title}", ""]
    for key, value in (meta or {}).items():
        lines.append(f"- {key}: {value}")
    lines += ["", "## Localization (seed 000 §4)", ""]
    lines.append("| detector | kind | n | excl. | cover | hit@1 | hit@3 | rand | lift | SE | sigma | sig. | margin |")
    lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|---:|")
    lines += [_row(f"{name} (published)", "ranked", m) for name, m in (published or {}).items()]
    lines += [_row(name, m.kind, m.overall) for name, m in entries.items()]
    types = sorted({t for m in entries.values() for t in m.per_type})
    if types:
        lines += ["", "### hit@1 / rand by error type", ""]
        lines.append("| detector | " + " | ".join(types) + " |")
        lines.append("|---|" + "---:|" * len(types))
        for name, m in entries.items():
            per = m.per_type
            cells = [f"{pct(per[t].hit1)} / {pct(per[t].rand)}" if t in per else "-" for t in types]
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
        lines += ["", "### Coverage by error type (seed 000 Table 4: share of items with a unit on the gold span)", ""]
        lines.append("| detector | all | " + " | ".join(types) + " |")
        lines.append("|---|---:|" + "---:|" * len(types))
        for name, m in entries.items():
            cells = [pct(m.per_type[t].coverage) if t in m.per_type else "-" for t in types]
            overall = None if m.overall is None else m.overall.coverage
            lines.append(f"| {name} | {pct(overall)} | " + " | ".join(cells) + " |")
    detection_rows = [(name, m.detection) for name, m in entries.items() if m.detection is not None]
    if detection_rows:
        lines += ["", "## Detection (hallucinated = 1, clean = 0)", ""]
        lines.append("| detector | n | AUC-PR | F1 (opt.) | thr. (opt.) | F1 (dev thr.) | thr. (dev) | P | R |")
        lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for name, d in detection_rows:
            r = d.report
            cells = (
                ["-"] * 6
                if r is None
                else [num(v) for v in (r.f1_opt, r.threshold_opt, r.f1_dev, r.threshold_dev, r.precision, r.recall)]
            )
            lines.append(f"| {name} | {d.n} | {num(d.auc_pr)} | " + " | ".join(cells) + " |")
        lines += [
            "",
            "F1 (opt.) tunes the threshold on the evaluated items themselves (seed 000's protocol, optimistic); "
            "F1 (dev thr.) uses a threshold fixed on a separate dev split (the honest protocol).",
        ]
    statuses = [(name, m.statuses) for name, m in entries.items() if m.statuses]
    if statuses:
        lines += ["", "## Item status", ""]
        for name, counts in statuses:
            lines.append(f"- {name}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    lines += figures_section(figures)
    return "\n".join(lines).rstrip() + "\n"


def write_localization_report(out_dir: Path, result: LocalizationResult, meta: Mapping[str, JSON]) -> Path:
    """Render ``report.md`` (and its PNG figures when matplotlib is there) and ``report.html`` from the result of
    the localization suite (``meta``: its ``config.json`` options without the detector list; the result's
    ``published`` numbers are printed beside medhal's)."""
    entries = result.detectors
    figures: dict[str, str] = {}
    if plotting_available():
        if _localizing(entries):
            localization_bar_chart(entries, out_dir / "localization.png")
            figures["hit@1 vs random baseline per detector (seed 000 Figure 2)"] = "localization.png"
        if any(m.detection is not None and m.detection.auc_pr is not None for m in entries.values()):
            detection_localization_scatter(entries, out_dir / "detection_vs_localization.png")
            figures["detection AUC-PR vs localization lift (seed 000 Figure 5)"] = "detection_vs_localization.png"
    path = out_dir / "report.md"
    text = localization_markdown(entries, meta=meta, figures=figures, published=result.published)
    path.write_text(text, encoding="utf-8")
    write_html_report(out_dir)
    return path
