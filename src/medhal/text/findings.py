"""Null findings: an evidence sentence that reports no difference, no effect or no occurrence, and a unit that
asserts one about the same subject (issue 14) -- or reports the same null finding in other words (:func:`agrees`:
"made no significant difference to preeclampsia at term" for "no significant difference in term preeclampsia").

A small NLI encoder reads "Mortality did not differ significantly between the groups" against "all-cause
mortality was significantly lower with early rhythm control" as weakly *entailing* (the words overlap); a clinician
reads a contradiction: the trial reported the opposite finding about the same outcome.  :func:`null_finding_conflict`
is the deterministic cue for that pattern, kept narrow (precision over recall: a faithful clause marked contradicted
is the worst error a report can make):

* the sentence reports a **null finding**: a negated verb of difference, effect or occurrence ("did not differ",
  "was not associated with", "did not occur", "did not reduce"), "no (significant) difference / effect /
  association", or "similar / comparable between";
* the unit asserts, **without negation**, an **effect**: a comparative or causal word ("lower", "reduced",
  "increased", "more", "caused", "significantly", "associated with") and no hedge ("numerically", "trend",
  "non-significant", "similar");
* the unit names the finding's **whole subject**: every content stem of the part of the sentence that reports it
  apart from the words that frame a finding ("differ", "significantly", "group", "occur", "between", "rate",
  "incidence", "risk", the section label "Results:", ...) is in the unit.  "Mortality did not differ" has subject
  {mortality}; a sentence about stroke and mortality is a subject a unit about mortality alone does not cover, so
  the cue stays silent; and the two name the same populations (a null finding in men says nothing about women);
* the part that reports it: a sentence that contrasts two findings ("X raised serum bicarbonate **but** did not
  slow kidney disease progression") is read part by part;
* the same time point and dose: when both name a duration or a dose, one of the unit's must equal one of the
  finding's ("pain did not differ at 6 weeks" says nothing against "pain was lower at 12 weeks").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from medhal.text._absence import FOUND_NONE, absolute_absence
from medhal.text._finding_subjects import (
    ADJUSTED,
    ADJUSTING,
    BETWEEN_TWO,
    BRACKETS,
    COORDINATED,
    FRAME,
    JOINT,
    REPORTED,
    VERB,
    compared_groups,
    concluded,
    finding_subject,
    has_verb,
    inclusions,
    lead,
    listed,
    names_as_modifier,
    second_of_pair,
    several_listed,
    split_nor,
    stems,
    subject_of,
)
from medhal.text.asserted import AS_MUCH_AS, MODALS, asserts_effect, asserts_occurrence
from medhal.text.assertions import asserts_nothing, opens_condition
from medhal.text.clauses import split_clauses
from medhal.text.composites import ROBUST, narrows, within_either
from medhal.text.interventions import compares_groups, is_treatment, treatment_pair
from medhal.text.measured import function_changed, measuring_tests
from medhal.text.populations import populations
from medhal.text.quantities import Quantity, quantities

__all__ = [
    "NullFinding",
    "agrees",
    "asserts_effect",
    "asserts_occurrence",
    "concluded",
    "contradicts",
    "finding_parts",
    "finding_subject",
    "lead",
    "names",
    "null_finding",
    "null_finding_conflict",
    "null_findings",
    "reports_null_finding",
]

_CHANGING = (
    r"(?:(?:significantly|meaningfully|materially|substantially|appreciably)\s+)?(?:increasing|raising|reducing|"
    r"decreasing|lowering|affecting|altering|changing|worsening|compromising|an?\s+(?:(?:significant|apparent|"
    r"clear|measurable|detectable|meaningful|notable|important)\s+)?(?:increase|rise|reduction|decrease|change)\s+in)"
)
"""What follows "without" in a finding stated in passing: "reduced mortality without increasing bleeding"."""
_NULL_FINDING = re.compile(
    r"\b(?:did|does|do|was|were|is|are|has|have|had)\s+not\s+(?:\w+ly\s+)?(?:(?:appear|seem)\s+to\s+(?:be\s+)?)?"
    r"(?:differ|occur|change|affect|alter|influence|reduce|increase|decrease|improve|lower|raise|rise|fall|prevent|"
    r"slow|predict|"
    r"shorten|prolong|delay|hasten|extend|worsen|help|benefit|protect|cut(?!-)|"
    r"associated|different|related|correlated|observed|seen|reported)\w*"
    r"|\bno\s+(?:statistically\s+)?(?:significant\s+)?(?:(?:further|additional|extra|added)\s+(?:[\w-]+\s+)?)?"
    r"(?:(?:clinically\s+)?(?:meaningful|important|relevant|real|"
    r"appreciable|notable|discernible)\s+)?(?:difference|differences|effect|effects|association|"
    r"change|changes|increase|reduction|benefit|improvement|cases?|events?|episodes?|correlation|relationship|"
    r"impact|influence)\b"
    r"|\b(?:was|were|is|are)\s+not\s+(?:\w+ly\s+)?(?:effective|efficacious|beneficial|superior|linked|predictive)\b"
    r"|\b(?:similar|comparable)\s+(?:between|in|across|among)\b"
    r"|\b(?:was|were|remained)\s+(?:\w+ly\s+)?(?:similar|comparable|unchanged)\b"
    r"|\b(?:stayed|stays|remained|remains)\s+(?:(?:much|about|essentially|largely|broadly)\s+)?(?:the\s+same|unchanged)\b"
    r"|\b(?:much|about|roughly|broadly|largely|essentially|virtually)\s+the\s+same\b"
    r"|"
    + AS_MUCH_AS.format(words="much|many|often|common|frequent|likely")
    + r"|\b(?:was|were|occurred\s+in)\s+(?:about\s+|approximately\s+|an?\s+(?:median|mean|average)\s+of\s+)?\d+"
    r"(?:\.\d+)?\s?(?:%|(?:days?|hours?|weeks?|months?|years?)\b)?\s+(?:(?:patients|participants|people)\s+)?"
    r"in\s+(?:both|each|all)\s+(?:groups?|arms?)\b"
    r"|\bnot\s+(?:statistically\s+)?significant(?:ly)?\b"
    r"|\b(?:(?:did|does|do)\s+not|failed\s+to)\s+(?:reach|achieve|attain)\s+(?:statistical\s+)?significance\b"
    r"|\bno\s+(?:more|less|higher|lower|better|worse)\s+(?:\w+\s+)?(?:than|with|in|among|between)\b"
    r"|\b(?:did|does|do)\s+not\s+(?:lead\s+to|result\s+in|produce|yield)\s+(?:an?\s+)?(?:(?:statistically\s+)?significantly\s+)?"
    r"(?:more|fewer|less|higher|lower|greater|better|"
    r"worse|(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?:increase|decrease|reduction|improvement|rise|fall)s?)\b"
    r"|\bwithout\s+" + _CHANGING + r"\b",
    re.IGNORECASE,
)
"""A sentence that reports no difference, no effect or no occurrence ("... without increasing hypothermia", "100 units
added no further healing benefit": round 178)."""

_WORDS = re.compile(r"[A-Za-z][\w-]*")
_NO_SUBJECT = re.compile(
    r"\W*(?:but|and|yet|while|whereas)\s+(?:(?:did|does|was|were|is|are|had|has)\s+not\b|"
    r"(?:was|were|is|are|remained|stayed)\s+(?:unchanged|unaffected|similar)\b)",  # "but was unchanged" (round 159)
    re.I,
)
_WITH_ARM = re.compile(r"\b(?:with|on)\s+(?:the\s+)?((?:[\w-]+\s+){0,3}?[\w-]+)(?=\s*(?:[(),.;]|$))", re.I)


def _arms_named(part: str) -> frozenset[str]:
    """The stems of what ``part`` says a finding was "with" ("did not change with the sham diet"): an arm, not the
    finding's subject."""
    return stems(" ".join(m.group(1) for m in _WITH_ARM.finditer(part)))


_ITEMS = re.compile(r",\s*|\s+(?:or|and|nor)\s+", re.IGNORECASE)

_CONTRAST = re.compile(
    r";|,?\s+\b(?:but|whereas|although|though|while|however|yet|at\s+the\s+(?:cost|expense)\s+of)\b|"
    r",?\s+\b(?=without\s+" + _CHANGING + r"\b)|"
    r",\s+and\s+(?=(?:no|none|neither|nothing)\s)|"
    r",\s+and\s+(?=\d[\d,]*(?:\s+[a-z]+)?(?:\s+\([^()]*\))?\s+(?:had|were|was|developed|died|required|needed|"
    r"experienced|underwent)\b)",  # "No child died, | and 3 (0.03%) had cardiac arrest" (round 158)
    re.IGNORECASE,
)
"""Where a sentence turns to another finding ("reduced nausea | at the cost of a transient rise in glucose"), or to
a denied one ("Local burning or stinging was the most common adverse effect (pooled incidence 9%), | and no serious
adverse events were attributed to benzydamine": round 138)."""

_ARM_STEMS = frozenset(stems("dose doses groups arms regimens schedules"))
"""What a null finding "between doses" compares: the arms, against each other."""
_MATCHED_KINDS = ("time", "mass")
"""Quantity kinds a unit and a null finding must share a value of when both state one (time point, dose)."""


def reports_null_finding(sentence: str) -> bool:
    """Whether ``sentence`` reports no difference, effect or occurrence.

    >>> reports_null_finding("Mortality from any cause did not differ significantly between the groups.")
    True
    >>> reports_null_finding("Mortality was lower with early rhythm control.")
    False
    >>> reports_null_finding("If weight rises by more than 2 kg in 3 days, do not increase; double the diuretic.")
    False
    """
    sentence = _INSTRUCTION.sub(" ", sentence)  # "..., do not increase; double the diuretic": advice, not a finding
    return _NULL_FINDING.search(sentence) is not None or absolute_absence(sentence)


_INSTRUCTION = re.compile(
    r"(?:^|(?<=[;:,.(-])|(?<=\band)|(?<=\bthen))\s*(?:please\s+)?(?:do\s+not|don't)\s+", re.IGNORECASE | re.MULTILINE
)
"""An instruction not to do something, with no subject before it ("Do not stop abruptly", "..., do not increase")."""


@dataclass(frozen=True, slots=True)
class NullFinding:
    """What a sentence reporting a null finding is about: its subject stems, the populations it names and the
    durations and doses it states (``quantities``, :data:`_MATCHED_KINDS` only); ``absence``: it says the subject
    never happened ("No adverse events were recorded"), so a unit saying it happened to anyone of those populations
    contradicts it."""

    subject: frozenset[str]
    populations: frozenset[str]
    quantities: tuple[Quantity, ...] = ()
    absence: bool = False
    groups: frozenset[str] = frozenset()
    """Stems of the two groups it compares, named last (:func:`~medhal.text._finding_subjects.compared_groups`)."""
    adjusted: bool = False
    """Reported after adjustment for something ("after adjustment for body-mass index"), left out of its subject."""
    head_to_head: bool = False
    """Two treatments found no different from each other ("Candesartan and propranolol did not differ"; ``groups``
    holds their stems): only a unit that sets one against the other contradicts it."""


def finding_parts(sentence: str) -> list[str]:
    """``sentence`` cut where it turns from one finding to another (``but``, ``whereas``, ``although``, ``;``...).

    >>> finding_parts("Bicarbonate raised serum bicarbonate but did not slow progression.")
    ['Bicarbonate raised serum bicarbonate', 'but did not slow progression.']
    """
    parts, start = [], 0
    for m in _CONTRAST.finditer(sentence):
        if sentence.count("(", 0, m.start()) > sentence.count(")", 0, m.start()):
            continue  # never inside brackets
        parts.append(sentence[start : m.start()].strip())
        start = m.start() + (1 if m.group().startswith(";") else len(m.group()) - len(m.group().lstrip(", ")))
    parts.append(sentence[start:].strip())
    return [p for p in parts if p]


_NO_DIFFERENCE_IN = re.compile(
    r"\W*(?:and\s+|but\s+)?with\s+no\s+(?:(?:statistically\s+)?significant\s+|meaningful\s+|real\s+)?"
    r"(?:differences?|change)\s+in\s+\w",
    re.IGNORECASE,
)
"""A clause naming what showed no difference after a clause with a finding of its own."""


def null_findings(sentence: str) -> tuple[NullFinding, ...]:
    """Every null finding ``sentence`` reports: one per part that reports one (:func:`finding_parts`), or one per
    clause of such a part when its clauses report their own ("intracranial haemorrhage occurred in 0.6% and 1.2%,
    respectively, and mortality at 90 days was similar": the finding is about mortality alone); computed once per
    evidence sentence (:class:`medhal.detect.alignment.EvidenceIndex`).

    >>> [sorted(f.subject) for f in null_findings("Haemorrhage occurred in 0.6% and 1.2%, respectively, and "
    ...                                            "mortality at 90 days was similar.")]
    [['morta']]
    >>> [sorted(f.subject) for f in null_findings("Vascular occlusive events were similar in the two groups, and "
    ...                                            "seizures did not differ between groups.")]
    [['occlu', 'vascu'], ['seizu']]
    >>> [sorted(f.subject) for f in null_findings("The duration of diarrhoea and vomiting did not differ.")][0]
    ['diarr', 'durat', 'vomit']

    A part that names nothing ("the difference was not statistically significant") reports the null finding of
    what the part before it measured, named before its verb:

    >>> [sorted(f.subject) for f in null_findings("Cardiovascular death alone occurred in 7.4% and 8.3%, "
    ...                                            "respectively; the difference was not statistically significant.")]
    [['cardi', 'morta']]
    """
    found: list[NullFinding] = []
    # "We tested whether A reduces X without increasing Y": a question; "If her haemoglobin does not rise by 20 g/L,
    # I will arrange ...": a condition (round 48); neither is a finding
    if asserts_nothing(sentence) or opens_condition(sentence):
        return ()
    sentence, included = inclusions(concluded(sentence))
    parts = [piece for part in finding_parts(sentence) for piece in split_nor(part)]  # "..., nor did X" (round 41)
    for n, part in enumerate(parts):
        if not reports_null_finding(part) or ROBUST.match(part):
            continue
        if n and _NO_SUBJECT.match(part) and subject_of(part) <= _arms_named(part):
            continue  # "X fell with A | but did not change with the sham diet": no finding about the diet (round 32)
        if n and not subject_of(part):  # "X occurred in 7.4% and 8.3%; the difference was not significant"
            before = _measured(parts[n - 1])
            if before:
                stated = tuple(q for q in quantities(part) if q.kind in _MATCHED_KINDS)
                found.append(NullFinding(before, populations(sentence), stated))
            continue
        clauses = [c.text for c in split_clauses(part)]
        while len(clauses) > 1 and _PREDICATE_ONLY.match(clauses[-1]) and not reports_null_finding(clauses[-1]):
            # "X did not improve function | and caused more hypoglycaemia": the same subject's other finding
            part = part[: part.rindex(clauses.pop())].rstrip(" ,")
        own = [c for c in clauses if reports_null_finding(c)]
        # a clause joined by "and" with a verb of its own states its own finding, and so does the clause before a
        # run of such clauses ("X was similar in the two groups, and Y did not differ"); any other clause ("with
        # no difference ...", "between A," cut from its list) is read with the part it belongs to, and so is one
        # after a clause with no verb, the first half of its subject ("The duration of diarrhoea | and vomiting")
        if not has_verb(clauses[0]):
            pieces = []
        elif len(clauses) > 1 and all(COORDINATED.match(c) for c in clauses[1:]):
            pieces = [c for c in own if subject_of(c)]
        else:
            pieces = [c for c in own if COORDINATED.match(c) and subject_of(c)] if len(own) == 1 else []
        pieces = [c for c in pieces if not _NO_SUBJECT.match(c)]  # "DILI was rare | and did not differ" (r. 150)
        if not pieces and len(clauses) > 1:  # "Reactions were rare, and no patient had anaphylaxis": its own
            pieces = [c for c in own if absolute_absence(c) and subject_of(c) - REPORTED]
        named = [c for c in own if _NO_DIFFERENCE_IN.match(c)] if not pieces and len(clauses) > 1 else []
        if named and not any(map(subject_of, named)):  # "but increased mortality, | with no difference in the
            continue  # combined outcome": of an outcome it does not name, not of the clause before's (round 170)
        if JOINT.search(part) or any(map(second_of_pair, pieces)):  # "the composite of death and myocardial
            pieces = []  # infarction did not differ": one outcome; "in 18% with A | and 20% with B, ...": the part's
        for piece in pieces or [part]:
            absence = absolute_absence(piece)
            subject = subject_of(piece) - REPORTED if absence else subject_of(piece)
            subjects = None
            if absence and (none := FOUND_NONE.search(piece)):  # "biopsies were negative for dysplasia": dysplasia
                subject = subject_of(none.group("what"))  # "no evidence of dysplasia or malignancy": each, and both
                subjects = [subject, *(each for item in _ITEMS.split(none.group("what")) if (each := subject_of(item)))]
            if subject:
                stated = tuple(q for q in quantities(piece) if q.kind in _MATCHED_KINDS)
                pair = treatment_pair(BRACKETS.sub(" ", piece))
                groups = stems(" ".join(pair)) if pair else compared_groups(piece)
                # "the difference between doses was not significant": the arms against each other (round 140)
                arms = not pair and bool(subject) and subject <= _ARM_STEMS
                groups = subject if arms else groups
                # "and was no more common with A than with B", "the reduction was not significant for candesartan":
                # of what, the clause before says (rounds 26, 32); read alone it is about nothing but the drugs (an
                # absence stays: "no cases occurred in either acetazolamide group" is nothing happening with it)
                if not (pair or absence or arms) and subject <= groups | stems(
                    " ".join(filter(is_treatment, _WORDS.findall(piece)))
                ):
                    continue
                # the outcomes of a list name no population ("large-for-gestational-age infants")
                outcomes = several_listed(piece)
                people = populations(BRACKETS.sub(" ", sentence).replace(outcomes, " ") if outcomes else sentence)
                adjusted = ADJUSTED.search(piece) is not None
                two = pair is not None or arms or BETWEEN_TWO.search(piece) is not None  # head to head
                found.extend(
                    NullFinding(each, people, stated, absence, groups, adjusted, two)
                    for each in (subjects or listed(piece, subject))
                )
    if included and any(f.absence for f in found):  # "no serious adverse events, including pneumothorax"
        found.extend(NullFinding(s, populations(sentence), (), True) for i in included if (s := subject_of(i)))
    return tuple(found)


_PREDICATE_ONLY = re.compile(
    r"and\s+(?:also\s+)?(?:\w+ly\s+)?(?:[a-z]{3,}ed|was|were|had|led|rose|fell|must|" + MODALS + r")\b", re.I
)
"""A clause that goes on with the same subject's next finding ("and caused more severe hypoglycaemia") or with advice
on it ("X did not reduce death from bleeding | and should not be used outside trials")."""


def _measured(part: str) -> frozenset[str]:
    """What ``part`` measured, for the subjectless part after it ("the difference was not significant"): the subject
    named before its verb ("Cardiovascular death alone occurred in 7.4% and 8.3%"), or, when the part goes on to an
    effect on something ("ferric derisomaltose was associated with a lower risk of hospital admissions"), all it
    names: the treatment before the verb is not what was measured."""
    subject = lead(part)
    verb = VERB.search(part)
    if verb is not None and asserts_effect(part[verb.end() :]):
        return subject_of(part)
    return subject


def null_finding(sentence: str) -> NullFinding | None:
    """The first of :func:`null_findings`, or ``None`` (no null finding, or nothing named it is about)."""
    return next(iter(null_findings(sentence)), None)


def names(unit: str, finding: NullFinding, *, measured: bool = False) -> bool:
    """Whether ``unit`` names ``finding``'s whole subject, in its populations (or one of the groups it compares: "better
    in patients older than 65" of "did not differ between patients younger and older than 65") and, where both state
    one, at its time point and dose; ``measured``: a function the unit names names the tests of it ("kidney function
    stayed the same" reports "eGFR did not change" again; never read for a conflict: "people with reduced kidney
    function" describes whom a trial enrolled, round 52)."""
    people = populations(unit)
    # nothing happened to anyone: a unit about a subgroup of those the finding is about is about them too
    named = stems(_MODEL.sub(" ", unit)) | (_DURATION if _DURATION_WORD.search(unit) else frozenset())
    if measured:
        named |= stems(measuring_tests(unit))
    if _DISCHARGE.search(unit):  # "left hospital two days earlier": a shorter stay in hospital
        named |= _STAY
    if _BLOOD.search(unit):  # "uric acid levels in the blood" name the serum urate a trial measured
        named |= _SAMPLED
    # "Bleeding was similar", "Carriers bled more" for "Bleeding did not differ between carriers and non-carriers":
    # the groups compared may be left out where the unit names nothing else the finding does not
    rest = finding.subject - finding.groups
    if "non" not in finding.subject and finding.subject & stems(" ".join(_NON.findall(unit))):
        return False  # "non-major bleeding" names no major bleeding (round 34)
    if not (
        finding.subject <= named
        or (rest and rest <= named and not stems(unit) - FRAME - finding.subject - finding.groups)
    ):
        return False
    group = bool(people) and people <= finding.populations and stems(" ".join(finding.populations)) <= finding.groups
    if not (finding.populations <= people if finding.absence else finding.populations == people) and not group:
        return False
    own = quantities(unit)
    for kind in _MATCHED_KINDS:
        # "two days earlier": a difference between the groups, not a time point or dose of the finding's
        mine = [q for q in own if q.kind == kind and not _DIFFERENCE_AFTER.match(unit, q.end)]
        theirs = [q for q in finding.quantities if q.kind == kind]
        # of doses, each the finding compares ("the 10 mg dose did not differ from 1 mg": not the unit's 25 mg)
        if mine and theirs and not (all if kind == "mass" else any)(any(t.equals(a) for a in mine) for t in theirs):
            return False
        # a stratum the finding bounds by a figure ("fewer than 10 years of night work") that the unit does not
        # name: "long-term night work was linked to diabetes" is about the others
        if not mine and any(t.approximate and not t.about for t in theirs):
            return False
    return True


_NON = re.compile(r"\bnon-(\w+)", re.IGNORECASE)
_MODEL = re.compile(
    r"\ban?\s+(?:[\w-]+\s+){0,2}?model\s+of\s+[^,.;]*|\b(?:after|at|from|since|following)\s+(?:the\s+)?birth\b",
    re.IGNORECASE,
)
"""The disease model a study used ("in a model of placental insufficiency caused by excess sFlt-1"): what was
studied in, not an outcome it reports on (round 160); and when a newborn's outcome came, "after birth" (round 178:
"fewer had breathing difficulties after birth" names no "birth before 37 weeks")."""
_DURATION_WORD = re.compile(
    r"\b(?:shorten(?:ed|s)?|prolong(?:ed|s)?|shorter|longer|lengthen(?:ed|s)?|quicker|faster|sooner)\b", re.IGNORECASE
)
_DURATION = frozenset({"durat", "time", "lengt"})
_DISCHARGE = re.compile(
    r"\b(?:left|leave|leaving|discharged|went\s+home|stayed|stays)\b(?:\s+[\w-]+){0,5}?\s+"
    r"(?:earlier|sooner|later|longer|shorter|less|more)\b",
    re.IGNORECASE,
)
_STAY = stems("length of hospital stay")
_BLOOD, _SAMPLED = re.compile(r"\bblood\b", re.IGNORECASE), stems("serum plasma")
_DIFFERENCE_AFTER = re.compile(r"\s+(?:earlier|sooner|later|shorter|longer|more|less|fewer|faster|slower)\b", re.I)
"""A unit that shortens or prolongs something names its duration ("shortened diarrhoea": its duration, time)."""


def contradicts(unit: str, finding: NullFinding) -> bool:
    """Whether ``unit`` :func:`asserts_effect` on what ``finding`` reports absent, or says what ``finding`` says never
    happened happened (:func:`asserts_occurrence`); it :func:`names` the subject either way.

    >>> contradicts("Two children had adverse events.", null_finding("No adverse events were recorded."))
    True
    >>> contradicts("Two children had rashes.", null_finding("No adverse events were recorded."))
    False

    Two treatments found no different (:func:`~medhal.text.interventions.treatment_pair`) are contradicted only by a
    unit that sets one against the other:

    >>> finding = null_finding("Candesartan and propranolol did not differ in efficacy.")
    >>> contradicts("Propranolol slowed the heart rate, but candesartan was more effective than propranolol.", finding)
    True
    >>> contradicts("Candesartan caused dizziness more often than placebo.", finding)
    False

    A composite ("A or B") is not the component a null finding is about (:func:`within_either`), nor is one kind
    of it ("lung cancer deaths" against "overall mortality did not differ", :func:`narrows`).
    """
    happened = finding.absence and asserts_occurrence(unit)
    return (
        not finding.subject <= _SPECIMENS  # "serum B12 had normalised" read as "serum": no measure named (round 246)
        and (asserts_effect(unit) or happened)
        and names(unit, finding, measured=function_changed(unit))
        and not (finding.absence and names_as_modifier(unit, finding.subject))
        and not within_either(unit, finding.subject)
        and (finding.absence or not narrows(unit, finding.subject))
        # an adjusted null finding denies only an adjusted effect ("independently associated"): the crude one may hold
        and (not finding.adjusted or ADJUSTING.search(unit) is not None)
        and (not finding.head_to_head or compares_groups(unit, finding.groups, stems))
    )


_SPECIMENS = frozenset({"serum", "blood", "plasm", "urine"})
"""Stems of what a sample is taken from, which name no measure by themselves."""


def null_finding_conflict(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` reports a null finding about a subject ``unit`` names whole while ``unit`` asserts an
    effect (module docstring).

    >>> null_finding_conflict("all-cause mortality was significantly lower with early rhythm control",
    ...                       "Mortality from any cause did not differ significantly between the groups.")
    True
    >>> null_finding_conflict("all-cause mortality did not differ significantly between groups",
    ...                       "Mortality from any cause did not differ significantly between the groups.")
    False
    """
    return any(contradicts(unit, finding) for finding in null_findings(sentence))


def agrees(unit: str, finding: NullFinding) -> bool:
    """Whether ``unit`` reports ``finding`` again in other words: every part of the unit that says anything
    reports a null finding (:func:`reports_null_finding`; no part asserts an effect), and the unit names the
    finding's whole subject, in its populations, at its time point and dose (:func:`names`).

    >>> finding = null_finding("There was no significant difference in the incidence of term preeclampsia.")
    >>> agrees("Aspirin made no significant difference to preeclampsia at term.", finding)
    True
    >>> agrees("Aspirin significantly reduced preeclampsia at term.", finding)
    False
    """
    parts = [q for p in finding_parts(unit) for q in re.split(r",\s+(?=and\s)", p)]  # "X was lower, and nobody had Y"
    if not any(reports_null_finding(p) for p in parts):
        return False
    if any(asserts_effect(p) for p in parts if not reports_null_finding(p)):
        return False
    return names(unit, finding, measured=True)
