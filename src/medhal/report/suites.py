"""One entry point from any suite's result to its report: :func:`write_report` picks the renderer of the suite that
wrote ``config.json`` (the registry's name, :data:`medhal.bench.suite.SUITES`) and hands it the typed result and
what the run recorded about itself (``config.json``'s options).  Renderers are imported on first use."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

from medhal.bench.suite import RunConfig, SuiteResult
from medhal.detect.records import JSON

__all__ = ["REPORTS", "write_report"]

R = TypeVar("R")


def _expect(result: SuiteResult, kind: type[R], config: RunConfig) -> R:
    if not isinstance(result, kind):
        raise TypeError(f"suite {config.suite!r} has {kind.__name__} results, not {type(result).__name__}")
    return result


def _without(options: Mapping[str, JSON], *keys: str) -> dict[str, JSON]:
    return {k: v for k, v in options.items() if k not in keys}


def _localization(out: Path, result: SuiteResult, config: RunConfig) -> Path:
    from medhal.bench.localization.suite import LocalizationResult
    from medhal.report.localization import write_localization_report

    typed = _expect(result, LocalizationResult, config)
    return write_localization_report(out, typed, _without(config.options, "detectors"))


def _detection(out: Path, result: SuiteResult, config: RunConfig) -> Path:
    from medhal.bench.detection.suite import DetectionResult
    from medhal.report.detection import write_detection_report

    typed = _expect(result, DetectionResult, config)
    return write_detection_report(out, typed, _without(config.options, "detectors"))


def _table6(out: Path, result: SuiteResult, config: RunConfig) -> Path:
    from medhal.bench.detection.table6_suite import Table6Result
    from medhal.report.detection import write_table6_report

    typed = _expect(result, Table6Result, config)
    return write_table6_report(out, typed, _without(config.options, "detectors"))


def _verdicts(out: Path, result: SuiteResult, config: RunConfig) -> Path:
    from medhal.bench.verdicts.suite import VerdictsResult
    from medhal.report.verdicts import write_verdicts_report

    return write_verdicts_report(out, _expect(result, VerdictsResult, config), config.options)


def _medhalt(out: Path, result: SuiteResult, config: RunConfig) -> Path:
    from medhal.bench.medhalt.suite import MedhaltResult
    from medhal.report.medhalt import write_medhalt_report

    return write_medhalt_report(out, _expect(result, MedhaltResult, config), config.options)


def _paired(out: Path, result: SuiteResult, config: RunConfig) -> Path:
    from medhal.bench.paired.results import PairedResult
    from medhal.report.paired import write_paired_report

    typed = _expect(result, PairedResult, config)
    return write_paired_report(out, typed, _without(config.options, "schema_version"))


def _stagewise(out: Path, result: SuiteResult, config: RunConfig) -> Path:
    from medhal.bench.stagewise.suite import StagewiseResult
    from medhal.report.stagewise import write_stagewise_report

    typed = _expect(result, StagewiseResult, config)
    meta = _without(config.options, "schema_version", "suite", "prompt_version")
    return write_stagewise_report(out, typed.metrics, meta)


def _agreement(out: Path, result: SuiteResult, config: RunConfig) -> Path:
    from medhal.bench.agreement.suite import AgreementMetrics
    from medhal.report.agreement import write_agreement_report

    return write_agreement_report(out, _expect(result, AgreementMetrics, config))


REPORTS: Mapping[str, Callable[[Path, SuiteResult, RunConfig], Path]] = {
    "localization": _localization,
    "detection": _detection,
    "detection-table6": _table6,
    "verdicts": _verdicts,
    "medhalt": _medhalt,
    "paired": _paired,
    "stagewise": _stagewise,
    "agreement": _agreement,
}
"""Suite name -> its renderer; the same names as the suite registry (:data:`medhal.bench.suite.SUITES`)."""


def write_report(out: Path, result: SuiteResult, config: RunConfig) -> Path:
    """Render ``result`` of the suite ``config.suite`` into ``out`` (``report.md``, its figures and, for most suites,
    ``report.html``); return ``report.md``'s path.  ``KeyError`` for a suite without a report, ``TypeError`` when
    the result is not that suite's."""
    return REPORTS[config.suite](out, result, config)
