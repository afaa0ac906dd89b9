"""What every benchmark run directory writer shares: JSON-safe values and atomic JSON writes.

``metrics.json`` and ``items.jsonl`` must be strict JSON (no ``NaN`` / ``Infinity``, which Python's encoder
would emit): non-finite floats become ``null``; tuples become lists; mapping keys become strings.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

__all__ = ["check_run_dir", "claim_run_dir", "json_line", "json_safe", "write_json"]


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


def check_run_dir(path: Path) -> None:
    """Refuse (``FileExistsError``, one line) a run directory that is a symlink or anything but absent or an
    empty directory, so no earlier run or user file is overwritten or written through."""
    if path.is_symlink() or (path.exists() and (not path.is_dir() or any(path.iterdir()))):
        raise FileExistsError(f"{path} exists and is not an empty directory; choose a new --out")


def claim_run_dir(path: Path) -> None:
    """:func:`check_run_dir`, then create the directory."""
    check_run_dir(path)
    path.mkdir(parents=True, exist_ok=True)
