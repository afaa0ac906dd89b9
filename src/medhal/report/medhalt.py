"""Markdown report of a Med-HALT run (seed 001 §5.2): renders the suite's typed result
(:class:`~medhal.bench.medhalt.suite.MedhaltResult`) and what ``config.json`` records; computes nothing.

:func:`write_medhalt_report` writes ``report.md`` and ``report.html`` into the run directory.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from medhal.bench.medhalt.suite import MedhaltResult
from medhal.bench.runio import atomic_write_text
from medhal.detect.records import JSON
from medhal.report.html_report import write_html_report

__all__ = ["medhalt_markdown", "write_medhalt_report"]


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.2f}%"


def _num(value: float | None, digits: int = 4) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def medhalt_markdown(result: MedhaltResult, meta: Mapping[str, JSON]) -> str:
    """A short Markdown report: one row per test, then how the numbers are defined."""
    lines = [
        "# Med-HALT",
        "",
        f"Model `{meta.get('model', 'external predictions')}`; prompt variant {meta.get('variant', '-')}, "
        f"{meta.get('shots', '-')} shot(s), seed {meta.get('seed', '-')}.",
        "",
        "| test | n | accuracy | score (eq. 1) | published score | format errors | parse failures | no answer |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for test, summary in result.tests.items():
        m = summary.counts
        lines.append(
            f"| {test} | {m.n} | {_pct(m.accuracy)} | {_num(m.score)} | {_num(m.published_score, 3)} | "
            f"{_pct(m.format_error_rate)} | {m.parse_failures} | {m.no_answer} |"
        )
    given = meta.get("scoring")
    scoring: Mapping[str, JSON] = given if isinstance(given, Mapping) else {}
    lines += [
        "",
        f"Score (seed 001 eq. 1): mean of {scoring.get('p_correct', 1.0):+g} per correct and "
        f"{scoring.get('p_wrong', -0.25):+g} per wrong item; parse failures and unanswered items "
        f"{'are excluded' if scoring.get('exclude_parse_failures') else 'count as wrong'}.  Published score: "
        "(correct x P_c + wrong x P_w) / 100, the original code's formula behind the paper's Score column.",
        f"FCT scored by `{scoring.get('fct_scoring')}`, FQT by `{scoring.get('fqt_scoring')}`, memory tests by "
        f"`{scoring.get('memory_match')}` matching"
        f"{' with made-up papers scored on does-not-exist answers' if scoring.get('memory_existence') else ''}.",
        "",
        "Files: `metrics.json` (per test, with breakdowns by dataset and subject), `items.jsonl` (one graded row per "
        "item), `config.json` (settings)" + (", `generation/<test>/` (raw model runs)." if meta.get("model") else "."),
        "",
    ]
    return "\n".join(lines)


def write_medhalt_report(out: str | Path, result: MedhaltResult, meta: Mapping[str, JSON]) -> Path:
    """Write ``report.md`` and ``report.html`` into ``out``; return ``report.md``'s path.  ``meta``: the run's
    ``config.json`` options."""
    target = Path(out)
    atomic_write_text(target / "report.md", medhalt_markdown(result, meta))
    write_html_report(target)
    return target / "report.md"
