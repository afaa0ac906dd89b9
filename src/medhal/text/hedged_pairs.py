"""A hedged figure changed beside the figure it is compared with (issue 14, rounds 169-172): "Infections were more
common with secukinumab, at about 38% versus 21%" where the evidence says "28.4% versus 21.0%".

The changed-number cue (:func:`medhal.text.figures.number_conflicts`) judges an exact figure; a hedged one ("about
38%") passes whenever some figure of its kind anywhere in the evidence lies within a fifth of it
(:func:`medhal.text.derived.far_off`), and an abstract states dozens of percentages.  Blind rounds 169-172 wrote 17 of
their 24 changed numbers this way ("about 18% of those using a plain vehicle cream" for 8%, "about 51 points with the
pessary compared with about 29 points" for 41), and none was caught.  A clinician reads the pair: the rival of the
changed figure is the one its partner is compared with in the evidence.

:func:`pair_conflict` fires, narrowly, when

* the unit compares two figures of one kind, a hedged one ("about", "roughly", "nearly", ...) and its partner, joined
  by "versus", "vs", "compared with" or "against" (the last figure before the joining word and the first after it);
* an evidence sentence states a pair of figures of that kind joined the same way, one of which the partner restates
  (equal, or rounded as written: "about 29 points" for 28.5);
* the hedged figure lies far from the sentence's other figure: more than half the step it is rounded to
  (:func:`medhal.text.derived.roundness`) and more than :data:`PAIR_NEAR` of the larger of the two ("about 30%" stands
  for 26%, "about 38%" does not stand for 28.4%);
* and no sentence states a figure near it in the same way together with one the partner restates (the unit's two
  figures may be the evidence's in another form: "7 patients (2.3%) ... and 24 patients (7.9%)" for "about 2% ...
  compared with nearly 8%").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from medhal.text._quantity_context import POINT_HEDGE
from medhal.text.derived import roundness, written_as
from medhal.text.findings import finding_parts
from medhal.text.group_figures import group_figures
from medhal.text.quantifiers import quantified_shares
from medhal.text.quantities import Quantity, quantities
from medhal.text.synonyms import alignment_tokens

__all__ = ["JOIN", "PAIR_NEAR", "figure_pairs", "pair_conflict"]

PAIR_NEAR = 0.12
"""How far a hedged figure may lie from the one it stands for beside its partner, relative to the larger of the two
(beyond half its rounding step): "about 45%" for 41%, not "about 51 points" for 41."""

JOIN = re.compile(r"\b(?:versus|vs\.?|compared\s+(?:with|to)|against|as\s+against)\s", re.IGNORECASE)
"""What joins the two figures of a comparison."""
_SPAN = 90
"""Characters at most between a figure and the joining word, on either side."""


@dataclass(frozen=True, slots=True)
class FigurePair:
    """Two figures of one kind a text compares: the one before the joining word and the one after it."""

    first: Quantity
    second: Quantity


def figure_pairs(text: str) -> list[FigurePair]:
    """The pairs of figures of one kind ``text`` compares (module docstring).

    >>> [(p.first.text, p.second.text) for p in figure_pairs("It was 28.4% with A versus 21.0% with placebo.")]
    [('28.4%', '21.0%')]
    >>> figure_pairs("Scores improved by 41 points, compared with a 2-week course.")
    []
    """
    said = [q for q in quantities(text) if not q.kind.startswith("label:")]
    pairs: list[FigurePair] = []
    for join in JOIN.finditer(text):
        before = [q for q in said if join.start() - _SPAN <= q.end <= join.start()]
        after = [q for q in said if join.end() <= q.start <= join.end() + _SPAN]
        if not before or not after:
            continue
        first, second = before[-1], after[0]
        if (
            first.kind == second.kind
            and not _between_other(text, first, join)
            and not _between_other(text, join, second)
        ):
            pairs.append(FigurePair(first, second))
    return pairs


def _between_other(text: str, a: Quantity | re.Match[str], b: Quantity | re.Match[str]) -> bool:
    """Whether a clause break stands between ``a`` and ``b`` (a semicolon or a full stop)."""
    start = a.end if isinstance(a, Quantity) else a.end()
    end = b.start if isinstance(b, Quantity) else b.start()
    return bool(re.search(r"[;.](?:\s|$)", text[start:end]))


def pair_conflict(unit: str, sentences: Sequence[str]) -> tuple[int, Quantity, Quantity] | None:
    """The first of ``sentences`` whose pair of figures gives the partner of a hedged figure of ``unit`` another
    figure far from it (module docstring): its index, the unit's figure and the sentence's; ``None`` when none does.

    >>> said = ["Infections occurred in 28.4% with secukinumab versus 21.0% with placebo."]
    >>> found = pair_conflict("Infections were more common with secukinumab, at about 38% versus 21%.", said)
    >>> found[0], found[1].text, found[2].text
    (0, '38%', '28.4%')
    >>> print(pair_conflict("Infections were more common with secukinumab, at about 28% versus 21%.", said))
    None
    >>> print(pair_conflict("Infections were more common with secukinumab, at about 30% versus 21%.", said))
    None
    """
    mine = [p for p in figure_pairs(unit) + _share_pairs(unit) if p.first.about != p.second.about or p.first.about]
    if not mine:
        return None
    read = [quantities(s) for s in sentences]
    for i, sentence in enumerate(sentences):
        said = quantities(sentence)
        theirs = figure_pairs(sentence) + _group_pairs(unit, sentence, said)
        if not theirs:
            continue
        for pair in mine:
            for hedged, partner in ((pair.first, pair.second), (pair.second, pair.first)):
                if not hedged.about or (partner.approximate and not partner.about):
                    continue  # "under 1 point" bounds its partner's figure, it does not state it
                for other in theirs:
                    rival = _rival(partner, other)
                    if rival is None or rival.kind != hedged.kind:
                        continue
                    if any(_near(hedged, e) for e in said if e.kind == hedged.kind):
                        continue
                    if any(_together(hedged, partner, figures) for figures in read):
                        continue  # a sentence states the unit's two figures together, in whatever form
                    return i, hedged, rival
    return None


def _share_pairs(unit: str) -> list[FigurePair]:
    """The shares in words ``unit`` compares ("about 3 in 100 against about 12 in 100": round 205), read as
    percentages (:func:`~medhal.text.quantifiers.quantified_shares`), each hedged where a point hedge stands before
    it."""
    shares = [s.quantity for s in quantified_shares(unit)]
    pairs = []
    for a, b in pairwise(shares):
        join = JOIN.search(unit, a.end, b.start)
        if (
            join is None
            or unit[a.end : join.start()].strip(" ,")
            or not _HEDGED_GAP.fullmatch(unit[join.end() : b.start])
        ):
            continue
        first, second = (replace(q, about=POINT_HEDGE.search(unit, 0, q.start) is not None) for q in (a, b))
        pairs.append(FigurePair(first, second))
    return pairs


_HEDGED_GAP = re.compile(
    r"\s*(?:about|around|roughly|nearly|almost|approximately|some|just\s+(?:over|under))?\s*", re.I
)


def _group_pairs(unit: str, sentence: str, said: Sequence[Quantity]) -> list[FigurePair]:
    """The two groups' shares a part of ``sentence`` gives, as a pair ("68 of 361 children (18.8%) in the vitamin D
    group and 87 of 357 (24.4%) in the placebo group", where "about 9% compared with about 24% in the placebo group"
    was written for 18.8%: round 181), each share one of ``said``; only of a part that names something ``unit`` names
    besides the groups (not "Adverse events occurred in 31% of gabapentin and 10% of placebo recipients" for "cough
    dropped by roughly a quarter with gabapentin versus about a tenth with placebo": round 187), where the unit names
    any such thing."""
    pairs = []
    mine = alignment_tokens(unit)
    for part in finding_parts(sentence):
        figures = group_figures(part)
        shares = [[q for q in said if q.kind == "percent" and q.value == f.value] for f in figures]
        if len(figures) != 2 or not all(len(found) == 1 for found in shares):
            continue
        groups = alignment_tokens(" ".join(f.group for f in figures)) | _FRAME
        topic = {t for t in mine - groups if not t.startswith("#")}  # a unit cut from what it counts has none
        if not topic or (topic & alignment_tokens(part)):
            pairs.append(FigurePair(shares[0][0], shares[1][0]))
    return pairs


_FRAME = alignment_tokens(
    "group groups arm patients participants people those women men children recipients compared versus than"
)
"""Words naming who a share counts or joining two, never what it counts."""


def _together(hedged: Quantity, partner: Quantity, figures: Sequence[Quantity]) -> bool:
    """Whether a sentence's ``figures`` hold one near ``hedged`` and one ``partner`` restates ("7 patients (2.3%) on
    pregabalin and 24 patients (7.9%)" for "about 2% ... compared with nearly 8%")."""
    return any(e.kind == hedged.kind and _near(hedged, e) for e in figures) and any(
        written_as(partner, e) or (partner.about and e.kind == partner.kind and _near(partner, e)) for e in figures
    )


def _rival(partner: Quantity, pair: FigurePair) -> Quantity | None:
    """The figure of ``pair`` that the other one of which ``partner`` restates, or ``None``."""
    if written_as(partner, pair.second) and not written_as(partner, pair.first):
        return pair.first
    if written_as(partner, pair.first) and not written_as(partner, pair.second):
        return pair.second
    return None


def _near(q: Quantity, e: Quantity) -> bool:
    """Whether the hedged ``q`` may stand for ``e``: within half its rounding step or :data:`PAIR_NEAR` of the most."""
    gap = abs(q.value - e.value)
    return gap <= roundness(q) / 2 + 1e-9 or gap <= PAIR_NEAR * max(abs(q.value), abs(e.value))
