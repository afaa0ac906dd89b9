"""The wrong side (issue 14, rounds 27-28): "reduced air entry at the left base" where the doctor found it at the right
base; "add Dortiva to the left eye only" where the letter adds it to the RIGHT eye only.

Wrong-side errors are among the errors clinical safety work counts first (wrong-site surgery, drops in the wrong
eye), and a small encoder cannot see one: every word of the unit but one is the evidence's.  :func:`sides` reads
each "left / right / bilateral" with the body part it names (the two words after it, or after "-sided": "left
cerebral hemispherectomy" names the left hemisphere; short words count: "eye", "leg", "arm", "hip");
:func:`side_conflict` reports a unit's side of a part that the evidence names only on the other side, and names the
sentence that names it so (the one sharing most words with the unit).  Kept narrow (precision over recall): where
the evidence says the unit's side at all ("the left kidney is normal", "the left field is stable", "a left inguinal
hernia" for "the left groin"), which part a side belongs to is its sentences' to say, and the cue stays silent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from medhal.text.quantities import Quantity
from medhal.text.synonyms import canonical_stems

__all__ = ["Side", "side_conflict", "sides"]

_SIDE = re.compile(
    r"\b(?P<side>left|right|bilateral(?:ly)?)(?:[\s-]+(?:sided|side\s+of\s+the|side\s+of|-?hand))?[\s-]+"
    r"(?P<part>(?:(?:lower|upper|middle|mid|basal|anterior|posterior|lateral|medial|main|common|internal|external|"
    r"deep|superficial|total)\s+)?[A-Za-z]{3,}(?:\s+[A-Za-z]{3,})?)",
    re.IGNORECASE,
)
_OPPOSITE = {"left": "right", "right": "left"}


@dataclass(frozen=True, slots=True)
class Side:
    """A side (``left``, ``right`` or ``both``) of a body part (its stems), written ``text[start:end]``."""

    side: str
    part: frozenset[str]
    start: int
    end: int
    text: str


def sides(text: str) -> list[Side]:
    """The sides ``text`` names, in reading order.

    >>> [(s.side, sorted(s.part)) for s in sides("Reduced air entry at the right base; left-sided weakness.")]
    [('right', ['base']), ('left', ['weakn'])]
    >>> [(s.side, sorted(s.part)) for s in sides("Add one drop to the RIGHT eye only.")]
    [('right', ['eye'])]
    >>> [(s.side, sorted(s.part)) for s in sides("L eye may be considered if R eye outcome good; L. Sorensen")]
    [('left', ['eye', 'may']), ('right', ['eye', 'outco'])]
    """
    found = []
    for m in _SIDE.finditer(text):
        side = m.group("side").lower()
        part = _part_stems(m.group("part"))
        if part:
            found.append(Side("both" if side.startswith("bilateral") else side, part, m.start(), m.end(), m.group()))
    for m in _SIDE_LETTER.finditer(text):  # "L eye may be considered after 6 weeks" (round 65)
        if part := _part_stems(m.group("part")):
            found.append(Side("right" if m.group("side") == "R" else "left", part, m.start(), m.end(), m.group()))
    for m in _SIDE_AFTER.finditer(text):  # "Femoral neck (R) | 0.571 | -2.6": a table's side after its part (round 75)
        if part := _part_stems(m.group("part")):
            found.append(Side("right" if m.group("side") == "R" else "left", part, m.start(), m.end(), m.group()))
    for m in _SIDE_ACRONYM.finditer(text):  # "Incomplete RBBB": the right bundle branch (round 62)
        side = "right" if m.group()[0] == "R" else "left"
        found.append(Side(side, _part_stems(_SIDE_ACRONYMS[m.group()[1:]]), m.start(), m.end(), m.group()))
    return sorted(found, key=lambda s: s.start)


_SIDE_LETTER = re.compile(
    r"(?<![\w.])(?<!\d\s)(?P<side>[RL])\s+(?P<part>(?:[A-Z]{2}\b\s*)?[A-Za-z]{3,}(?:\s+[A-Za-z]{3,})?)"
)
"""A side written as its capital letter before the part, as clinical notes write it ("L eye", "R forearm", "L ACF",
"L TA normal": round 74's temporal artery, which says the left side); not an initial ("L. Sorensen", "Dr P L Smith"
names no part a unit's side could name) nor litres ("2 L LR bolus": round 75)."""

_SIDE_AFTER = re.compile(r"(?P<part>\b[A-Za-z]{3,}(?:\s+[A-Za-z]{3,})?)\s+\((?P<side>[RL])\)")
"""A side written as its letter in brackets after the part, as a report's table writes it ("Total hip (L)")."""

_SIDE_ACRONYMS = {
    "BBB": "bundle branch block",
    "UQ": "upper quadrant",
    "LQ": "lower quadrant",
    "IF": "iliac fossa",
    "UL": "upper lobe",
    "ML": "middle lobe",
    "LL": "lower lobe",
    "VEF": "ventricular ejection fraction",
    "IJ": "internal jugular",
    "E": "eye",  # "LE shows a few non-specific points", "Bimatoprost nocte RE" (round 68); not "RE:" heading a letter
}
"""Short names that hold a side: R or L and the part ("RBBB", "LUQ", "RLL", "LVEF"); not "RV" and "LV", said together
as often as apart ("RV/LV ratio 1.2")."""
_SIDE_ACRONYM = re.compile(  # not a urine dipstick's leucocyte esterase ("UA: LE 3+": round 75)
    r"\b[RL](?:" + "|".join(sorted(_SIDE_ACRONYMS, key=len, reverse=True)) + r")\b(?!(?<=RE):)(?!(?<=LE)\s*\d)"
)


_NOT_PARTS = frozenset({"the", "and", "side", "sided", "only", "hand", "with", "was", "were", "had", "for", "from"})


def _part_stems(part: str) -> frozenset[str]:
    """The five-letter stems of a part's words, three letters and up ("eye", "arm"), function words left out; an upper,
    middle or lower lobe is of a lung ("the lower part of her left lung" against "right lower lobe consolidation":
    round 52)."""
    found = frozenset(w[:5] for w in re.findall(r"[a-z]{3,}", part.lower()) if w not in _NOT_PARTS)
    return found | {"lung"} if _LUNG_LOBE.search(part) else found


_LUNG_LOBE = re.compile(r"\b(?:upper|middle|lower|lingula)\b(?:\s+\w+)?\s+lobes?\b|\blingula\b", re.IGNORECASE)


def side_conflict(unit: str, sentences: Sequence[str]) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """``(unit side, evidence side)`` pairs (as :class:`~medhal.text.quantities.Quantity` of kind ``label:side``)
    where ``unit`` names one side of a body part that the evidence ``sentences`` name only on the other side, with
    the index of the sentence that names it so; ``None`` when there is none (module docstring).

    >>> evidence = ["Re: right total knee replacement (12 June).", "She attended 8 sessions over 6 weeks."]
    >>> found = side_conflict("She had 8 sessions after her left knee replacement.", evidence)
    >>> [(a.text, b.text) for a, b in found[0]], found[1]
    ([('left knee replacement', 'right total knee replacement')], 0)
    >>> side_conflict("She had 8 sessions after her right knee replacement.", evidence) is None
    True
    >>> side_conflict("Gout in his left big toe.", ["Acute gout of the right first MTP joint (big toe)."])[1]
    0
    >>> side_conflict("It is in the left kidney.", ["A lesion in the right kidney.", "The left kidney is normal."])
    >>> side_conflict("The right field has worsened.", ["The right eye shows progression; the left field is stable."])
    >>> note = ["Right total knee replacement (TKR) 12 days ago.", "Right calf 3 cm wider than left.", "Bilateral PE."]
    >>> side_conflict("58-year-old man, 12 days post left TKR,", note)[1]
    0
    >>> summary = ["Arthroscopic washout of the left knee on 03/05.", "The right knee was normal."]
    >>> side_conflict("He had an arthroscopic washout of the right knee.", summary)[1]
    0
    >>> side_conflict("His right knee was normal.", summary) is None
    True
    >>> found = ["Examination: a sessile polyp on the left vocal fold, with a small contact reaction on the right."]
    >>> side_conflict("with a small reaction on the right vocal fold", found) is None
    True
    >>> side_conflict("a sessile polyp on the right vocal fold", found)[1]
    0
    """
    if {w.lower() for w in _SIDE_WORD.findall(unit)} >= {"left", "right"}:  # "6/5 in the right eye and 6/6 in the
        return None  # left": the unit tells the sides apart itself (round 71)
    named, said = _read_once(tuple(sentences))
    words = _part_stems(unit)
    for mine in sides(unit):
        if _COMPARED_BEFORE.search(unit, 0, mine.start) and mine.side in _short_sides(tuple(sentences)):
            continue  # "not as flexible as her right ankle" for "L ankle dorsiflexion 10°, R 20°" (round 134)
        both = any(e.side == "both" and e.part & mine.part for _, e in named)  # not "bilateral PE" for a knee
        if mine.side == "both" or both:
            continue
        other = [(i, e) for i, e in named if e.part & mine.part and e.side == _OPPOSITE[mine.side]]
        # which part a side said elsewhere belongs to is the sentences' to say, unless only the other side's holds
        if mine.side in said and not _told_apart(unit, mine, sentences, named, other):  # what the unit says of it
            continue
        # "right first metatarsophalangeal joint (big toe)": the other side, the unit's part named in its sentence
        other = other or [
            (i, e) for i, e in named if e.side == _OPPOSITE[mine.side] and mine.part <= _part_stems(sentences[i])
        ]
        if other:
            i, e = max(other, key=lambda pair: len(words & _part_stems(sentences[pair[0]])))  # first of the best
            return [(_quantity(mine), _quantity(e))], i
    return None


def _told_apart(
    unit: str, mine: Side, sentences: Sequence[str], named: Sequence[tuple[int, Side]], other: list[tuple[int, Side]]
) -> bool:
    """Whether a sentence naming the other side of the unit's part holds two words or more the unit says of it beyond
    the part and its side, and no sentence naming the unit's side of any part holds one: "reduced air entry at the
    left base" against "Reduced air entry at the right base" where "Crackles were heard at the left base too", or
    "in the white matter of the left front part of the brain" for "right frontal periventricular white matter"
    (round 55).  The words are those of the side's own phrase, between the marks around it ("abduction 75°, ER 20°,
    IR to buttock; left shoulder full": the figures are the other shoulder's, round 60).  One shared word is too
    little to tell which finding is whose ("a hernia in the left groin" beside "left inguinal hernia" and "No hernia
    palpable in the right groin")."""
    opens = max(unit.rfind(mark, 0, mine.start) for mark in ",;:")  # the words of the side's own phrase: not the
    closes = min((k for k in (unit.find(mark, mine.end) for mark in ",;:") if k >= 0), default=len(unit))  # other
    context = canonical_stems(unit[opens + 1 : closes]) - mine.part - _SIDE_STEMS  # limb's "abduction 75°, ...;"
    if not context or not other:
        return False
    own = {i for i, e in named if e.side == mine.side}
    if any(context & canonical_stems(sentences[i]) for i in own):
        return False
    # a side said bare, its part left to the reader, with the words of its own phrase ("a polyp on the left vocal
    # fold, with a small contact reaction on the right": round 94)
    for sentence in sentences:
        for bare in re.finditer(rf"[^,;:]*\b{mine.side}\b(?![\s-]+[A-Za-z]{{3,}})", sentence, re.IGNORECASE):
            if context & canonical_stems(bare.group()):
                return False
    return any(len(context & canonical_stems(sentences[i])) >= 2 for i, _ in other)


_SIDE_STEMS = frozenset({"left", "right", "bilat"})


@lru_cache(maxsize=64)
def _read_once(sentences: tuple[str, ...]) -> tuple[tuple[tuple[int, Side], ...], frozenset[str]]:
    """The sides each evidence sentence names, and which of "left", "right", "bilateral" the evidence says at all;
    read once however many units ask."""
    named = tuple((i, side) for i, sentence in enumerate(sentences) for side in sides(sentence))
    said = frozenset(w.lower() for s in sentences for w in _SIDE_WORD.findall(_COMPARED_SIDE.sub("", s)))
    return named, said | frozenset(side.side for _, side in named if side.side != "both")  # and "RBBB"'s right


@lru_cache(maxsize=64)
def _short_sides(sentences: tuple[str, ...]) -> frozenset[str]:
    """The sides the evidence gives bare in shorthand (:data:`_SHORT_SIDE`), read once however many units ask."""
    return frozenset(_SHORT[m.group(1)] for sentence in sentences for m in _SHORT_SIDE.finditer(sentence))


_SIDE_WORD = re.compile(r"\bleft\b|\bright\b|\bbilateral", re.IGNORECASE)
_SHORT_SIDE = re.compile(r"\b([RL])(?:\s+side\b|\s+(?=\d))")
"""A side said bare in a note's shorthand, its part left to the reader: "L ankle dorsiflexion 10°, R 20°", "not yet
equal to R side" (round 134: "not as flexible as her right ankle" was read as the left ankle's other side).  Only a
side the unit compares with may be the bare one: "his right plantar fasciopathy" for "L chronic plantar
fasciopathy ... (R 3.4 mm)" still names the wrong foot (round 94)."""
_SHORT = {"R": "right", "L": "left"}
_COMPARED_BEFORE = re.compile(
    r"\b(?:than|as|compared\s+(?:with|to)|versus|vs\.?)\s+(?:(?:the|her|his|their|your|its)\s+)?$", re.IGNORECASE
)
"""The other side a unit compares with, which a note gives bare ("R 20°"); not a side the unit names for itself."""
_COMPARED_SIDE = re.compile(r"\bthan\s+(?:the\s+)?(?:left|right)\b(?![\s-]+[A-Za-z]{3,})", re.IGNORECASE)
"""The other limb a measurement is compared with ("Right calf swollen, circumference 3 cm greater than left"): no
side of a part said on its own, so "12 days post left TKR" for the right knee's replacement is still read, as it is
beside a "bilateral" said of another part, "Acute bilateral PE" (round 58)."""


def _quantity(side: Side) -> Quantity:
    value = {"left": 0.0, "right": 1.0}.get(side.side, 2.0)
    return Quantity("label:side", value, side.start, side.end, side.text, False, value)
