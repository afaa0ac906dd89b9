"""A duration compared between two groups, against the durations the evidence gives each (issue 14).

"Cough cleared two days faster with the 3-day course" against "Cough lasted a median of 10 days with 3-day treatment
and 8 days with 7-day treatment", "patients left hospital about three days later with oral therapy" against "the
median hospital stay was 14 days with intravenous and 11 days with oral therapy", "Diarrhoea resolved a day sooner
with the probiotic" against "The median duration of diarrhoea was 49 hours with probiotic and 50 hours with
placebo": an answer that turns a duration around (or makes an hour a day) keeps every word the encoder weighs, and is
read as entailed.  The percentages of two groups are :mod:`medhal.text.comparisons`'s; this module reads times.

:func:`duration_conflict` fires, narrowly, when

* the unit says one group took less time ("shorter", "sooner", "earlier", "faster", "quicker") or more ("longer",
  "later", "slower") and names the group after it ("... faster with the 3-day course"), or the other group after
  "than" ("... faster than those given propofol"), unnegated;
* a sentence gives exactly two groups a duration each ("<n> <unit of time> with / in / among / on <group>"), one of
  them the unit's group (the one that shares most of its words, uniquely) and speaks of something the unit does
  (a content word outside the groups and the comparison);
* and the durations order the two groups the other way, or the unit states by how much ("two days faster", "a day
  sooner") and the two durations differ by less than half or more than twice that.
"""

from __future__ import annotations

import re

from medhal.text.arms import GROUP_WORDS, PIECE_BREAK, group_name
from medhal.text.lexical import has_negation
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens

__all__ = ["duration_conflict", "group_durations"]

_LESS_TIME = frozenset({"shorter", "sooner", "earlier", "faster", "quicker"})
_MORE_TIME = frozenset({"longer", "later", "slower"})
_CLAIM = re.compile(
    r"\b(?P<word>" + "|".join(sorted(_LESS_TIME | _MORE_TIME)) + r")\s+(?:with|in|among|on|for|after)\s+(?:the\s+)?"
    r"(?P<group>" + GROUP_WORDS + r")",
    re.IGNORECASE,
)
_CLAIM_THAN = re.compile(
    r"\b(?P<word>" + "|".join(sorted(_LESS_TIME | _MORE_TIME)) + r")\s+than\s+(?:(?:those|patients|participants|"
    r"people|children|adults|women|men)\s+)?(?:given|receiving|treated\s+with|with|in|among|on|after)\s+(?:the\s+)?"
    r"(?P<group>" + GROUP_WORDS + r")",
    re.IGNORECASE,
)
"""A comparison naming the other group ("recovered 8 minutes faster than those given propofol"): the unit's group is
the one it does not name."""
_TIME_UNIT = r"(?:minutes?|min|hours?|h|days?|weeks?|months?|years?)"
_GIVEN = re.compile(
    r"(?P<value>\d+(?:\.\d+)?)\s+(?P<unit>" + _TIME_UNIT + r")\s+(?:with|in|among|on|for|after)\s+(?:the\s+)?"
    r"(?P<group>" + GROUP_WORDS + r")",
    re.IGNORECASE,
)
"""A duration with the group it belongs to: "49 hours with probiotic", "10 days with 3-day treatment"."""
_ONE = re.compile(r"\b(?:a|an|one)\s+(?P<unit>minute|hour|day|week|month|year)\b", re.IGNORECASE)
_FRAME = alignment_tokens("median mean duration time length days hours weeks group groups patients participants")


def group_durations(sentence: str) -> list[tuple[str, float]]:
    """The durations ``sentence`` gives groups, in days, one per piece between "and", "whereas", "versus" or ";".

    >>> given = group_durations("Diarrhoea lasted a median of 49 hours with probiotic and 50 hours with placebo.")
    >>> [(group, round(days * 24)) for group, days in given]
    [('probiotic', 49), ('placebo', 50)]
    """
    found: list[tuple[str, float]] = []
    for piece in PIECE_BREAK.split(sentence):
        given = list(_GIVEN.finditer(piece))
        if len(given) != 1:
            continue
        m = given[0]
        days = [q.value for q in quantities(m.group("value") + " " + m.group("unit")) if q.kind == "time"]
        if days:
            found.append((group_name(m.group("group")), days[0]))
    return found


def duration_conflict(unit: str, sentence: str) -> bool:
    """Whether the durations ``sentence`` gives two groups order them against ``unit``'s comparison, or differ by far
    from the amount it states (module docstring).

    >>> evidence = "Cough lasted a median of 10 days with 3-day treatment and 8 days with 7-day treatment."
    >>> duration_conflict("Cough cleared two days faster with the 3-day course.", evidence)
    True
    >>> duration_conflict("Cough lasted about two days longer with the 3-day course.", evidence)
    False
    >>> duration_conflict("Cough lasted a week longer with the 3-day course.", evidence)
    True
    >>> duration_conflict("Fever lasted longer with the 3-day course.", evidence)  # another measure
    False
    >>> duration_conflict("Cough cleared two days later than with 7-day treatment.", evidence)
    False
    >>> duration_conflict("Cough cleared two days sooner than with 7-day treatment.", evidence)
    True
    """
    claims = [(m, False) for m in _CLAIM.finditer(unit)] + [(m, True) for m in _CLAIM_THAN.finditer(unit)]
    if len(claims) != 1 or has_negation(unit):
        return False
    claim, named_other = claims[0]
    given = group_durations(sentence)
    if len(given) != 2:
        return False
    own_words = alignment_tokens(claim.group("group"))
    shared = [len(own_words & alignment_tokens(group)) for group, _ in given]
    if max(shared) == 0 or shared[0] == shared[1]:
        return False
    own, other = (given[0][1], given[1][1]) if shared[0] > shared[1] else (given[1][1], given[0][1])
    if named_other:  # "faster than those given propofol": the group named is the other one
        own, other = other, own
    about = alignment_tokens(unit[: claim.start()]) - _FRAME - own_words
    about = frozenset(t for t in about if not t.startswith("#"))
    if not about & alignment_tokens(sentence):
        return False
    less = claim.group("word").lower() in _LESS_TIME
    if own == other or (own < other) != less:
        return True
    return _far_from(unit[: claim.start()], abs(own - other))


def _far_from(before: str, difference: float) -> bool:
    """Whether the amount stated before the comparative ("two days", "a day") is less than half or more than twice
    the ``difference`` (days); ``False`` when none is stated."""
    amounts = [q.value for q in quantities(before) if q.kind == "time"]
    one = list(_ONE.finditer(before))
    if one:
        amounts += [q.value for q in quantities("1 " + one[-1].group("unit")) if q.kind == "time"]
    if not amounts:
        return False
    amount = amounts[-1]
    return amount > 2 * difference or amount < difference / 2
