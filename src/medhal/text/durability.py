"""An effect an answer says lasted, where the evidence says nothing of how long it lasted (issue 14: "invented
content", the follow-up result a language model adds to a summary: "and the benefit persisted at 24 months").

A report that gives a result at one time point says nothing of whether it lasted; an answer that adds "the
improvement persisted for six months after the filters were removed" or "an advantage that was still present at
12 months" states a result no one reported.  The small verifier reads such a clause as about the reported effect
and often supports it (clinician-read rounds 32-46: 10 of 14 such clauses were not `contradicted`, 7 `supported`).

The cue fires when the unit

* says an **effect lasted**: an effect word ("benefit", "effect", "improvement", "gains", "advantage", "difference",
  "gap", "reduction", "excess", "association", "protection", "response", "preference", or a pronoun for one)
  followed within a few words by "persisted", "was maintained", "was sustained" or "was still present";
* **to a time**: "at 24 months", "through a 40-week extension", "for a further 12 months", "after the classes
  ended", "at three-year follow-up";
* unnegated ("the excess did not persist" says the opposite and is read by the verifier);

and no sentence of the evidence speaks of durability at all: none says "persisted", "maintained", "sustained",
"durable", "lasting", "still", "remained", "long-term", "waned", "rebound" or "extension".  An evidence that speaks
of it in any words leaves the unit to the verifier (it may say the effect lasted, or that it did not).

Measured before wiring (docs/verdicts.md): on about 12,700 faithful clauses (clinical pairs, rounds 23-46, PubMedQA
conclusions, MedHal-Loc dev) it fired on none.

:func:`promised_outcome` reads the same kind of invention in a prognosis (rounds 118-136): "The doctors expect the
clots to clear completely within a few months", "which should stop the nosebleeds completely", where the letter says
nothing of how an illness will end.  It fires when the unit, unnegated, expects or promises ("expect", "should",
"will", "likely") an outcome word ("clear", "recover", "return", "heal", "fade", "cure", "resolve", "go away",
"settle") made absolute ("completely", "fully", "entirely", "permanently", "for good"), and no evidence sentence
speaks of how things will end in any words ("complete", "full", "permanent", "expect", "prognosis", "likely",
"resolve", "recover", "cure", "normalise").  Scanned before wiring on every dev text (MedHal-Loc dev, the clinical
pairs, rounds 52-144): it fired on no faithful clause and on five wrong ones.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["promised_outcome", "unreported_durability"]

_LASTED = re.compile(
    r"\b(?:benefits?|effects?|improvements?|gains?|advantages?|differences?|gap|reductions?|excess|associations?"
    r"|protection|responses?|remissions?|preferences?|it|this|these|which)\b(?:\s+\w+){0,4}?\s+"
    r"(?:persist(?:ed|s|ing)?|(?:was|were|been|being|is|are)\s+(?:largely\s+|fully\s+|well\s+)?(?:maintained|sustained"
    r"|still\s+(?:present|evident|seen|apparent|visible|significant))|still\s+(?:present|evident|seen|apparent))\b",
    re.IGNORECASE,
)
_TO_A_TIME = re.compile(
    r"\b(?:at|through|throughout|for|after|until|into|over|to|by)\b[^,;.]*?\b(?:follow-?up|months?|years?|weeks?"
    r"|extension|ended|stopped|removed|discontinu\w*)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|never|no\s+longer|did\s+not|failed\s+to)\b", re.IGNORECASE)
_DURABILITY = re.compile(
    r"\b(?:persist\w*|maintain\w*|sustain\w*|durab\w*|last(?:ed|ing)|still|remain\w*|long-term|longer-term"
    r"|wan(?:ed|ing)|rebound\w*|extension)\b",
    re.IGNORECASE,
)


def unreported_durability(unit: str, sentences: Sequence[str]) -> str | None:
    """The words of ``unit`` that say an effect lasted to a time when no evidence sentence (``sentences``) speaks
    of durability, or ``None`` (module docstring).

    >>> evidence = ["At 6 months, HbA1c fell by 0.9% with CGM and 0.3% with usual care (p<0.001)."]
    >>> unreported_durability("HbA1c fell more with CGM, an advantage that was still present at 12 months.", evidence)
    'advantage that was still present'
    >>> unreported_durability("The benefit persisted at 6 months.", [*evidence, "The effect was sustained to 1 year."])
    >>> unreported_durability("The excess did not persist beyond 60 days.", evidence)
    >>> unreported_durability("Socioeconomic differences persist beyond retirement age.", evidence)
    """
    match = _LASTED.search(unit)
    if match is None or _NEGATED.search(unit) or not _TO_A_TIME.search(unit, match.end()):
        return None
    if any(_DURABILITY.search(sentence) for sentence in sentences):
        return None
    return match.group()


_PROMISED = re.compile(
    r"\b(?:expect\w*|should|will|would|likely|probably)\b[^,;.]*?\b(?:clear\w*|recover\w*|return\w*|heal\w*|fade\w*"
    r"|cur(?:e|es|ed|ing)|resolv\w*|go(?:es)?\s+away|settl\w*|disappear\w*)\b[^,;.]*?\b(?:completely|fully|entirely"
    r"|permanently|for\s+good)\b"
    r"|\b(?:expect\w*|should|will|would|likely|probably)\b[^,;.]*?\b(?:completely|fully|entirely|permanently)\s+"
    r"(?:clear\w*|recover\w*|return\w*|heal\w*|fade\w*|cur(?:e|ed)|resolv\w*|disappear\w*)\b",
    re.IGNORECASE,
)
_ENDING = re.compile(
    r"\b(?:complet\w*|full\w*|entire\w*|perman\w*|expect\w*|prognos\w*|likely|anticipat\w*|resolv\w*|recover\w*"
    r"|curative|cure\w*|normali[sz]\w*)\b",
    re.IGNORECASE,
)


def promised_outcome(unit: str, sentences: Sequence[str]) -> str | None:
    """The words of ``unit`` that promise an outcome complete ("expect the clots to clear completely") when no
    evidence sentence (``sentences``) speaks of how things will end, or ``None`` (module docstring).

    >>> letter = ["Impression: Hepatic vein thrombosis, on apixaban 5 mg BD.", "Plan: repeat Doppler in 3/12."]
    >>> promised_outcome("The doctors expect the clots to clear completely within a few months.", letter)
    'expect the clots to clear completely'
    >>> promised_outcome("The clots should clear completely.", [*letter, "Expect full recanalisation by 6/12."])
    >>> promised_outcome("The letter does not say the clots will clear completely.", letter)
    """
    match = _PROMISED.search(unit)
    if match is None or _NEGATED.search(unit):
        return None
    if any(_ENDING.search(sentence) for sentence in sentences):
        return None
    return match.group()
