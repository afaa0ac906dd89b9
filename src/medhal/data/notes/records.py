"""The note records of the paired clinical error-detection sets (:class:`ClinicalNote`, :class:`NoteSentence`),
the dataset names and the note formats.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

__all__ = ["DATASETS", "ClinicalNote", "NoteFormat", "NoteSentence"]

NoteFormat = Literal["medec", "mederrbench", "medrect"]

DATASETS: dict[str, str] = {
    "medec-ms": "en",
    "mederrbench-en": "en",
    "mederrbench-cn": "zh",
    "mederrbench-ara": "ar",
    "medrect-en": "en",
    "medrect-ja": "ja",
}
"""The dataset names a :class:`ClinicalNote` carries, and each one's language."""


@dataclass(frozen=True, slots=True)
class NoteSentence:
    """One numbered sentence of a note: ``id`` is the dataset's sentence id as text (0-based for MEDEC and
    MedErrBench, 1-based for MedRECT) and ``[start, end)`` its half-open span in :attr:`ClinicalNote.text`."""

    id: str
    text: str
    start: int
    end: int

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end or self.end - self.start != len(self.text):
            raise ValueError(f"sentence {self.id}: span [{self.start}, {self.end}) does not fit its text")


@dataclass(frozen=True, slots=True)
class ClinicalNote:
    """One note of a paired clinical error-detection set, normalised across datasets.

    ``error_flag`` is 1 when the note contains an (injected) error; ``error_sentence_id`` (a sentence id),
    ``error_sentence``, ``corrected_sentence``, ``error_type`` and ``corrected_text`` are then set (``None``
    for clean notes and where the dataset leaves them empty or ``NA``).  ``scenario_id`` groups notes written
    from the same case (MedRECT-JA's exam question id); ``None`` where the dataset has none.  ``meta`` holds
    the dataset's remaining columns and where the row came from (``row``); it is left out of the hash.
    """

    id: str
    dataset: str
    language: str
    text: str
    sentences: tuple[NoteSentence, ...]
    error_flag: int
    error_sentence_id: str | None
    error_sentence: str | None
    corrected_sentence: str | None
    error_type: str | None
    scenario_id: str | None
    corrected_text: str | None = None
    meta: dict[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.error_flag not in (0, 1):
            raise ValueError(f"note {self.id}: error_flag must be 0 or 1, not {self.error_flag!r}")
        for s in self.sentences:
            if self.text[s.start : s.end] != s.text:
                raise ValueError(f"note {self.id}: sentence {s.id} does not slice back from the note text")

    def sentence(self, sentence_id: str) -> NoteSentence | None:
        """The sentence with this id, or ``None``."""
        for s in self.sentences:
            if s.id == sentence_id:
                return s
        return None

    @property
    def error_span(self) -> NoteSentence | None:
        """The sentence ``error_sentence_id`` names (``None`` for clean notes or an id that names none)."""
        return self.sentence(self.error_sentence_id) if self.error_sentence_id is not None else None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
