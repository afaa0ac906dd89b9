"""The lines of a JSONL predictions file (the input of ``medhal score``): one JSON value per non-blank line.

The localization and paired suites read their predictions files through :func:`json_lines`, so a line that is
not JSON is reported the same way by both: ``<path>:<line>: not JSON (<reason>)``, a
:class:`~medhal.errors.PredictionsFileError`.  What a line must hold is each suite's own business.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from medhal.errors import PredictionsFileError

__all__ = ["json_lines"]


def json_lines(path: Path, text: str) -> Iterator[tuple[str, object]]:
    """``(where, value)`` for each non-blank line of ``text`` (the file at ``path``); ``where`` is ``path:line``."""
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise PredictionsFileError(f"{where}: not JSON ({exc.msg})") from None
        yield where, value
