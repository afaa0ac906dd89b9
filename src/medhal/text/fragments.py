"""Whether a unit is a fragment that states no predicate of its own (:func:`states_no_predicate`; issue 14): clause
splitting leaves pieces of a list or a contrast ("and mucous membranes disorders,", "Alcohol intake within recommended
limits"), which the encoder cannot judge alone.  Split from :mod:`medhal.text.assertions` in session 25 when it
reached 504 lines."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["states_no_predicate"]

_VERB_WORDS = (
    "is are was were be been being am has have had do does did can could may might must shall should will would "
    "took lost fell rose brought made gave found showed led grew became began saw got kept left met put said "
    "thought won bore ran cut hit shown seen known given taken done "
    "show shows suggest suggests remain remains occur occurs differ differs appear appears seem seems improve "
    "improves cause causes lead leads reduce reduces increase increases provide provides allow allows require "
    "requires predict predicts affect affects help helps make makes take takes give gives indicate indicates "
    "support supports confirm confirms represent represents need needs include includes "  # "Common side effects
    # include joint pain in about one in three people" (round 178)
    # present forms with -s that are not plural nouns in these texts ("A one-week course works as well as": s. 28)
    "works prevents lowers raises protects relieves treats halves doubles triples shortens worsens prolongs "
    "outperforms reverses eases slows delays boosts restores cures"
)
_VERBS = frozenset(_VERB_WORDS.split())
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*(?:n't)?")
"""A word; a hyphenated compound is one ("band-related", "drug-induced": adjectives, not past forms)."""


def states_no_predicate(unit: str) -> bool:
    """Whether ``unit`` is a fragment that states no predicate of its own: no auxiliary or modal, no past form
    ("-ed" or a common irregular one) and no common present-tense verb ("and mucous membranes disorders,", "or
    without intrapulmonary lymph node metastasis.").  Clause splitting leaves such fragments of a list or a
    contrast; what they say depends on the clause they belong to, so the encoder's reading of one alone is no
    contradiction (the deterministic cues still apply).

    >>> states_no_predicate("or without intrapulmonary lymph node metastasis.")
    True
    >>> states_no_predicate("Mortality did not differ.")
    False
    >>> states_no_predicate("Patients lost 25% of their body weight.")
    False

    In a list of short items a past form before another word of its item describes that word ("Antibiotics,
    corticosteroids, nebulised adrenaline,": round 20); the last word of an item may be a verb ("bleeding increased").

    >>> states_no_predicate("Antibiotics, corticosteroids, nebulised adrenaline,")
    True
    >>> states_no_predicate("Among 356 patients with suspected leg DVT,"), states_no_predicate("It was suspected.")
    (True, False)
    >>> states_no_predicate("Alcohol intake within recommended limits")
    True
    >>> states_no_predicate("and 428 matched controls,"), states_no_predicate("and 12 improved,")
    (True, False)
    >>> states_no_predicate("In this nested case-control study of 164 women"), states_no_predicate("This tested it.")
    (True, False)
    >>> states_no_predicate("Mortality fell, strokes were fewer, bleeding increased,")
    False

    Nor does the phrase a comparison opens with ("Compared with people who had less than one serving a week,"), nor
    the rival it closes with:

    >>> states_no_predicate("compared with 6% on foam."), states_no_predicate("compared with placebo, it reduced pain")
    (True, False)
    >>> states_no_predicate("because of it, compared with none."), states_no_predicate("because of it, 5 stopped.")
    (True, False)

    nor a fronted phrase naming people by what they did ("Among adults who had not responded to antibiotics,"):

    >>> states_no_predicate("Among adults who had not responded to antibiotics,")
    True
    >>> states_no_predicate("In patients who received it, mortality fell,")
    False

    nor a subject and its relative clause that the clause split cut from their predicate:

    >>> states_no_predicate("A contact who is not immune"), states_no_predicate("Those who took it had less pain")
    (True, False)

    nor a phrase naming only the rival of the clause before's comparison (round 171):

    >>> states_no_predicate("almost the same as in people who were not vaccinated.")
    True
    >>> states_no_predicate("higher than expected, and mortality rose.")
    False
    """
    if _BY_MEASURE.fullmatch(unit):  # "by an adjusted 1.4 points.": how much the clause before's change was (round 62)
        return True
    if fronted := _FRONTED_WHO.fullmatch(unit):  # "Among adults with HS who had not responded to antibiotics,": whom
        return states_no_predicate(fronted.group("head"))  # the next clause is about (round 162)
    if (cut := _SUBJECT_WHO.fullmatch(unit)) and states_no_predicate(cut["head"]) and states_no_predicate(cut["rest"]):
        return True  # "A contact who is not immune | and did not get ... should stay away": a subject (round 163)
    if cause := _CAUSE_BACK.match(unit):  # "because of it, compared with none in the fluticasone group." (r. 157)
        return states_no_predicate(unit[cause.end() :])
    if rival := _RIVAL_OPENING.match(unit):  # "almost the same as in people who were not vaccinated.": the rival of
        return states_no_predicate(_WHO_CLAUSE.sub(" ", unit[rival.end() :]))  # the clause before (round 171)
    opening = _COMPARED_WITH.match(unit)
    if opening and unit.rstrip().endswith(","):  # "Compared with people who had less than one serving a week,": the
        return True  # phrase a comparison opens with, its claim in the next clause (round 21)
    if opening:  # "compared with 6% on foam.": the rival of the clause before, unless it says more (round 27)
        return states_no_predicate(unit[opening.end() :])
    if _LIST.fullmatch(unit):  # the words of each item, a describing past form left out
        items = [m.group().lower().split() for m in _LIST_ITEM.finditer(unit)]
        words = [w for item in items for w in item if not (w.endswith("ed") and w != item[-1])]
    else:
        found: list[str] = []
        for m in _WORD.finditer(unit):
            if _NUMBER_BEFORE.search(unit, 0, m.start()):  # a figure before the word reads as "one" ("and 428
                found.append("one")  # matched controls,": round 148)
            found.append(m.group().lower())
        # a past form right after "with", "of" or another preposition describes the word after it ("Among 356
        # patients with suspected leg DVT,": round 139; "Alcohol intake within recommended limits": round 141)
        words = [w for k, w in enumerate(found) if not (w.endswith("ed") and _describes(found, k))]
    return not any(
        w in _VERBS or (len(w) > 4 and w.endswith("ed") and "-" not in w) or w.endswith("n't") for w in words
    )


_FRONTED_WHO = re.compile(
    r"(?P<head>\s*(?:among|in|for)\s+[^,;]*?)\s+(?:who|whose|that|which)\s[^,;]*,\s*", re.IGNORECASE | re.DOTALL
)
"""A fronted phrase naming people by a relative clause, closed by a comma: the claim is the next clause's."""
_SUBJECT_WHO = re.compile(r"(?P<head>[^,;.]*?)\s(?:who|whose|that)\s+[A-Za-z']+\s(?P<rest>[^,;.]*)", re.IGNORECASE)
"""A subject with its relative clause, cut from the predicate by the clause split (no closing punctuation)."""
_CAUSE_BACK = re.compile(r"\s*(?:because\s+of|due\s+to|owing\s+to)\s+(?:it|this|that|them)\s*,\s*", re.IGNORECASE)
"""A cause the clause before gives, referred back to ("because of it,"): no predicate of its own."""
_DESCRIBING = frozenset({"with", "of", "within", "without", "from", "under", "the", "a", "an", "one"})
"""Prepositions, articles and a figure ("one": a number), a past form after which describes the word it comes
before."""
_NUMBER_BEFORE = re.compile(r"\d\s*$")


def _describes(found: Sequence[str], k: int) -> bool:
    """Whether the past form ``found[k]`` describes the word after it: after a preposition or an article, or after
    "this" or "these" after a preposition ("In this nested case-control study": round 142; not "This tested it")."""
    before = found[k - 1] if k else ""
    if before == "one":  # "428 matched controls", not "and 12 improved"
        return k + 1 < len(found)
    return before in _DESCRIBING or (before in ("this", "these") and k >= 2 and found[k - 2] in _AFTER_PREPOSITION)


_AFTER_PREPOSITION = frozenset({"in", "of", "from", "with", "for", "at", "on", "by"})


_RIVAL_OPENING = re.compile(
    r"\s*(?:(?:almost|nearly|about|roughly|much|far|slightly|somewhat)\s+)?(?:the\s+same\s+as|similar\s+to|"
    r"comparable\s+to|(?:higher|lower|more|less|fewer|greater|smaller|better|worse)\s+than)\b",
    re.IGNORECASE,
)
"""The opening of a phrase that only names the rival of the comparison the clause before makes."""
_WHO_CLAUSE = re.compile(r"\b(?:who|whose|that|which)\b[^,;]*", re.IGNORECASE)
"""A relative clause naming the rival's people ("who were not vaccinated"): no predicate of the unit's own."""
_COMPARED_WITH = re.compile(r"\s*(?:compared\s+(?:with|to)|in\s+comparison\s+(?:with|to)|relative\s+to)\b", re.I)
"""The opening of a phrase that names what a comparison is against."""
_BY_MEASURE = re.compile(
    r"\W*(?:and\s+)?by\s+(?:an?\s+)?(?:(?:adjusted|estimated|average|mean|absolute|about|around|roughly|"
    r"approximately|nearly|almost|only|just|over|under)\s+)*[-\u2212]?\d[\d.,]*\s*"
    r"(?:%|percentage\s+points?|points?|[A-Za-z]+(?:/[A-Za-z0-9]+)*)?\s*[.,;]?\s*",
    re.IGNORECASE,
)
"""A phrase of how much alone: "by an adjusted 1.4 points", "by about 12%"."""
_LIST_ITEM = re.compile(r"[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,2}")
"""An item of a list: up to three words ("nebulised adrenaline")."""
_LIST = re.compile(rf"\s*{_LIST_ITEM.pattern}(?:\s*,\s*{_LIST_ITEM.pattern}){{2,}}\s*,?\s*")
"""A fragment that is a list of three or more short items, nothing else ("Antibiotics, corticosteroids, nebulised
adrenaline,")."""
