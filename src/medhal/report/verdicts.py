"""Markdown of a ``medhal bench verdicts`` run (issue 14): one table per set, one row per detector; renders the
suite's typed result (:class:`~medhal.bench.verdicts.suite.VerdictsResult`) and computes nothing new."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from pathlib import Path

from medhal.bench.verdicts.metrics import VerdictReport
from medhal.bench.verdicts.suite import VerdictsResult
from medhal.detect.records import JSON

__all__ = ["verdict_markdown", "write_verdicts_report"]

_COLUMNS: tuple[tuple[Callable[[VerdictReport], float], str], ...] = (
    (lambda r: r.faithful_contradicted, "faithful units contradicted"),
    (lambda r: r.faithful_supported, "faithful units supported"),
    (lambda r: r.erroneous_supported, "erroneous units supported"),
    (lambda r: r.erroneous_contradicted, "erroneous units contradicted"),
    (lambda r: r.faithful_flagged, "faithful answers flagged"),
    (lambda r: r.hallucinated_flagged, "hallucinated answers flagged"),
    (lambda r: r.hit1, "hit@1"),
    (lambda r: r.auc_pr, "AUC-PR"),
    (lambda r: r.unit_roc_auc, "unit ROC-AUC"),
    (lambda r: r.precision_contradicted, "precision of contradicted"),
    (lambda r: r.precision_supported, "precision of supported"),
)


def _cell(value: float | None) -> str:
    return "—" if value is None or math.isnan(value) else f"{value:.3f}"


def verdict_markdown(result: VerdictsResult, info: Mapping[str, JSON]) -> str:
    """The run's report: one table per set, one row per detector (shares in [0, 1])."""
    lines = ["# Verdict quality", "", f"medhal {info.get('medhal_version', '')}, verifier {info.get('verifier')}", ""]
    for set_name, by_detector in result.sets.items():
        lines += [f"## {set_name}", ""]
        lines.append("| detector | " + " | ".join(label for _, label in _COLUMNS) + " | n (faithful / hallucinated) |")
        lines.append("| --- |" + " ---: |" * (len(_COLUMNS) + 1))
        for name, entry in by_detector.items():
            r = entry.report
            cells = " | ".join(_cell(None if r is None else column(r)) for column, _ in _COLUMNS)
            counts = "0 / 0" if r is None else f"{r.n_faithful} / {r.n_hallucinated}"
            lines.append(f"| `{name}` | {cells} | {counts} |")
        lines.append("")
    lines += [
        "Faithful units: all units of faithful answers.  Erroneous units: units of hallucinated answers whose content",
        "tokens meet the gold span (seed 000 eq. 1).  Statuses other than `ok` are counted in `metrics.json`.",
        "",
    ]
    return "\n".join(lines)


def write_verdicts_report(out_dir: Path, result: VerdictsResult, info: Mapping[str, JSON]) -> Path:
    """Write ``report.md`` (:func:`verdict_markdown`; ``info``: the run's ``config.json`` options)."""
    path = out_dir / "report.md"
    path.write_text(verdict_markdown(result, info), encoding="utf-8")
    return path
