"""CSV fixtures written from rows: the MEDEC header and one writer for the tests of the notes loaders, ``medhal
pairs`` and ``bench paired``."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path

MEDEC_HEADER = [
    "Text ID",
    "Text",
    "Sentences",
    "Error Flag",
    "Error Type",
    "Error Sentence ID",
    "Error Sentence",
    "Corrected Sentence",
    "Corrected Text",
]


def write_csv(path: Path, header: Sequence[str], rows: Sequence[Sequence[str]]) -> Path:
    """Write ``header`` and ``rows`` to ``path`` as CSV (CRLF line ends, as the datasets ship) and return it."""
    buf = io.StringIO(newline="")
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8", newline="")
    return path
