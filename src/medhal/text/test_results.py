"""A test's result given the other way round (issue 14, round 58): "The direct antiglobulin test was positive" against a
case report's "Direct antiglobulin test negative." A flipped result is as wrong as a flipped finding, and a small
encoder, reading one word changed among the many a laboratory sentence holds, supports it or leaves it unsupported.

:func:`reversed_result` reads a unit that gives one named test a result, "<test> was / were / is / came back / returned
positive | negative", "tested positive | negative for <test>" or "tested <test> positive | negative" ("tested HIV
positive on 10 April": round 59), and an evidence sentence that gives the same test the other result (in full, short or
signed: "RF neg", "IgM POS", "HIV -ve"; round 122): a stretch of the sentence, from its last ``.``, ``;``, ``:`` or
``(`` before the result word, that holds every content stem of the unit's test (read through synonyms), followed by the
other result, at most a verb, a colon or a dash between ("Direct antiglobulin test negative", "HIV, hepatitis serology
and pregnancy test negative", "blood cultures were negative").  It fires only where the evidence gives that test the
unit's own result nowhere (a guideline's "GDH positive/toxin negative indicates possible carriage" gives both), and
never for a negated, hedged or conditional unit ("if the culture is positive", "may be negative"), which asserts no
result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from medhal.text.lexical import has_negation
from medhal.text.synonyms import canonical_stems

__all__ = ["reversed_result"]

_UNIT_RESULT = re.compile(
    r"(?P<test>[A-Za-z][\w'/-]*(?:\s+[\w'/-]+){0,5}?)\s+(?:(?:was|were|is|are|came\s+back|returned|proved)\s+)"
    r"(?:(?:also|again|still|clearly|strongly|weakly|both)\s+)?(?P<result>positive|negative)\b"
    r"|\btested\s+(?P<result2>positive|negative)\s+(?:for|on)\s+(?P<test2>[\w'/-]+(?:\s+[\w'/-]+){0,4})"
    r"|\btested\s+(?P<test3>[\w'/-]+(?:\s+[\w'/-]+)?)\s+(?P<result3>positive|negative)\b",
    re.IGNORECASE,
)
_EVIDENCE_RESULT = re.compile(r"\b(?P<result>positive|negative|pos|neg)\b(?!-)|(?<=\s)(?P<sign>[+-])ve\b", re.I)
"""A result as a letter writes it: in full, short ("RF neg", "IgM POS": round 122) or signed ("+ve", "-ve")."""
_OPENING = re.compile(r".*[.;:(\n]", re.DOTALL)
_GAP = re.compile(r"(?:\s*(?:was|were|is|are|:|-|–|=|returned|came\s+back))*\s*$", re.IGNORECASE)
_CONDITIONAL = re.compile(
    r"\b(?:if|unless|when|whether|should|may|might|could|would|possibly|probably|suggest\w*|likely)\b", re.IGNORECASE
)
_BRACKETED = re.compile(r"\s*\(([^()]{1,30})\)\s*$")
"""A bracket closing the name of a test, its short name or what it was done on: read as words of the name."""
_FRAME = canonical_stems("the a an her his their its your result results level levels test tests")
_LAY_TEST_FRAME = re.compile(r"\bblood\s+tests?\s+for\b|\bdisease\b", re.IGNORECASE)
"""A lay test's frame: "A blood test for Lyme disease came back positive" gives the result of "Lyme serology"
(round 222)."""


def reversed_result(unit: str, sentences: Sequence[str]) -> int | None:
    """The index of the first evidence sentence that gives the test ``unit`` names the other result (module
    docstring), or ``None``.

    >>> report = ["Blood film: 4+ schistocytes.", "Direct antiglobulin test negative. Coagulation screen normal."]
    >>> reversed_result("The direct antiglobulin test was positive", report)
    1
    >>> print(reversed_result("The direct antiglobulin test was negative", report))
    None
    >>> reversed_result("Her partner tested HIV positive on 10 April", ["Her partner tested HIV negative on 10 April."])
    0
    >>> reversed_result("and direct antiglobulin test were positive", ["- Direct antiglobulin test (DAT): negative."])
    0
    >>> print(reversed_result("If the direct antiglobulin test is positive, repeat it.", report))
    None
    >>> reversed_result("Your ANA test was positive.", ["RF neg. ANA neg. Hand XR: no erosions."])
    0
    >>> guide = ["GDH positive/toxin negative indicates possible carriage.", "Toxin positive confirms CDI."]
    >>> print(reversed_result("The toxin test was negative.", guide))
    None
    """
    claim = _claim(unit)
    if claim is None:
        return None
    stems, result = claim
    other: int | None = None
    for i, sentence in enumerate(sentences):
        for given in _results(sentence):
            if stems <= given[0]:
                if given[1] == result:
                    return None
                other = i if other is None else other
    return other


def _claim(unit: str) -> tuple[frozenset[str], str] | None:
    """The content stems of the test ``unit`` gives a result and the result, or ``None`` (no such result, or a
    negated, hedged or conditional unit)."""
    m = _UNIT_RESULT.search(unit)
    if m is None or has_negation(unit) or _CONDITIONAL.search(unit):
        return None
    test, result = next((m.group(f"test{k}"), m.group(f"result{k}")) for k in ("", "2", "3") if m.group(f"result{k}"))
    stems = _stems(_LAY_TEST_FRAME.sub(" ", test)) - _FRAME
    return (stems, result.lower()) if stems else None


def _stems(text: str) -> frozenset[str]:
    """The content stems of ``text`` read through synonyms, and its acronyms ("HIV", "GDH"), which the stems leave
    out."""
    return canonical_stems(text) | {a.lower() for a in _ACRONYM.findall(text)}


_ACRONYM = re.compile(r"\b[A-Z][A-Z0-9]+\b")


@lru_cache(maxsize=1024)
def _results(sentence: str) -> tuple[tuple[frozenset[str], str], ...]:
    """Each result an evidence sentence gives, with the content stems of the stretch before it (module docstring);
    read once however many units ask."""
    out: list[tuple[frozenset[str], str]] = []
    for m in _EVIDENCE_RESULT.finditer(sentence):
        head = sentence[: m.start()]
        gap = _GAP.search(head)
        words = head[: gap.start()] if gap else head
        words = _BRACKETED.sub(r" \1", words)  # "Direct antiglobulin test (DAT): negative" (round 60)
        if not words or (not words[-1:].isalnum() and words[-1:] not in ")'"):
            continue
        opening = _OPENING.match(words)
        stretch = words[opening.end() :] if opening else words
        if len(stretch.split()) > 12 or _CONDITIONAL.search(stretch):
            continue
        word = (m.group("result") or m.group("sign")).lower()
        out.append((_stems(stretch), "positive" if word in ("positive", "pos", "+") else "negative"))
    return tuple(out)
