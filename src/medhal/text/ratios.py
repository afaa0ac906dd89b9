"""Relative changes in words: "halved", "doubled", "twice as common", "three times as likely" against the two groups'
figures or the ratio the evidence states (issue 14).

An answer that says dapagliflozin "halved the rate of worsening heart failure or cardiovascular death" where the
evidence reports 16.4% against 19.5% (hazard ratio 0.82) states no figure, so the changed-number cue has nothing to
compare, and a small encoder reads the shared outcome words as support.  A clinician reads a 16% relative reduction
called a halving as a wrong figure.

:func:`ratio_words` reads each such phrase as a factor (halved, doubled, twice, half as, two-fold: 2; tripled,
three times, three-fold: 3; four times, four-fold: 4).  :func:`ratio_conflicts` compares it with what one sentence
states of two groups: a hazard, odds, risk or rate ratio (read either way round: 0.5 and 2.0 are both a factor of 2)
or, without one, exactly two group percentages (:func:`medhal.text.comparisons.group_figures`) whose larger over
smaller is the factor.  The words conflict when the stated factor lies outside ``[factor / 1.5, factor x 1.5]``
("halved" is 1.33-3: 19.5% over 16.4% is 1.19, a hazard ratio of 0.82 is 1.22; 52% against 24% is a halving).
Direction (which group is higher) is the reversed-comparison cue's concern, not this one's.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

from medhal.text.arms import respective_percents
from medhal.text.drug_names import is_drug_name
from medhal.text.findings import finding_parts, finding_subject
from medhal.text.group_figures import group_figures
from medhal.text.hedged_pairs import figure_pairs
from medhal.text.quantities import Quantity, quantities

__all__ = ["RatioWords", "both_groups_conflicts", "changed_subjects", "ratio_conflicts", "ratio_stated", "ratio_words"]

SLACK = 1.5
"""How far a stated factor may lie from the words' before they conflict (multiplicative, either way)."""


@dataclass(frozen=True, slots=True)
class RatioWords:
    """A relative change in words: ``quantity`` (kind ``ratio``, the words as written) and its ``factor``."""

    quantity: Quantity
    factor: float
    at_least: bool = False
    """Said as a lower bound ("more than doubled"): any larger factor fits."""


_THE_RISK = r"the\s+(?:risk|odds|rate|hazard|chance|likelihood|incidence)"
"""What "three times" multiplies when it states a relative change ("three times the risk"; not "twice the dose")."""

_PART_AS = r"(?:(?:a|one)[\s-]+)?%s\s+as\s+(?:many|much|likely|often|common|frequent|frequently|high)"
"""A part as large ("a quarter as likely"): the relative change its reciprocal is (round 38)."""
_WORDS: tuple[tuple[re.Pattern[str], float], ...] = (
    (
        re.compile(
            r"\b(?:halved|halving|(?:cut|reduced|lowered|decreased|fell|dropped)\s+(?:[\w-]+\s+){0,12}?(?:in|by)\s+half"
            r"(?!\s+(?:of|the|a|an)\b)|"
            r"half\s+as\s+(?:many|much|likely|often|common|frequent|frequently|high)(?!\s+again)|doubled|"
            r"doubling(?!\s+of\s+(?:the\s+)?(?:serum\s+|plasma\s+)?(?:creatinine|time|dose|doses|the\s+dose))|"
            r"(?:twice|two\s+times)\s+(?:as|" + _THE_RISK + r")|two-?fold)\b",
            re.IGNORECASE,
        ),
        2.0,
    ),
    (  # "roughly half as common again" for HR 1.47 (round 196)
        re.compile(
            r"\bhalf\s+as\s+(?:many|much|likely|often|common|frequent|frequently|high)\s+again\b"
            r"|\bone\s+and\s+a\s+half\s+times\b",
            re.IGNORECASE,
        ),
        1.5,
    ),
    (
        re.compile(
            r"\b(?:tripled|tripling|three\s+times\s+(?:as|"
            + _THE_RISK
            + r")|three-?fold|"
            + _PART_AS % "third"
            + r")\b",
            re.IGNORECASE,
        ),
        3.0,
    ),
    (
        re.compile(
            r"\b(?:quadrupled|four\s+times\s+(?:as|" + _THE_RISK + r")|four-?fold|" + _PART_AS % "quarter" + r")\b",
            re.IGNORECASE,
        ),
        4.0,
    ),
    (re.compile(r"\b" + _PART_AS % "fifth" + r"\b", re.IGNORECASE), 5.0),
    (re.compile(r"\b" + _PART_AS % "tenth" + r"\b", re.IGNORECASE), 10.0),
    *(
        (re.compile(rf"\b{word}(?:\s+times\s+(?:as|{_THE_RISK})|-?fold)\b", re.IGNORECASE), float(n))
        for n, word in enumerate(("five", "six", "seven", "eight", "nine", "ten"), start=5)
    ),
)


_AT_LEAST = re.compile(r"\b(?:more\s+than|over|at\s+least)\s+$", re.IGNORECASE)
_THRESHOLD = re.compile(r"\b(?:whether|if|until|unless|once)\b", re.IGNORECASE)
"""A lower bound checked for, not reported ("check whether flare-ups have at least halved")."""
"""Words making the relative change after them a lower bound ("more than doubled")."""


_OWN_MEASURE = re.compile(
    r"\b(?:had|having|with|saw)\s+(?:their|his|her)\s+(?:[\w-]+\s+){1,4}?(?:at\s+least\s+)?$", re.I
)
"""A person's own measure just before a ratio word ("had their pain at least | halved")."""


def ratio_words(text: str) -> list[RatioWords]:
    """Each relative change ``text`` states in words, with its factor, in text order.

    >>> [(w.quantity.text, w.factor) for w in ratio_words("It halved relapses and made rash three times as common.")]
    [('halved', 2.0), ('three times as', 3.0)]
    >>> ratio_words("About half of the patients responded; the dose was doubled in 4 patients.")[0].quantity.text
    'doubled'
    >>> [(w.quantity.text, w.factor) for w in ratio_words("Misuse was five times as common; a tenfold rise.")]
    [('five times as', 5.0), ('tenfold', 10.0)]
    >>> [(w.quantity.text, w.factor) for w in ratio_words("They had three times the risk at twice the dose.")]
    [('three times the risk', 3.0)]
    >>> [(w.quantity.text, w.factor) for w in ratio_words("Bleeds were roughly half as common again with aspirin.")]
    [('half as common again', 1.5)]

    "Doubling of (serum) creatinine", a doubling time or a dose doubled name an outcome or a schedule, not a relative
    change (round 37: "Doubling of creatinine ... (15.8% vs 14.5%)" was read against a hazard ratio of 1.09):

    >>> ratio_words("Doubling of serum creatinine occurred in 15.8%; a doubling of risk was excluded.")[0].factor
    2.0
    >>> len(ratio_words("Doubling of serum creatinine occurred in 15.8% and 14.5%."))
    0

    Each person's own measure halved names who responded, not a change between groups ("Around 61% of people ...
    had their pain at least halved": round 182):

    >>> ratio_words("Around 61% of people on the newer settings had their pain at least halved.")
    []
    """
    found = [
        RatioWords(
            Quantity("ratio", factor, m.start(), m.end(), m.group(), approximate=True, number=factor),
            factor,
            at_least=_AT_LEAST.search(text, 0, m.start()) is not None,
        )
        for pattern, factor in _WORDS
        for m in pattern.finditer(text)
        if not _OWN_MEASURE.search(text, 0, m.start())
    ]
    return sorted(found, key=lambda w: w.quantity.start)


_EACH_GROUP = re.compile(
    r"\b(?P<value>\d+(?:\.\d+)?)\s?%\)?\s+(?:of\s+(?:the\s+)?(?:patients|participants|women|men|children|infants)\s+)?"
    r"in\s+(?:each|both)\s+(?:groups?|arms?)\b",
    re.IGNORECASE,
)
"""One percentage said of both groups ("occurred in 2% of patients in each group", "in 2 participants (0.2%) in each
group")."""


def _stated_factors(sentence: str, about: frozenset[str] = frozenset()) -> list[tuple[float, Quantity]]:
    """The factors between two groups ``sentence`` states, each with the figure to show for it: each stated ratio
    (hazard, odds, risk or rate ratio: "1.03 for 1-90 DDD, 1.12 for 91-180 DDD and 1.31 for >180 DDD" holds three,
    round 23), then what its group percentages give (:func:`_percent_factor`).  Words fitting any fit: an odds ratio
    of 3.08 overstates the relative change 22.5% against 8.6% (2.6) shows, and an answer saying quitting "more than
    doubled" reads the percentages (round 18).  ``about``: the subject stems of the unit read against it; two figures
    set against each other are of another thing where the sentence names the subject but not next to them ("night
    pain was 7/10, and ... 95 degrees of flexion on the right, compared with 80 and 170 degrees on the left": round
    206)."""
    said = quantities(sentence)
    found: list[tuple[float, Quantity]] = [(max(q.value, 1.0 / q.value), q) for q in said if q.ratio and q.value > 0]
    if _RATIOS_LISTED.search(sentence):  # "Adjusted hazard ratios ... were 2.3 (95% CI 2.0 to 2.7) for simple and 6.8
        bracketed = [m.span() for m in _BRACKETS.finditer(sentence)]  # (...) for complex seizures" (round 173)
        found += [
            (max(q.value, 1.0 / q.value), q)
            for q in said
            if q.kind == "count"
            and "." in q.text
            and q.value > 0
            and not q.ratio
            and not any(a <= q.start < b for a, b in bracketed)
        ]
    percents = _percent_factor(sentence, said)
    if percents is not None:
        found.append(percents)
    # two amounts or counts set against each other ("median 1.8 L vs 3.9 L", "9 versus 4 participants": round 175)
    named = bool(about & finding_subject(sentence))
    found += [
        (max(p.first.value, p.second.value) / min(p.first.value, p.second.value), p.first)
        for p in figure_pairs(sentence)
        if p.first.kind != "percent"
        and not p.first.ratio
        and min(p.first.value, p.second.value) > 0
        and not (named and not about & finding_subject(sentence[max(0, p.first.start - 40) : p.second.end + 40]))
    ]
    return found


_FREE_OF = re.compile(r"\w-free\b|\bfree\s+(?:of|from)\b|\bremained\s+without\b", re.IGNORECASE)
"""Shares of people free of what a relative change is told of: its factor is that of the rest (round 166: "roughly
halving the risk of delirium" for "80% and 62% remained delirium-free", delirium in 20% and 38%)."""


_RATIOS_LISTED = re.compile(r"\b(?:hazard|odds|risk|rate|incidence\s+rate)\s+ratios\b", re.IGNORECASE)
"""Ratios named once, in the plural, before the decimals that list them."""
_BRACKETS = re.compile(r"\([^()]*\)")


def _percent_factor(sentence: str, said: list[Quantity]) -> tuple[float, Quantity] | None:
    """The factor ``sentence``'s group percentages give, with the figure to show for it: one percentage said of each
    group (a factor of 1), else the larger of exactly two group percentages in one of its parts, else the one pair of
    percentages it sets against each other ("20% vs 10%")."""
    for part in finding_parts(sentence):
        each = _EACH_GROUP.search(part)  # "in 2% of patients in each group": the same in both, a factor of 1
        if each is not None:
            value = float(each.group("value"))
            shown = next((q for q in said if q.kind == "percent" and q.value == value), None)
            if shown is not None:
                return 1.0, shown
        figures = group_figures(part)
        if len(figures) == 2 and figures[0].group != figures[1].group and min(f.value for f in figures) > 0:
            high = max(figures, key=lambda f: f.value)
            shown = next((q for q in said if q.kind == "percent" and q.value == high.value), None)
            values = [f.value for f in figures]
            if shown is not None and _FREE_OF.search(part) and max(values) < 100:  # "80% ... and 62% ... remained
                return (100 - min(values)) / (100 - max(values)), shown  # delirium-free": delirium in 20% and 38%
            if shown is not None:
                return high.value / min(f.value for f in figures), shown
        paired = respective_percents(part)
        if paired and min(q.value for q in paired) > 0:
            # "occurred in 5 patients (2.4%) and 6 patients (2.9%), respectively": the two arms, in order
            top = max(q.value for q in paired)
            shown = next((q for q in said if q.kind == "percent" and q.value == top), None)
            if shown is not None:
                return top / min(q.value for q in paired), shown
    versus = _versus_percents(sentence) or _from_to_percents(sentence)
    if len(versus) == 1:  # "the risk of misuse was higher in the opioid group (20% vs 10%)"
        top = max(versus[0])
        shown = next((q for q in said if q.kind == "percent" and q.value == top), None)
        if shown is not None:
            return top / min(versus[0]), shown
    return None


_CHANGED_VERB = re.compile(r"(?:halved|doubled|tripled|quadrupled)", re.IGNORECASE)
_OBJECT = re.compile(
    r"(?:\s+(?!(?:in|within|at|by|for|from|among|compared|versus|vs|with|to|over|after|during|and|but)\b)[\w-]+){0,5}",
    re.IGNORECASE,
)
"""The words after a verb of relative change up to a preposition, a conjunction or a break: what it changed."""


def changed_subjects(unit: str) -> list[frozenset[str]]:
    """What each relative change in words of ``unit`` is said of, as finding-subject stems, where its words hold it:
    "reduced <subject> by half" (the words between the verb and "by half"), "doubled <subject> within ..." (the
    words after the verb, up to a preposition or a break; round 18).

    >>> [sorted(s) for s in changed_subjects("It doubled new atrial fibrillation within 120 hours.")]
    [['atria', 'fibri', 'new']]
    >>> [sorted(s) for s in changed_subjects("It reduced symptomatic haemorrhage by half.")]
    [['bleed', 'sympt']]
    """
    found: list[frozenset[str]] = []
    for words in ratio_words(unit):
        inner = words.quantity.text.split()[1:-2]
        if not inner and _CHANGED_VERB.fullmatch(words.quantity.text):
            matched = _OBJECT.match(unit, words.quantity.end)
            inner = matched.group().split() if matched else []
        if inner and (held := finding_subject(" ".join(inner))):
            found.append(held)
    return found


def ratio_conflicts(unit: str, sentence: str) -> list[tuple[Quantity, Quantity]]:
    """``(words, figure)`` pairs where ``unit`` states a relative change in words ("halved") that the factor
    ``sentence`` states between two groups is far from (module docstring).

    >>> [(a.text, b.text) for a, b in ratio_conflicts(
    ...     "It halved the rate of worsening heart failure.",
    ...     "The outcome occurred in 16.4% of the dapagliflozin group and 19.5% of the placebo group.")]
    [('halved', '19.5%')]
    >>> ratio_conflicts("It halved the rate.", "Relapse was in 24% of the drug group and 52% of the placebo group.")
    []
    >>> [(a.text, b.text) for a, b in ratio_conflicts("Bleeding was twice as frequent with A.",
    ...                                               "Bleeding occurred in 2% of patients in each group.")]
    [('twice as', '2%')]
    >>> ratio_conflicts("Check whether flare-ups have at least halved.", "Flare-ups fell by 21% (rate ratio 0.79).")
    []
    """
    # "check whether flare-ups have at least halved": a threshold to check against, no change reported (round 202)
    words = [w for w in ratio_words(unit) if not (w.at_least and _THRESHOLD.search(unit, 0, w.quantity.start))]
    if not words:
        return []
    sentence = _finding_about(unit, sentence)
    stated = _stated_factors(sentence, finding_subject(unit) - _GENERIC)
    if not stated:
        return []
    unfit = [w for w in words if not any(_fits(w, factor) for factor, _ in stated)]
    if not unfit:
        return _turned(unit, words, sentence)
    # words the unit's own figures bear out ("a third as common (3% vs 9%)") are the figures' to judge, by the number
    # cues: a sentence of two findings may give its factor of the other (round 38)
    own = _stated_factors(unit)
    # the figure shown is the stated factor nearest the words': "three times the risk" against hazard ratios of
    # 1.03, 1.12 and 1.31 shows 1.31
    return [
        (w.quantity, min(stated, key=lambda s: abs(math.log(s[0] / w.factor)))[1])
        for w in unfit
        if not any(_fits(w, factor) for factor, _ in own)
    ]


_DOWN_WORDS = re.compile(r"halv|half|third|quarter|fifth|tenth|\bcut|reduc|lower|decreas|fell|dropp", re.IGNORECASE)
_UP_WORDS = re.compile(r"doubl|tripl|quadrupl|twice|times|again", re.IGNORECASE)
_LOWER_AFTER = re.compile(r"\s+(?:\w+\s+)?(?:lower|less|fewer|smaller|reduc\w*|decreas\w*)\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][\w-]*")
_ARM = re.compile(r"\b(?:with|on|after|given|receiving|taking)\s+(?:the\s+)?([A-Za-z][\w-]*)", re.IGNORECASE)
"""A word naming the arm a relative change is told of ("twice as often *with dexmedetomidine*")."""
_GENERIC = frozenset({"risk", "rate", "rates", "odds", "chanc", "hazar", "incid", "likel"})
"""Subject stems that name no outcome ("the risk", "the rate")."""
_OTHER_WAY = re.compile(
    r"\b(?:not|no|non-?|never|without|stop\w*|discontinu\w*|withdr[ae]w\w*|quit\w*|than|placebo|controls?|"
    r"usual\s+care|versus|vs|compared)\b",
    re.IGNORECASE,
)
"""Words by which a unit may state a ratio the other way round ("stopping statins doubled the risk" for a hazard
ratio of 0.47 on statins; "twice the risk than with placebo"): its direction is then not read."""


def _turned(unit: str, words: list[RatioWords], sentence: str) -> list[tuple[Quantity, Quantity]]:
    """``(words, ratio)`` where ``unit`` states a relative change one way ("roughly doubled the risk") and every
    hazard, odds, risk or rate ratio ``sentence`` states goes the other (0.47), the unit naming no comparator nor any
    withdrawal that could turn it round (:data:`_OTHER_WAY`).  Its size fits the ratio read either way round, so
    :func:`ratio_conflicts` read nothing wrong before (a factor's direction was not read).

    >>> unit = "Taking a statin roughly doubled the risk of delirium."
    >>> sentence = "Statin use was associated with a lower risk of delirium (HR 0.47)."
    >>> [(a.text, b.text) for a, b in _turned(unit, ratio_words(unit), sentence)]
    [('doubled', '0.47')]
    >>> _turned("Stopping statins doubled the risk.", ratio_words("Stopping statins doubled"), "Statin use: HR 0.47.")
    []
    """
    own = [q.kind for q in quantities(unit) if not q.ratio]
    if _OTHER_WAY.search(unit) or "percent" in own or len(own) > len(set(own)):
        return []  # figures of its own are the number cues' to judge: "doubled PFS, from 10.6 to 22.4 months (HR
        # 0.45)", where the ratio is of the hazard (round 159)
    arms = " ".join(w for w in _WORD.findall(unit) if is_drug_name(w)) + " " + " ".join(_ARM.findall(unit))
    subject = finding_subject(unit) - _GENERIC - finding_subject(arms)  # what happened, not with which treatment
    if not subject:  # "which happened about twice as often": of what, another clause says
        return []
    parts = [p for p in finding_parts(sentence) if subject & finding_subject(p)]  # a ratio of the unit's outcome
    ratios = [q for p in parts for q in quantities(p) if q.ratio and q.value > 0 and q.value != 1.0]
    if not ratios or len({q.value < 1 for q in ratios}) > 1:
        return []
    down = ratios[0].value < 1
    out = []
    for w in words:
        if w.at_least:  # "at least halved their dose": a threshold of the outcome, no relative change
            continue
        text = w.quantity.text
        up = bool(_UP_WORDS.search(text)) and not _LOWER_AFTER.match(unit, w.quantity.end)
        if (up and down) or (_DOWN_WORDS.search(text) and not up and not down):
            out.append((w.quantity, ratios[0]))
    return out


def both_groups_conflicts(unit: str, sentence: str) -> list[tuple[Quantity, Quantity]]:
    """``(figure, other)`` where ``unit`` gives one percentage to both groups ("just as common (56% in both groups)")
    and a part of ``sentence`` gives that figure to one group and another to the other (56% with daily dosing, 36%
    with alternate-day dosing; round 18): the figure is one group's, the other group's is ``other``.

    >>> [(a.text, b.text) for a, b in both_groups_conflicts(
    ...     "Side effects were just as common (56% in both groups).",
    ...     "Side effects were reported by 56% with daily dosing and 36% with alternate-day dosing.")]
    [('56%', '36%')]
    >>> both_groups_conflicts("Side effects: 2% in each group.", "Side effects occurred in 2% of each group.")
    []
    >>> both_groups_conflicts("Death: 18% in each group.", "Death occurred in 18.5% with A and 18.0% with B.")
    []
    """
    each = _EACH_GROUP.search(unit)
    if each is None:
        return []
    value = float(each.group("value"))
    mine = next((q for q in quantities(unit) if q.kind == "percent" and q.value == value and not q.approximate), None)
    if mine is None:
        return []
    said = quantities(sentence)
    for part in finding_parts(sentence):
        figures = group_figures(part)
        if len(figures) != 2 or figures[0].group == figures[1].group:
            continue
        values = [f.value for f in figures]
        # the two must differ by more than a tenth: "about 18% in each group" is 18.5% and 18.0%
        if value in values and abs(values[0] - values[1]) > 0.1 * max(values):
            other = values[1 - values.index(value)]
            shown = next((q for q in said if q.kind == "percent" and q.value == other), None)
            if shown is not None:
                return [(mine, shown)]
    return []


def _fits(words: RatioWords, factor: float) -> bool:
    """Whether a stated ``factor`` lies within :data:`SLACK` of the relative change ``words`` state (or above it, for
    a lower bound).

    >>> more = ratio_words("Quitting more than doubled, from 4% to 16%.")[0]
    >>> more.at_least, _fits(more, 4.0), _fits(more, 1.2)
    (True, True, False)
    """
    return words.factor / SLACK <= factor and (words.at_least or factor <= words.factor * SLACK)


def ratio_stated(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` states between two groups a factor near every relative change ``unit`` states in words.

    >>> ratio_stated("Misuse was twice as common with opioids.", "Misuse was higher with opioids (20% vs 10%).")
    True
    >>> ratio_stated("Misuse was twice as common with opioids.", "Adverse events: 35% vs 30%.")
    False
    >>> ratio_stated("The share with no bleeds nearly doubled.", "The share with zero bleeds rose from 38% to 71%.")
    True
    """
    words = ratio_words(unit)
    stated = _stated_factors(sentence)
    return bool(words) and bool(stated) and all(any(_fits(w, factor) for factor, _ in stated) for w in words)


_VERSUS = re.compile(r"(?P<a>\d+(?:\.\d+)?)\s?%\s+(?:vs\.?|versus|compared\s+with)\s+(?P<b>\d+(?:\.\d+)?)\s?%")
"""Two percentages set against each other ("20% vs 10%"): a factor a sentence states without naming the groups (two
said of the groups in turn, "occurred in 9.0% and 8.8%.", are :func:`~medhal.text.arms.respective_percents`)."""


_FROM_TO = re.compile(
    r"\bfrom\s+(?P<a>\d+(?:\.\d+)?)\s?%\s+(?:before\s+|at\s+baseline\s+)?to\s+(?P<b>\d+(?:\.\d+)?)\s?%"
)
"""A change between two levels ("rose from 38% to 71%"): the factor a unit's "nearly doubled" may say (round 41)."""


def _from_to_percents(sentence: str) -> list[tuple[float, float]]:
    """The ``(a, b)`` pairs of :data:`_FROM_TO` in ``sentence``, both above zero."""
    pairs = ((float(m.group("a")), float(m.group("b"))) for m in _FROM_TO.finditer(sentence))
    return [(a, b) for a, b in pairs if a > 0 and b > 0]


def _finding_about(unit: str, sentence: str) -> str:
    """The finding of ``sentence`` that ``unit`` is about, where the sentence gives several each with its bracketed
    figures: "Nasal skin injury was less common with HFNC (2.3% vs 9.7%; RR 0.26 ...), and two trials reported that
    infants on HFNC required sedation less often (18% vs 35%)" holds two, and "sedation about half as often" is
    about the second (round 179); the whole sentence where it gives one, or the unit names no part alone.

    >>> sentence = "Injury was rarer with A (2% vs 9%; RR 0.26), and sedation was rarer with A (18% vs 35%)."
    >>> _finding_about("Sedation was needed about half as often with A.", sentence)
    ', and sedation was rarer with A (18% vs 35%).'
    >>> _finding_about("It was needed about half as often.", sentence) == sentence
    True
    """
    cuts = [m.end() for m in _CLOSED_PAIR.finditer(sentence) if m.end() < len(sentence.rstrip(". "))]
    if not cuts:
        return sentence
    bounds = [0, *cuts, len(sentence)]
    parts = [sentence[a:b] for a, b in itertools.pairwise(bounds)]
    subject = finding_subject(unit)
    named = [p for p in parts if subject & finding_subject(p)]
    return named[0] if len(named) == 1 and _VERSUS.search(named[0]) else sentence


_CLOSED_PAIR = re.compile(r"\([^()]*\d\s?%?\s*(?:vs\.?|versus)\s*\d[^()]*\)")
"""A bracket of two groups' figures closing one finding of a sentence of several."""


def _versus_percents(sentence: str) -> list[tuple[float, float]]:
    """The ``(a, b)`` pairs of :data:`_VERSUS` in ``sentence``, both above zero."""
    pairs = ((float(m.group("a")), float(m.group("b"))) for m in _VERSUS.finditer(sentence))
    return [(a, b) for a, b in pairs if a > 0 and b > 0]
