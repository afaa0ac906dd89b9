"""Pairs a verifier cannot score (NaN rows) become unverified units and an ``api_error`` record, never verdicts."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from fakes import RuleVerifier
from medhal.detect.base import PairwiseDetector, Plan
from medhal.detect.nli_clause import NLIClauseDetector
from medhal.detect.records import CheckItem, CheckResult, UnitResult
from medhal.detect.units import Unit, judged_unit
from medhal.text import Span
from medhal.verify.base import Pair, Probabilities
from medhal.verify.failures import NO_REASON

EVIDENCE = "The trial enrolled 412 adults. Patients received amlodipine daily."


class FailingVerifier(RuleVerifier):
    """The rule verifier, but every pair whose hypothesis holds ``BROKEN`` is a NaN row with a reason."""

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        probs = super().predict(pairs)
        probs[[i for i, (_, h) in enumerate(pairs) if "BROKEN" in h]] = np.nan
        return probs

    def pair_failure(self, pair: Pair) -> str | None:
        return "api_error: HTTP 503 after 5 attempts" if "BROKEN" in pair[1] else None


def test_only_the_unit_with_failed_pairs_is_unverified() -> None:
    detector = NLIClauseDetector(FailingVerifier())
    item = CheckItem(EVIDENCE, "Patients received amlodipine daily. BROKEN pressure rose.")
    result = detector.detect(item)
    fine = NLIClauseDetector(RuleVerifier()).detect(CheckItem(EVIDENCE, "Patients received amlodipine daily."))
    assert result.status == "api_error" and result.score is None and result.flagged is None
    assert result.reason is not None and "1 of 2 verifier pair(s) failed (1 unit(s) unverified)" in result.reason
    good, bad = result.units
    assert good == fine.units[0] and good.error is None
    assert bad.error == "1 of 1 verifier pair(s) failed: api_error: HTTP 503 after 5 attempts"
    assert (bad.verdict, bad.suspicion, bad.p_entail, bad.entailing) == ("unsupported", 1.0, None, None)
    assert math.isnan(bad.score) and result.ranked_units[0] is bad
    record = result.to_dict()
    json.dumps(record, allow_nan=False)
    assert "error" not in record["units"][0] and record["units"][1]["score"] is None  # type: ignore[index]
    assert CheckResult.from_dict(record).units[1].error == bad.error


def test_records_without_failures_have_no_error_key() -> None:
    result = NLIClauseDetector(FailingVerifier()).detect(CheckItem(EVIDENCE, "Patients received amlodipine daily."))
    assert result.status == "ok" and all("error" not in u for u in result.to_dict()["units"])  # type: ignore[union-attr]


class RestatingDetector(PairwiseDetector[list[Unit]]):
    """Verifies each unit as a rewritten hypothesis (like kg-triple's triples), so a pair names no unit."""

    name = "restating"

    def plan(self, item: CheckItem) -> Plan[list[Unit]]:
        units = [Unit.of_span(Span(0, len(item.response), item.response))]
        return Plan(item=item, pairs=[(item.evidence, f"claim: {u.text}") for u in units], data=units)

    def assemble(self, plan: Plan[list[Unit]], probs: Probabilities, lengths: Sequence[int]) -> CheckResult:
        units: list[UnitResult] = [
            judged_unit(k, u, "response", "supported", float(probs[k, 0])) for k, u in enumerate(plan.data)
        ]
        return self.verified_result(plan, units, 0.0, lengths, windows=1, library_entries=1)


def test_a_failed_pair_no_unit_text_matches_leaves_every_unit_unverified() -> None:
    class Silent(FailingVerifier):
        def pair_failure(self, pair: Pair) -> str | None:
            return None

    result = RestatingDetector(Silent()).detect(CheckItem(EVIDENCE, "BROKEN answer."))
    assert result.status == "api_error"
    (unit,) = result.units
    assert unit.error is not None and NO_REASON in unit.error and unit.verdict == "unsupported"


def test_unit_errors_round_trip_through_rows_and_parquet(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    from medhal.detect.parquet import ResultWriter, read_result_rows

    detector = NLIClauseDetector(FailingVerifier())
    failed = detector.detect(CheckItem(EVIDENCE, "Patients received amlodipine daily. BROKEN pressure rose.", id="f"))
    fine = detector.detect(CheckItem(EVIDENCE, "Patients received amlodipine daily.", id="ok"))
    path = tmp_path / "r.parquet"
    with path.open("wb") as handle:
        writer = ResultWriter(handle)
        writer.write([failed.to_row(line=1), fine.to_row(line=2)])
        writer.close()
    back = [CheckResult.from_row(row) for row in read_result_rows(path)]
    assert back[0].units[1].error == failed.units[1].error and back[0].units[0].error is None
    assert [b.to_dict(timings=False) for b in back] == [r.to_dict(timings=False) for r in (failed, fine)]
