"""Thresholds turned the other way, and changes told backwards (issue 14, round 27).

A protocol or a guideline acts on thresholds: "restart ramipril if creatinine is below 110 µmol/L", "consider
spironolactone if blood potassium is 4.5 mmol/L or lower".  An answer that keeps the figure and turns the bound
round ("restart ramipril if creatinine is over 110", "if potassium is at least 4.5") gives the opposite instruction,
and neither the changed-number cue (the figure is right) nor a small encoder (every word but one is the evidence's)
sees it.  Likewise a change told backwards: "bloodstream infections rose from 0.24 to 0.41" against "fell from 0.41
to 0.24".

* :func:`bounds` reads the bounds of a text: a figure after "over / above / more than / at least / under / below /
  less than / at most / up to / no more than / ≥ / <" (and "younger / older than"), or before "or more / or higher
  / or above / or over / or older / or less / or lower / or below / or under / or fewer"; each is ``up`` (the figure
  and above) or ``down``.
* :func:`bound_conflicts`: a bound of the unit whose figure the sentence bounds only the other way, about the same
  thing (the two share a content stem among the few words before their figures: "creatinine", "potassium").  A
  sentence that bounds the figure both ways ("under 60 ... 60 or over") never conflicts.
* :func:`reversed_changes`: a unit's "from A to B" against a sentence's "from B to A" (the same two figures).

Both give ``(unit quantity, sentence quantity)`` pairs, as the other figure cues do
(:func:`medhal.text.figures.number_conflicts`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise
from typing import Literal

from medhal.text.derived import far_off
from medhal.text.placement import counted, same_thing
from medhal.text.quantities import Quantity, quantities
from medhal.text.tokens import content_stems

__all__ = [
    "Bound",
    "bound_conflicts",
    "bound_holds",
    "bound_start",
    "bound_value_conflicts",
    "bounds",
    "reversed_changes",
]

Side = Literal["up", "down"]

_UP_BEFORE = re.compile(
    r"(?:\bover|\babove|(?<!\bno\s)\b(?:more|greater|higher)\s+than|\bolder\s+than|\bexceed(?:s|ing)?|"
    r"\bat\s+least|\bno\s+(?:less|fewer|lower)\s+than|\bminimum(?:\s+of)?|≥|>=|>)\s*$",
    re.IGNORECASE,
)
_DOWN_BEFORE = re.compile(
    r"(?:\bunder|\bbelow|(?<!\bno\s)\b(?:less|fewer|lower)\s+than|\byounger\s+than|\bat\s+most|\bup\s+to|"
    r"\bno\s+(?:more|greater|higher)\s+than|\bmaximum(?:\s+of)?|≤|<=|<)\s*$",
    re.IGNORECASE,
)
_INCLUSIVE_BEFORE = re.compile(
    r"(?:\bat\s+(?:least|most)|\bup\s+to|\bno\s+(?:less|fewer|lower|more|greater|higher)\s+than|\b(?:minimum|maximum)(?:\s+of)?"
    r"|≥|>=|≤|<=)\s*$",
    re.IGNORECASE,
)
"""A bound that holds its own figure ("at least 5" holds for 5; "over 5" does not)."""
_UNIT_REST = r"(?:/[^\s,;()]+)?"
"""The rest of a unit the figure's text stops before ("110 µmol | /L or lower")."""
_UP_AFTER = re.compile(
    _UNIT_REST + r"(?:\s*(?:or|and)\s+(?:more|higher|above|over|greater|older)\b|\s*\+(?!\s*\d))", re.IGNORECASE
)
_DOWN_AFTER = re.compile(_UNIT_REST + r"\s*(?:or|and)\s+(?:less|lower|below|under|fewer|younger)\b", re.IGNORECASE)
_BEFORE_WORDS = 4
"""How many words before a bound's figure name what it bounds ("if creatinine is | below 110")."""
_SINCE = re.compile(
    r"(?:\s+(?:have|has|had)\s+(?:passed|elapsed|gone\s+by))?\s+since\s+((?:[\w-]+\s+){0,3}[\w-]+)", re.I
)
"""What a time bound counts from, which it bounds as much as the words before it ("if more than three days have
passed since his last infusion" against "if >5 days since last infusion": round 79)."""


@dataclass(frozen=True, slots=True)
class Bound:
    """A figure bounded one way: ``up`` (it and above) or ``down``, and the stems of the words before it."""

    quantity: Quantity
    side: Side
    about: frozenset[str]
    inclusive: bool = False
    """It holds its own figure ("at least 5", "5 or more"; not "over 5")."""
    since: frozenset[str] = frozenset()
    """The stems of what a time bound counts from (:data:`_SINCE`: "more than three days since his last infusion")."""

    @property
    def edge(self) -> float:
        """The figure the bound starts from, holding it: a count "more than one" starts at two, as "two or more" does
        (a PubMedQA conclusion's "more than one follicle" for its abstract's "two or more follicles")."""
        value = self.quantity.value
        if self.inclusive or self.quantity.kind != "count":
            return value
        return value + 1 if self.side == "up" else value - 1


def bound_holds(text: str, q: Quantity, value: float) -> bool | None:
    """Whether the bound ``q`` of ``text`` ("over 150,000", "at least three years", "no more than 5") holds for
    ``value`` (in ``q``'s base unit); ``None`` when no bound word stands before ``q``.  The words are :func:`bounds`'s
    (moved here from :mod:`medhal.text.quantities`, whose own list read "no more than 5" as "more than 5").

    >>> text = "In over 150,000 women treated for at least three years"
    >>> [bound_holds(text, q, v) for q, v in zip(quantities(text), (156_236.0, 365.25))]
    [True, False]
    >>> bound_holds("about 150,000 women", quantities("about 150,000 women")[0], 156_236.0) is None
    True
    >>> bound_holds("no more than 5 tablets", quantities("no more than 5 tablets")[0], 5.0)
    True
    """
    before = text[max(0, q.start - 24) : q.start]
    inclusive = value == q.value and _INCLUSIVE_BEFORE.search(before) is not None
    if _UP_BEFORE.search(before):
        return value > q.value or inclusive
    if _DOWN_BEFORE.search(before):
        return value < q.value or inclusive
    return None


def bound_start(text: str, q: Quantity) -> int | None:
    """Where the bound words before ``q`` of ``text`` start ("from *under* 9 hours"), or ``None`` when none stands
    there (the words of :func:`bound_holds`).

    >>> text = "from under 9 hours to 30"
    >>> [bound_start(text, q) for q in quantities(text)]
    [5, None]
    """
    offset = max(0, q.start - 24)
    before = text[offset : q.start]
    m = _UP_BEFORE.search(before) or _DOWN_BEFORE.search(before)
    return None if m is None else offset + m.start()


def bounds(text: str) -> list[Bound]:
    """The bounds of ``text`` in reading order (module docstring).

    >>> [(b.quantity.text, b.side) for b in bounds("Restart if creatinine is below 110 µmol/L; aged 60 or over.")]
    [('110 µmol', 'down'), ('60', 'up')]
    """
    found = []
    for q in quantities(text):
        before = text[max(0, q.start - 24) : q.start]
        side: Side | None = None
        if _UP_BEFORE.search(before) or _UP_AFTER.match(text, q.end):
            side = "up"
        if _DOWN_BEFORE.search(before) or _DOWN_AFTER.match(text, q.end):
            side = None if side == "up" else "down"  # "more than 5 or less": no bound read
        if side is not None:
            words = " ".join(text[: q.start].split()[-_BEFORE_WORDS:])
            about = frozenset(s for s in content_stems(words) if not any(c.isdigit() for c in s))
            since = _SINCE.match(text, q.end) if q.kind == "time" else None  # "if >5 days since last infusion"
            counted_from = frozenset() if since is None else content_stems(since.group(1))
            after = (_UP_AFTER if side == "up" else _DOWN_AFTER).match(text, q.end)
            inclusive = _INCLUSIVE_BEFORE.search(before) is not None or after is not None
            found.append(Bound(q, side, about, inclusive, counted_from))
    return found


def bound_conflicts(unit: str, sentence: str, evidence: str = "") -> list[tuple[Quantity, Quantity]]:
    """``(unit figure, sentence figure)`` pairs where ``unit`` bounds a figure one way and ``sentence`` bounds the
    same figure of the same thing only the other way, and ``evidence`` (the whole text, when given) never bounds it the
    unit's way (module docstring; "patients aged 50 and over" against a sentence about those "younger than 50" is
    what an evidence naming both sides says).

    >>> sentence = "Restart ramipril if creatinine is below 110 µmol/L."
    >>> [(a.text, b.text) for a, b in bound_conflicts("and restart ramipril if creatinine is over 110,", sentence)]
    [('over 110', 'below 110 µmol')]
    >>> bound_conflicts("and restart ramipril once creatinine is under 110,", sentence)
    []
    >>> bound_conflicts("none in adults under 65 and those aged 65 or older", "none in those aged 65 or older")
    []
    """
    theirs, own = bounds(sentence), bounds(unit)
    anywhere = _read_once(evidence) if own and theirs and evidence else []
    conflicts = []
    for mine in own:
        if any(b.side != mine.side and b.quantity.equals(mine.quantity) for b in own):
            continue  # "adults under 65 and those aged 65 or older": both sides of the threshold
        if any(b.side == mine.side and b.quantity.equals(mine.quantity) for b in anywhere):
            continue
        same = [
            b
            for b in theirs
            if b.quantity.equals(mine.quantity) and b.about & mine.about and not _counts_else(unit, mine, sentence, b)
        ]
        if same and all(b.side != mine.side for b in same):
            conflicts.append((_worded(unit, mine), _worded(sentence, same[0])))
    return conflicts


_PEOPLE = content_stems("patients people participants adults children women men users infants babies persons")


def _fewer_people(mine: Bound, theirs: Bound, counts: frozenset[str]) -> bool:
    """Whether ``mine`` says more than a number of people that ``theirs`` says more of: "well over ten thousand
    patients" is true of "more than 12,000" (a count of people bounded from below, at a lower figure)."""
    return (
        mine.side == "up"
        and mine.quantity.kind == "count"
        and mine.quantity.value < theirs.quantity.value
        and bool(counts & _PEOPLE)
    )


def bound_value_conflicts(unit: str, sentence: str, evidence: str) -> list[tuple[Quantity, Quantity]]:
    """``(unit figure, sentence figure)`` pairs where ``unit`` bounds something at a figure and ``sentence`` bounds the
    same thing (a shared stem among the words before the two) on the same side at another figure of its kind, while
    ``evidence`` (the whole text) bounds nothing on that side at the unit's figure (round 29: "up to twelve puffs"
    where the attack plan says "up to 6 puffs"; the changed-number cue reads no bound, and "no more than 12 puffs" a
    day, the other side, stood elsewhere).  Ages and strata bounded at several figures ("aged 50 and over" against
    "aged 75 years or older") are each stated somewhere, so they never conflict.

    >>> plan = "Do not take more than 12 puffs in a day. - Sit up and take 1 puff every 1-3 minutes, up to 6 puffs."
    >>> sentence = plan.split(". ")[1]
    >>> [(a.text, b.text) for a, b in bound_value_conflicts("take one puff every few minutes up to twelve puffs,",
    ...                                                     sentence, plan)]
    [('up to twelve', 'up to 6')]
    >>> bound_value_conflicts("take one puff every few minutes, up to six puffs,", sentence, plan)
    []
    """
    theirs = bounds(sentence)
    conflicts: list[tuple[Quantity, Quantity]] = []
    own = bounds(unit)
    anywhere = _read_once(evidence) if own and theirs else []
    said = quantities(sentence) if own and theirs else []
    for mine in own:
        same_side = [b for b in theirs if b.side == mine.side and b.quantity.kind == mine.quantity.kind]
        if (
            not same_side
            or any(b.side == mine.side and _same_edge(b, mine) for b in anywhere)
            or any(q.equals(mine.quantity) for q in said)  # "of more than 10°" against "an increase of 10°"
            or _period_stated(unit, mine, evidence)
            # "by about a third of a millimetre or more" for "by 0.3 mm or more": a hedged bound near the sentence's
            or (mine.quantity.about and not far_off(mine.quantity, [b.quantity for b in same_side]))
        ):
            continue
        counts = counted(unit, mine.quantity)  # "up to twelve *puffs*" against "up to 6 *puffs*", not "over 40 UI/L"
        rival = next(
            (b for b in same_side if not _same_edge(b, mine) and _same_bounded(mine, b, counts, sentence)), None
        )
        if rival is not None and _fewer_people(mine, rival, counts):
            continue  # "well over ten thousand patients" for "more than 12,000 treated patients" (round 245)
        if rival is not None:
            conflicts.append((_worded(unit, mine), _worded(sentence, rival)))
    return conflicts


_OVER = re.compile(r"\bover\s+(?:the\s+|a\s+)?$", re.IGNORECASE)


def _period_stated(unit: str, mine: Bound, evidence: str) -> bool:
    """Whether ``mine`` bounds a time the evidence states as a period of its own, unbounded: "coughs over 24 hours"
    counts them during the "24-hour cough frequency" the evidence reports, no rival of "cough lasting at least 1 year"
    (round 171); "at least three days" is a bound wherever "3 days" is stated ("reduced gradually over at least
    three days" against "over at least 1 week": round 56)."""
    if mine.quantity.kind != "time" or not _OVER.search(unit, 0, mine.quantity.start):
        return False  # "at least three days", "more than 48 hours" bound; only "over" may name the span counted in
    return any(q.equals(mine.quantity) and not q.approximate for q in _stated_once(evidence))


@lru_cache(maxsize=64)
def _stated_once(evidence: str) -> tuple[Quantity, ...]:
    """:func:`quantities` of the whole evidence, read once however many units ask."""
    return tuple(quantities(evidence))


@lru_cache(maxsize=64)
def _counts_else(unit: str, mine: Bound, sentence: str, theirs: Bound) -> bool:
    """Whether one of two equal figures is a bare count of something named ("at least 3 *AOM episodes*") and the
    other a figure with its own unit ("just under three years"): the same number, not the same figure (round 204)."""
    a, b = mine.quantity, theirs.quantity
    if a.kind == b.kind or "count" not in (a.kind, b.kind):
        return False
    text, bare = (unit, a) if a.kind == "count" else (sentence, b)
    return bool(counted(text, bare))


def _read_once(evidence: str) -> tuple[Bound, ...]:
    """:func:`bounds` of the whole evidence, read once however many units ask."""
    return tuple(bounds(evidence))


def _same_edge(a: Bound, b: Bound) -> bool:
    """Whether two bounds on one side start from the same figure (:attr:`Bound.edge`)."""
    return a.quantity.equals(b.quantity) or (a.quantity.kind == b.quantity.kind == "count" and a.edge == b.edge)


def _same_bounded(mine: Bound, theirs: Bound, counts: frozenset[str], sentence: str) -> bool:
    """Whether the sentence's bound ``theirs`` bounds what the unit's ``mine`` does: a shared stem before the two
    and what they count alike (:func:`_counts_alike`); or two stems before them ("platelet count is under 100 ×
    10^9/L" against "a platelet count below 50 × 10^9/L", whose counts name nothing: round 52); or, for counts of
    something, the same thing counted whatever the words before ("despite trying at least three antidepressants"
    against "had not responded to at least two antidepressants": round 52)."""
    shared = theirs.about & mine.about
    if mine.since & theirs.since:  # two times counted from one thing (round 79)
        return True
    if len(shared) >= 2 or (shared and _counts_alike(counts, sentence, theirs)):
        return True
    return mine.quantity.kind == "count" and bool(counts & counted(sentence, theirs.quantity))


def _counts_alike(counts: frozenset[str], sentence: str, bound: Bound) -> bool:
    """Whether a bound of ``sentence`` counts what the unit's counts (``counts``): for a bare count both must say
    what they count and share it ("two or more *pregnancies*" is no rival of "over 40 UI/L")."""
    theirs = counted(sentence, bound.quantity)
    if bound.quantity.kind == "count":
        return bool(counts & theirs)
    return same_thing(counts, theirs)


def _worded(text: str, bound: Bound) -> Quantity:
    """The bound's figure with its bounding words, as a record shows it ("over 110")."""
    q = bound.quantity
    before = (_UP_BEFORE if bound.side == "up" else _DOWN_BEFORE).search(text[max(0, q.start - 24) : q.start])
    after = (_UP_AFTER if bound.side == "up" else _DOWN_AFTER).match(text, q.end)
    start = q.start - (len(before.group()) if before else 0)
    end = after.end() if after else q.end
    return replace(q, start=start, end=end, text=text[start:end])


_FROM_TO = re.compile(r"\bfrom\s+(?:about\s+|around\s+|approximately\s+)?$", re.IGNORECASE)
_TO = re.compile(r"\s+to\s+(?:about\s+|around\s+|approximately\s+)?", re.IGNORECASE)


def _changes(text: str) -> list[tuple[Quantity, Quantity]]:
    """The "from A to B" pairs of ``text``."""
    found = quantities(text)
    return [
        (a, b)
        for a, b in pairwise(found)
        if _FROM_TO.search(text, max(0, a.start - 24), a.start) and _TO.fullmatch(text, a.end, b.start)
    ]


def reversed_changes(unit: str, sentence: str) -> list[tuple[Quantity, Quantity]]:
    """``(unit figure, sentence figure)`` pairs where ``unit`` says something went "from A to B" and ``sentence``
    says it went "from B to A", and never "from A to B".

    >>> [(a.text, b.text) for a, b in reversed_changes("Infections rose from 0.24 to 0.41 per 1,000 days,",
    ...                                                "Infections fell from 0.41 to 0.24 per 1,000 catheter days.")]
    [('0.24', '0.41')]
    """
    theirs = _changes(sentence)
    conflicts = []
    for a, b in _changes(unit):
        if any(a.equals(x) and b.equals(y) for x, y in theirs):
            continue
        backwards = [(x, y) for x, y in theirs if a.equals(y) and b.equals(x) and not a.equals(b)]
        if backwards:
            conflicts.append((a, backwards[0][0]))
    return conflicts
