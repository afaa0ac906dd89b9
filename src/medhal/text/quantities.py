"""Deterministic number / dose / unit normalisation: "twenty" = 20, 0.5 g = 500 mg, 12% = 0.12, 24 months = 2 years.

A small encoder reads numbers poorly in both directions: it "contradicts" a faithful "500 mg" restated as
"0.5 g" and misses a dose changed from 10 to 25 mg.  :func:`quantities` reads the numbers of a text with their
unit into comparable :class:`Quantity` values; :mod:`medhal.text.figures` compares a unit's figures with the
evidence's (changed, unstated, written another way).

Kinds: ``mass`` (pg, ng, mcg, mg, g, kg -> mg), ``substance`` (nmol, µmol, mmol, mol -> mmol), ``volume`` (ml, l, in
symbols or words -> ml), ``time`` (seconds, minutes, hours, days, weeks, months, years -> days; months as 30.4375
days, so 24 months = 2 years; "2-hourly" is every 2 hours), ``percent`` (also equal to the fraction x/100: 12% =
0.12), ``count`` (a bare number); a unit over another ("80 g/L", "1.9 mL/min") is a kind of its own (``mass/l``; per
decilitre or millilitre read per litre, so "12 g/dL" is "120 g/L"), never compared with a bare mass; a number naming a
category ("type 2", "grade 3", "stage", "phase", "class", "tier") is ``label:type`` etc., compared only with numbers
of the same label.  Number words zero to ninety-nine are read as numbers ("twenty-five"); "Gy" is a kind of its own;
"mg per kilogram" is ``mass/kg``.
A unit may follow a hyphen ("a 3-month course", "10-mg tablets"). A quantity preceded by a hedge ("about",
"approximately", "nearly", "almost", "over", "under", "more than", "less than", "fewer than", "below", "above", "up
to", "at least", "at most", "roughly", "around", or a sign: "<5", ">/=33%", "~20"), the lower bound of a range
written without its unit ("5-10 years", "2 to 3 days": the upper bound is read with the unit; not a change "from 80
to 43 minutes"), either side of a proportion ("one in ten", "3 out of 4") or the tail of a compound duration ("an
hour and twenty minutes") is approximate: it never conflicts, except a point estimate ("about", "nearly", "~"; not a
bound) far from every figure of its kind (:attr:`Quantity.about`, :func:`medhal.text.derived.far_off`).  A
percentage before "CI" or "confidence" is the level of an interval (``label:ci``), not a figure of the measure.
"""

from __future__ import annotations

import re

from medhal.text._borrowed_units import DIGITS, FROM, HEDGE_WORD, NUMBER, borrowed_unit
from medhal.text._compound_durations import compound_durations
from medhal.text._compound_numbers import spelled_compounds
from medhal.text._fractions import FRACTION_WORD, hedged_fractions
from medhal.text._quantity import Quantity
from medhal.text._quantity_context import (
    HEDGES,
    INTERVAL_OPENS,
    POINT_HEDGE,
    gestations,
    interval_units,
    listed_ratio,
    mixed_quantities,
    pounds_sterling,
)
from medhal.text._shorthand import note_shorthand
from medhal.text._unit_words import NUMBER_VALUES, NUMBER_WORDS, PER_BURN, UNITS
from medhal.text.lexical import THOUSANDS
from medhal.text.number_forms import (
    CLOCK_BEFORE,
    FISCAL_TAIL,
    MONTH_SLASH,
    YEAR_SLASH,
    a_multiples,
    clock_hour,
    dated_year,
    day_of_year,
    dimension_unit,
    enumerates,
    following_days,
    is_age,
    is_year,
    multiplier,
    numeric_dates,
    short_dates,
    slash_durations,
    slash_figures,
)

__all__ = [
    "NUMBER_WORDS",
    "Quantity",
    "proportion_side",
    "quantities",
    "spelled_numbers",
]

_HETEROGENEITY = re.compile(r"\bI(?:²|2|\^2)\s*(?:=|:|was|of)?\s*$")
_DECADE = re.compile(r"'?s\b")
_SIGN_END = re.compile(r"\s[-+−]\s?$")
"""A sign before a figure, after a space ("roughly -38"; not the hyphen of "2-3")."""
_TO_SIGNED = re.compile(r"\s*(?:to|-|–)\s*[+]?\s*")
"""What joins a range's two figures, the second perhaps signed ("-38 to +46")."""
_NUMERAL = DIGITS + "|" + "|".join(sorted(NUMBER_VALUES, key=len, reverse=True))
_QUANTITY = re.compile(
    r"(?:(?<=\d[-–/])|(?<=[\s(=]-)|(?<=[\s(=]−)|(?<=[ap]m-)|(?<=\dth-)|(?<=\sx)|(?<=\bday-)|(?<=week-)|(?<![\w.,/^-]))"
    r"(?P<num>" + _NUMERAL + r")"
    r"(?![\w.,]\d)(?!\d*[\^⁰¹²³⁴⁵⁶⁷⁸⁹])(?:(?:\s|\s?-)?(?P<unit>"
    + "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
    + r")\b|"
    r"(?P<pct>\s?%))?",
    re.IGNORECASE,
)


_LETTERS = re.compile(r"[^\W\d_]+")
"""Runs of letters: a number word among them is the cheap test before :func:`quantities` reads a text."""
_PLURAL = re.compile(r"\s+[a-z]{3,}s\b")
_COUNTED_ONE = (
    r"(?:\s+(?:[a-z]{3,12}\s+)?(?:child|person|patient|woman|man|baby|infant|adult|participant|case|times?))?"
)
"""The one a proportion counts, between its sides: "one child in 200", "seven times in ten" (rounds 182, 184), "one
treated baby in fifty" (round 196); after "one", whatever it counts ("one prescription in fourteen": round 199),
never after another count ("5 patients in 2 groups")."""
_PROPORTION_NEXT = re.compile(
    _COUNTED_ONE + r"\s+(?:in|out of|of every|for every)\s+(?:every\s+)?" + NUMBER + r"\b", re.IGNORECASE
)
_PROPORTION_PREV = re.compile(  # "eight and a half in ten" (round 198)
    r"\b(?:"
    + NUMBER
    + r"(?:\s+and\s+a\s+half)?"
    + _COUNTED_ONE
    + r"|one\s+(?:[a-z]{3,14}\s+)?[a-z]{3,14})\s+(?:in|out of|of every|for every)\s+(?:every\s+)?$",
    re.IGNORECASE,
)
_RATIO_BEFORE = re.compile(
    r"(?:\b(?:hazard|odds|risk|rate)\s+ratios?|\b(?-i:a?HR|a?OR|a?RR|IRR|sHR)|\brelative\s+(?:risk|sensitivity|specificity))"
    r"(?:\s*\[[^\]]{0,12}\])?"  # "hazard ratio [HR] for discontinuation 0.72" (round 138)
    r"(?:\s+for\s+(?:[\w+-]+\s+){0,2}?[\w+-]+)?"  # "hazard ratio for death 0.49", "IRR for CIN3+ was 0.14"
    r"\s*(?:\[[^\]]{0,12}\])?\s*(?:,|:|=|was|of|is)?\s*$",
    re.IGNORECASE,
)
_TIMES_THE_RISK = re.compile(r"\s*(?:times|-fold)\s+(?:the\s+|as\s+high\s+an?\s+)?(?:risk|odds|rate|hazard)\b", re.I)
_COMPOUND_TIME = re.compile(  # "a year and | eight months"; not "3 months and 12 years", a range
    r"\b(?:hours?|hrs?|h|minutes?|min)\s+(?:and\s+)?$|\b(?P<big>years?|months?|weeks?)\s+and\s+$", re.I
)
_DENOMINATOR = re.compile(  # not a drug: "salbutamol 5 mg/ipratropium 250 mcg nebs" (round 58); "120 µg haemoglobin/g"
    r"(?:\s[a-z]{4,}(?=/[A-Za-z][A-Za-z0-9]{0,3}\b))?/\s?(?!bags?\b)(?!(?!kilogram|millilit|decilit)[A-Za-z]{8,}\b)"
    r"(?!(?!24|48|72)\d)([^\s,;()]+)"  # a number per 24 h; not "30 mg morning/25 mg evening" (round 87)
    r"|\s+(?:per|for\s+(?:every|each)|an?(?=\s+(?:minute|hour|second(?!\s+(?:time|dose|course|cycle|attempt|one)\b))))"
    r"\s+(kilogram|kilo|kg|cubic\s+met(?:re|er)|m3|"
    r"decilit(?:re|er)|dl|millilit(?:re|er)|ml|lit(?:re|er)|l|minute|min|hour|hr|second|sec)\b"
    r"(?!\s+(?:or\s+(?:two|2|so)\s+)?(?:before|after|beforehand|earlier|later|ago))",  # "an hour or two later" (219)
    re.IGNORECASE,
)  # and a bag's contents are an amount, not a rate ("2.8 L/bag", "10 mmol/bag": round 78's parenteral nutrition)
_PER = {"kilogram": "kg", "kilo": "kg", "cubic metre": "m3", "cubic meter": "m3", "decilitre": "dl", "deciliter": "dl"}
_PER |= {"millilitre": "ml", "milliliter": "ml", "litre": "l", "liter": "l", "minute": "min", "hour": "h", "hr": "h"}
_PER |= {"yr": "year", "wk": "week", "second": "s", "sec": "s"}  # "9 millilitres a second" is "9 mL/s" (round 239)
"""A denominator in words as its symbol ("5 µg per cubic metre" is "5 µg/m3", "4 mg per minute" "4 mg/min")."""
# after "/kg" ("mL/kg per hour"); not "98 ng/L a year earlier" (round 84)
_PER_TIME = re.compile(
    r"(?i)\s+(?:per|an?)\s+(hour|hr|minute|min|day|week|year|yr)\b(?!\s+(?:earlier|ago|later|before|after|beforehand))"
)
_PER_LITRE = {"dl": 10.0, "ml": 1000.0}
"""A concentration per decilitre or millilitre read per litre: "12 g/dL" is "120 g/L", and "5 g/dL" for "5.2 g/L" a
changed figure (round 20)."""
_RANGE_NEXT = re.compile(r"(?:\s?[-–]\s?(?:to\s+)?|\s+to\s+)(?:\d|" + NUMBER + r"\b)|\s+or\s+" + NUMBER + r"\b", re.I)
"""A range's upper bound follows: the lower bound ("5-10 years") is approximate; the upper bound, with its unit, is
read as any number.  Two figures given as alternatives are a range too ("aged nine or ten" for "aged 9-10 years":
round 177)."""
_ALTERNATIVE_PREV = re.compile(r"\b" + NUMBER + r"\s+or\s+$", re.IGNORECASE)
"""Before the second of two figures given as alternatives: bare, it is as hedged as the first ("versus 11 or 12" for
11.5 minutes: round 179); with a unit it is a range's upper bound, stated as exactly ("5 or 6 days")."""
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_ORDINAL_TIME = re.compile(
    rf"\b({'|'.join(_ORDINALS)})\s+(?:[a-z-]+\s+)?(day|week|month|year|trimester)\b", re.IGNORECASE
)
"""An ordinal time point ("the second postoperative year"; "the first trimester", its first three months: round 162):
read as the time it ends, approximate (never a rival)."""
_WORD_AFTER = re.compile(r"\s+([a-zA-Z]+)\b")
_SCALE = re.compile(
    r"\s+(?:[a-z]+\s+){0,2}?(?:visual\s+analogue\s+|rating\s+|numeric\s+)?(?:scale|score|questionnaire)\b",
    re.IGNORECASE,
)
"""What a scale's size names after it: "on a 100-point scale", "a 10-point pain scale" (round 189)."""
_PENCE = re.compile(r"p\b(?![-/.]?\d)")
_TIME_POINT = re.compile(r"(?<!/)\b(days?|weeks?|months?|years?)(?:\s+|-)(?P<lower>\d+\s?(?:-|–|to)\s?)?\Z", re.I)
_CONFIDENCE_NEXT = re.compile(r"\s*(?:CI|CrI|confidence|credible|UI|uncertainty\s+interval)\b", re.IGNORECASE)
_HEDGE_AFTER = re.compile(r"\s+or\s+so\b|-odd\b|\s+or\s+thereabouts\b", re.IGNORECASE)
"""A hedge after its figure: "the forty or so prescriptions" for 41 (round 192), "forty-odd", "or thereabouts"."""
_RANGED_FROM = re.compile(r"\b(?:rang(?:e|es|ed|ing)|var(?:y|ies|ied|ying))\s+from\s+" + HEDGE_WORD + "$", re.I)
"""A range, not a change: "ranging from roughly 60% to 85%" hedges both figures (round 179)."""
_ON_ONE_DAY = re.compile(r"one\s+(?:day|night|morning|evening|occasion)\b", re.IGNORECASE)
_LABEL = re.compile(
    r"\b(type|grade|stage|phase|class|tier|version|gleason)s?\s+(?:(?:\d+|[IV]+)[a-c]?\s*(?:,|or|and|to|-|–)\s*)*$",
    re.IGNORECASE,
)
"""A category's word before its number, or before the first of its numbers ("grade 2 or 3": both are grades)."""
_SIDE_PAIR = re.compile(r"\d\s?[RL]\b\s*[,;/&]\s*\d+(?:\.\d+)?\s?[RL]\b")
"""Figures given right and left ("grade 2 R, 1 L", "was 3 R, 3 L": round 124): sides, never litres."""
_RESPONSE = re.compile(r"\b(?:EASI|PASI|ACR|SALT|HiSCR|SCORAD|NAPSI|CDAI)[-\u2010]?(\d{2,3})\b")
"""A response named by the share of improvement it needs ("EASI-75", "ACR20"): ``label:response``, a percentage
of improvement a unit may state in words ("a 75% improvement in EASI")."""
_SHORT_PERIOD = re.compile(r"\d\s?(?:yr|mth)", re.IGNORECASE)
_SINGLE_DAY = re.compile(r"\bsingle[\s-]day\b(?![-\s]?\d)", re.IGNORECASE)
"""One day in other words: "as a single day's dose" is "taken on one day" (round 115); not "a single day-5 embryo"."""
_VALENT_AFTER = re.compile(r"-?(?:strain|valent|serotype)\b", re.IGNORECASE)
_VALENT_NAME = re.compile(r"\b(?:PCV|PPSV|PPV)-?(\d{1,2})\b")
"""A vaccine named by how many strains it covers ("PCV20", "the 20-strain vaccine"): a label, no count."""
_NARROW_RANGE = re.compile(r"\bbetween\s+(\d+(?:\.\d+)?)\s+(?:[a-z%]+\s+)?and\s+(\d+(?:\.\d+)?)\b", re.IGNORECASE)
"""A range "between" two figures one step apart, which an answer writes for a figure between them ("to between 27
and 28" for 27.5 units: round 246): both ends hedged."""


def _narrow_ranges(text: str) -> list[tuple[int, int]]:
    """The spans of :data:`_NARROW_RANGE` whose ends are at most one apart (never two calendar years)."""
    spans = []
    for m in _NARROW_RANGE.finditer(text) if "between" in text.lower() else ():
        low, high = float(m.group(1)), float(m.group(2))
        if 0 < high - low <= 1.0 and high < 1900:
            spans.append((m.start(1), m.end(2)))
    return spans


_ONE_PERIOD = re.compile(r"\b(?:past|last|previous|preceding)\s+(year|month|week)\b(?!\s*(?:or|and)\s)", re.I)
"""A period of one unit told without a number ("two similar episodes in the past year"): read as hedged, so that
"in the last twelve months" states it, but never as a figure a unit must find stated."""
_PRONOUN_ONE = re.compile(r"\b(?:every|each|any|no|this|that|which|the)\s+$", re.IGNORECASE)
_SOLUTIONS = (
    r"(?:saline|salty?\s+water|salt\s+solution|sodium\s+chloride|dextrose|glucose\s+solution|lidocaine|lignocaine|chlorhexidine|bupivacaine|"
    r"ropivacaine|levobupivacaine|povidone|ethanol|alcohol)"
)
_CONCENTRATION_NEXT = re.compile(
    r"\s*(?:w/v\s+)?(?:(?:hypertonic|isotonic|nebuli[sz]ed)\s+)?" + _SOLUTIONS + r"\b"
    r"|\s*(?:(?!(?:of|in|on|at|with|the|a|an|and|or|to|for|had|were|was|used|using|applied|received|who|than|versus|vs)\b)"
    r"[a-z][a-z-]+\s+){0,2}(?:lotion|cream|creme|gel|ointment|spray|shampoo|rinse|foam|mouthwash|varnish|eye\s+drops)\b",
    re.IGNORECASE,
)
_CONCENTRATION_BEFORE = re.compile(r"\b" + _SOLUTIONS + r"(?:\s+(?:nebs?|nebuli[sz]ers?|flush(?:es)?))?\s*$", re.I)
"""What a percentage is the strength of ("0.9% saline", "Saline nebs 0.9%": round 79; "4% dimeticone lotion", "1%
permethrin creme rinse": round 179): a concentration, not a rate."""


_CURRENCY = re.compile(r"\b(?:USD|US\$|EUR|GBP|AUD|CAD|CHF|JPY|INR)\s?$")
"""A currency's code right before a figure."""
_LOCANT = re.compile(
    r"-(?:di|tri)?(?:hydroxy|fluoro|chloro|bromo|iodo|methyl|ethyl|amino|mercapto|nitro|oxo|keto|deoxy|thio|aza)",
    re.IGNORECASE,
)
"""The position a figure names in a chemical's name ("25-hydroxyvitamin D", "6-mercaptopurine")."""


def quantities(text: str) -> list[Quantity]:
    """The quantities of ``text`` in reading order.

    >>> [(q.kind, q.value) for q in quantities("Twenty adults took 0.5 g daily for 24 months; 12% had nausea.")]
    [('count', 20.0), ('mass', 500.0), ('time', 730.5), ('percent', 12.0)]
    >>> [(q.text, q.value, q.about) for q in quantities("About half relapsed; half the dose was given.")]
    [('half', 50.0, True)]
    >>> [(q.kind, q.number) for q in quantities("Median survival: 11.6 vs 8.9 months")]
    [('time', 11.6), ('time', 8.9)]
    >>> [(q.kind, q.value) for q in quantities("1.46 million doses since 1979; a billion from 2007 to 2021")][:3]
    [('count', 1460000.0), ('label:year', 1979.0), ('count', 1000000000.0)]
    >>> [(q.kind, q.value) for q in quantities("It saved £612 per patient, $1.2 million in all.")]
    [('money', 612.0), ('money', 1200000.0)]
    >>> [(q.kind, q.value) for q in quantities("A 2.4 cm cyst and 5 mm stone; stopped at 02:00, restarted at 10 pm.")]
    [('length', 24.0), ('length', 5.0), ('label:clock', 2.0), ('label:clock', 22.0)]
    """
    out: list[Quantity] = []
    written = numeric_dates(text)
    short = short_dates(text, written) if "/" in text else []  # "19/05" where "15/05/2024" shows the day first
    in_dates = [(start, end) for _, _, start, _, end in written] + [(a, b) for _, a, b in short]
    # a British duration ("x 1/52", "Repeat DXA 2 yrs.") is read only where a slash or a short period stands:
    # quantities() is on every unit's path
    shorthand = "/" in text or _SHORT_PERIOD.search(text) is not None
    durations = [d for d in slash_durations(text) if not any(a <= d[2] < b for a, b in in_dates)] if shorthand else []
    in_dates += [(start, end) for _, _, start, end in durations]
    narrow = _narrow_ranges(text)
    for m in _QUANTITY.finditer(text):
        if any(a <= m.start() < b for a, b in in_dates):
            continue  # a part of a date written in figures
        if len(m.group("num")) == 2 and CLOCK_BEFORE.search(text, max(0, m.start() - 3), m.start()):
            continue  # the minutes of a time of day ("02:00")
        if len(m.group("num")) <= 2 and YEAR_SLASH.match(text, m.end()) and _number(m.group("num")) <= 12:
            continue  # the month of "09/2023": a month and year, no count (round 76)
        if not m.group("unit") and text[max(0, m.start() - 1) : m.start()] == "x" and not _PLURAL.match(text, m.end()):
            continue  # "Vomited x1": a count of times, read with a unit or what it counts ("x6 sessions": round 95)
        if not (m.group("unit") or m.group("pct")) and enumerates(text, m):
            continue  # "1. Rectal paracetamol ...", "2.2 Dose reduction": an item's number at the start of a line
        if _ON_ONE_DAY.match(text, m.start()) and text[max(0, m.start() - 3) : m.start()].lower() == "on ":
            continue  # "dizzy when standing on one day": on a day, no duration (round 191, read again in session 36)
        if m.group().lower() == "eighth":
            continue  # an ordinal or a fraction ("about an eighth": _fractions.py), not "eight h"
        if not m.group("unit") and _LOCANT.match(text, m.end()):
            continue  # "25-hydroxyvitamin D", "5-fluorouracil": a position in a chemical's name (round 181)
        raw = m.group("num")
        word = raw.lower()
        value = NUMBER_VALUES[word] if word in NUMBER_VALUES else _number(raw)
        unit = (m.group("unit") or ("%" if m.group("pct") else "")).lower()
        unit_end = m.end() if m.group("unit") else -1  # where a denominator may follow the unit
        if not unit and (borrowed := borrowed_unit(text, m, word, _QUANTITY)) is not None:
            unit, unit_end = borrowed  # "(11.6 vs 8.9 months)", "0.4 to 0.6 GBq": another figure's unit
        if not unit and word not in NUMBER_VALUES and (size := dimension_unit(text, m.end())):
            unit = size  # "19 x 11 x 9 mm": each a length (round 66)
        side = m.group("unit") in ("L", "R") and (
            _LABEL.search(text, max(0, m.start() - 24), m.start()) is not None
            or _SIDE_PAIR.search(text, max(0, m.start() - 14), min(len(text), m.end() + 14)) is not None
        )
        unit = "" if side else unit  # "Grade 2 L varicocele": a grade and a side, not 2 litres (round 88)
        if unit.startswith("point") and word in NUMBER_VALUES:
            unit = ""  # "at one point": lay wording; "a 15-point margin", "2.1 points" are points of a scale
        kind, scale = UNITS.get(unit, ("count", 1.0))
        if word in NUMBER_VALUES and kind == "count":
            # "one" alone is more often a pronoun than a number ("one of the patients"): count words need a noun
            nxt = text[m.end() : m.end() + 1]
            if not nxt.isspace() or (word == "one" and _PRONOUN_ONE.search(text, 0, m.start())):
                continue  # "every one was managed": a pronoun (round 26)
        denominator = _DENOMINATOR.match(text, unit_end) if unit_end >= 0 else None
        if denominator is not None:  # a concentration or rate (80 g/L, 1.9 mL/min): its own kind, never mass
            per = (denominator.group(1) or denominator.group(2)).lower().rstrip(".:")  # "5 mg per kilogram" = "5 mg/kg"
            per = "/".join(_PER.get(" ".join(part.split()), part) for part in per.split("/"))  # "mL/yr" is "ml/year"
            if "/" not in per and (rate := _PER_TIME.match(text, denominator.end())):  # "mL/kg per hour" (round 62)
                per = f"{per}/{_PER.get(rate.group(1).lower(), rate.group(1).lower())}"
            if per.startswith("kg/%") or (per == "kg" and PER_BURN.match(text, denominator.end())):
                per = "kg/%tbsa"
            if kind in ("mass", "volume", "substance") and per in _PER_LITRE:  # "12 g/dL" is "120 g/L" (round 20)
                scale *= _PER_LITRE[per]
                per = "l"
            kind = f"{kind}/{per.replace('²', '2')}"  # "mg/m²" is "mg/m2" (round 57)
        before = text[max(0, m.start() - 24) : m.start()]
        whole: int | None = m.end("num") if side else None  # where a time of day or a date ends ("8 pm")
        begin = m.start()  # where the figure begins: "week 12" with its time point's word
        label = _LABEL.search(before) if kind == "count" else None
        if label is not None:  # "type 2 diabetes", "grade 3": a category, compared only with its own kind
            kind = f"label:{label.group(1).lower()}"
        elif kind == "count" and _VALENT_AFTER.match(text, m.end()):
            kind = "label:valent"  # "the 20-strain vaccine" is PCV20: a vaccine's name (round 244)
        elif kind == "count" and (tail := FISCAL_TAIL.search(before)) and len(raw) in (2, 4):  # "24" of "2023/24"
            kind, value = "label:year", value + (100.0 * int(tail.group()[:2]) if len(raw) == 2 else 0.0)
        elif kind == "count" and MONTH_SLASH.search(before) and YEAR_SLASH.match(text, m.start() - 1):
            kind, value = "label:year", value + (2000.0 if len(raw) == 2 else 0.0)  # "vs 09/2023", "(06/24)"
        elif (kind == "count" and before.endswith("/")) or (kind == "points" and _SCALE.match(text, m.end())):
            kind = "label:scale"  # "38/132", "on a 100-point scale": a scale's maximum, equal to a bare 132 only
        elif kind == "count" and before.endswith(("£", "$", "€")):
            kind, before = "money", before[:-1]  # "just over £612": money, never a count of patients (round 23)
        elif kind == "count" and _CURRENCY.search(before):
            kind = "money"  # "USD 310", "EUR 1,200": money as a costing writes it (round 186)
        elif kind == "count" and not unit and (sterling := pounds_sterling(text, m.end(), raw)) is not None:
            kind, whole = "money", sterling  # "rose from 10.50 to 14.44 pounds" (round 239)
        elif kind == "count" and not unit and _PENCE.match(text, m.end()):
            kind, scale, whole = "money", 0.01, m.end() + 1  # "a 50p minimum price" is £0.50 (round 39)
        elif kind == "count" and not unit and (point := _TIME_POINT.search(before)) is not None:
            kind, scale = UNITS[point.group(1).lower()]  # "by day 90", "at week 12", "months 6-12": time points
            begin -= 0 if point.group("lower") else len(point.group())  # (rounds 34, 36)
        elif kind == "count" and not unit and is_age(before, value) and not _RANGE_NEXT.match(text, m.end()):
            kind, scale = "time", 365.25  # "aged 75 or older": an age in years (round 28)
        elif kind == "count" and (is_year(raw, text, m.end(), before) or dated_year(text, _dated(out), m.start(), raw)):
            kind, value = "label:year", value + (2000.0 if len(raw) == 2 else 0.0)  # "since 1979", "in Nov 23"
        elif kind == "count" and (hour := clock_hour(text, m.end(), value)) is not None:
            kind, value, whole = "label:clock", *hour  # "at 02:00", "at 10 pm": a time of day (round 23)
        elif kind == "count" and not unit and (day := day_of_year(text, m.start(), m.end(), value)) is not None:
            kind, value, whole = "label:date", *day  # "on 21 February": a date (round 29)
        elif kind == "percent" and (_CONCENTRATION_NEXT.match(text, m.end()) or _CONCENTRATION_BEFORE.search(before)):
            kind = "label:strength"  # "0.9% saline": a concentration, never a share of patients (round 26)
        elif kind == "percent" and _CONFIDENCE_NEXT.match(text, m.end()):
            kind = "label:ci"  # "95% CI": the confidence level of an interval, not a figure of the measure
        elif kind == "percent" and _HETEROGENEITY.search(before):
            kind = "label:i2"  # "I² 48%": how much trials disagree, not an effect (round 166)
        # hedged ("under 45"), one side of a proportion ("one in ten": a ratio, not a count) or the tail of a
        # compound duration ("an hour and twenty minutes"): read, but never a changed number
        before = _SIGN_END.sub("", before)  # "roughly -38": the hedge is the signed figure's (round 150)
        # "from roughly -38 to +46 µmol/L", "roughly 40 to 60 percent": the hedge of a range is both figures' (not of a
        # change "from about 34 to 27.5", unless signed: round 162)
        spans = (
            bool(out)
            and out[-1].about
            and _TO_SIGNED.fullmatch(text, out[-1].end, m.start()) is not None
            and (
                _SIGN_END.search(text, 0, out[-1].start) is not None
                or not FROM.search(text, 0, out[-1].start)
                or _RANGED_FROM.search(text, 0, out[-1].start) is not None
            )
        )
        hedged = bool(
            spans
            or HEDGES.search(before[-16:])
            or any(a <= m.start() < b for a, b in narrow)  # "between 27 and 28" for 27.5 (round 246)
            or _HEDGE_AFTER.match(text, m.end())
            or (m.group("unit") is None and _range_bound(text, m.start(), m.end()))
            or (kind == "count" and _PROPORTION_NEXT.match(text, m.end()))  # "40 Gy in 25 fractions" is a dose
            or (kind == "count" and _PROPORTION_PREV.search(before))
            or (kind == "time" and (c := _COMPOUND_TIME.search(before)) and UNITS[(c["big"] or "h").lower()][1] > scale)
            or (kind == "count" and value % 10 == 0 and _DECADE.match(text, m.end()))  # "the low 140s" (round 161)
            or (kind == "count" and _ALTERNATIVE_PREV.search(before) is not None)  # "11 or 12" for 11.5 (round 179)
        )
        ratio = kind == "count" and (  # "HR 1.6", "about 1.6 times the risk" (round 206)
            _RATIO_BEFORE.search(text, max(0, m.start() - 48), m.start()) is not None
            or listed_ratio(text, m, out)
            or (_TIMES_THE_RISK.match(text, m.end()) is not None and text[m.start()].isdigit())
        )
        # "around 1 in 8": the hedge is the proportion's, judged as a share, not a point estimate of a count of 1
        about = (
            spans
            or _HEDGE_AFTER.match(text, m.end()) is not None
            or (
                POINT_HEDGE.search(before[-16:]) is not None
                and not (kind == "count" and _PROPORTION_NEXT.match(text, m.end()))
            )
        )
        end = m.end() if whole is None else whole
        if kind in ("count", "money") and not unit and (times := multiplier(text, end)) is not None:
            scale, end = times  # "1.46 million": 1,460,000 (round 23)
        out.append(Quantity(kind, value * scale, begin, end, text[begin:end], hedged, value, about, ratio))
    out += [Quantity("time", days, a, b, text[a:b], False, n) for days, n, a, b in durations]  # "1/52": a week
    out += [Quantity("time", 1.0, m.start(), m.end(), m.group(), False, 1.0) for m in _SINGLE_DAY.finditer(text)]
    for m in _ONE_PERIOD.finditer(text):  # "in the past year": about one year, never a figure of its own (round 242)
        days = UNITS[m.group(1).lower()][1]
        out = sorted([*out, Quantity("time", days, m.start(), m.end(), m.group(), True, 1.0)], key=lambda q: q.start)
    for of_year, year, start, at, end in written:  # "28/01/2025": a date and its year (round 43)
        found = [Quantity("label:year", year, at, end, text[at:end], False, year)]
        if of_year is not None:
            found.append(Quantity("label:date", of_year, start, at - 1, text[start : at - 1], False, of_year))
        out = sorted([*out, *found], key=lambda q: q.start)
    out = sorted(
        [*out, *(Quantity("label:date", d, a, b, text[a:b], False, d) for d, a, b in short)], key=lambda q: q.start
    )
    dates = [(q.value, q.start) for q in out if q.kind == "label:date"]
    for value, start, end in following_days(text, dates) if dates else ():  # "21 February ... the following day"
        out = sorted(
            [*out, Quantity("label:date", value, start, end, text[start:end], False, value)], key=lambda q: q.start
        )
    for kind, value, a, b, number in slash_figures(text) if "/" in text else ():  # "Return/999", "doses/24 h"
        out = sorted([*out, Quantity(kind, value, a, b, text[a:b], False, number)], key=lambda q: q.start)
    for m in _RESPONSE.finditer(text):  # "EASI-75": a response of at least 75% improvement (round 40)
        if not any(q.start < m.end() and m.start() < q.end for q in out) and 0 < (value := float(m.group(1))) <= 100:
            out = sorted(
                [*out, Quantity("label:response", value, m.start(), m.end(), m.group(), False, value)],
                key=lambda q: q.start,
            )
    for value, start, end in a_multiples(text):  # "a billion doses", "about a thousand people"
        before = text[max(0, start - 16) : start]
        hedged, about = HEDGES.search(before) is not None, POINT_HEDGE.search(before) is not None
        out = sorted(
            [*out, Quantity("count", value, start, end, text[start:end], hedged, 1.0, about)], key=lambda q: q.start
        )
    for value, start, end in spelled_compounds(text):  # "one hundred and eighty divers", not "one" and "eighty"
        unit = _WORD_AFTER.match(text, end)  # (round 161), "three hundred days"
        kind, scale = UNITS.get(unit.group(1).lower(), ("count", 1.0)) if unit else ("count", 1.0)
        end = unit.end() if unit and kind != "count" else end
        before = text[max(0, start - 16) : start]
        hedged, about = HEDGES.search(before) is not None, POINT_HEDGE.search(before) is not None
        # "one in two hundred and fifty": the base of a proportion, as "one in ten" is (round 194)
        hedged = hedged or _PROPORTION_PREV.search(text[max(0, start - 24) : start]) is not None
        kept = [q for q in out if q.end <= start or q.start >= end]
        spelled = Quantity(kind, value * scale, start, end, text[start:end], hedged, value, about)
        out = sorted([*kept, spelled], key=lambda q: q.start)
    for m in _ORDINAL_TIME.finditer(text):  # "after the second postoperative year": about two years (round 38)
        word = m.group(2).lower()
        n, unit = _ORDINALS.index(m.group(1).lower()) + 1, UNITS[word][1] if word in UNITS else 3 * UNITS["month"][1]
        out = sorted([*out, Quantity("time", n * unit, m.start(), m.end(), m.group(), True, n)], key=lambda q: q.start)
    out = sorted([*out, *note_shorthand(text)], key=lambda q: q.start)
    for m in _VALENT_NAME.finditer(text):  # "PCV20", "PPSV23": the serotypes a vaccine covers (round 244)
        strains = float(m.group(1))
        valent = Quantity("label:valent", strains, m.start(1), m.end(1), m.group(1), False, strains)
        out = sorted([*out, valent], key=lambda q: q.start)
    if FRACTION_WORD.search(text):
        fractions = hedged_fractions(text) + mixed_quantities(text)
        out = [q for q in out if not any(f.start <= q.start < f.end for f in fractions)]  # "two" of "two thirds"
        out = sorted(out + fractions, key=lambda q: q.start)
    out = gestations(text, out) if "+" in text else out  # "21+3 weeks": 21 weeks and 3 days (round 203)
    out = compound_durations(text, out)  # "a day and three hours", "1 hour 20 minutes": one duration (session 36)
    return interval_units(text, out) if INTERVAL_OPENS.search(text) else out


def _dated(read: list[Quantity]) -> int | None:
    """Where the last quantity ``read`` ends if it is a date, else ``None``."""
    return read[-1].end if read and read[-1].kind == "label:date" else None


def proportion_side(text: str, q: Quantity) -> bool:
    """Whether ``q`` (a quantity of ``text``) is one side of a proportion in words ("3" or "10" of "3 in 10", "one
    in five"): hedged like a bound when read alone, but stated as exactly as any figure.

    >>> text = "about 3 in 10 patients"
    >>> [proportion_side(text, q) for q in quantities(text)]
    [True, True]
    """
    return q.kind == "count" and bool(
        _PROPORTION_NEXT.match(text, q.end) or _PROPORTION_PREV.search(text[max(0, q.start - 24) : q.start])
    )


def spelled_numbers(text: str) -> list[float]:
    """The numbers of ``text`` written as words, as :func:`quantities` reads them ("twelve participants": 12).

    >>> spelled_numbers("Twelve participants took 5 mg for twenty-five days.")
    [12.0, 25.0]
    """
    if not any(w.lower() in NUMBER_VALUES for w in _LETTERS.findall(text)):  # most sentences: no full read
        return []
    return [q.number for q in quantities(text) if q.text[:1].isalpha()]


def _range_bound(text: str, start: int, end: int) -> bool:
    """Whether the number ``text[start:end]``, written without a unit, is the lower bound of a range ("5-10
    years", "6- to 8-week", "2 to 3 days": its unit is the upper bound's), and not the start of a change stated
    "from X to Y" ("fell from 80 to 43 minutes")."""
    return _RANGE_NEXT.match(text, end) is not None and FROM.search(text, 0, start) is None


def _number(raw: str) -> float:
    """A written number: commas between groups of three digits separate thousands ("1,204"), any other comma is
    a decimal comma ("0,8")."""
    if THOUSANDS.fullmatch(raw) and not raw.startswith("0"):  # "0,125" is a decimal
        return float(raw.replace(",", ""))
    return float(raw.replace(",", "."))
