"""Number formatting shared by the Markdown renderers: missing or non-finite values print as ``-``, and an
aggregate over configurations (a :class:`~medhal.bench.paired.results.Spread`, or its JSON ``{"mean": ..., "sd":
...}``) prints as ``m ± sd``.  :func:`pyplot` is matplotlib's ``pyplot`` on the Agg backend, for the figures,
:func:`save_figure` how every figure is finished: laid out, written and closed, and :func:`figures_section` how a
report lists them."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from medhal.bench.paired.results import Spread

__all__ = ["figures_section", "num", "pct", "plotting_available", "pyplot", "save_figure", "value_of"]


def _number(value: object) -> float | None:
    if not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def value_of(value: object) -> float | None:
    """The number behind ``value`` (an aggregate's mean), or ``None`` when missing or not finite."""
    if isinstance(value, Spread):
        return _number(value.mean)
    if isinstance(value, Mapping):
        return _number(value.get("mean"))
    return _number(value)


def _sd(value: object) -> float | None:
    if isinstance(value, Spread):
        return _number(value.sd)
    return _number(value.get("sd")) if isinstance(value, Mapping) else None


def pct(value: object, *, signed: bool = False) -> str:
    """A fraction as a percentage with one decimal (``+`` sign with ``signed``), ``± sd`` for aggregates."""
    v, sd = value_of(value), _sd(value)
    if v is None:
        return "-"
    text = f"{100 * v:+.1f}" if signed else f"{100 * v:.1f}"
    return text + (f" ± {100 * sd:.1f}" if sd is not None else "")


def num(value: object, spec: str = ".3f") -> str:
    """``value`` formatted with ``spec``, ``± sd`` for aggregates."""
    v, sd = value_of(value), _sd(value)
    if v is None:
        return "-"
    return format(v, spec) + (f" ± {format(sd, spec)}" if sd is not None else "")


def plotting_available() -> bool:
    """Whether matplotlib can be imported (the figures need it)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def pyplot() -> ModuleType:
    """``matplotlib.pyplot`` on the non-interactive Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_figure(fig: Any, path: Path, *, dpi: int | None = None) -> Path:
    """Lay out ``fig`` (a matplotlib figure), write it to ``path`` (at ``dpi``, else the figure's own) and close
    it, so a report with many figures does not keep them all open.  Returns ``path``."""
    fig.tight_layout()
    if dpi is None:
        fig.savefig(path)
    else:
        fig.savefig(path, dpi=dpi)
    pyplot().close(fig)
    return path


def figures_section(figures: Mapping[str, str] | None) -> list[str]:
    """The Markdown lines of a report's ``## Figures`` section: one image per ``caption -> file`` of ``figures``,
    each followed by a blank line, or a note that the figures need matplotlib when there are none."""
    lines = ["", "## Figures", ""]
    if not figures:
        return [*lines, "Figures need matplotlib: `pip install 'medhal[report]'`."]
    for caption, file in figures.items():
        lines += [f"![{caption}]({file})", ""]
    return lines
