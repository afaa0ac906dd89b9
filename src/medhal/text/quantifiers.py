"""Quantifier words read as shares: "most patients", "almost all", "only a few" against the percentage the evidence
states for the same people (issue 14).

An LLM answer restates "29% of participants had undergone appendectomy" as "*most* patients given antibiotics had
their appendix removed", or "Most patients (71%) were in NYHA class II" as "only *a few* patients were in NYHA class
II".  Neither states a figure, so the changed-number cue (:func:`medhal.text.figures.number_conflicts`) has nothing
to compare, and a small encoder reads the shared words as support.  A clinician reads both as wrong figures.

:func:`quantified_shares` reads each quantifier word of a text as the range of shares it allows (percent):

=====================================================================  ==========  ==================================
words                                                                  allows      contradicted by every figure
=====================================================================  ==========  ==================================
"almost all", "nearly all", "virtually all", "practically all"         85-100      below 70
"the vast / great / overwhelming majority"                             75-100      below 60
"most" (not "the most", "at most", "most common"), "the majority"      50-100      below 45
"a minority"                                                           0-50        at or above 60
"few", "a few", "only a few", "very few", "a handful", "hardly any"    0-30        at or above 50
=====================================================================  ==========  ==================================

The margins are wide on purpose (a faithful clause marked contradicted is the worst error a report can make): "most"
stands for 44% in no reading, but 48% is not worth a contradiction.  :func:`share_conflicts` compares a unit's
quantifier with the percentages a sentence states *of the same people* (the noun the words count among the figure's
:func:`~medhal.text.figures.anchors`, any word for people standing for another: "most **patients** given antibiotics"
against "in the antibiotics group, 29% of **participants**"; "most children" is not "12% of adults"); it fires only
when every percentage the sentence states is outside the range, never on one figure
among others that fit, and never where either text counts those who did *not* ("documentation was missing in 30%"
is present in 70%).  Time spans ("a few days", "most of the time") are no share.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.text.figures import anchors
from medhal.text.quantities import NUMBER_WORDS, Quantity, quantities
from medhal.text.tokens import content_stems

__all__ = [
    "QuantifiedShare",
    "proportion_given",
    "quantified_shares",
    "share_conflicts",
    "shares_said_alike",
    "shares_stated",
]


@dataclass(frozen=True, slots=True)
class QuantifiedShare:
    """A quantifier word read as a share: ``quantity`` (kind ``percent``, the middle of the range, the words as
    written) and the figures that contradict it: below ``below`` or at or above ``at_least`` (``None``: no bound)."""

    quantity: Quantity
    below: float | None = None
    at_least: float | None = None

    def contradicted_by(self, percent: float) -> bool:
        return (self.below is not None and percent < self.below) or (
            self.at_least is not None and percent >= self.at_least
        )


_NOT_A_NOUN = (
    r"(?!(?:common|commonly|frequent|frequently|likely|often|important|effective|severe|prevalent|recent|cases|"
    r"of\s+the\s+time|days?|weeks?|months?|years?|hours?|minutes?|times?)\b|[a-z]+ly\b|[a-z]+est\b)"
)
_TIME_AFTER = r"(?!\s+(?:more\s+)?(?:days?|weeks?|months?|years?|hours?|minutes?|times?|seconds?)\b)"

_WORDS: tuple[tuple[re.Pattern[str], float, float | None, float | None], ...] = (
    (re.compile(r"\b(?:almost|nearly|virtually|practically)\s+(?:all|every(?:one)?)\b", re.IGNORECASE), 92.5, 70, None),
    (re.compile(r"\bthe\s+(?:vast|great|overwhelming)\s+majority\b", re.IGNORECASE), 87.5, 60, None),
    (
        # not "For most women, the advice is 0.4 mg" (whom advice is for, no share of them: round 238)
        re.compile(
            r"(?<!\bthe\s)(?<!\bat\s)(?<!\ba\s)(?<!\bfor\s)\bmost\s+" + _NOT_A_NOUN + r"|\b(?:the|a)\s+majority\b", re.I
        ),
        75.0,
        45,
        None,
    ),
    (re.compile(r"\ba\s+(?:small\s+)?minority\b", re.IGNORECASE), 25.0, None, 60),
    (
        re.compile(r"\b(?:only\s+)?(?:a\s+)?(?:very\s+)?(?:few|handful)\b" + _TIME_AFTER + r"|\bhardly\s+any\b", re.I),
        15.0,
        None,
        50,
    ),
)


def quantified_shares(text: str) -> list[QuantifiedShare]:
    """Each quantifier word of ``text`` read as a share (module docstring), in text order.

    >>> [(s.quantity.text, s.below, s.at_least) for s in quantified_shares("Most patients, but only a few children")]
    [('Most', 45, None), ('only a few', None, 50)]
    >>> quantified_shares("the most common event occurred within a few days, at most")
    []

    A proportion in words allows its value give or take half a step of its denominator and five points, and at most
    :data:`_PROPORTION_NEAR` of itself (two points at the least): "about one in three" allows 20-47%, not the 12.5% of
    "1 in 8" (round 178), whose half step would allow 12-55%; "8 in every 100" allows 4.8-11.2%, not 3.1% (round 177):

    >>> [(s.quantity.text, s.below, s.at_least) for s in quantified_shares("about nine in ten cancers")]
    [('nine in ten', 80.0, None)]
    >>> [(s.quantity.text, round(s.below, 1), round(s.at_least, 1)) for s in quantified_shares("one in three")]
    [('one in three', 20.0, 46.7)]
    >>> quantified_shares("fewer than one in four lesions")
    []
    >>> [(s.quantity.text, s.quantity.value) for s in quantified_shares("about one in five hundred applications")]
    [('one in five hundred', 0.2)]
    >>> [s.quantity.text for s in quantified_shares("about one for every eight hundred applications")]
    ['one for every eight hundred']
    """
    found: list[QuantifiedShare] = []
    taken: list[range] = []
    for pattern, middle, below, at_least in _WORDS:
        for m in pattern.finditer(text):
            words = m.group().strip()
            start = m.start()
            if any(start in r for r in taken):
                continue
            taken.append(range(start, start + len(words)))
            q = Quantity("percent", middle, start, start + len(words), words, approximate=True, number=middle)
            found.append(QuantifiedShare(q, below, at_least))
    for m in _PROPORTION.finditer(text):
        start = m.start("n")
        n, of = _count(m.group("n")), _count(m.group("m"))
        if any(start in r for r in taken) or not 0 < n < of or _BOUND_BEFORE.search(text[:start]):
            continue
        middle = 100.0 * n / of
        half = min(50.0 / of + 5.0, max(2.0, _PROPORTION_NEAR * middle))  # "one in three" is no 12.5% (round 178)
        words = text[start : m.end()]
        q = Quantity("percent", middle, start, m.end(), words, approximate=True, number=middle)
        found.append(QuantifiedShare(q, middle - half, middle + half if middle + half < 100.0 else None))
    return sorted(found, key=lambda s: s.quantity.start)


_PROPORTION_NEAR = 0.4
"""How far, relative to itself, a share a proportion in words gives may lie from a figure it stands for."""
_SMALL_NUMBER = r"(?:\d{1,2}|" + "|".join(sorted(NUMBER_WORDS[1:21], key=len, reverse=True)) + r")"
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_UNITS = "one|two|three|four|five|six|seven|eight|nine"
_COMPOUND = r"(?:" + "|".join(_TENS[1:]) + r"|twenty(?=[-\s](?:" + _UNITS + r")\b))(?:[-\s](?:" + _UNITS + r"))?"
"""A number word of the tens above twenty, with its units ("twenty-five", "forty"; round 210's "one in twenty-five"
was read as one in twenty); "twenty" alone is a small number."""
_PROPORTION = re.compile(
    r"(?<![\d.,])\b(?P<n>" + _SMALL_NUMBER + r")\s+(?:in|out\s+of|for(?=\s+every))\s+(?:every\s+)?"
    r"(?P<m>(?:"
    + _SMALL_NUMBER
    + r"|a)\s+(?:hundred|thousand)|"
    + _COMPOUND
    + r"|"
    + _SMALL_NUMBER
    + r"|100|\d{1,3},\d{3}|\d{3,5})"
    r"\b(?!\s*%)(?!\s+(?:hundred|thousand)\b)",
    re.IGNORECASE,
)
"""A proportion in words: "nine in ten", "3 out of 4", "one in every five" (denominators up to 20), "roughly 31 out of
every 100" (round 54), "one in five hundred", "one for every eight hundred applications" (round 198); never the
decimals of a score ("3.1 out of 10": round 200)."""
_BOUND_BEFORE = re.compile(
    r"\b(?:fewer|less|more|greater|over|under|below|above|up\s+to|at\s+least|at\s+most)(?:\s+than)?\s+$",
    re.IGNORECASE,
)
"""A bound on a proportion ("fewer than one in four"): no share to compare."""


def _count(words: str) -> int:
    """The whole number ``words`` write: "8", "1,000", "eight", "twenty-five", "five hundred", "a thousand"."""
    tens = re.fullmatch(r"(?P<tens>[a-z]+ty)(?:[-\s](?P<units>[a-z]+))?", words.lower())
    if tens is not None:  # "twenty-five", "forty"
        return 10 * (_TENS.index(tens.group("tens")) + 2) + (NUMBER_WORDS.index(tens.group("units") or "zero"))
    *first, last = words.lower().replace(",", "").split()
    scale = {"hundred": 100, "thousand": 1000}.get(last)
    if scale is None:
        return int(last) if last.isdigit() else NUMBER_WORDS.index(last)
    head = first[0] if first else "a"
    return scale * (1 if head == "a" else int(head) if head.isdigit() else NUMBER_WORDS.index(head))


def share_conflicts(unit: str, sentence: str) -> list[tuple[Quantity, Quantity]]:
    """``(quantifier, figure)`` pairs where ``unit`` says "most", "almost all", "a few" ... of people for whom
    ``sentence`` states percentages, every one of which the words exclude (the figure shown is the first).

    >>> share_conflicts("Most patients given antibiotics had their appendix removed.",
    ...                 "In the antibiotics group, 29% of participants had undergone appendectomy.")[0][1].text
    '29%'
    >>> share_conflicts("Most patients were in class II.", "Most patients (71%) were in class II.")
    []
    >>> share_conflicts("About one in ten obese patients had high troughs.", "High troughs occurred in 41% of obese "
    ...                 "patients, compared with 9% of normal-weight patients.")[0][1].text
    '41%'

    With no percentage, a quantifier of the sentence's that excludes the unit's, said of all the unit says of its
    share (:func:`_said_of`):

    >>> share_conflicts("Most of them used the service.", "Few had used the service.")[0][1].text
    'Few'
    >>> share_conflicts("Most of them recovered.", "Few had used the counselling service.")
    []
    >>> share_conflicts("Most events happened in the first week.", "Events occurred in 5.0% and 6.5%, with most "
    ...                 "events occurring during the first week.")
    []
    >>> share_conflicts("Most users (86%) lost weight.", "Mean weight change was -14.9% with semaglutide.")
    []
    >>> share_conflicts("Most patients (about four in five) had a level done.", "21 patients (11%) had a level done.")
    []
    >>> share_conflicts("About one in eight patients with chest pain had an infarction.", "It identifies about a third "
    ...                 "of patients with chest pain as being at very low risk.")
    []
    >>> share_conflicts("About one in eight patients had an infarction.",
    ...                 "About a third of patients had an infarction.")[0][1].text
    'third'

    A proportion the sentence states is a percentage: "joint pain in about one in three people" against "joint pain
    (about 1 in 8 people) and headache (about 1 in 14)" (round 178).

    >>> share_conflicts("Side effects include joint pain in about one in three people",
    ...                 "The most common are joint pain (about 1 in 8 people) and headache (about 1 in 14).")[0][1].text
    '1 in 8'
    >>> share_conflicts("Side effects include joint pain in about one in eight people",
    ...                 "The most common are joint pain (about 1 in 8 people) and headache (about 1 in 14).")
    []
    """
    conflicts: list[tuple[Quantity, Quantity]] = []
    if _COMPLEMENT.search(sentence) or _COMPLEMENT.search(unit):
        return conflicts
    # "Most semaglutide users (86%)": a share the unit gives its figure is that figure, read as a number
    mine = [share for share in quantified_shares(unit) if not _OWN_FIGURE.match(unit, share.quantity.end)]
    figures = [
        e
        for e in quantities(sentence)
        if e.kind == "percent" and 0.0 <= e.value <= 100.0 and not _STRENGTH_AFTER.match(sentence, e.end)
    ]
    # a proportion the sentence states ("joint pain (about 1 in 8 people)") is its percentage (round 178)
    figures += [w.quantity for w in quantified_shares(sentence) if _PROPORTION.fullmatch(w.quantity.text)]
    if not figures:
        theirs = [w for w in quantified_shares(sentence) if not _PROPORTION.fullmatch(w.quantity.text)]
        for share in mine:
            # what is said of them, without whom the share counts ("most *of the nurses*"): the sentence's may count
            # no one or the same people
            head = _head(unit, share.quantity)
            said = _said_of(unit, share.quantity) - {head}
            if len(said) < 2:
                continue
            for other in theirs:
                apart = share.contradicted_by(other.quantity.value) and other.contradicted_by(share.quantity.value)
                if (
                    apart
                    and _head(sentence, other.quantity) in (None, head)
                    and said <= _said_of(sentence, other.quantity)
                ):
                    conflicts.append((share.quantity, other.quantity))
        return conflicts[:1]
    in_words = quantified_shares(sentence)
    for share in mine:
        heads = _heads(unit, share.quantity)
        if not heads or any(_says_itself(sentence, share, other, heads) for other in in_words):
            continue
        # a share the sentence gives in words ("about a third of patients") is another share of them unless it is
        # said of all the unit says of its own ("... as being at very low risk" is not "had an infarction")
        said = _said_of(unit, share.quantity) - set(heads)
        same = [
            e
            for e in figures
            if any(_of_same(head, anchors(sentence, e)) for head in heads)
            and not _of_other_thing(sentence, e, heads)
            and (any(ch.isdigit() for ch in e.text) or said <= _said_of(sentence, e))
            # a figure of those who left whose complement the words allow: "Most families stayed the course"
            # against "Thirteen families (7%) withdrew" (round 241)
            and not (_LEFT.search(sentence) and not _LEFT.search(unit) and not share.contradicted_by(100.0 - e.value))
        ]
        # "one in ten obese patients" against "41% of obese patients ... and 9% of normal-weight patients": the
        # figures of the group the unit names, where it names one the sentence gives figures for
        specific = frozenset(heads) - _PEOPLE - _FOLK  # "one in eight women" names no group of a trial of women
        # "needed by 12 (14%) and 24 (27%) children, respectively": the words next to a figure name no group
        own = [] if _RESPECTIVELY.search(sentence) else [e for e in same if specific & anchors(sentence, e)]
        if same and all(share.contradicted_by(e.value) for e in (own or figures)):
            conflicts.append((share.quantity, same[0]))
    return conflicts


_LEFT = re.compile(
    r"\b(?:withdr[ae]w\w*|lost\s+to\s+follow-up|dropped\s+out|drop-?outs?|discontinued|declined|refused)\b", re.I
)
"""Those who left a study or a treatment: a share of them is the complement of those who stayed."""
_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)


def shares_stated(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` states, for each share ``unit`` gives in words, a percentage those words allow.

    >>> shares_stated("About one in six of those children had appendicitis.", "In these children, the rate of "
    ...               "appendicitis was 16%.")
    True
    >>> shares_stated("About one in six of those children had appendicitis.", "Appendicitis was confirmed in 38%.")
    False
    >>> shares_stated("although relatively few women received only one dose.", "Most (51.8%) had at least one dose,"
    ...               " although few women received only one dose.")
    True
    """
    figures = [e.value for e in quantities(sentence) if e.kind == "percent" and 0.0 <= e.value <= 100.0]
    shares = quantified_shares(unit)
    return bool(shares) and all(
        any(not s.contradicted_by(v) for v in figures) or _said_alike(unit, s.quantity, sentence) for s in shares
    )


def shares_said_alike(unit: str, sentences: Sequence[str]) -> bool:
    """Whether some sentence of ``sentences`` gives each share ``unit`` gives in words in the same words, with the word
    it counts: "most people saw a change within a month" against "Most people noticed a difference by week 4",
    however well the unit is aligned with a sentence whose figure the words exclude ("About 1 in 3 people had their
    spots come back within 6 months"; round 185).

    >>> shares_said_alike("and most people saw a change within a month.", ["Most people noticed a difference."])
    True
    >>> shares_said_alike("and most people saw a change within a month.", ["About 1 in 3 people relapsed."])
    False
    """
    shares = quantified_shares(unit)
    return bool(shares) and all(any(_said_alike(unit, s.quantity, t) for t in sentences) for s in shares)


def _said_alike(unit: str, q: Quantity, sentence: str) -> bool:
    """Whether ``sentence`` gives the share ``q`` of ``unit`` in the same words, with the word it counts ("few women
    received only one dose"; round 143)."""
    counted = re.match(r"\s+([A-Za-z-]+)", unit[q.end :])
    if counted is None:
        return False
    return re.search(rf"\b{re.escape(q.text)}\s+{re.escape(counted.group(1))}\b", sentence, re.IGNORECASE) is not None


def proportion_given(q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether the proportion in words ``q`` ("one in nine") is, as written to a decimal, a percentage the evidence
    states anywhere (``stated``, its quantities): "only around one in nine who tested positive had cancer" gives
    the positive predictive value of 11.1%, whatever share of patients the sentence it is best aligned with counts
    (22.7% tested positive; round 52).  Only the same figure: "about nine in ten cancers" is not the other test's
    92.3% (clinical pair ``cp_240``, whose FIT detected 73.8%).

    >>> share = quantified_shares("only around one in nine who tested positive")[0].quantity
    >>> [proportion_given(share, quantities(t)) for t in ("a positive predictive value of 11.1%", "10.4% positive")]
    [True, False]
    >>> proportion_given(quantified_shares("about nine in ten cancers")[0].quantity, quantities("92.3%"))
    False
    """
    # a figure the evidence only implies ("25.0% change" from "1.5 to 2 litres") is no share it gives (round 237)
    return _OUT_OF.search(q.text) is not None and any(
        e.kind == "percent" and not e.approximate and e.start >= 0 and abs(e.value - q.value) <= 0.01 * q.value + 0.05
        for e in stated
    )


_OUT_OF = re.compile(r"\b(?:in|out\s+of)\b", re.IGNORECASE)


def _says_itself(sentence: str, share: QuantifiedShare, other: QuantifiedShare, heads: list[str]) -> bool:
    """Whether ``other``, a share of ``sentence``, is ``share`` in the same words of the same thing: "with most
    events occurring during the first week" says "Most events happened in the first week" whatever figures the
    sentence gives the groups; "about 2 in 3 people get nausea" says "Around two in three people get nausea" (the same
    share in figures or words, round 167)."""
    same = other.quantity.text.lower() == share.quantity.text.lower() or (
        other.quantity.kind == share.quantity.kind and other.quantity.value == share.quantity.value
    )
    return same and _head(sentence, other.quantity) in heads


_STRENGTH_AFTER = re.compile(
    r"\s*(?:w/v\s+|v/v\s+)?(?:oxygen|O2|saline|dextrose|glucose|alcohol|ethanol|lidocaine|lignocaine|cream|gel|ointment|"
    r"solution|chlorhexidine|povidone|sodium\s+chloride|albumin|hydrogen\s+peroxide)\b",
    re.IGNORECASE,
)
"""A percentage that is a concentration ("100% oxygen at 2.4 atmospheres", "5% dextrose"), no share of people
(round 212)."""
_OWN_FIGURE = re.compile(
    r"(?:\s+(?:of\s+)?[A-Za-z][\w-]*){0,3}\s*\(\s*(?:\d+(?:\.\d+)?\s*%|(?:about\s+|around\s+|roughly\s+|nearly\s+)?"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:in|out\s+of)\s+(?:\d+|two|three|four|five|six|"
    r"seven|eight|nine|ten)\b)",
    re.IGNORECASE,
)
"""A percentage or a proportion in brackets right after a share's words and its noun ("most semaglutide users (86%)",
"Most patients (about four in five)": round 25), which the changed-number cue reads as a figure."""

_CLAUSE_END = re.compile(r"[;.]|,\s+(?:but|while|whereas|and)\b|$")


def _said_of(text: str, words: Quantity) -> frozenset[str]:
    """The content stems of what ``text`` says of the share its quantifier ``words`` count, up to the end of the
    clause ("most *of them used the counselling service*")."""
    end = _CLAUSE_END.search(text, words.end)  # "$" always matches
    return content_stems(text[words.end : end.start() if end is not None else len(text)])


_PEOPLE = frozenset({"patie", "parti", "subje", "peopl", "indiv", "respo", "perso", "case", "cases"})
"""Stems of the words that name people in general: "most patients" are the "participants" a figure counts."""

_FOLK = frozenset(
    {"women", "men", "adult", "child", "infan", "babie", "mothe", "girls", "boys", "ended", "had", "were"}
)
"""Stems of words after a share that name the people a trial enrolled, or its verb, never a group of them ("roughly
one in eight women ended up switching" is not the 2% of "3 women (2%) had a major complication": round 168)."""
_HEAD = re.compile(r"\s+(?:of\s+)?(?:the\s+|these\s+|those\s+|all\s+)?([A-Za-z][\w-]*)")


def _head(text: str, words: Quantity) -> str | None:
    """The stem of the noun a quantifier counts ("most *patients*", "the majority of the *children*"), or ``None``
    ("most of them", "most were")."""
    m = _HEAD.match(text, words.end)
    if m is None:
        return None
    # "most resistant isolates carried ...": the noun after an adjective (round 153)
    noun = _AFTER_ADJECTIVE.match(text, m.end()) if _ADJECTIVE.search(m.group(1)) else None
    stems = content_stems(noun.group(1) if noun else m.group(1))
    return next(iter(stems), None)


_ADJECTIVE = re.compile(r"(?:ant|ent|al|ive|ous|ic)$", re.IGNORECASE)
_AFTER_ADJECTIVE = re.compile(
    r"\s+(?!(?:of|were|was|had|have|in|with|and|or|to|at|on|for|by|who|that)\b)([A-Za-z][\w-]*)", re.IGNORECASE
)


_NOUN_PHRASE = re.compile(r"\s+((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*)")


def _heads(text: str, words: Quantity) -> list[str]:
    """The stems that may name what a share counts: the noun after a quantifier word (:func:`_head`), or the up to
    three words after a proportion in words ("nine in ten *colorectal cancers*")."""
    if not _PROPORTION.fullmatch(words.text):
        head = _head(text, words)
        return [] if head is None else [head]
    m = _NOUN_PHRASE.match(text, words.end)
    # the words of the rival are not what the share counts ("one in eight swabs versus more than a third": round 163)
    return [] if m is None else sorted(content_stems(_RIVAL_WORD.split(m.group(1), maxsplit=1)[0]))


_RIVAL_WORD = re.compile(r"\b(?:versus|vs|compared|than|against)\b", re.IGNORECASE)


def _of_other_thing(sentence: str, e: Quantity, heads: Sequence[str]) -> bool:
    """Whether the percentage ``e`` says of what it is a share, and that is not what the unit's share counts ("81% of
    prescribed time", against "a handful of children": round 176)."""
    m = _OF_WHAT.match(sentence, e.end)
    named = content_stems(m.group(1)) if m is not None else frozenset()
    return bool(named) and not (named & (set(heads) | _PEOPLE))


_OF_WHAT = re.compile(r"\s+of\s+((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*)\b(?=[\s,.;)])")


def _of_same(head: str, around: frozenset[str]) -> bool:
    """Whether a figure with the stems ``around`` it counts the people a quantifier's ``head`` names."""
    return head in around or (head in _PEOPLE and bool(around & _PEOPLE))


_COMPLEMENT = re.compile(
    r"\b(?:not|no|never|without|missing|missed|lacked|lacking|lack|unaware|failed|absent)\b|n't\b", re.IGNORECASE
)
"""Words by which a share may count those who did *not* ("documentation was missing in 30%": present in 70%)."""
