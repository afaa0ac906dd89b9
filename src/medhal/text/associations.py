"""An association stated the same way, or turned around (issue 14, round 35).

"Higher blood lead was linked to lower IQ scores" states an inverse association: two directions, one on each side
of "linked to".  A small encoder reads them against a sentence that states the same association with one direction
("Lead exposure ... is associated with lower cognitive scores") as a contradiction (P(C) 0.89), and reads the same
unit turned around ("... linked to higher IQ scores") as entailed (P(E) 0.49).  Both sides are read here:

* :func:`same_association`: a finding of the sentence states an association, unnegated, with the unit's one
  direction after it and the unit's before it (none: more of it, "lead exposure"); the contradiction focus then
  takes the encoder's contradiction away;
* :func:`association_reversed`: the sentence states the association of the same two things (a content stem shared
  on each side of "associated with") the other way: the product of the directions before and after (none before:
  more of it, "lead exposure") differs.  The reversed-comparison cue then contradicts the unit with that sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

from medhal.text.findings import finding_parts
from medhal.text.lexical import directions, has_negation
from medhal.text.synonyms import canonical_stems
from medhal.text.ways import clause_texts

__all__ = ["association_reversed", "same_association"]

_ASSOCIATED = re.compile(r"\b(?:linked|associated|correlated|tied|related)\s+(?:to|with)\b", re.IGNORECASE)
_REACH = 40
"""How many characters after "associated with" the direction of the outcome is looked for."""
_RANGE = re.compile(r"\d\s*(?:-|–|to)\s*\d", re.IGNORECASE)
"""A level of exposure given as a range ("1-3 nights per week"): a category compared with others, not more of it."""
_WAYS = frozenset({"up", "down"})
_DOWN, _UP = frozenset({"down"}), frozenset({"up"})
_WITHDRAWN = re.compile(
    r"\b(?:discontinu\w*|stopp\w*|stops?|cessation|ceas\w*|absence|without|lack\w*|"
    r"(?<!alcohol\s)(?<!opioid\s)(?<!opiate\s)(?<!nicotine\s)(?<!drug\s)(?<!benzodiazepine\s)withdr[ae]w\w*"
    r"(?!\s+(?:symptoms?|syndrome|seizures?|scores?)))\b",
    re.IGNORECASE,
)
_SIGNED = re.compile(r"\b(positively|directly|inversely|negatively)\s+$", re.IGNORECASE)
"""An association's sign said before it ("were positively associated with T2D"), no direction after it."""
"""A cause said by its absence ("Discontinuing a statin was associated with a higher risk of delirium"; not the
syndrome of "severe alcohol withdrawal": round 186): the association of taking it is the other way ("receiving a
statin was associated with less delirium")."""


@lru_cache(maxsize=4096)
def _sides(text: str) -> tuple[frozenset[str], frozenset[str], str, str] | None:
    """The directions before and after an unnegated text's one association, and the two sides' texts; ``None``
    when it states none, several or a negated one, or no single direction after it."""
    found = list(_ASSOCIATED.finditer(text))
    if len(found) != 1 or has_negation(text):
        return None
    m = found[0]
    before, after = text[: m.start()], text[m.end() : m.end() + _REACH]
    way = directions(after) & _WAYS
    signed = _SIGNED.search(before)
    if not way and signed is not None:  # "positively associated with T2D": more of the outcome (round 144)
        way = _DOWN if signed.group(1).lower() in {"inversely", "negatively"} else _UP
    if len(way) != 1:
        return None
    # whom it is about is no direction of the cause ("Among people with hearing loss, hearing-aid use": round 182)
    own = _AMONG.sub(" ", before)
    cause = directions(own) & _WAYS or (_DOWN if _WITHDRAWN.search(own) else frozenset())
    if not cause and (level := _LEVEL.search(before)) is not None:  # "Low maternal vitamin D ... was associated with
        cause = _DOWN if level.group(1).lower() in {"low", "reduced", "deficient"} else _UP  # more asthma" (round 181)
    return cause, way, before, after


_AMONG = re.compile(r"^\W*(?:[A-Z][a-z]+:\s*)?(?:among|in)\s+[^,;]+,\s*", re.IGNORECASE)
"""A fronted phrase naming the people a finding is about."""
_LEVEL = re.compile(
    r"^\W*(?:[A-Z][a-z]+:\s*)?(?:(?:and|but)\s+)?(?:an?\s+)?(low|high|reduced|deficient|elevated)\s+"
    r"(?:maternal\s+|serum\s+|blood\s+|plasma\s+)?\w",
    re.IGNORECASE,
)
"""A level named by its degree where the cause opens ("Low maternal vitamin D"): its direction where no comparative
gives one (not "in low birthweight infants", whom the finding is about)."""


def same_association(unit: str, sentence: str) -> bool:
    """Whether a finding of ``sentence`` states ``unit``'s association the same way (module docstring).

    >>> unit = "Higher blood lead was linked to lower IQ scores,"
    >>> same_association(unit, "Lead exposure is widespread and is associated with lower cognitive scores.")
    True
    >>> same_association(unit, "Lower blood lead was associated with lower IQ scores.")
    False
    >>> same_association("and processed meats were linked to higher risk,", "Sugar-sweetened beverages and processed"
    ...                  " meats were positively associated with T2D, whereas breads were not associated with risk.")
    True
    >>> same_association("Instead, early training was linked to larger infarcts,", "Early training did not improve"
    ...                  " scores (p=0.48) and was associated with larger infarct volumes (32.4% vs 26.1%).")
    True
    >>> same_association("and processed meats were linked to lower risk,", "Processed meats were positively"
    ...                  " associated with T2D.")
    False
    >>> same_association("drinking more coffee was associated with less liver fibrosis.",
    ...                  "Compared with no coffee, drinking more than 3 cups per day was associated with lower odds of"
    ...                  " fibrosis (OR 0.64).")
    True
    """
    own = _sides(unit)
    if own is None:
        return False
    for part in finding_parts(sentence):
        # "Compared with no coffee consumption, drinking more than 3 cups per day was associated with lower odds of
        # ... fibrosis": the reference group's "no" denies nothing of the association (round 144)
        theirs = _sides(part) or _sides(_REFERENCE_FIRST.sub("", part))
        if theirs is not None and theirs[1] == own[1] and (theirs[0] or _UP) == (own[0] or _UP):
            return True
    # a clause of a finding whose other clause is negated ("Early training did not improve mNSS (...) and was
    # associated with larger infarct volumes"), the same outcome after it (round 139)
    effect = canonical_stems(" ".join(word for word in own[3].split() if not directions(word)))
    for clause in clause_texts(sentence):
        theirs = _sides(clause)
        if theirs is not None and theirs[1] == own[1] and (theirs[0] or _UP) == (own[0] or _UP):
            return bool(effect & canonical_stems(theirs[3]))
    return False


_REFERENCE_FIRST = re.compile(r"^\W*(?:compared\s+(?:with|to)|relative\s+to|versus)\s[^,;]{1,60},\s*", re.IGNORECASE)


def association_reversed(unit: str, sentence: str) -> bool:
    """Whether a finding of ``sentence`` states the association of ``unit``'s two things the other way (module
    docstring).

    >>> sentence = "Lead exposure is widespread and is associated with lower cognitive scores."
    >>> association_reversed("Higher blood lead was linked to higher IQ scores.", sentence)
    True
    >>> association_reversed("Higher blood lead was linked to lower IQ scores.", sentence)
    False
    >>> association_reversed("Higher income was linked to higher IQ scores.", sentence)
    False
    >>> association_reversed("Receiving a statin was associated with less delirium.",
    ...                      "Discontinuing a statin was associated with a higher risk of delirium.")
    False
    >>> association_reversed("Less frequent use was linked to a smaller loss of sleep,",
    ...                      "Use on 1-3 nights per week was associated with a smaller reduction in sleep time.")
    False
    >>> association_reversed("Later surgery was linked to a lower chance of fathering a child,",
    ...                      "Later orchidopexy was associated with a higher risk of cancer and lower paternity.")
    False
    >>> association_reversed("Lower vitamin D in pregnancy was linked to more asthma.",
    ...                      "Conclusions: Low maternal vitamin D in pregnancy was associated with more asthma.")
    False
    >>> association_reversed("A higher medication burden was linked to greater willingness.",
    ...                      "A higher burden score was associated with greater willingness, whereas a higher "
    ...                      "appropriateness score of medicines was associated with lower willingness.")
    False
    """
    own = _sides(unit)
    if own is None or len(own[0]) > 1:
        return False
    sign = _sign(own[0], own[1])
    cause, effect = canonical_stems(own[2]), canonical_stems(own[3])
    # "a lower chance of fathering a child" is not "a higher risk of cancer": the words naming an outcome must meet
    named = effect - _GENERIC
    same: list[tuple[int, bool]] = []  # each finding about the unit's two things: how much of the cause it shares,
    for part in finding_parts(sentence):  # and whether it goes the other way
        theirs = _sides(part)
        if theirs is None or len(theirs[0]) > 1:
            continue
        if not (cause & canonical_stems(theirs[2]) and (named or effect) & canonical_stems(theirs[3])):
            continue  # not the same two things
        if own[0] and not theirs[0] and _RANGE.search(theirs[2]):
            continue  # a level named by its range ("use on 1-3 nights per week") is no "more of it" (round 50)
        cause_of_death = _DEATH_FROM.search(own[3])
        if cause_of_death is not None and not canonical_stems(cause_of_death.group(1)) <= canonical_stems(part):
            continue  # "a higher risk of death from pneumonia" is not "lower mortality" (round 42)
        same.append((len(cause & canonical_stems(theirs[2])), _sign(theirs[0], theirs[1]) != sign))
    # of two findings about it, the one naming more of the unit's cause ("A higher rPATD burden score was associated
    # with greater willingness, whereas a higher appropriateness score, ... current medicines ..., with lower
    # willingness" for "A higher perceived medication burden was linked to greater willingness": round 138)
    return bool(same) and max(same, key=lambda pair: pair[0])[1]


_GENERIC = canonical_stems("risk chance odds rate likelihood probability lower higher less more greater smaller")
"""Words of an effect that name no outcome, nor its direction: two effects share them whatever each is about (round
179)."""
_DEATH_FROM = re.compile(r"\b(?:death|deaths|dying|mortality)\s+(?:from|due\s+to|caused\s+by)\s+([\w-]+)", re.I)
"""Deaths of one cause: a narrower outcome than deaths from any."""


def _sign(cause: frozenset[str], effect: frozenset[str]) -> bool:
    """Whether an association is direct (more with more, less with less); a side with no direction is "more"."""
    return ("down" in cause) == ("down" in effect)
