"""A word an answer says plainly whose "un-" or "non-" form its evidence says instead (issue 14): "complicated
appendicitis" against "uncomplicated appendicitis", "clearly inferior to appendectomy" against "noninferior to
appendectomy".  Split from :mod:`medhal.text.negation` at its 500-line limit (round 54); read by the denied-assertion
cue (:func:`medhal.detect.cues.negation_cue`).
"""

from __future__ import annotations

import re

from medhal.text.synonyms import canonical_stems

__all__ = ["prefix_antonym"]

_WORD = re.compile(r"[A-Za-z][A-Za-z-]*")
_PREFIXED = r"(?:un|non-?)"
_COMPARED = frozenset({"inferior"})
"""Words followed by what is compared, which answers write in their own words ("inferior to a two-week course"
against "non-inferior to 14 days"): their prefixed form denies them whatever follows."""
_NEGATED_BEFORE = re.compile(r"\b(?:not|no|never|without)\s+(?:\w+\s+)?$", re.IGNORECASE)
_THAN = re.compile(r"\s+than\s+", re.IGNORECASE)


def prefix_antonym(unit: str, sentence: str) -> str | None:
    """The word ``unit`` says plainly whose "un-" or "non-" form ``sentence`` says before the same next content word,
    never saying the word itself: "complicated appendicitis" against "uncomplicated appendicitis", "clearly inferior
    to appendectomy" against "noninferior to appendectomy".  ``None`` otherwise, and for a word the unit negates
    itself ("not inferior" says "noninferior").  A small encoder reads the two as near-identical: they share every
    other word.

    >>> prefix_antonym("In adults with complicated appendicitis,", "Adults with uncomplicated appendicitis took part.")
    'complicated'
    >>> prefix_antonym("Antibiotics were clearly inferior to surgery.", "Antibiotics were non-inferior to surgery.")
    'inferior'
    >>> print(prefix_antonym("Antibiotics were not inferior to surgery.", "They were noninferior to surgery."))
    None
    >>> prefix_antonym("One week was inferior to a two-week course.", "Seven days was non-inferior to 14 days.")
    'inferior'
    >>> prefix_antonym("so 7 days was worse than 14 days.", "Seven days was non-inferior to 14 days.")
    'worse'
    >>> print(prefix_antonym("Smokers fared worse than non-smokers.", "Seven days was non-inferior to 14 days."))
    None
    >>> print(prefix_antonym("a controlled trial", "patients with uncontrolled hypertension"))
    None
    >>> print(prefix_antonym("with the coated balloon", "a drug-coated balloon or an uncoated balloon"))
    None
    """
    for m in _WORD.finditer(unit):
        word = m.group()
        lower = word.lower()
        if len(lower) < 5 or re.match(_PREFIXED, lower) or _NEGATED_BEFORE.search(unit, 0, m.start()):
            continue
        if re.search(r"(?<!\w)(?<!un-)(?<!non-)(?<!in-)" + _plain_forms(lower) + r"\b", sentence, re.IGNORECASE):
            continue  # the sentence says the word itself ("drug-coated" too), or names its state ("pregnancy")
        after = _next_content(unit[m.end() :])
        if lower == "worse" and (than := _THAN.match(unit, m.end())) is not None:  # "worse than 14 days" (round 44)
            lower, after = "inferior", _next_content(unit[than.end() :])
            if after is None or re.search(r"(?<!\w)(?<!-)inferior\b", sentence, re.IGNORECASE):
                continue
            worse = re.search(r"\b" + _PREFIXED + r"inferior\s+to\b", sentence, re.IGNORECASE)
            if worse is not None and _next_content(sentence[worse.end() :]) == after:
                return word
            continue
        for found in re.finditer(r"\b" + _PREFIXED + re.escape(lower) + r"\b", sentence, re.IGNORECASE):
            if lower in _COMPARED or (after and _next_content(sentence[found.end() :]) == after):
                return word
    return None


def _plain_forms(word: str) -> str:
    """A pattern of ``word`` and the noun of the state it names: "pregnant" / "pregnancy", "resistant" /
    "resistance", "dependent" / "dependence" (round 19: "men and pregnant women need 7 days" against "non-pregnant
    women: 3 days" and "pregnancy: 7 days" was read as denied).  Not "complicated" / "complications": events, not
    the state."""
    if word.endswith(("ant", "ent")):
        return re.escape(word[:-1]) + r"(?:t|ce|cy)"
    return re.escape(word)


def _next_content(text: str) -> str | None:
    """The stem of the first content word of ``text`` (function words, "to", "of" and punctuation skipped)."""
    for w in _WORD.findall(text)[:4]:
        stems = canonical_stems(w)
        if stems:
            return next(iter(stems))
    return None
