"""The ``Detector`` seam and the shared machinery of verifier-backed detectors.

A detector turns :class:`~medhal.detect.records.CheckItem` s into :class:`~medhal.detect.records.CheckResult` s:
units with spans ranked by suspicion, plus a response score.  Verifier-backed detectors work in two phases so
that one verifier pass serves many responses:

1. ``plan(item)`` segments the texts and lists the ``(premise, hypothesis)`` pairs the item needs;
2. :class:`PairBatch` deduplicates the pairs of *all* planned items and sends the unique ones to the verifier in
   one call (the verifier sorts them by length and batches them);
3. ``assemble(plan, probs)`` turns the item's rows back into an audit trail.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

import numpy as np

from medhal.detect.records import CheckItem, CheckResult, Status
from medhal.detect.units import segment_units
from medhal.text import Span
from medhal.verify.base import Pair, Probabilities, Verifier

__all__ = [
    "MAX_EVIDENCE_CHARS",
    "MAX_RESPONSE_CHARS",
    "Detector",
    "InputError",
    "PairBatch",
    "PairwiseDetector",
    "Plan",
    "validate_item",
]

MAX_EVIDENCE_CHARS = 200_000
"""Longest evidence accepted (characters); about 30k words, far beyond what an NLI window budget can use."""
MAX_RESPONSE_CHARS = 20_000
"""Longest response accepted (characters)."""


class InputError(ValueError):
    """An item cannot be checked as given (empty text, over a size limit, ...); the message is one line."""


def validate_item(item: CheckItem) -> None:
    """Raise :class:`InputError` for input medhal refuses to check."""
    for name, value, limit in (
        ("evidence", item.evidence, MAX_EVIDENCE_CHARS),
        ("response", item.response, MAX_RESPONSE_CHARS),
    ):
        if not isinstance(value, str):
            raise InputError(f"{name} must be a string, got {type(value).__name__}")
        if not value.strip():
            raise InputError(f"{name} is empty")
        if len(value) > limit:
            raise InputError(f"{name} has {len(value)} characters; the limit is {limit}")
    if item.question is not None and not isinstance(item.question, str):
        raise InputError("question must be a string")


@runtime_checkable
class Detector(Protocol):
    """Anything that turns checked items into ranked units and a response score."""

    @property
    def name(self) -> str: ...

    def detect(self, item: CheckItem) -> CheckResult: ...

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]: ...


@dataclass(slots=True)
class Plan:
    """What one item needs from the verifier, and what ``assemble`` needs to read the answers."""

    item: CheckItem
    pairs: list[Pair]
    data: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


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


class PairwiseDetector(ABC):
    """Base of detectors that score ``(evidence window, unit)`` pairs with a :class:`Verifier`."""

    name: str = ""

    units: str = ""
    extractor: Any = None
    """A :class:`~medhal.detect.claims.ClaimExtractor` when ``units == "claim"``."""

    def __init__(self, verifier: Verifier) -> None:
        self.verifier = verifier
        self._claims: dict[str, Any] = {}

    def fits_with(self, hypothesis: str) -> Callable[[str], bool]:
        """A test of whether a premise paired with ``hypothesis`` fits the verifier's token budget."""
        budget = self.verifier.max_length

        def fits(premise: str) -> bool:
            return self.verifier.pair_lengths([(premise, hypothesis)])[0] <= budget

        return fits

    def units_of(self, response: str) -> list[Span]:
        """The response's units: extracted claims (aligned spans) or clauses / sentences."""
        if self.units == "claim":
            return list(self._claims[response].spans)
        return segment_units(response, self.units)  # type: ignore[arg-type]

    @property
    def config(self) -> dict[str, Any]:
        """The options that shape this detector's output, recorded in every result."""
        return {}

    @abstractmethod
    def plan(self, item: CheckItem) -> Plan: ...

    @abstractmethod
    def assemble(self, plan: Plan, probs: Probabilities, lengths: Sequence[int]) -> CheckResult:
        """Build the result from the item's probability rows (aligned with ``plan.pairs``) and pair lengths."""

    def input_error(self, item: CheckItem, reason: str, *, status: Status = "input_error") -> CheckResult:
        return CheckResult(
            detector=self.name,
            verifier_id=self.verifier.id,
            config=self.config,
            status=status,
            id=item.id,
            reason=reason,
            medhal_version=_version(),
        )

    def detect(self, item: CheckItem) -> CheckResult:
        return self.detect_many([item])[0]

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """Check many items with one deduplicated, length-sorted verifier pass."""
        results: list[CheckResult | None] = [None] * len(items)
        plans: dict[int, Plan] = {}
        valid: list[int] = []
        for i, item in enumerate(items):
            try:
                validate_item(item)
                valid.append(i)
            except InputError as exc:
                results[i] = self.input_error(item, str(exc))
        if self.units == "claim":
            self._extract_claims([items[i] for i in valid])
        for i in valid:
            item = items[i]
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
        batch = PairBatch()
        rows = {i: [batch.add(p, i) for p in plan.pairs] for i, plan in plans.items()}
        start = time.perf_counter()
        probs = batch.run(self.verifier)
        verify_seconds = time.perf_counter() - start
        lengths = self.verifier.pair_lengths(batch.pairs) if batch.pairs else []
        total_new = max(1, len(batch.pairs))
        for i, plan in plans.items():
            idx = rows[i]
            result = self.assemble(plan, probs[idx], [lengths[r] for r in idx])
            if self.units == "claim":
                result = replace(result, claims=_claims_record(self._claims[plan.item.response]))
            share = verify_seconds * batch.new_by_owner.get(i, 0) / total_new
            results[i] = _with_accounting(
                result,
                passes=batch.new_by_owner.get(i, 0),
                timings={
                    "segment_s": round(plan.seconds, 6),
                    "verify_s": round(share, 6),
                    "batch_verify_s": round(verify_seconds, 6),
                },
            )
        self._claims = {}
        return [r for r in results if r is not None]

    def _extract_claims(self, items: Sequence[CheckItem]) -> None:
        responses = list(dict.fromkeys(item.response for item in items))
        self._claims = dict(zip(responses, self.extractor.extract_many(responses), strict=True))


def _claims_record(extraction: Any) -> dict[str, Any]:
    record = extraction.to_dict()
    record["unaligned"] = list(extraction.unaligned)
    return dict(record)


def _with_accounting(result: CheckResult, *, passes: int, timings: dict[str, float]) -> CheckResult:
    return replace(result, verifier_passes=passes, timings=timings, medhal_version=_version())


def _version() -> str:
    from medhal import __version__

    return __version__
