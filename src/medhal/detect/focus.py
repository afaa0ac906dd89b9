"""Which of a unit's windows may contradict it (issue 14): the contradiction focus of the aligned verdict rule
(:mod:`medhal.detect.alignment`).

A window may contradict a unit only when every one of its sentences is aligned with the unit;
:func:`contradiction_focus` also takes that right away from a window whose best-aligned sentence does not say the
opposite of the unit, however the small encoder reads the pair: an aim, a question or a hypothesis; a sentence about
other people or another outcome; whom a trial enrolled or how it assigned them, against a finding; a negated
restatement; a negation that denies nothing the unit says; a measurement against a finding; figures that order the
unit's groups its way or say its figures in another form; a non-significant result against a unit reporting none;
one finding of a two-finding sentence that says what the unit says; the same comparison told from the other arm, or
with its direction and a condition both turned; a sentence that goes the unit's way but leaves out a figure the
evidence states elsewhere. Split out of :mod:`medhal.detect.cues` (which names the sentences that *do* contradict)
when that module reached the 500-line limit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache

import numpy as np

from medhal.detect.alignment import (
    EvidenceIndex,
    about_else,
    negation_agrees,
    opposite_ways,
    restates,
    restates_in_part,
)
from medhal.detect.chunking import Window
from medhal.text.abbreviations import spelled_out
from medhal.text.arms import converse, negated_converse
from medhal.text.assertions import (
    asks,
    calls_for_research,
    denies_proof,
    describes_allocation,
    describes_measurement,
    only_condition,
    opens_predicate,
    opens_relative,
)
from medhal.text.associations import same_association
from medhal.text.bounds import bound_holds
from medhal.text.bracket_order import bracket_agrees
from medhal.text.comparisons import change_order
from medhal.text.derived import lay_count, near_estimate
from medhal.text.drug_names import is_drug_name
from medhal.text.figure_agreement import figures_agree
from medhal.text.figures import states_each, unstated_quantities
from medhal.text.findings import asserts_effect, finding_parts, finding_subject, reports_null_finding
from medhal.text.fragments import states_no_predicate
from medhal.text.instructions import same_instruction
from medhal.text.lexical import direction_conflict, directions, has_negation, negated
from medhal.text.negation import negation_targets
from medhal.text.null_denied import says_equally
from medhal.text.number_forms import is_age
from medhal.text.placement import counted
from medhal.text.quantities import Quantity, quantities
from medhal.text.recommendations import advises_against, grades_pointed
from medhal.text.significance import nonsignificant
from medhal.text.synonyms import alignment_tokens, canonical_stems
from medhal.text.temporal_order import order_restated
from medhal.text.ways import clause_texts, denies_only_more, naive_restated, only_with_restated, prevention_restated

__all__ = ["contradiction_focus"]


def contradiction_focus(
    index: EvidenceIndex, unit: str, by_sentence: np.ndarray, windows: Sequence[Window], threshold: float
) -> np.ndarray:
    """For each of the unit's ``windows``, the alignment that lets it contradict the unit (its worst-aligned
    sentence's; ``by_sentence``: the unit's alignment with each evidence sentence, as
    :func:`medhal.detect.cues.number_cue`), 0 where it may not: a window holding an aim, a question or a
    hypothesis; every window of a fragment that asserts nothing (:func:`~medhal.text.fragments.states_no_predicate`)
    or a relative clause cut from what it qualifies (:func:`~medhal.text.assertions.opens_relative`) or a predicate
    cut from its subject (:func:`~medhal.text.assertions.opens_predicate`);
    an aligned window whose best sentence is the unit's negated restatement, or for a negated unit a sentence without
    a negation that says nothing the unit's negation denies (:func:`~medhal.text.negation.negation_targets`), for
    a unit stating a finding a sentence that says what was measured, or a sentence whose figures by group give the
    unit's change between two groups' levels the same way (:func:`~medhal.text.comparisons.change_order`) or that
    states every figure of the unit, in any form, and says no opposite way
    (:func:`~medhal.text.figure_agreement.figures_agree`: what the encoder reads there is the form of the figures), or,
    where another sentence states the unit's two or more
    figures together, a sentence about other figures (a subgroup's medians against the overall ones)."""
    focus = np.array([by_sentence[w.first : w.stop].min() for w in windows], dtype=np.float64)
    if index.assertive:  # a window holding an aim, a question or a hypothesis cannot contradict
        focus[[not all(index.assertive[w.first : w.stop]) for w in windows]] = 0.0
    # a fragment or a question asserts nothing the encoder can judge alone; a relative clause cut from its antecedent
    # says nothing of what "it" is, nor a predicate cut from its subject of whom (rounds 38, 51)
    if states_no_predicate(unit) or asks(unit) or opens_relative(unit) or opens_predicate(unit):
        focus[:] = 0.0
    if only_condition(unit):  # "or if her sodium is already under 135 before treatment." (round 56)
        focus[:] = 0.0
    finding = asserts_effect(unit) or reports_null_finding(unit)
    negation, plain = has_negation(unit), not negated(unit)
    null = negation and reports_null_finding(unit)
    evidence = " ".join(index.sentences)
    figures = quantities(unit)

    @cache
    def told() -> bool:
        """Every figure of the unit is stated somewhere in the evidence, in some form (read once, when needed)."""
        return not unstated_quantities(unit, index.quantities)

    @cache
    def told_together() -> frozenset[str]:
        """The sentences that state the unit's two or more figures together (or its one measurement), each exactly
        and of its kind, where the unit's are all exact (not "five years ... one-week" through "5 fractions over 1
        week"): what the unit is about ("median PFS was 10.9 months with toraparib versus 8.2 months with placebo"
        is the subgroup sentence's "median PFS was 10.9 versus 8.2 months", not the overall "22.1 months versus 11.3
        months"; round 20).  Read once, when needed."""
        # a number word naming a technique or a regimen ("two-point compression", "three-drug") is no figure of it
        named = [
            q for q in figures if not (q.kind == "count" and "-" in q.text and not any(c.isdigit() for c in q.text))
        ]
        # a share hedged as a point estimate is its figure too ("about 2% ... compared with nearly 8%" for "2.3% ...
        # and 7.9%": round 169), read near it as far_off reads one
        hedged = [q for q in named if q.about and q.kind == "percent" and not lay_count(q)]
        own = [q for q in named if not q.approximate and not lay_count(q)] + hedged
        # one figure is enough when it is a measurement ("to 38% of baseline", a decimal "1.1 mmHg"), which anchors
        # the unit to the sentence stating it, not a whole count or a time any sentence may hold (round 138)
        measured = len(own) == 1 and (
            not own[0].kind.startswith(("count", "time", "label:")) or (own[0].kind == "count" and "." in own[0].text)
        )
        if (len(own) < 2 and not measured) or len(own) < len(named):
            return frozenset()
        exact = [q for q in own if q not in hedged]
        return frozenset(
            s
            for s in index.sentences
            if states_each(exact, (said := quantities(s)), of_kind=True)
            and all(any(e.kind == q.kind and near_estimate(q, e.value) for e in said) for q in hedged)
        )

    def cannot_contradict(best: str) -> bool:
        # a unit is not contradicted by a sentence about other people or another outcome (a composite of which it
        # names one component); a negated unit not by its negated restatement, nor by a sentence that says nothing
        # its negation denies (nor a plain unit by a negation that denies nothing it says); nor a finding, nor
        # any unit that does not itself say what was measured, by a measurement ("The primary outcome was
        # myocardial infarction or cardiac death" against "none died of cardiac causes"); nor a unit by figures
        # that say what it says in another form
        return (
            about_else(unit, best, evidence)
            or negation_agrees(best, unit)
            or naive_restated(unit, best)  # "who had never had a biologic before" is "biologic-naive" (round 218)
            or prevention_restated(unit, best)  # "so that resistance does not spread" (round 218)
            or only_with_restated(unit, best)  # "only be started with a plan" is "do not start without one" (r. 230)
            or denies_only_more(best, unit)  # "without more ear canal infections": "infections were uncommon" (r. 238)
            or (negation and not negated(best) and not negation_targets(unit, best))
            or (plain and has_negation(best) and not negation_targets(best, unit))
            or (describes_measurement(best) and (finding or not _SPEAKS_OF_MEASURES.search(unit)))
            or (finding and describes_allocation(best))  # whom a trial enrolled, against what it found
            or (negation and denies_proof(unit, best))  # "it cannot show that X causes Y" against an association
            or change_order(unit, best) is True
            # "less frequent, at 20% versus 33%" against "occurred in 20% versus 33%", of what the unit names
            or (bracket_agrees(unit, best) and bool(said := finding_subject(unit)) and said <= alignment_tokens(best))
            or _only_figures_differ(unit, best)
            # a unit reporting no effect is not contradicted by a result whose interval holds no effect, nor by a
            # possibility with no effect ("Children ... may need hospital or intensive care admission": round 221)
            or (null and nonsignificant(best))
            or (null and _POSSIBLE.search(best) is not None and not asserts_effect(best) and not directions(best))
            # nor a null unit giving its own interval that holds no effect, by a sentence stating it among others
            # ("did not differ significantly (aOR 0.91, 95% CI 0.63-1.31)" against "..., 0.91 (95% CI 0.63-1.31) for
            # levetiracetam and 1.78 (95% CI 1.24-2.55) for carbamazepine"; round 142)
            or (null and nonsignificant(unit) and figures_agree(unit, best))
            # nor a unit by a sentence one of whose findings says what it says ("..., although X was higher")
            or restates_in_part(best, unit)
            or converse(unit, best, index.arms)  # "less with A" is "more with B"
            or negated_converse(unit, best)  # "less frequent when given" is "more frequent when not given"
            # nor by a sentence that says what it says but for how much or how long ("transiently higher")
            or (_DEGREE.search(unit) is not None and restates(best, _DEGREE.sub("", unit)))
            or _same_way_in_part(unit, best)  # "transiently higher" against "..., at the cost of a transient rise"
            or _clause_its_way(unit, best)  # "less hungry" against "hunger was lower (...), and more patients ..."
            or same_association(unit, best)  # "Higher lead was linked to lower IQ" against "... with lower scores"
            or _of_other_agents(unit, best, index.sentences)  # "SSRIs did not reduce pain" against the SNRI sentence
            or _of_other_kind(unit, best, index.sentences)  # "Serious adverse events" against "Gastrointestinal ..."
            or _other_side(unit, best)  # "started after 48 hours" against "started within 48 hours" (round 149)
            or order_restated(unit, best)  # "Only after that should he go back to X" against "..., before X"
            or same_instruction(unit, best)  # "phosphate should be checked if ..." against "check phosphate if ..."
            # "the difference between the two schedules was tiny" against "... was not statistically significant"
            or (_SMALL_DIFFERENCE.search(unit) is not None and (nonsignificant(best) or reports_null_finding(best)))
            # "is not routinely advised" against "The panel suggests against routine measurement": advice against, both
            or (advises_against(unit) and advises_against(best))
            or grades_pointed(unit)  # "although this is only a weak recommendation": of the clause before (r. 246)
            # "reduced X by about 23%" against "lowered X", the 23% stated elsewhere
            or (bool(figures) and _figure_left_out(unit, figures, best) and told())
            or (calls_for_research(unit) and calls_for_research(best))  # what is not yet known, either way
            # nor a unit reporting no difference by a sentence reporting none about its subject ("Reporting was
            # similar in academic-affiliated" against "Reporting rates did not differ between academic-affiliated
            # and non-affiliated hospitals", P(C) from the encoder; round 142)
            or _no_difference_either(read_unit(), best)
            # nor by a sentence about other figures than those another sentence states the unit's together in
            or (best not in told_together() and bool(told_together()))
        )

    @cache
    def read_unit() -> str:
        """The unit as the spelled sentences read: "Sensitivity in PD" is "Sensitivity in Parkinson's disease" (round
        149).  Read once, when needed."""
        return spelled_out(unit, dict(index.abbreviations)) if index.abbreviations else unit

    decided: dict[int, bool] = {}  # windows share their best sentence: each is read once
    for k, w in enumerate(windows):
        if focus[k] < threshold:
            continue
        i = w.first + int(np.argmax(by_sentence[w.first : w.stop]))
        if i not in decided:  # the sentence as its reader reads it: "CEA patients" are carotid endarterectomy patients
            decided[i] = cannot_contradict(index.spelled[i] if index.spelled else index.sentences[i])
        if decided[i]:
            focus[k] = 0.0
    return focus


_SMALL_DIFFERENCE = re.compile(
    r"\bdifferences?\b[^.;]*?\b(?:was|were|is|are|seemed|looked)\s+(?:(?:very|only|quite|fairly)\s+)?"
    r"(?:tiny|small|minimal|negligible|trivial|slight|marginal)\b",
    re.IGNORECASE,
)
"""A difference said to be small: no effect claimed that a non-significant result could deny (round 165)."""
_AGE_RANGE = re.compile(r"\b(?:aged|ages?)\s+(?:between\s+|from\s+)?\d+\s*(?:-|–|to|and)\s*$", re.IGNORECASE)


def _an_age(sentence: str, t: Quantity) -> bool:
    """Whether ``t`` is an age ("aged 60 to *85 years*"): no rival of a duration ("for a median of about 12
    years" against the methods' ages; round 45)."""
    before = sentence[: t.start]
    return is_age(before, t.number) or (_AGE_RANGE.search(before) is not None and t.number <= 120)


_DEGREE = re.compile(
    r"\b(?:transiently|temporarily|briefly|initially|slightly|modestly|marginally|somewhat|markedly|substantially|"
    r"considerably|moderately|significantly|far|much)\s+",
    re.IGNORECASE,
)
"""Words of how much or how long a unit's finding held, which a sentence saying the same finding may leave out: a
small encoder reads "Blood glucose was transiently higher with dexamethasone" against "Blood glucose 4 hours after
surgery was higher with dexamethasone (7.8 vs 6.4 mmol/L)" as a contradiction (P(C) 0.96)."""

_SPEAKS_OF_MEASURES = re.compile(
    r"\b(?:outcomes?|end\s*-?\s*points?|measured|assessed|recorded|collected|defined|primary|secondary)\b", re.I
)
"""A unit that says what a study measured, which a sentence defining its outcomes may contradict."""


def _no_difference_either(unit: str, sentence: str) -> bool:
    """Whether ``unit`` reports only a null finding and a part of ``sentence`` reports one about the unit's subject."""
    if not reports_null_finding(unit) or asserts_effect(unit):
        return False
    subject = finding_subject(unit)
    # most of the subject, in other words for the rest ("Sensitivity in PD was similar whether patients had been ill
    # for less or more than 5 years" against "sensitivity did not differ by disease duration"; round 149)
    return bool(subject) and any(
        reports_null_finding(part) and _most_of(subject, finding_subject(part)) for part in finding_parts(sentence)
    )


def _most_of(subject: frozenset[str], theirs: frozenset[str]) -> bool:
    """Whether ``theirs`` holds ``subject`` whole, or two or more of its stems and at least three in five."""
    shared = len(subject & theirs)
    return shared == len(subject) or (shared >= 2 and shared >= 0.6 * len(subject))


def _only_figures_differ(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` states every figure of ``unit`` (:func:`~medhal.text.figure_agreement.figures_agree`),
    says no opposite way and denies nothing the unit says (nor the unit anything it says): all the two may differ in
    is the form of the figures, which the cues read and the encoder does not ("about 6%" for "769 of 12,927"), or a
    bound the sentence's figure meets ("In over 150,000 women who had taken alendronate for at least three years"
    against "156,236 women ... who had taken alendronate for at least 3 years", P(C) 0.69: :func:`_bounds_met`)."""
    if not (figures_agree(unit, sentence) or _bounds_met(unit, sentence)):
        return False
    # of a sentence of several findings, the one that states the unit's figures ("..., whereas flares during months
    # 6-12 were less frequent (17.5% vs 31.4%)": the other's "did not differ" denies nothing the unit says; round 36)
    part = next((p for p in finding_parts(sentence) if figures_agree(unit, p)), sentence)
    part = _figure_clause(unit, part)
    return (
        (not direction_conflict(unit, part) or _ways_in_order(unit, part))
        and not opposite_ways(unit, part)
        # "was needed about as often in both groups" against "did not differ": the same null finding (round 151)
        and not (has_negation(part) and negation_targets(part, unit) and not says_equally(unit))
        and not (has_negation(unit) and negation_targets(unit, part))
    )


def _ways_in_order(unit: str, part: str) -> bool:
    """Whether ``unit`` and ``part`` each say two or more ways, in the same order, figure by figure ("raised
    sensitivity to 89.5% at the cost of lower specificity (66.0%)" against "increased sensitivity to 89.5% but
    lowered specificity to 66.0%"; round 152): the word-by-word conflict of their opposite words is no conflict."""
    mine, theirs = _ways(unit), _ways(part)
    return len(mine) >= 2 and mine == theirs


def _ways(text: str) -> list[str]:
    """The ways ``text``'s direction words say, in order, a way repeated at once said once."""
    out: list[str] = []
    for word in re.findall(r"[A-Za-z]+", text):
        way = directions(word)
        if len(way) == 1 and (not out or out[-1] != next(iter(way))):
            out.append(next(iter(way)))
    return out


def _figure_clause(unit: str, part: str) -> str:
    """Of a ``part`` of several clauses, the one that states the unit's figures, when the others deny nothing the
    unit says beyond the words of that clause: "Invasive procedures for benign disease were performed in 14
    participants (0.3%), | and there were no procedure-related deaths" for "very few people (0.3%) underwent an
    invasive procedure for ... benign disease" (P(C) 0.68 from the encoder; round 34), for the other clauses share
    none of the unit's other words; not for "very few people (0.3%) died after an invasive procedure"."""
    clauses = clause_texts(part)
    stating = [c for c in clauses if figures_agree(unit, c)]
    if len(clauses) < 2 or len(stating) != 1:
        return part
    rest = canonical_stems(unit) - canonical_stems(stating[0])
    return stating[0] if not any(rest & canonical_stems(c) for c in clauses if c is not stating[0]) else part


def _bounds_met(unit: str, sentence: str) -> bool:
    """Whether ``unit`` states a bound ("over 150,000") and ``sentence`` states, for each figure of the unit, the same
    figure, an exact one of its kind the bound holds for (156,236; round 18; not "up to 17 cycles" for "up to 35"), or
    for a hedged point estimate one near it ("about 600 stroke patients aged over 80" for "612 patients aged 81-97
    years": round 222, P(C) 0.77)."""
    own, theirs = quantities(unit), quantities(sentence)
    held = [bound_holds(unit, q, 0.0) is not None for q in own]  # which are bounds (for any value: not None)
    if not any(held):
        return False
    return all(
        any(q.equals(t) for t in theirs)
        or (bound and any(t.kind == q.kind and not t.approximate and bound_holds(unit, q, t.value) for t in theirs))
        or (q.about and any(t.kind == q.kind and not t.approximate and near_estimate(q, t.value) for t in theirs))
        for q, bound in zip(own, held, strict=True)
    )


def _of_other_agents(unit: str, sentence: str, sentences: Sequence[str]) -> bool:
    """Whether ``sentence`` is about other treatments than ``unit``: the unit names drugs or drug classes (an INN or a
    capitalised abbreviation, "SSRIs"), the sentence names others and none of the unit's, and another evidence
    sentence names all of the unit's (round 48: "and SSRIs, did not reduce pain compared with placebo", P(C) 0.78
    against "Serotonin-noradrenaline reuptake inhibitors (SNRIs, ...) reduced pain compared with placebo", where the
    review reports the SSRIs in a sentence of their own).  What a sentence says of one treatment says nothing of
    another's effect; the sentence about the unit's is the one to read it against."""
    own, theirs = _agents(unit), _agents(sentence)
    return bool(own and theirs) and not own & theirs and any(own <= _agents(s) for s in sentences if s != sentence)


def _other_side(unit: str, sentence: str) -> bool:
    """Whether ``unit`` speaks of the other side of a time the sentence bounds ("Starting oseltamivir after 48 hours
    was not associated with lower mortality" against "Oseltamivir started within 48 hours was associated with lower
    mortality"; round 149): another stratum, which neither restates nor denies the unit."""
    mine = {(q.value, _SIDE[m.group(1).lower()]) for q, m in _bounded_times(unit)}
    theirs = {(q.value, _SIDE[m.group(1).lower()]) for q, m in _bounded_times(sentence)}
    return any((value, not side) in theirs and (value, side) not in theirs for value, side in mine)


def _bounded_times(text: str) -> list[tuple[Quantity, re.Match[str]]]:
    """The times of ``text`` with the bound word right before them ("within 48 hours", "after 48 hours")."""
    out: list[tuple[Quantity, re.Match[str]]] = []
    for q in quantities(text):
        m = _BOUND_BEFORE.search(text, max(0, q.start - 16), q.start)
        if q.kind == "time" and m is not None:
            out.append((q, m))
    return out


_BOUND_BEFORE = re.compile(r"\b(within|before|after|beyond)\s+(?:the\s+first\s+)?$", re.IGNORECASE)
_SIDE = {"within": True, "before": True, "after": False, "beyond": False}
"""Whether a bound word means the time up to its figure (True) or past it (False)."""


def _of_other_kind(unit: str, sentence: str, sentences: Sequence[str]) -> bool:
    """Whether ``unit``'s subject is a kind of a thing ("Serious adverse events were not more common than with
    placebo") that ``sentence`` names of another kind ("Gastrointestinal adverse events were more frequent") and
    another sentence names as the unit does ("Serious adverse events did not differ from placebo"; round 146)."""
    m = _KIND_SUBJECT.match(unit)
    if m is None:
        return False
    kind, thing = m.group("kind").lower(), m.group("thing")
    other = re.search(rf"\b([A-Za-z-]+)\s+{re.escape(thing)}\b", sentence, re.IGNORECASE)
    if (
        other is None
        or other.group(1).lower() in (kind, "the", "of", "and", "or", "all", "any")
        or kind in sentence.lower()
    ):
        return False
    whole = re.compile(rf"\b{re.escape(m.group('kind'))}\s+{re.escape(thing)}\b", re.IGNORECASE)
    return any(whole.search(s) for s in sentences if s != sentence)


_KIND_SUBJECT = re.compile(
    r"\W*(?:the\s+)?(?P<kind>[A-Za-z][\w-]+)\s+(?P<thing>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)\s+(?:was|were|did|had|occurred)\b"
)
"""A unit opening with a subject of a kind and a thing ("Serious adverse events were")."""


@lru_cache(maxsize=4096)
def _agents(text: str) -> frozenset[str]:
    """The drugs (by INN) and drug-class abbreviations ``text`` names, lower-cased, without a plural "s"."""
    words = (w.group() for w in _AGENT.finditer(text))
    return frozenset(w.lower().removesuffix("s") for w in words if w.isupper() or w[:-1].isupper() or is_drug_name(w))


_AGENT = re.compile(r"\b[A-Z]{2,6}s\b|\b[A-Z]{3,6}\b|\b[A-Za-z][a-z]{5,}\b")
"""A capitalised abbreviation, plural or not ("SSRIs", "SNRI"), or a word long enough to be an INN ("Rivaroxaban"
opening a sentence too)."""


def _same_way_in_part(unit: str, sentence: str) -> bool:
    """Whether the finding of a sentence of several that names the unit's subject goes the unit's one way, in any
    words, and the sentence otherwise says what the unit says (:func:`~medhal.detect.alignment.restates_in_part`
    with the unit's direction words left out): "Blood glucose was transiently higher with dexamethasone" against
    "Adding dexamethasone ... reduced nausea and vomiting ..., at the cost of a transient rise in blood glucose"
    (P(C) 0.96 from the encoder, which reads "reduced" against "higher")."""
    way = directions(unit)
    parts = finding_parts(sentence)
    if len(way) != 1 or len(parts) < 2 or has_negation(unit):
        return False
    subject = finding_subject(unit)
    named = max(parts, key=lambda part: len(subject & finding_subject(part)))
    if directions(named) != way or has_negation(named):
        return False
    # "completely clear skin was more common" says "greater complete skin clearance": how often is the way (r. 218)
    plain = " ".join(word for word in _MORE_OFTEN.sub(" ", unit).split() if not directions(word))
    return restates_in_part(sentence, plain)


_POSSIBLE = re.compile(r"\b(?:may|might|could|can)\s+(?!not\b)[a-z]+", re.IGNORECASE)
_MORE_OFTEN = re.compile(r"\b(?:more|less)\s+(?:common|frequent|often|likely)\b", re.IGNORECASE)


def _clause_its_way(unit: str, sentence: str) -> bool:
    """Whether a clause of ``sentence`` holds every content word of ``unit`` (figures and the people it speaks of
    aside) and goes the unit's one way, neither of them negated: "People on the low-residue diet were less hungry"
    against "On a 10-point scale, hunger before the procedure was lower with the low-residue diet (3.1 vs 5.4;
    p<0.001), and more patients were willing to repeat the same preparation (...)" (P(C) 0.94; round 32: the
    sentence's second finding goes the other way, and a clause split, not a turn of finding, divides them)."""
    way = directions(unit)
    words = canonical_stems(unit) - _PEOPLE
    if len(way) != 1 or not words or has_negation(unit):
        return False
    return any(_holds(words, c) and directions(c) == way and not has_negation(c) for c in clause_texts(sentence))


def _holds(words: frozenset[str], clause: str) -> bool:
    """Whether ``clause`` holds each of the stems ``words``, as a word's stem or inside a prefixed word ("within the
    thyroid" in "intrathyroidal"; round 141)."""
    inner = clause.lower()
    return all(len(w) >= 5 and w in inner for w in words - canonical_stems(clause))


_PEOPLE = canonical_stems("patients participants")


def _figure_left_out(unit: str, figures: Sequence[Quantity], sentence: str) -> bool:
    """Whether ``sentence`` leaves out one of the unit's ``figures`` (each stated elsewhere in the evidence) and says
    the unit's one way, neither of them negated: "colchicine reduced ischaemic events by about 23%" (the hazard ratio
    0.77 stated in the results) against the conclusion "colchicine led to a significantly lower risk of ischaemic
    cardiovascular events" (P(C) 0.83: what the encoder and the lexical head read there is the missing figure, and
    the figures are the cues' to judge, against the sentences that state them).  Of a sentence of two findings ("a
    lower risk of ischaemic events but a higher risk of haemorrhage") the part about the unit's subject is read.  Two
    that state no way at all leave the encoder nothing but the figure either: "Nearly half of US residents (45%)
    reported symptoms of burnout" against the conclusion "Nearly half of residents report burnout" (P(C) 0.70, 0.26
    without "(45%)"; the 45.2% stated in the results; round 18): an exact figure, for which the sentence states no
    exact rival of its kind (not "for up to 35 cycles" against "for up to 17 cycles"), a rival of the same thing
    (round 19: "a trial of 2,412 bleeding trauma patients treated within three hours" against the methods' "trial at
    14 hospitals, adults with major trauma ... treated within 3 hours", P(C) 0.72: hospitals are no patients)."""
    way = directions(unit)
    parts = finding_parts(sentence)  # of a two-finding sentence, the part about the unit's subject
    subject = finding_subject(unit)
    named = max(parts, key=lambda part: len(subject & finding_subject(part))) if len(parts) > 1 else sentence
    if len(way) > 1 or directions(named) != way or has_negation(unit) or has_negation(named):
        return False
    theirs = quantities(sentence)
    left = [q for q in figures if not any(q.equals(t) for t in theirs)]
    if not way:  # with no way to read, only a figure the sentence has no exact rival for (not "35 cycles"); a hedged
        # point estimate too ("just over 20,000 children ... were randomised" against the methods; round 33), no bound
        own = [q for q in left if not lay_count(q) and (not q.approximate or q.about)]
        return bool(own) and not any(
            t.kind == q.kind and not t.approximate and counts & _counted_noun(sentence, t) and not _an_age(sentence, t)
            for q, counts in ((q, _counted_noun(unit, q)) for q in own)
            for t in theirs
        )
    return bool(left)


def _counted_noun(text: str, q: Quantity) -> frozenset[str]:
    """What ``q`` counts (:func:`~medhal.text.placement.counted`), its noun phrase only: "640 *adults* having induction
    chemotherapy" and "14 *centres* receiving induction chemotherapy" count different things (round 62: the methods'
    centres were read as a rival of the results' 640 adults, and the encoder's P(C) 0.85 stood)."""
    end = _NOUN_END.search(text, q.end)
    return counted(text if end is None else text[: end.start()], q)


_NOUN_END = re.compile(r"\s+(?:[A-Za-z]+ing|who|that|which|whose|with|from|at|in|for|of|on)\b", re.IGNORECASE)
"""Where a count's noun phrase ends: a participle, a relative or a preposition after it."""
