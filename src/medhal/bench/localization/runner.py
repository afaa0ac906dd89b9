"""Run a detector over MedHal-Loc items and score its localization (seed 000 §4) and detection.

Each item is checked twice: its hallucinated text (localization: are the top-ranked units on the gold span?;
detection label 1) and, with ``clean``, its clean text (detection label 0).  How localization is scored follows
what the detector emits (seed 000 Table 2):

* ``ranked``: units that tile the response (clauses, sentences, claims) or triples, ranked by suspicion ->
  hit@1 / hit@3 / rand / lift / margin (:mod:`medhal.bench.localization.metrics`);
* ``span``: unranked flagged spans (FAVA-style ``span`` units) -> overlap rate against random-flag chance
  (:mod:`medhal.bench.localization.spans`);
* ``response``: one unit spanning the whole answer -> no localization ("0% by construction"), detection only.

An item whose check failed (status other than ``ok``) stays in the denominator with no units (a miss) and is
counted per status, never dropped.  Pure metrics live in the metrics modules; this module does no I/O.

Two of the published code's rules are offered beside the paper's (issue 16): ``tau`` (the content tokens of
eqs. 1-4, :func:`medhal.text.tokens.tau_function`) and ``clauses`` (how ``clause`` units are cut,
:func:`medhal.text.clauses.split_units`); both default to ``"paper"`` and are recorded in every result.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Literal

from medhal.bench.localization.metrics import (
    ItemLocalization,
    LocalizationReport,
    aggregate_localization,
    item_localization,
    localization_by_type,
)
from medhal.bench.localization.spans import SpanItem, SpanReport, aggregate_spans, span_item, spans_by_type
from medhal.data.medhal_loc import LocItem
from medhal.detect import CheckItem, CheckResult, Detector
from medhal.detect.records import JSONObject
from medhal.text.clauses import ClauseRules, use_clause_rules
from medhal.text.tokens import TauRule

__all__ = ["LocalizationKind", "LocalizationRun", "localization_kind", "run_localization", "score_results"]

LocalizationKind = Literal["ranked", "span", "response"]


def localization_kind(results: Sequence[CheckResult]) -> LocalizationKind:
    """What the detector's units are, read from its results (the first unit kind seen)."""
    for result in results:
        for unit in result.units:
            if unit.kind == "response":
                return "response"
            if unit.kind == "span":
                return "span"
            return "ranked"
    return "ranked"


@dataclass(frozen=True, slots=True)
class LocalizationRun:
    detector: str
    kind: LocalizationKind
    overall: LocalizationReport | SpanReport | None
    """``None`` for response-level detectors (they cannot localize)."""
    by_type: dict[str, LocalizationReport | SpanReport]
    items: tuple[ItemLocalization | SpanItem, ...]
    hallucinated: tuple[CheckResult, ...]
    clean: tuple[CheckResult, ...]
    statuses: dict[str, int]
    """Status counts over all checks run (hallucinated and clean)."""
    tau: TauRule = "paper"
    """Which τ scored the units (seed 000 §4 ``"paper"``, or the published code's ``"code"``)."""
    clauses: ClauseRules = "paper"
    """Which clause splitter cut ``clause`` units (``"paper"`` or ``"code"``)."""

    def to_dict(self) -> JSONObject:
        return {
            "detector": self.detector,
            "kind": self.kind,
            "overall": None if self.overall is None else self.overall.to_dict(),
            "by_type": {k: v.to_dict() for k, v in sorted(self.by_type.items())},
            "statuses": dict(sorted(self.statuses.items())),
            "tau": self.tau,
            "clauses": self.clauses,
        }

    def metrics(self) -> JSONObject:
        """The localization keys of ``metrics.json`` (``n, excluded, coverage, hit1, hit3, rand, lift, se,
        sigma, margin, per_type``), plus ``kind``, ``statuses``, ``tau`` and ``clauses``."""
        base: JSONObject = {
            "kind": self.kind,
            "statuses": dict(sorted(self.statuses.items())),
            "tau": self.tau,
            "clauses": self.clauses,
        }
        if self.overall is None:
            return {**base, "localization": "n/a: response-level detector (0% by construction)"}
        return {
            **base,
            **self.overall.to_metrics(),
            "per_type": {k: v.to_metrics() for k, v in sorted(self.by_type.items())},
        }


def _ranked(result: CheckResult) -> tuple[list[str], list[float]]:
    ranked = result.ranked_units if result.status == "ok" else ()
    return [u.text for u in ranked], [u.suspicion for u in ranked]


def score_results(
    detector: str,
    items: Sequence[LocItem],
    hallucinated: Sequence[CheckResult],
    clean: Sequence[CheckResult] = (),
    *,
    margins: bool | AbstractSet[str] = True,
    tau: TauRule = "paper",
    clauses: ClauseRules = "paper",
) -> LocalizationRun:
    """Score results already computed for ``items`` (same order); used by :func:`run_localization` and by
    ``medhal score localization`` on a predictions file.  ``margins``: ``True`` computes eq. 4 for every item,
    ``False`` for none, a set of item ids for those items only (the others' unit suspicions are a ranking, not
    scores).  ``tau`` picks τ; ``clauses`` only labels the run with the splitter that cut the units."""
    if len(items) != len(hallucinated):
        raise ValueError(f"{len(items)} items but {len(hallucinated)} results")
    kind = localization_kind(hallucinated)
    statuses: Counter[str] = Counter(str(r.status) for r in (*hallucinated, *clean))
    scored: list[ItemLocalization | SpanItem] = []
    excluded = 0
    for item, result in zip(items, hallucinated, strict=True):
        one: ItemLocalization | SpanItem | None
        if kind == "span":
            units = result.units if result.status == "ok" else ()
            spans = [(u.start, u.end) for u in units if u.start is not None and u.end is not None]
            one = span_item(
                item.gold_span, item.hallucinated_text, spans, id=item.id, error_type=item.error_type, tau=tau
            )
        else:
            texts, scores = _ranked(result)
            with_margin = margins if isinstance(margins, bool) else item.id in margins
            one = item_localization(
                item.gold_span, texts, scores if with_margin else None, id=item.id, error_type=item.error_type, tau=tau
            )
        if one is None:
            excluded += 1
        else:
            scored.append(one)
    overall: LocalizationReport | SpanReport | None = None
    by_type: dict[str, LocalizationReport | SpanReport] = {}
    if kind == "span":
        spans_only = [x for x in scored if isinstance(x, SpanItem)]
        overall = aggregate_spans(spans_only, excluded=excluded)
        by_type.update(spans_by_type(spans_only))
    elif kind == "ranked":
        ranked_only = [x for x in scored if isinstance(x, ItemLocalization)]
        overall = aggregate_localization(ranked_only, excluded=excluded)
        by_type.update(localization_by_type(ranked_only))
    return LocalizationRun(
        detector,
        kind,
        overall,
        by_type,
        tuple(scored),
        tuple(hallucinated),
        tuple(clean),
        dict(statuses),
        tau,
        clauses,
    )


def run_localization(
    detector: Detector,
    items: Sequence[LocItem],
    *,
    clean: bool = True,
    tau: TauRule = "paper",
    clauses: ClauseRules = "paper",
    check: Callable[[Sequence[CheckItem]], Sequence[CheckResult]] | None = None,
) -> LocalizationRun:
    """Check every item's hallucinated (and, with ``clean``, clean) text and score localization.

    The detector runs under ``use_clause_rules(clauses)``, so its ``clause`` units follow those rules; ``tau``
    scores them.  ``check`` replaces ``detector.detect_many`` (the suite passes one that keeps results in its run
    directory, :func:`medhal.bench.checkpoint.check_resumably`)."""
    checks = [CheckItem(i.evidence, i.hallucinated_text, i.question, i.id) for i in items]
    if clean:
        checks += [CheckItem(i.evidence, i.clean_text, i.question, i.id + ":clean") for i in items]
    with use_clause_rules(clauses):
        # one call: pairs shared by clean and hallucinated texts run once
        results = (check or detector.detect_many)(checks)
    return score_results(detector.name, items, results[: len(items)], results[len(items) :], tau=tau, clauses=clauses)
