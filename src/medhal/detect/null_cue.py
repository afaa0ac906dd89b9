"""The null-finding cue of the aligned verdict rule (:func:`null_finding_cue`, read by
:func:`medhal.detect.cues.contradiction_cue`): the unit asserts an effect on what an evidence sentence reports no
difference, effect or occurrence for, or says happened in both groups what the sentence says happened in one only
(:mod:`medhal.text.exclusive`), or claims an effect differs in a subgroup in which the sentence reports it the same
(:mod:`medhal.text.modification`), or says something did equally well, or reports no effect on what the sentence
shows an effect on with an interval that leaves out none, where no sentence reports the unit's null finding
(:mod:`medhal.text.null_denied`) — `contradicted`.  Split from :mod:`medhal.detect.cues` in session 23 when that
module reached 499 lines.
"""

from __future__ import annotations

import re

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.restating import agreeing
from medhal.detect.units import qualifies
from medhal.text.assertions import describes_measurement, opens_negated_predicate, opens_predicate
from medhal.text.associations import same_association
from medhal.text.derived import near_estimate
from medhal.text.exclusive import absence_denied, exclusive_conflict, qualified_absence
from medhal.text.figures import same_figure
from medhal.text.findings import (
    agrees,
    asserts_effect,
    asserts_occurrence,
    contradicts,
    finding_parts,
    null_findings,
    reports_null_finding,
)
from medhal.text.modification import claims_modification, modification_conflict
from medhal.text.null_denied import denied_in_numbers, denied_null, says_equally
from medhal.text.null_outcomes import denied_outcome
from medhal.text.quantities import quantities
from medhal.text.significance import (
    change_shown,
    effect_part_restated,
    factor_shown,
    nonsignificant,
    ratio_shown,
    significance_denied,
    unshown_effect,
)
from medhal.text.within_groups import within_groups

__all__ = ["null_finding_cue"]


def null_finding_cue(index: EvidenceIndex, unit: str, context: str | None = None) -> int | None:
    """The null-finding cue: the first evidence sentence that reports no difference, effect or occurrence about
    what the unit asserts an effect on, or that says never happened what the unit says happened (``None`` when none
    does), or that says happened in one group only what the unit says happened in both
    (:func:`~medhal.text.exclusive.exclusive_conflict`), or that says happened what the unit says never did
    (:func:`~medhal.text.exclusive.absence_denied`), or that reports the effect the same in a subgroup where the
    unit claims it differs (:func:`~medhal.text.modification.modification_conflict`), or that reports a difference
    in what the unit says did equally well (:func:`~medhal.text.null_denied.denied_null`).  The sentences' null findings
    are read once per item (:attr:`EvidenceIndex.findings`)."""
    if claims_modification(unit):  # "People with faster caffeine metabolism benefited more": a subgroup effect
        found = next((i for i, s in enumerate(index.sentences) if modification_conflict(unit, s)), None)
        if found is not None:
            return found
    # "It performed equally well on darker skin" against "Performance ... was lower on ... darker skin types", unless
    # the evidence also reports the unit's null finding (a difference at one time point, none overall)
    if says_equally(unit) and not opens_predicate(unit) and not agreeing(index, unit):
        found = next((i for i, s in enumerate(index.sentences) if denied_null(unit, s)), None)
        if found is not None:
            return found
    # no effect where an interval shows one ("It had no effect on heart failure readmissions" against "... were less
    # frequent (hazard ratio 0.73, 95% CI 0.57 to 0.93)") and an absence the evidence says happened ("No serious
    # adverse events occurred" against "... occurred in 3%"), unless the evidence also reports the unit's null
    # finding, or one about more than the unit names
    effect = asserts_effect(unit)
    # "more common on A, | but the difference could have been due to chance": read with its qualifier, the unit claims
    # no effect (round 30); the rest of a list ("lower with the programme, | and the same proportion") is no qualifier
    qualifier = None if context is None else context[len(unit) :]
    if effect and qualifier and qualifies(qualifier) and not asserts_effect(context or unit):
        return None
    # a predicate cut from its subject ("Sleeve gastrectomy, | by contrast, did not raise fracture risk,") is not
    # denied by another group's interval: whom it is about is the clause before's (round 38)
    in_numbers = not says_equally(unit) and reports_null_finding(unit) and not opens_negated_predicate(unit)
    if (in_numbers or not effect) and not _null_reported(index, unit):
        denials = ([denied_in_numbers] if in_numbers else []) + ([] if effect else [absence_denied])
        for denied in denials:
            found = next((i for i, s in enumerate(index.sentences) if denied(unit, s)), None)
            if found is not None:
                return found
    if ratio_shown(unit, index.sentences) or factor_shown(unit, index.sentences):  # an effect its ratio shows
        return None
    if change_shown(unit, index.sentences):  # "fell by roughly one seventh" for "RR 0.86, 95% CI 0.78 to 0.94"
        return None
    if not (effect or asserts_occurrence(unit)):  # "2.9 vs 3.9 mL/min a year, was statistically significant"
        return next((i for i, s in enumerate(index.sentences) if significance_denied(context or unit, s)), None)
    claim = _SOUGHT.sub("", unit)  # "an X-ray ... requested to rule out bone infection" asserts no infection
    # an association another sentence states as the unit does is of another comparison than a null finding's ("hearing
    # aids were linked with a lower risk of dementia" among people with hearing loss, against "no significant increase"
    # against normal hearing: round 182)
    associated = any(same_association(unit, s) for s in index.sentences)
    denying = (
        i for i, found in enumerate(index.findings) if not associated and any(contradicts(claim, f) for f in found)
    )
    found = next(
        (
            i
            for i in denying
            if not effect_part_restated(unit, index.sentences[i])
            and not within_groups(unit, index.sentences[i])
            and not _of_completers(index, unit)
            and not _told_apart(index, unit, i)
            and not of_other_stratum(unit, index.sentences[i])
            and not _effect_elsewhere(index, claim, i)
        ),
        None,
    )
    if found is None:  # the finding's frame (route, population) left out: "halved the need for packing"; "has grown"
        found = denied_outcome(unit, index.sentences)
    if found is None:  # in one group only, or never in those the unit names; or a significant effect where every
        # interval holds none (round 19)
        claim = context or unit  # its figures may follow in the rest of its list
        against = (
            i
            for i, s in enumerate(index.sentences)
            if exclusive_conflict(unit, s) or significance_denied(claim, s) or qualified_absence(unit, s)
        )
        found = next(against, None)
    if found is None:  # an effect where a sentence's figures show none, "lowered" for "0.98 (0.68 to 1.43)"
        found = unshown_effect(unit, index.sentences)
        if found is not None and _told_apart(index, unit, found):
            return None
    return found


_SOUGHT = re.compile(
    r"\bto\s+(?:rule\s+out|exclude|check\s+for|look\s+for|screen\s+for|test\s+for|assess\s+for)\b.*$",
    re.IGNORECASE | re.DOTALL,
)
"""What a test is done to find (round 64): not found by saying it is looked for."""


def _told_apart(index: EvidenceIndex, unit: str, denying: int) -> bool:
    """Whether another evidence sentence, one reporting no null finding against it, states every percentage of
    ``unit`` (two or more; not "an 8-week course ... than a 12-week course", the arms a null finding compares): the
    unit reports that sentence's effect, whatever the null finding of sentence ``denying`` is about ("fewer
    early-mobilised patients had a favourable outcome (22% vs 31%)", the subgroup's result, against the trial's null
    primary outcome; the subgroup was named in the clause before: round 44)."""
    # results, not arms' doses; a share hedged as a point estimate too ("about four in ten early operations ...
    # versus about one in seven later ones" for "41% of early versus 14% of late operations": round 175)
    own = [q for q in quantities(unit) if (not q.approximate or q.about) and q.kind == "percent"]
    if len(own) < 2:  # or both levels of its change ("adjusted from setting 5 to setting 4" where a plan says "No
        change = _FROM_TO.search(unit)  # change to valve setting" and the history "changed from 5 to 4": round 96)
        own = [q for q in quantities(unit) if change and change.start() <= q.start < change.end() and not q.approximate]
    if len(own) < 2:
        return False

    def states_all(text: str) -> bool:
        said = quantities(text)
        return all(any(same_figure(q, e) or (q.about and near_estimate(q, e.value)) for e in said) for q in own)

    # the part stating them shows an effect ("in 1.6% ... and 2.0% ... (p=0.76)" shows none: session 26)
    return any(
        i != denying
        and not any(contradicts(unit, f) for f in index.findings[i])
        and states_all(sentence)
        and not any(states_all(part) and nonsignificant(part) for part in finding_parts(sentence))
        for i, sentence in enumerate(index.sentences)
    )


def _effect_elsewhere(index: EvidenceIndex, claim: str, denying: int) -> bool:
    """Whether another evidence sentence reports an effect on what the null finding of sentence ``denying`` that
    ``claim`` contradicts is about: the evidence holds both, of different comparisons ("myocardial infarction did not
    differ" with short against long treatment, "prolonging DAPT beyond 12 months reduced myocardial infarction" in
    three trials), and which one a unit reports ("Carrying on beyond a year reduced heart attacks") is not known
    (round 200)."""
    denied = [f for f in index.findings[denying] if contradicts(claim, f)]
    # an effect shown ("Rates of preeclampsia were 9% and 12% (OR 0.79; 95% CI 0.42 to 1.49" shows none)
    return any(
        not reports_null_finding(part)
        and asserts_effect(part)
        and not nonsignificant(part)
        and any(contradicts(part, f) for f in denied)
        for j, sentence in enumerate(index.sentences)
        if j != denying and not describes_measurement(sentence) and not _DEFINED.search(sentence)
        for part in finding_parts(sentence)
    )


_DEFINED = re.compile(r"\b(?:outcomes?|end-?points?|measures?)\s+(?:included|includes|were|was|is|are)\b", re.I)
"""A sentence defining what was measured ("Outcomes included lupus flare (SLEPDAI increase ≥4), preeclampsia"):
its words of direction define an outcome, they report no effect."""
_FROM_TO = re.compile(r"\bfrom\s+(?:[a-z]+\s+)?\d[\d.]*\s*\S*?\s+to\s+(?:[a-z]+\s+)?\d[\d.]*", re.IGNORECASE)


def _null_reported(index: EvidenceIndex, unit: str) -> bool:
    """Whether an evidence sentence reports ``unit``'s null finding again (:func:`~medhal.text.findings.agrees`),
    or one about all the unit's subject and more ("did not reduce all-cause readmission" for "did not reduce
    readmission")."""
    subjects = [f.subject for f in null_findings(unit)]
    return any(
        agrees(unit, f) or any(subject <= f.subject for subject in subjects) for found in index.findings for f in found
    )


def _of_completers(index: EvidenceIndex, unit: str) -> bool:
    """Whether ``unit`` reports on those who completed or adhered to a treatment, a population the evidence analyses
    apart ("Those who completed rehab had fewer readmissions" against a trial that "did not reduce 12-month
    readmissions", whose per-protocol analysis of completers gives them 39%: round 190): the trial's null finding is
    about everyone randomised."""
    return _COMPLETERS.search(unit) is not None and any(_COMPLETERS.search(s) for s in index.sentences)


_COMPLETERS = re.compile(
    r"\b(?:those|people|patients|participants|women|men|children)\s+who\s+(?:completed|finished|adhered|stuck)\b"
    r"|\bcompleters\b|\bper[- ]protocol\b|\badherent\s+(?:patients|participants|people)\b",
    re.IGNORECASE,
)
"""A population of those who completed or adhered to a treatment."""


def of_other_stratum(unit: str, sentence: str) -> bool:
    """Whether every null finding of ``sentence`` is about another stratum than ``unit``'s: the clause reporting it
    is measured at another value of what the unit names a value of ("shifts at 8 kHz did not differ" against "a much
    smaller threshold shift at 32 kHz"), or it is about the "non-" kind of what the unit names ("other
    (non-hamstring) injuries did not differ" against "reduced hamstring injuries"; round 137).

    >>> s = "The shift at 32 kHz was smaller (14 vs 32 dB; p<0.001), and shifts at 8 kHz did not differ (p = 0.38)."
    >>> of_other_stratum("NAC-treated ears had a much smaller shift at 32 kHz", s)
    True
    >>> of_other_stratum("the shift at 8 kHz was smaller", s)
    False
    >>> of_other_stratum("The benefit was largest with eosinophils of at least 300 cells/μL,", "With ≥300 cells/μL the "
    ...                  "rate ratio was 0.63, whereas with <100 cells/μL there was no significant difference.")
    True
    >>> of_other_stratum("The programme reduced hamstring injuries.", "Other (non-hamstring) injuries did not differ.")
    True
    >>> of_other_stratum("The programme reduced injuries.", "Other (non-hamstring) injuries did not differ.")
    False
    >>> of_other_stratum("Bleeding was more common in carriers.", "Bleeding did not differ in carriers and others.")
    False
    >>> of_other_stratum("Bleeding was commoner in carriers.", "Bleeding did not differ in carriers and non-carriers.")
    False
    """
    mine = {(word.lower(), value) for pattern in (_AT_VALUE, _LEVEL) for value, word in pattern.findall(unit)}
    named = {word.lower() for word in _WORDS.findall(unit)} - {m.lower() for m in _NON_WORD.findall(unit)}
    clauses = [c for part in finding_parts(sentence) for c in re.split(r",\s+and\s+", part) if reports_null_finding(c)]
    own_codes = {c.upper() for c in _CODE.findall(unit)}
    if not clauses:
        return False
    for clause in clauses:
        theirs = {(word.lower(), value) for pattern in (_AT_VALUE, _LEVEL) for value, word in pattern.findall(clause)}
        other_value = bool(theirs) and not theirs & mine and bool({w for w, _ in theirs} & {w for w, _ in mine})
        # "other (non-hamstring) injuries"; not "between carriers and non-carriers", which names both (cp_261)
        other_kind = any(
            word in named and not re.search(rf"(?<!non-)\b{re.escape(word)}\b", clause, re.IGNORECASE)
            for word in (m.lower() for m in _NON_WORD.findall(clause))
        )
        # "IL-17A expression did not change" against "IL-5 and eotaxin-1 expression dropped" (round 155)
        codes = {c.upper() for c in _CODE.findall(clause)}
        other_code = bool(codes) and bool(own_codes) and not codes & own_codes
        if not (other_value or other_kind or other_code):
            return False
    return True


_AT_VALUE = re.compile(r"\bat\s+(\d+(?:\.\d+)?)\s*([A-Za-z]+)\b")
"""A value a measure is taken at: "at 32 kHz", "at 6 months"."""
_LEVEL = re.compile(
    r"(?:[<>≤≥]=?\s*|\b(?:at\s+least|at\s+most|below|above|under|over|less\s+than|more\s+than)\s+)"
    r"(\d+(?:\.\d+)?)\s*([A-Za-z][\w/µμ]*)"
)
"""A stratum's bound: "eosinophils of at least 300 cells/μL" against "those with <100 cells/μL" (round 147)."""
_NON_WORD = re.compile(r"\bnon-(\w+)", re.IGNORECASE)
_CODE = re.compile(r"\b[A-Za-z]{2,4}-\d+[A-Za-z]?\b")
"""A molecule's code ("IL-17A", "IL-5", "CCL-11"): what a finding is about when its words are generic."""
_WORDS = re.compile(r"[A-Za-z]+")
