"""The :class:`DetectionItem` record, apart from :mod:`medhal.data.detection` so the dataset loaders that build it
(:mod:`~medhal.data.medhallu`, :mod:`~medhal.data.halueval`, :mod:`~medhal.data.qags`) and the dispatcher that
calls them import without a cycle.  Import it from :mod:`medhal.data.detection`, which documents it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["DetectionItem"]


@dataclass(frozen=True, slots=True)
class DetectionItem:
    """A response, its evidence (``None`` when the benchmark has none) and the gold label (1 = hallucinated).

    ``question``: the user question or query the response answers, where there is one.  ``source``: the
    benchmark it came from (``"medhallu"``, ``"medhal-loc"``, ``"halueval-general"``, ``"qags-xsum"``, ...).
    ``meta``: per-dataset extras (see the module docstring); it takes no part in hashing.
    """

    id: str
    evidence: str | None
    response: str
    label: int
    question: str | None
    source: str
    meta: dict[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.label not in (0, 1):
            raise ValueError(f"{self.id}: detection label must be 0 or 1, got {self.label!r}")
