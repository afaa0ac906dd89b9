"""Number formatting shared by the Markdown renderers: missing or non-finite values print as ``-``, and a
``{"mean": ..., "sd": ...}`` aggregate (the ``mean`` entry of a multi-configuration run) prints as ``m ± sd``."""

from __future__ import annotations

import math
from typing import Any

__all__ = ["num", "pct", "value_of"]


def value_of(value: Any) -> float | None:
    """The number behind ``value`` (an aggregate's mean), or ``None`` when missing or not finite."""
    if isinstance(value, dict):
        value = value.get("mean")
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    return float(value)


def _sd(value: Any) -> float | None:
    sd = value.get("sd") if isinstance(value, dict) else None
    return float(sd) if isinstance(sd, int | float) and math.isfinite(sd) else None


def pct(value: Any, *, signed: bool = False) -> str:
    """A fraction as a percentage with one decimal (``+`` sign with ``signed``), ``± sd`` for aggregates."""
    v, sd = value_of(value), _sd(value)
    if v is None:
        return "-"
    text = f"{100 * v:+.1f}" if signed else f"{100 * v:.1f}"
    return text + (f" ± {100 * sd:.1f}" if sd is not None else "")


def num(value: Any, spec: str = ".3f") -> str:
    """``value`` formatted with ``spec``, ``± sd`` for aggregates."""
    v, sd = value_of(value), _sd(value)
    if v is None:
        return "-"
    return format(v, spec) + (f" ± {format(sd, spec)}" if sd is not None else "")
