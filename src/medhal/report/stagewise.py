"""Markdown and the Fix/Break figure of a stage-wise run (seed 004 §4-§5): renders the typed metrics of
``medhal bench stagewise`` / ``medhal score stagewise`` (:class:`~medhal.bench.stagewise.results.StagewiseMetrics`)
and computes nothing new.

:func:`write_stagewise_report` writes ``report.md`` (with ``fix_break.png`` when matplotlib is installed) and
``report.html`` into the run directory.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from medhal.bench.runio import atomic_write_text
from medhal.bench.stagewise.results import StagewiseMetrics
from medhal.data.stagewise import STAGES
from medhal.detect.records import JSON
from medhal.report.format import pyplot, save_figure
from medhal.report.html_report import write_html_report

__all__ = ["fix_break_chart", "stagewise_markdown", "write_stagewise_report"]


def _pct(value: object, signed: bool = False) -> str:
    if not isinstance(value, int | float) or isinstance(value, bool):
        return "-"
    return f"{100 * value:+.1f}" if signed else f"{100 * value:.1f}"


def fix_break_chart(metrics: StagewiseMetrics, path: Path) -> bool:
    """Grouped bars of Fix and Break rates per intervention (seed 004 §5 Finding 2); False without matplotlib."""
    try:
        plt = pyplot()
    except ImportError:
        return False
    interventions = metrics.block.interventions
    names = list(interventions)
    if not names:
        return False
    fix = [100 * (interventions[n].fix_break.fix_rate or 0.0) for n in names]
    brk = [100 * (interventions[n].fix_break.break_rate or 0.0) for n in names]
    fig, ax = plt.subplots(figsize=(1.6 + 1.4 * len(names), 3.2))
    xs = range(len(names))
    ax.bar([x - 0.2 for x in xs], fix, 0.4, label="Fix rate (wrong -> right)", color="#2a9d8f")
    ax.bar([x + 0.2 for x in xs], brk, 0.4, label="Break rate (right -> wrong)", color="#e76f51")
    ax.set_xticks(list(xs), [n.upper() for n in names])
    ax.set_ylabel("%")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=8)
    save_figure(fig, path, dpi=120)
    return True


def stagewise_markdown(metrics: StagewiseMetrics, meta: Mapping[str, JSON], figure: str | None) -> str:
    """``report.md``: accuracy, stage hallucination per context, interventions with Fix/Break, judge, agreement."""
    block = metrics.block
    acc = block.accuracy
    lines = ["# Stage-wise reasoning diagnosis (seed 004)", ""]
    lines += [f"- {k}: {v}" for k, v in meta.items() if not isinstance(v, dict | list)]
    lines += [
        f"- policies: invalid traces {metrics.invalid_policy}, judge failures {metrics.judge_failure_policy}",
        "",
    ]
    lines += ["## Answer accuracy (§4)", "", "| all | valid only | items | valid | invalid | failed | judge failures |"]
    lines += ["|---:|---:|---:|---:|---:|---:|---:|"]
    lines += [
        f"| {_pct(acc.all)} | {_pct(acc.valid_only)} | {acc.n} | {acc.n_valid} | {acc.invalid}"
        f" | {acc.failed} | {acc.judge_failures} |",
        "",
        "## Stage hallucination rate, % (§4; upstream-controlled under each context)",
        "",
        "| context | VR | KR | RI | judge failures | missing |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for context, per in block.stage_hallucination.items():
        cells = [_pct(per[s].rate) if s in per else "given" for s in STAGES]
        fails, missing = sum(v.judge_failures for v in per.values()), sum(v.missing for v in per.values())
        lines.append(f"| {context} | {' | '.join(cells)} | {fails} | {missing} |")
    lines += ["", "## Stage replacement (§4, §5 Finding 2)", ""]
    lines += ["| intervention | n | acc. before | acc. after | Δ acc. | Fix rate | Break rate | skipped |"]
    lines += ["|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, report in block.interventions.items():
        m = report.fix_break
        lines.append(
            f"| {name} | {m.n} | {_pct(m.base_accuracy)} | {_pct(m.accuracy)} | {_pct(m.delta, True)}"
            f" | {_pct(m.fix_rate)} ({m.fixed}/{m.n_wrong}) | {_pct(m.break_rate)} "
            f"({m.broken}/{m.n_right}) | {report.skipped} |"
        )
    lines.append("")
    if figure:
        lines += [f"![Fix and Break rates]({figure})", ""]
    elif block.interventions:
        lines += ["_The Fix/Break chart needs matplotlib (`pip install 'medhal[report]'`); it was skipped._", ""]
    lines += [f"Judge failures (counted, never hallucinations): {block.judge.failures}.", ""]
    if metrics.agreement is not None:
        ag = metrics.agreement.pooled
        kappa = "-" if ag.kappa is None else f"{ag.kappa:.3f}"
        agreed = "-" if ag.percent is None else f"{ag.percent:.1f}%"
        lines += [f"Judge-human agreement (§5): {agreed}, Cohen's kappa {kappa}, n = {ag.n}.", ""]
    authors = metrics.authors_code
    lines += [
        "## Authors' code variant",
        "",
        "Invalid traces dropped, judge failures counted as hallucinations: accuracy "
        f"{_pct(authors.accuracy.valid_only)}; upstream-controlled VR / KR / RI "
        + " / ".join(_pct(authors.upstream_controlled[s]) for s in STAGES)
        + ".",
        "",
    ]
    return "\n".join(lines)


def write_stagewise_report(out_dir: str | Path, metrics: StagewiseMetrics, meta: Mapping[str, JSON]) -> Path:
    """Write ``fix_break.png`` (matplotlib), ``report.md`` and ``report.html`` into ``out_dir``; return
    ``report.md``'s path.  ``meta``: the run's settings (``config.json``'s options, less what every stage-wise run
    has: ``schema_version``, ``suite``, ``prompt_version``)."""
    out = Path(out_dir)
    figure = "fix_break.png" if fix_break_chart(metrics, out / "fix_break.png") else None
    atomic_write_text(out / "report.md", stagewise_markdown(metrics, meta, figure))
    write_html_report(out)
    return out / "report.md"
