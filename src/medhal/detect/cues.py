"""The deterministic cues of the aligned verdict rule (:mod:`medhal.detect.alignment`), each naming the evidence
sentence that fires it.

* :func:`number_cue`: the changed-number cue (:func:`medhal.text.figures.number_conflicts`): the unit states a
  number, dose, duration or percentage that an aligned evidence sentence states differently, or a share in words
  ("most", "almost all", "only a few") that every percentage the sentence states of the same people excludes
  (:func:`medhal.text.quantifiers.share_conflicts`), or a relative change in words ("halved", "twice as common") far
  from the factor the sentence states between two groups (:func:`medhal.text.ratios.ratio_conflicts`), or gives a
  measure of accuracy or agreement another's figure or one the evidence states nowhere ("a sensitivity of 94%"
  where the specificity was 94%: :mod:`medhal.text.measures`), or gives a survival end point the figures of
  another ("overall survival ... 10.1 months" for progression-free survival: :mod:`medhal.text.endpoints`), or a
  GRADE certainty the evidence never gives (:mod:`medhal.text.certainty`), a dose at another frequency
  (:mod:`medhal.text.frequency`), a body part's other side (:mod:`medhal.text.laterality`), a drug a dose the
  evidence never gives it (:mod:`medhal.text.drug_doses`), another interval (:mod:`~medhal.text.changed_intervals`);
* :func:`null_finding_cue` (:mod:`medhal.detect.null_cue`): the null-finding cue: the unit asserts an effect
  on what an evidence sentence reports no difference, effect or occurrence for, or says happened in both groups
  what the sentence says happened in one only (:mod:`medhal.text.exclusive`), or claims an effect differs in a
  subgroup in which the sentence reports it the same (:mod:`medhal.text.modification`), or says something did
  equally well, or reports no effect on what the sentence shows an effect on with an interval that leaves out
  none, where no sentence reports the unit's null finding (:mod:`medhal.text.null_denied`) — `contradicted`;
* :func:`comparison_cue` (:mod:`medhal.detect.comparison_cue`): the reversed-comparison cue
  (:func:`medhal.text.comparisons.reverses`): the
  unit compares two groups on a measure for which an evidence sentence states a figure per group, the other way
  round, or a duration by group turned around (:mod:`medhal.text.durations`), or a count of people with an event
  moved to the other trial arm (:mod:`medhal.text.moved_counts`), or calls the most common an item a
  list ranks lower by its percentages (:mod:`medhal.text.superlatives`), or states the unit's association ("higher
  X was linked to lower Y") the other way (:mod:`medhal.text.associations`), or a difference in effect between two
  subgroups (:mod:`medhal.text.effect_order`), or a change with no groups (:mod:`medhal.text.trends`) —
  `contradicted`;
* :func:`negation_cue`: the denied-assertion cue (:func:`medhal.text.negation.flips_negation`): an evidence
  sentence holding all the unit's content words and numbers denies a word the unit asserts plainly ("should not be
  used" against "should be used", whatever other negations the two share), or the evidence only ever says the
  "un-" / "non-" form of a word the unit says before the same next word ("uncomplicated appendicitis",
  :func:`medhal.text.prefix_antonyms.prefix_antonym`), or an evidence sentence recommends the other way about what the
  unit's recommendation is about (:func:`medhal.text.recommendations.reversed_advice`), or gives a patient's
  instruction the other way (:func:`medhal.text.instructions.reversed_instruction`), or says needs more study
  before use in care what the unit calls ready for it (:func:`~medhal.text.recommendations.premature_use`), or has
  for it the person the unit says was against it (:func:`medhal.text.stances.stance_conflict`), or says only the
  other side of the unit's elective / emergency, laparoscopic / open or first- / second-line
  (:func:`medhal.text.antonyms.swapped_qualifier`) — `contradicted`;
* the design cue (:func:`medhal.text.designs.design_conflict`): the unit calls the study a trial where the
  evidence states an observational design, or the other way round, or misstates its blinding or calls it
  prospective where the evidence says retrospective (or the reverse) — `contradicted`;
* the excluded-population cue (:func:`medhal.text.exclusions.excluded_population`): the unit claims a finding for
  people the evidence says the study excluded ("The benefit was greatest in patients with septic shock" against
  "Patients with influenza or septic shock were excluded") — `contradicted`;
* :func:`contradiction_cue`: the first of the six that fires, in that order.

The cues read text only, so a detector finds them while it plans its verifier pairs and has the verifier read the
unit against the deciding sentence alone: the audit trail points at that sentence and its own P(C) (issue 14).  Two
more name no sentence: the unstated-figure cue (a figure the evidence states nowhere:
:func:`medhal.text.figures.unstated_quantities`) and the unnamed-subject cue (a measure the evidence never names:
:func:`medhal.text.unnamed.unnamed_subject`); such a unit is never `supported`, nor is one giving a name the
evidence never gives (an acronym, a proper noun, a drug: :func:`medhal.text.names.unstated_names`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.asked import Asked, asked_figure
from medhal.detect.comparison_cue import comparison_cue
from medhal.detect.group_cues import moved_figure, stated_pair_factor, subject_factor
from medhal.detect.null_cue import null_finding_cue
from medhal.detect.records import JSONObject
from medhal.detect.swapped_drugs import swapped_drug
from medhal.text.accuracy import auc_values, discrimination_conflicts, speaks_of_discrimination
from medhal.text.age_sides import swapped_age_side
from medhal.text.allocation import allocation_conflict, says_allocation
from medhal.text.antonyms import swapped_qualifier
from medhal.text.assertions import asks, opens_relative
from medhal.text.certainty import certainty_conflicts
from medhal.text.changed_intervals import interval_conflicts
from medhal.text.designs import design_conflict
from medhal.text.dose_changes import dose_turned
from medhal.text.drug_doses import dose_conflict
from medhal.text.endpoints import endpoint_conflicts
from medhal.text.exclusions import excluded_population, states_exclusion
from medhal.text.figures import number_conflicts
from medhal.text.findings import finding_parts
from medhal.text.fragments import states_no_predicate
from medhal.text.frequency import frequency_conflicts, interval_stated
from medhal.text.group_figures import group_figures
from medhal.text.hedged_pairs import pair_conflict
from medhal.text.instructions import reversed_instruction
from medhal.text.labels import setting_conflicts
from medhal.text.laterality import side_conflict
from medhal.text.measures import measure_conflicts
from medhal.text.negation import MODIFIER_TOKENS, flips_negation, negated_stems
from medhal.text.noninferiority import turned_equivalence
from medhal.text.placement import moved_across
from medhal.text.prefix_antonyms import prefix_antonym
from medhal.text.quantifiers import (
    proportion_given,
    quantified_shares,
    share_conflicts,
    shares_said_alike,
    shares_stated,
)
from medhal.text.quantities import Quantity
from medhal.text.ratios import both_groups_conflicts, ratio_conflicts, ratio_stated, ratio_words
from medhal.text.recommendations import premature_use, reversed_advice
from medhal.text.stances import stance_conflict
from medhal.text.synonyms import alignment_tokens, canonical_stems, canonical_text
from medhal.text.test_results import reversed_result

__all__ = [
    "CueKind",
    "FiredCue",
    "comparison_cue",
    "contradiction_cue",
    "cue_record",
    "negation_cue",
    "null_finding_cue",
    "number_cue",
]

CueKind = Literal["number", "null_finding", "reversed_comparison", "denied", "design", "excluded"]
"""Which contradicting cue fired (:class:`FiredCue`)."""


def number_cue(
    index: EvidenceIndex, unit: str, by_sentence: np.ndarray, threshold: float
) -> tuple[list[tuple[Quantity, Quantity]], int | None]:
    """The changed-number cue against the unit's aligned sentences (``by_sentence``: their alignment with the unit;
    aligned from ``threshold`` up) and the index of the sentence that fires it (``([], None)`` when none does).
    When no sentence is aligned, the best one aligned on what the evidence knows of the unit
    (:meth:`EvidenceIndex.alignment` with ``known_only``) may still state the rival, provided it is a number of the
    same thing (``anchored``).  A hedged figure is judged beside the figure it is compared with
    (:func:`~medhal.text.hedged_pairs.pair_conflict`): "at about 38% versus 21%" against "28% versus 21%"."""
    if speaks_of_discrimination(unit):  # "excellent" discrimination against every stated AUC (text/accuracy.py)
        graded = [i for i, sentence in enumerate(index.sentences) if auc_values(sentence)]
        found = [discrimination_conflicts(unit, index.sentences[i]) for i in graded]
        if graded and all(found):
            return found[0], graded[0]
    measured = measure_conflicts(unit, index.sentences)  # "a sensitivity of 94%" where specificity was 94%
    if measured is None:  # "of high certainty" where the review grades its evidence moderate and low
        measured = certainty_conflicts(unit, index.sentences)
    if measured is not None:
        return measured
    moved = moved_figure(index, unit)  # "vitamin C reduced it (38.5% vs 44.5%)" where vitamin C had 44.5%
    if moved is not None:
        return moved
    # "500 micrograms twice a day" for "0.5 mg once daily"; "the left eye" where the letter names only the right one;
    # "amlodipine 10 mg" where the letter gives amlodipine 5 mg only
    often = frequency_conflicts(unit, index.sentences) or side_conflict(unit, index.sentences)
    often = often or dose_conflict(unit, index.sentences)
    if often is not None:
        return often
    moved = interval_conflicts(unit, index.sentences, by_sentence, threshold)  # "seen in 12 weeks" for "in 8 weeks"
    if moved is not None:
        return moved
    hedged = pair_conflict(unit, index.sentences)  # "at about 38% versus 21%" for "28% versus 21%" (round 172)
    if hedged is not None:
        return [(hedged[1], hedged[2])], hedged[0]
    if says_allocation(unit):  # "twice as many got the medicine as got a dummy injection": "assigned 2:1" (r. 198)
        allocated = allocation_conflict(unit, index.sentences)
        return ([], None) if allocated is None else ([allocated[1:]], allocated[0])
    if ratio_words(unit):  # "doubled abstinence (7.7% vs 6.9%)": the sentence stating the unit's two figures
        paired = stated_pair_factor(index, unit) or subject_factor(index, unit, by_sentence)
        if paired is not None:
            return paired
    if not len(by_sentence):
        return [], None
    anchored = by_sentence.max() < threshold
    if anchored:
        by_sentence = index.alignment(unit, known_only=True)
    if float(by_sentence.max()) < threshold:
        return [], None
    # every aligned sentence, best aligned first (ties in document order): a unit of few words is aligned as
    # well with several sentences, and a unit of two facts ("relapse was 2% after a median follow-up of ten
    # years") with one sentence per fact; the first may state no rival number
    aligned = np.flatnonzero(by_sentence >= threshold)
    # a factor in words of a relative clause ("where risk was roughly halved") is of what the clause before names
    # "the great majority of children," cut from what it counts ("remain free of epilepsy"): whose share is not said
    shares = bool(quantified_shares(unit)) and not states_no_predicate(unit)
    factors = bool(ratio_words(unit)) and not opens_relative(unit)
    evidence = " ".join(index.sentences)
    for rank, best in enumerate(aligned[np.argsort(-by_sentence[aligned], kind="stable")]):
        sentence = index.sentences[best]
        conflicts = number_conflicts(unit, index.quantities, sentence, anchored=anchored, sentences=index.sentences)
        if not conflicts and shares:  # "most patients" against "29% of participants": a share in words
            conflicts = [c for c in share_conflicts(unit, sentence) if not proportion_given(c[0], index.quantities)]
            if conflicts and (
                _told_as_well(index, unit, by_sentence, int(best), shares_stated, anchored=anchored)
                or shares_said_alike(unit, index.sentences)
                or not _of_its_topic(index, unit, int(best))
            ):
                conflicts = []
        if not conflicts and factors:  # "halved" against 16.4% and 19.5%: a relative change in words
            conflicts = ratio_conflicts(unit, sentence)
            if conflicts and _told_as_well(index, unit, by_sentence, int(best), ratio_stated, anchored=anchored):
                conflicts = []
        if not conflicts:  # "just as common (56% in both groups)" against 56% with one dosing and 36% with the other
            conflicts = both_groups_conflicts(unit, sentence)
        if not conflicts and rank == 0:  # "type 1 diabetes" for "type 2 diabetes", "left" for "right"; moved figures
            conflicts = setting_conflicts(unit, sentence, evidence) or moved_across(unit, index.sentences, int(best))
        if not conflicts:  # "overall survival" given the figures of "progression-free survival"
            conflicts = endpoint_conflicts(unit, sentence)
        if conflicts:
            return conflicts, int(best)
    return [], None


def _told_as_well(
    index: EvidenceIndex,
    unit: str,
    by_sentence: np.ndarray,
    conflicting: int,
    told: Callable[[str, str], bool],
    *,
    anchored: bool = False,
) -> bool:
    """Whether a sentence other than the ``conflicting`` one, aligned with ``unit`` at least as well, gives a figure
    its words allow (``told``): "one in six of those children" where appendicitis was 38% of all and 16% of those,
    "misuse was twice as common" where adverse events were 35% and 30% and misuse 20% and 10%.  Which one the unit
    means is not known, so neither contradicts it.  ``anchored`` (no sentence aligned with the unit: the conflicting
    one was chosen by the few words it shares) and a clause cut from what it counts, which opens with its figure or
    a participle: any sentence may be the one it means ("seen in about one in six on opicapone", cut from its
    "dyskinesia", against diarrhoea in "1% on opicapone" where dyskinesia was "opicapone 16%"; "about one in eight
    compared with roughly one in six on saline", cut from "Fewer patients on the balanced fluid needed new dialysis":
    round 26).  So may any sentence for a clause about whom or what the clause before names ("in whom relapse was
    more than twice as common", of the subgroup the clause before names: round 161)."""
    anywhere = (anchored and _COUNTS_NOTHING.match(unit)) or _REFERS_BACK.match(unit)
    level = -1.0 if anywhere else by_sentence[conflicting]
    # a sentence naming what the unit names and the conflicting one does not ("simple seizures roughly doubled the
    # risk" against "three or more episodes had an adjusted HR of 4.9"; "HR 2.3 for simple ...": round 173)
    missing = {t for t in alignment_tokens(unit) - index.tokens[conflicting] if not t.startswith("#")} - _TOLD_WORDS
    return any(
        told(unit, s)
        for i, (s, a) in enumerate(zip(index.sentences, by_sentence, strict=True))
        if (a >= level or (missing and missing <= index.tokens[i])) and i != conflicting
    )


def _of_its_topic(index: EvidenceIndex, unit: str, sentence: int) -> bool:
    """Whether sentence ``sentence`` names something ``unit`` names besides the trial's arms and the people counted:
    a sentence chosen by a loose alignment ("about one in seven on placebo" of an improvement, against "Oral
    candidiasis occurred in 8% of bimekizumab-treated patients, 1% with adalimumab and 0% with placebo": round 188)
    may give the unit's groups the figures of another outcome."""
    said = index.sentences[sentence]
    groups = [f.group for part in finding_parts(said) for f in group_figures(part)]
    named = alignment_tokens(" ".join([*(index.arms or ()), *groups]))
    topic = {t for t in alignment_tokens(unit) - named - _WHO if not t.startswith("#")}
    return bool(topic & index.tokens[sentence])


_WHO = alignment_tokens(
    "people patients participants those women men children adults group groups arm treated placebo usual care"
)
"""Words naming who a share counts, never what."""
_TOLD_WORDS = alignment_tokens("doubled halved tripled twice times fold odds risk chance rate roughly about nearly")
"""Words of a relative change or a share in words, never what a sentence names that the conflicting one does not."""


_COUNTS_NOTHING = re.compile(
    r"\W*(?:(?:and|but)\s+)?(?:about|around|roughly|nearly|almost|approximately|just|some|seen|found|observed|"
    r"reported|affecting|occurring|compared)\b"
)
"""A clause cut from what it counts: it opens (lower case) with its figure or a participle."""
_REFERS_BACK = re.compile(
    r"\W*(?:(?:and|but)\s+)?(?:(?:in|among|for|of)\s+(?:whom|which)|where"
    r"|(?:\w+ly\s+)?(?:happened|occurred|arose|developed|were\s+seen|were\s+reported)\s+(?!in\b|among\b)"
    r"|(?-i:(?:was|were|is|are)\s+(?:\w+\s+){0,2}?(?:as|than)\s))\b",  # "was less than half as common" (r. 220)
    re.IGNORECASE,
)
"""A clause about whom or what the clause before names ("in whom", "among which", "where"), or a predicate whose
subject it names ("Serious harms were uncommon | but happened nearly three times as often with phenytoin": round
197)."""


def negation_cue(index: EvidenceIndex, unit: str) -> int | None:
    """The denied-assertion cue: the first evidence sentence that holds all the unit's content words and numbers and
    only ever says negated a word the unit asserts plainly (``None`` when none does).  Only the sentences whose
    tokens (:attr:`EvidenceIndex.tokens`, read once per item) hold all the unit's are read again."""
    wanted = alignment_tokens(unit) - MODIFIER_TOKENS  # "this extra dose" (text/negation.py)
    found = next(
        (
            i
            for i, (s, tokens) in enumerate(zip(index.sentences, index.tokens, strict=True))
            if wanted and wanted <= tokens and flips_negation(unit, s) is not None
        ),
        None,
    )
    # a subject cut from its predicate asserts nothing a sentence could deny ("Alcohol intake within recommended
    # limits" cut from "... and statin use showed no association", against "but not with alcohol intake within
    # recommended limits"; round 141), cut at its "and" with no mark; a unit ending at a mark has its predicate,
    # seen or not ("this extra dose also counts towards their routine schedule.", "The ablation removes the risk of
    # atrial fibrillation,")
    cut = states_no_predicate(unit) and not unit.rstrip().endswith((".", "!", "?", ",", ";", ":"))
    found = None if cut else found
    if found is not None:
        # "because your pain is mild" against "R hip ROM full, pain-free." where "Bisphosphonates not indicated
        # (pain mild)" says it plainly with all the unit's words (round 134): the evidence asserts it too
        denied = canonical_stems(flips_negation(unit, index.sentences[found]) or "")
        full = alignment_tokens(unit)
        plain = (
            j
            for j, (s, tokens) in enumerate(zip(index.sentences, index.tokens, strict=True))
            if j != found and full <= tokens and not denied & negated_stems(s)
        )
        return None if next(plain, None) is not None else found
    # "complicated appendicitis" where the evidence only ever says "uncomplicated appendicitis" (read once over the
    # whole evidence, which must never say the word itself; then the sentence that says it, a finding first)
    # a sentence excluding "patients with an uncontrolled source" says nothing against "with a controlled source"
    said = [(i, s) for i, s in enumerate(index.sentences) if not states_exclusion(s)]
    worded = canonical_text(unit)  # "poorly controlled epilepsy" is the evidence's "uncontrolled epilepsy" (r. 212)
    if prefix_antonym(worded, " ".join(s for _, s in said)) is None:
        return None
    antonyms = [i for i, s in said if prefix_antonym(worded, s) is not None]
    if not antonyms:
        return None
    return next((i for i in antonyms if not index.assertive or index.assertive[i]), antonyms[0])


@dataclass(frozen=True, slots=True)
class FiredCue:
    """A contradicting cue that fired for one unit: the evidence sentence that fires it and what it found."""

    sentence: int
    """Index of the deciding sentence in :attr:`EvidenceIndex.sentences`."""
    conflicts: tuple[tuple[Quantity, Quantity], ...] = ()
    """The changed-number cue: (the unit's figure, the evidence's rival) pairs; empty for the other cues."""
    kind: CueKind = "number"

    def record(self, index: EvidenceIndex) -> JSONObject:
        """The cue keys of a unit's record (``number_conflicts``, ``null_finding``, ``reversed_comparison``,
        ``denied``, ``design``, ``excluded``)."""
        sentence = index.sentences[self.sentence]
        return {
            "number_conflicts": [[a.text, b.text] for a, b in self.conflicts],
            "null_finding": sentence if self.kind == "null_finding" else None,
            "reversed_comparison": sentence if self.kind == "reversed_comparison" else None,
            "denied": sentence if self.kind == "denied" else None,
            "design": sentence if self.kind == "design" else None,
            "excluded": sentence if self.kind == "excluded" else None,
        }


def cue_record(cue: FiredCue | None, index: EvidenceIndex) -> JSONObject:
    """:meth:`FiredCue.record` of ``cue``, or the same keys empty when no cue decided the unit (``None``)."""
    if cue is None:
        return {
            "number_conflicts": [],
            "null_finding": None,
            "reversed_comparison": None,
            "denied": None,
            "design": None,
            "excluded": None,
        }
    return cue.record(index)


def contradiction_cue(
    index: EvidenceIndex,
    unit: str,
    by_sentence: np.ndarray,
    threshold: float,
    *,
    context: str | None = None,
    negated_before: bool = False,
    asked: Sequence[Asked] = (),
) -> FiredCue | None:
    """The first contradicting cue that fires for ``unit``: a changed number, else a null finding, else a reversed
    comparison, else a denied assertion, else a misreported design, else a finding for an excluded population
    (``None`` when none fires); ``by_sentence`` and
    ``threshold`` as :func:`number_cue`; ``context``, the unit with the rest of its list
    (:func:`~medhal.detect.units.continued`), is where a claimed significance is read against the figures;
    ``negated_before``: the unit goes on with a list the unit before it negates
    (:func:`~medhal.detect.units.continues_negation`), so no denied assertion is read in it; ``asked``: the figures of
    the question the response answers, which the unit may repeat ("so your 3-year-old falls within the approved age
    range", round 54): they are the user's, not a changed number."""
    if asks(unit):  # "Can she still start the series?": a question asserts nothing
        return None
    conflicts, sentence = number_cue(index, unit, by_sentence, threshold)
    if sentence is not None and conflicts:  # "every 12 hours" for "twice daily" is no changed "12 months" (round 56)
        said = " ".join(index.sentences)
        conflicts = [
            c
            for c in conflicts
            if not asked_figure(c[0], unit, asked, index.quantities) and not interval_stated(unit, c[0], said)
        ]
        sentence = sentence if conflicts else None
    if sentence is not None:
        return FiredCue(sentence, tuple(conflicts))
    sentence = null_finding_cue(index, unit, context)
    if sentence is not None:
        return FiredCue(sentence, kind="null_finding")
    sentence = comparison_cue(index, unit)
    if sentence is not None:
        return FiredCue(sentence, kind="reversed_comparison")
    sentence = None if negated_before else negation_cue(index, unit)
    if sentence is None:  # "should be prescribed" against "should not be used": advice the other way
        sentence = reversed_advice(unit, index.sentences)
    if sentence is None:  # "Keep taking the ibuprofen if ..." against "Do not take ibuprofen if ..." (round 56)
        sentence = reversed_instruction(unit, index.sentences)
    if sentence is None:  # "ready to be used in clinics" against "requires further evaluation before clinical use"
        sentence = premature_use(unit, index.sentences)
    if sentence is None:  # "Mayor Ortiz opposed the expansion" against her "the expansion would cut commute times"
        sentence = stance_conflict(unit, index.sentences)
    if sentence is None:  # "emergency colorectal resections" where every resection was elective
        sentence = swapped_qualifier(unit, index.sentences)
    if sentence is None:  # "in people under 65, ... about 79%" against "aged ≥65 years ... 79.4%" (cp_327)
        sentence = swapped_age_side(unit, index.sentences)
    if sentence is None:  # "The direct antiglobulin test was positive" against "... test negative" (round 58)
        sentence = reversed_result(unit, index.sentences)
    if sentence is None:  # "restart valproate at 400 mg nightly" against "restart lithium 400 mg at night"
        sentence = swapped_drug(index, unit)
    if sentence is None:  # "since his lamotrigine dose went down" against "lamotrigine was increased" (round 59)
        sentence = dose_turned(unit, index.sentences)
    if sentence is None:  # "was shown to be as good as" where "non-inferiority was not shown"
        sentence = turned_equivalence(unit, index.sentences, index.assertive)
    if sentence is not None:
        return FiredCue(sentence, kind="denied")
    sentence = design_conflict(unit, index.sentences)
    if sentence is not None:
        return FiredCue(sentence, kind="design")
    sentence = excluded_population(unit, index.sentences)  # a finding for people the study left out
    return None if sentence is None else FiredCue(sentence, kind="excluded")
