"""Abbreviations an evidence text defines ("faecal immunochemical test (FIT)"), so that alignment reads "FIT
detected 48 of the 65 cancers" as being about the faecal immunochemical test an answer names in full, and the
other way round (issue 14).

Trial abstracts define an abbreviation once and then use it alone; lay answers spell it out, and clinical answers
often do the opposite.  Alignment compares content stems (:func:`medhal.text.synonyms.alignment_tokens`), so
without the definition "FIT" and "faecal immunochemical test" share nothing, and the sentence that states the
figure an answer changed ("about nine in ten colorectal cancers" against "sensitivity 73.8%") is never aligned with
it: the changed-number cue, which reads only aligned sentences, stays silent.

The definitions are found the way Schwartz and Hearst (2003, "A simple algorithm for identifying abbreviation
definitions in biomedical text") describe: a short form in brackets after its long form, two to ten characters, one
or two words, starting with a letter or digit and holding a letter; the long form is the shortest run of the
preceding words (at most ``min(len + 5, 2 * len)`` of them, ``len`` the short form's characters) in which every
character of the short form is found, right to left and in order, its first character starting a word.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from medhal.text.synonyms import canonical_text

__all__ = ["abbreviated", "defined_abbreviations", "spelled_out", "used_abbreviations"]

_DEFINITION = re.compile(r"\(\s*(?P<short>[A-Za-z0-9][\w\-/.]{1,9}(?:\s[\w\-/.]+)?)\s*[,;)]")
"""A bracketed candidate short form: "(FIT)", "(eGFR)", "(ICU;" ."""

_WORD = re.compile(r"[\w'-]+")


def _long_form(short: str, before: str) -> str | None:
    """The long form ``short`` abbreviates, read from the text ``before`` its bracket (module docstring)."""
    letters = [c.lower() for c in short if c.isalnum()]
    words = _WORD.findall(before)
    if not letters or not any(c.isalpha() for c in letters):
        return None
    window = words[-min(len(letters) + 5, 2 * len(letters)) :]
    text = " ".join(window).lower()
    s, t = len(letters) - 1, len(text) - 1
    while s >= 0:
        c = letters[s]
        # the short form's first character must start a word of the long form; the others may sit anywhere
        while t >= 0 and (text[t] != c or (s == 0 and t > 0 and text[t - 1].isalnum())):
            t -= 1
        if t < 0:
            return None
        s, t = s - 1, t - 1
    start = text.rfind(" ", 0, t + 1) + 1
    long_form = " ".join(window)[start:]
    if len(long_form) <= len(short) or short.lower() in long_form.lower().split():
        return None
    return long_form


def defined_abbreviations(text: str) -> dict[str, str]:
    """The abbreviations ``text`` defines, short form -> long form (the first definition of each).

    >>> defined_abbreviations("A faecal immunochemical test (FIT) was given; FIT detected 48 cancers.")
    {'FIT': 'faecal immunochemical test'}
    >>> defined_abbreviations("Estimated glomerular filtration rate (eGFR) fell in the intensive care unit (ICU).")
    {'eGFR': 'Estimated glomerular filtration rate', 'ICU': 'intensive care unit'}
    >>> defined_abbreviations("Mortality was 12% (95% CI 10 to 14) in the first group (n = 40).")
    {}
    """
    found: dict[str, str] = {}
    for m in _DEFINITION.finditer(text):
        short = m.group("short").strip()
        if short in found or not any(c.isupper() for c in short):
            continue
        # at most twenty words precede a long form: a bounded stretch (from a word's start) keeps this linear
        start = max(0, m.start() - 400)
        before = text[start : m.start()]
        long_form = _long_form(short, before if start == 0 else before[before.find(" ") + 1 :])
        if long_form is not None:
            found[short] = long_form
    return found


def used_abbreviations(text: str, abbreviations: Mapping[str, str]) -> list[str]:
    """The long forms of the ``abbreviations`` ``text`` uses as words of their own.

    >>> used_abbreviations("FIT detected 48 of the 65 cancers.", {"FIT": "faecal immunochemical test"})
    ['faecal immunochemical test']
    >>> used_abbreviations("They were fit to go home.", {"FIT": "faecal immunochemical test"})
    []
    """
    return [long_form for short, long_form in abbreviations.items() if _standing(short).search(text)]


@lru_cache(maxsize=1024)
def _standing(short: str) -> re.Pattern[str]:
    """``short`` as a word of its own (not "FIT-based", not "fit")."""
    return re.compile(r"(?<![\w-])" + re.escape(short) + r"(?![\w-])")


@lru_cache(maxsize=1024)
def _spelled(long_form: str) -> re.Pattern[str]:
    """``long_form`` spelled out, its words joined by spaces or hyphens, read as :func:`canonical_text` writes it."""
    words = re.findall(r"[\w']+", canonical_text(long_form))
    return re.compile(r"(?<![\w-])" + r"[\s-]+".join(map(re.escape, words)) + r"(?![\w-])", re.IGNORECASE)


def abbreviated(text: str, abbreviations: Mapping[str, str]) -> tuple[str, frozenset[str]]:
    """``text`` (read through :func:`medhal.text.synonyms.canonical_text`) with each long form of the
    ``abbreviations`` it spells out taken out, and one mark (``"@FIT"``) for each abbreviation it uses or spells out:
    alignment then counts "faecal immunochemical test" and "FIT" as the one thing they name, once.

    >>> abbreviated("A faecal immunochemical test detected cancers.", {"FIT": "faecal immunochemical test"})
    ('A   detected cancers.', frozenset({'@FIT'}))
    >>> abbreviated("FIT detected cancers.", {"FIT": "faecal immunochemical test"})
    ('FIT detected cancers.', frozenset({'@FIT'}))
    """
    text = canonical_text(text)
    marks = set()
    for short, long_form in abbreviations.items():
        stripped = _spelled(long_form).sub(" ", text)
        if stripped != text or _standing(short).search(text):
            marks.add(f"@{short}")
            text = stripped
    return text, frozenset(marks)


def spelled_out(text: str, abbreviations: Mapping[str, str]) -> str:
    """``text`` with each of the ``abbreviations`` it uses as a word of its own written as its long form: what a
    reader of the sentence reads ("Cranial nerve injury occurred in 3.8% of CEA patients" is about carotid
    endarterectomy patients, and an answer about "endarterectomy patients" says the same; round 32).

    >>> spelled_out("Injury occurred in 3.8% of CEA patients.", {"CEA": "carotid endarterectomy"})
    'Injury occurred in 3.8% of carotid endarterectomy patients.'
    """
    for short, long_form in abbreviations.items():
        text = _standing(short).sub(long_form, text)
    return text
