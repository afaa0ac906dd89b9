"""Markdown for a detection benchmark run: the seed 000 Table 6 shape of ``medhal bench detection`` and the Table 6
protocol of ``--protocol table6`` / ``medhal score detection`` beside the published cells.  Renders the suites'
typed results (:class:`~medhal.bench.detection.suite.DetectionResult`,
:class:`~medhal.bench.detection.table6_suite.Table6Result`); computes nothing new."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from medhal.bench.detection.suite import DetectionResult
from medhal.bench.detection.table6 import TABLE6_DATASETS, TABLE6_PRINTED, PublishedDetection, table6_cells
from medhal.bench.detection.table6_suite import Table6Entry, Table6Result
from medhal.detect.records import JSON
from medhal.report.format import num
from medhal.report.html_report import write_html_report

__all__ = ["detection_markdown", "table6_markdown", "write_detection_report", "write_table6_report"]


def detection_markdown(result: DetectionResult, meta: Mapping[str, JSON]) -> str:
    """Seed 000 Table 6-shaped Markdown: one row per detector, CIs, statuses, and the paired comparisons."""
    lines = ["# Detection benchmark", ""]
    lines += [f"- {k}: {v}" for k, v in meta.items()]
    lines += [
        "",
        "| detector | n | AUC-PR [95% CI] | F1 (opt.) | thr. | F1 (dev thr.) | thr. (dev) | P | R | statuses |",
    ]
    lines.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---|")
    for name, m in result.detectors.items():
        r = m.report
        ci = None if r is None else r.ci.get("auc_pr")
        auc = num(m.auc_pr) + (f" [{num(ci[0])}, {num(ci[1])}]" if ci else "")
        statuses = ", ".join(f"{k} {v}" for k, v in m.statuses.items())
        if r is None:
            cells = " | ".join(["-"] * 6)
        else:
            cells = " | ".join(
                num(v) for v in (r.f1_opt, r.threshold_opt, r.f1_dev, r.threshold_dev, r.precision, r.recall)
            )
        lines.append(f"| {name} | {m.n} | {auc} | {cells} | {statuses} |")
    lines += [
        "",
        "F1 (opt.) tunes its threshold on the evaluated items (seed 000's protocol, optimistic); F1 (dev thr.) "
        "applies the F1-optimal threshold of a separate dev split.",
    ]
    if result.comparisons:
        lines += ["", "## Paired bootstrap (AUC-PR, two-sided, Holm-corrected)", ""]
        lines += ["| a | b | n | delta | p | p (Holm) |", "|---|---|---:|---:|---:|---:|"]
        for c in result.comparisons:
            lines.append(
                f"| {c.a} | {c.b} | {c.n} | {num(c.test.delta, '+.3f')} | {num(c.test.pvalue)} | {num(c.pvalue_holm)} |"
            )
    return "\n".join(lines) + "\n"


def write_detection_report(out_dir: Path, result: DetectionResult, meta: Mapping[str, JSON]) -> Path:
    """Write ``report.md`` (:func:`detection_markdown`) and ``report.html``; return ``report.md``'s path.
    ``meta``: the run's ``config.json`` options without the detector list."""
    path = out_dir / "report.md"
    path.write_text(detection_markdown(result, meta), encoding="utf-8")
    write_html_report(out_dir)
    return path


def _cell(value: float | None) -> str:
    return "-" if value is None or math.isnan(value) else f"{value:.3f}"


def table6_markdown(
    published: PublishedDetection | None,
    medhal: Mapping[str, Table6Entry] | None = None,
    *,
    dataset: str | None = None,
) -> str:
    """Markdown: Table 6 recomputed from the published file beside the printed cells; with ``medhal`` (detector ->
    its :class:`Table6Entry`), medhal's numbers under the same protocol beside the published cell of ``dataset``
    for each detector's counterpart."""
    lines: list[str] = []
    if published is not None:
        lines += [
            "## Seed 000 Table 6 recomputed from the published file",
            "",
            "Cells: bootstrap mean over the three pooled seeds (1000 resamples, grid F1-optimal threshold re-tuned "
            "on each), rounded; Avg: mean of the five. In brackets the paper's printed cell where it differs.",
            "",
        ]
        for metric in ("F1", "AUC-PR"):
            rows = TABLE6_PRINTED[metric]
            cells = table6_cells(published, metric, methods=tuple(rows))
            lines.append(f"| {metric} | " + " | ".join((*TABLE6_DATASETS, "Avg")) + " |")
            lines.append("|---|" + "---:|" * (len(TABLE6_DATASETS) + 1))
            for method, values in cells.items():
                shown = [
                    _cell(v) if f"{v:.3f}" == f"{p:.3f}" else f"{_cell(v)} ({p:.3f})"
                    for v, p in zip(values, rows[method], strict=True)
                ]
                lines.append(f"| {method} | " + " | ".join(shown) + " |")
            lines.append("")
    if medhal:
        lines += [
            "## medhal under the Table 6 protocol" + (f" ({dataset})" if dataset else ""),
            "",
            "| detector | seeds | n | F1 (boot. mean) | F1 CI | AUC-PR (boot. mean) | AUC-PR CI | F1 seeds' mean "
            "| published counterpart | its F1 | its AUC-PR |",
            "|---|---|---:|---:|---|---:|---|---:|---|---:|---:|",
        ]
        for name, entry in medhal.items():
            boot = entry.bootstrap or {}
            f1, ap = boot.get("F1"), boot.get("AUC-PR")
            other = published.counterpart(name) if published is not None else None
            pub_f1 = pub_ap = None
            if published is not None and other and dataset and other in published.per_method.get(dataset, {}):
                pub_f1 = published.bootstrap_mean(dataset, other, "F1")
                pub_ap = published.bootstrap_mean(dataset, other, "AUC-PR")
            seeds_f1 = None if entry.seeds_summary is None else entry.seeds_summary["F1"]
            f1_cells = ("-", "-", "-") if f1 is None else (_cell(f1.mean), _cell(f1.ci_low), _cell(f1.ci_high))
            ap_cells = ("-", "-", "-") if ap is None else (_cell(ap.mean), _cell(ap.ci_low), _cell(ap.ci_high))
            lines.append(
                f"| {name} | {', '.join(str(s) for s in entry.seeds)} | {entry.n}"
                f" | {f1_cells[0]} | [{f1_cells[1]}, {f1_cells[2]}]"
                f" | {ap_cells[0]} | [{ap_cells[1]}, {ap_cells[2]}]"
                f" | {_cell(seeds_f1)} | {other or '-'} | {_cell(pub_f1)} | {_cell(pub_ap)} |"
            )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def write_table6_report(out_dir: Path, result: Table6Result, meta: Mapping[str, JSON]) -> Path:
    """Write the Table 6 protocol's ``report.md``: the run's settings, then :func:`table6_markdown`."""
    header = ["# Detection, seed 000 Table 6 protocol", ""] + [f"- {k}: {v}" for k, v in meta.items()] + [""]
    path = out_dir / "report.md"
    text = "\n".join(header) + "\n" + table6_markdown(result.published, result.detectors, dataset=result.dataset)
    path.write_text(text, encoding="utf-8")
    return path
