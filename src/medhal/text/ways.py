"""Which way a unit and an evidence sentence say something went (issue 14), read by the restatement cue and the
contradiction focus (:mod:`medhal.detect.alignment`, :mod:`medhal.detect.focus`); moved out of
:mod:`medhal.detect.alignment` when it reached the 500-line limit.

* :func:`opposite_ways`: each says one way and the ways are opposite; of a sentence that says both ways
  ("hunger was lower with the diet (3.1 vs 5.4), and more patients were willing to repeat it"), the clause that
  holds the unit's words says its way (round 32: "People on the diet were more hungry" was read as a restatement,
  the sentence's "more" taken for the unit's);
* :func:`negation_agrees`: the unit's negation agrees with the sentence;
* :func:`naive_restated`: "never had a biologic" is "biologic-naive"; :func:`prevention_restated`: "so that
  resistance does not spread" is "to limit the spread of resistance";
* :func:`denies_only_more`: "without more ear canal infections" denies a rise, not that infections were uncommon.
"""

from __future__ import annotations

import re

from medhal.text.clauses import split_units
from medhal.text.lexical import direction_conflict, directions, has_negation, negated, null_relation
from medhal.text.negation import NOT_WITHOUT, only_inside
from medhal.text.synonyms import canonical_stems

__all__ = [
    "clause_texts",
    "denies_only_more",
    "naive_restated",
    "negation_agrees",
    "only_with_restated",
    "opposite_ways",
    "prevention_restated",
]


def opposite_ways(unit: str, part: str) -> bool:
    """Whether ``unit`` and ``part`` each say one way something went and the ways are opposite, in any words: "more
    sensitive" against "sensitivity fell" (no word pair of :func:`~medhal.text.lexical.direction_conflict` joins
    "more" and "fell"); of a ``part`` that says both ways, its clause holding the unit's words (module docstring).

    >>> opposite_ways("It was more sensitive.", "Sensitivity fell.")
    True
    >>> sentence = "Hunger was lower with the diet (3.1 vs 5.4), and more patients were willing to repeat it."
    >>> opposite_ways("People on the diet were more hungry.", sentence)
    True
    >>> opposite_ways("People on the diet were less hungry.", sentence)
    False
    """
    mine, theirs = directions(unit), directions(part)
    if len(mine) == 1 and len(theirs) > 1:
        theirs = directions(_clause_of(unit, part))
    return len(mine) == len(theirs) == 1 and mine != theirs


def _clause_of(unit: str, text: str) -> str:
    """The clause of ``text`` that holds most of ``unit``'s words (figures aside), the first of equals."""
    words = canonical_stems(unit)
    return max(clause_texts(text) or [text], key=lambda c: len(words & canonical_stems(c)))


def clause_texts(text: str) -> list[str]:
    """The clauses of ``text`` (:func:`~medhal.text.clauses.split_units`), as text."""
    return [text[c.start : c.end] for c in split_units(text, "clause")]


def negation_agrees(sentence: str, unit: str) -> bool:
    """The unit's negation agrees with the sentence: both are negated (a negation word, "free of" or a "non-"
    word: "did not have dementia" against "free of dementia", "not severe" against "non-severe") and the unit
    states no direction opposite to the sentence's; or the unit negates the direction opposite to the sentence's
    ("did not decrease" against "higher odds": what rose did not fall).

    >>> negation_agrees("C. difficile infection was not more frequent.", "It was not more common.")
    True
    >>> negation_agrees("Mortality did not differ.", "Mortality differed.")
    False
    >>> negation_agrees("Omitting a drain did not increase haematoma and was associated with less pain.",
    ...                 "Leaving out a drain did not lead to more haematomas.")
    True
    >>> negation_agrees("Prior pregnancy was associated with higher odds of regret.", "It did not decrease regret.")
    True
    >>> negation_agrees("Prior pregnancy was associated with higher odds of regret.", "It did not increase regret.")
    False
    >>> negation_agrees("Varnish reduced caries; more frequent application gave no additional benefit.",
    ...                 "Varnish did not reduce caries.")
    False
    """
    if not negated(unit) and not null_relation(unit):  # "unrelated to" against "not associated with"
        return False
    if negated(sentence):  # the negated clause about what the unit names, when the sentence goes on to other findings
        own = canonical_stems(unit)  # ("did not increase haematoma ... and was associated with less pain": round 38)
        clauses = clause_texts(sentence)
        about = [c for c in clauses if own & canonical_stems(c)]
        # a negation in another clause than the one about the unit agrees with nothing: "Twice-yearly varnish
        # reduced caries; more frequent application gave no additional benefit" against "Twice-yearly varnish did
        # not reduce caries"; a unit of several parts may negate in another ("and caused more side effects, ..., and
        # they should not be offered": round 52)
        if len(clauses) > 1 and about and not any(negated(c) for c in about) and "," not in unit:
            return False
        return not direction_conflict(unit, sentence) or any(
            negated(c) and not direction_conflict(unit, c) for c in about
        )
    if not has_negation(unit):
        return False
    mine, theirs = directions(unit), directions(sentence)
    return len(mine) == len(theirs) == 1 and mine != theirs


def naive_restated(unit: str, sentence: str) -> bool:
    """Whether ``unit`` says in lay words that someone never had a treatment ("who had never had a biologic
    before") where ``sentence`` calls them naive to it ("Biologic-naive adults", "naive to biologics"): the same
    fact, though the unit's "never" reads to an encoder as the negation of the sentence (round 218, P(C) 0.90).

    >>> naive_restated("in adults who had never had a biologic before.", "Biologic-naive adults were randomised.")
    True
    >>> naive_restated("in adults who had never had a biologic before.", "Adults on a biologic were randomised.")
    False
    """
    said = {m.group(1) for m in _NAIVE.finditer(sentence)} | {m.group(1) for m in _NAIVE_TO.finditer(sentence)}
    said_stems = canonical_stems(" ".join(said))
    return any(canonical_stems(m.group(1)) & said_stems for m in _NEVER_HAD.finditer(unit))


_NEVER_HAD = re.compile(
    r"\b(?:never|not\s+previously|not\s+yet)\s+(?:been\s+)?(?:had|taken|received|used|tried|given|treated\s+with|on)"
    r"\s+(?:a\s+|an\s+|any\s+)?([a-z][\w-]*)",
    re.IGNORECASE,
)
_NAIVE = re.compile(r"\b([a-z][\w]*)[- ]na[iï]ve\b", re.IGNORECASE)
_NAIVE_TO = re.compile(r"\bna[iï]ve\s+to\s+(?:any\s+)?([a-z][\w-]*)", re.IGNORECASE)


def prevention_restated(unit: str, sentence: str) -> bool:
    """Whether ``unit`` gives as a purpose that something does not happen ("so that resistance does not spread")
    where ``sentence`` gives the purpose of preventing it ("to limit the spread of resistance"): the same aim, though
    the unit's "not" reads to an encoder as the negation of the sentence (round 218, P(C) 0.83).

    >>> sentence = "Reserve mupirocin for MRSA, to limit the spread of resistance."
    >>> prevention_restated("so that resistance does not spread.", sentence)
    True
    >>> prevention_restated("so that resistance spreads.", sentence), prevention_restated("so it won't work.", sentence)
    (False, False)
    """
    purpose = _SO_THAT_NOT.search(unit)
    if purpose is None:
        return False
    prevented = " ".join(m.group(1) for m in _PREVENTS.finditer(sentence))
    what, verb = canonical_stems(purpose.group(1)), canonical_stems(purpose.group(2))
    return bool(verb) and verb <= canonical_stems(prevented) and what <= canonical_stems(sentence)


_SO_THAT_NOT = re.compile(
    r"\bso\s+(?:that\s+)?((?:[\w-]+\s+){0,4}?[\w-]+)\s+(?:does|do|will|would|can|did)\s*(?:not|n't)\s+([a-z]+)",
    re.IGNORECASE,
)
_PREVENTS = re.compile(
    r"\b(?:limit|prevent|reduce|avoid|minimi[sz]e|stop|curb|restrict)\s+((?:the\s+)?[a-z]+)", re.IGNORECASE
)


def only_with_restated(unit: str, sentence: str) -> bool:
    """Whether ``unit`` allows something only with a condition ("they should only be started with a plan to cut the
    tacrolimus dose") where ``sentence`` forbids it without that condition ("Do not start clarithromycin ... without a
    plan to reduce the tacrolimus dose"): the same rule, though the sentence's "not" reads to an encoder as a denial
    of the unit (round 230, P(C) 0.77).

    >>> rule = "Do not start clarithromycin or diltiazem without a plan to reduce the tacrolimus dose."
    >>> only_with_restated("so they should only be started with a plan to cut the dose", rule)
    True
    >>> only_with_restated("so they can be started without a plan", rule)
    False

    The same of a place (:func:`medhal.text.negation.only_inside`): "should only be used in research" restates
    "should not be used outside research settings" (round 237, P(C) 0.84), its place named in both.
    """
    mine = _ONLY_WITH.search(unit)
    if mine is not None:
        verb = canonical_stems(mine.group(1))
        return any(verb & canonical_stems(theirs.group("verb")) for theirs in NOT_WITHOUT.finditer(sentence))
    # the same of a place (:func:`medhal.text.negation.only_inside`)
    return only_inside(unit, sentence)


_ONLY_WITH = re.compile(r"\bonly\s+(?:be\s+|been\s+)?([a-z]+?)(?:ed|d|ing)?\s+(?:\w+\s+){0,3}?with\b", re.IGNORECASE)


def denies_only_more(sentence: str, unit: str) -> bool:
    """Whether the only negation of ``sentence`` denies a rise or an excess ("without greater discomfort or more ear
    canal infections", "no more common") and ``unit`` compares nothing and negates nothing: "Ear canal infections
    were uncommon" is not what the sentence denies (round 238, P(C) 0.66).

    >>> said = "It cleared earwax more often, without greater discomfort or more ear canal infections."
    >>> denies_only_more(said, "Ear canal infections were uncommon,")
    True
    >>> denies_only_more(said, "Ear canal infections were more common with bicarbonate,")
    False
    >>> denies_only_more("Infections did not occur, without more pain.", "Infections were uncommon,")
    False
    """
    if _NEGATED_MORE.search(sentence) is None or _COMPARES.search(unit) or has_negation(unit):
        return False
    return not has_negation(_NEGATED_MORE.sub(" ", sentence))


_NEGATED_MORE = re.compile(
    r"\b(?:without|no|not)\s+(?:any\s+)?(?:more|greater|higher|increased|extra|additional)\b"
    r"(?:\s+\w+){0,6}?(?:\s+or\s+(?:more|greater|higher|increased)\b)?",
    re.IGNORECASE,
)
_COMPARES = re.compile(
    r"\b(?:more|less|fewer|greater|higher|lower|than|compared|versus|vs|differ\w*|same|similar|increas\w*|"
    r"decreas\w*|reduc\w*|rais\w*|rose|fell|cut|halv\w*|doubl\w*|either)\b",
    re.IGNORECASE,
)
