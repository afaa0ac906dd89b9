"""Exceptions raised by the dataset loaders of :mod:`medhal.data`.

Every message is one line that names the file and, where there is one, the line (``path:line: problem``), so a
CLI can print it as is.
"""

from __future__ import annotations

from pathlib import Path

from medhal.errors import DataError

__all__ = ["DataFileNotFoundError", "DataFormatError", "at"]


class DataFormatError(DataError):
    """A data file (or one of its lines, rows or columns) is not in the format its loader reads."""


class DataFileNotFoundError(DataFormatError, FileNotFoundError):
    """The data path a loader was given does not exist (also a :class:`FileNotFoundError`)."""


def at(path: str | Path, line: int | str | None = None) -> str:
    """The ``path:line`` location prefix used in loader messages (``line`` may be ``"row 3"``, ``"item 7"``)."""
    return f"{path}:{line}" if line is not None else str(path)
