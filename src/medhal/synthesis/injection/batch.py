"""Error injection over many records: a seeded record order, balanced types, per-type quotas and statistics.

Nothing is dropped silently: :func:`inject_items` reports every (record, type) attempt where no perturbation
applies, per type, in its :class:`InjectionStats`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from medhal.synthesis.injection.records import ERROR_TYPES, CleanRecord, ErrorType, InjectedItem, parse_error_types
from medhal.synthesis.injection.rules import _inject
from medhal.synthesis.perturb import EntityInventory

__all__ = ["InjectionStats", "InjectionSummary", "Skip", "inject_items", "plan_assignments"]


@dataclass(frozen=True, slots=True)
class Skip:
    """A (record, type) attempt where no perturbation applied."""

    record_id: str
    error_type: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.record_id, "target_type": self.error_type, "status": "skipped", "reason": self.reason}


class InjectionSummary(TypedDict):
    """:meth:`InjectionStats.to_dict`: the counts per type, JSON-ready."""

    types: list[str]
    records: int
    requested_per_type: int | None
    produced: dict[str, int]
    skipped: dict[str, int]
    shortfall: dict[str, int]
    unusable_records: int


@dataclass(slots=True)
class InjectionStats:
    """What :func:`inject_items` did, per error type.

    ``produced[t]`` items were made; ``skipped[t]`` records were tried for ``t`` without an applicable
    perturbation (each listed in ``skips``; such a record may still have produced an item of another type);
    ``unusable`` records got no item of any open type.  ``requested`` is the per-type quota (``None``: no quota,
    every record is used for the neediest type).
    """

    types: tuple[str, ...]
    records: int
    requested: int | None
    produced: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    skips: list[Skip] = field(default_factory=list)
    unusable: int = 0

    @property
    def shortfall(self) -> dict[str, int]:
        """Items missing to reach the quota, per type (all 0 without a quota)."""
        if self.requested is None:
            return dict.fromkeys(self.types, 0)
        return {t: max(0, self.requested - self.produced.get(t, 0)) for t in self.types}

    def success_rate(self, error_type: str) -> float:
        """Share of the attempts at ``error_type`` that produced an item (nan without attempts)."""
        made, failed = self.produced.get(error_type, 0), self.skipped.get(error_type, 0)
        return made / (made + failed) if made + failed else float("nan")

    def to_dict(self) -> InjectionSummary:
        return {
            "types": list(self.types),
            "records": self.records,
            "requested_per_type": self.requested,
            "produced": {t: self.produced.get(t, 0) for t in self.types},
            "skipped": {t: self.skipped.get(t, 0) for t in self.types},
            "shortfall": self.shortfall,
            "unusable_records": self.unusable,
        }


def _shuffled(n: int, seed: int) -> list[int]:
    order = list(range(n))
    random.Random(f"medhal-inject-order:{seed}").shuffle(order)
    return order


def plan_assignments(
    records: Sequence[CleanRecord], types: Sequence[str], *, seed: int, per_type: int | None = None
) -> list[tuple[CleanRecord, ErrorType]]:
    """A fixed record -> type plan: records in a seeded order, types in turn, each record used once, until every
    type has ``per_type`` records (or the records run out).  For injectors that cannot tell in advance whether a
    record suits a type (the LLM injector); :func:`inject_items` instead moves on to the next record."""
    kinds = parse_error_types(types)
    counts = dict.fromkeys(kinds, 0)
    plan: list[tuple[CleanRecord, ErrorType]] = []
    for index in _shuffled(len(records), seed):
        open_types = [t for t in kinds if per_type is None or counts[t] < per_type]
        if not open_types:
            break
        kind = min(open_types, key=lambda t: (counts[t], kinds.index(t)))
        counts[kind] += 1
        plan.append((records[index], kind))
    return plan


def inject_items(
    records: Sequence[CleanRecord],
    *,
    types: Sequence[str] = ERROR_TYPES,
    seed: int = 0,
    inventory: EntityInventory | None = None,
    per_type: int | None = None,
    donors: bool = True,
    builtin_fallback: bool = True,
) -> tuple[list[InjectedItem], InjectionStats]:
    """Injected items for ``records``, each record used at most once, and what happened per type.

    Records are taken in a seeded order; each goes to the open type with the fewest items so far (ties in
    ``types`` order); when no perturbation of that type applies, the attempt is recorded as a :class:`Skip` and
    the next open type is tried.  A type is open until it has ``per_type`` items (``None``: always, so every
    usable record yields one item and the types stay balanced).  ``donors``: ``invented`` may append a clause
    of another record; ``inventory`` and ``builtin_fallback`` as in :func:`inject`.  Deterministic: the same
    records, arguments and seed give the same items.
    """
    kinds = parse_error_types(types)
    if per_type is not None and per_type < 1:
        raise ValueError(f"per_type must be >= 1, got {per_type}")
    ids = [r.id for r in records]
    if len(set(ids)) != len(ids):
        raise ValueError("record ids must be unique")
    stats = InjectionStats(kinds, len(records), per_type, dict.fromkeys(kinds, 0), dict.fromkeys(kinds, 0))
    pool = [r.clean_text for r in records] if donors else []
    items: list[InjectedItem] = []
    for index in _shuffled(len(records), seed):
        open_types = [t for t in kinds if per_type is None or stats.produced[t] < per_type]
        if not open_types:
            break
        record = records[index]
        made_one = False
        for kind in sorted(open_types, key=lambda t: (stats.produced[t], kinds.index(t))):
            made = _inject(
                record.clean_text,
                kind,
                f"{seed}:{record.id}:{kind}",
                inventory,
                record.evidence,
                pool,
                builtin_fallback,
            )
            if isinstance(made, str):
                stats.skipped[kind] += 1
                stats.skips.append(Skip(record.id, kind, made))
                continue
            items.append(InjectedItem.build(record, made, "rule"))
            stats.produced[kind] += 1
            made_one = True
            break
        if not made_one:
            stats.unusable += 1
    return items, stats
