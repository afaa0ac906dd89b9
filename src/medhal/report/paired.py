"""Markdown and figures for a paired clinical error-detection run (seed 002 Tables 2, 3 and 15, Figures 3-5).

Renders the typed result of ``medhal bench paired`` / ``medhal score paired``
(:class:`~medhal.bench.paired.results.PairedResult`): per configuration (and ``mean``) ``pointwise``, ``pairs``,
``eca`` and ``parse_failures``.  Computes nothing new.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from medhal.bench.paired.results import Cell, ConfigMetrics, PairedResult, PairedRow, Section
from medhal.bench.paired.runs import AcrossReport
from medhal.detect.records import JSON
from medhal.report.format import figures_section, num, pct, plotting_available, pyplot, save_figure, value_of
from medhal.report.html_report import write_html_report

__all__ = ["across_markdown", "bcr_bars", "eca_bars", "f1_bcr_scatter", "paired_markdown", "write_paired_report"]

_ECA = (("a", "A both-hit"), ("b", "B TP-only"), ("c", "C FP-only"), ("d", "D neither"), ("e", "E extraction-fail"))


def _section(row: PairedRow, name: Section) -> Mapping[str, Cell]:
    return row.section(name) or {}


def _count(value: object) -> str:
    return num(value, ".0f")


_Column = tuple[str, str, Callable[[object], str]]
"""A table column: its heading, the key of its value in the row's section and how the value prints."""

_PAIRWISE: tuple[_Column, ...] = (
    ("pairs", "n", _count),
    ("BC", "bc", _count),
    ("Pred1", "pred1", _count),
    ("Pred0", "pred0", _count),
    ("BW", "bw", _count),
    ("BCR %", "bcr", pct),
    ("E[BCR] % (paired sens x spec)", "expected_bcr", pct),
    ("R_indep", "r_independence", num),
    ("random %", "random_bcr", pct),
)
_POINTWISE: tuple[_Column, ...] = (
    ("BalAcc", "balanced_accuracy", num),
    ("F1", "f1", num),
    ("Prec", "precision", num),
    ("Rec", "recall", num),
    ("Spec", "specificity", num),
    ("MCC", "mcc", num),
    ("Flag %", "flag_rate", pct),
)
_ECA_TABLE: tuple[_Column, ...] = (
    ("n", "n", _count),
    ("TP loc %", "tp_localization", pct),
    ("FP hit %", "fp_evidence_hit", pct),
    *((key.upper(), key, _count) for key, _ in _ECA),
    ("random % (medhal)", "random_baseline", pct),
)


def _cells(section: Mapping[str, Cell], columns: Sequence[_Column]) -> list[str]:
    return [show(section.get(key)) for _, key, show in columns]


def _headings(columns: Sequence[_Column]) -> list[str]:
    return [heading for heading, _, _ in columns]


def _table(headings: Sequence[str], rows: Iterable[tuple[str, Sequence[str]]]) -> list[str]:
    """A Markdown table: a ``config`` column, then ``headings`` (right-aligned); one line per ``(name, cells)``."""
    lines = ["| " + " | ".join(["config", *headings]) + " |", "|---|" + "---:|" * len(headings)]
    return lines + ["| " + " | ".join([name, *cells]) + " |" for name, cells in rows]


def f1_bcr_scatter(configs: Mapping[str, ConfigMetrics], path: Path) -> Path:
    """F1 against BCR per configuration with the deception zone (F1 >= 0.6, BCR < 25%) shaded (seed 002 §4.5)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(4.6, 3.6), dpi=120)
    ax.axvspan(0.6, 1.0, ymin=0.0, ymax=0.25, color="#e76f51", alpha=0.15, label="deception zone")
    for name, m in configs.items():
        f1, bcr = value_of(_section(m, "pointwise").get("f1")), value_of(_section(m, "pairs").get("bcr"))
        if f1 is None or bcr is None:
            continue
        ax.scatter([f1], [bcr], color="#264653", s=36)
        ax.annotate(name, (f1, bcr), fontsize=7, xytext=(4, 3), textcoords="offset points")
    ax.axhline(0.25, color="#9e9e9e", lw=0.8, ls="--")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("F1 (pointwise)")
    ax.set_ylabel("Both-Correct Rate")
    ax.legend(fontsize=7, loc="upper left")
    return save_figure(fig, path)


def bcr_bars(configs: Mapping[str, ConfigMetrics], path: Path) -> Path:
    """Actual BCR beside the BCR expected under independence (sensitivity x specificity), per configuration."""
    plt = pyplot()
    names = list(configs)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(names) + 1.5), 3.4), dpi=120)
    for x, name in enumerate(names):
        pairs = _section(configs[name], "pairs")
        ax.bar(x - 0.2, 100 * (value_of(pairs.get("bcr")) or 0.0), 0.4, color="#2a9d8f")
        ax.bar(x + 0.2, 100 * (value_of(pairs.get("expected_bcr")) or 0.0), 0.4, color="#9e9e9e")
    ax.axhline(25.0, color="#e76f51", lw=0.8, ls="--")
    ax.set_xticks(range(len(names)), names, rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("% of pairs")
    ax.set_title("BCR (green) vs expected under independence (grey); 25% = random", fontsize=9)
    return save_figure(fig, path)


def eca_bars(configs: Mapping[str, ConfigMetrics], path: Path) -> Path:
    """ECA composition (A-E shares of the analysed pairs) per configuration, stacked (seed 002 Table 15)."""
    plt = pyplot()
    names = [n for n in configs if configs[n].section("eca")]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(names) + 2.5), 3.4), dpi=120)
    colours = ("#2a9d8f", "#8ab17d", "#e9c46a", "#f4a261", "#9e9e9e")
    for x, name in enumerate(names):
        eca = _section(configs[name], "eca")
        total = sum(value_of(eca.get(k)) or 0.0 for k, _ in _ECA) or 1.0
        bottom = 0.0
        for (key, label), colour in zip(_ECA, colours, strict=True):
            share = 100 * (value_of(eca.get(key)) or 0.0) / total
            ax.bar(x, share, 0.6, bottom=bottom, color=colour, label=label if x == 0 else None)
            bottom += share
    ax.set_xticks(range(len(names)), names, rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("% of analysed pairs")
    ax.legend(fontsize=7, bbox_to_anchor=(1.02, 1), loc="upper left")
    return save_figure(fig, path)


def _meta_value(value: JSON) -> JSON:
    """A ``config.json`` option as the report shows it: a ``--limit`` sample without its list of ids (they stay in
    ``config.json``), the other options as they are."""
    if isinstance(value, dict) and isinstance(value.get("ids"), list):
        return {k: v for k, v in value.items() if k != "ids"}
    return value


def paired_markdown(
    configs: Mapping[str, PairedRow],
    *,
    meta: Mapping[str, JSON] | None = None,
    figures: Mapping[str, str] | None = None,
) -> str:
    """Tables 2 (pairwise), 3 (pointwise) and 15 (ECA) of seed 002 for one model on one dataset."""
    lines = ["# Paired clinical error detection", ""]
    lines += [f"- {k}: {_meta_value(v)}" for k, v in (meta or {}).items()]
    lines += ["", "## Pairwise (seed 002 Table 2)", ""]
    pairwise = ((name, _cells(_section(m, "pairs"), _PAIRWISE)) for name, m in configs.items())
    lines += _table(_headings(_PAIRWISE), pairwise)
    lines += ["", "## Pointwise (seed 002 Table 3)", ""]
    pointwise = (
        (name, [*_cells(_section(m, "pointwise"), _POINTWISE), _count(m.failures)]) for name, m in configs.items()
    )
    lines += _table([*_headings(_POINTWISE), "parse failures"], pointwise)
    if any(m.section("eca") for m in configs.values()):
        lines += ["", "## Evidence Contrastive Analysis (seed 002 Table 15)", ""]
        eca = ((name, _cells(e, _ECA_TABLE)) for name, m in configs.items() if (e := m.section("eca")))
        lines += _table(_headings(_ECA_TABLE), eca)
        lines += [
            "",
            "random % (medhal): 1 / mean sentences per note over the pair set's notes.  It is not the seed's printed"
            " 12.6 / 9.3 / 27.7% (MS-Test / MEB-EN / MEB-CN), which none of the data-only countings tried reproduces"
            " (see `medhal.bench.paired.eca`).",
        ]
    lines += figures_section(figures)
    return "\n".join(lines).rstrip() + "\n"


def write_paired_report(out_dir: Path, result: PairedResult, meta: Mapping[str, JSON]) -> Path:
    """Write ``report.md`` (with figures when matplotlib is installed) and ``report.html`` into the run directory;
    return ``report.md``'s path.  ``meta``: the run's ``config.json`` options."""
    configs = {k: v for k, v in result.configs.items() if v.section("pointwise") and v.section("pairs")}
    figures: dict[str, str] = {}
    if plotting_available() and configs:
        f1_bcr_scatter(configs, out_dir / "f1_vs_bcr.png")
        bcr_bars(configs, out_dir / "bcr_vs_expected.png")
        figures["F1 vs BCR with the deception zone (seed 002 §4.5)"] = "f1_vs_bcr.png"
        figures["BCR vs BCR expected under independence"] = "bcr_vs_expected.png"
        if any(v.section("eca") for v in configs.values()):
            eca_bars(configs, out_dir / "eca.png")
            figures["ECA composition (seed 002 Table 15)"] = "eca.png"
    rows = {k: v for k, v in result.rows().items() if v.section("pointwise") and v.section("pairs")}
    (out_dir / "report.md").write_text(paired_markdown(rows, meta=meta, figures=figures), encoding="utf-8")
    write_html_report(out_dir)
    return out_dir / "report.md"


def across_markdown(report: AcrossReport) -> str:
    """``across.md`` of ``medhal score paired-runs``: correlations (Table 8), the deception zone, top-k by F1 vs by
    BCR (Table 9) and actual vs expected BCR under independence (Table 10)."""
    lines = ["# Paired runs compared (seed 002 §4.5)", "", "## Correlations (Table 8)", ""]
    for row in report.correlations:
        cells = row.to_dict().items()
        lines.append("- " + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in cells))
    lines += ["", "## Deception zone: F1 >= 0.6 and BCR < 25%", ""]
    lines += [f"- {r.model} on {r.dataset}: F1 {r.f1:.3f}, BCR {100 * r.bcr:.1f}%" for r in report.deception_zone]
    lines += ["", f"## Top-{report.k} by F1 vs by BCR (Table 9)", ""]
    lines += ["- " + json.dumps(row.to_dict(), ensure_ascii=False) for row in report.top_k]
    lines += ["", "## Actual vs expected BCR under independence (Table 10)", ""]
    lines += ["- " + json.dumps(row.to_dict(), ensure_ascii=False) for row in report.independence]
    return "\n".join(lines) + "\n"
