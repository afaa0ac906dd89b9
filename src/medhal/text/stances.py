"""A stance given to the wrong person (issue 14; seed 003 Appendix B): "Mayor Ortiz opposed the expansion" where the
evidence has "Mayor Lena Ortiz said the expansion would cut average commute times" and another person, "Council
member David Hsu", who "voted against the proposal".

A small encoder reads the unit against the mayor's sentence as entailed (they share the mayor and the expansion), so
the default check called the seed's own contradiction `supported`.  The deterministic reading, kept narrow:

* the unit gives a named person (capitalised words before the verb) a stance *against* something ("opposed",
  "voted against", "rejected", "criticised", "objected to");
* no evidence sentence that names that person gives them a stance against anything;
* an evidence sentence that names them has them speak *for* it: a stance for it ("supported", "welcomed",
  "praised", "backed", "endorsed", "voted for") or a benefit they said it would bring ("said the expansion would cut
  commute times").

That sentence contradicts the unit.  Only ever a contradiction where the evidence states the person's other stance;
a person the evidence gives no stance leaves the unit to the other rules (at most `unsupported`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["stance_conflict"]

_AGAINST = re.compile(
    r"\b(?:opposed|opposes|oppose|voted\s+against|rejected|rejects|critici[sz]ed|critici[sz]es|objected\s+to|"
    r"argued\s+against|spoke\s+against)\b",
    re.IGNORECASE,
)
_FOR = re.compile(
    r"\b(?:supported|supports|welcomed|welcomes|praised|praises|backed|backs|endorsed|endorses|voted\s+for|"
    r"(?:said|says|stated|argued|predicted)\s+(?:that\s+)?[^.;]{0,60}?\bwould\s+(?:cut|reduce|improve|help|boost|"
    r"benefit|save|increase\s+access|shorten|ease))\b",
    re.IGNORECASE,
)
_NAME = re.compile(r"\b[A-Z][a-z]{2,}(?:-[A-Z][a-z]+)?\b")
_NOT_NAME_WORDS = (
    "Mayor Council Member Dr Doctor Professor Minister Senator President Chief Director The This That These Those It "
    "He She They His Her Their But And However Also Both Neither"
)
_NOT_NAMES = frozenset(_NOT_NAME_WORDS.split())
"""Capitalised words that name no one: titles, and the words a sentence opens with."""


def _names(text: str) -> frozenset[str]:
    """The capitalised words of ``text`` that may name a person ("Mayor Ortiz" -> {"Ortiz"})."""
    return frozenset(_NAME.findall(text)) - _NOT_NAMES


def stance_conflict(unit: str, sentences: Sequence[str]) -> int | None:
    """The evidence sentence in which the person ``unit`` says was against something speaks for it, when no sentence
    has that person against anything (module docstring); ``None`` otherwise.

    >>> evidence = ["Mayor Lena Ortiz said the expansion would cut average commute times by fifteen minutes.",
    ...             "Council member David Hsu voted against the proposal."]
    >>> stance_conflict("Mayor Ortiz opposed the expansion.", evidence)
    0
    >>> print(stance_conflict("Council member Hsu opposed the expansion.", evidence))
    None
    >>> print(stance_conflict("Mayor Ortiz opposed the budget.", ["Mayor Lena Ortiz was elected in 2019."]))
    None
    """
    against = _AGAINST.search(unit)
    if against is None:
        return None
    person = _names(unit[: against.start()])
    if not person:
        return None
    naming = [i for i, s in enumerate(sentences) if person & frozenset(_NAME.findall(s))]
    if any(_AGAINST.search(sentences[i]) for i in naming):
        return None
    return next((i for i in naming if _FOR.search(sentences[i])), None)
