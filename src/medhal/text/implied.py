"""Figures a clinical text implies without writing them (issue 14, round 54): an answer that states one restates the
evidence, it does not invent a figure.

* **an allocation ratio**: "48 general practices ... were randomly allocated (1:1)" puts half of them in each arm,
  so "half of which were randomly assigned to the programme" states what the evidence says; "2:1" puts two thirds
  in the first arm and a third in the second;
* **a length of stay**: "Admitted 03/03, discharged 09/03." is six days in hospital, which a discharge summary
  rarely writes out ("He spent six days in hospital" was an unstated figure, and flagged the faithful answer);
* **a rate on another base**: "36 per 1,000 person-years" is "3.6 admissions for every 100 person-years";
* **a gestation's days**: "41+5 weeks" is 41 weeks and 5 days, and a preterm one its weeks before term ("born at
  30+4 weeks" is "about nine and a half weeks early"); and "the final quarter" is the last three months;
* **a trial's total** of its arms' "(n=210)" and "(n=210)", and **the changes a ratio's interval spans** ("risk
  ratio 0.60, 95% CI 0.33 to 1.10": from a 67% reduction to a 10% increase);
* **a fold change as a percentage** ("Cmax 1.8-fold" is "by around 80%"; "AUC ratio 1.5" is "by about half");
* **the cases of two arms together** ("2 vs 13 cases" is "15 cases in total") and **a schedule's whole length**
  ("30-min for 2 h then hourly for 4 h" is "over the next six hours"; round 58);
* **the minutes between two times of day** written one after the other ("06:58 Glucagon ... 07:10 GCS 15" is
  "twelve minutes later"; round 64), and the sizes in a table whose heading gives their unit ("Measurements (L x
  W x D, cm):" over "3.2 x 2.0 x 0.8" is "8 mm deep"; round 64); a virus's type in its short name ("HSV-2" is
  "type 2"; round 65);
* **one** of "a single" ("dispensed as a single 84-tablet bottle"; round 149);
* **a day's total** of an amount per 24 hours ("Total 390 mL/24 h"), **a day of a course** by its letter ("review
  D5"), and **either date** a day and month with leading zeros may be ("05/11") where no date of the text shows
  which comes first (round 66); the cells of a table row whose label gives their unit, and the difference of two
  side by side ("Trail Making B (s) | 118 | 124" is "six seconds slower"; round 67); a time in seconds written "s"
  ("TUG 19.4 s") and a Tanner stage by its letter on a line about puberty ("B3 at diagnosis"; round 68).

Each implied figure is an exact :class:`~medhal.text.quantities.Quantity` written nowhere (offsets -1, as
:func:`medhal.text.doses.worked_out` gives the doses an answer works out), so it counts where a figure the evidence
states counts and is never a span an auditor is pointed at.
"""

from __future__ import annotations

import itertools
import re
from datetime import date

from medhal.text._level_changes import level_changes
from medhal.text.number_forms import Q_INTERVAL, numeric_dates, q_interval, yday
from medhal.text.quantities import Quantity, quantities

__all__ = ["implied_figures"]

_ALLOCATED = re.compile(
    r"\b(?:randomi[sz]ed|randomly\s+(?:allocated|assigned)|allocated|assigned)\b[^.;]{0,40}?"
    r"\(?\s*(?P<ratio>\d(?:\s*:\s*\d){1,3})\s*\)?",
    re.IGNORECASE,
)
_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_DATE = (
    r"(?:(?P<{0}d>\d{{1,2}})/(?P<{0}m>\d{{1,2}})(?:/(?P<{0}y>\d{{2,4}}))?"
    r"|(?P<{0}dw>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<{0}mw>" + "|".join(_MONTHS) + r")[a-z]*\.?(?:\s+(?P<{0}yw>\d{{4}}))?)"
)
_STAY = re.compile(
    r"\badmi(?:tted|ssion)\b(?:\s+(?:on|date))?[:\s]+" + _DATE.format("a") + r"[^;]{0,60}?"
    r"\bdischarge(?:d)?\b(?:\s+(?:on|date))?[:\s]+" + _DATE.format("b"),
    re.IGNORECASE,
)
_ADMITTED = re.compile(r"\badmitted\b(?:\s+on)?\s+" + _DATE.format("a"), re.IGNORECASE)
_DISCHARGED = re.compile(r"\bdischarged\b(?:\s+(?:home\s+)?on)?\s+" + _DATE.format("b"), re.IGNORECASE)
"""An admission and a discharge date sentences apart ("was admitted on 02/05 with ... He was discharged on 17/05"),
read when the text gives one of each (our own discharge summary, round 58)."""


_RATE = re.compile(r"\b(?P<n>\d+(?:\.\d+)?)\s+(?:per|for\s+every|in\s+every|in)\s+(?P<d>100|1,?000|10,?000|100,?000)\b")
_DENOMINATORS = (100, 1000, 10000, 100000)
_GESTATION = re.compile(r"\b(?P<w>[1-4]\d)\s?\+\s?(?P<d>[0-6])\s*(?:weeks|wk)", re.IGNORECASE)
_WEEKLY = re.compile(r"\b(\d{1,2})\s+weekly\s+(?:sessions|visits|treatments|infusions|injections|doses)\b", re.I)
_QUARTER = re.compile(  # and a trimester: "by the last three months" for "by the third trimester" (round 228)
    r"\b(?:first|second|third|fourth|final|last)\s+quarter\b|\b(?:first|second|third|final|last)\s+trimester\b",
    re.IGNORECASE,
)
_MONTH = 365.25 / 12
_FOLD = re.compile(
    r"\b(?P<x>\d+(?:\.\d+)?)[-\s]fold\b|\b(?:AUC|C\s?max|exposure)\s+(?:geometric\s+mean\s+)?ratio[\s:,=]*(?P<y>\d+\.\d+)",
    re.IGNORECASE,
)
_PAIR = re.compile(
    r"\b(?P<a>\d[\d,]*)\s+(?:vs\.?|versus)\s+(?P<b>\d[\d,]*)\s+(?:cases|events|deaths|infections|episodes)\b",
    re.IGNORECASE,
)
_DURATION = r"\d+(?:\.\d+)?\s*(?:h|hrs?|hours?|min|minutes?|days?|weeks?)"
_GAP = r"(?:[^.;]|(?<=\d)\.(?=\d)){0,40}?"  # a decimal point is no sentence's end ("then 5.8 g over 16 hours")
_NEXT = r"(?:(?:the\s+)?(?:next|following)\s+|(?:another|a\s+further)\s+)?"
"""A second phase "over the next 5 days" (round 222's tapering course: 5 days, then 5 more, "about a week and a
half")."""
_PHASES = re.compile(
    rf"\b(?:for|over)\s+(?P<a>{_DURATION})\b{_GAP}\bthen\b{_GAP}\b(?:for|over)\s+{_NEXT}(?P<b>{_DURATION})\b",
    re.IGNORECASE,
)
_MATCHED = re.compile(
    r"\b(?P<a>\d[\d,]*)\s+(?:[\w-]+\s+){0,3}?(?:were\s+)?matched\s+(?:\d:\d\s+)?(?:to|with)\s+(?P<b>\d[\d,]*)\b",
    re.IGNORECASE,
)
_EACH_GROUP = re.compile(
    r"\b(\d[\d,]*)\s+(?:[\w-]+\s+){0,3}?(?:were\s+)?(?:analy[sz]ed\s+|included\s+|enrolled\s+|randomi[sz]ed\s+)?"
    r"(?:in|per)\s+each\s+(?:group|arm)\b",
    re.IGNORECASE,
)
_PAIRS = re.compile(r"\b(\d[\d,]*)\s+(?:matched\s+)?pairs\b", re.IGNORECASE)
_STUDIES = r"(?:(?:randomi[sz]ed\s+)?(?:controlled\s+)?trials|RCTs|studies|cohorts)"
_PEOPLE = r"(?:men|women|boys|girls|adults|children|infants|adolescents)"
_LISTED = re.compile(
    rf"\b(?P<a>\d[\d,]*)\s+(?:[\w-]+\s+){{0,2}}?(?:(?P<s>{_STUDIES})|{_PEOPLE})\s*(?:,\s*|\s+)(?:and|plus)\s+"
    rf"(?P<b>\d[\d,]*)\s+(?:[\w-]+\s+){{0,2}}?(?(s){_STUDIES}|{_PEOPLE})\b"
)
"""Two counts of studies, or of people, listed together: "4 randomised trials and 7 cohort studies" are 11 studies
(round 176), "112 women and 98 men" 210 people."""
_KINDS_OF = re.compile(r"\b(?P<a>\d[\d,]*)\s+[A-Za-z][\w-]*\s+and\s+(?P<b>\d[\d,]*)\s+[A-Za-z][\w-]*\s+[a-z]{3,}s\b")
_DAYS_A_MONTH = re.compile(r"\b(\d{1,2}(?:\.\d)?)\s+(?:[a-z-]+\s+)?days?\s+(?:per|a|each)\s+month\b", re.IGNORECASE)
_ANNUAL_RATE = re.compile(
    r"\b(?:ARR|annuali[sz]ed\s+(?:[a-z]+\s+){0,2}rates?)\b|\bper\s+(?:patient|person|participant)[-\s]years?\b", re.I
)
"""A rate per year: an annualised rate, or one per patient-year ("0.42 and 0.47 per patient-year" is "roughly once
every two years per person": round 246)."""
_RATE_VALUE = re.compile(r"(?<![\d.])0\.\d{1,3}(?![\d%])")
_FEV1 = re.compile(r"\bFEV[1₁]\b")
_DAY_RANGE = re.compile(r"\bdays\s+(\d{1,2})\s*[-–]\s*(\d{1,2})\b", re.IGNORECASE)
_HOURS_AT = re.compile(
    r"\bat\s+(?P<hours>(?:\d{1,3},\s*){2,}\d{1,3},?\s+and\s+\d{1,3})\s+hours\b|\bdays\s+(?P<days>[\d,\s]+and\s+\d{1,3})\b",
    re.I,
)
"""Doses given at hours or on days listed ("given at 0, 8, 24, 36, 48 and 60 hours", "on days 0 and 7"): the gaps
between them are stated too, "one dose every twelve hours" (round 229), "one week apart" (round 172, read again)."""
_ARM_N = re.compile(r"[(;,]\s*n\s*=\s*(\d[\d,]*)\s*\)", re.IGNORECASE)
"""An arm's size closing a bracket: "(n=210)", "(TAU, n=76)" (round 146)."""
_IN_BRACKETS = re.compile(r"\([^()]*\)")
_RATIO_CI = re.compile(
    r"\b(?:(?:risk|odds|hazard|rate)\s+ratio|[a]?(?:RR|OR|HR|IRR))\b[^();]{0,12}?(?P<x>\d+\.\d+)[^();]{0,16}?\bCI\b"
    r"[\s,:]*(?P<a>\d+\.\d+)\s*(?:to|-|–)\s*(?P<b>\d+\.\d+)"
)


def implied_figures(text: str) -> list[Quantity]:
    """The figures ``text`` implies (module docstring): shares of an allocation ratio (percent), a length of stay
    (days), a rate on the other usual bases, a gestation's days and a quarter's months.

    >>> [(q.kind, round(q.value, 1)) for q in implied_figures("48 practices were randomly allocated (1:1) to A or B.")]
    [('percent', 50.0)]
    >>> [(q.kind, round(q.value, 1)) for q in implied_figures("Patients were randomised 2:1 to drug or placebo.")]
    [('percent', 66.7), ('percent', 33.3)]
    >>> [(q.kind, q.value) for q in implied_figures("Admitted 03/03, discharged 09/03. Seen on 12/03.")][:1]
    [('time', 6.0)]
    >>> [(q.kind, q.value) for q in implied_figures("Admitted on 28 February 2025 and discharged on 3 March 2025.")]
    [('time', 3.0)]
    >>> [q.value for q in implied_figures("He was admitted on 02/05 with a hot knee. ... He was discharged on 17/05.")]
    [15.0]
    >>> [q.value for q in implied_figures("Size (L x W x D, cm):\\n26/07: 3.2 x 2.0 x 0.8")]
    [32.0, 20.0, 8.0]
    >>> [round(q.value * 1440) for q in implied_figures("06:58 Glucagon 1 mg IM. 07:10 GCS 15. 07:30 BM 7.8.")]
    [12, 20]
    >>> [q.value for q in implied_figures("Children were randomised to A plus usual care (TAU; n=76) or TAU (n=76).")]
    [152.0, 50.0]
    >>> [q.value for q in implied_figures("We included 4 randomised trials and 7 cohort studies (3,216 patients).")]
    [11.0]
    >>> [q.value for q in implied_figures("Of 210 adults, 112 women and 98 men; 4 trials and 7 children")]
    [210.0]
    >>> implied_figures("Follow-up at a ratio of 1:1 was poor. Admitted today, discharge planned.")
    []
    """
    out: list[Quantity] = []
    for m in _ALLOCATED.finditer(text):
        parts = [int(p) for p in re.split(r"\s*:\s*", m.group("ratio").strip())]
        if 0 in parts:
            continue
        for share in dict.fromkeys(100.0 * p / sum(parts) for p in parts):
            out.append(Quantity("percent", share, -1, -1, f"{share:.1f}% of {m.group('ratio')}", False, share))
    apart = [(a, b) for a in _ADMITTED.finditer(text) for b in _DISCHARGED.finditer(text) if a.end() < b.start()]
    for on, off in [(m, m) for m in _STAY.finditer(text)] or (apart if len(apart) == 1 else []):
        admitted, discharged = _day(on, "a"), _day(off, "b")
        if admitted is None or discharged is None:
            continue
        if discharged < admitted and admitted.year == discharged.year:  # "28/12 ... 02/01": over the new year
            discharged = discharged.replace(year=discharged.year + 1)
        days = float((discharged - admitted).days)
        if 0 < days <= 366:
            out.append(Quantity("time", days, -1, -1, f"{days:g} days in hospital", False, days))
    for m in _RATE.finditer(text):  # "36 per 1,000 person-years" is 3.6 per 100 (round 55)
        n, d = float(m.group("n")), int(m.group("d").replace(",", ""))
        for other in _DENOMINATORS:
            if other != d and (rate := round(n * other / d, 6)) >= 0.1:
                out.append(Quantity("count", rate, -1, -1, f"{rate:g} per {other:,}", False, rate))
                out.append(Quantity("count", float(other), -1, -1, f"per {other:,}", False, float(other)))
    for m in _GESTATION.finditer(text):  # "41+5 weeks" is 41 weeks and 5 days
        if days := float(m.group("d")):
            out.append(Quantity("time", days, -1, -1, f"{days:g} days", False, days))
        if int(m.group("w")) < 37:  # born at 30+4 weeks: about nine and a half weeks early, before 40 (round 228)
            early = 280.0 - 7 * int(m.group("w")) - days
            out.append(Quantity("time", early, -1, -1, f"{early / 7:.1f} weeks early", False, early / 7))
    for m in _WEEKLY.finditer(text):  # "6 weekly sessions" last six weeks (round 176)
        weeks = float(m.group(1))
        out.append(Quantity("time", 7 * weeks, -1, -1, f"{weeks:g} weeks of sessions", False, weeks))
    for _m in _QUARTER.finditer(text):  # "the final quarter" of a year is its last three months, as a trimester is
        out.append(Quantity("time", 3 * _MONTH, -1, -1, "three months", False, 3.0))
    unbracketed = _IN_BRACKETS.sub(lambda m: m.group().replace(";", ","), text)  # "(TAU; n=76)" is one bracket
    for sentence in re.split(r"(?<=[.;])\s+", unbracketed):  # "(n=210) ... (n=210)": 420 randomised (round 56)
        arms = [int(m.group(1).replace(",", "")) for m in _ARM_N.finditer(sentence)]
        if len(arms) >= 2:
            out.append(Quantity("count", float(sum(arms)), -1, -1, f"{sum(arms)} in all", False, float(sum(arms))))
            # each arm's share of them: "(n=132) or usual activity (n=132)" is half in each (round 171)
            shares = sorted({100.0 * n / sum(arms) for n in arms})
            out.extend(Quantity("percent", p, -1, -1, f"{p:.1f}% of all", False, p) for p in shares)
    # two matched groups together: "842 FICB recipients were matched 1:1 with 842 controls" (round 137), "174
    # patients were analysed in each group" (round 143), "After matching (1,904 pairs)"
    totals = [sum(float(m.group(side).replace(",", "")) for side in ("a", "b")) for m in _MATCHED.finditer(text)]
    totals += [2 * float(m.group(1).replace(",", "")) for bound in (_EACH_GROUP, _PAIRS) for m in bound.finditer(text)]
    # counts of studies or people listed together: "4 randomised trials and 7 cohort studies" (round 176)
    totals += [sum(float(m.group(side).replace(",", "")) for side in ("a", "b")) for m in _LISTED.finditer(text)]
    # and counts of kinds of one thing, its noun said once: "4 targeted and 12 systematic cores" are 16 (round 229)
    totals += [sum(float(m.group(side).replace(",", "")) for side in ("a", "b")) for m in _KINDS_OF.finditer(text)]
    out.extend(Quantity("count", both, -1, -1, f"{both:g} in all", False, both) for both in totals)
    for sentence in re.split(r"(?<=[.;])\s+", text):  # "ARR was 0.14 ... versus 0.31": one relapse every seven
        if _ANNUAL_RATE.search(sentence):  # years and one every three, whole years as a lay answer says (round 232)
            for rate in (float(m.group()) for m in _RATE_VALUE.finditer(sentence)):
                years = float(round(1 / rate)) if 0.0 < rate < 1.0 else 0.0
                if years:
                    out.append(Quantity("time", _YEAR * years, -1, -1, f"one every {years:g} years", False, years))
    if _FEV1.search(text):  # "FEV1 2.4 L": the air blown out in one second (round 233)
        out.append(Quantity("time", 1 / 86400, -1, -1, "one second", False, 1.0))
    for m in _DAYS_A_MONTH.finditer(text):  # "16 headache days per month" is about half the days (round 231)
        share = 100.0 * float(m.group(1)) / _MONTH
        out.append(Quantity("percent", share, -1, -1, f"{share:.0f}% of the days", False, share))
    for m in _DAY_RANGE.finditer(text):  # "on cycle days 2-6" is five days (round 230)
        first, last = int(m.group(1)), int(m.group(2))
        if 0 < first < last <= 60:
            days = float(last - first + 1)
            out.append(Quantity("time", days, -1, -1, f"{days:g} days", False, days))
    for m in _HOURS_AT.finditer(text):
        listed, unit = (m.group("hours"), "hours") if m.group("hours") else (m.group("days"), "days")
        times = [int(h) for h in re.findall(r"\d+", listed)]
        if unit == "days" and times[:1] != [0]:  # a schedule from day 0; not "further doses due on days 7 and 21",
            continue  # whose 14 would state any "two weeks" (round 246's changed "for two weeks")
        gaps = sorted({b - a for a, b in itertools.pairwise(times) if b > a})
        scale = 1 / 24 if unit == "hours" else 1.0
        out.extend(Quantity("time", g * scale, -1, -1, f"{g} {unit} apart", False, float(g)) for g in gaps)
    for m in _PAIR.finditer(text):  # "2 vs 13 cases": 15 cases in all (round 58)
        cases = sum(float(m.group(side).replace(",", "")) for side in ("a", "b"))
        out.append(Quantity("count", cases, -1, -1, f"{cases:g} in all", False, cases))
    for m in _PHASES.finditer(text):  # "30-min for 2 h then hourly for 4 h": six hours in all (round 58; "11.6 g
        # over 4 hours, then 5.8 g over 16 hours": 20 hours, round 235)
        phases = [q for side in ("a", "b") for q in quantities(m.group(side)) if q.kind == "time"]
        if len(phases) == 2:
            days = phases[0].value + phases[1].value
            out.append(Quantity("time", days, -1, -1, "the schedule's length", False, days))
    for m in _UNIT_LIST.finditer(text):  # "Home weights (kg):" over rows "26/09   71.4" (round 69)
        for line in m.group("rows").splitlines():
            if cells := _LIST_CELL.findall(line):
                out.extend(_unplaced(f"{cells[-1]} {m.group('unit')}"))
    for m in _MEASURED_TABLE.finditer(text):  # "Measurements (L x W x D, cm):" over rows "3.2 x 2.0 x 0.8" (round 64)
        for row in _DIMENSION_ROW.finditer(m.group("rows")):
            out.extend(_unplaced(f"{row.group(0)} {m.group('unit')}"))  # each side a length in the heading's unit
    for m in _TYPED.finditer(text):  # "HSV-2 DETECTED" is herpes simplex virus type 2 (round 65)
        kind = float(m.group("n") or m.group("n2"))
        out.append(Quantity("label:type", kind, -1, -1, f"type {kind:g}", False, kind))
    out.extend(_year_spans(text))
    out.extend(level_changes(text))
    if _SINGLE.search(text):  # "dispensed as a single 84-tablet bottle" is one bottle (round 149)
        out.append(Quantity("count", 1.0, -1, -1, "a single one", False, 1.0))
    for m in _CYCLE.finditer(text):  # "C8 due today" is cycle 8 (round 80)
        n = float(m.group("n") or m.group("m"))
        out.append(Quantity("count", n, -1, -1, f"cycle {n:g}", False, n))
    for m in _DAILY_TOTAL.finditer(text):  # "Total 390 mL/24 h" is 390 mL in the last 24 hours (round 66)
        amount = m.group("amount") or m.group("time")
        out.extend(_unplaced(amount) if amount else [])  # "at least 8x/24h": 24 hours only (round 89)
        out.append(Quantity("time", 1.0, -1, -1, "24 hours", False, 24.0))
    for m in _UNIT_ROW.finditer(text):  # "Trail Making B (s) | 118 | 124": 118 and 124 seconds, 6 apart (round 67)
        cells = [float(n) for n in _CELL.findall(m.group("cells"))][:4]
        unit = _ROW_UNITS.get(m.group("unit").lower(), m.group("unit"))
        for n in (*cells, *(abs(a - b) for a, b in itertools.pairwise(cells))):
            out.extend(_unplaced(f"{n:g} {unit}"))
    for _m in _FORTNIGHT.finditer(text):  # "per fortnight" is every two weeks (round 71)
        out.append(Quantity("time", 14.0, -1, -1, "a fortnight", False, 14.0))
    if _TEN_YEAR_SCORE.search(text):  # FRAX and QRISK give a 10-year probability (round 75)
        out.extend(_unplaced("10 years"))
    for m in _EVERY.finditer(text):  # "metoclopramide 10 mg IV q8h" is every 8 hours (round 73), "q6 mo" (76)
        out.extend(_unplaced(q_interval(m)[0]))
    for m in _POWER.finditer(text):  # "3.4 × 10^6 IU/mL" is 3.4 million (round 71)
        big = float(m.group("n")) * 10.0 ** int(m.group("k"))
        out.append(Quantity("count", big, -1, -1, m.group(), False, big))
    for m in _HOURS_MINUTES.finditer(text):  # "Increase session to 4 h 30 min" is four and a half hours (round 70)
        days = (int(m.group("h")) + int(m.group("m")) / 60.0) / 24.0
        out.append(Quantity("time", days, -1, -1, m.group(), False, days))
    for m in _SECONDS.finditer(text):  # "TUG | unable | 19.4 s" (round 68)
        out.extend(_unplaced(f"{m.group('n')} sec"))
    for line in text.splitlines():  # "Puberty: B3 at diagnosis, now B2-B3" is Tanner stage 3, then 2 to 3 (round 68)
        if _PUBERTY.search(line):
            out.extend(
                Quantity("label:stage", float(n), -1, -1, f"stage {n}", False, float(n)) for n in _TANNER.findall(line)
            )
    for m in _DAY_LABEL.finditer(text):  # "review D5 (20/06)" is a review on day five (round 66)
        day = float(m.group("n"))
        out.append(Quantity("time", day, -1, -1, f"day {m.group('n')}", False, day))
    # a text writing its dates month first ("Discharge: 06/17/2024") means "06/11/2024" as 11 June too (round 75)
    whole = [tuple(int(x) for x in re.split(r"[/.]", text[s:e])[:2]) for _, _, s, _, e in numeric_dates(text)]
    if any(a <= 12 < b for a, b in whole) and not any(b <= 12 < a for a, b in whole):
        out.extend(q for a, b in dict.fromkeys(whole) if a <= 12 and b <= 12 for q in _both_readings(a, b))
        short = [(int(m.group("m")), int(m.group("d"))) for m in _MONTH_DAY.finditer(text)]  # "Sputum cx 10/15"
        out.extend(q for a, b in dict.fromkeys(short) if b > 12 for q in _both_readings(a, b))  # (round 77)
    if padded := list(_PADDED_DATE.finditer(text)):  # "discharge: 05/11" with no date showing the day first
        read = {q.start for q in quantities(text) if q.kind == "label:date"}  # read only where such a date stands
        for m in padded:
            if m.start() not in read:
                out.extend(_both_readings(int(m.group("a")), int(m.group("b"))))
    clocks = [int(m.group("h")) * 60 + int(m.group("m")) for m in _CLOCK.finditer(text)]
    for before, after in itertools.pairwise(clocks):  # "06:58 Glucagon ... 07:10 GCS 15" (round 64)
        if 0 < (minutes := after - before) <= _CLOCK_GAP:
            days = minutes / 1440.0
            out.append(Quantity("time", days, -1, -1, f"{minutes} minutes between two times", False, days))
    ratios = [float(m.group("x") or m.group("y")) for m in _FOLD.finditer(text)]  # "AUC 2.4-fold" (round 57)
    # "risk ratio 0.60, 95% CI 0.33 to 1.10": from a 67% fall to a 10% rise (round 56)
    ratios += [float(m.group(side)) for m in _RATIO_CI.finditer(text) for side in ("a", "b")]
    for ratio in ratios:
        if ratio > 0 and (change := round(abs(ratio - 1.0) * 100.0, 6)):
            out.append(Quantity("percent", change, -1, -1, f"{change:g}% change", False, change))
    return out


_UNIT_LIST = re.compile(
    r"^[^\n]*\((?P<unit>kg|g|cm|mm|mL|ml|L|mmHg|mmol/L)\)[ \t]*:[ \t]*\n(?P<rows>(?:[ \t]*[^\n]*\d[^\n]*\n?){1,12})",
    re.MULTILINE,
)
"""A list under a heading that gives its unit in brackets ("Home weights (kg):" over "26/09   71.4"): the last figure
of each row is of that unit (a date's figures are not)."""
_LIST_CELL = re.compile(r"(?<![\d/.:])\d+(?:\.\d+)?(?![\d/:])")
_MEASURED_TABLE = re.compile(
    r"^[^\n]*\b(?P<unit>cm|mm)\b[^\n]*:[ \t]*\n(?P<rows>(?:[^\n]*\d[^\n]*\n?){1,12})", re.IGNORECASE | re.MULTILINE
)
_DIMENSION_ROW = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?:\s*[x×]\s*\d+(?:\.\d+)?){1,2}(?![\d.]|\s*(?:mm|cm)\b)")
"""A heading that gives the unit of the measurements listed under it ("Measurements (L x W x D, cm):") and its
rows of sizes ("26/07: 3.2 x 2.0 x 0.8"): each size is a length in that unit, which a faithful answer writes out
("8 mm deep"); a size written with its own unit is read as written."""
_TYPED = re.compile(r"\b(?:HSV|HIV|HPV|HHV|HTLV)-?(?P<n>\d{1,2})\b|\bT(?P<n2>[12])DM?\b")
"""A virus named with its type ("HSV-2", "HPV16"), which an answer writes as "herpes simplex virus type 2", and
diabetes by its type ("T2DM": "type 2 diabetes", round 69)."""
_SINGLE = re.compile(r"\ba\s+single\b", re.IGNORECASE)
_CYCLE = re.compile(
    r"(?<![\w-])C(?P<n>\d{1,2})(?:\s?D\d{1,2})?(?![\w-])"
    r"(?=\s+(?:\w+\s+)?(?:today|due|given|delayed|deferred|held|omitted|postponed)\b|\s+\w+(?:mab|platin|taxel|rubicin)\b)"
    r"|\b(?:proceed\s+with|give|for|after|before)\s+C(?P<m>\d{1,2})(?![\w-])"
)
"""A treatment cycle written "C8" ("C8 due today", "OK to proceed with C8 pembrolizumab"), which an answer writes as
"cycle 8"; not a nerve root or a vertebra ("C8 dermatome")."""
_DAILY_TOTAL = re.compile(
    r"\b(?P<amount>\d+(?:\.\d+)?\s?(?:mL|ml|L|litres?|g|kg|mg))\s?/\s?24\s?(?:h|hrs?|hours)\b"
    r"|\b(?P<time>\d+(?:\.\d+)?\s?(?:h|hrs?|hours?|min|mins|minutes))\s?/\s?(?:day|d|24\s?h)\b"
    r"|\b\d+\s?x\s?/\s?24\s?(?:h|hrs?|hours)\b"
)
"""An amount per 24 hours, which a day's log totals ("Total 390 mL/24 h"), and a time a day, which is that time on
each day ("OFF time has fallen by 2.5 h/day": "a drop of two and a half hours", round 68)."""
_UNIT_ROW = re.compile(
    r"^[^|\n]*\((?P<unit>s|secs?|seconds|min|mins|minutes|mm|cm|kg|g|mL|ml|L)\)[ \t]*\|(?P<cells>[^\n]*)$", re.MULTILINE
)
"""A table row whose label gives its unit in brackets ("Trail Making B (s) | 118 | 124"): each cell is a figure of
that unit, and so is the difference between two cells side by side (last year's and this year's)."""
_CELL = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.])")
_ROW_UNITS = {"s": "seconds", "sec": "seconds", "secs": "seconds"}
_FORTNIGHT = re.compile(r"\bfortnight(?:ly|s)?\b", re.IGNORECASE)
_TEN_YEAR_SCORE = re.compile(r"\b(?:FRAX|QRISK\s?[23]?)(?![\w-])")
"""Risk scores defined as a probability over ten years: "His 10-year fracture risk" for "FRAX ... MOF 19%"."""
_EVERY = re.compile(Q_INTERVAL, re.IGNORECASE)
_POWER = re.compile(r"(?<![\d.])(?P<n>\d+(?:\.\d+)?)\s*[×x]\s*10\^(?P<k>\d{1,2})\b")
"""A figure in scientific notation ("3.4 × 10^6"), which an answer writes in words ("about 3.4 million")."""
_HOURS_MINUTES = re.compile(
    r"\b(?P<h>\d{1,2})\s*(?:h|hrs?|hours?)\s+(?P<m>[0-5]?\d)\s*(?:min|mins|minutes)\b", re.IGNORECASE
)
"""A duration in hours and minutes ("4 h 30 min"), which an answer writes as one ("four and a half hours")."""
_SECONDS = re.compile(r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)[ \t]s\b(?![.\w])")
"""A time in seconds written "s" after a space, as a clinical table writes it ("19.4 s"); not "1990s", "2 s.c."."""
_PUBERTY = re.compile(r"\b(?:puberty|pubertal|tanner)\b", re.IGNORECASE)
_TANNER = re.compile(r"(?<![\w-])(?:B|PH|G|P)([1-5])\b")
"""A Tanner stage by its letter (breast B, pubic hair PH or P, genital G), read on a line about puberty only (not
vitamin B3, not a G3 tumour)."""
_DAY_LABEL = re.compile(r"(?<![\w-])(?<!vitamin\s)D(?P<n>[1-9]\d?)(?![\w.])")
"""A day of a course written as its letter and number ("D5", "since D1"); not vitamin D3."""
_MONTH_DAY = re.compile(r"(?<![\d/.])(?P<m>0?[1-9]|1[0-2])/(?P<d>1[3-9]|2\d|3[01])(?![\d/]|\.\d)")
"""A month and a day past the 12th in figures, in a text that writes its dates month first."""
_PADDED_DATE = re.compile(
    r"(?<![\d/.])(?P<a>0[1-9]|[12]\d|3[01])/(?P<b>0[1-9]|1[0-2]|(?<=0\d/)(?:1[3-9]|2\d|3[01]))(?![\d/]|\.\d)"
)
"""A day and month written with leading zeros ("05/11"), a date whichever comes first; a month with its leading zero
before a day past the 12th ("ERCP 06/13" in a US summary: 13 June, round 75)."""


def _year_spans(text: str) -> list[Quantity]:
    """The years between the first and the last year ``text`` names ("between 2014 and 2023" is "over about ten
    years"; a 2023 audit "compared with the 2021 baseline" is "two years earlier": rounds 191, 193).

    >>> [q.value / 365.25 for q in _year_spans("Reports between 2014 and 2023.")]
    [9.0]
    """
    if not _YEAR_WRITTEN.search(text) and "/" not in text:  # no year written out, nor a date that may hold one
        return []
    years = sorted(  # "between January and December 2023" reads its year as a count
        {
            q.value
            for q in quantities(text)
            if (q.kind == "label:year" or (q.kind == "count" and _YEAR_WRITTEN.fullmatch(q.text)))
            and 1900 <= q.value <= 2100
        }
    )
    # the first and last only, one span: two spans a year apart would make any "one year" their difference
    span = years[-1] - years[0] if len(years) >= 2 else 0.0
    if not 1 < span <= _YEARS_APART:  # a letter's dates across a new year imply no "twelve months" (round 114)
        return []
    return [Quantity("time", span * _YEAR, -1, -1, f"{span:g} years between two years", False, span)]


_YEAR = 365.25
_YEAR_WRITTEN = re.compile(r"(?:19|20)\d\d")
_YEARS_APART = 30


def _unplaced(text: str) -> list[Quantity]:
    """The exact :func:`quantities` of a figure this module writes out (``text``: "390 mL", "118 seconds"), placed
    nowhere in the evidence (offsets -1)."""
    return [Quantity(q.kind, q.value, -1, -1, q.text, False, q.number) for q in quantities(text)]


def _both_readings(a: int, b: int) -> list[Quantity]:
    """The dates "a/b" may be, day first or month first, where the text shows neither."""
    days = {d for d in (yday(b, a), yday(a, b) if b <= 31 else None) if d is not None}
    return [Quantity("label:date", d, -1, -1, f"{a:02d}/{b:02d}", False, d) for d in sorted(days)]


_CLOCK = re.compile(r"(?<![\d:.])(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?![\d:])")
_CLOCK_GAP = 720
"""Times of day written on the 24-hour clock ("06:58"), and the longest gap between two written one after the other
that is read as the minutes between them: a clinical record's times run in order ("06:58 Glucagon 1 mg IM ... 07:10
GCS 15"), so "Twelve minutes later he was fully alert" states what the record says; half a day, not four hours,
since "removed at 06:00 ... had not passed urine by 12:00" is "six hours later he still hadn't passed water" (round
237)."""


def _day(m: re.Match[str], side: str) -> date | None:
    """The date of one side of a stay match; the year, when not written, a common one (2001)."""
    day, month, year = m.group(f"{side}d"), m.group(f"{side}m"), m.group(f"{side}y")
    if day is None:
        day, year = m.group(f"{side}dw"), m.group(f"{side}yw")
        month = str(_MONTHS.index(m.group(f"{side}mw").lower()[:3]) + 1)
    full = 2001 if year is None else int(year) + (2000 if len(year) == 2 else 0)
    try:
        return date(full, int(month), int(day))
    except ValueError:  # "31/02": no date
        return None
