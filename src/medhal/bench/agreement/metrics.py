"""Agreement metrics between annotators: span-level F1 and Fleiss' kappa (seed 000 §3.3).

Pure functions, no I/O, named in scikit-learn's style (``*_score(y_true, y_pred, *, ...)``).

* :func:`span_f1_score` -- the token-overlap F1 of two annotators' error spans on one item, each given as the set
  of units (token positions, or words) their spans cover: ``2 |A ∩ B| / (|A| + |B|)``.  It is symmetric, so which
  annotator plays ``y_true`` does not matter.  Both empty (both found no locatable span) scores ``empty_score``
  (1.0, the published code's convention: they agree); one empty scores 0.
* :func:`fleiss_kappa_score` -- Fleiss' kappa (Fleiss 1971, "Measuring nominal scale agreement among many
  raters", Psychological Bulletin 76(5):378-382) over subjects each rated by the same number ``n`` of raters:
  ``P_i = (sum_j n_ij^2 - n) / (n (n - 1))``, ``P̄ = mean_i P_i``, ``p_j = sum_i n_ij / (N n)``,
  ``P̄_e = sum_j p_j^2``, ``kappa = (P̄ - P̄_e) / (1 - P̄_e)``.  Undefined (NaN) when ``P̄_e = 1`` (every rating
  is the same category) or there are no subjects.
* :func:`fleiss_kappa_from_counts` -- the same from the ``N x k`` table of counts ``n_ij``.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Sequence

__all__ = [
    "fleiss_agreement",
    "fleiss_kappa_from_counts",
    "fleiss_kappa_score",
    "fleiss_table",
    "span_f1_score",
]


def span_f1_score(y_true: Collection[Hashable], y_pred: Collection[Hashable], *, empty_score: float = 1.0) -> float:
    """Token-overlap F1 of two annotators' error units on one item: ``2 |A ∩ B| / (|A| + |B|)``.

    ``y_true`` and ``y_pred`` are the units (token positions or words) covered by each annotator's spans; they
    are taken as sets.  Precision ``|A ∩ B| / |B|`` and recall ``|A ∩ B| / |A|`` give the same F1 either way
    round.  Both empty: ``empty_score`` (1.0 by default, the seed's published code); one empty: 0.0.

    >>> span_f1_score({0, 1, 2, 3}, {2, 3})
    0.6666666666666666
    """
    a, b = set(y_true), set(y_pred)
    if not a and not b:
        return float(empty_score)
    if not a or not b:
        return 0.0
    return 2.0 * len(a & b) / (len(a) + len(b))


def fleiss_table(
    ratings: Sequence[Sequence[Hashable]], *, labels: Sequence[Hashable] | None = None
) -> tuple[list[Hashable], list[list[int]]]:
    """The categories and the ``N x k`` count table ``n_ij`` (raters of subject ``i`` who chose category ``j``).

    ``ratings[i]`` holds the labels the raters gave subject ``i``; every subject must have the same number of
    ratings.  ``labels`` fixes the categories and their order (default: sorted by ``str`` of the labels seen); a
    rating outside ``labels`` is a ``ValueError``."""
    if ratings and len({len(r) for r in ratings}) != 1:
        raise ValueError("every subject must be rated by the same number of raters")
    cats: list[Hashable] = list(labels) if labels is not None else sorted({x for r in ratings for x in r}, key=str)
    index = {c: j for j, c in enumerate(cats)}
    table: list[list[int]] = []
    for row in ratings:
        counts = [0] * len(cats)
        for label in row:
            if label not in index:
                raise ValueError(f"rating {label!r} is not among labels")
            counts[index[label]] += 1
        table.append(counts)
    return cats, table


def fleiss_agreement(counts: Sequence[Sequence[int]]) -> tuple[float, float]:
    """``(P̄, P̄_e)``: Fleiss' mean observed agreement and chance agreement from the count table (NaN, NaN when
    there is no subject).  Every row must sum to the same ``n >= 2``."""
    if not counts:
        return math.nan, math.nan
    totals = {sum(row) for row in counts}
    if len(totals) != 1:
        raise ValueError("every subject must be rated by the same number of raters")
    n = totals.pop()
    if n < 2:
        raise ValueError("Fleiss' kappa needs at least two raters per subject")
    if any(c < 0 for row in counts for c in row):
        raise ValueError("counts must be non-negative")
    big_n = len(counts)
    p_bar = sum((sum(c * c for c in row) - n) / (n * (n - 1)) for row in counts) / big_n
    k = len(counts[0])
    p_j = [sum(row[j] for row in counts) / (big_n * n) for j in range(k)]
    return p_bar, sum(p * p for p in p_j)


def fleiss_kappa_from_counts(counts: Sequence[Sequence[int]]) -> float:
    """Fleiss' kappa from the ``N x k`` count table (NaN when undefined: no subject, or ``P̄_e = 1``).

    >>> round(fleiss_kappa_from_counts([[3, 0], [0, 3], [2, 1]]), 4)
    0.55
    """
    p_bar, p_e = fleiss_agreement(counts)
    if math.isnan(p_bar) or math.isclose(p_e, 1.0):
        return math.nan
    return (p_bar - p_e) / (1.0 - p_e)


def fleiss_kappa_score(ratings: Sequence[Sequence[Hashable]], *, labels: Sequence[Hashable] | None = None) -> float:
    """Fleiss' kappa of ``ratings`` (one row per subject, one label per rater; rows of equal length).

    NaN when undefined (no subject, or every rating the same category)."""
    _, table = fleiss_table(ratings, labels=labels)
    return fleiss_kappa_from_counts(table)
