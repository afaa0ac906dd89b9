"""Reversed comparisons: an evidence sentence reports a figure per group ("serious adverse events occurred in 4.9% of
the patients assigned to early rhythm control and in 1.4% of those assigned to usual care") and a unit compares
the same groups on the same measure the other way round ("serious adverse events were less frequent with early
rhythm control") (issue 14).

A small NLI encoder reads such a unit as entailed: every word of it is in the sentence except the comparative, and
the direction is only in the figures.  A clinician reads the figures.  :func:`comparison_conflict` is the
deterministic cue for the pattern, kept narrow (precision over recall: a faithful clause marked contradicted is
the worst error a report can make):

* the sentence part (:func:`medhal.text.findings.finding_parts`) states **one percentage per group**, each figure
  followed by the group it belongs to ("4.9% of the patients assigned to A", "13.8% in the A group",
  "1.7% with 27 Gy"), and reports levels, not changes (no "by 5", "from 5", "reduced", "increased", "fell",
  "differed", ... outside brackets: "HbA1c fell by 1.2% with A and 0.5% with B" says A's HbA1c ended *lower*);
* the unit makes **one comparison** of a named group, read from its words: a comparative ("more", "less", "fewer",
  "higher", "lower", "greater", "larger", "smaller", "commoner", "rarer") within a few words of "with / in / among /
  for / on" and a group, optionally "than (with) B" or "compared with B";
* the unit's groups are the sentence's: each is named by the words of exactly one of the sentence's groups
  (content stems, read through :mod:`medhal.text.synonyms`), and the rival is the named "than" group or, when
  the sentence has exactly two groups, the other one;
* the unit is about the sentence's **measure**: it names one (a clause such as "however, was more frequent with
  A," that leaves it to the clause before never fires), and every content stem of the unit outside its groups,
  the comparative and the words that frame a comparison ("common", "frequent", "rate", "patients", ...) is in
  the sentence part;
* the figures differ, and the comparative points the other way from them;
* or, with no figures by group, the part makes **one comparison in words** about the measure ("pneumonia was more
  frequent with colchicine") and it is the unit's the other way round: the same group with the opposite comparative
  ("less frequent with colchicine"), or the part's named rival said to have more where the part says less, or
  less where it says more ("more frequent with placebo" against "more frequent with colchicine than with placebo").
  A unit naming a group the part does not name ("more frequent with placebo" against "more frequent with
  colchicine") never fires: in a trial of three arms it need not be the other one.

Groups are matched by their words; where no group has exactly the unit's words, the one group whose words contain
them or are contained in them ("early consumption" against "consumption").  A duration the unit states ("at five
years") is not a measure word: the part must state an equal one ("at 60 months").

Complements ("survival" against "mortality") are never read as one here: they would reverse the direction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from medhal.text.arms import BRACKETED, GROUP_WORDS, ON_ARM, PEOPLE, group_name, respective_figures, trial_arms
from medhal.text.clauses import split_clauses
from medhal.text.findings import finding_parts
from medhal.text.group_figures import GroupFigure, group_amounts, group_figures, names_group
from medhal.text.lexical import directions, has_negation
from medhal.text.quantities import Quantity, quantities
from medhal.text.subgroups import group_tokens, loosely_named, normalise_ages, subject_comparison
from medhal.text.synonyms import alignment_tokens, canonical_stems, holding_plurals

__all__ = [
    "COMPARISON",
    "COMPARISON_FRAME",
    "GroupFigure",
    "UnitComparison",
    "change_order",
    "comparison_conflict",
    "group_figures",
    "named_groups",
    "names_group",
    "reverses",
    "trial_arms",
    "unit_comparison",
]


_COMPARATIVES = r"(?:more|less|fewer|higher|lower|greater|larger|smaller|stronger|weaker|commoner|rarer)"
_PERIOD = (
    r"(?!(?:the\s+)?(?:first|second|third|last|final|initial|early|next|same)\s+(?:\d+\s+|two\s+|three\s+|few\s+)?"
    r"(?:days?|weeks?|months?|years?|hours?|trimester)\b)"
)
"""Not a period of time ("required less insulin in the first week": a when, not a group; round 147)."""
_COMPARISON = re.compile(
    r"\b(?P<word>" + _COMPARATIVES + r")(?!\s+than\b)\s+"
    r"(?P<words>(?:(?!than\b|compared\b|versus\b|vs\b|" + _COMPARATIVES + r"\b)[\w\-]+\s+){0,5}?)"
    r"(?:with|in|among|for|on|after|under|at(?=\s+\d))\s+" + _PERIOD + r"(?:the\s+)?(?P<group>" + GROUP_WORDS + r")"
    r"(?:,?\s+(?:than|compared\s+(?:with|to)|versus|vs\.?)\s+"
    r"(?:with\s+|in\s+|among\s+|for\s+|on\s+|after\s+|under\s+|at\s+(?=\d))?"
    r"(?:the\s+)?(?P<rival>" + GROUP_WORDS + r"))?",
    re.IGNORECASE,
)
"""A comparative (not "more than 2", a threshold), a few words of measure (never "than": "more common than with
placebo" says nothing of which group has more; nor another comparative: in "at the higher dose it was smaller in women
than in men" the comparison is "smaller"; round 50), then the group it is said of and, optionally, the rival group."""
COMPARISON = _COMPARISON
"""The comparison pattern, for :mod:`medhal.text.unnamed`."""


_PEOPLE = re.compile(
    r"\b(?P<word>more|fewer)\s+(?:of\s+the\s+)?" + PEOPLE + r"\s+(?:who\s+were\s+)?" + ON_ARM + r"\s+"
    r"(?:the\s+)?(?P<group>[A-Za-z0-9][\w\-/+.]*(?:\s+(?!and\b|or\b|than\b|were\b|was\b|had\b)[\w\-/+.]+){0,3}?)"
    r"(?:\s+(?:group|arm))?"
    r"(?:\s+than\s+(?:those|" + PEOPLE + r")\s+" + ON_ARM + r"\s+(?:the\s+)?"
    r"(?P<rival>[A-Za-z0-9][\w\-/+.]*(?:\s+(?!and\b|or\b|were\b|was\b|had\b)[\w\-/+.]+){0,3}?)"
    r"(?:\s+(?:group|arm))?)?"
    r"\s+(?=(?:were|was|had|developed|needed|required|died|experienced|reported|stopped|discontinued|achieved|"
    r"reached|responded|returned|rated|found|preferred|completed|finished)\b)",
    re.IGNORECASE,
)
"""A comparison of how many people of a group had something ("More patients given iron were readmitted", "Fewer
children on the higher dose than those on the lower dose needed a second dose", "More people on 1HP rated it
acceptable"): the group ends before the verb."""


_CUT_PREDICATE = re.compile(r"\W*(?:(?:and|but|however|yet|whereas|while|although)\W+)*(?:was|were|is|are)\b", re.I)
"""A unit opening on its verb, its subject left in the unit before by the clause split."""
_FRAME = canonical_stems(
    "common frequent frequently likely rate rates incidence proportion percentage patients participants alone "
    "subjects people group groups arm arms occurred occur observed reported seen those assigned receiving "
    "given treated taking compared respectively overall significantly significant statistically particular "
    "particularly especially notably mean median average episodes cases events clearly markedly substantially "
    "considerably noticeably modestly marginally numerically nominally versus vs"
)
"""Stems that frame a comparison rather than name the measure compared, and the adverbs of degree that qualify it
("Adherence was clearly lower with once-daily dosing": round 60)."""
COMPARISON_FRAME = _FRAME
"""The stems of :data:`_FRAME`, for :mod:`medhal.text.unnamed`."""


@dataclass(frozen=True, slots=True)
class UnitComparison:
    """What a unit compares: its group, the rival it names (``None``: the sentence's other group), whether it says
    the group's figure is the larger (``up``) and the stems of the measure compared (the unit's content stems
    outside the comparison's own words and :data:`_FRAME`)."""

    group: str
    rival: str | None
    up: bool
    measure: frozenset[str]
    durations: tuple[Quantity, ...] = ()
    """The durations the unit states ("at five years"): an evidence part must state an equal one."""


def unit_comparison(unit: str) -> UnitComparison | None:
    """The one comparison of a named group ``unit`` makes, or ``None`` (none, several, or a negated or hedged one).

    >>> claim = unit_comparison("Breast induration was more common with 26 Gy than with 40 Gy.")
    >>> claim.group, claim.rival, claim.up, sorted(claim.measure)
    ('26 Gy', '40 Gy', True, ['breas', 'indur'])
    >>> unit_comparison("Serious adverse events were not less frequent with early rhythm control.") is None
    True
    """
    unit = normalise_ages(unit)  # "children younger than six" holds a "than" of its own: "children under 6"
    found = list(_COMPARISON.finditer(unit))
    if len(found) > 1 or has_negation(unit):
        return None
    durations = tuple(q for q in quantities(unit) if q.kind == "time")
    timed = frozenset().union(*(canonical_stems(q.text) for q in durations))
    if not found:  # "Children younger than 6 years had a lower sensitivity than older children"
        subject = subject_comparison(unit)
        if subject is None:
            return _people_comparison(unit, timed, durations) or _subject_comparison(unit, durations)
        measure = canonical_stems(subject.measure) - _FRAME - timed
        return UnitComparison(group_name(subject.group), group_name(subject.rival), subject.up, measure, durations)
    if _PEOPLE.match(unit, found[0].start()):  # "More people on 1HP rated ...": the people's arm, not "on 1HP rated
        return _people_comparison(unit, timed, durations)  # the pill burden as" (round 166)
    m = found[0]
    rival = m.group("rival")
    measure = canonical_stems(unit) - canonical_stems(m.group()) - _FRAME - timed
    if _CUT_PREDICATE.match(unit):  # "were roughly three to four times more common with the 3% saline,": its measure
        measure = frozenset()  # is the clause before's, not a word left in it (round 243)
    if not measure:  # "more sensitive in children under six": the measure is the comparative's own word
        measure = canonical_stems(m.group("words")) - _FRAME - timed
    return UnitComparison(
        group_name(m.group("group")),
        None if rival is None else group_name(rival),
        "up" in directions(m.group("word")),
        measure,
        durations,
    )


def _people_comparison(unit: str, timed: frozenset[str], durations: tuple[Quantity, ...]) -> UnitComparison | None:
    """The comparison of how many people of a group had something (:data:`_PEOPLE`), or ``None``.

    >>> claim = unit_comparison("More patients given iron were readmitted within eight weeks.")
    >>> claim.group, claim.rival, claim.up, sorted(claim.measure)
    ('iron', None, True, ['readm'])
    """
    found = list(_PEOPLE.finditer(unit))
    if len(found) != 1:
        return None
    m = found[0]
    measure = canonical_stems(unit) - canonical_stems(m.group()) - _FRAME - timed
    rival = m.group("rival")
    return UnitComparison(
        group_name(m.group("group")),
        None if rival is None else group_name(rival),
        m.group("word").lower() == "more",
        measure,
        durations,
    )


def _subject_comparison(unit: str, durations: tuple[Quantity, ...]) -> UnitComparison | None:
    """The comparison of how much of something a group the unit opens with had (:data:`_SUBJECT_MORE`), or
    ``None``: "Early movers also developed more new pressure sores" against "New pressure ulcers developed in 2.1%
    versus 3.4%", the early group's first (round 181).

    >>> claim = unit_comparison("Early movers also developed more new pressure sores and left the ward sooner.")
    >>> claim.group, claim.up, sorted(claim.measure)
    ('Early movers', True, ['press', 'ulcer'])
    >>> unit_comparison("They also had more headaches.") is None
    True

    A group named by what its people were given ("Patients given phenobarbital also needed considerably more
    lorazepam over the first two days", against "Median lorazepam use ... was 4 mg with phenobarbital and 10 mg with
    placebo": round 186):

    >>> claim = unit_comparison("Patients given phenobarbital also needed considerably more lorazepam over two days,")
    >>> claim.group, claim.up, sorted(claim.measure)
    ('phenobarbital', True, ['loraz'])
    """
    m = _SUBJECT_MORE.match(unit)
    group = None if m is None else m.group("arm") or m.group("group")
    if m is None or group is None or _NO_GROUP.fullmatch(group):
        return None
    measure = canonical_stems(m.group("measure")) - _FRAME
    up = m.group("word").lower() == "more"
    return UnitComparison(group_name(group), None, up, measure, durations) if measure else None


_SUBJECT_MORE = re.compile(
    r"\W*(?:(?:but|and|while|whereas)\s+)?(?:(?:patients|people|participants|children|women|men|babies|infants|"
    r"those)\s+(?:who\s+were\s+)?(?:given|taking|on|treated\s+with|receiving|assigned\s+to)\s+(?P<arm>[\w\-]+"
    r"(?:\s+[\w\-]+){0,2}?)|(?P<group>(?:the\s+)?[\w\-]+(?:\s+[\w\-]+){0,2}?))\s+(?:also\s+)?"
    r"(?:had|developed|needed|required|reported|experienced|suffered|used|received|took)\s+"
    r"(?:(?:considerably|much|far|significantly|substantially|markedly|noticeably)\s+)?(?P<word>more|fewer|less)\s+"
    r"(?P<measure>[\w\- ]+?)(?=\s+(?:and|but|than|compared|versus|vs|with|in|among|over|during|within|by|at)\b"
    r"|\s*[,;.]|\s*$)",
    re.IGNORECASE,
)
"""A group the unit opens with that had more or fewer of something ("Early movers also developed more new pressure
sores"), what it had read to the next joining word or stop."""
_NO_GROUP = re.compile(
    r"(?:the\s+)?(?:they|it|he|she|we|you|patients|people|participants|those|women|men|children|adults|babies|"
    r"both\s+groups|each\s+group|neither\s+group|this|these|who|which|drugs?|medicines?|medications?|treatments?|"
    r"interventions?|tablets?|pills?|active\s+\w+)",
    re.IGNORECASE,
)


_COMBINATION = alignment_tokens("combination combined therapy treatment regimen arm group")
_ADD_ON = re.compile(r"\bplus\b|\+|\bcombined\s+with\b|\bin\s+combination\s+with\b|\band\b", re.IGNORECASE)
"""A group that adds one treatment to another ("nivolumab plus chemotherapy", "A + B", "A and B")."""


def named_groups(name: str, groups: list[str]) -> list[int]:
    """The indices of the ``groups`` that ``name`` names: the same :func:`~medhal.text.synonyms.alignment_tokens`
    (content stems and numbers: "26 Gy" is ``#26``), else the one group whose tokens contain or are contained in
    the name's ("early consumption" names "consumption"; none when several do).

    >>> named_groups("early consumption", ["avoidance", "consumption"]), named_groups("26 Gy", ["27 Gy", "40 Gy"])
    ([1], [])

    "The combination" names the one group that adds a treatment to another ("nivolumab plus chemotherapy" against
    "chemotherapy alone"):

    >>> named_groups("the combination", ["nivolumab plus chemotherapy", "chemotherapy alone"])
    [0]

    """
    tokens = group_tokens(name)
    if not tokens:
        return []
    if "combi" in tokens and tokens <= _COMBINATION:  # "the combination": the one group that adds one to another
        added = [i for i, g in enumerate(groups) if _ADD_ON.search(g)]
        return added if len(added) == 1 else []
    theirs = [group_tokens(g) for g in groups]
    exact = [i for i, t in enumerate(theirs) if t == tokens]
    if exact:
        return exact
    return loosely_named(tokens, theirs)


def _matching(name: str, figures: list[GroupFigure]) -> list[GroupFigure]:
    """The figures whose group ``name`` names (:func:`named_groups`)."""
    return [figures[i] for i in named_groups(name, [f.group for f in figures])]


def comparison_conflict(unit: str, sentence: str, arms: tuple[str, str] | None = None) -> bool:
    """Whether a part of ``sentence`` states figures by group that order ``unit``'s groups against its comparison
    (module docstring).

    >>> sentence = ("Serious adverse events related to rhythm-control therapy occurred in 4.9% of the patients "
    ...             "assigned to early rhythm control and in 1.4% of those assigned to usual care.")
    >>> comparison_conflict("Serious adverse events of rhythm-control therapy were less frequent with early "
    ...                     "rhythm control.", sentence)
    True
    >>> comparison_conflict("Serious adverse events of rhythm-control therapy were more frequent with early "
    ...                     "rhythm control.", sentence)
    False
    >>> comparison_conflict("Strokes were less frequent with early rhythm control.", sentence)
    False
    """
    claim = unit_comparison(unit)
    return claim is not None and reverses(claim, sentence, arms)


def reverses(claim: UnitComparison, sentence: str, arms: tuple[str, str] | None = None) -> bool:
    """Whether a part of ``sentence`` states figures by group that order ``claim``'s groups the other way (what
    :func:`comparison_conflict` asks, with the unit read once for many sentences); ``arms``: the evidence's two
    trial arms (:func:`trial_arms`), the rival of a comparison in words that names only one of them."""
    if not claim.measure:  # "however, was more frequent with A,": a clause that leaves its measure to another one
        return False
    reversed_ = False
    for part in finding_parts(sentence):
        if not claim.measure <= holding_plurals(canonical_stems(part)):  # "Falls" of "the fall rate" (session 35)
            continue
        if claim.durations and not all(any(q.equals(p) for p in quantities(part)) for q in claim.durations):
            continue
        figures = group_figures(part)
        if not figures and any(_reversed_in_words(claim, clause.text, arms) for clause in split_clauses(part)):
            return True
        named = bool(figures)
        if not figures and arms is not None:  # "35.4% and 31.6%, respectively": the arms in the methods' order
            figures = _respective(claim, part, arms)
        if not figures:  # "4 mg (IQR 0-10) with phenobarbital and 10 mg (IQR 4-24) with placebo" (round 186)
            figures = group_amounts(part)
        if len(figures) < 2 or len({f.group.lower() for f in figures}) != len(figures):
            continue
        own = _matching(claim.group, figures)
        if claim.rival is not None:
            rivals = _matching(claim.rival, figures)
        else:
            rivals = [f for f in figures if f not in own] if len(figures) == 2 else []
        if len(own) != 1 or len(rivals) != 1 or own[0] == rivals[0]:
            continue
        a, b = own[0].value, rivals[0].value
        if a != b and (a > b) == claim.up and named:  # a part that names the groups and agrees: "Serious adverse
            return False  # events occurred in 13.4% with semaglutide and 26.7% with placebo; [others] in 3.3%
        reversed_ = reversed_ or (a != b and (a > b) != claim.up)  # versus 0.4%" (round 194, once "actually" named
    return reversed_  # nothing)


def _respective(claim: UnitComparison, part: str, arms: tuple[str, str]) -> list[GroupFigure]:
    """The figures ``part`` gives the ``arms`` in turn, or those of its clause that names ``claim``'s measure where
    it gives several pairs ("Death ... was 1.2% versus 2.4% (p=0.16), and stroke at 30 days was 0.6% versus 2.4%",
    where "Strokes in the first month were more common after TAVI": round 177)."""
    found = respective_figures(part, arms)
    for clause in split_clauses(part) if not found else ():
        if claim.measure <= canonical_stems(clause.text) and (found := respective_figures(clause.text, arms)):
            break
    return [GroupFigure(value, arm) for value, arm in found]


_FROM_TO = re.compile(r"\bfrom\s+(?P<a>\d+(?:\.\d+)?)\s?%\s+to\s+(?P<b>\d+(?:\.\d+)?)\s?%", re.IGNORECASE)
"""A change between two levels: "cut the rate from 6.7% to 2.3%"."""


def change_order(unit: str, sentence: str) -> bool | None:
    """Whether the change ``unit`` states between two groups' levels ("edoxaban cut the rate from 6.7% to 2.3%") is
    the one a part of ``sentence`` states by group ("2.3% in the edoxaban group and 6.7% in the placebo group"):
    ``True`` when the unit names the group of its "to" level and not that of its "from" level, ``False`` when it
    names the "from" group and not the "to" group (the groups the other way round), ``None`` when the sentence states
    no such pair of levels, the unit names both groups or neither, or its direction word disagrees with its own
    figures.  A small encoder reads the faithful "from 6.7% to 2.3%" against the figures by group as a
    contradiction (P(C) 0.79): the order is in the figures, and a clinician reads the figures.

    >>> sentence = "The rate was 2.3% in the edoxaban group and 6.7% in the placebo group (hazard ratio, 0.34)."
    >>> change_order("Edoxaban cut the rate from 6.7% to 2.3%.", sentence)
    True
    >>> change_order("Edoxaban raised the rate from 2.3% to 6.7%.", sentence)
    False
    >>> change_order("Edoxaban reduced the rate from 2.3% to 6.7%.", sentence) is None
    True
    """
    found = list(_FROM_TO.finditer(unit))
    if len(found) != 1:
        return None
    a, b = float(found[0].group("a")), float(found[0].group("b"))
    ways = directions(unit[: found[0].start()])
    if a == b or ways == frozenset({"down" if b > a else "up"}):
        return None
    named = alignment_tokens(unit)
    for part in finding_parts(sentence):
        figures = group_figures(part)
        first = [f for f in figures if f.value == a]
        then = [f for f in figures if f.value == b]
        if len(first) != 1 or len(then) != 1 or first[0].group.lower() == then[0].group.lower():
            continue
        names_from, names_to = names_group(named, first[0].group), names_group(named, then[0].group)
        if names_from != names_to:
            return names_to
    return None


def _reversed_in_words(claim: UnitComparison, part: str, arms: tuple[str, str] | None = None) -> bool:
    """Whether ``part`` (a clause of an evidence sentence) makes one comparison in words that orders ``claim``'s
    groups the other way (module docstring).

    >>> claim = unit_comparison("Pneumonia was less frequent with colchicine.")
    >>> _reversed_in_words(claim, "pneumonia was more frequent with colchicine (0.9% versus 0.4%).")
    True
    >>> _reversed_in_words(unit_comparison("Pneumonia was more frequent with placebo."),
    ...                    "pneumonia was more frequent with colchicine (0.9% versus 0.4%).")
    False
    >>> _reversed_in_words(unit_comparison("Pneumonia was more frequent with placebo."),
    ...                    "pneumonia was more frequent with colchicine than with placebo.")
    True
    >>> _reversed_in_words(claim, "Among patients with pneumonia, mortality was higher with colchicine.")
    False
    >>> _reversed_in_words(unit_comparison("Pneumonia was more frequent in the placebo group."),
    ...                    "pneumonia was more frequent with colchicine (0.9% versus 0.4%).", ("colchicine", "placebo"))
    True
    """
    stated = unit_comparison(BRACKETED.sub(" ", part))
    # the part's comparison must be about the unit's measure and nothing else: "among patients with pneumonia,
    # mortality was higher with A" says nothing of how frequent pneumonia was with A
    if stated is None or not stated.measure <= claim.measure <= canonical_stems(part):
        return False
    groups = [stated.group] if stated.rival is None else [stated.group, stated.rival]
    if stated.rival is None and arms is not None:  # of two arms, the one the part does not name is its rival
        named = named_groups(stated.group, list(arms))
        if len(named) == 1:
            groups.append(arms[1 - named[0]])
    own = named_groups(claim.group, groups)
    rival = None if claim.rival is None else named_groups(claim.rival, groups)
    if own == [0] and rival in (None, [1]):  # the same group, and the same rival where both name one
        return claim.up != stated.up
    if own == [1] and rival in (None, [0]):  # the part's rival is the unit's group
        return claim.up == stated.up
    return False
