"""An effect claimed on the outcome a null finding's agent did not change, the finding's frame left out.

The null-finding cue (:func:`medhal.text.findings.contradicts`) asks a unit to name a finding's whole subject: in
"Topical tranexamic acid did not reduce the need for nasal packing in adults with anterior epistaxis" that is the
agent, its route, the outcome and the population together, and an answer that says "Tranexamic acid halved the need
for nasal packing" leaves the route and the population out, so it named no finding and was `supported` (P(E) 0.70
on an abstract of our own; docs/verdicts.md, rounds 50-51).  Reading the subject looser (the outcome after the
negated verb alone) fired on faithful clauses about a subgroup or another arm.  This module reads the finding's
parts apart instead (:func:`negated_effects`: agent, outcome, and the frame after the outcome) and lets the unit
leave the frame out only where nothing else can be meant:

* the unit asserts an effect (:func:`~medhal.text.asserted.asserts_effect`) and reports no null finding itself;
* it names one of the finding's outcomes whole (every content stem of one listed outcome);
* what it names before the outcome is the finding's agent, in part ("Tranexamic acid" of "Topical tranexamic
  acid"), and its figures are the finding's ("The 20 mg dose" is not "The 10 mg dose");
* it says nothing the sentence does not, but for words of effect ("halved", "markedly");
* and no part of the evidence that names that outcome says anything but a null finding about it: no subgroup or
  other arm with an effect on it, no other time point where it changed.

Seed 003 (HallDetect, §4) has no such rule; it is one of the deterministic cues of issue 14, reported as a
``null_finding`` cue with the finding's sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from medhal.text._finding_subjects import FRAME, stems, word_set
from medhal.text.asserted import asserts_effect
from medhal.text.findings import finding_parts, reports_null_finding
from medhal.text.lexical import direction_words, numbers

__all__ = ["NegatedEffect", "denied_outcome", "grown_unchanged", "negated_effects"]

_VERBS = (
    r"reduce|lower|decrease|cut|shorten|prevent|improve|increase|raise|prolong|slow|alter|change|affect|lessen|"
    r"relieve|ease|speed|hasten|delay|avert|avoid"
)
_NEGATED_EFFECT = re.compile(
    r"\b(?:did|does|do)\s+not\s+(?:(?:significantly|meaningfully|materially|substantially|appreciably|further)\s+)?"
    r"(?:" + _VERBS + r")\s+(?P<rest>\S.*)"
    r"|\b(?:had|has|have)\s+no\s+(?:(?:significant|meaningful|measurable|appreciable|clear)\s+)?"
    r"(?:effect|impact|influence)\s+on\s+(?P<rest2>\S.*)",
    re.IGNORECASE,
)
"""An agent's effect denied: "did not reduce the need for ...", "had no significant effect on ..."."""

_FRAME_START = re.compile(
    r"\s*[,;:(]|(?:^|\s+)(?:in|among|at|after|during|over|within|by|from|compared|relative|versus|vs\.?|than|when|while|"
    r"whereas|but|or\s+(?:in|at)|and\s+(?:did|does|was|were|is|are|had|has|should|may|might|could)|beyond|across|"
    r"between|throughout|until|through|irrespective|regardless|despite|on\s+(?:day|week|month|year))\b",
    re.IGNORECASE,
)
"""Where the outcome ends and its frame (population, time point, comparator) begins."""

_ITEM = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|nor)\s+", re.IGNORECASE)

_EFFECT_WORDS = word_set(
    "halved halve halves doubled doubles tripled trebled cut cuts markedly substantially considerably dramatically "
    "greatly sharply clearly notably strongly effectively successfully lessened eased relieved averted avoided "
    "spared lowering reducing raising improving shortening slashed boosted fewer less lower higher better worse "
    "more much far nearly almost about around roughly half third quarter",
    stem=True,
)
"""Words of effect a unit may add to what the sentence says ("halved"), beyond :data:`FRAME`'s."""
_WORD = re.compile(r"[^\W\d_]+")
_FIGURE = re.compile(r"\d")


@dataclass(frozen=True, slots=True)
class NegatedEffect:
    """One "<agent> did not <verb> <outcome> <frame>" of an evidence sentence: the stems of its agent and of each
    outcome it lists (each nonempty)."""

    agent: frozenset[str]
    outcomes: tuple[frozenset[str], ...]
    figures: frozenset[str] = frozenset()
    """The numbers of the part ("The 10 mg dose did not lower ..."): a unit's must be among them."""


@lru_cache(maxsize=1024)
def negated_effects(sentence: str) -> tuple[NegatedEffect, ...]:
    """Each effect ``sentence`` says its agent did not have, one per part (:func:`~medhal.text.findings.finding_parts`);
    read once per evidence sentence however many units ask.

    >>> [(sorted(e.agent), [sorted(o) for o in e.outcomes]) for e in negated_effects(
    ...     "Topical tranexamic acid did not reduce the need for nasal packing in adults with anterior epistaxis.")]
    [(['acid', 'topic', 'trane'], [['nasal', 'need', 'packi']])]
    >>> [[sorted(o) for o in e.outcomes] for e in negated_effects("Zinc had no effect on diarrhoea or vomiting.")]
    [[['diarr'], ['vomit']]]
    """
    found = []
    for part in finding_parts(sentence):
        m = _NEGATED_EFFECT.search(part)
        if m is None:
            continue
        rest = m.group("rest") or m.group("rest2")
        end = _FRAME_START.search(rest)
        outcome = rest[: end.start()] if end else rest.rstrip(" .")  # "did not change after surgery": none
        items = tuple(own for item in _ITEM.split(outcome) if (own := stems(item) - FRAME))
        agent = stems(part[: m.start()]) - FRAME
        if items and agent:
            found.append(NegatedEffect(agent, items, numbers(part)))
    return tuple(found)


def denied_outcome(unit: str, sentences: Sequence[str]) -> int | None:
    """The index of the evidence sentence whose null finding ``unit`` contradicts with its frame left out (module
    docstring), or else that calls unchanged what ``unit`` says changed (:func:`grown_unchanged`); ``None`` when none.

    >>> evidence = ["Topical tranexamic acid did not reduce the need for nasal packing in adults with anterior "
    ...             "epistaxis.", "Rebleeding within 7 days was less frequent with tranexamic acid (8% vs 19%)."]
    >>> denied_outcome("Tranexamic acid halved the need for nasal packing.", evidence)
    0
    >>> denied_outcome("Tranexamic acid did not cut the need for nasal packing.", evidence)
    >>> denied_outcome("Tranexamic acid reduced rebleeding.", evidence)

    An effect on the outcome stated elsewhere (a subgroup, another time point) leaves the frame to mean something,
    and another arm is another agent, whether named in words or by its dose:

    >>> denied_outcome("Tranexamic acid halved the need for nasal packing.",
    ...                [*evidence, "In children, the need for nasal packing fell from 40% to 21%."])
    >>> denied_outcome("Intravenous iron raised haemoglobin.",
    ...                ["Oral iron did not raise haemoglobin, whereas intravenous iron raised it by 2 g/dL."])
    >>> denied_outcome("The 20 mg dose lowered blood pressure.",
    ...                ["The 10 mg dose did not lower blood pressure, whereas the 20 mg dose lowered it by 8 mmHg."])
    """
    found = _frame_left_out(unit, sentences)
    return found if found is not None else grown_unchanged(unit, sentences)


def _frame_left_out(unit: str, sentences: Sequence[str]) -> int | None:
    """:func:`denied_outcome`'s first reading: an effect claimed on a negated effect's outcome (module docstring)."""
    if not asserts_effect(unit) or reports_null_finding(unit):
        return None
    named = stems(unit)
    extra = named - FRAME - _EFFECT_WORDS - stems(" ".join(direction_words(unit)))
    figures = numbers(unit)
    for i, sentence in enumerate(sentences):
        if not extra <= _sentence_stems(sentence):
            continue
        for effect in negated_effects(sentence):
            outcome = next((o for o in effect.outcomes if o <= named), None)
            if outcome is None or not figures <= effect.figures:
                continue
            agent = _agent(unit, outcome)
            if agent and agent <= effect.agent and _only_null(outcome, sentences):
                return i
    return None


def _agent(unit: str, outcome: frozenset[str]) -> frozenset[str]:
    """What ``unit`` names before its first word of ``outcome``, the words of effect left out: the agent it says
    had the effect ("Tranexamic acid | halved the need for ..."); empty when the outcome comes first (a passive)."""
    for m in _WORD.finditer(unit):
        if stems(m.group()) & outcome:
            return stems(unit[: m.start()]) - FRAME - _EFFECT_WORDS
    return frozenset()


def grown_unchanged(unit: str, sentences: Sequence[str]) -> int | None:
    """The index of the sentence of a report that calls a finding unchanged ("A 14 mm simple cyst in the upper pole
    of the left kidney is unchanged from the prior study") when ``unit`` says that finding changed ("The 14 mm simple
    cyst in the upper part of the left kidney has grown since the previous scan": round 53's wrong twin, `supported`),
    or ``None``.  The unit must name what the sentence does, where it lies aside (a report's "pole" is an answer's
    "part"), with the sentence's figures, and no sentence naming half of it or more may say it changed.

    >>> report = ["A 14 mm simple cyst in the upper pole of the left kidney is unchanged from the prior study.",
    ...           "The right kidney is normal."]
    >>> grown_unchanged("The 14 mm simple cyst in the upper part of the left kidney has grown since", report)
    0
    >>> grown_unchanged("The 14 mm simple cyst in the left kidney has not changed since the last scan", report)
    >>> grown_unchanged("The 9 mm cyst in the left kidney has grown since the last scan", report)
    >>> grown_unchanged("A stone in the left kidney has grown", report)
    """
    change = _CHANGED.search(unit)
    if change is None or reports_null_finding(unit):
        return None
    named = stems(unit[: change.start()]) - FRAME - _PLACE
    figures = numbers(unit)
    if not named or any(_CHANGED.search(s) and 2 * len(named & _sentence_stems(s)) >= len(named) for s in sentences):
        return None
    for i, sentence in enumerate(sentences):
        same = _UNCHANGED.search(sentence)
        if same is None or not figures <= numbers(sentence):
            continue
        if named <= stems(sentence[: same.start()]) - FRAME - _PLACE:
            return i
    return None


_UNCHANGED = re.compile(
    r"\b(?:is|are|was|were|remains?|remained|has\s+remained|have\s+remained|appears?)\s+(?:\w+ly\s+)?"
    r"(?:unchanged|stable)\b",
    re.IGNORECASE,
)
_CHANGED = re.compile(
    r"\b(?:has|have|had)\s+(?:\w+ly\s+)?(?:grown|enlarged|increased|shrunk|shrunken|progressed|expanded|changed)\b"
    r"|\b(?:is|are|was|were)\s+(?:now\s+)?(?:larger|bigger|smaller)\b|\b(?:grew|enlarged|progressed)\b",
    re.IGNORECASE,
)
_PLACE = word_set(
    "upper lower middle mid pole part portion region segment side left right anterior posterior medial lateral "
    "superior inferior proximal distal central peripheral tiny small little large big",
    stem=True,
)
"""Where a finding lies and how big it looks, which an answer may say in other words ("part" for "pole", a "tiny" 4 mm
nodule)."""


def _only_null(outcome: frozenset[str], sentences: Sequence[str]) -> bool:
    """Whether every part of the evidence that names ``outcome`` reports a null finding or no finding at all ("The
    primary outcome was the need for nasal packing": no effect asserted, no figure)."""
    return all(null for sentence in sentences for part, said, null in _parts(sentence) if outcome <= said)


@lru_cache(maxsize=1024)
def _parts(sentence: str) -> tuple[tuple[str, frozenset[str], bool], ...]:
    """Each finding part of ``sentence`` with its stems and whether it reports a null finding or no finding at all,
    read once per evidence sentence however many units ask."""
    return tuple(
        (part, stems(part), reports_null_finding(part) or not (asserts_effect(part) or _FIGURE.search(part)))
        for part in finding_parts(sentence)
    )


_sentence_stems = lru_cache(maxsize=1024)(stems)
""":func:`stems` of an evidence sentence, read once however many units ask."""
