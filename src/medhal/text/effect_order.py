"""Which of two subgroups an effect is larger in (issue 14, round 40).

"The benefit looked larger in men than in women" against "Among women, the reduction in lung cancer mortality was
larger (rate ratio 0.61) than among men (rate ratio 0.79)": the unit turns round the two subgroups of a stated
difference in effect.  The encoder reads the two as entailed (they share every word it weighs), and neither
:mod:`medhal.text.comparisons` (a measure compared *between arms*, "more common with A than with B") nor the subgroup
cue (:mod:`medhal.text.subgroup_claims`: a subgroup the evidence reports nothing on) reads it.

:func:`effect_order` reads, narrowly, one sentence form or the other:

* "<effect> was larger / greater / stronger / more pronounced (or smaller / weaker / less pronounced) in A than in
  B" (a bracket may follow A);
* "Among A, <effect> was larger ... than among B".

The effect is named by a word of change or benefit ("benefit", "effect", "reduction", "improvement",
"association", ...); the measure's other words, where the unit names any ("the reduction in lung cancer
mortality"), must all be the sentence's.  :func:`effect_order_conflict` holds when a sentence orders the unit's two
subgroups the other way (groups matched by :func:`medhal.text.comparisons.named_groups`).  A negated or hedged
comparison ("was not larger in men") is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from medhal.text.comparisons import named_groups
from medhal.text.lexical import has_negation
from medhal.text.synonyms import canonical_stems

__all__ = ["EffectOrder", "effect_order", "effect_order_conflict"]

_UP = r"larger|greater|bigger|stronger|more\s+pronounced|more\s+marked"
_DOWN = r"smaller|weaker|less\s+pronounced|less\s+marked"
_WORD = rf"(?P<word>{_UP}|{_DOWN})"
_GROUP = r"[^,;.()]{2,60}?"
_THAN = r"\bthan\s+(?:it\s+was\s+|they\s+were\s+)?(?:among|in|for)\s+(?:the\s+)?"
_END = r"(?=\s*[,;.()]|\s*$)"
_FORMS = (
    re.compile(
        rf"\b(?:among|in)\s+(?:the\s+)?(?P<a>{_GROUP}),\s*(?P<body>[^;]*?)\b{_WORD}\b(?P<mid>[^;]*?){_THAN}"
        rf"(?P<b>{_GROUP}){_END}",
        re.IGNORECASE,
    ),
    re.compile(
        rf"(?P<body>[^;]*?)\b{_WORD}\s+(?:among|in|for)\s+(?:the\s+)?(?P<a>{_GROUP})(?:\s*\([^)]*\))?\s*{_THAN}"
        rf"(?P<b>{_GROUP}){_END}",
        re.IGNORECASE,
    ),
)
_EFFECT = canonical_stems(
    "benefit benefits effect effects reduction reductions improvement improvements association associations "
    "protection gain gains advantage advantages efficacy response drop decline decrease increase"
)
_FRAME = canonical_stems(
    "looked seemed appeared was were is are been somewhat slightly much even also overall relative it they this "
    "that which treatment's its"
)


@dataclass(frozen=True, slots=True)
class EffectOrder:
    """An effect said to be larger in one subgroup than in another: the two groups, and the words of the measure."""

    larger: str
    smaller: str
    measure: frozenset[str]


@lru_cache(maxsize=4096)
def effect_order(text: str) -> EffectOrder | None:
    """The one difference in effect between two subgroups ``text`` states (module docstring), or ``None``.

    >>> effect_order("The benefit looked larger in men than in women,")
    EffectOrder(larger='men', smaller='women', measure=frozenset({'benef'}))
    >>> order = effect_order("Among women, the reduction in lung cancer mortality was larger (rate ratio 0.61) than "
    ...                      "among men (rate ratio 0.79), although the interaction was not significant.")
    >>> order.larger, order.smaller
    ('women', 'men')
    >>> print(effect_order("Mortality was higher in women than in men."))
    None
    """
    m = next((m for form in _FORMS if (m := form.search(text)) is not None), None)
    if m is None or has_negation(m.group()):
        return None
    measure = canonical_stems(m.group("body") + " " + (m.groupdict().get("mid") or "")) - _FRAME
    if not measure & _EFFECT:
        return None
    a, b = m.group("a").strip(), m.group("b").strip()
    up = re.fullmatch(_UP, re.sub(r"\s+", " ", m.group("word").lower())) is not None
    return EffectOrder(a, b, frozenset(measure)) if up else EffectOrder(b, a, frozenset(measure))


def effect_order_conflict(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` states a difference in effect between ``unit``'s two subgroups the other way round.

    >>> sentence = "Among women, the reduction in mortality was larger (rate ratio 0.61) than among men (0.79)."
    >>> effect_order_conflict("The benefit looked larger in men than in women,", sentence)
    True
    >>> effect_order_conflict("The benefit looked larger in women than in men,", sentence)
    False
    >>> effect_order_conflict("The benefit looked smaller in men than in women,", sentence)
    False
    """
    claim = effect_order(unit)
    if claim is None:
        return False
    stated = effect_order(sentence)
    if stated is None or not (claim.measure - _EFFECT) <= stated.measure | canonical_stems(sentence):
        return False
    groups = [_sexed(stated.larger), _sexed(stated.smaller)]
    return named_groups(_sexed(claim.larger), groups) == [1] and named_groups(_sexed(claim.smaller), groups) == [0]


def _sexed(group: str) -> str:
    """``group`` with "men" / "women" written "male" / "female" (too short a word for the stems: "men" names none)."""
    return _FEMALE.sub("female", _MALE.sub("male", group))


_MALE = re.compile(r"\b(?:men|males?|boys)\b", re.IGNORECASE)
_FEMALE = re.compile(r"\b(?:women|females?|girls)\b", re.IGNORECASE)
