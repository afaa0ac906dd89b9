"""A trial's two arms, read from its methods ("randomly assigned ... to colchicine 0.5 mg once daily or placebo"), and
the figures a results sentence gives each arm ("191 of 429 patients (44.5%) in the vitamin C group and ... (38.5%) in
the placebo group"; "Death at 28 days occurred in 35.4% and 31.6%, respectively") (issue 14).

Split out of :mod:`medhal.text.comparisons`, which orders a unit's compared groups against the figures the evidence
gives each: a figure with no group named beside it belongs to an arm only by the order the methods named the arms
in, the convention of trial reports (:func:`respective_figures`).

:func:`moved_figures` is the cue for a figure moved to the other arm: "intravenous vitamin C reduced the combined
risk of death or organ dysfunction (38.5% vs 44.5%)" puts 38.5% with vitamin C (the figure after the arm the unit
names comes first, the convention of "(a% vs b%)"), where the evidence gives vitamin C 44.5% and placebo 38.5%.
The unit must name exactly one arm (a unit naming both may list them in either order) and the evidence sentence
must give each of the two figures to one arm, the other way round.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from medhal.text.abbreviations import defined_abbreviations
from medhal.text.lexical import directions, has_negation
from medhal.text.negation import negation_targets
from medhal.text.quantities import Quantity, quantities
from medhal.text.subgroups import goes_without
from medhal.text.synonyms import alignment_tokens

__all__ = [
    "BRACKETED",
    "GROUP_WORDS",
    "ON_ARM",
    "PEOPLE",
    "PIECE_BREAK",
    "arm_figures",
    "converse",
    "group_name",
    "moved_figures",
    "respective_figures",
    "respective_percents",
    "trial_arms",
]

GROUP_WORDS = r"[A-Za-z0-9][\w\-/+.]*(?:\s+(?!and\b|or\b|vs\b|versus\b|than\b|compared\b)[\w\-/+.]+){0,5}"
"""A group's name: up to six words, none of them a word that joins two groups."""
PEOPLE = (
    r"(?:patients?|participants?|people|persons?|women|men|children|infants|babies|adults|subjects|recipients|"
    r"individuals)"
)
"""Who a count or a comparison of a group is of ("two participants", "more patients")."""
ON_ARM = r"(?:on|receiving|given|taking|in\s+the|treated\s+with|assigned\s+to|allocated\s+to|randomi[sz]ed\s+to)"
"""The words between people and the arm they were on ("patients given iron", "children on the higher dose")."""

_GROUP_TAIL = re.compile(r"\s+(?:groups?|arms?|cohorts?|populations?)$", re.IGNORECASE)


def group_name(text: str) -> str:
    """``text`` as a group's name: stripped of closing punctuation and of a trailing "group" / "arm" / "cohort"."""
    return _GROUP_TAIL.sub("", text.strip().rstrip(".,;:").rstrip()).strip()


_ARMS = re.compile(
    r"\b(?:randomi[sz]ed|randomly\s+assigned|assigned|allocated)\b(?:[^.;]|\.(?=\d)){0,250}?\bto\s+(?:receive\s+)?"
    r"(?:either\s+)?(?:the\s+)?(?P<a>" + GROUP_WORDS + r")\s*(?:\([^()]*\)\s*)?,?\s+or\s+(?:to\s+)?(?:receive\s+)?"
    r"(?:the\s+)?"
    r"(?P<b>" + GROUP_WORDS + r")",
    re.IGNORECASE,
)
"""A two-arm assignment: "randomly assigned ... to colchicine 0.5 mg once daily or placebo"."""
_ARMS_TO = re.compile(
    r"\b(?:randomi[sz]ed|randomly\s+assigned|assigned|allocated)\b(?:[^.;]|\.(?=\d)){0,250}?\bto\s+(?:receive\s+)?"
    r"(?:either\s+)?(?:the\s+)?(?P<a>" + GROUP_WORDS + r")\s+(?:with|receiving|targeting|given|using|at|of)\s"
    r"(?:[^.;]|\.(?=\d)){0,200}?,?\s+or\s+to\s+(?:receive\s+)?(?:the\s+)?(?P<b>" + GROUP_WORDS + r")",
    re.IGNORECASE,
)
"""A two-arm assignment whose first arm is described at length, the second named after "or to": "randomly assigned
to intensive treatment with continuous intravenous insulin targeting 80-130 mg/dL or to standard treatment with
subcutaneous insulin"."""


def trial_arms(evidence: str) -> tuple[str, str] | None:
    """The two arms ``evidence`` says its participants were assigned to, or ``None`` (none said, more than two, or
    assignments that disagree).  A comparison in words that names one arm ("pneumonia was more frequent with
    colchicine") compares it with the other.  An arm named only by an acronym the evidence defines is named by both
    ("high-flow nasal cannula (HFNC)"): the words that tell it from the other arm are its expansion's too (round
    143, "HFNC" against "standard low-flow oxygen via nasal cannula", where "high-flow nasal cannula" named the
    other arm by its shared words).

    >>> trial_arms("Heated high-flow nasal cannula (HFNC) is used. Infants were randomized to HFNC at 2 L/kg/min "
    ...            "(n=512) or standard low-flow oxygen via nasal cannula (n=512).")
    ('high-flow nasal cannula (HFNC)', 'standard low-flow oxygen via nasal cannula')

    >>> trial_arms("We compared ulipristal acetate (UPA) with levonorgestrel (LNG). Women were assigned to UPA 30 mg "
    ...            "(n=1,624) or LNG 1.5 mg (n=1,618).")
    ('ulipristal acetate (UPA) 30 mg', 'levonorgestrel (LNG) 1.5 mg')
    >>> trial_arms("Methods: 2,140 patients were randomly assigned to colchicine 0.5 mg once daily or placebo.")
    ('colchicine 0.5 mg once daily', 'placebo')
    >>> trial_arms("Women were assigned to 40 Gy in 15 fractions, 27 Gy in 5 fractions, or 26 Gy in 5 fractions.")
    >>> trial_arms("Adults were randomly assigned to intensive treatment with intravenous insulin targeting a glucose "
    ...            "of 80-130 mg/dL or to standard treatment with subcutaneous insulin.")
    ('intensive treatment', 'standard treatment')
    >>> trial_arms("Sugammadex versus neostigmine for reversal of neuromuscular blockade: a cohort study\\n\\nMethods.")
    ('Sugammadex', 'neostigmine')
    >>> trial_arms("Women randomised to metformin or placebo. Methods: 502 women were assigned to metformin 1000 mg "
    ...            "twice daily or placebo.")
    ('metformin', 'placebo')

    The arms come in the order the results report their figures in, where it is not the methods' order:

    >>> trial_arms("Villages were randomised to standard SMC or extended SMC. We enrolled 9,842 children (4,903 in "
    ...            "extended and 4,939 in standard villages).")
    ('extended SMC', 'standard SMC')
    """
    arms = _assigned_arms(evidence)
    if arms is None:
        return None
    defined = defined_abbreviations(evidence)
    first, second = (_spelled(arm, defined) for arm in arms)
    return first, second


def _spelled(arm: str, defined: Mapping[str, str]) -> str:
    """``arm`` with the acronym it opens with spelled out before it ("ulipristal acetate (UPA) 30 mg" for "UPA 30
    mg"; round 148); the arm itself when it opens with none the evidence defines."""
    head, _, rest = arm.partition(" ")
    return f"{defined[head]} ({head}){' ' if rest else ''}{rest}" if head in defined else arm


def _assigned_arms(evidence: str) -> tuple[str, str] | None:
    """:func:`trial_arms` as the evidence names them."""
    found = list(_ARMS.finditer(evidence)) or list(_ARMS_TO.finditer(evidence))
    if not found:  # a cohort's "Sugammadex versus neostigmine for reversal ...": the arms its title compares
        found = [m] if (m := _TITLE_ARMS.match(evidence)) is not None else []
    pairs = {(_arm(m.group("a")), _arm(m.group("b"))) for m in found}
    # one assignment told twice, once in full ("randomised to metformin or placebo", "assigned to metformin 1000 mg
    # twice daily or placebo"): the shorter names, which name the arms whenever the longer do (round 36)
    a, b = min(pairs, key=lambda p: len(alignment_tokens(p[0]) | alignment_tokens(p[1])), default=("", ""))
    if not all(
        alignment_tokens(a) <= alignment_tokens(x) and alignment_tokens(b) <= alignment_tokens(y) for x, y in pairs
    ):
        return None
    ta, tb = alignment_tokens(a), alignment_tokens(b)
    # "able to walk before the fracture to spinal ...": the first "to" was not the assignment's; and two arms one of
    # which holds the other ("standard care" / "standard care alone") cannot be told apart by name
    if " to " in f" {a} " or not ta or not tb or ta <= tb or tb <= ta:
        return None
    if _NO_ARM.match(a) or _NO_ARM.match(b):
        return a, b
    return (b, a) if _reported_first(evidence[found[-1].end() :], tb - ta, ta - tb) else (a, b)


def _reported_first(results: str, first: frozenset[str], then: frozenset[str]) -> bool:
    """Whether the first sentence of ``results`` that gives each arm a figure gives the arm of ``first`` (the tokens
    only its name has) its figure first: the order the results report the arms in ("4,903 in extended and 4,939 in
    standard villages", where the methods named standard SMC first; round 34).  A figure is given an arm as "36.8%
    of the delayed-clamping group", "14.1% with avoidance", "14.2 on 40 mg": a number, up to two words, a
    preposition and the arm's first word."""
    for sentence in re.split(r"(?<=[.!?])\s+", results):
        named = [alignment_tokens(m.group("arm")) for m in _FIGURE_ARM.finditer(sentence)]
        at_first = next((i for i, t in enumerate(named) if t & first), None)
        at_then = next((i for i, t in enumerate(named) if t & then), None)
        if at_first is not None and at_then is not None:
            return at_first < at_then
    return False


_FIGURE_ARM = re.compile(
    r"\d(?:[\d.,]*\d)?\s?%?\)?\s+(?:[a-z]+\s+){0,2}?(?:in|of|with|on|for|among)\s+(?:the\s+)?(?P<arm>[\w-]+)",
    re.IGNORECASE,
)
"""A figure given an arm: "36.8% of the delayed-clamping group", "14.2 on 40 mg"."""
_NO_ARM = re.compile(r"^(?:no|not|without|non)\b", re.IGNORECASE)
"""An arm named by what it lacks ("no stockings"), whose words also name the other ("the stocking group")."""


_TITLE_ARMS = re.compile(
    r"\s*(?P<a>[^\n:.,;]{1,60}?)\s+(?:versus|vs\.?)\s+(?P<b>[^\n:.,;]{1,60}?)\s+(?:for|in|after|among|to)\s[^\n]*\n",
    re.IGNORECASE,
)
"""A title comparing two treatments, on the evidence's first line: "Sugammadex versus neostigmine for reversal of
neuromuscular blockade ...: a propensity-matched cohort study" (round 35)."""
_ARM_END = re.compile(r"\.\s|[,;:]\s|\s(?:for|during|until|at|from|with|in|over)\s", re.IGNORECASE)
"""Where an arm's name ends: the sentence, a clause, or the schedule or setting that follows it ("placebo for 3
years")."""


def _arm(text: str) -> str:
    return group_name(_ARM_END.split(text + " ", maxsplit=1)[0])


_RESPECTIVELY = re.compile(
    r"\brespectively\b|\b(?:in|was|were)\s+\d+(?:\.\d+)?\s?%\s+(?:and|versus|vs\.?)\s+\d+(?:\.\d+)?\s?%"
    r"(?=\s*(?:[,;.(]|$))",
    re.IGNORECASE,
)
"""Words giving two figures to the arms in turn: "respectively", or two percentages alone ("Possible maternal infection
occurred in 4.8% and 6.3%."), as abstracts report a two-arm trial's results in the order of its arms."""
BRACKETED = re.compile(r"\([^()]*(?:\)|$)|\[[^\[\]]*(?:\]|$)")
"""A bracketed aside, closed or cut at the end ("(hazard ratio 0.79; 95% CI ...)", "(difference 13.9 points")."""


def respective_figures(part: str, arms: tuple[str, str]) -> list[tuple[float, str]]:
    """The two percentages ``part`` gives "respectively" (or alone, "occurred in 4.8% and 6.3%": :data:`_RESPECTIVELY`)
    outside brackets, paired with the ``arms`` in order; ``[]`` when it gives another number of them, says no
    "respectively", or names either arm (then the order is its own).

    >>> respective_figures("Death at 28 days occurred in 35.4% and 31.6%, respectively (risk ratio 1.17).",
    ...                    ("intravenous vitamin C", "placebo"))
    [(35.4, 'intravenous vitamin C'), (31.6, 'placebo')]
    >>> respective_figures("Death occurred in 31.6% with placebo and 35.4% with vitamin C, respectively.",
    ...                    ("vitamin C", "placebo"))
    []
    >>> respective_figures("Maternal infection occurred in 4.8% and 6.3%.", ("dexamethasone", "placebo"))
    [(4.8, 'dexamethasone'), (6.3, 'placebo')]
    """
    if not _RESPECTIVELY.search(part):
        return []
    tokens = alignment_tokens(part)
    if any(alignment_tokens(arm) & tokens for arm in arms):
        return []
    percents = respective_percents(BRACKETED.sub(" ", part), said=True)
    return [(percents[0].value, arms[0]), (percents[1].value, arms[1])] if percents else []


def respective_percents(text: str, *, said: bool = False) -> list[Quantity]:
    """The two percentages ``text`` gives "respectively" (a confidence level is no percentage here), in order;
    ``[]`` when it says no "respectively" (``said``: already checked) or gives another number of percentages.

    >>> [q.text for q in respective_percents("It occurred in 5 patients (2.4%) and 6 patients (2.9%), respectively.")]
    ['2.4%', '2.9%']
    """
    if not said and not _RESPECTIVELY.search(text):
        return []
    percents = [q for q in quantities(text) if q.kind == "percent"]
    return percents if len(percents) == 2 else []


PIECE_BREAK = re.compile(
    r";|,?\s+\band\b|,?\s+\bwhereas\b|,?\s+\bcompared\s+with\b|,?\s+\bversus\b|,?\s+\bvs\b\.?", re.IGNORECASE
)
"""Where a sentence turns from one group's figure to the next ("... in the A group | and 38.5% in the B group")."""
_GENERIC = alignment_tokens(
    "matched standard usual care group arm dose daily once twice receive received continue switch complete"
    " treatment therapy"  # "Stopping treatment" names no "oral antipsychotic treatment" arm (round 150)
)
"""Words of an arm's description that name no treatment ("to continue intravenous antibiotics or to switch to oral
antibiotics to complete 6 weeks": "complete" must not name the arm of "complications")."""


def _core(arm: str, other: str = "") -> frozenset[str]:
    """The words that name ``arm`` apart from ``other``: its own, less the generic ones ("matched", "group") unless
    only they tell it from the other ("intensive treatment" / "standard treatment")."""
    own, theirs = alignment_tokens(arm), alignment_tokens(other)
    return (own - _GENERIC - theirs) or (own - theirs)


def _cores(arms: tuple[str, str]) -> tuple[frozenset[str], frozenset[str]]:
    return _core(arms[0], arms[1]), _core(arms[1], arms[0])


def arm_figures(sentence: str, arms: tuple[str, str]) -> dict[float, str]:
    """The percentages ``sentence`` gives the ``arms``: each piece of it between "and", "whereas", "versus" or ";"
    that states exactly one percentage (a confidence level aside) and names exactly one arm gives that arm the
    percentage; else the figures it gives "respectively" (:func:`respective_figures`).

    >>> arm_figures("The outcome occurred in 191 of 429 patients (44.5%) in the vitamin C group and in 167 of 434 "
    ...             "patients (38.5%) in the placebo group (risk ratio 1.21; 95% CI 1.04 to 1.40).",
    ...             ("intravenous vitamin C", "matched placebo"))
    {44.5: 'intravenous vitamin C', 38.5: 'matched placebo'}
    """
    found: dict[float, str] = {}
    cores = _cores(arms)
    for piece in PIECE_BREAK.split(sentence):
        percents = [q.value for q in quantities(piece) if q.kind == "percent"]
        tokens = alignment_tokens(piece)
        named = [arm for arm, core in zip(arms, cores, strict=True) if core and core & tokens]
        if len(percents) == 1 and len(named) == 1 and percents[0] not in found:
            found[percents[0]] = named[0]
    if len(found) < 2:
        found = dict(respective_figures(sentence, arms))
    if len(found) < 2:
        found = _versus_figures(sentence, arms) or found
    return found


_TIME_WORDS = alignment_tokens("hour hours day days week weeks month months year years")
_PART_START = re.compile(r".*(?:;|\bbut\b|\bwhereas\b|\bwhile\b)", re.IGNORECASE | re.DOTALL)


def _versus_figures(sentence: str, arms: tuple[str, str]) -> dict[float, str]:
    """The figures of each "(a% vs b%)" of a sentence given after the part holding it names one arm ("were more
    frequent after direct switch (22% vs 13%; ...)": a is the named arm's, by the convention :func:`moved_figures`
    reads a unit by; round 25); empty when none is read.

    >>> _versus_figures("Symptoms were more frequent after direct switch (22% vs 13%), but did not differ later.",
    ...                 ("a direct switch", "a 2-week cross-taper"))
    {22.0: 'a direct switch', 13.0: 'a 2-week cross-taper'}
    """
    found: dict[float, str] = {}
    # the part must name one arm whole and the other not at all; a time word alone names no arm ("at week 1" is no
    # "2-week cross-taper")
    cores = [core - _TIME_WORDS for core in _cores(arms)]
    for m in _VERSUS.finditer(sentence):
        before = sentence[: m.start()]
        start = _PART_START.match(before)
        part = before[start.end() :] if start else before
        tokens = alignment_tokens(part)
        whole = [i for i, core in enumerate(cores) if core and core <= tokens]
        if part.count("(") > part.count(")") or len(whole) != 1 or not cores[1 - whole[0]].isdisjoint(tokens):
            continue
        at = next(
            w.start() for w in re.finditer(r"[\w-]+", part) if cores[whole[0]] <= alignment_tokens(part[: w.end()])
        )
        named = 1 - whole[0] if _COMPARATOR_BEFORE.search(part, 0, at) else whole[0]
        a, b = float(m.group("a")), float(m.group("b"))
        if a == b or found.get(a, arms[named]) != arms[named]:
            continue
        found[a], found[b] = arms[named], arms[1 - named]
    return found if len(set(found.values())) == 2 else {}


_VERSUS = re.compile(
    r"\(\s*(?P<a>\d+(?:\.\d+)?)\s?%\s*(?:vs\.?|versus|v\.?|against)\s*(?P<b>\d+(?:\.\d+)?)\s?%", re.IGNORECASE
)


def moved_figures(unit: str, sentences: Sequence[str], arms: tuple[str, str] | None) -> tuple[int, float, float] | None:
    """The evidence sentence giving the two figures of ``unit``'s "(a% vs b%)" to the arms the other way round
    from the one arm the unit names (module docstring), with the unit's first figure and the one the sentence
    gives its arm (the unit's second); ``None`` when there is none.

    >>> arms = ("intravenous vitamin C", "matched placebo")
    >>> evidence = ["The outcome occurred in 44.5% of the vitamin C group and 38.5% of the placebo group."]
    >>> moved_figures("Vitamin C reduced the outcome (38.5% vs 44.5%).", evidence, arms)
    (0, 38.5, 44.5)
    >>> moved_figures("Vitamin C increased the outcome (44.5% vs 38.5%).", evidence, arms) is None
    True
    >>> moved_figures("It raised the outcome compared with placebo (44.5% vs 38.5%).", evidence, arms) is None
    True
    >>> moved_figures("It lowered the outcome compared with placebo (38.5% vs 44.5%).", evidence, arms)
    (0, 38.5, 44.5)
    """
    found = list(_VERSUS.finditer(unit))
    if arms is None or len(found) != 1:
        return None
    named = _named_first(unit[: found[0].start()], arms)
    if named is None:
        return None
    own, other = arms[named], arms[1 - named]
    first, second = float(found[0].group("a")), float(found[0].group("b"))
    if first == second:
        return None
    for i, sentence in enumerate(sentences):
        given = arm_figures(sentence, arms)
        if given.get(first) == other and given.get(second) == own:
            return i, first, second
    return None


_COMPARED_FIRST = re.compile(r"^\W*(?:compared\s+(?:with|to)|versus|vs\.?|relative\s+to|unlike)\b", re.IGNORECASE)


def _named_first(text: str, arms: tuple[str, str]) -> int | None:
    """Which of the ``arms`` ``text`` (a unit up to its "(a% vs b%)") names first, the one the first figure is
    given to: the one arm it names (the other, when it names it as what is compared against: "as common as with
    placebo (11.8% vs 12.6%)"), or of two the one named first ("A ... compared with B (a% vs b%)"); ``None`` when it
    names neither, or opens with the comparison ("Compared with B, A ...": the order is not the words')."""
    # the prefixes of the text, each read whole: a synonym may take two words ("tight control" is intensive)
    words = list(re.finditer(r"[\w-]+", text))
    prefixes = [alignment_tokens(text[: m.end()]) for m in words]
    first = [next((i for i, t in enumerate(prefixes) if core & t), None) for core in _cores(arms)]
    if first[0] is None and first[1] is None:
        return None
    if first[0] is not None and first[1] is not None:
        if _COMPARED_FIRST.match(text) or first[0] == first[1]:
            return None
        return 0 if first[0] < first[1] else 1
    named = 0 if first[0] is not None else 1
    at = first[named]
    assert at is not None
    if _COMPARED_FIRST.match(text):  # "Compared with standard insulin, tight control ...": no order to read
        return None
    # the one arm named as what the other is set against ("did not lower death compared with a restrictive
    # threshold (14.5% vs 16.9%)", "about as common as with placebo (11.8% vs 12.6%)"): the first figure is the
    # other arm's, the one the unit speaks of without naming it (round 18); "with the statin" names what the arm
    # "no statin" goes without, so the other arm (round 40)
    against = _COMPARATOR_BEFORE.search(text, 0, words[at].start()) is not None
    if goes_without(arms[named]) and not _LACKING_BEFORE.search(text, 0, words[at].end()):
        against = not against
    return 1 - named if against else named


_LACKING_BEFORE = re.compile(r"\b(?:no|without|non)[\s-]+(?:[\w-]+\s+)?[\w-]+$", re.IGNORECASE)
"""Words naming the arm after them for what it goes without ("no statin", "without prophylaxis")."""


_COMPARATOR_BEFORE = re.compile(
    r"\b(?:compared\s+(?:with|to)|than(?:\s+with)?|versus|vs\.?|as\s+with|relative\s+to)\s+(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)
"""Words naming the arm after them as the one compared against."""


_COMPARING = alignment_tokens("more less higher lower fewer greater frequent common treatment therapy")
"""Words of a comparison that say nothing of what is compared."""


def converse(unit: str, sentence: str, arms: tuple[str, str] | None) -> bool:
    """Whether a piece of ``sentence`` says what ``unit`` says from the other arm's side: the unit names one of the
    two ``arms`` and says one way something went ("Catheter problems were far less frequent with oral treatment"),
    the piece (between "and", "whereas", "versus" or ";") names the other arm, says the opposite way and speaks of
    something the unit does ("Catheter complications were more common with intravenous therapy"), neither negated.
    In a two-arm trial less with one arm is more with the other: the encoder reads the two direction words as a
    contradiction (P(C) 0.95), a clinician reads the same finding.

    >>> arms = ("continue intravenous antibiotics", "switch to oral antibiotics")
    >>> sentence = "Catheter complications were more common with intravenous therapy (9.4% vs 1.0%)."
    >>> converse("Catheter problems were less frequent with oral treatment.", sentence, arms)
    True
    >>> converse("Catheter problems were more frequent with oral treatment.", sentence, arms)
    False
    >>> converse("Catheter problems were less frequent with intravenous treatment.", sentence, arms)
    False
    """
    way = directions(unit)
    if arms is None or len(way) != 1 or has_negation(unit):
        return False
    cores, tokens = _cores(arms), alignment_tokens(unit)
    named = [k for k, core in enumerate(cores) if core & tokens]
    if len(named) != 1:
        return False
    other = 1 - named[0]
    about = tokens - cores[0] - cores[1] - _GENERIC - _COMPARING
    for piece in PIECE_BREAK.split(sentence):
        said = alignment_tokens(piece)
        if (
            directions(piece) == {"up", "down"} - way
            and not has_negation(piece)
            and cores[other] & said
            and not cores[named[0]] & said
            and about & said
        ):
            return True
    return False


def negated_converse(unit: str, sentence: str) -> bool:
    """Whether a piece of ``sentence`` says what ``unit`` says with both its direction and a condition turned:
    "(fever) was more frequent when paracetamol was not given prophylactically" for "High fever was less frequent
    when paracetamol was given prophylactically".  The piece says the opposite way, negates a word the unit says
    (:func:`~medhal.text.negation.negation_targets`) and shares two or more of the unit's other words; the unit is
    unnegated.  Two turns cancel: the encoder reads each as a contradiction (P(C) 0.99), a clinician reads the same
    finding.  A unit that turns only one ("more frequent when paracetamol was given") is not read here.

    >>> sentence = "Fever occurred in 8% and was more frequent when paracetamol was not given (13% vs 4%)."
    >>> negated_converse("High fever was less frequent when paracetamol was given.", sentence)
    True
    >>> negated_converse("High fever was more frequent when paracetamol was given.", sentence)
    False
    >>> negated_converse("High fever was less frequent when paracetamol was not given.", sentence)
    False
    """
    way = directions(unit)
    if len(way) != 1 or has_negation(unit):
        return False
    about = alignment_tokens(unit) - _GENERIC - _COMPARING
    return any(
        directions(piece) == {"up", "down"} - way
        and has_negation(piece)
        and negation_targets(piece, unit)
        and len(about & alignment_tokens(piece)) >= 2
        for piece in PIECE_BREAK.split(sentence)
    )
