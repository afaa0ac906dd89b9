"""JSON files shipped beside a model (``calibration.json``, ``lexical_head.json``): how they are written and read."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from medhal.verify.base import VerifierError

__all__ = ["read_sidecar", "write_sidecar"]

T = TypeVar("T")


def write_sidecar(directory: str | Path, name: str, document: Mapping[str, Any]) -> Path:
    """Write ``document`` to ``directory/name`` as indented JSON with sorted keys and a final newline."""
    path = Path(directory) / name
    path.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def read_sidecar(directory: str | Path, name: str, build: Callable[[Any], T]) -> T | None:
    """``build`` applied to the JSON of ``directory/name``, or ``None`` when there is no such file.

    A file that is not JSON, or that ``build`` refuses (``ValueError``, ``TypeError``, ``KeyError`` or
    ``AttributeError``), raises one line: :class:`VerifierError` ``malformed <path>: <why>``."""
    path = Path(directory) / name
    if not path.is_file():
        return None
    try:
        return build(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise VerifierError(f"malformed {path}: {exc}") from None
