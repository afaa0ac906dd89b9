"""Pair construction for paired clinical error detection (seed 002 Appendix A).

Each function takes the notes of one dataset in file order and returns a :class:`PairingResult`: the
:class:`~medhal.bench.paired.records.NotePair` records (in the order of their error notes), the ids of the notes
left out (kept for pointwise metrics, never dropped), and a :class:`PairingSummary`.

* :func:`jaccard_pairs` (MEDEC-MS): word-overlap Jaccard between each error note and every clean note; pairs with
  Jaccard >= ``threshold`` (0.6) are taken greedily, most similar first (ties: earlier error note, then earlier
  clean note), each note in at most one pair.  Words: :func:`word_set`, the set of ``\\w+`` runs of the
  case-folded text.  On the MEDEC-MS test set this gives the seed's 286 pairs from 311 error notes (25
  unmatched).  That result does not hang on these choices: every matched error note has exactly one clean note
  at or above 0.6 (the next row of the file, lowest matched similarity 0.76) and the 25 unmatched ones none,
  so whitespace or ``\\w+`` tokens, with or without case folding, and the seed's literal reading (error notes
  in file order, each taking its most similar clean note still free: ``order="file"``) give the same 286 pairs.
* :func:`alternating_pairs` (MedErrBench EN / CN): rows ``(0, 1), (2, 3), ...`` whose flags differ form a pair,
  whichever comes first (EN puts the error note first, CN the clean one).  A two-row block with equal flags
  leaves its first row unmatched and the pairing goes on from the second, so one missing row does not shift
  every later pair.  EN test: 104 pairs, CN test: 100.
* :func:`scenario_pairs` (MedRECT): each error note is paired with the clean note of its ``scenario_id`` most
  similar by :func:`char_overlap` (``difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()`` on the note
  texts), if that is >= ``threshold`` (0.85); a clean note may serve several error notes (many-to-one).
  Notes without a scenario id stay unmatched.
* :func:`corrected_pairs`: each error note with a ``corrected_text`` paired with a clean note rebuilt from it
  (:func:`medhal.data.notes.corrected_note`, in ``PairingResult.added_notes``).  Not one of the
  seed's pairings: reported separately.

:func:`pair_notes` chooses by dataset (``method="auto"``, :func:`auto_method`): ``medec-ms`` jaccard,
``mederrbench-en`` / ``-cn`` alternating, ``mederrbench-ara`` jaccard (ARA is not released in pairs: it has 53
error and 44 clean test notes in no alternating order; Jaccard >= 0.6 finds no pair there), ``medrect-*``
scenario when every note has a scenario id, else jaccard (MedRECT-EN has none: its notes are MEDEC rows).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Literal

from medhal.bench.paired.records import NotePair, PairMethod, check_unique_note_ids
from medhal.data.notes import ClinicalNote, corrected_note
from medhal.detect.records import JSONObject

__all__ = [
    "PairingResult",
    "PairingSummary",
    "alternating_pairs",
    "auto_method",
    "char_overlap",
    "corrected_pairs",
    "jaccard_pairs",
    "pair_notes",
    "scenario_pairs",
    "word_jaccard",
    "word_set",
]

_EPS = 1e-12  # a similarity within this of the threshold counts as reaching it (float rounding)
_WORD = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class PairingSummary:
    """Counts of one pairing.  ``notes``, ``error_notes`` and ``clean_notes`` describe the notes given (for
    :func:`corrected_pairs` the rebuilt clean notes are not among them); ``unmatched_error_notes`` is how many
    error notes are in no pair; ``shared_clean_notes`` how many clean notes are in more than one pair."""

    notes: int
    error_notes: int
    clean_notes: int
    pairs: int
    unmatched_error_notes: int
    shared_clean_notes: int

    def to_dict(self) -> dict[str, int]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class PairingResult:
    """The pairs of one method, the notes left out of them, and the summary."""

    method: PairMethod
    pairs: tuple[NotePair, ...]
    summary: PairingSummary
    unmatched_error_ids: tuple[str, ...]
    """Error notes in no pair, in input order (kept for pointwise metrics)."""
    unmatched_clean_ids: tuple[str, ...]
    """Clean notes in no pair, in input order."""
    shared_clean_ids: tuple[str, ...]
    """Clean notes in more than one pair (many-to-one scenario pairs), in input order."""
    added_notes: tuple[ClinicalNote, ...] = ()
    """Clean notes the method made (:func:`corrected_pairs`); empty otherwise."""

    def to_dict(self) -> JSONObject:
        return {
            "method": self.method,
            "summary": self.summary.to_dict(),
            "pairs": [p.to_dict() for p in self.pairs],
            "unmatched_error_ids": list(self.unmatched_error_ids),
            "unmatched_clean_ids": list(self.unmatched_clean_ids),
            "shared_clean_ids": list(self.shared_clean_ids),
            "added_notes": [n.id for n in self.added_notes],
        }


# ------------------------------------------------------------------------------------------------ similarity


def word_set(text: str) -> frozenset[str]:
    """The words of ``text`` for Jaccard: the ``\\w+`` runs of its case-folded text, as a set."""
    return frozenset(_WORD.findall(text.casefold()))


def word_jaccard(a: str | frozenset[str], b: str | frozenset[str]) -> float:
    """Jaccard overlap of two texts' :func:`word_set` (or of two word sets); 0.0 when both are empty."""
    sa = word_set(a) if isinstance(a, str) else a
    sb = word_set(b) if isinstance(b, str) else b
    shared = len(sa & sb)
    union = len(sa) + len(sb) - shared
    return shared / union if union else 0.0


def char_overlap(a: str, b: str) -> float:
    """Character-level overlap: ``difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()``, i.e.
    ``2 * matched characters / (len(a) + len(b))`` (1.0 for two empty texts)."""
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


# -------------------------------------------------------------------------------------------------- helpers


def _check(notes: Sequence[ClinicalNote]) -> None:
    check_unique_note_ids((note.id for note in notes), "pairing needs unique ids")


def _threshold(value: float, name: str) -> float:
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} threshold must be between 0 and 1, got {value}")
    return value


def _result(
    method: PairMethod,
    notes: Sequence[ClinicalNote],
    pairs: Sequence[NotePair],
    added: Sequence[ClinicalNote] = (),
) -> PairingResult:
    order = {note.id: k for k, note in enumerate(notes)}
    ordered = sorted(pairs, key=lambda p: (order.get(p.error_id, len(order)), order.get(p.clean_id, len(order))))
    paired_errors = {p.error_id for p in ordered}
    uses = Counter(p.clean_id for p in ordered)
    errors = [n for n in notes if n.error_flag == 1]
    cleans = [n for n in notes if n.error_flag == 0]
    unmatched_errors = tuple(n.id for n in errors if n.id not in paired_errors)
    unmatched_cleans = tuple(n.id for n in cleans if n.id not in uses)
    shared = tuple(n.id for n in cleans if uses[n.id] > 1)
    summary = PairingSummary(
        notes=len(notes),
        error_notes=len(errors),
        clean_notes=len(cleans),
        pairs=len(ordered),
        unmatched_error_notes=len(unmatched_errors),
        shared_clean_notes=len(shared),
    )
    return PairingResult(method, tuple(ordered), summary, unmatched_errors, unmatched_cleans, shared, tuple(added))


# ---------------------------------------------------------------------------------------------------- methods


def jaccard_pairs(
    notes: Sequence[ClinicalNote], *, threshold: float = 0.6, order: Literal["similarity", "file"] = "similarity"
) -> PairingResult:
    """One-to-one pairs by word-overlap Jaccard >= ``threshold`` (see the module docstring).

    ``order="similarity"``: all candidate pairs, most similar first; ``order="file"``: error notes in input
    order, each taking its most similar clean note still free.  Ties go to the earlier note.
    """
    _check(notes)
    _threshold(threshold, "jaccard")
    errors = [n for n in notes if n.error_flag == 1]
    cleans = [n for n in notes if n.error_flag == 0]
    clean_words = [word_set(c.text) for c in cleans]
    candidates: list[tuple[float, int, int]] = []
    for ei, error in enumerate(errors):
        words = word_set(error.text)
        for ci, other in enumerate(clean_words):
            sim = word_jaccard(words, other)
            if sim >= threshold - _EPS:
                candidates.append((sim, ei, ci))
    if order == "similarity":
        candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    elif order == "file":
        candidates.sort(key=lambda c: (c[1], -c[0], c[2]))
    else:
        raise ValueError(f"unknown order {order!r}; expected similarity or file")
    used_errors: set[int] = set()
    used_cleans: set[int] = set()
    pairs: list[NotePair] = []
    for sim, ei, ci in candidates:
        if ei in used_errors or ci in used_cleans:
            continue
        used_errors.add(ei)
        used_cleans.add(ci)
        pairs.append(NotePair(errors[ei].id, cleans[ci].id, "jaccard", sim))
    return _result("jaccard", notes, pairs)


def alternating_pairs(notes: Sequence[ClinicalNote]) -> PairingResult:
    """Pairs of consecutive notes whose flags differ, read two rows at a time (see the module docstring)."""
    _check(notes)
    pairs: list[NotePair] = []
    k = 0
    while k + 1 < len(notes):
        a, b = notes[k], notes[k + 1]
        if a.error_flag != b.error_flag:
            error, clean = (a, b) if a.error_flag == 1 else (b, a)
            pairs.append(NotePair(error.id, clean.id, "alternating", 1.0))
            k += 2
        else:
            k += 1
    return _result("alternating", notes, pairs)


def scenario_pairs(notes: Sequence[ClinicalNote], *, threshold: float = 0.85) -> PairingResult:
    """Each error note with its most similar same-scenario clean note, if :func:`char_overlap` >= ``threshold``
    (ties: the earlier clean note); clean notes may be shared (many-to-one)."""
    _check(notes)
    _threshold(threshold, "overlap")
    by_scenario: dict[str, list[ClinicalNote]] = defaultdict(list)
    for note in notes:
        if note.error_flag == 0 and note.scenario_id is not None:
            by_scenario[note.scenario_id].append(note)
    pairs: list[NotePair] = []
    for note in notes:
        if note.error_flag != 1 or note.scenario_id is None:
            continue
        best: tuple[float, ClinicalNote] | None = None
        for clean in by_scenario.get(note.scenario_id, ()):
            sim = char_overlap(note.text, clean.text)
            if sim >= threshold - _EPS and (best is None or sim > best[0]):
                best = (sim, clean)
        if best is not None:
            pairs.append(NotePair(note.id, best[1].id, "scenario", best[0]))
    return _result("scenario", notes, pairs)


def corrected_pairs(notes: Sequence[ClinicalNote]) -> PairingResult:
    """Each error note with a clean note rebuilt from its ``corrected_text`` (in ``added_notes``); error notes
    without one stay unmatched.  The given clean notes take no part."""
    _check(notes)
    pairs: list[NotePair] = []
    added: list[ClinicalNote] = []
    for note in notes:
        clean = corrected_note(note)
        if clean is None:
            continue
        added.append(clean)
        pairs.append(NotePair(note.id, clean.id, "corrected", 1.0))
    return _result("corrected", notes, pairs, added)


_AUTO: dict[str, PairMethod] = {
    "medec-ms": "jaccard",
    "mederrbench-en": "alternating",
    "mederrbench-cn": "alternating",
    "mederrbench-ara": "jaccard",
}


def auto_method(notes: Sequence[ClinicalNote]) -> PairMethod:
    """The pairing method of the notes' dataset (see the module docstring); the notes must be of one dataset."""
    datasets = sorted({n.dataset for n in notes})
    if not datasets:
        raise ValueError("no notes to pair")
    if len(datasets) > 1:
        raise ValueError(f"notes of several datasets ({', '.join(datasets)}): pair each dataset on its own")
    dataset = datasets[0]
    if dataset in _AUTO:
        return _AUTO[dataset]
    if dataset.startswith("medrect"):
        return "scenario" if all(n.scenario_id is not None for n in notes) else "jaccard"
    raise ValueError(f"no pairing method known for dataset {dataset!r}; pass one of jaccard, alternating, scenario")


def pair_notes(
    notes: Sequence[ClinicalNote],
    method: PairMethod | Literal["auto"] = "auto",
    *,
    jaccard: float = 0.6,
    overlap: float = 0.85,
) -> PairingResult:
    """Pair ``notes`` with ``method`` (``auto``: :func:`auto_method`); ``jaccard`` and ``overlap`` are the
    thresholds of :func:`jaccard_pairs` and :func:`scenario_pairs`."""
    _threshold(jaccard, "jaccard")
    _threshold(overlap, "overlap")
    chosen = auto_method(notes) if method == "auto" else method
    if chosen == "jaccard":
        return jaccard_pairs(notes, threshold=jaccard)
    if chosen == "alternating":
        return alternating_pairs(notes)
    if chosen == "scenario":
        return scenario_pairs(notes, threshold=overlap)
    if chosen == "corrected":
        return corrected_pairs(notes)
    raise ValueError(f"unknown pairing method {method!r}; expected auto, jaccard, alternating, scenario or corrected")
