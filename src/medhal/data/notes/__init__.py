"""Clinical notes of the paired error-detection benchmarks (seed 002 §3.1): MEDEC-MS, MedErrBench, MedRECT.

Every loader returns :class:`~medhal.data.loading.Records` of :class:`ClinicalNote`, one per non-empty row, in
file order (the order matters: MedErrBench pairs are consecutive rows).  A note's ``sentences`` are spans into
its ``text`` (``note.text[s.start:s.end] == s.text`` always), numbered with the dataset's own sentence ids.

Formats
-------
* ``read_medec`` -- MEDEC-MS CSV (``Text ID, Text, Sentences, Error Flag, Error Type, Error Sentence ID, Error
  Sentence, Corrected Sentence, Corrected Text``).  The test file holds 328 all-empty rows between its notes:
  they are dropped and counted (``stats.skipped_empty``).  ``Sentences`` holds ``"<id> <sentence>"`` lines,
  ids from 0; a few sentences run over several lines (lab tables: ``"28 IU/L\\nGGT\\n29 27 IU/L"``) and one
  has an id inside a line (``"30 Glucose negative 31 Protein"``).
* ``read_mederrbench_notes`` -- MedErrBench CSV (``reviewed_data_{EN,CN,ARA}_{split}.csv``: the MEDEC columns
  plus ``Important Words, Difficulty, Reasoning Type`` and, in ARA, ``Question Type``).  ``Sentences`` is
  ``"<id> <sentence>"`` lines (CN) or the same markers inline on one line (EN, ARA: ``"0 A man ... 1 He
  has ..."``).  (``medhal.data.corpora.read_mederrbench`` is a separate, simpler reader for training.)
* ``read_medrect`` -- MedRECT JSON array (``sample_id, sentences, error_flag, error_type, error_sentence_id,
  error_sentence, corrected_sentence, corrected_text, metadata``); ``sentences`` is ``"1. ...\\n2. ..."``
  (1-based).  There is no note text in the file: ``text`` is the sentences joined with one space, which is
  how the file's own ``corrected_text`` is built.  ``scenario_id`` is ``metadata.jmle_question_id`` (JA);
  the EN file has none (its ``sample_id`` is the MEDEC row id), so its ``scenario_id`` is ``None``.

Text and sentences
------------------
See :mod:`medhal.data.notes.sentences`.

Mojibake
--------
See :mod:`medhal.data.notes.mojibake`.

Other ``counts``: see :mod:`medhal.data.notes.rows`.

Roles: MEDEC, MedRECT and every MedErrBench ``test`` split are eval-only (see ``shared/data/README.md``).
"""

from __future__ import annotations

from pathlib import Path

from medhal.data.loading import Records
from medhal.data.notes.corrected import corrected_note
from medhal.data.notes.medec import read_medec
from medhal.data.notes.mederrbench import read_mederrbench_notes
from medhal.data.notes.medrect import read_medrect
from medhal.data.notes.mojibake import repair_mojibake
from medhal.data.notes.records import DATASETS, ClinicalNote, NoteFormat, NoteSentence

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


def read_notes(path: str | Path, format: NoteFormat) -> Records[ClinicalNote]:
    """Read ``path`` with the loader of ``format`` (``medec``, ``mederrbench`` or ``medrect``)."""
    if format == "medec":
        return read_medec(path)
    if format == "mederrbench":
        return read_mederrbench_notes(path)
    if format == "medrect":
        return read_medrect(path)
    raise ValueError(f"unknown note format {format!r}; expected medec, mederrbench or medrect")
