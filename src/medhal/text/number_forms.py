"""Numbers whose form says what they are, read by :func:`medhal.text.quantities.quantities` (issue 14, round 23):

* a calendar year ("since 1979", "in March 2020", "from 2007 to 2021"): a label, never a count that a unit's
  figure could be changed from ("1979" against a confidence bound of 300);
* a time of day ("02:00", "at 3:15 pm", "10 pm"): a label on the 24-hour clock, its minutes no count ("two-week"
  is not the "02" of "02:00");
* a count with a multiplier word ("1.46 million", "a billion"): the number it stands for, so that "1 billion"
  restates "a billion";
* a day of a month ("on 21 February", "February 21"): a date, its day of the (non-leap) year, never a count; and "the
  following day" / "the next day" / "a day later" after a date of its sentence: the day after (round 29: "reopened on
  22 February" restates "declared over on 21 February, and the home reopened the following day").

Split out of :mod:`medhal.text.quantities`, which builds the :class:`~medhal.text.quantities.Quantity` objects;
this module only reads the forms.
"""

from __future__ import annotations

import re
from datetime import date

from medhal.text._unit_words import NUMBER_VALUES, NUMBER_WORDS, UNITS

__all__ = [
    "CLOCK_BEFORE",
    "FISCAL_TAIL",
    "MONTH_SLASH",
    "PERIOD_DAYS",
    "Q_INTERVAL",
    "SLASH_DAYS",
    "YEAR_SLASH",
    "a_multiples",
    "clock_hour",
    "dated_year",
    "day_of_year",
    "dimension_unit",
    "enumerates",
    "following_days",
    "is_age",
    "is_year",
    "mixed_numbers",
    "multiplier",
    "numeric_dates",
    "q_interval",
    "short_dates",
    "slash_durations",
    "slash_figures",
    "yday",
]

_MULTIPLIERS = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_MULTIPLIER = re.compile(r"\s+(thousand|million|billion)\b", re.IGNORECASE)
_A_MULTIPLE = re.compile(r"\b(?<![\d.,]\s)an?\s+(thousand|million|billion)\b", re.IGNORECASE)
_YEAR_BEFORE = re.compile(
    r"(?:\b(?:since|in|from|between|until|till|through|during|by|of|year|years|early|late|mid|(?:jan|febr)uary|"
    r"march|april|may|june|july|august|september|october|november|december)|\b(?:19|20)\d{2}\s*"
    r"(?:-|–|to|and|through|until)|^\s*(?:and|to|until|through))\s*$",
    re.IGNORECASE,
)
_YEAR_AFTER = re.compile(r"\s*(?:[.,;:)]|$|(?:-|–|to|and|through|until)\s*(?:19|20)\d{2}\b|/\d{2}(?:\d{2})?\b)")
_YEAR_JOINED = re.compile(r"\s+(?:with|versus|vs\.?|compared|than|when|while|whereas|but|and)\b", re.IGNORECASE)
FISCAL_TAIL = re.compile(r"\b(?:19|20)\d{2}/$")
"""A year the figure after it completes ("2023/24", a financial or reporting year: round 49)."""
Q_INTERVAL = r"(?<![\w-])q\s?(?P<qn>\d{1,2})\s?(?P<qu>h|hrs?|hours?|d|days?|wks?|weeks?|mos?|months?)\b"
"""An interval written after "q" ("q8h", "Q6H", "q2wk", "q6 mo"): every 8 hours, 2 weeks, 6 months (rounds 73-78)."""
_Q_UNITS = {"h": ("hours", 1 / 24), "d": ("days", 1.0), "w": ("weeks", 7.0), "m": ("months", 30.4375)}


def q_interval(m: re.Match[str]) -> tuple[str, float]:
    """The interval a :data:`Q_INTERVAL` match writes, in words and in days ("q8h": "8 hours", 1/3).

    >>> q_interval(re.match(Q_INTERVAL, "q2wk")), q_interval(re.match(Q_INTERVAL, "q6 mo"))
    (('2 weeks', 14.0), ('6 months', 182.625))
    """
    word, days = _Q_UNITS[m.group("qu")[0].lower()]
    return f"{m.group('qn')} {word}", int(m.group("qn")) * days


MONTH_SLASH = re.compile(r"(?<![\d/.])(?:0?[1-9]|1[0-2])/$")
YEAR_SLASH = re.compile(r"/(?:(?:19|20)\d{2}|(?<=\b0[1-9]/)(?:1[3-9]|[23]\d))(?![\d/]|\.\d)")
"""The year of a month and year in figures, the month before the slash ("vs 09/2023", "01/2024": round 76), or two
digits after a month written with its leading zero ("06/24 & 07/24": round 116) past any month's number, never "12/24"
(twelve hours), "6/24" nor "06/10"."""
_CLOCK_NEXT = re.compile(r"(?::\d{2})?\s?(?:(?P<am>a\.m\.|am\b)|(?P<pm>p\.m\.|pm\b))|:\d{2}\b", re.IGNORECASE)
CLOCK_BEFORE = re.compile(r"\b\d{1,2}:$")
"""The hour of a time of day right before its minutes ("02:" of "02:00")."""


_MONTH_SHORT_YEAR = re.compile(
    r"\b(?:in|since|from|until|to)\s+(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s+$",
    re.IGNORECASE,
)
_MONTH_OPENS = re.compile(r"\((?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s+$", re.IGNORECASE)
_DAY_THEN_YEAR = re.compile(r"(?:st|nd|rd|th)?,?\s+(?:19|20)\d{2}\b|(?:st|nd|rd|th)\b", re.IGNORECASE)


def is_year(raw: str, text: str, end: int, before: str) -> bool:
    """Whether the number ``raw`` (ending at ``end`` of ``text``, with ``before`` the text just before it) is a
    calendar year: four digits from 1900 to 2099 after a word that introduces one or next to another year, and
    followed by punctuation, the end or another year, not by a noun ("in 2000 patients"); or two digits after a
    month's name after "in", "since", "from", "until" or "to", with no year or ordinal after them ("in Nov 23": 2023;
    not the level of "(Mar 68)").

    >>> is_year("1979", "since 1979.", 10, "since "), is_year("2000", "in 2000 patients", 7, "in ")
    (True, False)
    >>> is_year("2021", "from 2007 to 2021", 17, "from 2007 to ")
    True
    >>> is_year("2023", "212 patients in early 2023 with 236", 26, "212 patients in early ")
    True
    >>> is_year("2022", "and 2022 and recorded 8,900 admissions", 8, "and ")  # cut from "between 2016" (round 55)
    True
    >>> is_year("23", "[79 in Nov 23]", 13, "[79 in Nov "), is_year("23", "in Nov 23, 2024", 9, "in Nov ")
    (True, False)
    """
    if len(raw) == 2 and raw.isdigit() and _MONTH_SHORT_YEAR.search(before) and not _DAY_THEN_YEAR.match(text, end):
        return True  # "[79 in Nov 23]": November 2023 (round 112), not the 23rd, which a year or "rd" would follow
    bracketed = text[end : end + 1] == ")" and _MONTH_OPENS.search(before) is not None
    if len(raw) == 2 and raw.isdigit() and int(raw) <= 40 and bracketed:
        return True  # "Previous CT (Aug 24) clear": August 2024 (round 123); not the level of "(Mar 68)"
    if not (len(raw) == 4 and raw.isdigit() and 1900 <= int(raw) <= 2099):
        return False
    after = _YEAR_AFTER.match(text, end)
    introduced = _YEAR_BEFORE.search(before) is not None
    if after is None:  # "212 patients in early 2023 with 236 in early 2024": a word that joins, not a noun (round 52)
        return introduced and _YEAR_JOINED.match(text, end) is not None
    return introduced or bool(after.group().strip(" .,;:)"))


def clock_hour(text: str, end: int, value: float) -> tuple[float, int] | None:
    """The hour on the 24-hour clock of a number ``value`` ending at ``end`` that is a time of day ("10 pm": 22,
    "12 am": 0, "02:00": 2), with the end of its minutes or "am" / "pm"; ``None`` when it is none.

    >>> clock_hour("at 10 pm", 5, 10.0), clock_hour("at 02:00", 5, 2.0), clock_hour("10 patients", 2, 10.0)
    ((22.0, 8), (2.0, 8), None)
    """
    m = _CLOCK_NEXT.match(text, end)
    if m is None or value >= 24:
        return None
    if m.group("pm") and value < 12:
        return value + 12, m.end()
    if m.group("am") and value == 12:
        return 0.0, m.end()
    return value, m.end()


def multiplier(text: str, end: int) -> tuple[float, int] | None:
    """The factor and end of a multiplier word right after a number ending at ``end`` ("1.46 million"), or ``None``.

    >>> multiplier("1.46 million doses", 4), multiplier("493 per million", 3)
    ((1000000.0, 12), None)
    """
    m = _MULTIPLIER.match(text, end)
    return None if m is None else (_MULTIPLIERS[m.group(1).lower()], m.end())


def a_multiples(text: str) -> list[tuple[float, int, int]]:
    """Each "a thousand", "a million", "a billion" of ``text``: its value, start and end.

    >>> a_multiples("a billion doses; about a thousand people; 2 million")
    [(1000000000.0, 0, 9), (1000.0, 23, 33)]
    """
    return [(_MULTIPLIERS[m.group(1).lower()], m.start(), m.end()) for m in _A_MULTIPLE.finditer(text)]


_AGED = re.compile(r"\b(?:aged|ages?|age\s+of)\s+(?:between\s+|from\s+|over\s+|under\s+|at\s+least\s+)?$", re.I)


def is_age(before: str, value: float) -> bool:
    """Whether a bare number after ``before`` is an age in years ("aged 75 or older" is "aged 75 years or older":
    round 28).

    >>> is_age("patients aged ", 75), is_age("patients aged ", 750), is_age("in ", 75)
    (True, False, False)
    """
    return value <= 120 and _AGED.search(before) is not None


_MONTH_NAMES = "January February March April May June July August September October November December"
_MONTHS = _MONTH_NAMES.lower().split()
_MONTH = r"(?:" + "|".join(m[:3] + r"(?:" + m[3:] + r")?" for m in _MONTH_NAMES.split()) + r")\b"
"""A month's name, capitalised ("May", not the "may" of "12 may benefit"), in full or its first three letters."""
_MONTH_AFTER = re.compile(
    r"(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?(" + _MONTH + r")"
)  # one line: not a table's "| 15\nJul"
_MONTH_BEFORE = re.compile(r"\b(" + _MONTH + r")[ \t]+(?:the[ \t]+)?$")
_RANGE_MONTH = re.compile(r"(?:st|nd|rd|th)?[ \t]*(?:to|-|–|and|or|until)[ \t]*\d{1,2}" + _MONTH_AFTER.pattern)
"""The rest of a range of days of one month after its first day ("2 | to 8 March": round 72)."""
_NEXT_DAY = re.compile(r"\b(?:the\s+(?:following|next)\s+day|a\s+day\s+later|the\s+day\s+after)\b", re.IGNORECASE)
_BREAK = re.compile(r"[.!?]\s")


def _month(name: str) -> int:
    return next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(name.lower().rstrip(".")[:3]))


def day_of_year(text: str, start: int, end: int, value: float) -> tuple[float, int] | None:
    """The day of the (non-leap) year of a day of a month written at ``text[start:end]`` ("21 February": 52,
    "February 21st": 52), with the end of its month's name when that follows; ``None`` when it is no date.

    >>> day_of_year("on 21 February", 3, 5, 21.0), day_of_year("February 21, 2024", 9, 11, 21.0)
    ((52.0, 14), (52.0, 11))
    >>> day_of_year("21 patients in May", 0, 2, 21.0), day_of_year("on 31 April", 3, 5, 31.0)
    (None, None)
    >>> day_of_year("aged 12 may benefit", 5, 7, 12.0) is None
    True
    >>> day_of_year("in hospital from 2 to 8 March", 17, 18, 2.0)  # a range's first day
    (61.0, 18)
    """
    after = _MONTH_AFTER.match(text, end)
    before = None if after else _MONTH_BEFORE.search(text, max(0, start - 16), start)
    found = after or before or _RANGE_MONTH.match(text, end)
    if found is None or value != int(value) or not 1 <= value <= 31:
        return None
    day = yday(_month(found.group(1)), int(value))
    return None if day is None else (day, found.end() if after else end)


def yday(month: int, day: int) -> float | None:
    """The day of the non-leap year of a day of a month, the 29th of February a day of its own after the year's
    last (366: "29/02/2024" and "29 February" are one date, and neither is "1 March"; round 66); ``None`` when it
    is no date ("31/04")."""
    if (month, day) == (2, 29):
        return 366.0
    try:
        return float(date(2001, month, day).timetuple().tm_yday)
    except ValueError:
        return None


def following_days(text: str, dates: list[tuple[float, int]]) -> list[tuple[float, int, int]]:
    """Each "the following day" of ``text`` after a date of its sentence (``dates``: day of the year and start, in
    order): the day after that date, with the phrase's start and end.

    >>> following_days("Over on 21 February; the home reopened the following day.", [(52.0, 8)])
    [(53.0, 39, 56)]
    >>> following_days("Over on 21 February. The home reopened the following day.", [(52.0, 8)])
    []
    """
    found = []
    for m in _NEXT_DAY.finditer(text):
        before = [(day, at) for day, at in dates if at < m.start() and not _BREAK.search(text, at, m.start())]
        if before:
            found.append((before[-1][0] + 1.0, m.start(), m.end()))
    return found


_NUMERIC_DATE = re.compile(
    r"\b(\d{1,2})([/.])(\d{1,2})\2((?:19|20)\d{2})\b|(?<![\d/.])(\d{1,2}|\d{2}(?=\.\d{2}\.))(/|\.(?=\d{2}\.))(\d{1,2})\6(\d{2})(?![\d/]|\.\d)"
)
"""A date written in figures, day first ("28/01/2025", "06.01.2025"), or month first where the first cannot be one;
or with a year of two figures and slashes ("30/10/23": round 65's clinic notes), read only where it is a valid date."""


def numeric_dates(text: str) -> list[tuple[float | None, float, int, int, int]]:
    """``(day of the year or None, year, start, start of the year, end)`` of each date ``text`` writes in figures
    ("Report date: 28/01/2025": a date and a year, not a count of 28, a scale's 1 and its 2025; round 43), its end
    the year's end.

    >>> numeric_dates("Report date: 28/01/2025; seen 12/31/2024.")
    [(28.0, 2025.0, 13, 19, 23), (365.0, 2024.0, 30, 36, 40)]
    >>> numeric_dates("Fever onset 30/10/23; 7/4/24 to 31/02/24, 3/4/5")
    [(303.0, 2023.0, 12, 18, 20), (97.0, 2024.0, 22, 26, 28)]
    """
    found: list[tuple[float | None, float, int, int, int]] = []
    for m in _NUMERIC_DATE.finditer(text):
        short = m.group(1) is None  # "30/10/23"
        a, b, y = (int(m.group(k)) for k in ((5, 7, 8) if short else (1, 3, 4)))
        day, month = (b, a) if a <= 12 < b else (a, b)
        of_year = yday(month, day)
        if of_year is None and short:
            continue  # "31/02/24", "3/4/5": no date
        year = y + (1900 if y >= 50 else 2000) if short else y
        found.append((of_year, float(year), m.start(), m.start(8 if short else 4), m.end()))
    return found


def short_dates(text: str, written: list[tuple[float | None, float, int, int, int]]) -> list[tuple[float, int, int]]:
    """``(day of the year, start, end)`` of each day and month ``text`` writes in figures without a year ("19/05:
    tangential excision"), read only where the text writes a date day first, whole (``written``:
    :func:`numeric_dates`) or short ("19/07" with "26/08": round 64), so that its figures are known to be dates and
    their order (round 62: "On 19 May" was a
    figure the ward note never stated).

    >>> short_dates("Admitted 15/05/2024. 19/05: excision; 3/4 of cases", numeric_dates("Admitted 15/05/2024."))
    [(139.0, 21, 26)]
    """
    matches = list(_SHORT_DATE.finditer(text))
    days = [int(m.group()) for _, _, start, _, _ in written if (m := _LEADING.match(text, start))]
    days += [int(m.group("day") or m.group("late")) for m in matches]  # "19/07", "26/08"
    if not any(day > 12 for day in days):  # no date shows the day first
        return []
    found: list[tuple[float, int, int]] = []
    for m in matches:
        if any(start <= m.start() < end for _, _, start, _, end in written):
            continue
        day = yday(int(m.group("month") or m.group("q4")), int(m.group("day") or m.group("late")))
        if day is not None:  # "31/02" is no date
            found.append((day, m.start(), m.end()))
    return found


_SHORT_DATE = re.compile(
    r"(?<![\d/.])(?<![x×~])(?<!\bx\s)(?<!\d[–-])(?<!\btake\s)(?<!\btakes\s)(?<!\b[sS]x\s)(?<!\bnow\s)"
    r"(?<!/[UuVv]\s)"
    r"(?:(?P<day>\d{1,2})/(?P<month>0[1-9])|(?P<late>1[3-9]|[23]\d|0[1-9])/(?P<q4>1[0-2]))(?![\d/]|\.\d)"
)
"""A day and month in figures, not a part of a longer date: the month with its leading zero ("19/05"), or October to
December after a day no score out of 10 or 12 reaches ("19/10"; not "4/10" pain, "10/12" months) or written with its
leading zero ("04/11": no score is); never after "x" or "~", which mark a duration ("Nil alcohol x17/12", "now ~24/12
off MTX": round 107-108), nor after "take", "Sx" or "now" or as the top of a range ("may take 18/12", "up to
12-18/12": round 115; "Sx now 14/12 in total": round 117), nor right after "F/U" or "R/V", which ask when to see
someone again ("Surgical F/U 18/12": round 123; "Review 19/12" with a dated letter stays a date)."""
_LEADING = re.compile(r"\d+")


_TO_YEAR = re.compile(r"(?:st|nd|rd|th)?,?\s*")
"""What may stand between a date and its year: an ordinal's letters, a comma, spaces ("May 3rd, 2021")."""


def dated_year(text: str, date_end: int | None, start: int, raw: str) -> bool:
    """Whether ``raw`` (at ``start`` of ``text``) is the year of a date that ends at ``date_end`` just before it
    (``None``: no date does): "6 February 2024", "May 3, 2021".

    >>> from medhal.text.quantities import quantities
    >>> [q.kind for q in quantities("On 6 February 2024, 62 residents")]
    ['label:date', 'label:year', 'count']
    >>> [q.kind for q in quantities("February 21st, 2024 was a Wednesday")]
    ['label:date', 'label:year']
    """
    return (
        date_end is not None
        and len(raw) == 4
        and raw.startswith(("19", "20"))
        and _TO_YEAR.fullmatch(text, date_end, start) is not None
    )


_ENUMERATOR = re.compile(r"[.)]?[ \t]+(?=[A-Z])")
"""What follows the number of a numbered list item or section at the start of a line ("1. Rectal paracetamol ...",
"2.2 Dose reduction ..."): the number is the item's, not a figure (round 18: "2. About 7 children needed treatment"
stated an unstated 2; round 19: a drug label's "2.2" was read as a rival of "two of the three criteria")."""
_INLINE_ITEM = re.compile(r"[.)][ \t]+(?=[A-Z])")
"""An item's number after a sentence's end on the same line ("... for 24 hours. 5. If her headache ..."): a list
whose line breaks were lost (round 34), told from a figure by the full stop or bracket before its next word."""


def enumerates(text: str, m: re.Match[str]) -> bool:
    """Whether the number ``m`` numbers a list item or section (:data:`_ENUMERATOR`, :data:`_INLINE_ITEM`)."""
    last = text[: m.start()].rstrip(" \t")[-1:]
    if last in ("", "\n"):
        return _ENUMERATOR.match(text, m.end()) is not None
    return last in ".!?" and m.group("num").isdigit() and _INLINE_ITEM.match(text, m.end()) is not None


_DIMENSIONS = re.compile(
    r"\s*(?:[x×]|by)\s*\d+(?:\.\d+)?(?:\s*(?:[x×]|by)\s*\d+(?:\.\d+)?)?\s?(mm|cm)\b", re.IGNORECASE
)


def dimension_unit(text: str, end: int) -> str | None:
    """The unit of a size of two or three dimensions a number ending at ``end`` begins, written once after the last
    ("19 x 11 x 9 mm", "1.9 by 1.1 by 0.9 cm": each a length; round 66), or ``None``; lengths only ("2 x 500 mg
    tablets" are two tablets).

    >>> dimension_unit("19 x 11 x 9 mm", 2), dimension_unit("1.9 by 1.1 by 0.9 cm", 3), dimension_unit("2 x 500 mg", 1)
    ('mm', 'cm', None)
    """
    m = _DIMENSIONS.match(text, end)
    return None if m is None else m.group(1).lower()


_SLASH_DURATION = re.compile(
    r"(?:(?<=\bx)|(?<=[x×]\s)|(?<=~)|(?<=\bfor\s)|(?<=\bin\s)|(?<=\bafter\s)|(?<=\bover\s)|(?<=\bwithin\s)|(?<=\bnext\s)"
    r"|(?<=\blast\s)|(?<=\bpast\s)|(?<=\breview\s)|(?<=\bF/U\s)|(?<=\bfollow-up\s)|(?<=\bRV\s)|(?<=\brepeat\s)"
    r"|(?<=\br/v\s)|(?<=\btake\s)|(?<=\btakes\s)|(?<=\d[–-])|(?<=\bsx\s)|(?<=\bsx\snow\s))"
    r"(?P<n>\d{1,2})/(?P<per>7|52|12)(?![\d/]|\.\d)"
    r"(?!\s+(?!(?:ago|post|then|and|or|of|off|hx|history|before|after|prior|since|until|later|in\s+total)\b)[A-Za-z])"
    r"|(?:(?<=:\s)|(?<=^)|(?<=\n))(?P<lead>\d{1,2})/(?P<per_lead>7|52)(?![\d/]|\.\d)"
    r"|(?<![\d/.])(?P<ago>\d{1,2})/(?P<per_ago>7|52|12)(?=\s+ago\b)",
    re.IGNORECASE,
)
"""A British note's duration in days, weeks or months over 7, 52 or 12 ("2-hourly x 1/52", "PC: 3/7 painful red
eye", "F/U in 6/12", "Review 4/52", "2/52 ago"), read only after a word of duration or of a next visit, or of days
and weeks after a list's colon or
at a line's start, so that a visual acuity ("VA 6/12") stays what it is; after a word of duration, not before a
noun it counts ("response in 1/7 serotypes": round 72)."""
PERIOD_DAYS = {"hour": 1 / 24, "hr": 1 / 24, "h": 1 / 24, "day": 1.0, "week": 7.0, "wk": 7.0, "fortnight": 14.0}
PERIOD_DAYS |= {"month": 30.4375, "mth": 30.4375, "year": 365.25, "yr": 365.25}
"""Days in a period a dose or a visit is timed by, its short forms too ("every 2 wks": round 112)."""
SLASH_DAYS = {"7": 1.0, "52": 7.0, "12": 30.4375}
"""Days in the period a British note writes a duration over: N/7 days, N/52 weeks, N/12 months."""
_SLASH_GROUPS = (("n", "per"), ("lead", "per_lead"), ("ago", "per_ago"))


def slash_durations(text: str) -> list[tuple[float, float, int, int]]:
    """``(days, number, start, end)`` of each duration ``text`` writes as days, weeks or months over 7, 52 or 12
    (:data:`_SLASH_DURATION`; round 78), the number under its period (no "9/7" days, no "60/52" weeks); on a plan's
    line that asks for something again, also a due time in short forms ("Repeat DXA 2 yrs.": round 110).

    >>> t = "PC: 3/7 hx. QDS x 1/52, review in 6/12; VA 6/12"
    >>> [(days, t[a:b]) for days, _, a, b in slash_durations(t)]
    [(3.0, '3/7'), (7.0, '1/52'), (182.625, '6/12')]
    """
    found = []
    for m in _SLASH_DURATION.finditer(text):
        raw, per = next((m.group(a), m.group(b)) for a, b in _SLASH_GROUPS if m.group(a))
        n = int(raw)
        if 0 < n < {"7": 8, "52": 53, "12": 25}[per]:  # "18/12": a child's age in months; "x7/7": a week
            found.append((n * SLASH_DAYS[per], float(n), m.start(), m.end()))
    read = {start for _, _, start, _ in found}
    for line in _PLAN_ITEM.finditer(text):  # "4. Repeat CT CAP + 5-HIAA 6/12;" (round 111)
        for m in _ITEM_END_SLASH.finditer(text, line.start(), line.end()):
            n = int(m.group("n"))
            # not "Review in clinic: VA 6/12."
            if 0 < n < 25 and m.start() not in read and not _ACUITY.search(text, max(0, m.start() - 24), m.start()):
                found.append((n * SLASH_DAYS[m.group("per")], float(n), m.start(), m.end()))
        for m in _ITEM_END_SHORT.finditer(text, line.start(), line.end()):  # "6. Repeat DXA 2 yrs." (round 110)
            found.append((int(m.group("n")) * PERIOD_DAYS[m.group("per").lower()], float(m.group("n")), *m.span()))
    return sorted(found, key=lambda f: f[2])


_PLAN_ITEM = re.compile(
    r"^[ \t]*(?:[-•*]|\d{1,2}[.)])?[ \t]*(?:[A-Za-z]+[ \t]+)?"
    r"(?:repeat|review|recheck|rpt|r/v|f/u|follow[- ]?up)\b[^\n]*",
    re.IGNORECASE | re.MULTILINE,
)
"""A plan's line that asks for something again ("4. Repeat CT CAP + 5-HIAA 6/12; echo annually"), a word before
the ask too ("6. Surgical F/U 18/12.": round 123)."""
_ITEM_END_SLASH = re.compile(r"(?<![\d/.])(?P<n>\d{1,2})/(?P<per>52|12)(?![\d/]|\.\d)(?=\s*(?:[;.,]|$))", re.MULTILINE)
"""Weeks or months over 52 or 12 that end an item of such a line: when it is due, not a visual acuity."""
_ITEM_END_SHORT = re.compile(r"(?<![\w/.])(?P<n>\d{1,2})\s?(?P<per>yr|mth)s?\b(?=\s*(?:[;.,]|$))", re.I | re.M)
"""Years, months or weeks in short forms ending such an item ("Repeat DXA 2 yrs."): when it is due, not an age."""
_ACUITY = re.compile(r"\b(?:VA|BCVA|acuity|vision|Snellen|RE|LE|OD|OS|R|L)\s*:?\s*$", re.IGNORECASE)


_MIXED = re.compile(
    r"(?<![\w.,])(?P<whole>\d+|"
    + "|".join(NUMBER_WORDS[1:13])
    + r")\s+and\s+a\s+half\s+(?P<unit>"
    + "|".join(u for u in UNITS if UNITS[u][0] in ("time", "mass", "volume"))
    + r")\b",
    re.IGNORECASE,
)


def mixed_numbers(text: str) -> list[tuple[str, float, int, int, float]]:
    """``(kind, value in the kind's base unit, start, end, number)`` of each mixed number of a unit in words: "two and a
    half years" is 2.5 years, "1 and a half hours" 1.5 hours (round 19: "from 4 days to one and a half days" stated a
    count of one, so the changed 2.5 days went unread; moved from :mod:`medhal.text.quantities` at its limit).

    >>> [(kind, value) for kind, value, *_ in mixed_numbers("over two and a half years, 1 and a half days")]
    [('time', 913.125), ('time', 1.5)]
    """
    out = []
    for m in _MIXED.finditer(text):
        whole = m.group("whole").lower()
        number = (NUMBER_VALUES[whole] if whole in NUMBER_VALUES else float(whole)) + 0.5
        kind, scale = UNITS[m.group("unit").lower()]
        out.append((kind, number * scale, m.start(), m.end(), number))
    return out


_AFTER_SLASH = re.compile(
    r"(?<=[A-Za-z]/)(?P<call>999|111|112|911)\b"
    r"|\b(?P<per>[A-Za-z]+)/\s?(?P<day>24)\s?(?:h|hrs?|hours)\b"
    r"|\b(?P<unit>mg|mcg|micrograms|g)/(?=(?P<dose>\d+(?:\.\d+)?)(?P<tail>\s?(?P=unit))\b)",
    re.IGNORECASE,
)


def slash_figures(text: str) -> list[tuple[str, float, int, int, float]]:
    """``(kind, value in the kind's base unit, start, end, number)`` of the figures a note writes right after a slash,
    which the general reading leaves to the figure before it: the number to call ("Return/999 if ...": round 89), a
    day written as "/24 h" ("max 6 doses/24 h" is six doses in 24 hours: round 110), and each dose of a list of one
    unit ("hydrocortisone 10 mg/5 mg/5 mg": round 109).

    >>> [(kind, t) for kind, _, a, b, _ in slash_figures("max 6 doses/24 h; HC 10 mg/5 mg/5 mg; Return/999")
    ...  for t in ["max 6 doses/24 h; HC 10 mg/5 mg/5 mg; Return/999"[a:b]]]
    [('time', '24 h'), ('mass', '5 mg'), ('mass', '5 mg'), ('count', '999')]
    """
    found = []
    for m in _AFTER_SLASH.finditer(text):
        if m.group("call"):
            found.append(("count", float(m.group("call")), m.start(), m.end(), float(m.group("call"))))
        elif m.group("day"):
            if m.group("per").lower() in UNITS:  # "10 mg/24h": a rate, read before
                continue
            start = m.start("day")
            found.append(("time", 1.0, start, m.end(), 24.0))
        else:
            kind, scale = UNITS[m.group("unit").lower()]
            number = float(m.group("dose"))
            found.append((kind, number * scale, m.start("dose"), m.end("tail"), number))
    return found
