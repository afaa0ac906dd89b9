"""Markdown for a detection benchmark run (seed 000 Table 6 shape); renders ``metrics.json`` and the paired
comparisons of ``medhal bench detection``, computes nothing new."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from medhal.report.format import num
from medhal.report.html_report import write_html_report

__all__ = ["detection_markdown", "write_detection_report"]


def detection_markdown(
    metrics: Mapping[str, Mapping[str, Any]], comparisons: Sequence[Mapping[str, Any]], meta: Mapping[str, Any]
) -> str:
    """Seed 000 Table 6-shaped Markdown: one row per detector, CIs, statuses, and the paired comparisons."""
    lines = ["# Detection benchmark", ""]
    lines += [f"- {k}: {v}" for k, v in meta.items()]
    lines += [
        "",
        "| detector | n | AUC-PR [95% CI] | F1 (opt.) | thr. | F1 (dev thr.) | thr. (dev) | P | R | statuses |",
    ]
    lines.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---|")
    for name, m in metrics.items():
        ci = (m.get("ci") or {}).get("auc_pr")
        auc = num(m.get("auc_pr")) + (f" [{num(ci[0])}, {num(ci[1])}]" if ci else "")
        statuses = ", ".join(f"{k} {v}" for k, v in (m.get("statuses") or {}).items())
        lines.append(
            f"| {name} | {m.get('n', '-')} | {auc} | {num(m.get('f1_opt'))} | {num(m.get('threshold_opt'))}"
            f" | {num(m.get('f1_dev'))} | {num(m.get('threshold_dev'))} | {num(m.get('precision'))}"
            f" | {num(m.get('recall'))} | {statuses} |"
        )
    lines += [
        "",
        "F1 (opt.) tunes its threshold on the evaluated items (seed 000's protocol, optimistic); F1 (dev thr.) "
        "applies the F1-optimal threshold of a separate dev split.",
    ]
    if comparisons:
        lines += ["", "## Paired bootstrap (AUC-PR, two-sided, Holm-corrected)", ""]
        lines += ["| a | b | n | delta | p | p (Holm) |", "|---|---|---:|---:|---:|---:|"]
        for c in comparisons:
            lines.append(
                f"| {c['a']} | {c['b']} | {c['n']} | {num(c.get('delta'), '+.3f')} | {num(c.get('pvalue'))}"
                f" | {num(c.get('pvalue_holm'))} |"
            )
    return "\n".join(lines) + "\n"


def write_detection_report(
    out_dir: Path,
    metrics: Mapping[str, Mapping[str, Any]],
    comparisons: Sequence[Mapping[str, Any]],
    meta: Mapping[str, Any],
) -> Path:
    """Write ``report.md`` (:func:`detection_markdown`) and ``report.html`` beside the files of
    :func:`medhal.bench.detection.suite.run_detection_suite`; return ``report.md``'s path."""
    path = out_dir / "report.md"
    path.write_text(detection_markdown(metrics, comparisons, meta), encoding="utf-8")
    write_html_report(out_dir)
    return path
