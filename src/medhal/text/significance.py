"""A result that is not statistically significant, read from its interval: "7.7% in the app group and 6.9% in the
leaflet group (odds ratio 1.13; 95% CI 0.73 to 1.74)" (issue 14).

A trial report states a null result in numbers as often as in words.  "Adding the app did not improve verified
abstinence (7.7% vs 6.9%)" restates the sentence above for a clinician: the interval holds no effect.  A small
encoder sees two figures, one larger, and a unit saying "did not improve", and reads a contradiction.
:func:`nonsignificant` says when every estimate a sentence gives with a confidence interval has an interval that
holds its null value (1 for a ratio: hazard, odds, risk, rate ratio, relative risk; 0 for a difference) and no
P value below 0.05 is stated: such a sentence cannot contradict a unit that reports no effect.  Kept narrow: an
interval whose estimate is of neither kind, or a sentence with none, is not read.

:func:`null_in_numbers` reads the same the other way: a unit reporting no difference ("Mortality alone was not
significantly different, at 35.4% with vitamin C and 31.6% with placebo") is restated by a sentence that gives its
figures with an interval holding no effect ("Death at 28 days occurred in 35.4% and 31.6%, respectively (risk ratio
1.17; 95% CI 0.98 to 1.40)") and is about what the unit names.  :func:`significance_denied` reads a unit that
claims significance against the same kind of sentence (round 19).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from medhal.text._finding_subjects import stems as _stems
from medhal.text.assertions import asserts_nothing
from medhal.text.derived import relative_change, rounds
from medhal.text.figure_agreement import figures_agree
from medhal.text.figures import same_figure, states_each
from medhal.text.findings import (
    NullFinding,
    asserts_effect,
    contradicts,
    finding_parts,
    finding_subject,
    lead,
    reports_null_finding,
)
from medhal.text.lexical import directions, has_negation
from medhal.text.populations import populations
from medhal.text.quantities import Quantity, quantities
from medhal.text.signed_differences import signed_differences

__all__ = [
    "change_shown",
    "effect_part_restated",
    "effect_unshown",
    "factor_shown",
    "holds_null",
    "is_null_value",
    "nonsignificant",
    "null_in_numbers",
    "numbers_null_finding",
    "ratio_shown",
    "significance_denied",
    "significant",
    "unshown_effect",
]

_NUMBER = r"[-−]?\d+(?:\.\d+)?"
"""A signed number; the minus sign may be the typographic one ("−1.2"; round 21)."""
_LEVEL = r"(?:95|9[0-9]\.\d+|9[0-9])"
"""An interval's confidence level: 95%, or a multiplicity-adjusted one ("98.3% CI" for three comparisons; round 23)."""
_INTERVAL = re.compile(
    r"(?P<kind>(?:hazard|odds|risk|rate|incidence\s+rate)\s+ratios?|relative\s+risk|\ba?HR\b|\ba?OR\b|\ba?RR\b|"
    r"\bIRR\b|(?:mean\s+|absolute\s+|risk\s+)?difference)"
    r"[^;()\[\]]{0,40}?(?P<estimate>"
    + _NUMBER
    + r")\s*(?:%|(?:percentage\s+)?points?)?\s*[;,(\[]?\s*"
    + _LEVEL
    + r"\s?%\s*(?:CI|confidence\s+interval|CrI)\s*[,:=]?\s*(?P<low>"
    + _NUMBER
    + r")\s*%?\s*(?:to|-|–|,)\s*"
    r"(?P<high>" + _NUMBER + r")",
    re.IGNORECASE,
)
_ANY_INTERVAL = re.compile(_LEVEL + r"\s?%\s*(?:CI|confidence\s+interval|CrI)", re.IGNORECASE)
_P_VALUE = re.compile(r"\bP\s*(?P<op><|≤|=)\s*(?P<value>0?\.\d+)", re.IGNORECASE)


_CROSSES = re.compile(
    r"\b(?:CIs?|confidence\s+intervals?|CrIs?|intervals?)\s+(?:that\s+|which\s+)?(?:(?:all|both|each)\s+)?"
    r"(?:crossed|crosses|crossing|cross|included|includes|including|include|spanned|spans|spanning|span|"
    r"overlapped|overlaps|overlapping|touched|touches)\s+(?:the\s+(?:null\s+)?(?:value\s+(?:of\s+)?)?)?$",
    re.IGNORECASE,
)


def is_null_value(unit: str, q: Quantity) -> bool:
    """Whether ``q``, 1 or 0, is the null value an interval of ``unit`` is said to cross ("where the confidence
    interval crossed 1": round 157): the value of no effect, not a figure the evidence must state.

    >>> unit = "but not for acral lesions, where the confidence interval crossed 1."
    >>> [is_null_value(unit, q) for q in quantities(unit)]
    [True]
    >>> unit = "the odds ratio was 1 in smokers"
    >>> [is_null_value(unit, q) for q in quantities(unit)]
    [False]
    """
    return q.value in (0.0, 1.0) and q.kind == "count" and _CROSSES.search(unit, 0, q.start) is not None


def _float(number: str) -> float:
    """A number of :data:`_NUMBER` as a float, its typographic minus read as a minus."""
    return float(number.replace("−", "-"))


def _significant_p(sentence: str) -> bool:
    """Whether ``sentence`` states a P value below 0.05 ("P = 0.001", "P < 0.05")."""
    for m in _P_VALUE.finditer(sentence):
        value = float(m.group("value"))
        if value < 0.05 or (m.group("op") != "=" and value <= 0.05):
            return True
    return False


def nonsignificant(sentence: str) -> bool:
    """Whether ``sentence`` gives at least one estimate with a 95% interval, every interval it gives holds its
    null value, and it states no P value below 0.05 (module docstring); or gives no interval and P values, none
    below 0.05.

    >>> nonsignificant("Abstinence was 7.7% and 6.9% (odds ratio 1.13; 95% CI 0.73 to 1.74).")
    True
    >>> nonsignificant("Transfusion was 23.3% and 38.3% (relative risk 0.61; 95% CI 0.45 to 0.82; P = 0.001).")
    False
    >>> nonsignificant("The difference was 13.9 percentage points (95% CI 3.6 to 24.0).")
    False
    >>> nonsignificant("RT vs EULT: OR 0.78 (98.3% CI 0.47 to 1.30).")
    True
    >>> nonsignificant("Abstinence was 7.7% and 6.9%.")
    False

    A sentence giving no interval is read by its P values: at least one stated, none below 0.05 (round 21).

    >>> nonsignificant("Response rates were 34% versus 27% (p = 0.33)."), nonsignificant("It fell (p = 0.01).")
    (True, False)
    """
    if not _ANY_INTERVAL.search(sentence):  # P values alone, none below 0.05 ("34% versus 27% (p = 0.33)")
        return any(m.group("op") == "=" for m in _P_VALUE.finditer(sentence)) and not _significant_p(sentence)
    found = list(_INTERVAL.finditer(sentence))
    if not found or len(found) != len(_ANY_INTERVAL.findall(sentence)) or _significant_p(sentence):
        return False
    return not any(_excludes_null(m) for m in found)


def _excludes_null(interval: re.Match[str]) -> bool:
    """Whether an estimate's 95% interval (a match of :data:`_INTERVAL`) leaves out its null value (1 for a ratio, 0
    for a difference)."""
    null = 0.0 if "difference" in interval.group("kind").lower() else 1.0
    low, high = _float(interval.group("low")), _float(interval.group("high"))
    return not min(low, high) <= null <= max(low, high)


def significant(sentence: str) -> bool:
    """Whether ``sentence`` gives an estimate whose 95% interval leaves out its null value: the effect it reports is
    shown in numbers, not only said.  A P value alone is not read here: an abstract gives one for every comparison,
    of subgroups and strata too, and it names no estimate of the effect.

    >>> significant("Readmissions were fewer (14.2% vs 19.0%; hazard ratio 0.73, 95% CI 0.57 to 0.93).")
    True
    >>> significant("Readmission was 29.1% and 33.8% (hazard ratio 0.84, 95% CI 0.70 to 1.01).")
    False
    >>> significant("Atrophy was highest at ages 13-24 months (12% vs 5%; p=0.0024).")
    False
    """
    return any(_excludes_null(m) for m in _INTERVAL.finditer(sentence))


def holds_null(sentence: str) -> bool:
    """Whether ``sentence`` gives an estimate whose 95% interval holds its null value (an effect not shown in numbers),
    whatever other intervals it gives.

    >>> holds_null("HR 0.76 (95% CI 0.59-0.98) and 1.02 (95% CI 0.79-1.32)"), holds_null("HR 0.76 (95% CI 0.59-0.98)")
    (True, False)
    """
    named = list(_INTERVAL.finditer(sentence))
    for bare in _BARE_INTERVAL.finditer(sentence):
        # an interval listed after a named estimate ("0.76 (95% CI 0.59-0.98) ... and 1.02 (95% CI 0.79-1.32)") is an
        # estimate of the same kind; one before any named estimate is left unread
        kind = next((m for m in reversed(named) if m.start() < bare.end()), None)
        if kind is None:
            continue
        null = 0.0 if "difference" in kind.group("kind").lower() else 1.0
        low, high = _float(bare.group("low")), _float(bare.group("high"))
        if min(low, high) <= null <= max(low, high):
            return True
    return False


_BARE_INTERVAL = re.compile(
    _LEVEL
    + r"\s?%\s*(?:CI|confidence\s+interval|CrI)\s*[,:=]?\s*(?P<low>"
    + _NUMBER
    + r")\s*%?\s*(?:to|-|–|,)\s*(?P<high>"
    + _NUMBER
    + r")",
    re.IGNORECASE,
)
"""A 95% interval, whether or not an estimate's kind names it."""


def ratio_shown(unit: str, sentences: Sequence[str]) -> bool:
    """Whether ``unit`` gives a ratio ("(incidence rate ratio 0.64)") that a sentence gives with a 95% interval leaving
    out no effect: the effect the unit reports is shown, so a null finding about another measure of the same outcome
    ("The proportion with at least one fall was 44% versus 53% (risk ratio 0.83, 95% CI 0.68 to 1.01)") does not
    deny it (round 21).

    >>> unit = "The fall rate was a third lower (rate ratio 0.64)."
    >>> ratio_shown(unit, ["Falls: rate ratio 0.64, 95% CI 0.50 to 0.82."])
    True
    >>> ratio_shown(unit, ["Falls: rate ratio 0.64, 95% CI 0.50 to 1.12."])
    False
    """
    ratios = {q.value for q in quantities(unit) if q.ratio and not q.approximate}
    return bool(ratios) and any(
        _float(m.group("estimate")) in ratios and _excludes_null(m) for s in sentences for m in _INTERVAL.finditer(s)
    )


def factor_shown(unit: str, sentences: Sequence[str]) -> bool:
    """Whether ``unit`` says something made an outcome some times more likely ("five times", "3-fold") where a
    sentence gives a ratio it rounds to with a 95% interval leaving out no effect: the unit reports that ratio's
    effect, whatever a null finding about the same outcome between the trial's arms says (round 162).

    >>> unit = "which made relapse about five times more likely."
    >>> factor_shown(unit, ["Non-adherence predicted relapse (odds ratio 5.2, 95% CI 1.9 to 14.1)."])
    True
    >>> factor_shown(unit, ["Non-adherence predicted relapse (odds ratio 5.2, 95% CI 0.9 to 14.1)."])
    False
    >>> factor_shown(unit, ["Non-adherence predicted relapse (odds ratio 2.2, 95% CI 1.9 to 2.6)."])
    False
    """
    factors = [q for q, _ in signed_differences(unit) if _TIMES.match(unit, q.end)]
    return bool(factors) and any(
        _excludes_null(m) and any(rounds(q, _float(m.group("estimate"))) for q in factors)
        for s in sentences
        for m in _INTERVAL.finditer(s)
    )


_TIMES = re.compile(r"-fold\b|\s*-?\s*fold\b|\s+times\b", re.IGNORECASE)


def change_shown(unit: str, sentences: Sequence[str]) -> bool:
    """Whether ``unit`` gives a relative change ("fell by roughly one seventh", "a 14% lower risk") that a ratio a
    sentence gives with a 95% interval leaving out no effect works out to, in the unit's direction
    (:func:`~medhal.text.derived.relative_change`): the effect is shown, whatever a null finding about the same
    outcome in another population says ("all-cause death did not differ" with a preserved ejection fraction, where
    "all-cause death (RR 0.86, 95% CI 0.78 to 0.94)" fell with a reduced one; round 191).

    >>> said = ["It lowered all-cause death (RR 0.86, 95% CI 0.78 to 0.94).", "Death did not differ (RR 0.98)."]
    >>> change_shown("and the risk of dying from any cause fell by roughly one seventh.", said)
    True
    >>> change_shown("and the risk of dying from any cause rose by roughly one seventh.", said)
    False
    >>> change_shown("and the risk of dying fell by roughly a seventh.", ["Death (RR 0.86, 95% CI 0.70 to 1.06)."])
    False
    >>> change_shown("Screening lowered deaths from any cause by about a quarter.", ["Lung cancer mortality was 24% "
    ...              "lower with screening (rate ratio 0.76, 95% CI 0.61 to 0.94)."])
    False
    """
    changes = [q for q in quantities(unit) if q.kind == "percent"]
    if not changes:
        return False
    ways, named = directions(unit), finding_subject(unit) | _stems(unit)
    for sentence in sentences:
        shown = {
            estimate
            for m in _INTERVAL.finditer(sentence)
            if (estimate := _float(m.group("estimate"))) > 0
            and _RATIO.search(m.group("kind"))
            and _excludes_null(m)
            and finding_subject(_of_ratio(sentence, m.start())) <= named
        }
        if not shown:  # most sentences state no such ratio: their quantities are not read
            continue
        ratios = [e for e in quantities(sentence) if e.ratio and e.value in shown]
        if ratios and any(relative_change(q, ratios, ways, unit) for q in changes):
            return True
    return False


_RATIO = re.compile(r"ratio|risk|HR|OR|RR", re.IGNORECASE)
_CUT = re.compile(r".*(?:[;,)]|\band\b|\bor\b|\bbut\b)", re.IGNORECASE | re.DOTALL)


def _of_ratio(sentence: str, at: int) -> str:
    """What the ratio at ``at`` is told of: the words before it back to the last clause or list break ("and
    all-cause death (RR 0.86" is of all-cause death; "Lung cancer mortality was 24% lower (rate ratio 0.76" of lung
    cancer mortality, no death from any cause: clinical pair cp_260)."""
    before = sentence[:at].rstrip(" (")
    cut = _CUT.match(before)
    return before[cut.end() :] if cut else before


def null_in_numbers(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` restates ``unit``'s null finding in numbers: the unit reports no difference or effect,
    the sentence is :func:`nonsignificant`, states every figure of the unit
    (:func:`~medhal.text.figure_agreement.figures_agree`), and the unit names what the sentence reports on (its subject,
    named before its verb: :func:`~medhal.text.findings.lead`).

    >>> sentence = "Death at 28 days occurred in 35.4% and 31.6%, respectively (risk ratio 1.17; 95% CI 0.98 to 1.40)."
    >>> null_in_numbers("Mortality was not significantly different (35.4% vs 31.6%).", sentence)
    True
    >>> null_in_numbers("Mortality was significantly higher (35.4% vs 31.6%).", sentence)
    False
    >>> null_in_numbers("Organ dysfunction did not differ (35.4% vs 31.6%).", sentence)
    False
    """
    if not reports_null_finding(unit) or not nonsignificant(sentence) or not figures_agree(unit, sentence):
        return False
    subject = lead(sentence)
    if subject and subject <= finding_subject(unit):
        return True
    # "the difference was not statistically significant (rate ratio 0.82)": a unit naming nothing is anchored by
    # the ratio it gives, which the sentence gives too
    stated = {q.value for q in quantities(sentence) if q.ratio}
    return any(q.ratio and q.value in stated for q in quantities(unit))


_CLAIMED = re.compile(
    r"\b(?:statistically\s+)?significant(?:ly)?\b(?!\s+(?:depress|anxi|symptom|pain|bleed|disease|illness|injur|"
    r"stenos|distress|disabilit|impairment|morbidit|comorbid|harm\b|burden|problem|damage|trauma))",
    re.IGNORECASE,
)
"""A claimed significance; not a clinical one ("had significant depression symptoms": round 185)."""
_NOT_CLAIMED = re.compile(
    r"\b(?:non-?|in)significant|\b(?:borderline|marginally|nearly|almost|approaching|trend)\b", re.IGNORECASE
)
_GROUP_KINDS = ("percent", "count")


def significance_denied(unit: str, sentence: str) -> bool:
    """Whether ``unit`` claims, unhedged and unnegated, a significant effect ("significantly reduced the 30-day risk
    of the combined outcome (2.9% vs 4.1%)") whose figures ``sentence`` gives with intervals that all hold no
    effect (:func:`nonsignificant`: "29 of 1,006 participants (2.9%) ... and 41 of 1,026 (4.1%) (risk difference
    -1.18 percentage points, 95% CI -2.84 to 0.47)").  The unit must give at least two figures of the groups (or the
    ratio) and the sentence state each of them: a unit naming no figure may be about another outcome.

    >>> sentence = "It occurred in 2.9% and 4.1% (risk difference -1.18 percentage points, 95% CI -2.84 to 0.47)."
    >>> significance_denied("Early treatment significantly reduced it (2.9% vs 4.1%).", sentence)
    True
    >>> significance_denied("Early treatment did not significantly reduce it (2.9% vs 4.1%).", sentence)
    False
    >>> significance_denied("Early treatment significantly reduced it (2.9% vs 14.1%).", sentence)
    False

    A sentence giving no interval but P values, none below 0.05, denies it too (round 20: "at 61%, was
    significantly lower than last year's 63%" against "61% ..., which did not differ significantly from the 63%
    recorded last year (p=0.41)"):

    >>> significance_denied("Uptake, at 61%, was significantly lower than last year's 63%.",
    ...                     "Uptake was 61%, against 63% last year (p=0.41).")
    True
    >>> significance_denied("Uptake, at 61%, was significantly lower than last year's 63%.",
    ...                     "Uptake was 61%, against 63% last year (p=0.01).")
    False
    >>> significance_denied("at about 7% versus 6%, a difference that was statistically significant.",
    ...                     "Reactions occurred in 7.2% with A and 5.9% with sequential dosing (p=0.46).")
    True
    >>> significance_denied("The decline, 2.9 vs 3.9 mL/min a year, was statistically significant.",
    ...                     "eGFR slope was -2.9 vs -3.9 mL/min per year (difference 1.0; 95% CI -0.03 to 1.97); the "
    ...                     "chronic slope favoured A (difference 1.1; 95% CI 0.07 to 2.12).")
    True
    """
    if not _CLAIMED.search(unit) or _NOT_CLAIMED.search(unit) or has_negation(unit):
        return False
    # a point estimate hedged ("at about 7% versus 6%") is read as the figure it rounds (round 178)
    stated = [q for q in quantities(unit) if not q.approximate or q.about]
    # two or more times are the groups' ("6.4 vs 5.5 months" of median survival; round 20), one is a time point;
    # rates and concentrations are the groups' too ("2.9 vs 3.9 mL/min/1.73m2 a year"; round 23)
    times = [q for q in stated if q.kind == "time"]
    own = [q for q in stated if q.kind in _GROUP_KINDS or q.ratio or "/" in q.kind] + (times if len(times) > 1 else [])
    if len(own) < 2 and not any(q.ratio for q in own):
        return False
    # read part by part: "X was 2.9 vs 3.9 (95% CI -0.03 to 1.97; p=0.058); Y favoured A (95% CI 0.07 to 2.12)"
    # shows no effect on X whatever it shows on Y (round 23)
    parts = [sentence, *finding_parts(sentence)]
    return any(
        nonsignificant(part) and all(any(q.equals(e) or same_figure(q, e) for e in quantities(part)) for q in own)
        for part in parts
    )


@lru_cache(maxsize=1024)
def numbers_null_finding(sentence: str) -> NullFinding | None:
    """The null finding ``sentence`` reports in numbers alone, or ``None``: one finding (one part,
    :func:`~medhal.text.findings.finding_parts`) that says nothing in words of an effect or of its absence, gives an
    estimate with a 95% interval and is :func:`nonsignificant`, about the subject named before its verb
    (:func:`~medhal.text.findings.lead`; round 23: "Transfusion or death occurred in 67 of 243 patients (27.6%) in
    the iron group and in 69 of 244 (28.3%) in the placebo group (risk ratio, 0.98; 95% CI, 0.68 to 1.43)").

    >>> sorted(numbers_null_finding("Falls occurred in 44% and 53% (risk ratio 0.83, 95% CI 0.68 to 1.01).").subject)
    ['falls']
    >>> print(numbers_null_finding("Falls were fewer with A (44% vs 53%; risk ratio 0.83, 95% CI 0.68 to 1.01)."))
    None
    """
    if asserts_nothing(sentence) or reports_null_finding(sentence) or asserts_effect(sentence):
        return None
    if len(finding_parts(sentence)) != 1 or not _INTERVAL.search(sentence) or not nonsignificant(sentence):
        return None
    subject = lead(sentence)
    if not subject:
        return None
    stated = tuple(q for q in quantities(sentence) if q.kind in ("time", "mass"))
    return NullFinding(subject, populations(sentence), stated)


def effect_unshown(unit: str, sentence: str) -> bool:
    """Whether ``unit`` asserts, unhedged and unnegated, an effect on the whole subject of the null finding
    ``sentence`` reports in numbers alone (:func:`numbers_null_finding`), in its populations, at its time point
    and dose (:func:`~medhal.text.findings.contradicts`): "Iron lowered the chance of needing a transfusion or
    dying" against figures whose interval holds no effect.  The caller stays silent where another sentence asserts
    the effect.

    >>> sentence = "Falls occurred in 44% and 53% (risk ratio 0.83, 95% CI 0.68 to 1.01)."
    >>> effect_unshown("Exercise reduced falls.", sentence), effect_unshown("It tended to reduce falls.", sentence)
    (True, False)
    >>> effect_unshown("Home exercise was non-inferior to supervised classes for falls.", sentence)
    False
    """
    if _EQUIVALENCE.search(unit):  # "was non-inferior to a 12-week course": what such figures show (round 23)
        return False
    finding = numbers_null_finding(sentence)
    return finding is not None and contradicts(unit, finding)


_EQUIVALENCE = re.compile(r"\bnon-?\s?inferior\w*|\bequivalen\w*|\bnoninferior\w*", re.IGNORECASE)


def unshown_effect(unit: str, sentences: Sequence[str]) -> int | None:
    """The first of ``sentences`` whose figures show no effect where ``unit`` asserts one (:func:`effect_unshown`),
    unless another sentence asserts an effect on that subject (an abstract's conclusion may claim what its figures do
    not show: the unit then restates the evidence); ``None`` when none does.

    >>> figures = "Falls occurred in 44% and 53% (risk ratio 0.83, 95% CI 0.68 to 1.01)."
    >>> unshown_effect("Exercise reduced falls.", ["Exercise was offered weekly.", figures])
    1
    >>> print(unshown_effect("Exercise reduced falls.", [figures, "Conclusions: exercise reduced falls."]))
    None
    """
    found = next((i for i, s in enumerate(sentences) if effect_unshown(unit, s)), None)
    finding = None if found is None else numbers_null_finding(sentences[found])
    if found is None or finding is None:
        return None
    if any(i != found and asserts_effect(s) and finding.subject <= finding_subject(s) for i, s in enumerate(sentences)):
        return None
    return found


def effect_part_restated(unit: str, sentence: str) -> bool:
    """Whether ``unit`` gives two or more exact percentages that a part of ``sentence`` reporting no null finding
    states each of: the unit restates that part ("more discontinuation symptoms in the first week (22% versus 13%)"
    against "... were more frequent after direct switch (22% vs 13%; ...), but did not differ by week 4 (6% vs 5%)"),
    so the null finding of the sentence's other part is not about it (round 25).

    >>> sentence = "Symptoms were more frequent with A (22% vs 13%), but did not differ by week 4 (6% vs 5%)."
    >>> effect_part_restated("A caused more symptoms in the first week (22% versus 13%).", sentence)
    True
    >>> effect_part_restated("A caused more symptoms at week 4 (6% versus 5%).", sentence)
    False
    """
    own = [q for q in quantities(unit) if q.kind == "percent" and not q.approximate]
    if len(own) < 2:
        return False
    return any(
        not reports_null_finding(part) and states_each(own, quantities(part)) for part in finding_parts(sentence)
    )
