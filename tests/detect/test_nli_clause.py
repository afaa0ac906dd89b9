from __future__ import annotations

from pathlib import Path

import pytest

from fakes import RuleVerifier
from medhal.detect import CheckItem, NLIClauseDetector, NLIResponseDetector, create_detector, detector_names
from medhal.detect.units import ConfigError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EVIDENCE = (EXAMPLES / "transit_evidence.txt").read_text()
RESPONSE = (EXAMPLES / "transit_response.txt").read_text()


def test_nli_clause_runs_one_pair_per_unit_against_whole_evidence() -> None:
    verifier = RuleVerifier([("Mayor Lena Ortiz said", "opposed")])
    result = NLIClauseDetector(verifier, units="sentence").detect(CheckItem(EVIDENCE, RESPONSE))
    assert result.pairs == 3 and result.windows == 1
    assert all(p == EVIDENCE.strip() for p, _ in verifier.calls[0])
    for u in result.units:
        assert u.score == pytest.approx(1.0 - u.p_entail)
        assert u.entailing is not None and u.entailing.text == EVIDENCE.strip()
    assert result.score == max(u.suspicion for u in result.units)
    ranked = result.ranked_units
    assert [u.suspicion for u in ranked] == sorted((u.suspicion for u in ranked), reverse=True)


def test_nli_clause_contradiction_score() -> None:
    verifier = RuleVerifier()
    result = NLIClauseDetector(verifier, score="contradiction").detect(CheckItem(EVIDENCE, RESPONSE))
    assert all(u.score == u.p_contradict for u in result.units)


def test_nli_response_is_seed_003_eq_3() -> None:
    verifier = RuleVerifier()
    result = NLIResponseDetector(verifier).detect(CheckItem(EVIDENCE, RESPONSE + "\n"))
    assert len(result.units) == 1
    unit = result.units[0]
    assert unit.kind == "response" and unit.text == RESPONSE.strip()
    assert result.score == pytest.approx(1.0 - unit.p_entail)


def test_registry() -> None:
    assert detector_names() == ["decomposed", "nli-clause", "nli-response"]
    assert create_detector("nli-clause", RuleVerifier()).name == "nli-clause"
    with pytest.raises(ConfigError, match="unknown detector"):
        create_detector("nope", RuleVerifier())
    with pytest.raises(ConfigError):
        create_detector("nli-response", RuleVerifier(), long_windows="skip")
