"""Markdown and figures for a localization / detection benchmark run (seed 000 Figure 2, Figure 5, Table 3).

Renders the ``metrics.json`` of ``medhal bench localization`` / ``medhal bench detection``; computes nothing new.
Figures need matplotlib (``pip install 'medhal[report]'``); without it the report says so and keeps the tables.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from medhal.report.format import num, pct
from medhal.report.html_report import write_html_report

__all__ = [
    "detection_localization_scatter",
    "localization_bar_chart",
    "localization_markdown",
    "plotting_available",
    "write_localization_report",
]

_SIGNIFICANT, _NOT_SIGNIFICANT, _RANDOM = "#2a9d8f", "#e76f51", "#9e9e9e"


def plotting_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _localizing(metrics: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, Mapping[str, Any]]]:
    return [(name, m) for name, m in metrics.items() if m.get("hit1") is not None]


def localization_bar_chart(metrics: Mapping[str, Mapping[str, Any]], path: Path) -> Path:
    """hit@1 (bar, coloured by lift > 2 SE) beside the method's own random baseline (grey), per detector, with
    a 2-SE error bar: seed 000 Figure 2.  Writes a PNG and returns its path."""
    plt = _pyplot()
    rows = _localizing(metrics)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.3 * len(rows) + 1.5), 3.6), dpi=120)
    xs = list(range(len(rows)))
    width = 0.38
    for x, (_, m) in zip(xs, rows, strict=True):
        colour = _SIGNIFICANT if m.get("significant") else _NOT_SIGNIFICANT
        ax.bar(x - width / 2, 100 * m["hit1"], width, color=colour, yerr=200 * (m.get("se") or 0.0), capsize=3)
        ax.bar(x + width / 2, 100 * m["rand"], width, color=_RANDOM)
        ax.text(x - width / 2, 100 * m["hit1"] + 1, f"{100 * m['lift']:+.1f}", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(xs, [name for name, _ in rows], rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("% of items")
    ax.set_ylim(0, 105)
    ax.set_title("hit@1 (coloured: lift > 2 SE) vs random baseline (grey)", fontsize=9)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def detection_localization_scatter(metrics: Mapping[str, Mapping[str, Any]], path: Path) -> Path:
    """Detection (AUC-PR, or F1 when given) against localization lift, one point per detector: seed 000 Figure 5.
    Response-level detectors sit at lift 0 (they cannot localize)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(4.8, 3.6), dpi=120)
    for name, m in metrics.items():
        detection = m.get("detection") or {}
        x = detection.get("auc_pr")
        if x is None or (isinstance(x, float) and math.isnan(x)):
            continue
        lift = 100 * m["lift"] if m.get("lift") is not None else 0.0
        colour = (
            _RANDOM if m.get("kind") == "response" else (_SIGNIFICANT if m.get("significant") else _NOT_SIGNIFICANT)
        )
        ax.scatter([x], [lift], color=colour, s=40)
        ax.annotate(name, (x, lift), fontsize=7, xytext=(4, 3), textcoords="offset points")
    ax.axhline(0.0, color=_RANDOM, lw=0.8, ls="--")
    ax.set_xlabel("detection AUC-PR")
    ax.set_ylabel("localization lift (pp)")
    ax.set_title("Detection and localization are separate axes", fontsize=9)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def localization_markdown(
    metrics: Mapping[str, Mapping[str, Any]],
    *,
    title: str = "MedHal-Loc localization faithfulness",
    meta: Mapping[str, Any] | None = None,
    figures: Mapping[str, str] | None = None,
    published: Mapping[str, Mapping[str, Any]] | None = None,
) -> str:
    """A Markdown report: Table 3-shaped localization table, per-type hit@1, detection columns, figures."""
    lines = [f"# {title}", ""]
    for key, value in (meta or {}).items():
        lines.append(f"- {key}: {value}")
    lines += ["", "## Localization (seed 000 §4)", ""]
    lines.append("| detector | kind | n | excl. | cover | hit@1 | hit@3 | rand | lift | SE | sigma | sig. | margin |")
    lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|---:|")
    rows = dict(metrics)
    for name, m in {**{f"{k} (published)": v for k, v in (published or {}).items()}, **rows}.items():
        if m.get("kind") == "response":
            lines.append(f"| {name} | response | - | - | - | 0 (n/a) | - | - | - | - | - | - | - |")
            continue
        lines.append(
            f"| {name} | {m.get('kind', '')} | {m.get('n', '-')} | {m.get('excluded', '-')} | {pct(m.get('coverage'))}"
            f" | {pct(m.get('hit1'))} | {pct(m.get('hit3'))} | {pct(m.get('rand'))} | {pct(m.get('lift'), signed=True)}"
            f" | {pct(m.get('se'))} | {num(m.get('sigma'), '.1f')} | {'yes' if m.get('significant') else 'no'}"
            f" | {num(m.get('margin'), '+.3f')} |"
        )
    types = sorted({t for m in rows.values() for t in (m.get("per_type") or {})})
    if types:
        lines += ["", "### hit@1 / rand by error type", ""]
        lines.append("| detector | " + " | ".join(types) + " |")
        lines.append("|---|" + "---:|" * len(types))
        for name, m in rows.items():
            per = m.get("per_type") or {}
            cells = [f"{pct(per[t]['hit1'])} / {pct(per[t]['rand'])}" if t in per else "-" for t in types]
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
        lines += ["", "### Coverage by error type (seed 000 Table 4: share of items with a unit on the gold span)", ""]
        lines.append("| detector | all | " + " | ".join(types) + " |")
        lines.append("|---|---:|" + "---:|" * len(types))
        for name, m in rows.items():
            per = m.get("per_type") or {}
            cells = [pct(per[t].get("coverage")) if t in per else "-" for t in types]
            lines.append(f"| {name} | {pct(m.get('coverage'))} | " + " | ".join(cells) + " |")
    detection_rows = [(name, m["detection"]) for name, m in rows.items() if m.get("detection")]
    if detection_rows:
        lines += ["", "## Detection (hallucinated = 1, clean = 0)", ""]
        lines.append("| detector | n | AUC-PR | F1 (opt.) | thr. (opt.) | F1 (dev thr.) | thr. (dev) | P | R |")
        lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for name, d in detection_rows:
            lines.append(
                f"| {name} | {d.get('n', '-')} | {num(d.get('auc_pr'))} | {num(d.get('f1_opt'))}"
                f" | {num(d.get('threshold_opt'))} | {num(d.get('f1_dev'))} | {num(d.get('threshold_dev'))}"
                f" | {num(d.get('precision'))} | {num(d.get('recall'))} |"
            )
        lines += [
            "",
            "F1 (opt.) tunes the threshold on the evaluated items themselves (seed 000's protocol, optimistic); "
            "F1 (dev thr.) uses a threshold fixed on a separate dev split (the honest protocol).",
        ]
    statuses: list[tuple[str, Mapping[str, int]]] = [
        (name, m["statuses"]) for name, m in rows.items() if m.get("statuses")
    ]
    if statuses:
        lines += ["", "## Item status", ""]
        for name, counts in statuses:
            lines.append(f"- {name}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    lines += ["", "## Figures", ""]
    if figures:
        for caption, file in figures.items():
            lines.append(f"![{caption}]({file})")
            lines.append("")
    else:
        lines.append("Figures need matplotlib: `pip install 'medhal[report]'`.")
    return "\n".join(lines).rstrip() + "\n"


def write_localization_report(
    out_dir: Path,
    metrics: Mapping[str, Mapping[str, Any]],
    meta: Mapping[str, Any],
    published: Mapping[str, Mapping[str, Any]] | None = None,
) -> Path:
    """Render ``report.md`` (and its PNG figures when matplotlib is there) and ``report.html`` from the metrics of
    :func:`medhal.bench.localization.suite.run_localization_suite` (``meta``: its ``run.json`` without the detector
    list; ``published``: the seed's numbers to print beside them)."""
    figures: dict[str, str] = {}
    if plotting_available():
        if any(m.get("hit1") is not None for m in metrics.values()):
            localization_bar_chart(metrics, out_dir / "localization.png")
            figures["hit@1 vs random baseline per detector (seed 000 Figure 2)"] = "localization.png"
        if any((m.get("detection") or {}).get("auc_pr") is not None for m in metrics.values()):
            detection_localization_scatter(metrics, out_dir / "detection_vs_localization.png")
            figures["detection AUC-PR vs localization lift (seed 000 Figure 5)"] = "detection_vs_localization.png"
    path = out_dir / "report.md"
    path.write_text(localization_markdown(metrics, meta=meta, figures=figures, published=published), encoding="utf-8")
    write_html_report(out_dir)
    return path
