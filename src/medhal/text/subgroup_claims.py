"""A subgroup effect the evidence never reports (issue 14, rounds 34-35).

"..., with the largest benefit in heavy smokers of more than 20 cigarettes a day", "an effect that was strongest in
female patients", "the benefit was confined to women who started aspirin before 12 weeks": the commonest invented
content of the rounds is an effect said to differ in a subgroup that the abstract reports no result for.  The
encoder reads such a clause as entailed by the sentence of the overall result (it shares every word the encoder
weighs but the subgroup's), so the unit was `supported` and its answer not flagged.

:func:`unreported_subgroup` reads, narrowly:

* the unit claims an effect **differs** in a subgroup: the benefit / effect / reduction ... "was greatest / largest /
  strongest / confined to / limited to / seen only in" <subgroup>, "with the largest benefit in" <subgroup>,
  ("especially in" <subgroup> is left alone: PubMedQA's authors use it of subgroups their abstracts' results do not
  name, 5 of 16 such clauses);
* the subgroup's content stems (read through :mod:`medhal.text.synonyms`; words that name no one, "patients",
  "those", left out) are ``words``; no evidence sentence that reports anything by subgroup names at least two of
  them (its one, when it has one).  A sentence reports by subgroup when it says a subgroup, an interaction or an
  effect modification, or the effect the same or different in some people (:mod:`medhal.text.modification`), or
  asserts an effect or its absence (:mod:`medhal.text.findings`): so a subgroup the abstract reports on, in any of
  these ways, is left to the cues that read what it reports.

Such a unit is never `supported` and flags its answer, as a figure or a name the evidence never states does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.asserted import asserts_effect
from medhal.text.findings import reports_null_finding
from medhal.text.modification import NO_ONE, claims_modification, unmodified_by
from medhal.text.quantities import NUMBER_WORDS
from medhal.text.synonyms import canonical_stems

__all__ = ["subgroup_claimed", "unreported_subgroup"]

_EFFECT = (
    r"(?:benefits?|effects?|associations?|reductions?|increases?|improvements?|gains?|advantages?|protection|"
    r"drops?|declines?|falls?|decreases?|excess|(?:excess\s+)?risks?|harms?)"
)
_MOST = (
    r"(?:greatest|largest|biggest|strongest|greater|larger|bigger|stronger|most\s+pronounced|more\s+pronounced|"
    r"most\s+marked|more\s+marked|confined\s+to|limited\s+to|restricted\s+to|seen\s+only|only\s+seen|concentrated)"
)
_WHO = r"(?P<who>[^.;:,()]{3,80})"
_CLAIMS = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        # not what side effects were ("side effects were limited to heartburn in two people": round 165)
        rf"\b(?<!side\s)(?<!side-)(?<!adverse\s){_EFFECT}\s+(?:that\s+|which\s+)?(?:was|were|is|are|appeared|seemed)\s+"
        rf"(?:\w+ly\s+)?{_MOST}\s+"
        rf"(?:(?:in|among|for|to|with)\s+)?{_WHO}",
        rf"\bwith\s+(?:the|a|an)\s+(?:\w+\s+)?{_MOST}\s+(?:\w+\s+)?{_EFFECT}\s+(?:seen\s+|observed\s+)?"
        rf"(?:in|among|for)\s+{_WHO}",
        # "with the association strongest among boys" (round 45)
        rf"\bwith\s+(?:the|a|an)\s+(?:\w+\s+)?{_EFFECT}\s+(?:being\s+)?{_MOST}\s+(?:(?:in|among|for)\s+|(?<=to\s))"
        rf"{_WHO}",
        # the effect said in the clause before ("..., and was largest in people with coexisting anxiety": round 39)
        rf"^\W*(?:(?:and|but)\s+)?(?:(?:it|this)\s+)?(?:was|were|appeared|seemed)\s+(?:\w+ly\s+)?{_MOST}\s+"
        rf"(?:in|among|for)\s+{_WHO}",
        # "and the low dose worked especially well in children under two" (round 179): a treatment said to work
        # better in some, not "especially in" alone
        r"\b(?:worked|works|work|was|were|is|are)\s+(?:especially|particularly)\s+(?:well|effective|helpful|"
        rf"beneficial)\s+(?:in|among|for)\s+{_WHO}",
    )
)
"""A unit claiming an effect differs in a subgroup, and the subgroup."""
_NO_ONE = NO_ONE | canonical_stems(
    "persons subjects individuals adults who treated receiving given taking started with the"
)
_NIGHT = re.compile(r"\b(?:overnight|nocturnal|night-?time)\b", re.IGNORECASE)
_LONGER = re.compile(r"\b(?:longer|shorter)\b", re.IGNORECASE)
_DURATION = canonical_stems("duration")
_BY_SUBGROUP = re.compile(
    r"\b(?:subgroups?|interactions?|modif\w*|heterogen\w*|stratif\w*|consistent|similar|differ\w*|"
    r"regardless|irrespective|(?:highest|greatest|largest|strongest|lowest|smallest|weakest)\s+(?:in|among))\b"
    r"|\baged\s+\d+\s*(?:-|–|to)\s*\d+\b[^.;]*\baged\s+\d+"  # "74% in infants aged 0-2 months and 52% ... aged 3-5"
    r"|^\W*(?:among|in)\s+(?:the\s+)?(?:[\d,]+\s+)?[a-z]+\s+(?:aged|older|younger|over|under)\b",  # "Among the 817
    # patients aged 75 years or older, the proportion ... rose" (clinical pair cp_361)
    re.IGNORECASE,
)
"""Words of a sentence reporting a result by subgroup ("Risk was highest in the first 30 days": round 51)."""


_EARLY = re.compile(r"\b(?:first|initial|early)\s+(?:\d+\s+|few\s+)?(?:days?|weeks?|months?|years?)\b", re.I)
"""An early window of time, in any unit ("the first month", "the first 30 days"): the same subgroup of time."""
_AGE_WORDS = re.compile(r"\b(?:under|over|older|younger|aged|age|below|above)\b", re.IGNORECASE)


def _names(figure: str, sentence: str, aged: bool) -> bool:
    """Whether ``sentence`` states ``figure`` of a subgroup: anywhere, or, for an age bound, as an age ("aged 30",
    "under 30", "30 years", "<30")."""
    if not aged:
        return figure in sentence
    age = re.escape(figure)
    return (
        re.search(
            rf"(?:\baged?|\bunder|\bover|\bolder|\byounger|\bbelow|\babove|[<>≤≥])\s*(?:than\s+)?{age}\b"
            rf"|\b{age}\s*(?:-\s*\d+\s*)?(?:years?|yrs?|y\b|or\s+(?:older|over|younger|under|more|less)|\+)",
            sentence,
            re.IGNORECASE,
        )
        is not None
    )


def subgroup_claimed(unit: str) -> str | None:
    """The subgroup ``unit`` claims an effect differs in (module docstring), or ``None``.

    >>> subgroup_claimed("and the benefit was largest in patients over 75.")
    'patients over 75'
    >>> subgroup_claimed("with the largest benefit seen in patients with high blood eosinophil counts")
    'patients with high blood eosinophil counts'
    >>> print(subgroup_claimed("The benefit was similar in men and women."))
    None
    >>> subgroup_claimed("with the association strongest among boys")
    'boys'
    >>> print(subgroup_claimed("and side effects were limited to heartburn in two people."))
    None

    Not "especially in ..." (round 45's "especially in trials using electroacupuncture"): PubMedQA's faithful
    conclusions say it of 7 things their abstracts report without a subgroup's words ("especially in nodal-positive
    patients").
    """
    m = next((m for pattern in _CLAIMS if (m := pattern.search(unit)) is not None), None)
    return None if m is None else m.group("who").strip()


def unreported_subgroup(unit: str, sentences: Sequence[str]) -> str | None:
    """The subgroup ``unit`` claims an effect differs in when no sentence of the evidence reports on it (module
    docstring), or ``None``.

    >>> evidence = ["The polypill lowered major cardiovascular events (HR 0.76).", "Results were similar in women."]
    >>> unreported_subgroup("and the benefit was largest in patients over 75.", evidence)
    'patients over 75'
    >>> print(unreported_subgroup("and the benefit was largest in women.", evidence))
    None
    >>> unreported_subgroup("and the excess was confined to women over 75.",
    ...                     ["Women aged 55-90 years were randomised.", "Women had more fractures with placebo."])
    'women over 75'
    >>> print(unreported_subgroup("The risk was greatest in the first month after starting,",
    ...                           ["Risk was highest in the first 30 days after initiation (HR 1.68)."]))
    None
    """
    who = subgroup_claimed(unit)
    if who is None:
        return None
    words = canonical_stems(_NIGHT.sub("night", who)) - _NO_ONE
    if _LONGER.search(who):  # "stronger with longer use": "risk rose with duration"
        words |= _DURATION
    figures = (
        re.findall(r"\d+(?:\.\d+)?", who)
        + [  # "children under two" (round 179)
            str(NUMBER_WORDS.index(w.lower())) for w in re.findall(r"[A-Za-z]+", who) if w.lower() in NUMBER_WORDS[1:]
        ]
    )
    aged = _AGE_WORDS.search(who) is not None  # "people under 30" is an age: "the first 30 days" names no one
    if not words and not figures:
        return None
    early = _EARLY.search(who) is not None  # "the first month after starting" is "the first 30 days" (round 51)
    for sentence in sentences:
        # a subgroup named by a figure is named by it ("women over 75" in a trial of women aged 55-90: round 178)
        named = (
            any(_names(f, sentence, aged) for f in figures)
            if figures and not early
            else words & canonical_stems(_NIGHT.sub("night", sentence))
        )
        if not (named or (early and _EARLY.search(sentence) is not None)):
            continue
        if (
            _BY_SUBGROUP.search(sentence)
            or claims_modification(sentence)
            or unmodified_by(sentence)
            or asserts_effect(sentence)
            or reports_null_finding(sentence)
        ):
            return None
    return who
