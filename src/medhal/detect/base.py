"""The ``Detector`` seam and the shared machinery of verifier-backed detectors.

A detector turns :class:`~medhal.detect.records.CheckItem` s into :class:`~medhal.detect.records.CheckResult` s:
units with spans ranked by suspicion, plus a response score.  Verifier-backed detectors work in two phases so
that one verifier pass serves many responses:

1. ``plan(item)`` segments the texts and lists the ``(premise, hypothesis)`` pairs the item needs;
2. :class:`PairBatch` deduplicates the pairs of *all* planned items and sends the unique ones to the verifier in
   one call (the verifier sorts them by length and batches them);
3. ``assemble(plan, probs)`` turns the item's rows back into an audit trail.

Pair-level failures (:mod:`medhal.verify.failures`): a verifier that cannot score a pair (an LLM verifier after
an API error or an unparseable answer) returns a NaN row.  ``assemble`` reads a neutral row (0, 1, 0) in its
place, and every unit with such a pair is then replaced by an unverified unit (:func:`unverified_unit`: ``error``
says why, no probabilities or pointers, ``unsupported``, suspicion 1.0); the result becomes ``api_error`` with
no score and no flag (a response verdict is never made on part of its pairs), its units all listed.  A failed
pair is tied to its unit by its hypothesis (the unit's text); a failed pair no unit's text matches leaves every
unit of the item unverified.
"""

from __future__ import annotations

import math
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, Protocol, TypeVar, runtime_checkable

import numpy as np

from medhal.detect.items import (
    MAX_EVIDENCE_CHARS,
    MAX_RESPONSE_CHARS,
    MAX_UNITS,
    InputError,
    item_result,
    place_in_passages,
    sanitize_item,
    split_valid,
    validate_item,
    with_accounting,
)
from medhal.detect.records import CheckItem, CheckResult, JSONObject, Status, UnitResult
from medhal.detect.units import ClaimExtractionLike, ClaimExtractorLike, Unit, segment_units
from medhal.errors import ConfigError
from medhal.verify.base import NEUTRAL, Pair, Probabilities, Verifier
from medhal.verify.failures import failed_rows, failure_reason

__all__ = [
    "MAX_EVIDENCE_CHARS",
    "MAX_RESPONSE_CHARS",
    "MAX_UNITS",
    "Detector",
    "InputError",
    "PairBatch",
    "PairwiseDetector",
    "Plan",
    "examined_share",
    "item_result",
    "sanitize_item",
    "split_valid",
    "unverified_unit",
    "validate_item",
    "with_accounting",
]

_SPACE = re.compile(r"\s")


@runtime_checkable
class Detector(Protocol):
    """Anything that turns checked items into ranked units and a response score."""

    @property
    def name(self) -> str: ...

    def detect(self, item: CheckItem) -> CheckResult: ...

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]: ...


PayloadT = TypeVar("PayloadT")
"""A detector's own plan payload: a frozen dataclass of what its ``assemble`` reads back (units, windows, ...)."""


@dataclass(slots=True)
class Plan(Generic[PayloadT]):
    """What one item needs from the verifier, and what ``assemble`` needs to read the answers (``data``, the
    detector's typed payload)."""

    item: CheckItem
    pairs: list[Pair]
    data: PayloadT
    seconds: float = 0.0
    premises: list[tuple[int, int]] | None = None
    """Each pair's premise as a ``[start, end)`` span of the evidence (aligned with ``pairs``), from which the
    result's ``evidence_examined`` is computed; ``None`` when the premises are not evidence spans."""


class PairBatch:
    """Collect pairs from many items, deduplicate them, run the verifier once on the unique ones."""

    def __init__(self) -> None:
        self._index: dict[Pair, int] = {}
        self.pairs: list[Pair] = []
        self.new_by_owner: dict[int, int] = {}

    def add(self, pair: Pair, owner: int) -> int:
        """Register ``pair`` for item ``owner``; return its row.  A new pair is charged to ``owner``."""
        row = self._index.get(pair)
        if row is None:
            row = len(self.pairs)
            self._index[pair] = row
            self.pairs.append(pair)
            self.new_by_owner[owner] = self.new_by_owner.get(owner, 0) + 1
        return row

    def run(self, verifier: Verifier) -> Probabilities:
        if not self.pairs:
            return np.zeros((0, 3), dtype=np.float64)
        probs = np.asarray(verifier.predict(self.pairs), dtype=np.float64)
        if probs.shape != (len(self.pairs), 3):
            raise RuntimeError(f"verifier returned shape {probs.shape} for {len(self.pairs)} pairs")
        return probs


@dataclass(frozen=True, slots=True)
class _Verified:
    """One verifier pass over a group of plans: the pairs, each plan's rows, probabilities, lengths, seconds."""

    batch: PairBatch
    rows: dict[int, list[int]]
    probs: Probabilities
    lengths: list[int]
    seconds: float


class PairwiseDetector(ABC, Generic[PayloadT]):
    """Base of detectors that score ``(evidence window, unit)`` pairs with a :class:`Verifier`; ``PayloadT`` is the
    type of the detector's :attr:`Plan.data`."""

    name: str = ""

    units: str = ""
    extractor: ClaimExtractorLike | None = None
    """A :class:`~medhal.detect.claims.ClaimExtractor` when ``units == "claim"``."""
    threshold: float = 0.5
    """The response score at which a result is flagged."""

    def __init__(self, verifier: Verifier) -> None:
        self.verifier = verifier
        self._claims: dict[str, ClaimExtractionLike] = {}

    def fits_with(self, hypothesis: str) -> Callable[[str], bool]:
        """A test of whether a premise paired with ``hypothesis`` fits the verifier's token budget."""
        budget = self.verifier.max_length

        def fits(premise: str) -> bool:
            return self.verifier.pair_lengths([(premise, hypothesis)])[0] <= budget

        return fits

    def units_of(self, response: str) -> list[Unit]:
        """The response's units: clauses / sentences (spans of the response), or every extracted claim, verified as
        its own text and located by its aligned span (``None`` when it could not be aligned: seed 003 verifies
        every claim, so none is left out)."""
        if self.units == "claim":
            units = list(self._claims[response].units)
        else:
            units = [Unit.of_span(s) for s in segment_units(response, self.units)]  # type: ignore[arg-type]
        if len(units) > MAX_UNITS:
            raise InputError(f"response has {len(units)} {self.units} units; the limit is {MAX_UNITS}")
        return units

    @property
    def config(self) -> JSONObject:
        """The options that shape this detector's output, recorded in every result."""
        return {}

    @abstractmethod
    def plan(self, item: CheckItem) -> Plan[PayloadT]: ...

    @abstractmethod
    def assemble(self, plan: Plan[PayloadT], probs: Probabilities, lengths: Sequence[int]) -> CheckResult:
        """Build the result from the item's probability rows (aligned with ``plan.pairs``) and pair lengths."""

    def verified_result(
        self,
        plan: Plan[PayloadT],
        units: Sequence[UnitResult],
        score: float,
        lengths: Sequence[int],
        *,
        windows: int,
        library_entries: int,
        skipped_windows: int = 0,
    ) -> CheckResult:
        """The ``ok`` result of ``plan``: its units, the response ``score`` (flagged at :attr:`threshold`) and the
        work done (``lengths``: its pairs' token counts, those over the verifier's budget were truncated)."""
        return CheckResult(
            detector=self.name,
            verifier_id=self.verifier.id,
            config=self.config,
            status="ok",
            id=plan.item.id,
            score=score,
            flagged=score >= self.threshold,
            units=tuple(units),
            windows=windows,
            library_entries=library_entries,
            skipped_windows=skipped_windows,
            pairs=len(plan.pairs),
            truncated_pairs=sum(1 for n in lengths if n > self.verifier.max_length),
        )

    def input_error(self, item: CheckItem, reason: str, *, status: Status = "input_error") -> CheckResult:
        return item_result(self.name, item, self.config, status, reason=reason, verifier_id=self.verifier.id)

    def detect(self, item: CheckItem) -> CheckResult:
        return self.detect_many([item])[0]

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """Check many items with one deduplicated, length-sorted verifier pass.

        Every item gets its own record, in input order: an item medhal refuses is an ``input_error``, an item that
        trips a bug is an ``internal_error`` with the exception named, and neither touches the other items (a
        failing shared verifier pass is retried item by item to find the culprit).
        """
        results: list[CheckResult | None] = [None] * len(items)
        notes: dict[int, tuple[str, ...]] = {}
        plans: dict[int, Plan[PayloadT]] = {}
        valid: list[int] = []
        cleaned = list(items)
        for i, item in enumerate(items):
            try:
                cleaned[i], notes[i] = sanitize_item(item)
                validate_item(cleaned[i])
                valid.append(i)
            except InputError as exc:
                results[i] = self.input_error(item, str(exc))
        if self.units == "claim":
            self._extract_claims([cleaned[i] for i in valid])
        for i in valid:
            item = cleaned[i]
            extraction = self._claims.get(item.response) if self.units == "claim" else None
            if extraction is not None and extraction.status != "ok":
                failed = self.input_error(item, extraction.reason or extraction.status, status=extraction.status)
                results[i] = replace(failed, claims=_claims_record(extraction))
                continue
            try:
                start = time.perf_counter()
                plan = self.plan(item)
                plan.seconds = time.perf_counter() - start
                plans[i] = plan
            except InputError as exc:
                results[i] = self.input_error(item, str(exc))
            except Exception as exc:  # a bug on one item must not take the others down
                results[i] = self.input_error(item, _describe(exc), status="internal_error")
        for owners, verified in self._verify_isolated(plans, results):
            self._finish(owners, plans, verified, results)
        self._claims = {}
        out = []
        for i, result in enumerate(results):
            if result is None:  # every item ends with a record, never silently dropped
                result = self.input_error(cleaned[i], "internal error: no result", status="internal_error")
            out.append(replace(result, notes=notes[i]) if notes.get(i) else result)
        return out

    def _verify_isolated(
        self, plans: dict[int, Plan[PayloadT]], results: list[CheckResult | None]
    ) -> list[tuple[list[int], _Verified]]:
        """One shared verifier pass over every plan; when it fails, one pass per item, so that only the item whose
        own pass fails becomes an ``internal_error``."""
        everything = list(plans)
        try:
            return [(everything, self._verify(everything, plans))]
        except Exception:  # find the culprit below
            pass
        groups = []
        for i in everything:
            try:
                groups.append(([i], self._verify([i], plans)))
            except Exception as exc:
                results[i] = self.input_error(plans[i].item, _describe(exc), status="internal_error")
        return groups

    def _verify(self, owners: list[int], plans: dict[int, Plan[PayloadT]]) -> _Verified:
        batch = PairBatch()
        rows = {i: [batch.add(p, i) for p in plans[i].pairs] for i in owners}
        start = time.perf_counter()
        probs = batch.run(self.verifier)
        seconds = time.perf_counter() - start
        lengths = self.verifier.pair_lengths(batch.pairs) if batch.pairs else []
        return _Verified(batch, rows, probs, lengths, seconds)

    def _finish(
        self,
        owners: list[int],
        plans: dict[int, Plan[PayloadT]],
        verified: _Verified,
        results: list[CheckResult | None],
    ) -> None:
        batch = verified.batch
        total_new = max(1, len(batch.pairs))
        for i in owners:
            plan, idx = plans[i], verified.rows[i]
            pair_lengths = [verified.lengths[r] for r in idx]
            probs = verified.probs[idx]
            failed = failed_rows(probs)
            if failed.any():  # pairs the verifier could not score: see the module docstring
                probs = probs.copy()
                probs[failed] = np.eye(3)[NEUTRAL]
            try:
                assembled = self.assemble(plan, probs, pair_lengths)
                if failed.any():
                    assembled = self._unverified(plan, assembled, failed.tolist())
                result = place_in_passages(assembled, plan.item, plan.premises)
                examined = self._examined(plan, pair_lengths)
            except Exception as exc:  # a bug on one item must not take the others down
                results[i] = self.input_error(plan.item, _describe(exc), status="internal_error")
                continue
            if self.units == "claim":
                result = replace(result, claims=_claims_record(self._claims[plan.item.response]))
            share = verified.seconds * batch.new_by_owner.get(i, 0) / total_new
            results[i] = with_accounting(
                replace(result, evidence_examined=examined),
                passes=batch.new_by_owner.get(i, 0),
                timings={
                    "segment_s": round(plan.seconds, 6),
                    "verify_s": round(share, 6),
                    "batch_verify_s": round(verified.seconds, 6),
                },
            )

    def _unverified(self, plan: Plan[PayloadT], result: CheckResult, failed: Sequence[bool]) -> CheckResult:
        """``result`` with the units whose pairs failed made unverified, as ``api_error`` (module docstring)."""
        totals: dict[str, int] = {}
        reasons: dict[str, list[str]] = {}
        for pair, bad in zip(plan.pairs, failed, strict=True):
            totals[pair[1]] = totals.get(pair[1], 0) + 1
            if bad:
                reasons.setdefault(pair[1], []).append(failure_reason(self.verifier, pair))
        texts = {unit.text for unit in result.units}
        untied = [r for hypothesis, rs in reasons.items() if hypothesis not in texts for r in rs]
        units: list[UnitResult] = []
        for unit in result.units:
            own = reasons.get(unit.text, [])
            if own:
                error = f"{len(own)} of {totals[unit.text]} verifier pair(s) failed: {own[0]}"
            elif untied:
                error = f"{len(untied)} verifier pair(s) of this response failed: {untied[0]}"
            else:
                units.append(unit)
                continue
            units.append(unverified_unit(unit, error))
        n_failed = sum(1 for bad in failed if bad)
        n_units = sum(1 for unit in units if unit.error is not None)
        first = next(r for rs in reasons.values() for r in rs)
        reason = f"{n_failed} of {len(plan.pairs)} verifier pair(s) failed ({n_units} unit(s) unverified): {first}"
        return replace(result, status="api_error", reason=reason, score=None, flagged=None, units=tuple(units))

    def _examined(self, plan: Plan[PayloadT], lengths: Sequence[int]) -> float | None:
        """Share of the evidence's non-space characters inside a premise the verifier read whole; of a truncated
        premise only the longest prefix that fits with its hypothesis counts (medhal truncates the premise)."""
        if plan.premises is None:
            return None
        evidence = plan.item.evidence
        budget = self.verifier.max_length
        read: list[tuple[int, int]] = []
        truncated: dict[tuple[int, int], str] = {}
        for (start, end), (_, hypothesis), n in zip(plan.premises, plan.pairs, lengths, strict=True):
            if n <= budget:
                read.append((start, end))
            elif len(hypothesis) > len(truncated.get((start, end), "")):
                truncated[(start, end)] = hypothesis
        for (start, end), hypothesis in truncated.items():
            read.append((start, start + _fitting_prefix(evidence[start:end], self.fits_with(hypothesis))))
        return examined_share(evidence, read)

    def _extract_claims(self, items: Sequence[CheckItem]) -> None:
        if self.extractor is None:
            raise ConfigError("claim units need an LLM claim extractor")
        responses = list(dict.fromkeys(item.response for item in items))
        self._claims = dict(zip(responses, self.extractor.extract_many(responses), strict=True))


def unverified_unit(unit: UnitResult, error: str) -> UnitResult:
    """``unit`` as a unit the verifier could not check: ``error`` set, ``unsupported``, no probabilities, evidence
    pointers or cues, a NaN score and suspicion 1.0 (it needs a reader), position, text and signals kept."""
    return replace(
        unit,
        verdict="unsupported",
        score=math.nan,
        suspicion=1.0,
        p_entail=None,
        p_contradict=None,
        entailing=None,
        contradicting=None,
        cues=None,
        error=error,
    )


def _claims_record(extraction: ClaimExtractionLike) -> JSONObject:
    record = extraction.to_dict()
    record["unaligned"] = list(extraction.unaligned)
    return dict(record)


def _describe(exc: BaseException) -> str:
    """An exception as the one-line reason of an ``internal_error`` record."""
    text = str(exc).strip().splitlines()
    return f"internal error: {type(exc).__name__}" + (f": {text[0][:300]}" if text else "")


def _fitting_prefix(text: str, fits: Callable[[str], bool]) -> int:
    """Length of the longest prefix of ``text`` that ``fits`` (binary search: about log2(len) calls)."""
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if fits(text[:middle]):
            low = middle
        else:
            high = middle - 1
    return low


def examined_share(evidence: str, spans: Sequence[tuple[int, int]]) -> float:
    """Share of the non-space characters of ``evidence`` that lie in at least one of ``spans``."""
    total = _non_space(evidence)
    if not total:
        return 1.0
    inside, reach = 0, 0
    for start, end in sorted(spans):  # merged left to right, so overlapping spans count once
        start = max(start, reach)
        if end > start:
            inside += _non_space(evidence[start:end])
            reach = end
    return round(inside / total, 6)


def _non_space(text: str) -> int:
    return len(text) - len(_SPACE.findall(text))
