"""What a unit asserts, unhedged and unnegated: an effect, a difference or a cause (:func:`asserts_effect`), or that
something happened to someone (:func:`asserts_occurrence`) (issue 14).

Split out of :mod:`medhal.text.findings`, which asks both questions of a unit against an evidence sentence's null
finding ("Mortality did not differ" is contradicted only by a unit that asserts, plainly, a difference in mortality;
"Lactic acidosis did not occur" only by one that says it happened); :mod:`medhal.text.exclusions` and
:mod:`medhal.detect.focus` ask them too.
"""

from __future__ import annotations

import re

from medhal.text.lexical import has_negation

__all__ = ["AS_MUCH_AS", "MODALS", "asserts_effect", "asserts_occurrence"]

AS_MUCH_AS = r"(?<!twice\s)(?<!times\s)(?<!half\s)(?<!fold\s)\bas\s+(?:{words})\s+(?:[\w-]+\s+){{0,3}}?as\b"
"""A comparison without a difference ("about as much bleeding as", "as common with A as with B"), unless multiplied
("twice as often as"); ``{words}`` the words compared."""
_FOUND = r"(?:found|showed|shows|revealed|reveals|detected|confirmed|confirms|demonstrated|demonstrates)\b"
_OCCURRENCE = re.compile(
    r"\b(?:had|has|have|developed|experienced|suffered|sustained|occurred|happened|died|(?:emerged|arose)(?!\s+from\b))\b"
    r"|(?<!\bwho\s)(?<!\bthat\s)(?<!\bwhich\s)\b(?:needed|required)\b"
    r"|\bthere\s+(?:is|are|was|were)\s+(?!no\b|not\b)"
    r"|\b(?:was|were)\s+(?:recorded|reported|observed|seen|noted|detected)\s+in\b"
    r"|^(?!\W*(?:and|or|nor)\s+(?!"
    + _FOUND
    + r"|(?:the|her|his|their|its)\s))(?:.*\s)?"
    + _FOUND
    + r"\s+(?!that\b|no\b|none\b)",
    re.IGNORECASE,
)
"""A word by which a unit says something happened to someone ("two children had adverse events", "seizures were
reported in 2%", "resistance emerged in 4%", "two children needed intensive care", "the biopsy found low-grade
dysplasia", not in a clause cut from a list whose denial came before it: "None of the biopsies from the right | and
left colon showed dysplasia", though a clause with a subject of its own is no such piece: "and the right side of the
heart showed clear signs of strain", round 52; not "infants who needed oxygen were enrolled")."""
_NO_ONE = re.compile(r"\b(?:none|nobody|no\s+one)\b", re.IGNORECASE)
"""A unit saying it happened to no one."""
MODALS = r"could|would|should|can|will|may|might"
_MODAL = re.compile(r"\b(?:" + MODALS + r")\b", re.IGNORECASE)
_EFFECT = re.compile(
    r"\b(?:(?:lower|higher|greater|smaller|shorter|longer)(?![-\s]+(?:doses?|dosages?|regimens?|courses?)\b)|"
    r"reduced|reduces|reduce|reduction|increased|increases|increase|decreased|decreases|"
    r"decrease|improved|improves|worsened|more|fewer|less|caused|"
    r"(?<!\bany\s)(?<!\ball[-\s])(?<!\bthe\s)(?<!\ba\s)(?<!\bother\s)(?<!\bfrom\s)causes?(?!\s+of\b)|led\s+to|"
    r"resulted\s+in|made\s+an?\s+(?:[\w-]+\s+){0,2}?difference|advantages?|associated\s+with|linked\s+(?:to|with)|significantly|superior|inferior|benefit|benefited|prevented|prevents|"
    r"raised|elevated|shortened|prolonged|lengthened|lowered|lowers|slowed|slows|halved|doubled|tripled|shrank|rose|fell|"
    r"(?:went|gone|go(?:es)?|shot|came|come)\s+(?:up|down)|climbed|dropped|"  # "Caesarean rates went up" (round 55)
    r"cut(?!-)|(?<=\bdid\s)(?:lengthen|prolong|shorten|extend|improve|reduce|lower|raise|increase|cut)|"
    r"worse|better|improvement|increasing|reducing|decreasing|lowering|hastened|delayed|extended|"
    r"twice(?!\s+(?:a|an|per|each|every)\s+(?:day|week|month)|\s+(?:daily|weekly))|(?:two|three|four|five)-?fold|earlier|sooner|faster|slower|quicker)\b",
    re.IGNORECASE,
)
"""A word by which a unit asserts an effect, a difference or a cause (a verb: "deaths from any cause", "the cause of"
are nouns; "the lower dose" names an arm)."""

_HEDGE = re.compile(
    r"\b(?:numerically|trend|tended|non-?significant(?:ly)?|similar|comparable|may|might|possibly|not|equally|"
    r"barely|hardly|scarcely|whether(?!\s+or\s+not))\b"
    r"|\b(?:by|to)\s+chance\b"
    r"|"
    + AS_MUCH_AS.format(words="much|many|often|common|frequent|likely|well|effective|high|low")
    + r"|\bthe\s+same\b",
    re.IGNORECASE,
)
"""A unit that hedges its effect (or compares without claiming a difference: "caused about as much bleeding as a
vitamin K antagonist", "the same"; "has barely changed", round 187), or asks whether there is one ("trials are
needed to show whether hearing aids actually reduce dementia risk": round 182), asserts no definite finding."""


def asserts_effect(unit: str) -> bool:
    """Whether ``unit`` asserts, unhedged and unnegated, an effect, a difference or a cause.

    >>> asserts_effect("Metformin caused lactic acidosis in 3% of patients"), asserts_effect("Mortality was similar")
    (True, False)
    """
    return _EFFECT.search(unit) is not None and _plain(unit) and _OF_CERTAINTY.search(unit) is None


_OF_CERTAINTY = re.compile(r"\b(?:more|less)\s+(?:certain|uncertain|confident|sure)\b", re.IGNORECASE)
"""A comparison of how sure the evidence is ("the evidence was less certain for recurrence": round 176), no effect."""


def _plain(unit: str) -> bool:
    """Neither hedged (:data:`_HEDGE`; "slightly more frequent" unless it also says "significantly": round 20) nor
    negated."""
    slight = _SLIGHTLY.search(unit) is not None and _SIGNIFICANT.search(unit) is None
    return _HEDGE.search(unit) is None and not slight and not has_negation(unit)


_SLIGHTLY = re.compile(r"\b(?:slightly|somewhat|marginally|a\s+little|a\s+bit)\b", re.IGNORECASE)
"""A slight difference ("somewhat less frequent with the block": round 181), no claimed effect unless significant."""
_SIGNIFICANT = re.compile(r"\bsignificant(?:ly)?\b", re.IGNORECASE)


def asserts_occurrence(unit: str) -> bool:
    """Whether ``unit`` says, unhedged and unnegated, that something happened to someone.

    >>> asserts_occurrence("Two children had adverse events."), asserts_occurrence("No child had adverse events.")
    (True, False)
    """
    return (
        _OCCURRENCE.search(unit) is not None
        and _plain(unit)
        and _MODAL.search(unit) is None
        and _NO_ONE.search(unit) is None
    )
