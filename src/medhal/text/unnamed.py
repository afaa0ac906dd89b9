"""A compared measure the evidence never names (issue 14, round 17): "Low sodium was more common with
chlorthalidone" against evidence that reports hypokalaemia only.  The subject of a unit's comparison of named groups
(:func:`comparison_subject`), and whether the evidence names none of a phrase (:func:`never_named`, also read by
:mod:`medhal.text.effects`); such a unit is never supported (:mod:`medhal.detect.unstated`).  Split out of
:mod:`medhal.text.comparisons` in round 42 at its 500-line limit.
"""

from __future__ import annotations

import re

from medhal.text.comparisons import COMPARISON, COMPARISON_FRAME, unit_comparison
from medhal.text.drug_classes import names_class, unstated_classes
from medhal.text.synonyms import canonical_stems, canonical_text

__all__ = ["comparison_subject", "never_named", "points_back", "unnamed_subject"]


_SUBJECT_VERB = re.compile(
    r"\b(?:was|were|is|are|occurred|became|remained|appeared)(?:\s+\w+ly)?"
    r"(?:\s+(?:also|still|even|much|far|no|not))*\s*$",
    re.IGNORECASE,
)
"""The verb right before a comparison ("was more common", "were also less frequent", "was significantly higher")."""

_SUBJECT_START = re.compile(
    r".*(?:\b(?:conclude[sd]?|found|find|show(?:s|ed|n)?|suggest(?:s|ed)?|indicate[sd]?|report(?:s|ed)?|note[sd]?"
    r"|means?|meant|say|says|said|so|confirm(?:s|ed)?)\s+that\b|\bwhether\b|\bwhich\b|\bwho\b|[,;:(]"
    r"|\b(?:said|say|says|felt|feel|feels|thought|reported)\b(?=\s+(?:they|she|he|we|it|you)\b))",  # round 219
    re.IGNORECASE | re.DOTALL,
)
"""Everything up to the last word or mark that opens the clause holding the subject ("We conclude that ..."); a
relative "that" is the subject's own ("cure that lasted through day 60 was more frequent": round 154)."""

_ACRONYM = re.compile(r"\b[A-Z][A-Za-z0-9]*[A-Z0-9]\b")
"""An acronym or code ("IC", "SLN", "HbA1c"): too short for the stems, so a subject holding one is not judged."""

_SUFFIX = re.compile(r"(?:ers|ing|ed|es|s)$")

_SUBJECT_FRAME = (COMPARISON_FRAME - canonical_stems("episodes cases events")) | canonical_stems(
    "prevalence improvement benefit effect change difference reduction decline fall rise drop increase "
    "yearly annual trade-off tradeoff downside drawback factors confounders covariates"  # rounds 137, 144
    " things matters"  # "eased things for about three weeks": nothing named (round 210)
    " half halves third thirds quarter quarters fifth fifths tenth tenths"  # "prevented only about half": a share of
    " success"  # "roughly doubled the success rate" for "doubled the proportion ... able to use it correctly" (r. 243)
    " short suddenly abruptly"  # what the clause before names (round 229); "cut short", "cut off suddenly" (r. 230)
)
"""... and words that name a finding said before ("The improvement was larger in the most deprived areas": round 34;
"slowed the yearly fall in eGFR": round 45, its measure named after it);
"episodes" stays a word of the subject ("the risk of another episode" names the evidence's episodes)."""


def comparison_subject(unit: str) -> str | None:
    """The subject of ``unit``'s one comparison of a named group (:func:`unit_comparison`): the words before the
    verb that comes right before the comparative, from the start of their clause; ``None`` when there is no such
    comparison or verb, or the subject holds an acronym.

    >>> comparison_subject("Low sodium was more common among participants who switched to chlorthalidone.")
    'Low sodium'
    >>> comparison_subject("We conclude that GES is more effective in improving GI symptoms") is None
    True
    """
    if unit_comparison(unit) is None:
        return None
    first = next(COMPARISON.finditer(unit), None)
    if first is None:  # a comparison in the subject form names its groups as the subject
        return None
    head = unit[: first.start()]
    verb = _SUBJECT_VERB.search(head)
    if verb is None:
        return None
    subject = head[: verb.start()]
    opening = _SUBJECT_START.match(subject)
    subject = (subject[opening.end() :] if opening else subject).strip()
    return subject if subject and not _ACRONYM.search(subject) else None


def unnamed_subject(unit: str, evidence: str, evidence_tokens: frozenset[str]) -> str | None:
    """The subject of ``unit``'s comparison when the evidence names none of it, or ``None``.

    ``evidence_tokens`` holds the evidence's :func:`~medhal.text.synonyms.alignment_tokens`.  A word of the subject
    counts as named when its stem is among them (read through synonyms: "low potassium" is hypokalaemia) or when
    the word without its suffix ("smok" of "smokers") occurs in the evidence.  A unit that compares groups on a
    measure the evidence never names is not supported by it, whatever an encoder reads from a sentence about
    another measure ("Low sodium was more common with chlorthalidone" against "Hypokalaemia was more common with
    chlorthalidone").

    >>> evidence = "Hypokalaemia was more common with chlorthalidone (6.0% versus 4.4%)."
    >>> from medhal.text.synonyms import alignment_tokens
    >>> unnamed_subject("Low sodium was more common with chlorthalidone.", evidence, alignment_tokens(evidence))
    'Low sodium'
    >>> unnamed_subject("Low potassium was more common with chlorthalidone.", evidence, alignment_tokens(evidence))
    >>> evidence = "Small-for-gestational-age birth was more frequent with deficiency (12.1% vs 8.7%)."
    >>> unnamed_subject("Their babies were more often small for their stage of pregnancy.", evidence,
    ...                 alignment_tokens(evidence))
    """
    subject = comparison_subject(unit)
    if subject is not None and canonical_stems(subject) - _SUBJECT_FRAME <= _SAID_BEFORE:
        return None  # "Levels were higher", "The link was stronger": the measure said before (rounds 145-152)
    if subject is not None and points_back(subject):  # "this bowel illness": what was named before (round 225)
        return None
    if subject is None or _OFFSPRING.fullmatch(subject):  # "Their babies were more often small for ...": what is
        return None  # compared is in the predicate, of the mothers' babies the evidence counts as births (round 52)
    return subject if never_named(subject, evidence, evidence_tokens) else None


_SAID_BEFORE = canonical_stems(
    "advantage levels level concentrations values performance prediction accuracy apparent link"
)
"""Words a subject made of names only a measure said before, not a measure of its own ("Levels were higher", "The
apparent benefit was larger"); with another word ("Antibody concentrations") that word must be named."""
_POINTED_BACK = re.compile(r"\W*(?:this|that|these|those)\s", re.IGNORECASE)


def points_back(phrase: str) -> bool:
    """Whether ``phrase`` points back at what was named before ("this bowel illness", "these spots"): a lay answer
    names it in its own words once, then refers to it; the evidence need not name the pointing words.

    >>> points_back("this bowel illness"), points_back("the bowel illness")
    (True, False)
    """
    return _POINTED_BACK.match(phrase) is not None


_OFFSPRING = re.compile(  # "Babies were slightly less often born unusually small" (round 208)
    r"\W*(?:(?:their|these|those|her|the)\s+)?(?:babies|baby|infants?|newborns?|offspring|children|child)\W*", re.I
)


def never_named(phrase: str, evidence: str, evidence_tokens: frozenset[str]) -> bool:
    """Whether ``phrase`` names something (a content stem beyond the words that frame a measure: "rate",
    "risk", "patients", ...) and the evidence names none of it: no stem among ``evidence_tokens`` (its
    :func:`~medhal.text.synonyms.alignment_tokens`, read through synonyms) and no word of four letters or more,
    its suffix cut ("smok" of "smokers"), in the evidence's text.

    >>> from medhal.text.synonyms import alignment_tokens
    >>> evidence = "Hypokalaemia was more common with chlorthalidone."
    >>> never_named("their hospital stay", evidence, alignment_tokens(evidence))
    True
    >>> never_named("low potassium", evidence, alignment_tokens(evidence))
    False
    """
    stems = canonical_stems(phrase) - _SUBJECT_FRAME
    if not stems or stems & evidence_tokens:
        return False
    if any(map(names_class, phrase.split())) and not unstated_classes(phrase, evidence):  # "steroid injections" for
        return False  # "intralesional triamcinolone": a drug class the evidence names a drug of (round 171)
    text = canonical_text(evidence).lower()
    for word in re.findall(r"[a-z]{4,}", canonical_text(phrase).lower()):
        base = _SUFFIX.sub("", word)
        if len(base) >= 4 and canonical_stems(word) - _SUBJECT_FRAME and base in text:
            return False
    return True
