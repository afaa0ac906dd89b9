"""Figures derived from the ones the evidence states (issue 14): rounded ("93%" for 92.7%), a round count of a large
one, hedged near ("about 90%", :func:`near_estimate`; far from all: :func:`far_off`), the difference of two, the
share one count is of another, the relative change a ratio is, the complement of a percentage, the time between two
dates; and the small count
in words that is lay wording, not a figure (:func:`lay_count`).  :mod:`medhal.text.figures` reads a unit's figures
against the evidence's through them (split from it in round 20).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from itertools import pairwise

from medhal.text.quantities import Quantity

__all__ = [
    "NEAR",
    "complement",
    "count_difference",
    "count_pairs",
    "count_total",
    "decimals",
    "difference",
    "elapsed",
    "equal_arms",
    "far_off",
    "lay_count",
    "near_estimate",
    "own_change",
    "proportion_stated",
    "relative_change",
    "round_count",
    "roundness",
    "rounds",
    "share",
    "share_of_counts",
    "written_as",
]

NEAR = 0.2
"""How far a figure hedged as a point estimate may lie from the one it stands for, relative to the larger
(:func:`far_off`): "about 92%" stands for 91.8%, "about 30%" for 26%; "about seventeen minutes" does not stand
for 7 minutes."""


def difference(q: Quantity, said: Sequence[Quantity], unit: str | None = None) -> bool:
    """Whether ``q`` is the difference of two exact quantities of its kind that ``said`` states ("the stay was
    three days shorter" against "14 days with intravenous and 11 days with oral therapy"; "4.7 percentage points"
    against "18.2% vs 22.9%").  Given the ``unit`` that states it, only where the unit words a difference
    (:data:`_DIFFERENCE_WORDS`): an abstract's many counts differ by almost any small number, and "versus 64 in the
    placebo group" for "46 placebo recipients" is a changed count, not "77.0" (a CI's bound) less "13 cases"
    (round 58).

    >>> from medhal.text.quantities import quantities
    >>> said = quantities("14 days with intravenous and 11 days with oral therapy")
    >>> [difference(quantities(u)[0], said, u) for u in ("a stay 3 days shorter", "a stay of 3 days")]
    [True, False]
    """
    if unit is not None and (not _DIFFERENCE_WORDS.search(unit) or _LEVEL.search(unit, 0, max(q.start, 0))):
        return False
    if q.kind == "points" and q.about:  # "rose by roughly 23 points" for a score from 48.2 to 71.5 (round 62): a
        step = 0.5 * 10.0 ** -decimals(q)  # hedged change of a scale's bare scores, rounded as the figure is
        scores = [e.value for e in said if not e.approximate and e.kind in ("points", "count")]
        return any(abs(abs(a - b) - q.value) <= step for a in scores for b in scores if a != b)
    values = [e.value for e in said if not e.approximate and e.kind == q.kind]
    return any(math.isclose(abs(a - b), q.value, rel_tol=1e-6, abs_tol=1e-9) for a in values for b in values)


_DIFFERENCE_WORDS = re.compile(
    r"\b(?:more|fewer|less|shorter|longer|higher|lower|greater|smaller|differ\w*|gap|extra|additional|saved|"
    r"prevented|avoided|points?|reduc\w+|increas\w+|rose|rise|risen|fell|fall|fallen|drop\w*|gain\w*|lost|loss|"
    r"cut|excess|earlier|later|sooner|faster|slower|than|improv\w+|worse\w*|better|decline\w*|changed?|by|up|down|"
    r"above|below)\b",
    re.IGNORECASE,
)
"""Words that state a difference or a change: a figure the evidence only implies as a difference is stated by a unit
that says one ("going up to 15 mg over 24 hours" says none: 20 mg less 5 mg is no dose of it)."""
_LEVEL = re.compile(r"\b(?:to|at)\s+(?:(?:about|around|roughly|approximately|nearly|almost)\s+)?$", re.IGNORECASE)
"""The words right before a figure that make it a level, not a difference ("has risen to 58 U/L": round 61)."""


def elapsed(q: Quantity, said: Sequence[Quantity], *, near: bool = False) -> bool:
    """Whether ``q`` is the time between two dates ``said`` states (day and month, :mod:`medhal.text.number_forms`):
    "seen three months ago" in a report of 14 May comparing a film of 12 February (round 47).  The dates are read in
    one year, as a report's are; :meth:`Quantity.equals` reads months against days.  ``near``: a figure hedged as
    an estimate is near the time between them (:func:`near_estimate`: "just over five weeks after your first
    operation" for 03/03 and 08/04, round 61).

    >>> from medhal.text.quantities import quantities
    >>> said = quantities("Date: 14 May 2024. Comparison: radiograph of 12 February 2024.")
    >>> elapsed(quantities("three months ago")[0], said), elapsed(quantities("five months ago")[0], said)
    (True, False)
    """
    if q.kind != "time":
        return False
    days = sorted({e.value for e in said if e.kind == "label:date"})
    return any(
        (near and near_estimate(q, later - first))
        or q.equals(Quantity("time", later - first, -1, -1, "", False, later - first))
        for i, first in enumerate(days)
        for later in days[i + 1 :]
    )


def round_count(q: Quantity, e: Quantity) -> bool:
    """Whether ``q`` is a round count of a thousand or more ("a cohort of 43,000", "8,000 tests") that is the exact
    count ``e`` rounded to its hundreds or thousands (43,044; 8,276): how a summary writes a large count.  A level of
    another kind only to three figures or more ("24,600 U/L" for 24,560 U/L: round 153; never "2,000 mg" for 1,600).

    >>> from medhal.text.quantities import quantities
    >>> round_count(quantities("43,000 people")[0], quantities("43,044 persons")[0])
    True
    >>> round_count(quantities("45,000 people")[0], quantities("43,044 persons")[0])
    False
    >>> round_count(quantities("500 mg")[0], quantities("520 mg")[0])
    False
    >>> [round_count(quantities(t)[0], quantities("24,560 U/L")[0]) for t in ("24,600 U/L", "25,000 U/L", "24,600")]
    [True, False, False]
    """
    if q.kind != e.kind or q.approximate or e.approximate or q.value < 1000:
        return False
    step = roundness(q)
    if q.kind != "count" and step * 100 > q.value:
        return False
    return step >= 100 and abs(q.value - e.value) <= step / 2


_TOTAL_FROM = 100.0
"""The smallest estimate read as a total of two stated head counts (each at least a tenth of it)."""


def far_off(q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether ``q`` is hedged as a point estimate (:attr:`Quantity.about`) and every figure of its kind in ``stated``
    (and every bare number, for a bare count) lies more than :data:`NEAR` away from it, relative to the larger: a
    figure the evidence does not state even roughly ("about seventeen minutes" against "a median of 7 minutes").
    A small count in words ("about two patients") is lay wording and never far off.

    >>> from medhal.text.quantities import quantities
    >>> far_off(quantities("about seventeen minutes")[0], quantities("a median of 7 minutes"))
    True
    >>> far_off(quantities("about 92%")[0], quantities("a sensitivity of 91.8%"))
    False
    >>> far_off(quantities("more than 17 minutes")[0], quantities("a median of 7 minutes"))
    False
    >>> far_off(quantities("about 6%")[0], quantities("769 of 12,927 participants"))
    False
    >>> far_off(quantities("about four hours sooner")[0], quantities("a median of 18.5 hours, and 22.4 hours"))
    False
    >>> far_off(quantities("by about 0.2 percentage points")[0], quantities("(mean difference -0.19%)"))
    False
    >>> far_off(quantities("nearly 400,000 users")[0], quantities("196,061 users of A and 196,061 users of B"))
    False
    """
    if not q.about or lay_count(q) or not math.isfinite(q.value):
        return False
    scale = q.value / q.number if q.kind == "length" and q.number else 1.0  # a bare number in the length's unit
    near = [
        e.value if e.kind == q.kind else e.number * scale
        for e in stated
        # a measure per something for a bare count: "between 100 and just under 300" for "ferritin 100-299 µg/L",
        # its unit dropped (round 206)
        if e.kind == q.kind
        or (q.kind == "count" and (e.kind == "percent" or "/" in e.kind))
        # a length for a bare number whose unit the evidence writes short ("about 40 metres" for "40 m", "m" being
        # no unit of its own: it is minutes and months too; session 33's metres)
        or (q.kind == "length" and e.kind == "count")
        or (q.kind == "count" and e.kind == "label:scale")  # the second figure of "196/104 mmHg" (round 227)
    ]
    if q.kind == "percent":  # the share one count is of another near it ("about 6%" for "769 of 12,927"), and what
        # a percentage leaves ("a false-negative rate of approximately 25%" for a sensitivity of 77.8%)
        near += [100.0 * a / b for a, b in count_pairs(stated)]
        near += [100.0 - e.value for e in stated if e.kind == "percent" and 0.0 <= e.value <= 100.0]
    elif q.kind == "points":  # a difference in points written as a percentage ("mean difference -0.19%" of HbA1c), or
        near += [e.value for e in stated if e.kind in ("percent", "count")]  # a bare number ("fell by 11.7 mmHg")
    elif q.kind == "count" and q.value >= _TOTAL_FROM:  # a total of two stated head counts ("nearly 400,000
        # matched users" for 196,061 in each arm); not a sum of small measures ("about 15 mmHg" for 7.7 and 6.1)
        counts = [e.value for e in stated if e.kind == "count" and not e.approximate and e.value == int(e.value)]
        near += [a + b for i, a in enumerate(counts) for b in counts[i + 1 :] if min(a, b) >= _TOTAL_FROM / 10]
    if q.kind == "count":  # the gap between two head counts stated one after the other ("around 170 more people"
        # for "349 versus 517 procedures"; round 236)
        heads = [e.value for e in stated if e.kind == "count" and not e.approximate and e.value == int(e.value)]
        near += [abs(a - b) for a, b in itertools.pairwise(heads) if min(a, b) >= 10 and a != b]
    if q.kind == "units":  # "lowered BMI by about 3 units" for "by a mean of 2.9 kg/m²": a lay unit (round 167)
        near += [e.number for e in stated if "/" in e.kind]  # a measure per something (kg/m², mmol/L)
    if q.kind not in ("count", "percent"):  # the gap between two levels ("about four hours sooner" for 18.5 and 22.4 h)
        levels = [e.value for e in stated if e.kind == q.kind and not e.approximate]
        near += [abs(a - b) for a in levels for b in levels if a > b]
    return all(not near_estimate(q, other) for other in near)


def near_estimate(q: Quantity, other: float) -> bool:
    """Whether ``other`` lies within :data:`NEAR` of ``q``, relative to the larger; for percentages also of the larger
    complement (within a point at least): "about 91%" is not 81.3% (9% against 18.7% left over), "about 93%" is
    92.0%.

    >>> from medhal.text.quantities import quantities
    >>> [near_estimate(quantities(t)[0], 81.3) for t in ("about 91%", "about 80%", "about 91 mg", "about 90%")]
    [False, True, True, False]
    """
    gap = abs(q.value - other)
    scale = max(abs(q.value), abs(other))
    if gap <= roundness(q) / 2:  # "about 90%" is any figure that rounds to 90 at its tens: 92.7% is
        return True
    if q.kind == "percent" and min(q.value, other) >= 0.0 and max(q.value, other) <= 100.0:
        return gap <= max(1.0, NEAR * min(scale, 100.0 - min(q.value, other)))
    return gap <= NEAR * scale


def roundness(q: Quantity) -> float:
    """The step ``q`` is rounded to as written, in its kind's base unit: 10 for "90%", 5 for "75%" or "10%", 1 for
    "91%" or "five years", 0.1 for "9.1%"."""
    if 0 < q.number < 1 and not any(ch.isdigit() for ch in q.text):  # "half of a kilometre", "a quarter of an
        step = min(q.number, 0.25)  # hour": rounded to a quarter of the unit at most (rounds 198, 228)
    elif not q.number or not math.isfinite(q.number) or q.number != int(q.number):
        step = 10.0 ** -decimals(q)
    else:
        n, step = int(abs(q.number)), 1.0
        for size in (1000, 100, 10, 5):
            if n % size == 0 and n >= 2 * size:  # "90" is rounded to tens; "5" and "10" are not rounded to themselves
                step = float(size)
                break
    return step * q.value / q.number if q.number else step


def relative_change(q: Quantity, said: Sequence[Quantity], ways: frozenset[str], unit: str = "") -> bool:
    """Whether the percentage ``q`` is, rounded as written, the relative change a ratio of ``said`` states, in the
    direction the unit says (``ways``, :func:`medhal.text.lexical.directions`): "a 44% higher risk" for "hazard
    ratio 1.44", "29% lower" for "HR 0.71", a point estimate hedged near it and said as a change ("about a quarter
    lower" for 0.74, as :func:`far_off` reads one; not "about half of patients" for 1.51); not "44% lower" for
    1.44.  A share of whom or what ``unit`` (the text ``q`` is read from) names after it is no change ("About 11% of
    people taking finerenone reached the main kidney outcome" is no 11% reduction for HR 0.89; round 178).

    >>> from medhal.text.quantities import quantities
    >>> said = quantities("(HR 0.89; 95% CI 0.76-1.04)")
    >>> [relative_change(quantities(u)[0], said, frozenset(), u) for u in ("an 11% lower risk", "11% of people")]
    [True, False]
    """
    if q.kind != "percent" or _SHARE_OF.match(unit, q.end):
        return False
    return any(
        e.ratio
        and e.value > 0
        and (
            rounds(q, abs(e.value - 1.0) * 100.0)
            or (q.about and bool(ways) and near_estimate(q, abs(e.value - 1.0) * 100))
        )
        and ways != ({"down"} if e.value > 1 else {"up"})
        for e in said
    )


_SHARE_OF = re.compile(r"\s+of\s+(?!(?:the\s+|their\s+|its\s+)?(?:risk|odds|hazard|chance|rate|baseline)\b)", re.I)
"""A percentage's "of" that names whose share it is ("11% of people"), not what it changes ("20% of the risk")."""


def share(q: Quantity, said: Sequence[Quantity], unit: str = "") -> bool:
    """Whether the percentage ``q`` is, rounded as it is written, the share one exact count of ``said`` is of a
    larger one stated near it ("30%" against "12 of 40 patients"; within :data:`_SHARE_SPAN` characters, so that
    two counts from anywhere in a long evidence do not make up a share by chance); or, where ``unit`` says "as much
    as" after it, the share one exact amount of ``said`` is of a larger one of its kind ("roughly 60% as much fluid"
    for "84 mL/kg in the restrictive group and 141 mL/kg in the standard group": round 169; hedged, as
    :func:`near_estimate` reads it).

    >>> from medhal.text.quantities import quantities
    >>> said = quantities("84 mL/kg in the restrictive group and 141 mL/kg in the standard group")
    >>> [share(quantities(u)[0], said, u) for u in ("used roughly 60% as much fluid", "used roughly 40% as much")]
    [True, False]
    """
    if q.kind != "percent":
        return False
    if any(rounds(q, 100.0 * a / b) for a, b in count_pairs(said)):
        return True
    if not _AS_MUCH.match(unit, q.end):
        return False
    # "about half that rate" of "0.6%, 1.2% and 2.4%", "to about a third of their earlier rate" of "from 0.62 to
    # 0.21": shares and counts stated near each other (round 220); amounts of a kind anywhere
    amounts = [e for e in said if e.value > 0 and not e.approximate and not e.kind.startswith("label:")]
    return any(
        rounds(q, 100.0 * a.value / b.value) or (q.about and near_estimate(q, 100.0 * a.value / b.value))
        for a in amounts
        for b in amounts
        if a.kind == b.kind
        and a.value < b.value
        and (a.kind not in ("percent", "count") or abs(a.start - b.start) <= 2 * _SHARE_SPAN)
    )


_AS_MUCH = re.compile(
    r"\s+(?:as\s+(?:much|many|long|large|high|common|often|frequent)\b|(?:of\s+)?that\s+(?:rate|level|figure|number)\b|"
    r"of\s+(?:(?:where|what)\s+it\s+(?:started|began|was|had\s+been)|(?:their|its|his|her|the)\s+(?:earlier|previous|former|starting|"
    r"original|baseline|first)\b))",
    re.IGNORECASE,
)
"""What says a share is of another figure of its kind: "60% as much", "half that rate", "a third of where it was"."""


_COMPLEMENT = re.compile(
    r"\b(?:surviv\w*|alive|died|dead|deaths?|mortality|missed|miss(?:es|ing)?|free\s+(?:of|from)|remained|"
    r"without|failed|fail(?:s|ure)?|false[- ]negatives?|false[- ]positives?|rest|remaining)\b",
    re.IGNORECASE,
)
"""Words by which a unit may state the complement of a stated percentage ("survival was 90%" for "mortality was
10%", "missed 19%" for "a sensitivity of 80.9%", "the remaining 40%")."""


def complement(unit: str, q: Quantity, exact: Sequence[Quantity]) -> bool:
    """Whether the percentage ``q`` is, rounded as it is written, 100 minus an exact percentage of ``exact`` and
    ``unit`` words it as the other side (:data:`_COMPLEMENT`); a changed figure of the same measure ("specificity
    48%" for "specificity 52%") says nothing of the other side and stays a changed figure.

    >>> from medhal.text.quantities import quantities
    >>> complement("Survival at one year was 90%.", quantities("90%")[0], quantities("mortality was 10%"))
    True
    >>> complement("Specificity was 48%.", quantities("48%")[0], quantities("specificity was 52%"))
    False
    """
    if q.kind != "percent" or q.approximate or _COMPLEMENT.search(unit) is None:
        return False
    return any(rounds(q, 100.0 - e.value) for e in exact if e.kind == "percent" and 0.0 < e.value < 100.0)


def count_difference(number: float, said: Sequence[Quantity]) -> bool:
    """Whether ``number`` is the difference of two exact counts ``said`` states within :data:`_SHARE_SPAN` * 2
    characters of each other (two scores of one scale: "52 on day 3, 68 on day 19" for "a rise of 16 points"; round
    211), not of any two counts of a long evidence.

    >>> from medhal.text.quantities import quantities
    >>> [count_difference(n, quantities("WAB-AQ: 52 on day 3, 68 on day 19.")) for n in (16, 5)]
    [True, False]
    """
    counts = [e for e in said if e.kind == "count" and not e.approximate and e.start >= 0]
    return any(
        math.isclose(abs(a.value - b.value), number) and abs(a.start - b.start) <= 2 * _SHARE_SPAN
        for i, a in enumerate(counts)
        for b in counts[i + 1 :]
    )


def count_total(q: Quantity, said: Sequence[Quantity]) -> bool:
    """Whether the count ``q`` is, rounded as written, the total of two exact counts of one sentence's ``said``, each
    at least a tenth of it ("about 820 patients" for "418 patients ... 402 patients": round 212).

    >>> from medhal.text.quantities import quantities
    >>> said = quantities("intervention (12 practices, 418 patients) or usual care (12 practices, 402 patients)")
    >>> [count_total(quantities(u)[0], said) for u in ("about 820 patients", "about 720 patients")]
    [True, False]
    """
    counts = [e.value for e in said if e.kind == "count" and not e.approximate and e.value.is_integer() and e.value > 1]
    return q.kind == "count" and any(
        rounds(q, a + b) for i, a in enumerate(counts) for b in counts[i + 1 :] if min(a, b) >= q.value / 10
    )


def equal_arms(stated: Sequence[Quantity]) -> bool:
    """Whether ``stated`` gives two groups of one size ("3 of 93 ... 4 of 93") or a 1:1 allocation, each half of
    those it counts ("Half were given dabigatran tablets": round 215).

    >>> from medhal.text.quantities import quantities
    >>> [equal_arms(quantities(t)) for t in ("3 of 93 and 4 of 93", "assigned 1:1", "3 of 93 and 4 of 80")]
    [True, True, False]
    """
    counts = [e for e in stated if e.kind == "count" and e.value.is_integer()]
    if any(a.value == b.value == 1 and b.start == a.end + 1 for a, b in pairwise(counts)):
        return True
    sizes = [e.value for e in counts if e.value >= 10]
    return any(sizes.count(v) == 2 for v in set(sizes))


def share_of_counts(q: Quantity, said: Sequence[Quantity]) -> bool:
    """Whether the hedged percentage ``q`` lies near the share one whole count of one sentence's ``said`` is of
    the largest it states (the people it counts), however far apart the sentence states them ("About half had
    ketamine" for "We enrolled 318 children (median age 8 years; 61% boys): 160 ketamine and 158 ketofol": round
    206); for not reading a changed share where the unit's is one the sentence works out, never for stating one.

    >>> from medhal.text.quantities import quantities
    >>> said = quantities("We enrolled 318 children (median age 8 years; 61% boys): 160 ketamine and 158 ketofol.")
    >>> [share_of_counts(quantities(u)[0], said) for u in ("About half had ketamine", "About a quarter had it")]
    [True, False]
    """
    if q.kind != "percent" or not q.about:
        return False
    counts = [e.value for e in said if e.kind == "count" and e.value > 0 and not e.approximate and e.value.is_integer()]
    whole = max(counts, default=0.0)  # of the sentence's largest count, the people it enrolled or counted
    return any(near_estimate(q, 100.0 * a / whole) for a in counts if a < whole)


def count_pairs(said: Sequence[Quantity]) -> list[tuple[float, float]]:
    """``(smaller, larger)`` exact whole counts of ``said`` stated within :data:`_SHARE_SPAN` characters of each
    other: the pairs a share can be read from (not two bounds of a confidence interval, "0.90 to 1.87")."""
    counts = [e for e in said if e.kind == "count" and e.value > 0 and not e.approximate and e.value.is_integer()]
    return [
        (a.value, b.value)
        for a in counts
        for b in counts
        if a.value < b.value and abs(a.start - b.start) <= _SHARE_SPAN and _apart(a, b)
    ]


def _apart(a: Quantity, b: Quantity) -> bool:
    """Whether two counts stand more than one character apart: not the two sides of a ratio ("assigned 2:1")."""
    return max(a.start, b.start) - min(a.end, b.end) > 1


_SHARE_SPAN = 40
"""How near two counts must stand to be read as a share ("12 of the 40 patients", "40 patients, of whom 12")."""


def rounds(q: Quantity, value: float) -> bool:
    """Whether ``q`` is ``value`` (in ``q``'s kind's base unit) rounded to the decimals ``q`` is written with, in
    ``q``'s unit, within 10% ("93%" for 92.7%, "0.9" for 0.85; not "2 g" for 1,520 mg)."""
    if not q.number or not math.isfinite(q.number):
        return False
    gap = abs(value * q.number / q.value - q.number)
    return gap <= 0.5 * 10.0 ** -decimals(q) * (1 + 1e-9) and gap <= 0.1 * abs(q.number)  # "2 g" is not "1.52 g"


_DECIMALS = re.compile(r"\d+(?:[.,](\d+))?")


def decimals(q: Quantity) -> int:
    """How many decimals ``q`` is written with ("9.1%": 1, "0,85": 2, "90%": 0)."""
    written = _DECIMALS.match(q.text)
    return len(written.group(1)) if written is not None and written.group(1) else 0


def lay_count(q: Quantity) -> bool:
    """A small count in words ("two patients", "one dose"): lay wording, not a figure ("fifty", "three years" are)."""
    return q.kind == "count" and q.number < 10 and not any(ch.isdigit() for ch in q.text)


def bounded(text: str, q: Quantity) -> bool:
    """Whether ``text`` bounds its figure ``q`` ("5 or more", "at least 5", "≥5"): a threshold, not a level (the
    bound cue, :mod:`medhal.text.bounds`, reads one turned round)."""
    return bool(_BOUND_AFTER.match(text, q.end) or _BOUND_BEFORE.search(text, max(0, q.start - 12), q.start))


_BOUND_AFTER = re.compile(r"\s*(?:or|and)\s+(?:more|higher|above|over|greater|less|lower|below|under|fewer)\b", re.I)
_BOUND_BEFORE = re.compile(r"(?:\bat\s+(?:least|most)|[≥≤]|[<>]=?)\s*$", re.IGNORECASE)


def written_as(q: Quantity, e: Quantity, *, hedged: bool = False) -> bool:
    """Whether ``q`` writes the figure ``e``: of its kind, equal, or ``e`` rounded as ``q`` is written ("about 29
    points" for 28.5, not "about 22%" for 21%); with ``hedged``, also near it where ``q`` is a hedged point estimate
    (:func:`near_estimate`: "roughly 6%" for 6.2%).  The hedged-pair cue reads a partner's figure the first way
    (:mod:`medhal.text.hedged_pairs`), an evidence pointer a unit's figures the second
    (:mod:`medhal.detect._pointers`).

    >>> from medhal.text.quantities import quantities
    >>> about, said = quantities("about 29 points")[0], quantities("28.5 points and 41.0 points")
    >>> [written_as(about, e) for e in said], [written_as(about, e, hedged=True) for e in said]
    ([True, False], [True, False])
    >>> written_as(quantities("roughly 6%")[0], quantities("6.6%")[0], hedged=True)
    True
    """
    return q.kind == e.kind and (
        q.equals(e) or rounds(q, e.value) or (hedged and q.about and near_estimate(q, e.value))
    )


def own_change(q: Quantity, read: Sequence[Quantity]) -> bool:
    """Whether the hedged share ``q`` is about the relative change between two figures of one kind its own text
    states ("fell from 27 to 18 mmHg, a reduction of about a third": 33%): worked out by the answer, not unstated.

    >>> from medhal.text.quantities import quantities
    >>> read = quantities("from 27 to 18 mmHg, a reduction of about a third")
    >>> own_change(read[-1], read), own_change(read[-1], quantities("from 27 to 25 mmHg, about a third"))
    (True, False)
    """
    figures = [e for e in read if e.kind not in ("percent", q.kind) and not e.kind.startswith("label:") and e.value]
    return any(
        abs(100.0 * abs(a.value - b.value) / a.value - q.value) <= 0.1 * q.value
        for a, b in itertools.pairwise(figures)
        if a.kind == b.kind or b.kind == "count"
    )


def proportion_stated(q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether the percentage ``q`` is near a proportion ``stated`` gives in words: two counts a few characters apart,
    both hedged as the sides of a proportion are ("1 in 20", "3 out of 10": :func:`~medhal.text.quantities.
    proportion_side`), the smaller first, as far apart as " in ", " out of " or " of every " holds them ("between 5
    and 20" is no proportion)."""
    if q.kind != "percent":
        return False
    counts = sorted((e for e in stated if e.kind == "count"), key=lambda e: e.start)
    return any(
        a.approximate
        and b.approximate
        and 0 < a.value < b.value
        and b.start - a.end in _PROPORTION_GAPS
        and near_estimate(q, 100.0 * a.value / b.value)
        for a, b in itertools.pairwise(counts)
    )


_PROPORTION_GAPS = frozenset({len(" in "), len(" out of "), len(" of every ")})
