"""Whether a non-inferiority (or equivalence) conclusion was reached, and an answer that turns it (issue 14).

A non-inferiority trial concludes one of two things: the new treatment was shown to be no worse than the old within
the margin ("non-inferiority was shown", "A was non-inferior to B", "as effective as"), or it was not ("non-inferiority
was not shown", "was not shown to be non-inferior", "failed to meet the non-inferiority margin").  An answer that
turns the conclusion ("a one-week course of amoxicillin was shown to be as good as a two-week course" where "a 7-day
course was not shown to be non-inferior to 14 days") shares every content word with the evidence but one negation,
and the small encoder read it P(E) 0.43 / P(C) 0.00 against the sentence that denies it: the turn is read here.

:func:`equivalence_claim` reads one clause's claim: ``+1`` shown, ``-1`` not shown (or inferior), ``None`` where the
clause claims neither (a methods line naming the margin, an aim asking whether).  :func:`turned_equivalence` finds the
evidence sentence that states the opposite of the unit's claim, where no sentence states the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.assertions import asserts_nothing

__all__ = ["equivalence_claim", "turned_equivalence"]


def equivalence_claim(clause: str) -> int | None:
    """``+1`` where ``clause`` says a treatment was shown no worse than (or as good as) another, ``-1`` where it says
    this was not shown or the treatment was inferior, ``None`` where it claims neither.

    >>> equivalence_claim("A 7-day course was not shown to be non-inferior to 14 days.")
    -1
    >>> equivalence_claim("so non-inferiority was not shown.")
    -1
    >>> equivalence_claim("The one-week course was shown to be as good as the two-week course.")
    1
    >>> equivalence_claim("Dupilumab was no worse than cyclosporine for itch.")
    1
    >>> equivalence_claim("but the range was too wide to formally show the 8-week taper was not worse.")
    -1
    >>> equivalence_claim("Shorter courses were inferior to longer ones.")
    -1
    >>> equivalence_claim("a lower dose improved breathing scores less well than the standard 0.6 mg/kg dose.")
    -1
    >>> equivalence_claim("No \u2014 in CALDERA-2, once-daily Nebrovel was non-inferior to twice-daily dosing.")
    1
    >>> equivalence_claim("Observation without antibiotics was non-inferior to amoxicillin-clavulanate.")
    1
    >>> print(equivalence_claim("The non-inferiority margin was 4 percentage points."))
    None
    >>> print(equivalence_claim("Whether 7 days is as effective as 14 days is uncertain."))
    None
    """
    if asserts_nothing(clause) or _ASKED.search(clause):
        return None
    text = _NO_WORSE.sub(" noninferior ", clause)
    if (_INFERIOR.search(text) or _LESS_WELL.search(text)) and not _NEGATOR.search(text):
        return -1
    for claim in _EQUIVALENT.finditer(text):
        # its verb and negation are in its own clause: "No — in CALDERA-2, X was non-inferior" says it was
        before = " ".join(_PHRASE_BREAK.split(text[: claim.start()])[-1].split()[-_REACH:])
        after = _CONCLUDED_AFTER.match(text[claim.end() :])
        if _PROOF.search(before) or _COPULA.search(before) or after:
            # "observation without antibiotics was non-inferior": "without" names the arm, it denies nothing (round 176)
            said = _WITHOUT_ARM.sub(" ", before) + (after.group(0) if after else "")
            return -1 if _NEGATOR.search(said) or _TOO_TO.search(text, 0, claim.start()) else 1
    return None  # "a non-inferiority trial", "the margin for non-inferiority": named, not concluded


def turned_equivalence(unit: str, sentences: Sequence[str], assertive: Sequence[bool] = ()) -> int | None:
    """The index of the evidence sentence whose non-inferiority conclusion is the opposite of ``unit``'s, where no
    sentence concludes as the unit does; ``None`` otherwise.  ``assertive``: whether each sentence may state a finding
    (an aim's "whether ... is as effective as" concludes nothing); empty: all may.

    >>> evidence = ["Whether 7 days is as effective as 14 days is uncertain.",
    ...             "Failure occurred in 10.3% and 9.6% (difference 0.7 points), so non-inferiority was not shown."]
    >>> turned_equivalence("A 7-day course was shown to be as good as a 14-day course.", evidence)
    1
    >>> print(turned_equivalence("A 7-day course could not be shown to be as good as a 14-day course.", evidence))
    None
    """
    own = _claim_of(unit)
    if own is None:
        return None
    found: int | None = None
    for i, sentence in enumerate(sentences):
        if assertive and not assertive[i]:
            continue
        claims = _claims(sentence)
        if own in claims:
            return None  # the evidence says what the unit says somewhere (a secondary outcome, a subgroup)
        if claims and found is None:
            found = i
    return found


def _claim_of(unit: str) -> int | None:
    """The unit's own claim, read over its clauses; ``None`` where it makes none or two that differ."""
    claims = _claims(unit)
    return next(iter(claims)) if len(claims) == 1 else None


def _claims(text: str) -> set[int]:
    """The conclusions the clauses of ``text`` state (:func:`equivalence_claim`)."""
    return {c for part in _CLAUSES.split(text) if (c := equivalence_claim(part)) is not None}


_EQUIVALENT = re.compile(
    r"\b(?:non-?inferior(?:ity)?|noninferior(?:ity)?|equivalen(?:t|ce)|as\s+(?:effective|good|efficacious)\s+as)"
    r"\b",
    re.IGNORECASE,
)
_LESS_WELL = re.compile(r"\bless\s+(?:well|effectively|effective|efficacious)\s+than\b", re.IGNORECASE)
"""Inferior in plain words: "improved breathing scores less well than the standard dose" (round 179)."""
_NO_WORSE = re.compile(r"\b(?:no|not)\s+(?:worse|inferior)\b", re.IGNORECASE)
""""no worse than", "not inferior to": a non-inferiority claim whose "no" denies nothing."""
_INFERIOR = re.compile(r"(?<![-\w])inferior\b(?!ity)", re.IGNORECASE)
"""Plain "inferior" (never "non-inferior", nor "noninferior" once "no worse" is read so)."""
_PROOF = re.compile(
    r"\b(?:shown?|showed|showing|demonstrat\w*|establish\w*|confirm\w*|prove[nd]?|conclu\w*|met|meet|meets|achiev\w*)"
    r"\b",
    re.IGNORECASE,
)
_COPULA = re.compile(r"\b(?:was|were|is|are|be|been|being|remained|proved)(?:\s+\w+)?\s*$", re.IGNORECASE)
_CONCLUDED_AFTER = re.compile(
    r"\s+(?:(?:margin|criterion|criteria|limit|boundary|hypothesis)\s+)?(?:was|were|is|could|can|has|had)\s+"
    r"(?:not\s+)?(?:be\s+|been\s+)?" + _PROOF.pattern,
    re.IGNORECASE,
)
_PHRASE_BREAK = re.compile(r"[,;:()\u2014\u2013]|\s-\s")
_REACH = 8
"""Words before the conclusion's term read for its verb and negation ("failed to demonstrate", "was not shown to
be")."""
_NEGATOR = re.compile(r"\b(?:not|no|never|neither|nor|cannot|failed|fails|fail|unable|without)\b|n't\b", re.IGNORECASE)
_TOO_TO = re.compile(r"\btoo\s+(?:\w+\s+){1,2}to\s+(?:\w+\s+)?(?:show|demonstrate|confirm|establish|prove)\b", re.I)
"""A proof denied by its measure: "the range was too wide to formally show it was not worse" (round 182)."""
_WITHOUT_ARM = re.compile(r"\bwithout\s+(?!\w+ing\b)\w+", re.IGNORECASE)
""""without" and the thing left out, naming an arm ("observation without antibiotics"); not "without showing"."""
_ASKED = re.compile(r"\b(?:whether|if)\b", re.IGNORECASE)
_CLAUSES = re.compile(r"[;:]\s|,\s+(?:but|while|whereas|although|though)\s+|\s+but\s+", re.IGNORECASE)
