"""Alignment-aware verdicts: a unit may be contradicted only by evidence that is about the same thing.

Why (issue 14).  Seed 003 takes ``max P(C)`` over *every* window of the chunk library.  With a small verifier
that maximum is mostly noise: a faithful clause with a number or a negation finds *some* window about
something else that "contradicts" it (a window lacking the clause's numbers, a sentence with another
negation), so on MedHal-Loc dev a quarter of the clauses of faithful answers came out ``contradicted``.  A
clinician reading such a report stops believing it.  The aligned rule keeps the seed's pairs and
probabilities but changes which of them may decide:
* **alignment** of a unit to an evidence sentence is the IDF-weighted share of the unit's content (content-word
  stems of seed 000's tau, plus its numbers) that the sentence contains; IDF is computed over the evidence's
  own sentences, so words every sentence repeats ("patients", the drug under study) count little and the
  unit's specific words count most.  A window may *support* the unit when one of its sentences addresses the
  unit (its best sentence's alignment ``>= align_threshold``); it may *contradict* the unit only when every one
  of its sentences does (a two-sentence window that holds the unit's sentence and another about something else
  must not lend the other sentence's "contradiction" to the unit);
* **support** ``E*`` is the larger of the entailment of the unit by the *coverage* premise (the whole evidence,
  or when it exceeds the verifier's budget the packed sentence runs that tile it, as ``nli-clause --premise
  windows``) and the best entailment among aligned windows.  Of several tiles only those about the unit may
  support it: the tiles that hold as much of the unit's content as any tile does, up to ``align_threshold``
  (:meth:`EvidenceIndex.run_alignment` over the unit's words the evidence uses, so a paraphrase's own words
  count against no tile).  A tile that lacks what the unit is about ("patients were equally satisfied" against
  the tile before "Patient satisfaction was high in both groups") is not the evidence that decided it, whatever
  the verifier's P(E); the unit's rank still reads every tile;
* **contradiction** ``C*`` is the best contradiction among *aligned* windows only; an unaligned window cannot
  contradict (it is about something else: at most the unit is unsupported);
* the verdict is **contradicted** when ``C* >= contradict_threshold`` and ``C* >= E* + margin`` (a strong
  aligned entailment outweighs a weak contradiction), **supported** when ``E* >= entail_threshold`` and
  ``E* > C*``, **unsupported** otherwise — in particular whenever nothing in the evidence is aligned and
  nothing entails the unit;
* a **restatement cue** (deterministic, with its evidence span): an aligned sentence that contains every content
  stem and number of the unit, has the same negation polarity and states no opposite direction *restates* the
  unit; such a unit is **supported** by that sentence whatever the verifier's P(C) (a small encoder reads
  "did not slow" against "did not slow" as a contradiction; see ``restates``).  A changed number, a removed or
  added negation, a flipped direction or a swapped entity breaks the cue;
* **no contradiction by a question**: a window holding a sentence that states an aim, an open question or a
  hypothesis ("The aim of this study was to compare ...", "To determine whether ...", "Little is known about
  whether ...") may not contradict a unit: the finding that answers the question is not its negation
  (:mod:`medhal.text.assertions`; the encoder read "X was not superior in knee strength" against "The aim was to
  compare knee strength after X or Y" as a contradiction);
* **scope** (:mod:`medhal.text.scope`, :func:`about_else`): a sentence about people the unit excludes ("with type 2
  diabetes" against "without diabetes", when the evidence reports on both) or about a composite outcome of which the
  unit names one component neither contradicts nor restates it;
* **negated agreement**: when the unit and the window's best-aligned sentence are both negated and state no
  opposite direction ("was not more frequent" against "was not more common"), the verifier's P(C) is not
  read as a contradiction (a small encoder reads two negations as a conflict; issue 14 measured P(C) ~0.78 for
  a negated sentence against itself): such a window may support the unit but not contradict it;
* a **changed-number cue** (deterministic, :mod:`medhal.text.quantities`): when the unit states an exact number,
  dose, duration or percentage that equals no quantity of the evidence (after unit normalisation: 0.5 g =
  500 mg, 12% = 0.12, 24 months = 2 years, "twenty" = 20) while the evidence sentence best aligned with it
  states a different one of the same kind, the unit is **contradicted** by that sentence.  When no sentence is
  aligned, the sentence best aligned on the unit's tokens the evidence holds (the disputed number and words the
  evidence never uses left out: "enrolled 1,204 patients aged 65" against "assigned 1,204 patients aged 75
  years") may still be that sentence, but only with a rival of the same thing (sharing a word around the number,
  :func:`medhal.text.figures.anchors`);
* a **null-finding cue** (deterministic, :mod:`medhal.text.findings`): when an evidence sentence reports no
  difference, effect or occurrence ("did not differ", "did not occur", "was not associated with") about a subject
  the unit names whole, in the same population, while the unit asserts an effect on it unhedged and unnegated
  ("was significantly lower", "caused"), the unit is **contradicted** by that sentence (issue 14: the encoder read
  such units as entailed or unsupported);
* an **unstated-figure cue** (deterministic, :func:`medhal.text.figures.unstated_quantities`): a unit that
  states an exact figure the evidence states nowhere, not even rounded or converted ("reduced atrial
  fibrillation by 40%" against evidence without 40%), asserts what the evidence does not say: it is never
  **supported** (the model's P(E) from a window about the same topic is not support for an invented number);
* the unit's suspicion (its rank) is ``1 - P(E | coverage premise)``, the per-clause score of seed 000 §5
  (the ranking that localizes best on MedHal-Loc dev); the detector raises a contradicted unit's suspicion to at
  least its flag threshold ``t`` (a report that shows a contradicted clause in an answer it does not flag is not
  believable), and a unit with an unstated figure, an unnamed measure or an unstated name to ``t``;
* the **response score** is the largest unit score, where a unit that is neither contradicted nor flagged by a cue
  scores ``t`` times its suspicion: an answer is flagged for what the evidence contradicts or never states, not
  for a clause the small encoder cannot entail.  Round 32 measured why: over rounds 23-31, MedHal-Loc dev and the
  clinical pairs, the largest ``1 - P(E)`` of an answer's unsupported units ranks wrong answers above their
  faithful twins hardly better than chance (ROC-AUC 0.51-0.63), while a contradiction or a cue does; so the
  largest suspicion over all units (the rule before) flagged 68% of the faithful round answers (and 31% of
  MedHal-Loc dev's) and ranked answers worse than this score on all three sets.

The seed-faithful rule (eq. 1 over all windows, FED, the 0.5 cut) stays available as ``aggregation="seed"``.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from medhal.detect.aligned_rule import AlignedDecision, AlignedRule
from medhal.text.abbreviations import abbreviated, defined_abbreviations, spelled_out
from medhal.text.assertions import asserts_nothing, describes_measurement, elides_predicate
from medhal.text.attribution import unattributed
from medhal.text.comparisons import comparison_conflict, trial_arms
from medhal.text.doses import worked_out
from medhal.text.drug_classes import names_class
from medhal.text.figure_agreement import figures_agree
from medhal.text.findings import (
    NullFinding,
    asserts_effect,
    finding_parts,
    finding_subject,
    null_findings,
    reports_null_finding,
)
from medhal.text.fragments import states_no_predicate
from medhal.text.implied import implied_figures
from medhal.text.labels import label_conflicts
from medhal.text.lexical import direction_conflict, directions, has_negation
from medhal.text.negation import negation_scopes_agree, negation_targets
from medhal.text.outcomes import defined_outcomes
from medhal.text.quantities import Quantity, quantities
from medhal.text.recommendations import instructs
from medhal.text.scope import component_of_composite, disjoint_populations
from medhal.text.synonyms import alignment_tokens, holding_plurals, rounded_alike
from medhal.text.ways import negation_agrees, opposite_ways

__all__ = [
    "AlignedDecision",
    "AlignedRule",
    "EvidenceIndex",
    "about_else",
    "alignment_tokens",
    "negation_agrees",
    "opposite_ways",
    "points_to_treatment",
    "restates",
    "sentence_alignment",
]


def sentence_alignment(unit: str, sentences: Sequence[str]) -> np.ndarray:
    """For each sentence, the IDF-weighted share of ``unit``'s :func:`alignment_tokens` it contains, in [0, 1].

    IDF is ``log((n + 1) / (df + 1)) + 1`` over the ``n`` sentences given (smoothed, as scikit-learn's).

    >>> sentence_alignment("Metformin did not slow eGFR decline.", ["Metformin did not slow the eGFR decline.",
    ...                    "Nausea was common."]).round(2).tolist()
    [1.0, 0.0]
    """
    return _alignment(alignment_tokens(unit), [alignment_tokens(s) for s in sentences])


def _alignment(
    wanted: frozenset[str], profiles: Sequence[frozenset[str]], runs: Sequence[tuple[int, int]] | None = None
) -> np.ndarray:
    """IDF-weighted share of ``wanted`` in each profile (IDF over ``profiles``), or in each run ``[first, stop)``
    of consecutive profiles read as one text (``runs``)."""
    if any(t.startswith("#") for t in wanted):  # "about 5%" is aligned with the sentence stating 4.9%
        profiles = [p | rounded_alike(wanted, p) for p in profiles]
    targets = list(profiles) if runs is None else [frozenset().union(*profiles[a:b]) for a, b in runs]
    if not wanted or not profiles:
        return np.zeros(len(targets), dtype=np.float64)
    df = Counter(t for p in profiles for t in p if t in wanted)
    n = len(profiles)
    weight = {t: math.log((n + 1) / (df[t] + 1)) + 1.0 for t in wanted}
    total = math.fsum(weight.values())
    return np.array([math.fsum(weight[t] for t in wanted & p) / total for p in targets], dtype=np.float64)


@dataclass(frozen=True, slots=True)
class EvidenceIndex:
    """What the aligned rule reads of one evidence, computed once per item rather than once per unit: its
    sentences, their :func:`alignment_tokens`, the evidence's quantities (with the doses the answer works out from
    them, :func:`medhal.text.doses.worked_out`) and each sentence's null finding."""

    sentences: tuple[str, ...]
    tokens: tuple[frozenset[str], ...]
    quantities: tuple[Quantity, ...]
    findings: tuple[tuple[NullFinding, ...], ...] = ()
    """:func:`medhal.text.findings.null_findings` of each sentence."""
    assertive: tuple[bool, ...] = ()
    """Whether each sentence may state a finding (``False``: an aim, open question or hypothesis,
    :func:`medhal.text.assertions.asserts_nothing`); empty: all may."""
    arms: tuple[str, str] | None = None
    """The evidence's two trial arms (:func:`medhal.text.comparisons.trial_arms`), or ``None``."""
    abbreviations: tuple[tuple[str, str], ...] = ()
    """The abbreviations the evidence defines, (short form, long form) (:mod:`medhal.text.abbreviations`)."""
    profiles: tuple[frozenset[str], ...] = ()
    """What alignment compares of each sentence: its :attr:`tokens`, each abbreviation the evidence defines one
    token whether the sentence uses it or spells it out (:func:`_profile`); empty: the :attr:`tokens`."""
    spelled: tuple[str, ...] = ()
    """Each sentence with the abbreviations the evidence defines written out ("3.8% of carotid endarterectomy
    patients" for "3.8% of CEA patients", :func:`medhal.text.abbreviations.spelled_out`); empty: none defined."""

    @classmethod
    def of(cls, evidence: str, sentences: Sequence[str], answer: str = "") -> EvidenceIndex:
        # "the primary outcome occurred in 16.4% ..." is aligned through the words that define the outcome too, and
        # "FIT detected 48 of the 65 cancers" through the words "FIT" stands for
        defined = defined_outcomes(sentences)
        abbreviations = defined_abbreviations(evidence)
        stated = quantities(evidence)
        return cls(
            tuple(sentences),
            tuple(alignment_tokens(s) | alignment_tokens(d) for s, d in zip(sentences, defined, strict=True)),
            (*stated, *worked_out(answer, stated, evidence), *implied_figures(evidence)),
            # "endpoints were X" and "do not delay treatment" report no finding
            tuple(() if describes_measurement(s) or instructs(s) else null_findings(s) for s in sentences),
            tuple(not asserts_nothing(s) for s in sentences),
            trial_arms(evidence),
            tuple(abbreviations.items()),
            tuple(
                _profile(s, abbreviations) | _profile(d, abbreviations) for s, d in zip(sentences, defined, strict=True)
            )
            if abbreviations
            else (),
            tuple(spelled_out(s, abbreviations) for s in sentences) if abbreviations else (),
        )

    def alignment(self, unit: str, *, known_only: bool = False, ignoring: frozenset[str] = frozenset()) -> np.ndarray:
        """:func:`sentence_alignment` of ``unit`` against the indexed sentences.

        ``known_only`` measures it over the unit's tokens that some sentence holds.  Which sentence a unit is about,
        when the question is whether that sentence states a *different* number ("enrolled 1,204 patients aged 65"
        against "assigned 1,204 patients aged 75 years"), must not be judged by the disputed number or by words
        the evidence never uses: they count against every sentence alike and keep the sentence stating the rival
        below the threshold.  Looser than the default, so its users ask for more (an anchored rival).  ``ignoring``:
        tokens left out of the unit's (words that tell no sentence apart, whatever their IDF).
        """
        return _alignment(self._wanted(unit, known_only) - ignoring, self.profiles or self.tokens)

    def run_alignment(self, unit: str, runs: Sequence[tuple[int, int]], *, known_only: bool = False) -> np.ndarray:
        """For each run of sentences ``[first, stop)``, the IDF-weighted share of ``unit``'s content it holds,
        read as one text (IDF over the sentences, as :meth:`alignment`): how much of the unit a stretch of
        evidence covers between its sentences, where :meth:`alignment` asks one sentence to hold it all.
        ``known_only`` as in :meth:`alignment`."""
        return _alignment(self._wanted(unit, known_only), self.profiles or self.tokens, runs)

    def _wanted(self, unit: str, known_only: bool) -> frozenset[str]:
        """What alignment looks for of ``unit``: its profile, or the part of it some sentence holds."""
        wanted = _profile(unit, dict(self.abbreviations))
        return wanted & frozenset().union(*(self.profiles or self.tokens)) if known_only else wanted


def _profile(text: str, abbreviations: Mapping[str, str]) -> frozenset[str]:
    """The :func:`alignment_tokens` of ``text``, each of the ``abbreviations`` it uses or spells out one token
    (:func:`medhal.text.abbreviations.abbreviated`): "FIT detected 48 of the 65 cancers" is about the "faecal
    immunochemical test" a unit names in full, and the abbreviation counts once, as one thing."""
    if not abbreviations:
        return alignment_tokens(text)
    stripped, marks = abbreviated(text, abbreviations)
    return alignment_tokens(stripped) | marks


def restates(sentence: str, unit: str) -> bool:
    """Whether ``sentence`` restates ``unit``: it (or one of its findings, :func:`medhal.text.findings.finding_parts`)
    holds all of the unit's :func:`alignment_tokens` (its figures may be written otherwise where the sentence states
    each: :func:`_held`), the two agree on negation (whether each negates, and what:
    :func:`medhal.text.negation.negation_scopes_agree`), and the unit states no direction opposite to it, in words or
    against the sentence's figures by group.

    >>> restates("Metformin did not slow the decline in eGFR over 24 months.", "Metformin did not slow eGFR decline.")
    True
    >>> restates("Metformin did not slow the decline in eGFR over 24 months.", "Metformin slowed eGFR decline.")
    False
    >>> restates("Metformin did not slow the decline in eGFR over 24 months.", "It did not slow it over 12 months.")
    False
    >>> restates("Nausea was more frequent with metformin, but weight did not differ.", "Nausea was more common.")
    True
    >>> restates("Among children younger than 2 years, sensitivity fell.", "It was more sensitive in children.")
    False
    >>> restates("With diabetes, statins lowered risk.", "Statins lowered risk in patients without diabetes.")
    False
    """
    unit = unattributed(unit)  # "The researchers concluded that ...": the evidence never names its authors
    wanted = alignment_tokens(unit)
    if points_to_treatment(unit):  # "The regimen is not advised during pregnancy" for "3HP is not recommended in
        wanted = alignment_tokens(_POINTING_HEAD.sub("", unit, count=1)) or wanted  # pregnancy" (round 229)
    if not wanted or elides_predicate(unit) or _held(unit, sentence, wanted) is None or about_else(unit, sentence):
        return False  # "whereas no stented patient did." says nothing by itself to restate
    # "Adverse effects were uncommon | and did not differ between groups": the subject's first predicate restates
    # "Side effects were uncommon" whatever the denied difference after it says (round 187)
    parts = [cut for part in finding_parts(sentence) for cut in _predicates(part)]
    if len(parts) == 1:
        return _restates_part(sentence, unit, wanted)
    # a sentence of several findings ("X was more frequent with A, but Y did not differ") restates a unit through
    # one of them, whatever the others say, or a unit of as many findings finding by finding
    if any(_restates_part(part, unit, wanted) for part in parts):
        return True
    own = finding_parts(unit)
    return len(own) > 1 and all(any(_restates_part(p, u, alignment_tokens(u)) for p in parts) for u in own)


_POINTING_HEAD = re.compile(
    r"^\W*(?:the|this|that)\s+(?P<head>[a-z][\w-]*)\s+"
    r"(?=(?:is|was|are|were|should|must|can|may|has|had|did|does|do)\b)",
    re.IGNORECASE,
)
"""A subject pointing back at the treatment an answer is about ("The regimen", "This medicine", "the antiviral"):
what the evidence calls it by name, so its word need not be the sentence's."""
_TREATMENT_WORDS = frozenset(
    re.findall(
        r"\w+",
        "regimen treatment medicine medication drug combination course vaccine injection tablet tablets pill pills "
        "procedure operation therapy antiviral antibiotic steroid statin inhaler spray drops cream patch supplement "
        "infusion implant device",
    )
)


def points_to_treatment(unit: str) -> bool:
    """Whether ``unit``'s subject points back at the treatment the answer is about (:data:`_POINTING_HEAD`): a word of
    treatment, or a drug class's name ("the antiviral did not improve recovery" for "Adding valaciclovir ... did not
    improve complete recovery": an own Bell's palsy abstract, session 35)."""
    m = _POINTING_HEAD.match(unattributed(unit))
    return m is not None and (m.group("head").lower() in _TREATMENT_WORDS or names_class(m.group("head")))


_DENIED_PREDICATE = re.compile(r"\s+and\s+(?=(?:did|does|do|was|were)\s+not\s+(?:differ|vary)\b)", re.IGNORECASE)
"""A second predicate of the same subject, a difference it denies ("were uncommon | and did not differ")."""


_ADVICE_PREDICATE = re.compile(
    r"^(?P<subject>.+?)\s+(?:did|does|do|was|were|is|are|has|had|have)\s+(?:not\s+)?\w[^,;()]*?"
    r"\s+and\s+(?P<advice>(?:should|must)\s+(?:not\s+)?be\s+\w.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A finding, then advice on the same subject after "and" ("X did not reduce falls and should not be used for fall
prevention"): the subject's second predicate."""


def _predicates(part: str) -> list[str]:
    """``part``, and its first predicate alone where a denied difference follows it (:data:`_DENIED_PREDICATE`), or
    the subject with its second predicate where advice follows a finding (:data:`_ADVICE_PREDICATE`: "should be
    avoided to prevent falls" for "... did not reduce falls in older adults and should not be used for fall
    prevention", an own vitamin D abstract, session 35).

    >>> _predicates("Adverse effects were uncommon and did not differ between groups.")
    ['Adverse effects were uncommon and did not differ between groups.', 'Adverse effects were uncommon']
    >>> _predicates("Vitamin D did not reduce falls and should not be used for fall prevention.")[1]
    'Vitamin D should not be used for fall prevention.'
    """
    m = _DENIED_PREDICATE.search(part)
    if m is not None and part.count("(", 0, m.start()) <= part.count(")", 0, m.start()):
        return [part, part[: m.start()]]
    advice = _ADVICE_PREDICATE.match(part)
    if advice is not None:
        return [part, f"{advice.group('subject')} {advice.group('advice')}"]
    return [part]


def _held(unit: str, text: str, wanted: frozenset[str]) -> frozenset[str] | None:
    """What of the unit's tokens ``wanted`` ``text`` holds when it holds enough to restate it: all of them, or, where
    the two write the unit's figures differently ("About 6% of participants in each group had a fracture" against
    "769 of 12,927 participants ... and 782 of 12,944"), every word with every figure stated
    (:func:`~medhal.text.figure_agreement.figures_agree`: equal, rounded, derived); ``None`` when it holds neither.
    A word of four letters holds its plural (:func:`~medhal.text.synonyms.holding_plurals`)."""
    tokens = holding_plurals(alignment_tokens(text))
    if wanted <= tokens:
        return wanted
    words = frozenset(t for t in wanted if not t.startswith("#"))
    if words and words != wanted and words <= tokens and figures_agree(unit, text):
        return words
    return None


def restates_in_part(sentence: str, unit: str) -> bool:
    """Whether one finding of a sentence of several (:func:`~medhal.text.findings.finding_parts`) says what ``unit``
    says in words, its figures aside (the part holding most of the unit's words, every one of which the sentence
    holds): "although short-term self-reported quitting was higher" for "Short-term self-reported quitting was
    higher with the app (18.3% vs 13.2%)".  The sentence's other finding ("did not
    improve verified abstinence") is about something else and cannot contradict the unit; the unit's figures are
    the number cues' to judge.

    >>> restates_in_part("The app did not improve abstinence, although self-reported quitting was higher.",
    ...                  "Self-reported quitting was higher with the app (18.3% vs 13.2%).")
    True
    >>> restates_in_part("The app did not improve abstinence, although self-reported quitting was higher.",
    ...                  "Self-reported quitting was lower with the app.")
    False
    >>> restates_in_part("The app did not improve abstinence, although self-reported quitting was higher.",
    ...                  "The app improved abstinence.")
    False
    """
    parts = finding_parts(sentence)
    # "the children given magnesium" are those on it, however the sentence words it (round 221)
    words = frozenset(t for t in alignment_tokens(unit) if not t.startswith("#") and t != "given")
    if len(parts) < 2 or not words or not words <= alignment_tokens(sentence):
        return False
    # the unit's finding is the part naming its subject, then holding most of its words ("with the app" may be
    # named in another part): "Blood glucose was lower" is about the part on glucose, not the one saying "reduced"
    held = [words & alignment_tokens(part) for part in parts]
    subject = finding_subject(unit)
    subjects = [finding_subject(part) for part in parts]
    named = [len(subject & theirs) for theirs in subjects]
    # of parts naming as much of its subject, the one whose own subject it names the most of: "Early mortality was
    # lower with blood" is about "although early mortality was lower", not "whole blood did not reduce 30-day
    # mortality" (round 241)
    covered = [named[k] / max(1, len(subjects[k])) for k in range(len(parts))]
    best = max(range(len(parts)), key=lambda k: (named[k], covered[k], len(held[k]), -k))
    return _restates_part(parts[best], unit, held[best])


def _restates_part(part: str, unit: str, wanted: frozenset[str]) -> bool:
    return (
        bool(wanted)
        and _held(unit, part, wanted) is not None
        # a fragment that asserts nothing ("In 401 adults with acute cough") has no negation to agree on: one the
        # sentence has elsewhere ("and no asthma") may only not govern a word the fragment says
        # nor a "without" the sentence has that denies nothing the unit says ("in patients with and without
        # diabetes" for "cut the risk of kidney disease progression by about a third")
        and (
            has_negation(part) == has_negation(unit)
            or (
                not has_negation(unit)
                and (
                    states_no_predicate(unit)
                    or (not has_negation(_WITHOUT.sub(" ", part)) and not negation_targets(part, unit))
                )
            )
        )
        and negation_scopes_agree(unit, part)
        and not direction_conflict(unit, part)
        and not (directions(unit) and not _finds(part))
        and not opposite_ways(unit, part)
        # figures by group that order the unit's groups the other way are an opposite direction too
        and not comparison_conflict(unit, part)
        # nor is "type 2 diabetes" "type 1 diabetes", though the 1 be found elsewhere in it ("assigned 2:1")
        and not label_conflicts(unit, part)
    )


_WITHOUT = re.compile(r"\bwithout\b", re.IGNORECASE)


def _finds(part: str) -> bool:
    """Whether ``part`` reports a finding a unit's direction may restate: a direction, an effect or its absence, a
    percentage or a ratio.  "... secondary outcomes were 1-year mortality, pneumonia, pressure ulcers" names what was
    measured and restates no "more pressure ulcers" (round 34)."""
    return bool(
        directions(part)
        or asserts_effect(part)
        or reports_null_finding(part)
        or any(q.kind == "percent" or q.ratio for q in quantities(part))
    )


def about_else(unit: str, sentence: str, evidence: str | None = None) -> bool:
    """Whether ``sentence`` is about other people or another outcome than ``unit`` (:mod:`medhal.text.scope`:
    disjoint populations, or a composite outcome of which the unit names one component): it can neither restate
    nor contradict the unit.  Given the whole ``evidence``, a population counts only where the evidence reports on
    the unit's (:func:`~medhal.text.scope.disjoint_populations`): a unit that moves the trial to people the
    evidence never names may be contradicted."""
    return disjoint_populations(unit, sentence, evidence) or component_of_composite(unit, sentence)
