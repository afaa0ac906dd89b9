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
    assert {"decomposed", "nli-clause", "nli-response", "kg-triple", "selfcheck-nli", "fava", "random"} <= set(
        detector_names()
    )
    assert create_detector("nli-clause", RuleVerifier()).name == "nli-clause"
    with pytest.raises(ConfigError, match="unknown detector"):
        create_detector("nope", RuleVerifier())
    with pytest.raises(ConfigError):
        create_detector("nli-response", RuleVerifier(), long_windows="skip")


def test_premise_windows_fall_back_to_whole_evidence_when_it_fits() -> None:
    verifier = RuleVerifier()
    whole = NLIClauseDetector(verifier).detect(CheckItem(EVIDENCE, RESPONSE))
    windowed = NLIClauseDetector(verifier, premise="windows").detect(CheckItem(EVIDENCE, RESPONSE))
    assert windowed.windows == 1
    assert [u.score for u in windowed.units] == [u.score for u in whole.units]


def test_premise_windows_split_long_evidence_and_point_at_the_deciding_window() -> None:
    names = [
        "alpha",
        "bravo",
        "charlie",
        "delta",
        "echo",
        "foxtrot",
        "golf",
        "hotel",
        "india",
        "juliet",
        "kilo",
        "lima",
    ]
    evidence = " ".join(f"Sentence {i} says that {n}mab treats {n}itis in adults." for i, n in enumerate(names))
    response = "Deltamab treats deltaitis in adults, and kilomab treats kiloitis in adults."
    verifier = RuleVerifier(max_length=40)
    result = NLIClauseDetector(verifier, premise="windows", units="clause").detect(CheckItem(evidence, response))
    assert result.windows > 1 and result.truncated_pairs == 0
    assert result.pairs == len(result.units) * result.windows
    premises = {p for p, _ in verifier.calls[0]}
    assert all(verifier.pair_lengths([(p, "x " * 8)])[0] <= 40 for p in premises)
    for unit in result.units:
        pointer = unit.entailing
        assert pointer is not None and evidence[pointer.start : pointer.end] == pointer.text
        name = "delta" if "delta" in unit.text.lower() else "kilo"
        assert f"{name}mab " in pointer.text
        expected = max(verifier.predict([(p, unit.text)])[0][0] for p in premises)
        assert unit.p_entail == pytest.approx(expected)
    assert result.config["premise"] == "windows"


def test_unknown_premise_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="premise"):
        NLIClauseDetector(RuleVerifier(), premise="chunks")  # type: ignore[arg-type]
