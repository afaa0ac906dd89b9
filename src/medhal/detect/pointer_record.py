"""Evidence pointers: the window of the evidence that decided a unit, and the line in it to read first.

A verifier reads windows of several sentences, so the window that decided a unit may be a dozen lines of a clinic
letter.  An auditor wants the line: :class:`FocusLine` is the one sentence of the window the unit is about (the
aligned rule's choice, :func:`medhal.detect.aligned_units.focus_line`), kept beside the window because the window
is what the model read and what its probability belongs to.  Offsets are half-open ``[start, end)`` into the
evidence string the result names and slice back to ``text``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import SupportsFloat, SupportsInt

from medhal.detect.json_types import JSONObject

__all__ = ["EvidencePointer", "FocusLine", "as_float", "as_int", "opt_float", "opt_int", "opt_str", "pointer_from_dict"]


@dataclass(frozen=True, slots=True)
class FocusLine:
    """The sentence of a multi-sentence window that a unit is about: ``evidence[start:end] == text``."""

    start: int
    end: int
    text: str
    sentence: int
    """Its index among the evidence sentences (inside the window's ``sentences`` range)."""

    def to_dict(self) -> JSONObject:
        return {"start": self.start, "end": self.end, "text": self.text, "sentence": self.sentence}


@dataclass(frozen=True, slots=True)
class EvidencePointer:
    """The evidence window that decided a unit's entailment or contradiction probability."""

    start: int
    end: int
    text: str
    probability: float
    """P(entailment) for the entailing pointer, P(contradiction) for the contradicting one."""
    sentences: tuple[int, int]
    """Half-open range of evidence sentence indices the window covers."""
    granularity: int
    """The smallest dyadic granularity ``m`` that produced this window (0: not a dyadic chunk — the whole evidence,
    or a packed window of ``nli-clause --premise windows``)."""
    passage: str | None = None
    """Evidence given as passages: the id of the passage the window lies in (``None``: string evidence)."""
    passage_start: int | None = None
    """``[passage_start, passage_end)``: the window inside its passage, ``passage.text[passage_start:passage_end]
    == text`` (``start``/``end`` index the passages' joined text)."""
    passage_end: int | None = None
    focus: FocusLine | None = None
    """The line of a multi-sentence window to read first (``decomposed``, aligned aggregation); ``None`` for a
    one-sentence window, for other detectors, and when no sentence of the window shares the unit's words.  Its
    offsets index the same string as ``start``/``end``."""

    def to_dict(self) -> JSONObject:
        out: JSONObject = {
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "probability": self.probability,
            "sentences": list(self.sentences),
            "granularity": self.granularity,
        }
        if self.passage is not None:  # written only for passages: string-evidence records are unchanged
            out["passage"] = self.passage
            out["passage_start"] = self.passage_start
            out["passage_end"] = self.passage_end
        if self.focus is not None:  # written only when there is a line to point at
            out["focus"] = self.focus.to_dict()
        return out

    @property
    def shown(self) -> tuple[int, int, str]:
        """What a reader is shown first: the focus line when there is one, else the whole window."""
        if self.focus is not None:
            return self.focus.start, self.focus.end, self.focus.text
        return self.start, self.end, self.text


def as_int(value: object) -> int:
    """``int(value)`` of a number read from a record."""
    if isinstance(value, str | SupportsInt):
        return int(value)
    raise TypeError(f"int() argument must be a string or a real number, not {type(value).__name__!r}")


def as_float(value: object) -> float:
    """``float(value)`` of a number read from a record."""
    if isinstance(value, str | SupportsFloat):
        return float(value)
    raise TypeError(f"float() argument must be a string or a real number, not {type(value).__name__!r}")


def opt_float(value: object) -> float | None:
    return None if value is None else as_float(value)


def opt_int(value: object) -> int | None:
    return None if value is None else as_int(value)


def opt_str(value: object) -> str | None:
    return None if value is None else str(value)


def _focus_from_dict(obj: object) -> FocusLine | None:
    if not isinstance(obj, Mapping):
        return None
    return FocusLine(as_int(obj["start"]), as_int(obj["end"]), str(obj.get("text", "")), as_int(obj.get("sentence", 0)))


def pointer_from_dict(obj: object) -> EvidencePointer | None:
    """An :meth:`EvidencePointer.to_dict` record read back (``None`` for anything that is not a mapping)."""
    if not isinstance(obj, Mapping):
        return None
    raw = obj.get("sentences") or (0, 0)
    first, stop = (int(raw[0]), int(raw[1])) if len(raw) >= 2 else (0, 0)
    return EvidencePointer(
        start=int(obj["start"]),
        end=int(obj["end"]),
        text=str(obj.get("text", "")),
        probability=float(obj.get("probability", math.nan)),
        sentences=(first, stop),
        granularity=int(obj.get("granularity", 0)),
        passage=opt_str(obj.get("passage")),
        passage_start=opt_int(obj.get("passage_start")),
        passage_end=opt_int(obj.get("passage_end")),
        focus=_focus_from_dict(obj.get("focus")),
    )
