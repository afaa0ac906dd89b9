"""Localization of span detectors (FAVA-style): does any flagged span overlap the gold span? (seed 000 §5-6).

Span detectors emit unranked error spans, not a ranking of a tiling, so hit@k does not apply.  Seed 000 reports
for FAVA the share of items flagged at all, the share whose flagged spans overlap the gold span ("HIT", 55.3%),
and a "random-flag chance" (18.8%) described as the *flag coverage of the passage*: flagging the same amount of
text at random lands on the gold span about as often as the flagged share of the passage.  medhal computes

* ``hit_i = 1`` when the content tokens (tau, seed 000 §4) of some flagged span meet those of the gold span;
* ``chance_i = |tau(flagged spans)| / |tau(response)|`` (distinct content tokens, 0 when nothing is flagged), and
  ``chance = mean chance_i`` over all evaluated items (``chance="all"``, the default: the published
  ``fava_eval.py`` averages over every row, unflagged rows counting 0, which over the 295 rows of its
  ``fava_results.json`` gives the log's 18.8%; the 100 dev records alone give 16.7%) or over flagged items only
  (``chance="flagged"``: 22.0% on those 295 rows);
* ``lift = hit - chance``, its binomial SE and sigma, as for hit@1.

The published code counts tokens with its own tokenizer and stop list, so per-item token counts differ from
medhal's tau by a few tokens; aggregation of the published per-item records is exact
(:func:`aggregate_spans`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Literal

from medhal.bench.localization.metrics import binomial_se
from medhal.detect.records import JSONObject
from medhal.text.tokens import TauRule, tau_function

__all__ = ["SpanItem", "SpanReport", "aggregate_spans", "span_item", "span_overlap_score", "spans_by_type"]

ChanceBase = Literal["all", "flagged"]


@dataclass(frozen=True, slots=True)
class SpanItem:
    """One item of a span detector: what it flagged and whether that met the gold span."""

    id: str
    error_type: str
    flagged: int
    n_spans: int
    hit: int
    n_flagged_tok: int
    n_passage_tok: int

    @property
    def chance(self) -> float:
        return self.n_flagged_tok / self.n_passage_tok if self.n_passage_tok else 0.0


def span_item(
    gold_span: str,
    response: str,
    spans: Sequence[tuple[int, int]],
    *,
    id: str = "",
    error_type: str = "",
    tau: TauRule = "paper",
) -> SpanItem | None:
    """Score one item's flagged character spans ``[start, end)`` of ``response``; ``None`` when the gold span
    has no content token (excluded, as for hit@k).  ``tau``: which τ counts tokens (``"paper"`` or ``"code"``)."""
    content_tokens = tau_function(tau)
    gold = content_tokens(gold_span)
    if not gold:
        return None
    flagged_tokens: set[str] = set()
    hit = 0
    for start, end in spans:
        if not 0 <= start <= end <= len(response):
            raise ValueError(f"item {id!r}: span [{start}, {end}) outside a response of {len(response)} characters")
        tokens = content_tokens(response[start:end])
        flagged_tokens |= tokens
        hit |= int(bool(tokens & gold))
    passage = content_tokens(response)
    return SpanItem(id, error_type, int(bool(spans)), len(spans), hit, len(flagged_tokens & passage), len(passage))


@dataclass(frozen=True, slots=True)
class SpanReport:
    n: int
    excluded: int
    flagged: float
    spans_per_item: float
    hit: float
    chance: float
    chance_base: str
    lift: float
    se: float
    sigma: float | None
    significant: bool

    @property
    def coverage(self) -> float:
        return self.flagged

    @property
    def hit1(self) -> float:
        return self.hit

    @property
    def hit3(self) -> None:
        return None

    @property
    def rand(self) -> float:
        return self.chance

    @property
    def margin(self) -> None:
        return None

    def to_dict(self) -> JSONObject:
        return dict(asdict(self))

    def to_metrics(self) -> JSONObject:
        """``metrics.json`` keys; ``hit1`` is the overlap rate and ``rand`` the random-flag chance so that span
        detectors sit in the same table as ranked ones."""
        return {
            "n": self.n,
            "excluded": self.excluded,
            "coverage": self.flagged,
            "hit1": self.hit,
            "hit3": None,
            "rand": self.chance,
            "lift": self.lift,
            "se": self.se,
            "sigma": self.sigma,
            "significant": self.significant,
            "margin": None,
            "flagged": self.flagged,
            "spans_per_item": self.spans_per_item,
            "chance_base": self.chance_base,
        }


def aggregate_spans(items: Sequence[SpanItem], *, excluded: int = 0, chance: ChanceBase = "all") -> SpanReport:
    """Rates over ``n`` items; see the module docstring for ``chance``."""
    n = len(items)
    if n == 0:
        raise ValueError("no item has a non-empty gold token set")
    if chance not in ("all", "flagged"):
        raise ValueError(f"unknown chance base {chance!r}; choose all or flagged")
    hit = sum(i.hit for i in items) / n
    base = items if chance == "all" else [i for i in items if i.flagged]
    rate = sum(i.chance for i in base) / len(base) if base else 0.0
    se = binomial_se(hit, n)
    lift = hit - rate
    return SpanReport(
        n=n,
        excluded=excluded,
        flagged=sum(i.flagged for i in items) / n,
        spans_per_item=sum(i.n_spans for i in items) / n,
        hit=hit,
        chance=rate,
        chance_base=chance,
        lift=lift,
        se=se,
        sigma=lift / se if se > 0 else None,
        significant=lift > 2 * se,
    )


def spans_by_type(items: Sequence[SpanItem], *, chance: ChanceBase = "all") -> dict[str, SpanReport]:
    groups: dict[str, list[SpanItem]] = defaultdict(list)
    for item in items:
        groups[item.error_type].append(item)
    return {name: aggregate_spans(group, chance=chance) for name, group in sorted(groups.items())}


def span_overlap_score(y_true: Sequence[str], y_pred: Sequence[Sequence[str]], *, tau: TauRule = "paper") -> float:
    """Share of items where some flagged span text overlaps the gold span (tau tokens); scikit-learn style:
    ``y_true`` gold spans, ``y_pred`` each item's flagged span texts.  Items with empty gold tokens are skipped."""
    content_tokens = tau_function(tau)
    if len(y_true) != len(y_pred):
        raise ValueError(f"{len(y_true)} gold spans but {len(y_pred)} predictions")
    scored = [
        any(content_tokens(s) & content_tokens(g) for s in spans)
        for g, spans in zip(y_true, y_pred, strict=True)
        if content_tokens(g)
    ]
    if not scored:
        raise ValueError("no item has a non-empty gold token set")
    return sum(scored) / len(scored)
