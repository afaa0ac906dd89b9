"""MedErrBench notes (``read_mederrbench_notes``)."""

from __future__ import annotations

import re
from pathlib import Path

from medhal.data.errors import DataFormatError
from medhal.data.loading import Records
from medhal.data.notes.records import ClinicalNote
from medhal.data.notes.rows import _Row
from medhal.data.notes.tables import TEXT_ID, _csv_table, _table_notes

__all__ = ["read_mederrbench_notes"]

_MEB = "MedErrBench row"
_MEB_LANGUAGES = {"en": "en", "cn": "cn", "zh": "cn", "ara": "ara", "ar": "ara"}
_MEB_FILE = re.compile(r"(?:^|[_\-.])(EN|CN|ARA)(?:[_\-.]|$)", re.IGNORECASE)
_MEB_ID = re.compile(r"^(en|cn|ara)-", re.IGNORECASE)
_MEB_META = ("Important Words", "Difficulty", "Reasoning Type", "Question Type")


def read_mederrbench_notes(
    path: str | Path,
    *,
    language: str | None = None,
    repair_mojibake: bool = True,
    skip_incomplete: bool = False,
) -> Records[ClinicalNote]:
    """The notes of a MedErrBench CSV (``dataset="mederrbench-en"``, ``-cn`` or ``-ara``), in file order.

    ``language`` (``en``, ``cn``/``zh``, ``ara``/``ar``) defaults to the file name's ``_EN_`` / ``_CN_`` /
    ``_ARA_``, else each row's ``Text ID`` prefix (``en-test-0``).  ``meta`` keeps ``important_words``,
    ``difficulty``, ``reasoning_type`` and (ARA) ``question_type``.  Errors as :func:`read_medec`.
    """
    fixed: str | None = None
    if language is not None:
        if language.lower() not in _MEB_LANGUAGES:
            raise ValueError(f"unknown MedErrBench language {language!r}; expected en, cn (zh) or ara (ar)")
        fixed = _MEB_LANGUAGES[language.lower()]
    else:
        m = _MEB_FILE.search(Path(path).stem)
        fixed = m.group(1).lower() if m else None
    table = _csv_table(path, _MEB)

    def dataset(row: _Row) -> str:
        if fixed is not None:
            return f"mederrbench-{fixed}"
        m = _MEB_ID.match((row.get(TEXT_ID) or "").strip())
        if m is None:
            raise DataFormatError(
                f"{row.raw.where}: cannot tell the language (file name without _EN_/_CN_/_ARA_, "
                f"Text ID without en-/cn-/ara-); pass language= ({_MEB})"
            )
        return f"mederrbench-{m.group(1).lower()}"

    return _table_notes(
        table,
        _MEB,
        dataset,
        _MEB_META,
        repair=repair_mojibake,
        skip_incomplete=skip_incomplete,
        path=path,
    )
