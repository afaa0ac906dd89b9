"""A figure the evidence gives to another thing (issue 14, round 19): "an attack rate of 80%" where the outbreak
report's attack rate is 45% and its 80% is the share of attendees who answered the questionnaire.  The figure is
stated somewhere, so it is neither unstated nor, by :func:`medhal.text.figures.number_conflicts`, changed: that cue
lets any sentence of the evidence restate it.  :func:`moved_across` reads where the figure stands: against the
sentence best aligned with the unit, which states a rival of its kind in the unit's own words ("attack rate of"),
while every sentence that states the unit's figure says it of other things.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.derived import bounded, lay_count
from medhal.text.figures import ANCHOR_WORDS, anchors
from medhal.text.quantities import Quantity, quantities
from medhal.text.tokens import content_stems

__all__ = ["counted", "moved_across", "same_thing"]

SHARED = 2
"""Stems a rival must share with the unit's figure among the words around each (:func:`anchors`)."""


def moved_across(unit: str, sentences: Sequence[str], best: int) -> list[tuple[Quantity, Quantity]]:
    """``(unit figure, rival)`` pairs where ``unit`` states an exact figure that ``sentences[best]`` (the sentence best
    aligned with it) does not, but states a rival of its kind (a ratio for a ratio) in the unit's words: the rival
    shares at least :data:`SHARED` stems of the words around it with the unit's figure, the word right before it
    among them, and more than any sentence that states the unit's figure shares; and it counts the same thing (not
    "14 hospitals" for "2,412 bleeding trauma patients", both after "trial").

    >>> report = ["Of 186 attendees, 148 (80%) were contacted.", "67 met the case definition, an attack rate of 45%."]
    >>> [(a.text, b.text) for a, b in moved_across("It had an attack rate of 80%.", report, 1)]
    [('80%', '45%')]
    >>> moved_across("Of the attendees, 80% were contacted.", report, 0)
    []
    >>> trial = ["Pregnancy occurred in 1.4% with UPA.", "In women with obesity, pregnancy rates were 2.1% with UPA."]
    >>> moved_across("overall pregnancy rates were 1.4% with UPA", trial, 1)
    []
    """
    sentence = sentences[best]
    theirs = quantities(sentence)
    own = quantities(unit)
    wanted = [
        q
        for q in own
        if not (q.approximate or lay_count(q) or q.kind.startswith("label:") or any(q.equals(e) for e in theirs))
    ]
    found: list[tuple[Quantity, Quantity]] = []
    if not wanted:
        return found
    others = [(s, quantities(s)) for i, s in enumerate(sentences) if i != best]  # read once for all the figures
    for q in wanted:
        mine, before, counts = anchors(unit, q), _word_before(unit, q), counted(unit, q)
        if q.ratio:  # "(risk ratio 1.41)" is "(RR 1.41)": the ratio's own name says nothing of what it is of (r. 155)
            mine -= _RATIO_NAMES
        elsewhere = [len(mine & anchors(s, e)) for s, said in others for e in said if q.equals(e)]
        if not elsewhere or not before:
            continue  # stated nowhere (the unstated-figure and changed-number cues' business), or said of nothing
        if bounded(unit, q):  # "a control score of 5 or more" is the threshold "NCS ≥5", no level "2/9" (round 95)
            continue
        rivals = [
            (len(mine & anchors(sentence, e)), e)
            for e in theirs
            if e.kind == q.kind
            and e.ratio == q.ratio
            and not e.approximate
            and not any(o.equals(e) for o in own)
            and before == _word_before(sentence, e)
            and same_thing(counts, counted(sentence, e))
            and _heads_agree(_head(unit, q), _head(sentence, e))
        ]
        shared, rival = max(rivals, key=lambda pair: pair[0], default=(0, None))
        if rival is None or shared < SHARED or shared <= max(elsewhere):
            continue
        if _of_subgroup(sentence, rival, unit):  # "In women with BMI >=30, pregnancy rates were 2.1% with UPA"
            continue
        # a word right beside the unit's figure that stands beside the equal figure and not beside the rival ("206
        # evaluable women" for "206 patients were evaluable", not the "212 women" randomised; round 138)
        beside = anchors(unit, q, 1)
        if beside - anchors(sentence, rival) and any(
            beside & anchors(s, e) for s, said in others for e in said if q.equals(e)
        ):
            continue
        found.append((q, rival))
    return found


_PHRASE_END = re.compile(
    r"\b(?:in|at|on|with|aged|who|whose|that|from|of|for|to|and|or|were|was|had|have|received|per|across)\b|[,;:()\[\].]",
    re.IGNORECASE,
)


def _head(text: str, q: Quantity) -> str | None:
    """The stem of the last word of the phrase right after ``q``, which names what it counts ("146 peanut-allergic
    *children* aged ...", "four paediatric allergy *centres* in ..."), or ``None`` when no word follows."""
    phrase = text[q.end : q.end + 60]
    cut = _PHRASE_END.search(phrase)
    stems = [s for w in (phrase[: cut.start()] if cut else phrase).split()[:4] for s in content_stems(w)]
    return stems[-1] if stems else None


def _heads_agree(mine: str | None, theirs: str | None) -> bool:
    """Whether two figures' head words may name the same thing: the same, or either unknown (round 46: "146
    peanut-allergic children" is rivalled by no "four paediatric allergy centres", though both say "allerg-")."""
    return mine is None or theirs is None or mine == theirs


def counted(text: str, q: Quantity) -> frozenset[str]:
    """What ``q`` counts: the content stems of up to three words after it, up to a comma, bracket or full stop
    ("2,412 *bleeding trauma patients*", "14 *hospitals*, adults")."""
    return content_stems(" ".join(re.split(r"[,;:()\[\]]|\.(?:\s|$)", text[q.end :], maxsplit=1)[0].split()[:3]))


def same_thing(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Whether two figures may count the same thing: what each counts is shared, or one says nothing of it."""
    return not mine or not theirs or bool(mine & theirs)


def _word_before(text: str, q: Quantity) -> str:
    """The stem of the content word right before ``q`` (within :data:`~medhal.text.figures.ANCHOR_WORDS` words:
    "attack rate of | 45%" gives "rate"), or ``""``."""
    for word in reversed(text[: q.start].split()[-ANCHOR_WORDS:]):
        stems = sorted(s for s in content_stems(word) if not any(ch.isdigit() for ch in s))
        if stems:
            return stems[0]
    return ""


def _of_subgroup(sentence: str, rival: Quantity, unit: str) -> bool:
    """Whether ``rival`` is said of a subgroup ``unit`` does not name: its clause opens "In women with BMI >=30
    kg/m2," or "Among those aged 75 or older," ("overall pregnancy rates were 1.4% with UPA", stated elsewhere, against
    the subgroup's "pregnancy rates were 2.1% with UPA"; round 148)."""
    clause = sentence[: rival.start].rsplit(";", 1)[-1]
    found = list(_SUBGROUP.finditer(clause))
    if not found:
        return False
    named = _words(found[-1].group("who")) - _LINKS
    return bool(named) and not named <= _words(unit)


def _words(text: str) -> frozenset[str]:
    """The lower-cased words of ``text`` of two letters or more ("bmi" too)."""
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z]{2,}", text))


_SUBGROUP = re.compile(
    r"\b(?:in|among)\s+(?:the\s+)?(?:women|men|patients|participants|children|adults|those|people|infants)\s+"
    r"(?P<who>(?:with|aged|who|without|whose)\b[^,;]{2,60}),",
    re.IGNORECASE,
)
"""A clause's opening that restricts it to a subgroup ("In women with BMI >=30 kg/m2,")."""
_RATIO_NAMES = content_stems("risk hazard odds rate ratio ratios relative")
_LINKS = frozenset({"with", "aged", "who", "without", "whose", "and", "or", "the", "of", "than", "more", "less", "at"})
_LINKS |= {"least", "over", "under", "kg"}
