"""Numbers written in words with "hundred" or "thousand": "one hundred and eighty divers", "two hundred and
seventy-four cases", "three hundred patients", "one thousand two hundred and five" (round 161), "thirteen hundred
reports" (round 191).

:func:`medhal.text.quantities.quantities` reads single number words ("eighty", "seventy-four") and a digit or a word
before "thousand" or "million" ("1.46 million", "one thousand"); an answer that spells a trial's size out in words
("In this trial of one hundred and eighty divers") was read as "one" and "eighty", and "eighty" was then a changed
number against the evidence's 180.  :func:`spelled_compounds` gives each such number whole, with its value and
span, for the quantity reader to put in place of the words it read one by one.
"""

from __future__ import annotations

import re

from medhal.text._unit_words import NUMBER_VALUES

__all__ = ["spelled_compounds"]

_BELOW_HUNDRED = {w: v for w, v in NUMBER_VALUES.items() if 1 <= v <= 99}
_SMALL = r"(?:" + "|".join(sorted(map(re.escape, _BELOW_HUNDRED), key=len, reverse=True)) + r")"
_HUNDREDS = rf"(?:(?:{_SMALL}|a|an)\s+hundred(?:\s+and\s+{_SMALL}\b)?)"
_COMPOUND = re.compile(
    rf"\b(?:(?:{_HUNDREDS}|{_SMALL}|a|an)\s+thousand(?:,?\s+{_HUNDREDS}|\s+(?:and\s+)?{_SMALL}\b(?!\s+thousand))?"
    rf"|{_HUNDREDS})",
    re.IGNORECASE,
)
"""A number in words that "hundred" or "thousand" builds, and what it is built with."""
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)?", re.IGNORECASE)
_BUILDER = re.compile(r"hundred|thousand", re.IGNORECASE)


def spelled_compounds(text: str) -> list[tuple[float, int, int]]:
    """Each number of ``text`` written in words with "hundred" (or "thousand" with more words than one before or
    after it: "one thousand" alone is read as it always was): its value, start and end.

    >>> spelled_compounds("a trial of one hundred and eighty divers")
    [(180.0, 11, 33)]
    >>> spelled_compounds("two hundred and seventy-four cases; three hundred patients; three in a hundred")
    [(274.0, 0, 28), (300.0, 36, 49)]
    >>> spelled_compounds("one thousand two hundred and five; twelve thousand, and one thousand")
    [(1205.0, 0, 33), (12000.0, 35, 50)]
    >>> spelled_compounds("two hundred and fifty-nine thousand")
    [(259000.0, 0, 35)]
    >>> spelled_compounds("about thirteen hundred reports, twenty-five hundred steps")  # round 191
    [(1300.0, 6, 22), (2500.0, 32, 51)]
    """
    found: list[tuple[float, int, int]] = []
    if _BUILDER.search(text) is None:  # most texts: no word to build with, the long pattern is not run
        return found
    for m in _COMPOUND.finditer(text):
        words = [w.lower() for w in _WORD.findall(m.group())]
        if len(words) == 2 and words[0] in ("one", "a", "an") and (words[1] == "thousand" or words[0] != "one"):
            continue  # "one thousand", "a thousand": the multiplier reader's; "three in a hundred": a proportion's base
        found.append((_value(words), m.start(), m.end()))
    return found


def _value(words: list[str]) -> float:
    """The value of a compound's words ("two hundred and seventy-four thousand" is 274,000)."""
    total, current = 0.0, 0.0
    for word in words:
        if word == "hundred":
            current = max(current, 1.0) * 100
        elif word == "thousand":
            total, current = (total + max(current, 1.0)) * 1000, 0.0
        elif word in _BELOW_HUNDRED:
            current += _BELOW_HUNDRED[word]
    return total + current
