"""The changed-number cue's readings of figures between groups (issue 14; split from :mod:`medhal.detect.cues` in
round 20): a relative change in words ("roughly doubled", "halved") against the factor the sentence stating the
unit's figures gives (:func:`stated_pair_factor`), or the best-aligned sentence naming the unit's subject
(:func:`subject_factor`); and a unit's "(a% vs b%)" that a sentence gives the two trial arms the other way round
(:func:`moved_figure`).  Each returns ``(conflicts, sentence index)`` or ``None``, as
:func:`medhal.detect.cues.number_cue` does.
"""

from __future__ import annotations

import re

import numpy as np

from medhal.detect.alignment import EvidenceIndex
from medhal.text.arms import moved_figures
from medhal.text.figures import states_each
from medhal.text.findings import finding_subject, lead
from medhal.text.quantities import Quantity, quantities
from medhal.text.ratios import changed_subjects, ratio_conflicts, ratio_stated

__all__ = ["moved_figure", "stated_pair_factor", "subject_factor"]


def stated_pair_factor(index: EvidenceIndex, unit: str) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """The relative change in words of a unit that states two or more percentages, against the first sentence that
    states them all (however few of the unit's words it shares): "roughly doubled verified abstinence (7.7% vs
    6.9%)" against "Verified abstinence was 7.7% in the app group and 6.9% in the leaflet group (odds ratio 1.13)"."""
    own = {q.value for q in quantities(unit) if q.kind == "percent"}
    if len(own) < 2:
        return None
    for i, sentence in enumerate(index.sentences):
        if own <= {q.value for q in quantities(sentence) if q.kind == "percent"}:
            conflicts = ratio_conflicts(unit, sentence)
            if conflicts:
                return conflicts, i
    return None


_CONTINUES = re.compile(r"\W*(?:and|or)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:groups?|arms?)\b", re.IGNORECASE)


def moved_figure(index: EvidenceIndex, unit: str) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """The figures of a unit's "(a% vs b%)" that an evidence sentence gives the two trial arms the other way round
    (:func:`~medhal.text.arms.moved_figures`), as the unit's first figure against the figure the sentence gives the
    arm the unit names."""
    if "%" not in unit or index.arms is None:
        return None
    if _CONTINUES.match(unit):  # "between the outreach | and usual care groups (54.7% vs 57.1%)": the split cut the
        return None  # arm named first off (round 156)
    # the sentences as their reader reads them: "8.7% of ulipristal acetate (UPA)" for "8.7% of UPA" (round 148)
    found = moved_figures(unit, index.spelled or index.sentences, index.arms)
    if found is None:
        return None
    i, first, theirs = found
    mine = next((q for q in quantities(unit) if q.kind == "percent" and q.value == first), None)
    rival = next((q for q in quantities(index.sentences[i]) if q.kind == "percent" and q.value == theirs), None)
    return ([(mine, rival)], i) if mine is not None and rival is not None else None


def subject_factor(
    index: EvidenceIndex, unit: str, by_sentence: np.ndarray
) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """The relative change in words of a unit against the best-aligned sentence that names the unit's whole subject
    (named before its verb: "Blood clots in the veins were about twice as common ...") and states a factor between
    two groups ("Venous thromboembolism occurred in 5 patients (2.4%) and 6 patients (2.9%), respectively"), however
    few of the unit's other words it shares; or the subject the words of change hold themselves ("Lowering systolic
    pressure reduced symptomatic intracranial haemorrhage by half": round 18)."""
    subjects = [subject] if (subject := lead(unit)) else []
    subjects += changed_subjects(unit)
    if not subjects:
        return None
    order = np.argsort(-by_sentence, kind="stable") if len(by_sentence) else range(len(index.sentences))
    # a unit giving its groups' figures ("more than doubled the median time (4.6 vs 1.9 months)") is read against
    # a sentence stating them all, where there is one (not "time to deterioration ... (HR 0.93)"; round 20)
    own = [q for q in quantities(unit) if not q.approximate and not q.kind.startswith("label:")]
    stating = [i for i in order if len(own) > 1 and states_each(own, quantities(index.sentences[int(i)]))]

    def naming(i: int) -> bool:
        return any(subject <= finding_subject(index.sentences[i]) for subject in subjects)

    for i in (int(k) for k in stating or order):
        conflicts = ratio_conflicts(unit, index.sentences[i]) if naming(i) else []
        if conflicts:
            # another sentence naming the subject may state the unit's factor: of a subgroup the clause before names
            # ("In people with stomach cancer, | however, major bleeding was about three times as frequent", against
            # the overall HR 1.44 where the subgroup's 11.8% and 3.9% give 3: round 42); which one it means is not known
            # any sentence: the one stating the unit's arms ("after 12 months as after 24 months") may be the overall
            # result's, the subgroup's name only the "12-month therapy" (round 161)
            others = (int(k) for k in order if int(k) != i)
            if any(ratio_stated(unit, index.sentences[j]) and naming(j) for j in others):
                return None
            return conflicts, i
    return None
