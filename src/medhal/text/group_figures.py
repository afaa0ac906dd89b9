"""Figures by group: the percentage an evidence sentence gives each group it names ("serious adverse events occurred
in 4.9% of the patients assigned to early rhythm control and in 1.4% of those assigned to usual care"), the reading
the reversed-comparison cue (:mod:`medhal.text.comparisons`), the hedged-pair cue (:mod:`medhal.text.hedged_pairs`)
and the hedged-share readings (:mod:`medhal.text.group_estimates`) share (issue 14; split from
:mod:`medhal.text.comparisons` at its 500-line limit).

Only levels are read: a part reporting changes ("HbA1c fell by 1.2% with metformin and 0.5% with placebo") gives no
group a level; "by" before the people a share belongs to ("reported by 12% of", "achieved by 30.2% of the ruxolitinib
group": round 169) is no change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from medhal.text.arms import BRACKETED, GROUP_WORDS, group_name
from medhal.text.synonyms import alignment_tokens

__all__ = ["GroupFigure", "group_amounts", "group_figures", "names_group"]

_FIGURE = re.compile(
    r"(?P<value>\d+(?:\.\d+)?)\s?%\s+(?:per\s+year\s+)?(?:"
    r"(?:of\s+(?:the\s+)?(?:patients|participants|subjects|women|men|children|those|people|infants)\s+)?"
    r"(?:(?:who\s+were\s+)?(?:assigned|randomi[sz]ed|allocated)\s+to|receiving|given|treated\s+with|taking|"
    r"with|in|among|on)\s+(?:the\s+)?(?P<group>" + GROUP_WORDS + r")"
    r"|of\s+the\s+(?P<named>" + GROUP_WORDS + r")\s+(?:group|arm|cohort)\b"
    r"|of\s+(?:the\s+)?(?:patients|participants|people|those|women|men|children)\s+who\s+(?:received|got|were\s+given|"
    r"took|used)\s+(?:the\s+|a\s+)?(?P<who>" + GROUP_WORDS + r")"
    r"|of\s+(?!(?:all|the|those|these|eligible|enrolled|included|randomi[sz]ed|evaluable|study|trial)\b)"
    r"(?P<users>(?=[\w\-]*[A-Za-z])[A-Za-z0-9][\w\-]*(?:\s+[A-Za-z][\w\-]*)?)\s+(?:participants|patients|users"
    r"|recipients)\b)",
    re.IGNORECASE,
)
"""A percentage (a rate per year too) followed by the group it belongs to: "4.9% of the patients assigned to A",
"13.8% in the A group", "1.7% with 27 Gy", "5.6% of the A group", "2.1% of tirzepatide participants" (round 42), "41%
of people who received the booklet" (round 180)."""

_COUNTED = re.compile(
    r"\b\d[\d,]*\s+(?P<group>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*)?)\s*\((?P<pct>\d+(?:\.\d+)?)\s?%\)"
)
"""A group's count and its share in brackets ("24 athletes (8.5%)"), read as "8.5% among athletes"."""
_COUNT_THEN_GROUP = re.compile(
    r"\b\d[\d,]*\s+(?:(?:women|men|patients|participants|children|people|infants|adults)\s+)?"
    r"\((?P<pct>\d+(?:\.\d+)?)\s?%\)\s+(?=(?:in|with|on|among|receiving|given|taking)\s)"
)
"""A count with its share in brackets before the group it belongs to ("98 women (32.0%) in the letrozole group and 67
(21.9%) in the clomiphene group"), read as the share alone ("32.0% in the letrozole group")."""
_COUNT_OF = re.compile(
    r"\b\d[\d,]*\s*(?:of|/)\s*\d[\d,]*\s*\((?P<pct>\d+(?:\.\d+)?)\s?%\)\s+"
    r"(?P<of>(?=[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*)?\s+(?:participants|patients|users|recipients)\b))?"
)
_SHARED_HEAD = re.compile(
    r"(?P<a>\d+(?:\.\d+)?\s?%\s+of\s+[A-Za-z0-9][\w\-]*)(?P<b>\s+and\s+\d+(?:\.\d+)?\s?%\s+of\s+[A-Za-z0-9][\w\-]*\s+"
    r"(?P<head>participants|patients|users|recipients)\b)"
)
"""Two groups' shares that share the people they count ("71% of 1HP and 84% of 3HP participants"), read as
"71% of 1HP participants and 84% of 3HP participants"."""
"""A count out of a group's size with its share in brackets ("6 of 61 (9.8%) exercise participants", "13/57 (22.8%)
in the stretching group"), read as the share alone ("9.8% of exercise participants")."""
_CHANGE = re.compile(
    r"\b(?:by|from)\s+\d|\b(?:reduc|decreas|increas|chang|declin|drop|improv|differ|risen|rise|rose|fell)\w*"
    r"|(?<!\bone\s)(?<!\ba\s)(?<!\bany\s)(?<!\bno\s)(?<!\bfirst\s)\bfall(?!s?\s+rates?\b)\w*"
    r"|\b(?:relative|absolute)\b",
    re.IGNORECASE,
)
"""A part that reports changes or differences, not levels: its figures do not order the groups ("at least one fall"
is an event, not a change: round 180; nor is "the fall rate", a measure: an own vitamin D abstract, session 35)."""

_AGENT_BY = re.compile(
    r"\b(?:reported|experienced|noted|observed|seen|described|used|taken|achieved|reached|attained|obtained|needed|"
    r"required|and|(?:rated|judged|considered)\s+\w+)\s+by\b",
    re.IGNORECASE,
)
""""by" before the people a level belongs to ("adverse events were reported by 12% of the patients assigned to
A and by 8% of those assigned to B"), not before an amount of change ("fell by 1.2%"; a part whose only "by" is
"and by" still reads as a change when a change word or a first "by" is left: "lower by 5% with A and by 3%")."""


@dataclass(frozen=True, slots=True)
class GroupFigure:
    """A percentage of a sentence and the name of the group it belongs to."""

    value: float
    group: str


def group_figures(part: str) -> list[GroupFigure]:
    """The percentages of ``part`` with their groups, or ``[]`` when the part reports changes (:data:`_CHANGE`).

    >>> group_figures("Serious adverse events occurred in 4.9% of the patients assigned to early rhythm control "
    ...               "and in 1.4% of those assigned to usual care.")
    [GroupFigure(value=4.9, group='early rhythm control'), GroupFigure(value=1.4, group='usual care')]
    >>> [f.group for f in group_figures("The primary outcome occurred in 13.8% in the empagliflozin group and "
    ...                                  "17.1% in the placebo group")]
    ['empagliflozin', 'placebo']
    >>> [f.group for f in group_figures("Response occurred in 54.8% of the ketamine group and 40.9% of the ECT "
    ...                                  "group (difference 13.9 percentage points; 95% CI 3.6 to 24.0)")]
    ['ketamine', 'ECT']
    >>> group_figures("HbA1c fell by 1.2% with metformin and 0.5% with placebo.")
    []
    >>> [f.value for f in group_figures("Adverse events were reported by 12% of the patients assigned to A and by 8% "
    ...                                  "of those assigned to B")]
    [12.0, 8.0]
    >>> [(f.value, f.group) for f in group_figures("It was found in 24 athletes (8.5%) and 6 controls (3.3%).")]
    [(8.5, 'athletes'), (3.3, 'controls')]
    >>> [(f.value, f.group) for f in group_figures("It occurred in 6 of 61 (9.8%) exercise participants and 13/57 "
    ...                                            "(22.8%) in the stretching group.")]
    [(9.8, 'exercise'), (22.8, 'stretching')]
    >>> [(f.value, f.group) for f in group_figures("Live births occurred in 98 women (32.0%) in the letrozole group "
    ...                                            "and 67 (21.9%) in the clomiphene group.")]
    [(32.0, 'letrozole'), (21.9, 'clomiphene')]
    >>> [(f.value, f.group) for f in group_figures("Rated acceptable by 71% of 1HP and 84% of 3HP participants.")]
    [(71.0, '1HP'), (84.0, '3HP')]
    """
    return list(_group_figures(part))


@lru_cache(maxsize=4096)
def _group_figures(part: str) -> tuple[GroupFigure, ...]:
    """:func:`group_figures`, read once per text: the comparison cue reads each evidence sentence once per unit and
    the hedged-share readings each sentence again (:mod:`medhal.text.group_estimates`)."""
    # "in 24 athletes (8.5%) and 6 controls (3.3%)": each group's count with its share in brackets (round 165)
    # "6 of 61 (9.8%) exercise participants": the share out of the group's size (round 157)
    part = _SHARED_HEAD.sub(r"\g<a> \g<head>\g<b>", part)  # "71% of 1HP and 84% of 3HP participants" (round 166)
    part = _COUNT_OF.sub(lambda m: f"{m.group('pct')}% {'of ' if m.group('of') is not None else ''}", part)
    part = _COUNT_THEN_GROUP.sub(r"\g<pct>% ", part)  # "67 (21.9%) in the clomiphene group" (round 180)
    part = BRACKETED.sub(" ", _COUNTED.sub(r"\g<pct>% among \g<group>", part))
    if _CHANGE.search(_AGENT_BY.sub(" ", part)):
        return ()
    return tuple(
        GroupFigure(
            float(m.group("value")),
            group_name(m.group("group") or m.group("named") or m.group("users") or m.group("who")),
        )
        for m in _FIGURE.finditer(part)
    )


def names_group(tokens: frozenset[str], group: str) -> bool:
    """Whether a text whose :func:`~medhal.text.synonyms.alignment_tokens` are ``tokens`` names ``group`` whole.

    >>> names_group(alignment_tokens("Around half of children given prednisolone"), "prednisolone")
    True
    """
    theirs = alignment_tokens(group)
    return bool(theirs) and theirs <= tokens


def group_amounts(part: str) -> list[GroupFigure]:
    """The amounts of one unit ``part`` gives the groups it names, where it gives no percentages ("Median lorazepam
    use over the first 48 hours was 4 mg (IQR 0-10) with phenobarbital and 10 mg (IQR 4-24) with placebo": round
    186), or ``[]`` when the part reports changes or gives amounts of several units.

    >>> [(f.value, f.group) for f in group_amounts("Use was 4 mg (IQR 0-10) with phenobarbital and 10 mg (IQR "
    ...                                            "4-24) with placebo (p<0.001).")]
    [(4.0, 'phenobarbital'), (10.0, 'placebo')]
    >>> group_amounts("Pain fell by 4.1 points with A and 3.8 points with B.")
    []
    """
    if _CHANGE.search(_AGENT_BY.sub(" ", part)):
        return []
    rates = _RATE_PAIR.search(part)  # "1.42 per person-year with vitamin D and 1.31 with placebo" (session 35)
    if rates is not None:
        return [GroupFigure(float(rates.group(v)), group_name(rates.group(g))) for v, g in (("a", "ga"), ("b", "gb"))]
    found = list(_AMOUNT.finditer(part))
    if len({m.group("unit").lower().rstrip("s") for m in found}) != 1:
        return []
    return [GroupFigure(float(m.group("value")), group_name(m.group("group"))) for m in found]


_AMOUNT = re.compile(
    r"(?P<value>\d+(?:\.\d+)?)\s?(?P<unit>mg|g|mcg|µg|ml|mL|L|days?|hours?|minutes?|weeks?|months?|points?|kg|mmHg|"
    r"episodes?|visits?|admissions?)\b(?:\s*\([^)]*\))?\s+(?:with|in|among|on|for|after|in\s+the)\s+(?:the\s+)?"
    r"(?P<group>" + GROUP_WORDS + r")",
    re.IGNORECASE,
)
"""An amount with its unit (its spread in brackets) followed by the group it belongs to."""
_PER_PERSON_TIME = r"\s+per\s+(?:100\s+|1,?000\s+)?(?:person|patient|participant)[- ]years?"
_RATE_PAIR = re.compile(
    r"(?P<a>\d+(?:\.\d+)?)" + _PER_PERSON_TIME + r"\s+(?:with|in|among|on)\s+(?:the\s+)?(?P<ga>" + GROUP_WORDS + r")"
    r"\s*,?\s+(?:and|versus|vs\.?|compared\s+with)\s+(?P<b>\d+(?:\.\d+)?)(?:" + _PER_PERSON_TIME + r")?"
    r"\s+(?:with|in|among|on)\s+(?:the\s+)?(?P<gb>" + GROUP_WORDS + r")",
    re.IGNORECASE,
)
"""Two groups' rates per person-time, the second's unit left out ("The fall rate was 1.42 per person-year with
vitamin D and 1.31 with placebo")."""
