"""A comparison its own bracketed figures deny (issue 14, round 44): "the early group ... had more cases of pneumonia
(5.5% vs 10.3%)" against "Pneumonia occurred in 17 patients (5.5%) versus 32 (10.3%)".

An answer that restates a comparison writes the figures of the group it speaks of first, as the evidence does; a
wrong word of direction ("more" for "fewer") then leaves the figures standing against the words.  A small encoder
reads the figures, finds them in the evidence and entails the clause; the comparison cue cannot read it when the
group was named in the clause before ("However, the early group were able to walk sooner ... | and had more cases
of pneumonia (5.5% vs 10.3%)").

:func:`bracket_conflict` fires, narrowly, when

* a comparative of the unit ("more", "fewer", "higher", "lower", "greater", "less", "longer", "shorter", ...) is
  followed within a few words, with no "than", no group named after "with" / "in" / "on" / "among" and no other
  comparative between, by a bracket opening with two figures of one kind joined by "vs" / "versus" ("(5.5% vs
  10.3%)", "(median 5 vs 8 days)");
* the words before the comparative name no comparison group ("placebo", "control", "usual care": the group of the
  second figure may be the one spoken of);
* an evidence sentence states both figures, the first before the second (so the figures are the evidence's and in
  its order);
* and the comparative goes up while the first figure is the smaller, or down while it is the larger.

The figures may follow a comma instead of a bracket (", at about 29% compared with 43%", ", about 6% versus 21%";
rounds 161, 167).  A comparison that names its group between the comparative and the figures ("were more common with
adrenaline, at about 29% compared with 43%") fires only where a part of an evidence sentence gives the two figures to
two groups (:func:`medhal.text.comparisons.group_figures`), one of them the named one, and that group's figure goes
against the comparative: which figure the unit writes first is then no guide.  "More common with A (about 3%) than
with B (about 5%)" pairs each group with its own figure (round 162).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.comparisons import named_groups, unit_comparison
from medhal.text.derived import rounds
from medhal.text.figures import same_figure
from medhal.text.findings import finding_parts
from medhal.text.group_figures import group_figures
from medhal.text.lexical import has_negation
from medhal.text.quantities import Quantity, quantities

__all__ = ["bracket_agrees", "bracket_conflict", "bracket_turned"]

_UP = frozenset({"more", "higher", "greater", "larger", "longer", "bigger"})
_DOWN = frozenset({"fewer", "less", "lower", "smaller", "shorter"})
_COMPARATIVE = re.compile(
    r"(?<!\bor\s)(?<!\band\s)\b(" + "|".join(sorted(_UP | _DOWN)) + r")\b"
    r"(?![-\s]+(?:doses?|dosages?|regimens?|courses?)\b)(?!-\w)",
    re.IGNORECASE,
)
"""A comparative, not a bound ("a litre or more") nor a group's name ("the conventional higher dose", "the
lower-oxygen group": round 170)."""
_ABOUT = r"(?:(?:median|mean|about|around|roughly|approximately|nearly|almost)\s+)?"
_BRACKET = re.compile(
    r"(?:\(|,\s+(?:at\s+)?)\s*"
    + _ABOUT
    + r"(?P<a>\d[\d.,]*\s*%?)\s*(?:vs\.?|versus|compared\s+(?:with|to))\s+"
    + _ABOUT
    + r"(?P<b>\d[\d.,]*\s*%?(?:\s*[a-z]+)?)",
    re.IGNORECASE,
)
_BETWEEN_STOP = re.compile(
    r"\bthan\b|\b(?:with|in|on|among|for|after|by|from)\s+(?!the\s+(?:first|second)\b)(?!gestational\b)\w+|[;:]|\b(?:"
    + "|".join(sorted(_UP | _DOWN))
    + r")\b",
    re.IGNORECASE,
)
"""What must not stand between the comparative and the bracket: "than", a group ("more common with placebo (...)"),
a clause break or another comparative; "small for gestational age" is one term (round 148)."""
_RIVAL_BEFORE = re.compile(
    r"\b(?:placebo|control|controls|usual\s+care|standard\s+care|comparator|sham|comparison\s+group)\b", re.IGNORECASE
)
_NUMBER = re.compile(r"\d[\d.,]*")
_MAX_GAP = 60
"""Characters between the comparative and its bracket at most ("had more cases of pneumonia (")."""


def bracket_conflict(unit: str, sentences: Sequence[str]) -> int | None:
    """The first of ``sentences`` stating, in the unit's order, the two bracketed figures that deny the unit's
    comparative (module docstring); ``None`` when none does.

    >>> results = ["Pneumonia occurred in 17 patients (5.5%) versus 32 (10.3%) (p=0.03)."]
    >>> bracket_conflict("and had more cases of pneumonia (5.5% vs 10.3%).", results)
    0
    >>> print(bracket_conflict("and had fewer cases of pneumonia (5.5% vs 10.3%).", results))
    None
    >>> print(bracket_conflict("Pneumonia was more common with usual care (5.5% vs 10.3%).", results))
    None
    >>> print(bracket_conflict("Placebo patients had more pneumonia (5.5% vs 10.3%).", results))
    None
    >>> print(bracket_conflict("pneumonia or more (5.5% vs 10.3%), as often as the higher dose (5.5% vs 10.3%)",
    ...                        results))
    None
    >>> bracket_conflict("a longer time to walk (median 5 vs 8 days)", ["Median time to walk was 5 versus 8 days."])
    0
    >>> bracket_conflict("Babies were less often small for gestational age (16.3% vs 11.5%).", ["SGA birth was more "
    ...                  "frequent with labetalol (16.3% vs 11.5%)."])
    0
    >>> subgroups = ["The increase was larger when started within 21 days (MD 118 mL/day) than later (MD 52 mL/day)."]
    >>> bracket_conflict("The gain was smaller when begun early (about 118 mL/day) than later (about 52 mL/day).",
    ...                  subgroups)
    0
    >>> print(bracket_conflict("The gain was larger when begun early (about 118 mL/day) than later (about 52 mL/day).",
    ...                        subgroups))
    None
    """
    claim = None
    for up, first, second, named in _bracketed(unit, named=True):
        if first.value == second.value:
            continue
        if named:  # "were more common with adrenaline, at about 29% compared with 43%" (round 161)
            claim = claim or unit_comparison(unit)
            found = None if claim is None else _given_to(claim.group, first, second, sentences)
            if found is not None and (found[1] > found[2]) != up:
                return found[0]
            continue
        if (first.value < second.value) != up:
            continue
        for i, sentence in enumerate(sentences):
            if _in_order(first, second, quantities(sentence)):
                return i
    return None


def _given_to(
    group: str, first: Quantity, second: Quantity, sentences: Sequence[str]
) -> tuple[int, float, float] | None:
    """The first of ``sentences`` one of whose parts gives the two figures to two groups, one of them the one
    ``group`` names: its index, that group's figure and the other's; ``None`` when none does."""
    for i, sentence in enumerate(sentences):
        for part in finding_parts(sentence):
            figures = group_figures(part)
            a = [f for f in figures if _restates(first, f.value)]
            b = [f for f in figures if _restates(second, f.value)]
            if len(a) != 1 or len(b) != 1 or a[0].group.lower() == b[0].group.lower():
                continue
            own = named_groups(group, [a[0].group, b[0].group])
            if own == [0]:
                return i, a[0].value, b[0].value
            if own == [1]:
                return i, b[0].value, a[0].value
    return None


def _restates(q: Quantity, value: float) -> bool:
    """Whether ``q`` states the percentage ``value``, exactly or rounded ("about 29%" for 29.0%, "3%" for 3.4%: a
    whole percentage rounds any share within half a point of it, however small)."""
    return q.kind == "percent" and (
        q.value == value or rounds(q, value) or (q.value.is_integer() and abs(q.value - value) <= 0.5)
    )


def bracket_agrees(unit: str, sentence: str) -> bool:
    """Whether ``unit``'s comparative is borne out by its own bracketed figures, which ``sentence`` states in the
    unit's order: "was also less frequent, at 20% versus 33%" against "occurred in 20% versus 33%" (round 159), where
    the encoder read the comparative against the bare figures as a contradiction (P(C) 0.81).

    >>> bracket_agrees("Weight loss was less frequent, at 20% versus 33%.", "Weight loss occurred in 20% versus 33%.")
    True
    >>> bracket_agrees("Weight loss was more frequent, at 20% versus 33%.", "Weight loss occurred in 20% versus 33%.")
    False
    """
    stated = quantities(sentence)
    return any(
        first.value != second.value and (first.value < second.value) != up and _in_order(first, second, stated)
        for up, first, second, _ in _bracketed(unit)
    )


def bracket_turned(unit: str, sentences: Sequence[str]) -> int | None:
    """The first of ``sentences`` giving the unit's two bracketed figures, in the unit's order, after a comparative
    of the other way, each naming its group or neither: "Local reactions were less common with intradermal injection
    (34.8% vs 21.5%)" against "Local reactions were more common with ID administration (34.8% vs 21.5%; p<0.001)"
    (round 160), where the group's name differs and the encoder entailed the clause; ``None`` when none does.

    >>> said = ["Local reactions were more common with ID administration (34.8% vs 21.5%; p<0.001)."]
    >>> bracket_turned("Local reactions were less common with intradermal injection (34.8% vs 21.5%).", said)
    0
    >>> print(bracket_turned("Local reactions were more common with intradermal injection (34.8% vs 21.5%).", said))
    None
    >>> print(bracket_turned("Reactions were less common (34.8% vs 21.5%).", said))
    None
    """
    mine = [] if has_negation(unit) else _bracketed(unit, named=True)
    if not mine:
        return None
    for i, sentence in enumerate(sentences):
        theirs = [] if has_negation(sentence) else _bracketed(sentence, named=True)
        for up, first, second, group in theirs:
            if any(u != up and g == group and same_figure(a, first) and same_figure(b, second) for u, a, b, g in mine):
                return i
    return None


def _bracketed(text: str, *, named: bool = False) -> list[tuple[bool, Quantity, Quantity, bool]]:
    """Each comparative of ``text`` with the two figures of the bracket after it (module docstring): whether it goes
    up, the first and second figure, and whether a group is named between them ("more common with placebo (...)"),
    which only ``named`` keeps."""
    found, thans = [], []
    for m in _COMPARATIVE.finditer(text):
        if _RIVAL_BEFORE.search(text, 0, m.start()):
            continue
        up = m.group(1).lower() in _UP
        if (bracketed := _bracket_after(text, m, named)) is not None:
            found.append((up, *bracketed))
        if (either := _than_pair_after(text, m)) is not None:
            thans.append((up, *either, False))
    return found + thans


def _bracket_after(text: str, m: re.Match[str], named: bool) -> tuple[Quantity, Quantity, bool] | None:
    """The two figures of the bracket after the comparative ``m`` and whether a group is named between them, or
    ``None`` (no bracket near it, or something between them that :func:`_bracketed` does not keep)."""
    bracket = _BRACKET.search(text, m.end(), m.end() + _MAX_GAP + 40)
    if bracket is None or bracket.start() - m.end() > _MAX_GAP:
        return None
    between = _BETWEEN_STOP.search(text, m.end(), bracket.start())
    group = between is not None and _GROUP.search(text, m.end(), bracket.start()) is not None
    if between is not None and not (named and group and not _OTHER_STOP.search(text, m.end(), bracket.start())):
        return None
    figures = _pair(bracket.group("a"), bracket.group("b"))
    return None if figures is None else (*figures, group)


def _than_pair_after(text: str, m: re.Match[str]) -> tuple[Quantity, Quantity] | None:
    """The two bracketed figures either side of "than" after the comparative ``m`` ("smaller when begun early (about
    118 mL/day) than later (about 52 mL/day)": round 160), or ``None``; never after "more" or "less", where the word
    after says which way ("more limited (50 degrees) than ... (65 degrees)": round 100), but one of how often
    ("slightly more common with one dose (about 3%) than with two doses (about 5%)": round 162)."""
    if m.group(1).lower() in ("more", "less") and not _OF_FREQUENCY.match(text, m.end()):
        return None
    than = _THAN_PAIR.search(text, m.end(), m.end() + 2 * _MAX_GAP + 160)
    if than is None or than.start() - m.end() > _MAX_GAP or _OTHER_STOP.search(text, m.end(), than.start()):
        return None
    return _pair(than.group("a"), than.group("b"))


_OF_FREQUENCY = re.compile(r"\s+(?:common|frequent|often|frequently|likely)\b", re.IGNORECASE)
"""The word after "more" or "less" that makes it a comparison of how often, which goes the way "more" goes."""
_THAN_PAIR = re.compile(
    r"\((?:(?:MD|mean|median|about|around|roughly)\s+)?(?P<a>\d[\d.,]*\s*%?[^()]{0,12}?)\)[^();]{0,80}?\bthan\b"
    r"[^();]{0,80}?\((?:(?:MD|mean|median|about|around|roughly)\s+)?(?P<b>\d[\d.,]*\s*%?[^();,]{0,12}?)[);,]",
    re.IGNORECASE,
)
"""Two groups' figures in brackets either side of "than": "(about 118 mL/day) than when it started later (about 52
mL/day)"."""


_GROUP = re.compile(r"\b(?:with|on|among)\s+\w+", re.IGNORECASE)
"""A group named after a comparative ("more common with ID administration")."""
_OTHER_STOP = re.compile(r"\bthan\b|[;:]|\b(?:" + "|".join(sorted(_UP | _DOWN)) + r")\b", re.IGNORECASE)


def _pair(a: str, b: str) -> tuple[Quantity, Quantity] | None:
    """The two figures of a bracket, the first given the second's unit when it has none ("5 vs 8 days")."""
    second = quantities(b)
    if not second:
        return None
    number = _NUMBER.match(b.strip())
    tail = b.strip()[number.end() :] if number else ""  # "8 days": " days", the unit of both
    first = quantities(a if a.strip().endswith("%") else a.strip() + tail)
    if not first or first[0].kind != second[0].kind:
        return None
    return first[0], second[0]


def _in_order(first: Quantity, second: Quantity, stated: Sequence[Quantity]) -> bool:
    """Whether ``stated`` (a sentence's quantities, in order) holds ``first`` and, after it, ``second``."""
    at = next((k for k, q in enumerate(stated) if _same(first, q)), None)
    return at is not None and any(_same(second, q) for q in stated[at + 1 :])


def _same(q: Quantity, e: Quantity) -> bool:
    """Whether ``q`` restates ``e``: :func:`~medhal.text.figures.same_figure`, or a whole percentage for a share
    within half a point of it (:func:`_restates`)."""
    return same_figure(q, e) or (e.kind == "percent" and _restates(q, e.value))
