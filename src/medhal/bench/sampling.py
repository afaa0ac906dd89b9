"""``--limit N`` of the benchmark commands: a seeded sample stratified by type, not the file's first N items.

Benchmark files are often sorted (MedHal-Loc by error type), so their first N items can all be of one type.
:func:`stratified_sample` takes N units spread over the strata (error type, category or label) in proportion to
their sizes, at least one of each while N allows (largest remainders, ties by stratum name), each stratum's
picks drawn by ``random.Random(seed)``.  The same items, seed and N always give the same sample; it is returned
in file order.  Items sharing a group (a paired benchmark's clean and hallucinated twins, one ``pair_id``) are one
unit: taken or left together.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from medhal.detect.records import JSONObject

__all__ = ["Sample", "detection_group", "detection_stratum", "stratified_sample"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Sample(Generic[T]):
    items: list[T]
    """The sampled items, in their input order."""
    limit: int
    seed: int
    by: str
    """What the strata are (``error_type``, ``category/label`` ...)."""
    strata: dict[str, int] = field(default_factory=dict)
    """Sampled units per stratum."""
    population: dict[str, int] = field(default_factory=dict)
    """Units per stratum before sampling."""

    def record(self, ids: Sequence[str]) -> JSONObject:
        """What a run records about the sample (``ids``: the sampled items' ids)."""
        return {
            "limit": self.limit,
            "seed": self.seed,
            "method": "stratified",
            "by": self.by,
            "strata": dict(self.strata),
            "population": dict(self.population),
            "ids": list(ids),
        }


def _allocate(sizes: dict[str, int], n: int, rng: random.Random) -> dict[str, int]:
    """Units per stratum: one each while ``n`` allows (which ones, when it does not, drawn by ``rng``), the rest
    in proportion to what is left of each (largest remainders, ties by name)."""
    names = sorted(sizes)
    alloc = dict.fromkeys(names, 0)
    first = names if n >= len(names) else sorted(rng.sample(names, n))
    for name in first:
        alloc[name] = 1
    rest = n - len(first)
    room = {name: sizes[name] - alloc[name] for name in names}
    total = sum(room.values())
    if rest <= 0 or total == 0:
        return alloc
    quotas = {name: rest * room[name] / total for name in names}
    for name in names:
        alloc[name] += math.floor(quotas[name])
    left = rest - sum(math.floor(q) for q in quotas.values())
    for name in sorted(names, key=lambda x: (-(quotas[x] - math.floor(quotas[x])), x))[:left]:
        alloc[name] += 1
    return alloc


def stratified_sample(
    items: Sequence[T],
    limit: int | None,
    *,
    stratum: Callable[[T], str],
    seed: int = 0,
    group: Callable[[T], Hashable] | None = None,
    by: str = "type",
) -> Sample[T]:
    """``limit`` units of ``items`` (all of them when ``limit`` is ``None`` or not smaller), stratified by
    ``stratum`` and drawn with ``seed``; see the module docstring.  ``group`` keys the units (default: each item
    its own); a unit's stratum is its items' distinct strata joined by ``/``."""
    units: dict[Hashable, list[int]] = {}
    for index, item in enumerate(items):
        units.setdefault(group(item) if group is not None else index, []).append(index)
    strata: dict[str, list[list[int]]] = {}
    for members in units.values():
        key = "/".join(sorted({stratum(items[i]) for i in members}))
        strata.setdefault(key, []).append(members)
    population = {key: len(value) for key, value in sorted(strata.items())}
    if limit is None or limit >= len(units):
        return Sample(list(items), limit or len(units), seed, by, dict(population), population)
    rng = random.Random(seed)
    alloc = _allocate(population, limit, rng)
    chosen: list[int] = []
    for key in sorted(strata):
        picked = rng.sample(strata[key], alloc[key])
        chosen.extend(i for members in picked for i in members)
    taken = {key: count for key, count in alloc.items() if count}
    return Sample([items[i] for i in sorted(chosen)], limit, seed, by, taken, population)


def detection_stratum(item: Any) -> str:
    """A detection item's stratum: its ``error_type`` (MedHal-Loc) or ``category`` (MedHallu), else its label."""
    meta = getattr(item, "meta", {}) or {}
    kind = meta.get("error_type") or meta.get("category")
    return f"label={item.label}" if kind is None else str(kind)


def detection_group(item: Any) -> Hashable:
    """A detection item's unit: its pair (``meta["pair_id"]``) where the benchmark pairs items, else itself."""
    meta = getattr(item, "meta", {}) or {}
    pair = meta.get("pair_id")
    return ("pair", pair) if pair is not None else ("item", item.id)
