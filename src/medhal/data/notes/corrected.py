"""The clean counterpart of an error note, rebuilt from its ``corrected_text`` (``corrected_note``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from medhal.data.notes.records import ClinicalNote, NoteSentence
from medhal.data.notes.sentences import _non_space, _split

__all__ = ["corrected_note"]


def corrected_note(note: ClinicalNote) -> ClinicalNote | None:
    """The clean counterpart of an error note rebuilt from its ``corrected_text`` (``None`` without one).

    ``id`` is ``<id>:corrected``, ``error_flag`` 0, the error fields ``None``, ``scenario_id`` kept, ``meta``
    ``{"source_note": <id>, "sentences": "kept" | "split"}``.  The sentences keep the error note's ids where
    the corrected text is the note with its error sentence rewritten: the sentences before it are found from
    the start and those after it from the end (each equal up to whitespace), and the rewritten sentence is
    what lies between.  Otherwise (no error sentence, or the corrected text differs elsewhere) the corrected
    text is split with :func:`medhal.text.split_sentences`, numbered from the note's first id.
    """
    if note.error_flag != 1 or note.corrected_text is None:
        return None
    text = note.corrected_text
    meta: dict[str, Any] = {"source_note": note.id, "sentences": "kept"}
    sentences = _corrected_sentences(note, text)
    if sentences is None:
        first = int(note.sentences[0].id) if note.sentences and note.sentences[0].id.isdigit() else 0
        sentences = _split(text, first)
        meta["sentences"] = "split"
    return replace(
        note,
        id=f"{note.id}:corrected",
        text=text,
        sentences=sentences,
        error_flag=0,
        error_sentence_id=None,
        error_sentence=None,
        corrected_sentence=None,
        error_type=None,
        corrected_text=None,
        meta=meta,
    )


def _corrected_sentences(note: ClinicalNote, text: str) -> tuple[NoteSentence, ...] | None:
    """The error note's sentences located in ``text``: those before the error sentence from the start, those
    after it from the end (each equal up to whitespace), the error sentence's place whatever lies between."""
    error = note.error_span
    if error is None:
        return None
    hole = note.sentences.index(error)
    positions, chars = _non_space(text)
    spans: list[tuple[int, int]] = []
    j = 0
    for s in note.sentences[:hole]:
        compact = "".join(s.text.split())
        if not compact or chars[j : j + len(compact)] != compact:
            return None
        spans.append((positions[j], positions[j + len(compact) - 1] + 1))
        j += len(compact)
    tail: list[tuple[int, int]] = []
    e = len(chars)
    for s in reversed(note.sentences[hole + 1 :]):
        compact = "".join(s.text.split())
        if not compact or e - len(compact) < j or chars[e - len(compact) : e] != compact:
            return None
        tail.append((positions[e - len(compact)], positions[e - 1] + 1))
        e -= len(compact)
    if e <= j:
        return None
    spans.append((positions[j], positions[e - 1] + 1))
    spans.extend(reversed(tail))
    return tuple(NoteSentence(s.id, text[a:b], a, b) for s, (a, b) in zip(note.sentences, spans, strict=True))
