"""Inter-annotator agreement on the MedHal-Loc natural subset (seed 000 §3.3), per item and overall.

Seed 000 §3.3: "The natural subset contains 40 real MedHallu hallucinations, span-annotated by a 3-LLM ensemble
with high inter-annotator agreement on both error location (mean pairwise span-level F1 = 0.87) and error type
(Fleiss' κ = 0.88 over the three annotators).  [...] a human expert audited 18 of them and accepted only 1/18
spans (plus one partial)."  The seed names the statistics but not the unit or the counting; medhal follows the
published code (``src/compute_agreement.py`` / ``src/_llm_agreement.py`` of github.com/green-leo-1/MedHal-Loc)
where it fixes them, which reproduces both printed figures on the shared files:

* **Units**: whitespace tokens of the hallucinated answer covered by an annotator's spans
  (:mod:`medhal.bench.agreement.spans`).
* **Span-level F1** of annotators ``a, b`` on item ``i``: ``2 |U_a ∩ U_b| / (|U_a| + |U_b|)``
  (:func:`~medhal.bench.agreement.metrics.span_f1_score`); both without spans: 1.0; one without: 0.0.  An item
  one of the two did not annotate at all is left out of that pair (counted in ``missing``).  The pair's F1 is the
  mean over its items; the reported figure is the mean over the pairs (with every item annotated by every
  annotator, that is the mean over all (item, pair) values).
* **Fleiss' kappa on error type**: subjects are the tokens that *every* annotator marked (a token one annotator
  left unmarked has no type from it, and Fleiss needs the same number of ratings per subject); each annotator's
  rating is the type of its first span covering the token; categories are the types seen.  Overall: all items'
  subjects pooled; per item: that item's tokens (undefined when they all carry one type, as most items do).

Reported beside it, as diagnostics: the published code's own type statistic (mean over pairs of Cohen's kappa on
the tokens both annotators marked), Fleiss with unmarked tokens rated ``none`` (over the tokens at least one
annotator marked), and the micro (pooled) pair F1.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from statistics import fmean

from medhal.bench.agreement.metrics import fleiss_agreement, fleiss_table, span_f1_score
from medhal.bench.agreement.spans import CoveredUnits, Tokens, covered_units
from medhal.detect.records import JSONObject

__all__ = [
    "NONE_LABEL",
    "AgreementResult",
    "AuditSummary",
    "ItemAgreement",
    "PairAgreement",
    "compute_agreement",
    "summarize_audit",
]

NONE_LABEL = "none"
"""The rating of an unmarked token in the ``fleiss_kappa_with_none`` diagnostic."""

Spans = Sequence[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class PairAgreement:
    """One annotator pair: mean span F1 over its items, micro F1, and Cohen's kappa on co-marked tokens."""

    a: str
    b: str
    span_f1: float
    micro_f1: float
    items: int
    both_empty: int
    one_empty: int
    missing: int
    cohen_kappa: float
    co_marked: int


@dataclass(frozen=True, slots=True)
class ItemAgreement:
    """One item: units each annotator marked, each pair's F1, and Fleiss on the tokens all annotators marked."""

    id: str
    annotators: tuple[str, ...]
    units: Mapping[str, int]
    unlocated: Mapping[str, int]
    pair_f1: Mapping[str, float]
    span_f1: float
    fleiss_subjects: int
    fleiss_observed: float
    fleiss_kappa: float
    types: Mapping[str, int]

    def as_dict(self) -> JSONObject:
        return {
            "id": self.id,
            "annotators": list(self.annotators),
            "units": dict(self.units),
            "unlocated": dict(self.unlocated),
            "pair_f1": dict(self.pair_f1),
            "span_f1": self.span_f1,
            "fleiss_subjects": self.fleiss_subjects,
            "fleiss_observed": self.fleiss_observed,
            "fleiss_kappa": self.fleiss_kappa,
            "types": dict(self.types),
        }


@dataclass(frozen=True, slots=True)
class AgreementResult:
    """Agreement over all items (see the module docstring for every definition)."""

    tokens: Tokens
    annotators: tuple[str, ...]
    items: tuple[ItemAgreement, ...]
    pairs: tuple[PairAgreement, ...]
    span_f1: float
    fleiss_kappa: float
    fleiss_subjects: int
    fleiss_observed: float
    fleiss_expected: float
    fleiss_kappa_with_none: float
    fleiss_subjects_with_none: int
    mean_pairwise_cohen_kappa: float
    missing: Mapping[str, int]
    unlocated: Mapping[str, int]
    no_locatable_span: Mapping[str, int]

    @property
    def fleiss_defined_items(self) -> int:
        return sum(1 for item in self.items if not math.isnan(item.fleiss_kappa))

    def summary(self) -> JSONObject:
        """Everything but the per-item rows, JSON-ready (NaN stays NaN: the writer turns it into null)."""
        return {
            "tokens": self.tokens,
            "annotators": list(self.annotators),
            "items": len(self.items),
            "span_f1": self.span_f1,
            "fleiss_kappa": self.fleiss_kappa,
            "fleiss_subjects": self.fleiss_subjects,
            "fleiss_observed": self.fleiss_observed,
            "fleiss_expected": self.fleiss_expected,
            "fleiss_items_defined": self.fleiss_defined_items,
            "fleiss_kappa_with_none": self.fleiss_kappa_with_none,
            "fleiss_subjects_with_none": self.fleiss_subjects_with_none,
            "mean_pairwise_cohen_kappa": self.mean_pairwise_cohen_kappa,
            "pairs": {
                f"{p.a}-{p.b}": {
                    "span_f1": p.span_f1,
                    "micro_f1": p.micro_f1,
                    "items": p.items,
                    "both_empty": p.both_empty,
                    "one_empty": p.one_empty,
                    "missing": p.missing,
                    "cohen_kappa": p.cohen_kappa,
                    "co_marked_tokens": p.co_marked,
                }
                for p in self.pairs
            },
            "missing": dict(self.missing),
            "unlocated_spans": dict(self.unlocated),
            "no_locatable_span": dict(self.no_locatable_span),
        }


def _cohen_kappa(a: Sequence[str], b: Sequence[str]) -> float:
    """Cohen's kappa of two label sequences (NaN when empty or when chance agreement is 1)."""
    if not a:
        return math.nan
    n = len(a)
    observed = sum(1 for x, y in zip(a, b, strict=True) if x == y) / n
    ca, cb = Counter(a), Counter(b)
    expected = sum(ca[k] * cb[k] for k in ca) / (n * n)
    if math.isclose(expected, 1.0):
        return math.nan
    return (observed - expected) / (1.0 - expected)


def _kappa(ratings: Sequence[Sequence[Hashable]], labels: Sequence[Hashable]) -> tuple[float, float, float]:
    """(kappa, P̄, P̄_e) of ``ratings`` over ``labels`` (NaN kappa when undefined)."""
    if not ratings:
        return math.nan, math.nan, math.nan
    _, table = fleiss_table(ratings, labels=labels)
    p_bar, p_e = fleiss_agreement(table)
    kappa = math.nan if math.isclose(p_e, 1.0) else (p_bar - p_e) / (1.0 - p_e)
    return kappa, p_bar, p_e


def compute_agreement(
    answers: Mapping[str, str],
    annotations: Mapping[str, Mapping[str, Spans]],
    *,
    tokens: Tokens = "whitespace",
    no_locatable: Mapping[str, int] | None = None,
) -> AgreementResult:
    """Agreement of ``annotations`` (annotator -> item id -> ``(span text, type)`` pairs) on ``answers`` (item id
    -> hallucinated answer).  Items are taken in ``answers`` order; an annotation of an id not in ``answers`` is
    ignored (the caller reports it).  Needs at least two annotators."""
    names = tuple(annotations)
    if len(names) < 2:
        raise ValueError("agreement needs at least two annotators")
    covered: dict[str, dict[str, CoveredUnits]] = {
        name: {i: covered_units(text, by_id[i], tokens=tokens) for i, text in answers.items() if i in by_id}
        for name, by_id in annotations.items()
    }
    labels = sorted({t for by_id in covered.values() for c in by_id.values() for t in c.types.values()})
    pair_names = list(combinations(names, 2))

    items: list[ItemAgreement] = []
    pooled: list[list[str]] = []
    pooled_none: list[list[str]] = []
    for i in answers:
        present = [n for n in names if i in covered[n]]
        pair_f1 = {
            f"{a}-{b}": span_f1_score(covered[a][i].units, covered[b][i].units)
            for a, b in pair_names
            if a in present and b in present
        }
        ratings: list[list[str]] = []
        marked: Counter[str] = Counter()
        if len(present) == len(names):
            common = frozenset.intersection(*(covered[n][i].units for n in names))
            union = frozenset.union(*(covered[n][i].units for n in names))
            ratings = [[covered[n][i].types[u] for n in names] for u in sorted(common, key=str)]
            pooled.extend(ratings)
            pooled_none.extend([covered[n][i].types.get(u, NONE_LABEL) for n in names] for u in sorted(union, key=str))
            for n in names:
                marked.update(covered[n][i].types.values())
        kappa, observed, _ = _kappa(ratings, labels)
        items.append(
            ItemAgreement(
                id=i,
                annotators=tuple(present),
                units={n: len(covered[n][i].units) for n in present},
                unlocated={n: covered[n][i].unlocated for n in present},
                pair_f1=pair_f1,
                span_f1=fmean(pair_f1.values()) if pair_f1 else math.nan,
                fleiss_subjects=len(ratings),
                fleiss_observed=observed,
                fleiss_kappa=kappa,
                types=dict(sorted(marked.items())),
            )
        )

    pairs: list[PairAgreement] = []
    for a, b in pair_names:
        f1s: list[float] = []
        both = one = missing = inter = total = 0
        ta: list[str] = []
        tb: list[str] = []
        for i in answers:
            if i not in covered[a] or i not in covered[b]:
                missing += 1
                continue
            ua, ub = covered[a][i], covered[b][i]
            f1s.append(span_f1_score(ua.units, ub.units))
            both += not ua.units and not ub.units
            one += bool(ua.units) != bool(ub.units)
            inter += len(ua.units & ub.units)
            total += len(ua.units) + len(ub.units)
            for u in sorted(ua.units & ub.units, key=str):
                ta.append(ua.types[u])
                tb.append(ub.types[u])
        pairs.append(
            PairAgreement(
                a,
                b,
                span_f1=fmean(f1s) if f1s else math.nan,
                micro_f1=2 * inter / total if total else math.nan,
                items=len(f1s),
                both_empty=both,
                one_empty=one,
                missing=missing,
                cohen_kappa=_cohen_kappa(ta, tb),
                co_marked=len(ta),
            )
        )

    kappa, observed, expected = _kappa(pooled, labels)
    kappa_none, _, _ = _kappa(pooled_none, [*labels, NONE_LABEL])
    pair_f1s = [p.span_f1 for p in pairs if not math.isnan(p.span_f1)]
    cohens = [p.cohen_kappa for p in pairs if not math.isnan(p.cohen_kappa)]
    return AgreementResult(
        tokens=tokens,
        annotators=names,
        items=tuple(items),
        pairs=tuple(pairs),
        span_f1=fmean(pair_f1s) if pair_f1s else math.nan,
        fleiss_kappa=kappa,
        fleiss_subjects=len(pooled),
        fleiss_observed=observed,
        fleiss_expected=expected,
        fleiss_kappa_with_none=kappa_none,
        fleiss_subjects_with_none=len(pooled_none),
        mean_pairwise_cohen_kappa=fmean(cohens) if cohens else math.nan,
        missing={n: sum(1 for i in answers if i not in covered[n]) for n in names},
        unlocated={n: sum(c.unlocated for c in covered[n].values()) for n in names},
        no_locatable_span=dict(no_locatable or {n: 0 for n in names}),
    )


@dataclass(frozen=True, slots=True)
class AuditSummary:
    """The human audit, counted per span and per item.

    Span verdicts: ``accepted`` (Y), ``partial`` (P), ``rejected`` (N), ``unjudged`` (blank).  An item is
    accepted when one of its spans is, partial when none is but one is partial, rejected when all its judged spans
    are N, unjudged when none of its spans carries a verdict.  ``from_annotator``: how many audited spans are,
    verbatim (case- and whitespace-insensitive), one of that annotator's spans on the same item."""

    rows: int
    spans: int
    accepted: int
    partial: int
    rejected: int
    unjudged: int
    items_accepted: int
    items_partial: int
    items_rejected: int
    items_unjudged: int
    type_correct: int
    type_judged: int
    missed_errors: int
    from_annotator: Mapping[str, int]

    @property
    def judged(self) -> int:
        return self.spans - self.unjudged

    def as_dict(self) -> JSONObject:
        return {
            "rows": self.rows,
            "spans": self.spans,
            "judged_spans": self.judged,
            "accepted_spans": self.accepted,
            "partial_spans": self.partial,
            "rejected_spans": self.rejected,
            "unjudged_spans": self.unjudged,
            "items_accepted": self.items_accepted,
            "items_partial": self.items_partial,
            "items_rejected": self.items_rejected,
            "items_unjudged": self.items_unjudged,
            "type_correct": self.type_correct,
            "type_judged": self.type_judged,
            "missed_errors": self.missed_errors,
            "spans_from_annotator": dict(self.from_annotator),
        }


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def summarize_audit(
    rows: Sequence[tuple[str, Sequence[tuple[str, str, str]], bool]],
    annotations: Mapping[str, Mapping[str, Spans]] | None = None,
) -> AuditSummary:
    """Count the audit: ``rows`` are ``(item id, [(span text, span verdict, type verdict)], missed error?)``;
    verdicts ``Y``/``P``/``N`` (type ``Y``/``N``) or ``""`` when blank."""
    verdicts: Counter[str] = Counter()
    item_counts: Counter[str] = Counter()
    type_correct = type_judged = missed = spans = 0
    from_annotator: Counter[str] = Counter({n: 0 for n in annotations or {}})
    for ident, row_spans, missed_error in rows:
        missed += bool(missed_error)
        seen = set()
        for text, verdict, type_verdict in row_spans:
            spans += 1
            verdicts[verdict or "-"] += 1
            seen.add(verdict)
            if type_verdict:
                type_judged += 1
                type_correct += type_verdict == "Y"
            for name, by_id in (annotations or {}).items():
                if _norm(text) and any(_norm(t) == _norm(text) for t, _ in by_id.get(ident, ())):
                    from_annotator[name] += 1
        if "Y" in seen:
            item_counts["accepted"] += 1
        elif "P" in seen:
            item_counts["partial"] += 1
        elif "N" in seen:
            item_counts["rejected"] += 1
        else:
            item_counts["unjudged"] += 1
    return AuditSummary(
        rows=len(rows),
        spans=spans,
        accepted=verdicts["Y"],
        partial=verdicts["P"],
        rejected=verdicts["N"],
        unjudged=verdicts["-"],
        items_accepted=item_counts["accepted"],
        items_partial=item_counts["partial"],
        items_rejected=item_counts["rejected"],
        items_unjudged=item_counts["unjudged"],
        type_correct=type_correct,
        type_judged=type_judged,
        missed_errors=missed,
        from_annotator=dict(from_annotator),
    )
