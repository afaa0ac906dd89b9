"""Clinical notes of the paired error-detection benchmarks: re-exports :mod:`medhal.data.notes`.

The loaders, records and helpers live in the ``medhal.data.notes`` package (``records``, ``mojibake``,
``sentences``, ``rows``, ``tables``, ``medec``, ``mederrbench``, ``medrect``, ``corrected``); see its docstring.
"""

from __future__ import annotations

from medhal.data.notes import (
    DATASETS,
    ClinicalNote,
    NoteFormat,
    NoteSentence,
    corrected_note,
    read_medec,
    read_mederrbench_notes,
    read_medrect,
    read_notes,
    repair_mojibake,
)

__all__ = [
    "DATASETS",
    "ClinicalNote",
    "NoteFormat",
    "NoteSentence",
    "corrected_note",
    "read_medec",
    "read_mederrbench_notes",
    "read_medrect",
    "read_notes",
    "repair_mojibake",
]
