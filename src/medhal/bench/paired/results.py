"""The typed result of the paired suite (seed 002): ``metrics.json`` per configuration and their ``mean``.

Per configuration (:class:`ConfigMetrics`): ``pointwise`` (:class:`PointwiseReport`, every note with a parsed
verdict), ``parse_failures``, ``pairs`` (:class:`PairReport` with parse failures skipped, plus ``random_bcr`` and
a pair-cluster bootstrap CI ``bcr_ci``), ``pairs_imputed`` (random-assignment imputation), ``eca`` (or ``eca_note``
saying why there is none) and, with an embedder, ``eca_embedding``.  ``mean`` (:class:`MeanMetrics`, with several
configurations): each numeric field's :class:`Spread` over configurations (population sd, as seed 002 Table 2).
A report reads both through :meth:`PairedRow.section`: field -> number or spread.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import ClassVar, Literal, Protocol

from medhal.bench.paired.eca import EcaReport, EmbeddingLocalizationReport
from medhal.bench.paired.metrics import PairReport, PointwiseReport
from medhal.bench.paired.pairing import PairingResult
from medhal.bench.paired.records import NotePrediction
from medhal.detect.records import JSON, JSONObject

__all__ = [
    "Cell",
    "ConfigMetrics",
    "MeanMetrics",
    "PairedResult",
    "PairedRow",
    "PairsEntry",
    "ParseFailures",
    "Section",
    "Spread",
]

METRICS_VERSION = "1.0"
Section = Literal["pointwise", "pairs", "eca"]


@dataclass(frozen=True, slots=True)
class Spread:
    """A metric over configurations: mean, standard deviation and the number of finite values."""

    mean: float
    sd: float
    n: int

    def to_json(self) -> JSONObject:
        return asdict(self)


Cell = float | Spread | None
"""What a report cell shows: a configuration's number, the spread of the ``mean`` row, or nothing."""


def _numbers(values: Mapping[str, JSON]) -> dict[str, Cell]:
    return {k: float(v) for k, v in values.items() if isinstance(v, int | float) and not isinstance(v, bool)}


class PairedRow(Protocol):
    """A row of the paired report: a configuration or the ``mean`` over them."""

    def section(self, name: Section) -> Mapping[str, Cell] | None: ...

    @property
    def failures(self) -> int: ...


@dataclass(frozen=True, slots=True)
class ParseFailures:
    count: int
    rate: float
    statuses: Mapping[str, int] | None = None
    """Per status (``missing`` for a note without prediction); not kept by the ``mean``."""

    def to_json(self) -> JSONObject:
        out: JSONObject = {"count": self.count, "rate": self.rate}
        if self.statuses is not None:
            out["statuses"] = dict(self.statuses)
        return out


@dataclass(frozen=True, slots=True)
class PairsEntry:
    """``pairs``: the :class:`PairReport` (parse failures skipped), the prevalence-calibrated random BCR and the
    pair-cluster bootstrap CI of BCR (``None`` without resamples or pairs)."""

    report: PairReport
    random_bcr: float
    bcr_ci: tuple[float, float] | None = None

    def to_json(self) -> JSONObject:
        out: JSONObject = dict(self.report.to_dict())
        out["random_bcr"] = self.random_bcr
        if self.bcr_ci is not None:
            out["bcr_ci"] = list(self.bcr_ci)
        return out


@dataclass(frozen=True, slots=True)
class ConfigMetrics:
    """One configuration's ``metrics.json`` entry (see the module docstring)."""

    pointwise: PointwiseReport | None
    parse_failures: ParseFailures
    pairs: PairsEntry
    pairs_imputed: PairReport
    eca: EcaReport | None
    eca_note: str | None = None
    eca_embedding: EmbeddingLocalizationReport | None = None

    @property
    def failures(self) -> int:
        return self.parse_failures.count

    def section(self, name: Section) -> Mapping[str, Cell] | None:
        if name == "pointwise":
            return None if self.pointwise is None else _numbers(self.pointwise.to_dict())
        if name == "pairs":
            return _numbers(self.pairs.to_json())
        return None if self.eca is None else _numbers(self.eca.to_dict())

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "pointwise": None if self.pointwise is None else dict(self.pointwise.to_dict()),
            "parse_failures": self.parse_failures.to_json(),
            "pairs": self.pairs.to_json(),
            "pairs_imputed": dict(self.pairs_imputed.to_dict()),
            "eca": None if self.eca is None else dict(self.eca.to_dict()),
        }
        if self.eca_note is not None:
            out["eca_note"] = self.eca_note
        if self.eca_embedding is not None:
            out["eca_embedding"] = dict(self.eca_embedding.to_dict())
        return out


@dataclass(frozen=True, slots=True)
class MeanMetrics:
    """``mean``: every numeric field of ``pointwise``, ``pairs`` and ``eca`` as its :class:`Spread` over the
    configurations that have the section (``None`` when none has it), and the parse failures summed."""

    pointwise: Mapping[str, Spread] | None
    pairs: Mapping[str, Spread] | None
    eca: Mapping[str, Spread] | None
    parse_failures: ParseFailures

    @property
    def failures(self) -> int:
        return self.parse_failures.count

    def section(self, name: Section) -> Mapping[str, Cell] | None:
        return self.pointwise if name == "pointwise" else self.pairs if name == "pairs" else self.eca

    def to_json(self) -> JSONObject:
        def spreads(values: Mapping[str, Spread] | None) -> JSON:
            return None if values is None else {k: v.to_json() for k, v in values.items()}

        return {
            "pointwise": spreads(self.pointwise),
            "pairs": spreads(self.pairs),
            "eca": spreads(self.eca),
            "parse_failures": self.parse_failures.to_json(),
        }


@dataclass(frozen=True, slots=True)
class PairedResult:
    """``metrics.json`` (configuration -> :class:`ConfigMetrics`, then ``mean`` with several), the pairing
    (``pairs.json``) and the predictions scored (``predictions.jsonl``)."""

    configs: Mapping[str, ConfigMetrics]
    mean: MeanMetrics | None
    pairing: PairingResult
    predictions: Sequence[NotePrediction]
    schema_version: ClassVar[str] = METRICS_VERSION

    @property
    def complete(self) -> bool:
        """Every note of every configuration got a verdict."""
        return all(p.status == "ok" for p in self.predictions)

    def rows(self) -> dict[str, PairedRow]:
        """The configurations, then ``mean``."""
        rows: dict[str, PairedRow] = dict(self.configs)
        if self.mean is not None:
            rows["mean"] = self.mean
        return rows

    def to_json(self) -> JSONObject:
        out: JSONObject = {name: m.to_json() for name, m in self.configs.items()}
        if self.mean is not None:
            out["mean"] = self.mean.to_json()
        return out
