"""Check results read back from :meth:`~medhal.detect.records.CheckResult.to_dict` output (result files).

The reader lives with the records (:meth:`CheckResult.from_dict`); this name stays for the viewer's callers."""

from __future__ import annotations

from collections.abc import Mapping

from medhal.detect.records import JSON, CheckResult


def result_from_dict(obj: Mapping[str, JSON]) -> CheckResult:
    """:meth:`CheckResult.from_dict` (raises ``ValueError`` / ``KeyError`` / ``TypeError`` on records that are not
    check results)."""
    return CheckResult.from_dict(obj)
