"""A unit saying two things did equally well, or reporting no effect in any words where an interval shows one,
while the evidence reports a difference (issue 14): the null-finding cue read the other way round.

"It performed equally well on darker skin" against "Performance of the application was lower on images of lesions
from patients with darker skin types (sensitivity 71.2%)": an answer that smooths a reported difference away (the
harm of a tool in the patients it fails, a drug's excess of an adverse event) keeps the evidence's words and reads
as entailed to a small encoder.

:func:`denied_null` fires, narrowly, when

* the unit says something did "equally well" / "just as well" / "as well as" (read as the null finding of what
  did, :func:`medhal.text.findings.null_findings`).  Null findings in other words ("did not improve", "no
  difference in", "was not superior") are left alone: on PubMedQA's faithful conclusions they were "contradicted"
  by a question ("Little is known about whether ... improves"), by a hedged background claim ("is presumably
  better") and by results in subgroups the unit did not name (5 of 1,068 clauses);
* the sentence asserts a finding (not an aim or a question, :func:`medhal.text.assertions.asserts_nothing`), and a
  part of it (:func:`medhal.text.findings.finding_parts`) asserts, unhedged, an effect or a difference
  (:func:`medhal.text.findings.asserts_effect`) and does not itself report a null finding;
* that part names the unit's whole subject, in the same populations (:func:`medhal.text.findings.names`), and states
  no time point or dose the unit does not ("lower at 30 days" says nothing against "did not differ" overall);
* and no evidence sentence reports the unit's null finding again (checked by the caller,
  :func:`medhal.detect.cues.null_finding_cue`): an abstract may report a difference at one time point and none
  overall.

:func:`denied_in_numbers` reads a null finding in any words ("had no effect on", "did not reduce") the same way, where
the part that asserts the effect also shows it: an estimate (hazard, odds, risk or rate ratio, a difference) whose
95% interval leaves out no effect (:func:`medhal.text.significance.significant`).  A P value alone is not enough:
abstracts give one for every subgroup and stratum, and on PubMedQA's faithful conclusions it fired on 7 of 1,068
clauses, each against another comparison's P value; with the interval it fires on none.  The caller also stays
silent where the evidence reports a null finding about all the unit names and more.
"""

from __future__ import annotations

import re
from functools import lru_cache

from medhal.text._finding_subjects import stems
from medhal.text.assertions import asserts_nothing
from medhal.text.findings import (
    NullFinding,
    asserts_effect,
    finding_parts,
    names,
    null_findings,
    reports_null_finding,
)
from medhal.text.quantities import quantities
from medhal.text.significance import holds_null, significant

__all__ = ["denied_in_numbers", "denied_null", "says_equally"]

_FREQUENTLY = r"\b(?:equally|(?:about|roughly|just)\s+as)\s+(?:common|frequent|frequently|often|rare|likely)\b"
"""Said of how often something happened ("equally common", "about as frequent", "about as often": round 151)."""
_EQUALLY = re.compile(
    r"\b(?:equally|just\s+as)\s+(?:well|effective|safe|accurate|good|sensitive|specific)\b"
    r"|(?<!\bat\sleast\s)\bas\s+(?:effective|safe|accurate|good)\s+as\b"  # "at least as effective": no worse
    r"|\b(?:worked|works|work|performed|performs|perform|did|does|do)\s+as\s+well\s+as\b"
    rf"|{_FREQUENTLY}",
    re.IGNORECASE,
)
"""A unit saying two things did as well ("performed equally well", "worked as well as a higher dose") or were as
frequent ("was equally common in both groups"); a bare "as well as" is a conjunction ("... as well as those
demonstrating HGUCA")."""
_AS_FREQUENT = re.compile(_FREQUENTLY, re.IGNORECASE)
"""Said of how often something happened: contradicted only by two percentages far apart (:func:`_apart`), not by an
association in words ("equally common across other syndromes" against "also commonly associated with ... (OR 1.8)",
the one PubMedQA conclusion the wider reading fired on)."""
_INTERACTION = stems("difference between subgroups interaction heterogeneity")
"""The stems of a difference between subgroups, which their own intervals do not show."""
_EQUALLY_AS_NULL = "did not differ"
_MATCHED = ("time", "mass")


def says_equally(unit: str) -> bool:
    """Whether ``unit`` says something did equally well.

    >>> says_equally("It performed equally well on darker skin."), says_equally("It did not differ.")
    (True, False)

    "At least as effective" says no worse, and perhaps better (a non-inferiority finding, round 44):

    >>> says_equally("Ketamine was at least as effective as ECT,"), says_equally("Ketamine was as effective as ECT")
    (False, True)
    """
    return _EQUALLY.search(unit) is not None


def denied_null(unit: str, sentence: str) -> bool:
    """Whether a part of ``sentence`` asserts an effect on the whole subject of the null finding ``unit`` reports
    (module docstring).

    >>> denied_null("It performed equally well on darker skin.", "Performance was lower on images of darker skin "
    ...             "types (sensitivity 71.2%).")
    True
    >>> denied_null("It worked equally well at 90 days.", "It worked better at 30 days.")
    False
    >>> denied_null("It performed equally well on darker skin.", "Performance was similar on darker skin types.")
    False
    """
    if not says_equally(unit) or asserts_nothing(sentence):
        return False
    # the null finding of "performed equally well on darker skin" read as "did not differ"
    findings, own = _null_reading(_EQUALLY.sub(_EQUALLY_AS_NULL, unit))
    parts = finding_parts(sentence)
    if _WORKED.search(unit) and not _HARMS.search(unit):  # how well two treatments work is no difference in their
        parts = [p for p in parts if not _HARMS.search(p)]  # side effects ("ondansetron and metoclopramide worked
        # about equally well" against "Drowsiness was less common with ondansetron (11% vs 29%)": round 187)
    return _asserted(parts, findings, own, shown=False, in_figures=_AS_FREQUENT.search(unit) is not None)


_WORKED = re.compile(r"\b(?:work\w*|effective\w*|efficac\w*|helped|help)\b", re.IGNORECASE)
_HARMS = re.compile(
    r"\b(?:side[- ]effects?|adverse|tolera\w*|toxicit\w*|drows\w*|dry\s+mouth|constipat\w*|dizz\w*|rash\w*|"
    r"dystoni\w*|discontinu\w*)",
    re.IGNORECASE,
)
"""What a part says of a treatment's harms, not of how well it works."""


def denied_in_numbers(unit: str, sentence: str) -> bool:
    """Whether a part of ``sentence`` asserts, and shows in numbers (:func:`~medhal.text.significance.significant`:
    an estimate whose 95% interval leaves out no effect), an effect on the whole subject of a null finding ``unit``
    reports in any words (module docstring).

    >>> denied_in_numbers("It had no effect on heart failure readmissions.", "Heart failure readmissions were less "
    ...                   "frequent with the programme (14.2% vs 19.0%; hazard ratio 0.73, 95% CI 0.57 to 0.93).")
    True
    >>> denied_in_numbers("It had no effect on heart failure readmissions.", "Heart failure readmissions were less "
    ...                   "frequent with the programme (14.2% vs 19.0%).")
    False
    >>> denied_in_numbers("The difference between the subgroups was not significant.", "In subgroups, the rate ratio "
    ...                   "was 0.76 (95% CI 0.59-0.98) with LVEF of 57% or less and 1.02 (95% CI 0.79-1.32) above 57%.")
    False
    """
    if not significant(sentence) or asserts_nothing(sentence):  # the interval first: most sentences give none
        return False
    findings, own = _null_reading(unit)
    # a part about the same subject whose interval holds no effect: the sentence shows the effect for some and not
    # for others ("more than 1,825 doses: HR 1.34 (1.15-1.56), whereas fewer than 365: HR 0.98 (0.84-1.14)"), and
    # which the unit means is not known (round 34)
    parts = finding_parts(sentence)
    if any(holds_null(p) and not significant(p) and any(names(p, f) for f in findings) for p in parts):
        return False
    # "the difference between the subgroups was not significant": an interaction, which no subgroup's own interval
    # shows ("0.76 (95% CI 0.59-0.98) in one and 1.02 (0.79-1.32) in the other (p for interaction 0.07)")
    if findings and all(f.subject <= _INTERACTION for f in findings):
        return False
    return bool(findings) and _asserted(parts, findings, own, shown=True)


def _apart(part: str) -> bool:
    """Whether ``part`` gives two percentages, one at least half as large again as the other ("in 18% of obese and
    7% of normal-weight patients", "(1.8% vs 0.7%)"), a bracket of an interval or P value left out: a difference no
    one reads as "equally common".

    >>> _apart("Acute kidney injury occurred in 18% of obese and 7% of normal-weight patients.")
    True
    >>> _apart("Clinical cure occurred in 93% and 92% (difference 1 percentage point, 95% CI -4 to 6%).")
    False
    """
    part = _STATISTICS.sub(" ", part)
    figures = [q.value for q in quantities(part) if q.kind == "percent"]
    return len(figures) == 2 and min(figures) > 0 and max(figures) >= 1.5 * min(figures)


_STATISTICS = re.compile(r"\([^()]*\b(?:CI|interval|P\s*[=<>]|difference)[^()]*\)", re.IGNORECASE)
"""A bracket of statistics, whose percentages are no group's."""


@lru_cache(maxsize=256)
def _null_reading(unit: str) -> tuple[tuple[NullFinding, ...], frozenset[str]]:
    """The null findings ``unit`` reports and the kinds of time point or dose it names, read once however many
    sentences it is held against."""
    return tuple(null_findings(unit)), frozenset(q.kind for q in quantities(unit) if q.kind in _MATCHED)


def _asserted(
    parts: list[str], findings: tuple[NullFinding, ...], own: frozenset[str], *, shown: bool, in_figures: bool = False
) -> bool:
    """Whether one of a sentence's ``parts`` (:func:`~medhal.text.findings.finding_parts`) asserts an effect on the
    whole subject of one of ``findings`` at no time point or dose of a kind the unit (``own``: the kinds it names) does
    not name; ``shown``: and shows it in numbers; ``in_figures``: states it as two percentages far apart
    (:func:`_apart`), in words or not."""
    for part in parts:
        differs = _apart(part) if in_figures else asserts_effect(part)
        if reports_null_finding(part) or not differs or (shown and not significant(part)):
            continue
        if any(q.kind in _MATCHED and q.kind not in own for q in quantities(part)):
            continue  # "lower at 30 days": a time point or dose the unit does not name
        if any(names(part, finding) for finding in findings):
            return True
    return False
