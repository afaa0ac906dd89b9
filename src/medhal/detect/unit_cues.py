"""The contradicting cues of all a response's units, each read with the clauses around it where alone it says too
little (issue 14; split from :mod:`medhal.detect.cues` in session 31 when it passed 500 lines).

:func:`unit_cues` asks :func:`medhal.detect.cues.contradiction_cue` of each unit, and reads

* a unit cut before the rest of its list with it, where a claimed significance is judged
  (:func:`~medhal.detect.units.continued`), and a list's item whose predicate comes negated after it as asserting
  nothing a sentence could deny ("but rolled towels, | fluid bags ... should not be used": round 186);
* a null finding with the fronted clause a pronoun refers to (:func:`~medhal.detect.units.fronted`) or the clause a
  relative clause qualifies (:func:`~medhal.detect.units.relative_to`), unless the times the two give differ;
* the rival a comparison closes with together with the clause it is cut from, judging the rival's figures ("About
  32% ... had a live birth, | compared with roughly 12% of those taking clomiphene": round 180), and a hedged clause
  together with the rival cut from it, judging the clause's own ("dropped by about 51 points, | versus about 28
  points in the placebo group": round 183).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

import numpy as np

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.asked import asked_figures
from medhal.detect.cues import FiredCue, contradiction_cue, number_cue
from medhal.detect.null_cue import null_finding_cue
from medhal.detect.units import (
    Unit,
    continued,
    continues_negation,
    fronted,
    interrupted,
    relative_to,
    sentence_after,
    sentence_before,
)
from medhal.text.composites import narrows
from medhal.text.derived import near_estimate, rounds
from medhal.text.figures import number_conflicts
from medhal.text.findings import NullFinding, contradicts
from medhal.text.group_estimates import named_group_figures
from medhal.text.hedged_pairs import JOIN
from medhal.text.lexical import has_negation
from medhal.text.quantifiers import proportion_given, quantified_shares, share_conflicts
from medhal.text.quantities import quantities

__all__ = ["unit_cues"]


def unit_cues(
    index: EvidenceIndex,
    units: Sequence[Unit],
    response: str,
    alignments: Sequence[np.ndarray],
    threshold: float,
    question: str | None = None,
) -> list[FiredCue | None]:
    """:func:`contradiction_cue` for each of a response's ``units`` (``alignments``: each unit's
    :meth:`EvidenceIndex.alignment`), a unit cut off before the rest of its list read with it where a claimed
    significance is judged (:func:`~medhal.detect.units.continued`); ``question``: the question the response
    answers, whose figures are the user's (:mod:`medhal.detect.asked`).  A unit naming its subject by a pronoun
    after a fronted clause ("When delirium did happen, | it was shorter in the programme group") is read with that
    clause for a null finding (:func:`~medhal.detect.units.fronted`), and a relative clause with the clause it
    qualifies (:func:`~medhal.detect.units.relative_to`)."""
    cues: list[FiredCue | None] = []
    asked = asked_figures(question)
    for k, (u, a) in enumerate(zip(units, alignments, strict=True)):
        context = continued(units, k, response)
        negated = continues_negation(units, k, response)
        # a list's subject whose predicate, negated, comes after it ("but rolled towels, | fluid bags and water-filled
        # gloves should not be used": round 186) asserts nothing a sentence could deny
        negated = negated or _listed_before_negation(units, k, response)
        text = interrupted(units, k, response) or u.text  # "did not, | however, reduce" read whole (round 170)
        cue = contradiction_cue(index, text, a, threshold, context=context, negated_before=negated, asked=asked)
        # a figure cut from its subject ("made airway help much more likely, | at a bit over three times the odds"),
        # aligned with no sentence by itself, is read with the clause before (round 235)
        if (
            cue is not None
            and cue.kind == "number"
            and _CUT_FIGURE.match(text)
            and float(a.max(initial=0.0)) < threshold
        ):
            joined = f"{sentence_before(units, k, response)} {text}"
            if contradiction_cue(index, joined, index.alignment(joined), threshold) is None:
                cue = None
        if (
            cue is not None
            and cue.kind == "null_finding"
            and _timed_apart(
                f"{sentence_before(units, k, response)} {sentence_after(units, k, response)}",
                u.text,
                index.sentences[cue.sentence],
            )
        ):
            cue = None
        # "Fewer needed a transfusion (about 3 in 100 against about 7 in 100), | but this difference ... may simply have
        # been chance": the sentence concedes the null finding the cue would hold against its first clause (round 205)
        if cue is not None and cue.kind == "null_finding" and _CONCEDED.match(sentence_after(units, k, response)):
            cue = None
        # "Deaths from lung cancer were lower ..., | 96 compared with 131, which works out to roughly a quarter fewer
        # deaths": what the sentence's first clause names narrows the finding the cue holds ("all-cause mortality did
        # not differ"): read whole, the sentence does not contradict it (round 207)
        before = sentence_before(units, k, response) if cue is not None and cue.kind == "null_finding" else ""
        if cue is not None and before and _narrowed(f"{before} {text}", text, index.findings[cue.sentence]):
            cue = None
        # a relative clause is read with its sentence where it says something of the finding ("which was a significant
        # difference"), not where it advises ("which is worth discussing with your doctor": round 174)
        about_finding = _OF_A_FINDING.search(u.text) and not _ADVISES.search(u.text)
        related = relative_to(units, k, response) if about_finding else None
        whole = (fronted(units, k, response) or related) if cue is None else None
        sentence = None if whole is None else null_finding_cue(index, whole)
        if sentence is None and cue is None and _RIVAL.match(u.text):
            cue = _rival_in_context(index, sentence_before(units, k, response), u.text, threshold)
        if sentence is None and cue is None and sentence_after(units, k, response) and _hedged(u.text):
            rival = units[k + 1].text
            if _RIVAL.match(rival) or _AND_FIGURE.match(rival):
                cue = _rival_in_context(index, u.text, rival, threshold, judged="first")
        cues.append(cue if sentence is None else FiredCue(sentence, kind="null_finding"))
    return cues


def _rival_in_context(
    index: EvidenceIndex, before: str, unit: str, threshold: float, *, judged: Literal["first", "second"] = "second"
) -> FiredCue | None:
    """The changed-number cue of the rival a comparison closes with, read with the clause it is cut from: "About 32%
    of women taking letrozole had a live birth, | compared with roughly 12% of those taking clomiphene," is about
    the live births the clause before names (67 of the clomiphene group, 21.9%), which the rival alone is aligned
    with no better than with the 11.8% of dizziness (round 180); "compared with about 29 in 100 of those using a
    dummy pessary" is a share of that group (round 178), and "versus about one in twelve on estriol" of those the
    clause before says "looked for extra treatment" (round 184), not of whatever the rival alone is aligned with.
    The sentence read is the best aligned with the two clauses, or the first that gives figures to both groups they
    name, one of them the figure of the clause before; only the rival's own figures count.  With ``judged`` "first",
    it is the clause before whose figures are judged, read with the rival it is cut from ("About 11% of people taking
    finerenone reached the main kidney outcome, | versus about 20% on placebo"; "dropped by about 51 points, |
    versus about 28 points in the placebo group"; round 183), ``unit`` then the rival."""
    if not before:
        return None
    whole = f"{before} {unit}"
    offset = len(before) + 1
    by_sentence = index.alignment(whole)
    if judged == "first":  # the changed-number cue of the two read as one, the first clause's figures judged
        conflicts, found = number_cue(index, whole, by_sentence, threshold)
        own = tuple(c for c in conflicts if c[0].end <= len(before))
        return FiredCue(found, own) if own and found is not None else None
    partners = [q for q in quantities(before) if q.kind == "percent"]
    for best in np.argsort(-by_sentence, kind="stable"):
        sentence = index.sentences[int(best)]
        named = named_group_figures(whole, sentence) if partners else set()
        anchored = len(named) >= 2 and any(near_estimate(p, v) or rounds(p, v) for p in partners for v in named)
        if by_sentence[best] < threshold and not anchored:
            continue
        said = number_conflicts(whole, index.quantities, sentence, sentences=index.sentences)
        conflicts = [c for c in said if c[0].start >= offset]
        if not conflicts and quantified_shares(unit):
            shares = share_conflicts(whole, sentence)
            conflicts = [c for c in shares if c[0].start >= offset and not proportion_given(c[0], index.quantities)]
        moved = tuple((replace(q, start=q.start - offset, end=q.end - offset), e) for q, e in conflicts)
        return FiredCue(int(best), moved) if moved else None
    return None


def _narrowed(whole: str, unit: str, findings: Sequence[NullFinding]) -> bool:
    """Whether each null finding ``unit`` contradicts is about what ``whole`` (its sentence up to it) names a kind of:
    "Deaths from lung cancer were lower ..., | ... roughly a quarter fewer deaths" against "All-cause mortality did not
    differ" (round 207)."""
    held = [f for f in findings if contradicts(unit, f)]
    return bool(held) and all(narrows(whole, f.subject) for f in held)


_CONCEDED = re.compile(
    r"\W*(?:but|though|although|yet|however|and)\b[^.;]{0,20}?\b(?:this|that|which|it|the\s+(?:difference|gap|"
    r"reduction|increase|benefit|effect|advantage))\b[^.;]{0,80}?(?:\b(?:down\s+to|due\s+to|been|be|by)\s+(?:simply\s+"
    r"|just\s+|pure\s+)?(?:chance|luck)\b|\bfluke\b|\bnot\s+(?:statistically\s+)?significant|\bnot\s+(?:big|large|"
    r"clear)\s+enough\b|\bfell\s+short\b|\bnot\s+(?:convincing|certain|sure|reliable)\b)",
    re.IGNORECASE,
)
"""The rest of a sentence conceding its difference may not be real ("but this difference ... may simply have been
chance", "though this was not statistically significant")."""
_OF_A_FINDING = re.compile(
    r"\b(?:significan\w*|differ\w*|chance|similar|same|effect\w*|benefit\w*|odds|risk|twice|times)\b", re.I
)  # "which was a significant difference", "who had about twice the odds of going to hospital" (round 163)
_ADVISES = re.compile(r"\b(?:worth|should|discuss\w*|talk|ask|recommend\w*|advis\w*|consider\w*)\b", re.I)
_A_PERIOD = re.compile(r"\b(?:a|an)\s+(year|month|week|day)\b", re.IGNORECASE)
"""A period of one ("within a year"), read as its figure."""


def _timed_apart(rest: str, unit: str, sentence: str) -> bool:
    """Whether the times the rest of the unit's sentence gives ("at one month, | pain scores were about one point
    lower") are none of those of the evidence ``sentence`` whose null finding would deny it ("At 12 weeks, pain did not
    differ": round 170); a unit stating a time of its own is read with it by the null finding itself."""
    if any(q.kind == "time" for q in quantities(unit)):
        return False
    mine = [q for q in quantities(_A_PERIOD.sub(r"1 \1", rest)) if q.kind == "time"]
    theirs = [q for q in quantities(sentence) if q.kind == "time"]
    return bool(mine) and bool(theirs) and not any(q.equals(e) for q in mine for e in theirs)


_CUT_FIGURE = re.compile(r"\W*(?:at|with|by|to)\s", re.IGNORECASE)
"""The opening of a figure cut from the clause it qualifies ("at a bit over three times the odds")."""
_RIVAL = re.compile(r"\W*" + JOIN.pattern, re.IGNORECASE)
"""The opening of the rival a comparison closes with, cut from the clause before."""


def _listed_before_negation(units: Sequence[Unit], k: int, response: str) -> bool:
    """Whether unit ``k``, cut at a comma, is an item of a list whose predicate comes negated after it, in its own
    sentence ("but rolled towels, | fluid bags and water-filled gloves should not be used": round 186)."""
    after = sentence_after(units, k, response)
    # or cut at its "and", a short noun phrase ("Medicated decongestants | and cough and cold medicines should not be
    # given to children under six": round 202)
    cut = units[k].text.rstrip().endswith(",") or (
        len(units[k].text.split()) <= _PHRASE_WORDS and _AUXILIARY.search(units[k].text) is None
    )
    return (
        bool(after)
        and cut
        and not has_negation(units[k].text)
        and has_negation(after)
        and _LIST_GOES_ON.match(units[k + 1].text) is not None
    )


_PHRASE_WORDS = 4
_AUXILIARY = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|could|should|would|will|may|might|must)\b|[.;:!?]",
    re.IGNORECASE,
)


_LIST_GOES_ON = re.compile(
    r"\W*(?:(?:and|or)\s+)?(?!(?:but|although|though|while|whereas|however|which|who|so|because|as|this|it|they|"
    r"he|she|we|you|there|these|those)\b)[a-z]",
    re.IGNORECASE,
)
"""The next item of a list, not a clause of its own."""


def _hedged(unit: str) -> bool:
    """Whether ``unit`` states a figure hedged as a point estimate ("about 11%", "roughly 28%")."""
    return any(q.about for q in quantities(unit))


_AND_FIGURE = re.compile(r"\W*and\s+(?:in\s+)?(?:about\s+|roughly\s+|around\s+|nearly\s+|almost\s+)?\d", re.I)
"""The opening of a second group's figure, cut from the first's ("Roughly 28% of the gel group | and 41% of the
no-gel group fell below the expected standard": round 177)."""
