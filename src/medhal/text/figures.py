"""A unit's figures against the evidence's (issue 14): a changed number, dose, duration or percentage
(:func:`number_conflicts`, the changed-number cue of the aligned verdict rule, :mod:`medhal.detect.alignment`), a
figure the evidence states nowhere, not even rounded, converted or derived (:func:`unstated_quantities`, the
unstated-figure cue: such a unit is never `supported`), a figure equal to one the sentence states of something
else; what counts as derived (rounded, hedged near, a difference, a share, a relative change, a complement; a point
estimate far from every figure of its kind) is :mod:`medhal.text.derived`'s, and the unit's figures written as the
evidence writes them for the verifier are :mod:`medhal.text.harmonize`'s.
The figures themselves are read by :func:`medhal.text.quantities.quantities`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from medhal.text.age_bounds import age_bound_stated
from medhal.text.derived import (
    complement,
    count_difference,
    count_total,
    difference,
    elapsed,
    equal_arms,
    far_off,
    lay_count,
    own_change,
    proportion_stated,
    relative_change,
    round_count,
    rounds,
    share,
    share_of_counts,
)
from medhal.text.doses import daily_forms, dose_limits
from medhal.text.figure_places import ANCHOR_WORDS, anchors, takes_place_of
from medhal.text.group_estimates import far_from_its_group, given_elsewhere, named_group_figures
from medhal.text.level_pairs import levels_stated, reached_level
from medhal.text.lexical import directions
from medhal.text.quantities import Quantity, quantities
from medhal.text.rates import per_unit_stated, rate_restated, said_rates

__all__ = [
    "ANCHOR_WORDS",
    "anchors",
    "number_conflicts",
    "same_figure",
    "states_each",
    "unstated_quantities",
]


_BY_BEFORE = re.compile(r"\bby\s+$", re.IGNORECASE)

_GAP_BEFORE = re.compile(r"\bdifference\b[^.;()]{0,30}?\b(?:was|were|of|:)\s*[-−]?$", re.IGNORECASE)
"""Words before the size of a gap between groups ("the difference at 8 weeks was -0.9 points"; round 19)."""
_COMPARATIVE_NEXT = re.compile(r"\s+(?:shorter|longer|fewer|less|more|lower|higher|greater|smaller)\b", re.IGNORECASE)

_LEVEL_BEFORE = re.compile(r"\b(?:from|to)\s+$", re.IGNORECASE)
"""Words before a level a change starts from or reaches ("fell from 20 to 17")."""

_BOUND_NEXT = re.compile(
    r"\s+or\s+(?:less|more|fewer|greater|longer|shorter|older|younger|lower|higher|above|below|over|under)\b",
    re.IGNORECASE,
)


def _change(text: str, q: Quantity) -> bool:
    """Whether ``q`` is the size of a change or a gap in ``text`` ("shortened the cough by two days", "three days
    shorter"), not a level ("5 days in each group") nor a bound ("28 days or less").

    >>> text = "It shortened the cough by two days; the stay was 3 days shorter; 5 days in each group."
    >>> [_change(text, q) for q in quantities(text)]
    [True, True, False]
    >>> [_change(t, quantities(t)[-1]) for t in ("the difference at 8 weeks was -0.9 points", "pain was 6.8 points")]
    [True, False]
    """
    return (
        _BY_BEFORE.search(text, max(0, q.start - 8), q.start) is not None
        or bool(_COMPARATIVE_NEXT.match(text, q.end))
        or _GAP_BEFORE.search(text, max(0, q.start - 48), q.start) is not None
    )


def _change_rivals(sentence: str, local: Sequence[Quantity]) -> list[Quantity]:
    """The rivals of the size of a change among ``local`` (the sentence's numbers the unit does not restate): the
    size of another change, or a level when the sentence states two levels of its kind (the gap between groups:
    "five days shorter" against "14 days with A and 11 days with B"), never a bound ("cough of 28 days or less")."""
    levels = [e for e in local if not _change(sentence, e) and not _BOUND_NEXT.match(sentence, e.end)]
    return [e for e in local if _change(sentence, e) or (e in levels and sum(o.kind == e.kind for o in levels) >= 2)]


def same_figure(q: Quantity, e: Quantity) -> bool:
    """``q`` restates ``e`` anywhere in the evidence: :meth:`Quantity.equals`, except a bare number for a number
    with a unit ("twelve participants" is not "12 months"), which only the aligned sentence may restate; or ``e``
    rounded to the decimals ``q`` is written with in digits ("3 points" for 3.1, "10%" for 9.9%, as
    :func:`unstated_quantities` reads them; "five years" is no rounded 4.7 years); or a round count of a thousand or
    more for an exact count near it (:func:`round_count`).  Points of a scale restate the bare number the evidence
    gives them as ("a 1.2-point difference" for "mean difference -1.2"; round 21).

    >>> fell = quantities("fell by 3.1 points")[0]
    >>> [same_figure(quantities(t)[0], fell) for t in ("3 points", "3.1 points", "4 points", "3.1", "3")]
    [True, True, False, True, False]
    """
    if q.equals(e) and (q.kind == e.kind or {q.kind, e.kind} == {"percent", "count"}):
        return True
    if (_bare_points(q, e) or _bare_decimal(q)) and q.equals(e):  # "and 20.8 with self-fitting" for "20.8 points"
        return True
    rounded = q.kind == e.kind and not e.approximate and q.text[:1].isdigit() and rounds(q, e.value)
    return rounded or round_count(q, e)


def _bare_decimal(q: Quantity) -> bool:
    """A bare number with decimals: no count of people or months by chance, so it restates an equal figure with a
    unit anywhere in the evidence (round 27)."""
    return q.kind == "count" and not q.value.is_integer()


def _bare_points(q: Quantity, e: Quantity) -> bool:
    """Points of a scale against the bare number the evidence writes them as ("a 1.2-point difference" for "mean
    difference -1.2"; round 21)."""
    return q.kind == "points" and e.kind == "count"


def states_each(own: Sequence[Quantity], theirs: Sequence[Quantity], *, of_kind: bool = False) -> bool:
    """Whether ``theirs`` states each quantity of ``own`` (:meth:`Quantity.equals`); with ``of_kind``, each of its
    own kind too (points of a scale may be written bare).

    >>> states_each(quantities("five years, one week"), quantities("5 fractions over 1 week"))
    True
    >>> states_each(quantities("five years, one week"), quantities("5 fractions over 1 week"), of_kind=True)
    False
    """
    return all(
        any(q.equals(e) and (not of_kind or e.kind == q.kind or _bare_points(q, e)) for e in theirs) for q in own
    )


def number_conflicts(
    unit: str,
    evidence: str | Sequence[Quantity],
    sentence: str,
    *,
    anchored: bool = False,
    sentences: Sequence[str] = (),
) -> list[tuple[Quantity, Quantity]]:
    """``(unit quantity, sentence quantity)`` pairs where the unit states an exact quantity that equals no
    quantity of ``evidence`` (its text, or its :func:`quantities` read once for many units) while ``sentence``
    (a sentence of the evidence aligned with the unit) states one of the same kind — a changed number, dose,
    duration or percentage.  A quantity that is the difference of two the sentence states is derived, not changed,
    and the size of a change ("shortened by two days") is rivalled by the size of another ("by 5 days") or by a level
    of a sentence stating two of its kind (groups' levels, whose gap it is), never by a bound ("28 days or less").
    ``anchored``, for sentences aligned more loosely: small counts in words ("one dose", "two patients") never
    count, and the rival must be a number of the same thing, sharing an :func:`anchors` stem with the unit's
    ("aged 65 or older" against "aged 75 years or older"; a bare count never against a dose), the one sharing the
    word next to the number first.  ``sentences``: the evidence's, where a hedged share may be given its group."""
    stated = daily_forms(unit, quantities(evidence) if isinstance(evidence, str) else evidence)
    own = dose_limits(unit, quantities(unit))  # "never go above 40 mg a day" states its limit (round 217)
    said = quantities(sentence)
    # the sentence's numbers the unit does not restate, the rivals a changed number is shown against
    local = [e for e in said if not e.approximate and not any(q.equals(e) for q in own)]
    conflicts: list[tuple[Quantity, Quantity]] = []
    named = named_group_figures(unit, sentence) if any(q.about for q in own) else set()
    exact = [e for e in stated if not e.approximate]
    for q in own:
        # a hedged share far from its own group's, however near another figure of the evidence it lies (round 178)
        grouped = q.approximate and not far_off(q, stated)
        if grouped and (
            not far_from_its_group(q, named, said, anchored=anchored) or given_elsewhere(unit, q, sentences)
        ):
            continue
        if any(q.equals(e) for e in said):
            same = [e for e in said if q.equals(e) or same_figure(q, e)]
            moved = None if _bare_elsewhere(q, said, stated) else takes_place_of(unit, q, sentence, said, own, same)
            if moved is not None:  # "treated within eight hours of injury" where "8 hours" is the infusion's
                conflicts.append((q, moved))
            continue
        if q.kind == "count" and q.value in _BASES and _PER_BEFORE.search(unit, 0, q.start):
            continue  # "5 to 6 women in every 100" is no count of women against "412 women" (round 217): a base
        if _BY_BARE.search(unit, 0, q.start) and q.kind == "count" and any(e.number == q.number for e in stated):
            continue  # "and by 19 with standard rehab", cut from "improved by 24 points": a unit left out (round 56)
        if rate_restated(unit, q, stated) or age_bound_stated(unit, q, stated):  # "about 2,150 mL a day" for "total
            continue  # fluid approx. 2150 mL/day" (round 61); "aged 12 to 17" for "aged 12 to <18 years" (round 167)
        if levels_stated(unit, q, own, stated):  # "CRP falling from 186 to 74" for "CRP 186 -> 74 mg/L" (round 122)
            continue
        # "three days shorter" against "14 days ... and 11 days": derived, not changed
        if (not grouped and any(same_figure(q, e) for e in stated)) or difference(q, said) or count_total(q, said):
            continue
        if complement(unit, q, exact) or _response_share(q, stated):  # "survival 90%" for "mortality 10%"; "a
            continue  # 75% improvement" for "EASI-75" (round 40)
        if relative_change(q, exact, directions(unit), unit):  # "a 19% higher risk" for "HR 1.19" (round 21)
            continue
        if share_of_counts(q, said):  # "About half had ketamine" for "318 children: 160 ketamine" (round 206)
            continue
        rivals = _change_rivals(sentence, local) if _change(unit, q) else local
        if _LEVEL_BEFORE.search(unit, max(0, q.start - 8), q.start):  # "fell from 20 to 17": levels, not the size
            rivals = [e for e in rivals if not _change(sentence, e)]  # of the fall ("fallen by 3 mL/min"; round 20)
        if anchored:
            if lay_count(q):
                continue  # "one dose", "two patients": lay wording, not a figure ("fifty", "three years" are)
            mine, next_to = anchors(unit, q), anchors(unit, q, 1)
            # points of a scale share their word ("by 5 points" against "the difference was -0.9 points"; round 19)
            shared = [e for e in rivals if mine & anchors(sentence, e) or q.kind == e.kind == "points"]
            rivals = [e for e in shared if e.kind in (q.kind, "count", "time")]
            # the rival of the same thing first: a shared word right next to both numbers ("aged fifty" is
            # rivalled by "aged 70 years", not by "702 adults aged"), then more shared words around them
            rivals.sort(
                key=lambda e: (
                    -len(next_to & anchors(sentence, e, 1)),
                    -len(mine & anchors(sentence, e)),
                    e.kind != q.kind,
                )
            )
            if q.kind == "count":  # a bare number: the closest rival, with a unit or not ("aged 65" vs "75 years")
                rivals = rivals[:1]
            reached = reached_level(unit, q, own, sentence, said)  # "from about 22% to 59%" against "from 22% to 39%"
            rivals = [reached] if reached is not None and reached in local else rivals
        if q.about and named:  # a far-off estimate: the figure of the group the unit names first
            rivals = sorted(rivals, key=lambda e: e.value not in named)
        if lay_count(q):  # a small count in words, of the same thing ("One caveat is ..." is no "7,842 procedures")
            rivals = [e for e in rivals if anchors(unit, q) & anchors(sentence, e)]
        # a small count in words is rivalled by a whole count only ("between the two drugs" is no "9.4"; round 33)
        kinds = {q.kind} | said_rates(unit, q)  # "an extra 150 kcal a day" against "by 50 kcal/day" (round 80)
        rival = next((e for e in rivals if e.kind in kinds and not (lay_count(q) and e.value % 1)), None)
        if rival is None and q.kind == "count" and not lay_count(q) and not _with_a_unit(q, stated):
            # a bare number against one with a unit ("aged 65" vs "75 years"); not a small count in words ("two of
            # the three criteria" against "2.5 mg twice daily"; round 19), nor a number the evidence states with its
            # unit elsewhere ("the BMI is 35 or above" for "a BMI of 35 kg/m2 or higher", against "(1.0%)": round 46)
            rival = next((e for e in rivals if not e.kind.startswith("label:")), None)
        if rival is not None:
            conflicts.append((q, rival))
    return conflicts


def _bare_elsewhere(q: Quantity, said: Sequence[Quantity], stated: Sequence[Quantity]) -> bool:
    """Whether the bare count ``q`` equals only figures with a unit in the aligned sentence (``said``: "Gleason 6"
    against "maximum core length 6 mm") and a bare count elsewhere in the evidence ("Gleason 3+3=6": round 229): it
    restates that one, and takes no figure's place."""
    if q.kind != "count" or any(e.kind == "count" and q.equals(e) for e in said):
        return False
    return any(e.kind == "count" and q.equals(e) for e in stated)


def _with_a_unit(q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether the evidence states ``q``'s number (a bare count) with a unit somewhere."""
    return any(
        e.number == q.number and e.kind not in ("count", "percent") and not e.kind.startswith("label:") for e in stated
    )


def unstated_quantities(
    unit: str, evidence: str | Sequence[Quantity], *, before: str = "", after: str = "", opened: str = ""
) -> list[Quantity]:
    """The figures ``unit`` states that ``evidence`` (its text, or its :func:`quantities` read once) states nowhere:
    exact quantities (not hedged, not a range's lower bound, not a small count in words: "two patients" is lay
    wording) that equal no quantity of the evidence (:meth:`Quantity.equals`: "0.5 g" restates "500 mg", "one
    minute" restates "60 seconds"), round none of them ("93%" for "92.7%", "1.5 g" for "1,520 mg"), are not the
    share one stated count is of another near it ("30%" for "12 of 40 patients"), are not the difference of two
    it states and are not the relative change a stated ratio is ("44% higher" for "hazard ratio 1.44").  A unit that
    states such a figure asserts something the evidence does not say ("reduced atrial fibrillation by 40%" against
    evidence with no 40%): it may be contradicted, never supported. ``before``: the
    text of the answer just before the unit, which may hedge its first number ("no more than | 20 minutes"), hold
    the head of a compound duration ("an hour and | twenty minutes") or the verb of a relative change ("cut strokes |
    and clots by about two thirds": round 32); offsets stay the unit's.  ``after``: the text just after it, which may
    complete a bare day number the unit ends on into a date ("taken on 10 | and 12 September": round 135).

    >>> evidence = "Of 188 patients, 92.7% were stone-free at 3 months."
    >>> [q.text for q in unstated_quantities("About 93% were stone-free at three months.", evidence)]
    []
    >>> [q.text for q in unstated_quantities("Stone-free rates rose by 40% within 2 weeks.", evidence)]
    ['40%', '2 weeks']
    >>> [q.text for q in unstated_quantities("dips below 80% (roughly 6% vs 3%)", "below 80% (6.1% vs 3.4%)")]
    []
    """
    given = quantities(evidence) if isinstance(evidence, str) else evidence  # "daily" may be said in ``opened``,
    stated = daily_forms(unit, given, before=opened, amounts=True)  # the unit's sentence before it (round 217)
    exact = [e for e in stated if not e.approximate]
    scale = {e.number for e in stated if e.kind == "label:scale"}  # "not types 16 or 18" for "HPV 16/18 not detected",
    out: list[Quantity] = []
    read = dose_limits(before + unit, quantities(before + unit))
    for k, q in enumerate(read):
        if q.start < len(before):
            continue
        if k and read[k - 1].about and _PAIRED.fullmatch((before + unit)[read[k - 1].end : q.start]):
            q = replace(q, approximate=True, about=True)  # "(roughly 6% vs 3%)": the hedge is the pair's (round 46)
        if after and q.kind == "count" and not (before + unit)[q.end :].strip(" ,;:"):
            q = _completed_date(q, before + unit, after)
        rates = {
            r.kind
            for r in read[:k]
            if r.kind.startswith(f"{q.kind}/") and not _ENDS.search(before + unit, r.end, q.start)
        }
        if rates and any(e.kind in rates and e.number == q.number for e in exact):
            continue  # "7 mL per kg per percent burn, compared with about 9.4 mL": the rate said once (round 170)
        q = replace(q, start=q.start - len(before), end=q.end - len(before))
        if (q.approximate and (not far_off(q, stated) or elapsed(q, stated, near=True))) or lay_count(q):
            continue
        if q.kind == "count" and q.text.isdigit() and _DIMENSION_NEXT.match(unit, q.end):
            continue
        if (q.kind == "time" and _DAY_WORD.search(q.text) and _DAYS_IN.match(unit, q.end)) or (
            q.kind == "count" and _DAYS_IN_BEFORE.search(unit, 0, q.start)
        ):
            continue  # "around seven days in ten" for "71% of days": a proportion of days, in words (round 207)
        base = q.kind == "time" or (q.kind == "count" and q.value in _BASES)  # "29 mg per 24 hours" (round 151),
        if base and _PER_BEFORE.search(unit, 0, q.start):  # "five fewer deaths per 100 patients" (173): a rate's base
            continue
        if (
            _TRIMESTER.match(unit[q.end :])
            and _TRIMESTER_BEFORE.search(unit[: q.start])
            and q.text.endswith("months")
            and q.number == 3
        ):
            continue  # "the first three months of pregnancy" is the first trimester, a period's name (round 92)
        if q.about and q.kind == "percent" and own_change(q, read):  # "from 27 to 18 mmHg, about a third" (r. 89)
            continue
        if any(q.equals(e) or (q.kind == e.kind and rounds(q, e.value)) or round_count(q, e) for e in stated):
            continue
        if q.kind == "percent" and q.value == 50.0 and equal_arms(exact):  # "Half were given dabigatran" (r. 215)
            continue
        if q.kind == "points" and (
            any(rounds(q, e.number) for e in stated if e.kind == "count" or "/m2" in e.kind)
            or count_difference(q.number, exact)  # "a rise of 16 points" for "52 on day 3, 68 on day 19"
        ):
            continue  # "13 points" for "12.8 mmHg", "2.5 points" for "2.5 kg/m2": a scale's points (rounds 203-211)
        if q.kind in _STRENGTH and any(e.kind in _STRENGTH and e.value == q.value for e in stated):
            continue  # "lerbacitinib 1.5% BID" for "lerbacitinib 1.5% cream", a product's strength (round 58)
        if q.kind.startswith(("count", "label:")) and q.number in scale:  # read as a score out of 18 (round 61)
            continue
        if q.kind == "label:scale" and any(e.number == q.number for e in stated):  # "on a 100-point scale" for
            continue  # "(0-100 mm visual analogue scale)": the scale's size (round 190)
        if rate_restated(unit, q, stated):  # "on two litres" for "2 L/min", "three hours a night" (rounds 54-55)
            continue
        if _AMOUNT_AIMED.search(unit) and any(e.kind == f"{q.kind}/day" and e.value == q.value for e in exact):
            continue  # "the 1000 mg target" for "target 1000 mg/day": a daily goal said without "a day" (round 105)
        if (
            difference(q, exact, unit)
            or share(q, exact, unit)
            or relative_change(q, [*exact, *(e for e in stated if e.ratio and e.about)], _ways(before + unit), unit)
            or elapsed(q, stated)
        ):
            continue
        if complement(unit, q, exact) or _response_share(q, stated) or per_unit_stated(unit, q, stated):
            continue
        if proportion_stated(q, stated) or age_bound_stated(unit, q, stated):  # "about 5%" for "about 1 in 20"
            continue  # (round 51); "aged 12 to 17" for "aged 12 to <18 years" (round 167)
        if _AGO.match(unit, q.end) and _years_back(q, stated):  # "0.9 cm two years ago" for "(04/2023: 0.9 cm)" in
            continue  # a letter of 04/2025 (round 125)
        if q.kind == "points" and any(e.kind == "percent" and e.value == q.value for e in exact):
            continue  # "by 1.5 percentage points" for an HbA1c that "fell by 1.5%": stated, if not told apart
        out.append(q)
    return out


def _completed_date(q: Quantity, text: str, after: str) -> Quantity:
    """``q``, a bare number ``text`` ends on, as the date the words after it make it ("on 10 | and 12 September"), or
    ``q`` as it was."""
    dated = next((d for d in quantities(text + after[:40]) if d.start == q.start and d.kind == "label:date"), None)
    return q if dated is None else replace(dated, end=q.end, text=q.text)


_STRENGTH = frozenset({"percent", "label:strength"})
"""A percentage and a product's strength in percent, one figure whichever way a text writes it."""
_PER_BEFORE = re.compile(r"\b(?:per|(?:for|in|out\s+of)\s+(?:every|each))\s+$", re.I)  # "for every ten years" (r. 203)


_DAYS_IN = re.compile(
    r"\s+(?:in|out\s+of)\s+(?:every\s+)?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred)\b(?!\s*"
    r"(?:days?|weeks?|months?|years?|hours?|minutes?|%))",
    re.IGNORECASE,
)
_DAY_WORD = re.compile(r"\b(?:days?|nights?)$", re.IGNORECASE)
_DAYS_IN_BEFORE = re.compile(r"\b(?:days?|nights?|doses?|times?)\s+(?:in|out\s+of)\s+(?:every\s+)?$", re.IGNORECASE)
_BASES = frozenset({10.0, 24.0, 100.0, 1000.0, 10000.0, 100000.0})  # "at least 15 hours in every 24" (round 207)
_ENDS = re.compile(r"[.!?;](?:\s|$)")
"""The end of a sentence or clause between two figures."""
_AGO = re.compile(r"\s+(?:ago|before|earlier|previously)\b", re.IGNORECASE)


def _years_back(q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether ``q``, whole years, is how far a year the evidence states lies before the latest year it states (the
    letter's own)."""
    years = {e.value for e in stated if e.kind == "label:year"}
    if q.kind != "time" or not years or not q.number or abs(q.value / q.number - 365.25) > 1e-6:
        return False
    return max(years) - q.number in years


_AMOUNT_AIMED = re.compile(r"\b(?:target|goal|intake|allowance|limit|maximum)s?\b", re.IGNORECASE)
"""Words of an amount aimed at or not to be passed, which a letter gives per day and an answer may give bare; never a
dose given ("give 45 mg/kg per dose" is no "45 mg/kg/day")."""
_TRIMESTER = re.compile(r"\s+of\s+(?:(?:the|a|your|her|their)\s+)?pregnan", re.IGNORECASE)
_TRIMESTER_BEFORE = re.compile(r"\b(?:first|last|final|middle|second|third)\s+$", re.IGNORECASE)


_PAIRED = re.compile(
    r"\s*(?:vs\.?|versus|and|to|against)\s*|\s+over\s+"
    r"|\s+(?:with|in|on|for|among)\s+[\w-]+(?:\s+[\w-]+)?,?\s+and\s+",  # not a contrast: "compared with 8"
    re.IGNORECASE,
)
"""What joins two figures of one hedged pair ("roughly 6% vs 3%", "about 41% and 30%", "roughly 23 points with PRP
and 25 points with saline": round 62; a pressure, "close to 200 over 100": round 227)."""
_DIMENSION_NEXT = re.compile(r"\s?-?D\b")
"""A dimension after a bare number ("a 3D scan", "2-D echo"): a name, no figure (round 232)."""


def _response_share(q: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether ``q`` is the improvement a response the evidence names needs: "a 75% improvement" for "EASI-75"."""
    return q.kind == "percent" and any(e.kind == "label:response" and e.value == q.value for e in stated)


def _ways(text: str) -> frozenset[str]:
    """:func:`~medhal.text.lexical.directions`, or ``down`` for a verb that cuts ("The low dose cut strokes and clots
    by about two thirds", "night-time crashes, which dropped by about a quarter": round 189; the lexical head's
    direction words stay as it was trained on)."""
    return directions(text) or (frozenset({"down"}) if _CUT.search(text) else frozenset())


_CUT = re.compile(r"\b(?:cut|cuts|halved|slashed|dropped|drops|dipped|shrank|shrunk)\b", re.IGNORECASE)


_BY_BARE = re.compile(r"\bby\s+$", re.IGNORECASE)
