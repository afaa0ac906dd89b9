"""Advice in a guideline's other forms, for the reversed-advice cue (issue 14, round 53).

:func:`medhal.text.recommendations.advice` reads "X should (not) be used".  Guidelines also write the passive
("Extended-duration prophylaxis is not recommended for medical patients") and the imperative ("Do not routinely
perform screening ultrasound for asymptomatic deep vein thrombosis", "Offer a DOAC"), and an answer that restates
the imperative in the passive with the advice turned round ("Routine ultrasound screening for clots in people without
symptoms is recommended": round 53's wrong twin, `supported`) gave the old reader nothing to compare.

:func:`guidance` reads one such piece of advice: what it is about (its content stems, read through the clinical
synonyms, "clots" as thrombosis and "without symptoms" as asymptomatic), whether it recommends for or against, and
whether it is about routine use.  :func:`reversed_guidance` finds the evidence sentence advising the other way about
what a unit advises on: the unit's stems all among the sentence's, the same routine qualifier on both sides (a
routine use advised against is no use advised against), neither hedged ("may", "consider").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from medhal.text.synonyms import canonical_stems

__all__ = ["Guidance", "as_avoided", "guidance", "reversed_guidance", "same_guidance"]

_VERBS = r"offer|give|use|perform|prescribe|start|recommend|provide|order|request|screen|test|measure|check"
_PASSIVE = re.compile(
    r"^(?P<about>[^;:]+?)\s+(?:is|are)\s+(?P<neg>not\s+)?(?:(?!routinely)\w+ly\s+)?(?P<routine>routinely\s+)?"
    r"(?:recommended|advised|indicated|suggested)\b(?P<against>\s+against\b)?",
    re.IGNORECASE,
)
_IMPERATIVE = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?P<neg>do\s+not\s+|don't\s+|never\s+)?(?P<routine>routinely\s+)?"
    r"(?:" + _VERBS + r")\s+(?P<about>[^.;(]+)",
    re.IGNORECASE,
)
_HEDGED = re.compile(
    r"\b(?:may|might|could|consider|considered|perhaps|possibly|whether|if|unless)\b|\?"
    r"|\bwithout\s+\w+ing\b",  # "Do not give for more than 3 days without speaking to a doctor": do speak (round 55)
    re.I,
)
_ROUTINE = re.compile(r"\broutine(?:ly)?\b", re.IGNORECASE)
_FRAME = canonical_stems("routine routinely people patients adults persons individuals use giving given younger older")


@dataclass(frozen=True, slots=True)
class Guidance:
    """One piece of advice: the content stems of what it is about, for or against, and about routine use."""

    about: frozenset[str]
    recommends: bool
    routine: bool


@lru_cache(maxsize=1024)
def guidance(text: str) -> Guidance | None:
    """The one passive or imperative piece of advice ``text`` gives (module docstring), or ``None``; an evidence
    sentence's is read once however many units ask.

    >>> g = guidance("4.7 Do not routinely perform screening ultrasound for asymptomatic deep vein thrombosis.")
    >>> g.recommends, g.routine, sorted(g.about)
    (False, True, ['asymp', 'deep', 'scree', 'throm', 'ultra', 'vein'])
    >>> g = guidance("Routine ultrasound screening for clots in people without symptoms is recommended.")
    >>> g.recommends, g.routine, sorted(g.about)
    (True, True, ['asymp', 'scree', 'throm', 'ultra'])
    >>> guidance("Screening may be considered in selected patients.") is None
    True
    >>> guidance("Antibiotics for symptom-free bacteriuria are advised against,").recommends
    False
    >>> g = guidance("antibiotic drops are strongly advised against as a routine treatment,")
    >>> g.recommends, g.routine
    (False, True)
    """
    if _HEDGED.search(text):
        return None
    m = _PASSIVE.search(text.strip()) or _IMPERATIVE.search(text.strip())
    if m is None:
        return None
    about = canonical_stems(m.group("about")) - _FRAME
    if not about:
        return None
    # "are strongly advised against as a routine treatment" (round 219): a passive's use said after its verb too
    routine = bool(m.group("routine")) or _ROUTINE.search(m.group("about") + text.strip()[m.end() :]) is not None
    against = m.groupdict().get("against") is not None
    return Guidance(about, not m.group("neg") and not against, routine)


def reversed_guidance(unit: str, sentences: Sequence[str]) -> int | None:
    """The index of the first sentence advising the other way about what ``unit`` advises on, or ``None``.

    >>> guideline = ["4.4 Extended-duration prophylaxis after discharge is not recommended for medical patients.",
    ...              "4.7 Do not routinely perform screening ultrasound for asymptomatic deep vein thrombosis."]
    >>> reversed_guidance("Routine ultrasound screening for clots in people without symptoms is recommended.",
    ...                   guideline)
    1
    >>> reversed_guidance("Routine ultrasound screening for clots in people without symptoms is not recommended.",
    ...                   guideline)
    >>> reversed_guidance("Ultrasound screening for clots in people with symptoms is recommended.", guideline)
    """
    own = guidance(unit)
    if own is None:
        return None
    for i, sentence in enumerate(sentences):
        theirs = guidance(sentence)
        if theirs is not None and theirs.recommends != own.recommends and _about_the_same(own, theirs):
            return i
    return None


def _about_the_same(own: Guidance, theirs: Guidance) -> bool:
    """Whether two pieces of advice are about the same use: the same routine qualifier, and all ``own`` names."""
    return theirs.routine == own.routine and own.about <= theirs.about


def same_guidance(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` gives the advice ``unit`` gives, in its other form (module docstring): the same way, of the
    same routine use, about all the unit names (the advice of a labelled item read after its label).  A restatement:
    "Giving it routinely to babies younger than six months is advised against" for "2. Infants under 6 months
    (recommendation against): Routine supplementation of infants under 6 months is not recommended" (round 212).

    >>> said = "2. Infants (recommendation against): Routine supplementation of infants is not recommended."
    >>> same_guidance("Giving it routinely to babies is advised against,", said)
    True
    >>> same_guidance("Giving it routinely to babies is recommended,", said)
    False
    """
    own = guidance(unit)
    if own is None:
        return False
    theirs = guidance(sentence) or guidance(sentence.rsplit(":", 1)[-1])
    return theirs is not None and theirs.recommends == own.recommends and _about_the_same(own, theirs)


_NOT_USED = re.compile(
    r"\b(?P<modal>should|must)\s+not\s+be\s+(?:used|taken|given)\b|\b(?P<to>not\s+to)\s+(?:use|take)\b|"
    r"\b(?P<aux>should|must)\s+not\s+(?:use|take)\b|\b(?:do\s+not|don't|never)\s+(?:use|take)\b",
    re.IGNORECASE,
)


def as_avoided(text: str) -> str:
    """``text`` with advice not to use something written as advice to avoid it, for a restatement read on the same
    words and the same polarity ("potassium-based salt substitutes should be avoided" for "Advise patients not to use
    potassium supplements or potassium-based salt substitutes": round 203).

    >>> as_avoided("Advise patients not to use potassium-based salt substitutes.")
    'Advise patients to avoid potassium-based salt substitutes.'
    >>> as_avoided("NSAIDs should not be used in the last trimester; do not take aspirin.")
    'NSAIDs should be avoided in the last trimester; avoid aspirin.'
    >>> as_avoided("She should not take ibuprofen.")
    'She should avoid ibuprofen.'
    """

    def _avoid(m: re.Match[str]) -> str:
        if m.group("modal"):
            return f"{m.group('modal')} be avoided"
        if m.group("to"):
            return "to avoid"
        return f"{m.group('aux')} avoid" if m.group("aux") else "avoid"

    return _NOT_USED.sub(_avoid, text)
