"""What the question an answer answers gives (issue 14, rounds 54-55): a figure or a name the user states is the
user's, and an answer that repeats it ("so your 3-year-old falls within the approved age range", "which for a 14 kg
child comes to 98 mg per dose") or works from it ("from 30 to 32 units each evening" for "I take 30 units" and the
guide's "increase your dose by 2 units") neither changes nor invents it.  Without a question nothing changes.

A bare count is ambiguous ("I'm 58" is an age, not 58 units), so a count is the user's only with the same word after
it ("30 units" for "30 units") or the same name before it ("A WCC of 17" for "WCC 17, eGFR 25": round 58), and an age
in the answer ("her age of two") only for a bare number in the question ("My daughter is 2 and a half").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from medhal.text.quantities import Quantity, quantities

__all__ = ["Asked", "asked_figure", "asked_figures", "asked_name"]


@dataclass(frozen=True, slots=True)
class Asked:
    """A figure of the question, the word after it and the name before it ("" for none or a function word)."""

    figure: Quantity
    noun: str
    label: str = ""


@lru_cache(maxsize=64)
def asked_figures(question: str | None) -> tuple[Asked, ...]:
    """The figures of the question an answer answers (none without one).

    >>> [(a.figure.text, a.noun) for a in asked_figures("I'm 58 and take 30 units of glargine; my son is 3.")]
    [('58', ''), ('30 units', ''), ('3', '')]
    """
    if not question:
        return ()
    return tuple(Asked(q, _noun(question, q.end), _label(question, q.start)) for q in quantities(question))


def asked_figure(q: Quantity, unit: str, asked: Sequence[Asked], stated: Sequence[Quantity] = ()) -> bool:
    """Whether figure ``q`` of ``unit`` is one the question gives (:func:`asked_figures`): the same quantity of the
    same kind ("your 3-year-old" for "My 3-year-old"; a count with the same word after it), an age for a bare number
    ("her age of two" for "My daughter is 2"), or one of them moved by a step of its kind the evidence ``stated``
    ("from 30 to 32 units" for "I take 30 units" and "increase your dose by 2 units"), or a bare number for one the
    question gives with a unit ("your blood sugar of 5.6" for "5.6 mmol/L").

    >>> asked = asked_figures("I'm 58 and take 30 units every evening.")
    >>> step = quantities("increase your dose by 2 units")
    >>> [asked_figure(q, u, asked, step) for u in ("from 30 to 32 units", "about 58 units") for q in quantities(u)]
    [True, True, False]
    >>> [asked_figure(q, "At 58 you are eligible", asked) for q in quantities("At 58 you are eligible")]
    [True]
    """
    noun = _noun(unit, q.end) if q.kind == "count" else ""
    for a in asked:
        same = q.kind == a.figure.kind and (q.kind != "count" or noun == a.noun)
        if same and q.equals(a.figure):
            return True
        labelled = q.kind == a.figure.kind == "count" and bool(a.label) and q.number == a.figure.number
        if labelled and _label(unit, q.start) == a.label:  # "The eGFR of 25" for "eGFR 25" (round 58)
            return True
        if q.kind == "time" and a.figure.kind == "count" and not a.noun and q.number == a.figure.number:
            return True
        if q.kind == "count" and not noun and q.number == a.figure.number and a.figure.kind != "count":
            return True  # "using your blood sugar of 5.6" for "My blood sugar ... was 5.6 mmol/L" (round 56)
        if (
            same
            and q.kind != "percent"
            and any(
                e.kind == q.kind and not e.approximate and abs(abs(q.value - a.figure.value) - e.value) < 1e-9
                for e in stated
            )
        ):
            return True
    return False


def asked_name(name: str, question: str | None) -> bool:
    """Whether the question gives ``name`` ("We live in Norway")."""
    return bool(question) and name.lower() in _question_words(question or "")


@lru_cache(maxsize=64)
def _question_words(question: str) -> frozenset[str]:
    """The question's words, lower-cased, read once however many units ask."""
    return frozenset(w.lower() for w in re.findall(r"[\w'’-]+", question))


_RANGE_TAIL = re.compile(r"(?:\s*(?:to|and|or|-|–)\s*\d+(?:\.\d+)?)*\s*([A-Za-z]+)?")
_FUNCTION_WORDS = (
    "and or a an the is are was were am with but so to of in on at for i you he she it we they your his her its their"
    " this that which who will would can could should may might must"
)
_FUNCTION = frozenset(_FUNCTION_WORDS.split())
"""Words after a figure that name nothing it counts ("At 71 you are", "I'm 58 and")."""


def _label(text: str, start: int) -> str:
    """The name right before a figure starting at ``start``, past "of", "was", "is", "at" or a sign ("WCC 17",
    "a WCC of 17", "eGFR: 25"); "" for none or a function word."""
    m = _LABEL.search(text, 0, max(start, 0))
    word = (m.group(1) or "").lower() if m else ""
    return "" if word in _FUNCTION else word


_LABEL = re.compile(r"([A-Za-z][\w-]*)\s*(?:(?:of|was|is|at|=|:)\s*)?$")


def _noun(text: str, end: int) -> str:
    """The word after a figure ending at ``end``, past the rest of a range ("30 to 32 units": ``units``); "" for none
    or a function word."""
    m = _RANGE_TAIL.match(text, end)
    word = (m.group(1) or "").lower() if m else ""
    return "" if word in _FUNCTION else word
