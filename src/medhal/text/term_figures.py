"""A figure an answer says in words that the evidence writes inside a term (issue 14, round 96): "removing the left
half of the thyroid" for "L hemithyroidectomy", "if she reaches breast stage 3" for "If B3 within 6 months" (Tanner
staging).  The unstated-figure cue (:func:`medhal.text.figures.unstated_quantities`) reads the evidence's figures,
and neither "hemi-" nor "B3" is one, so the faithful clause was left unsupported and its answer flagged.

:func:`figure_in_term` reads, narrowly:

* "half (of) the <organ>" where the evidence has a word "hemi<organ...>" ("hemithyroidectomy", "hemicolectomy");
* "breast stage N" / "pubic hair stage N" where the evidence writes the Tanner stage "BN" / "PN" ("Tanner B2 P1");
* the volume of a strength, "120 mg in 5 ml", where the evidence writes "120 mg/5 ml" (round 97);
* a category of a reporting scale, "LI-RADS 4 or 5", where the evidence writes "LR-4/LR-5" (round 101);
* the "24-hour" of a 24-hour blood pressure monitor where the evidence writes "ambulatory" (round 203);
* a stage in words or digits, "stage three melanoma", where the evidence writes it in Roman numerals ("stage
  IIIB-IIIC"), and "before 37 weeks" where the evidence writes "preterm", which it defines (rounds 207-208).
"""

from __future__ import annotations

import re

from medhal.text.quantities import Quantity

__all__ = ["figure_in_term"]

_HALF_OF = re.compile(
    r"\s+(?:of\s+)?(?:(?:the|your|his|her|their)\s+)?(?:(?:left|right)\s+)?(?:side\s+of\s+(?:the\s+)?)?(?P<organ>[a-z]{4,})",
    re.IGNORECASE,
)
_STRENGTH_BEFORE = re.compile(
    r"\b(?P<mass>\d[\d.]*\s*(?:mg|micrograms?|mcg|g|units?))\s+(?:in|per|/)\s*(?:each\s+|every\s+)?$", re.IGNORECASE
)
_RADS_BEFORE = re.compile(r"RADS\s+(?:category\s+)?(?:\d\s*(?:or|and|to|/|,)\s*)?$")
_DAY_MONITOR = re.compile(
    r"\s*(?:blood\s+pressure\s+)?(?:monitor(?:s|ing)?|recordings?|readings?|average)\b", re.IGNORECASE
)
_STAGE_BEFORE = re.compile(r"\bstages?\s+$", re.IGNORECASE)
_BEFORE = re.compile(r"\b(?:before|under|earlier\s+than|less\s+than)\s+$", re.IGNORECASE)
_TANNER = re.compile(r"\b(?P<kind>breast|pubic\s+hair)\s+(?:development\s+)?stage\s+$", re.IGNORECASE)


def figure_in_term(unit: str, q: Quantity, evidence: str) -> bool:
    """Whether the figure ``q`` of ``unit`` is one the ``evidence`` writes inside a term (module docstring).

    >>> from medhal.text.quantities import quantities
    >>> unit = "which means removing half of the thyroid."
    >>> [figure_in_term(unit, q, "diagnostic L hemithyroidectomy recommended") for q in quantities(unit)]
    [True]
    >>> [figure_in_term(unit, q, "diagnostic L lobectomy recommended") for q in quantities(unit)]
    [False]
    >>> unit = "If she reaches breast stage 3 within those 6 months,"
    >>> [figure_in_term(unit, q, "Tanner B2 P1 A1. If B3 within 6 months, refer.") for q in quantities(unit)]
    [True, False]
    >>> unit = "10 ml of the 120 mg in 5 ml liquid"
    >>> [figure_in_term(unit, q, "Paracetamol 240 mg (10 ml of 120 mg/5 ml)") for q in quantities(unit)]
    [False, False, True]
    >>> unit = "If the area is upgraded to LI-RADS 4 or 5,"
    >>> [figure_in_term(unit, q, "If upgraded to LR-4/LR-5 - re-discuss at MDT") for q in quantities(unit)]
    [True, True]
    >>> unit = "for stage three melanoma, before 37 weeks"
    >>> [figure_in_term(unit, q, "stage IIIB-IIIC melanoma; preterm preeclampsia") for q in quantities(unit)]
    [True, True]
    >>> unit = "on a 24-hour monitor"
    >>> [figure_in_term(unit, q, "his daytime ambulatory average") for q in quantities(unit)]
    [True]
    """
    if _RADS_BEFORE.search(unit, 0, q.start) and q.value == int(q.value):
        return re.search(rf"\b(?:[A-Z]{{1,2}}-?RADS|LR|BR|PR|TR)\s*-?\s*{int(q.value)}(?!\d)", evidence) is not None
    strength = _STRENGTH_BEFORE.search(unit, 0, q.start) if q.kind == "volume" else None
    if strength is not None:
        mass, volume = re.escape(strength.group("mass")), re.escape(f"{q.number:g}")
        return re.search(rf"\b{mass}\s*/\s*{volume}\s*ml\b", evidence, re.IGNORECASE) is not None
    if q.text.lower() in ("half", "a half"):
        organ = _HALF_OF.match(unit, q.end)
        if organ is None:
            return False
        return re.search(rf"\bhemi-?{re.escape(organ.group('organ')[:5])}", evidence, re.IGNORECASE) is not None
    if _STAGE_BEFORE.search(unit, 0, q.start) and q.value == int(q.value) and 1 <= q.value <= 4:
        roman = ("I", "II", "III", "IV")[int(q.value) - 1]
        if re.search(rf"\bstages?\s+{roman}(?:[A-D]\d?)?\b", evidence, re.IGNORECASE):
            return True
    if q.kind == "time" and q.value == 37 * 7 and _BEFORE.search(unit, 0, q.start):  # "before 37 weeks": preterm
        return re.search(r"\bpre-?term\b", evidence, re.IGNORECASE) is not None
    if q.kind == "time" and q.text.lower() in ("24-hour", "24 hour", "24-hr") and _DAY_MONITOR.match(unit, q.end):
        return re.search(r"\bambulatory\b|\bABPM\b", evidence, re.IGNORECASE) is not None
    tanner = _TANNER.search(unit, 0, q.start)
    if tanner is None or q.kind not in ("count", "label:stage") or q.value != int(q.value):
        return False
    letter = "B" if tanner.group("kind").lower() == "breast" else "P"
    return re.search(rf"\b{letter}{int(q.value)}\b", evidence) is not None
