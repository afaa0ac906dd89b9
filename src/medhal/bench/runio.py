"""What every benchmark run directory writer shares: JSON-safe values and atomic JSON writes.

``metrics.json`` and ``items.jsonl`` must be strict JSON (no ``NaN`` / ``Infinity``, which Python's encoder
would emit): non-finite floats become ``null``; tuples become lists; mapping keys become strings.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

__all__ = ["json_line", "json_safe", "write_json"]


def json_safe(value: Any) -> Any:
    """``value`` with non-finite floats as ``None``, recursively through dicts, lists and tuples."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    return value


def json_line(value: Any) -> str:
    """One JSONL line (UTF-8 text kept as is) ending in a newline."""
    return json.dumps(json_safe(value), ensure_ascii=False) + "\n"


def write_json(path: Path, payload: Any) -> None:
    """Write ``payload`` as indented JSON through a temporary file, so a reader never sees half a file."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(json_safe(payload), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
