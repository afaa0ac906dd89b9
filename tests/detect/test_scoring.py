from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from medhal.detect.scoring import VerdictRule, contrastive_score, fed_score, suspicion_from_score

positive = st.floats(min_value=1e-6, max_value=1.0, allow_nan=False)


def test_contrastive_score_takes_independent_maxima() -> None:
    # best entailment from window 0, best contradiction from window 2 (seed 003 eq. 1)
    assert contrastive_score([0.9, 0.2, 0.1], [0.05, 0.1, 0.7]) == pytest.approx(0.9 - 0.7)
    with pytest.raises(ValueError):
        contrastive_score([], [])


def test_fed_edge_cases() -> None:
    assert fed_score([0.5, 0.0, 0.9]) == 1.0  # any score <= 0 -> 1
    assert fed_score([0.5, -0.3]) == 1.0
    assert fed_score([0.64, 0.25]) == pytest.approx(1 - math.sqrt(0.64 * 0.25))  # 1 - 0.4
    assert fed_score([1.0, 1.0]) == 0.0


@given(st.lists(positive, min_size=1, max_size=12))
def test_fed_is_one_minus_geometric_mean(scores: list[float]) -> None:
    expected = 1.0 - math.prod(scores) ** (1.0 / len(scores))
    assert fed_score(scores) == pytest.approx(expected, abs=1e-9)
    assert 0.0 <= fed_score(scores) < 1.0


@given(st.lists(positive, min_size=1, max_size=8), st.integers(min_value=0, max_value=7), positive)
def test_fed_is_monotone_non_increasing_in_each_score(scores: list[float], i: int, bump: float) -> None:
    i %= len(scores)
    raised = list(scores)
    raised[i] = min(1.0, scores[i] + bump)
    assert fed_score(raised) <= fed_score(scores) + 1e-12


def test_verdict_rule_reproduces_seed_appendix_b_outcomes() -> None:
    rule = VerdictRule()
    assert rule.verdict(0.93, 0.02) == "supported"  # c1 grounded in s2
    assert rule.verdict(0.10, 0.88) == "contradicted"  # c2 contradicted by s3
    assert rule.verdict(0.08, 0.21) == "unsupported"  # c3: negative score, yet no strong contradiction
    assert rule.verdict(0.4, 0.3) == "unsupported"
    with pytest.raises(ValueError):
        VerdictRule(entail_threshold=1.5)


def test_suspicion_is_order_reversing_map_to_unit_interval() -> None:
    assert suspicion_from_score(1.0) == 0.0
    assert suspicion_from_score(-1.0) == 1.0
    assert suspicion_from_score(0.2) < suspicion_from_score(-0.2)


def test_fed_of_zero_claims_is_refused() -> None:
    # seed 003 eq. 2: 1 - (prod_i s_i) ** (1 / n) has no value at n = 0; medhal does not invent one
    with pytest.raises(ValueError, match="zero claims"):
        fed_score([])
    # one claim: the geometric mean is the claim's own score (independent: 1 - 0.81 ** 1)
    assert fed_score([0.81]) == pytest.approx(0.19)


def test_a_response_with_zero_claims_is_a_parse_failure_not_fed_zero() -> None:
    from fakes import RuleVerifier
    from llm.fake_client import ScriptedClient
    from medhal.detect import CheckItem, DecomposedDetector
    from medhal.detect.claims import ClaimExtractor

    extractor = ClaimExtractor(ScriptedClient(lambda _: "   \n-\n"))  # the model answers, no claim survives
    for aggregation in ("seed", "aligned"):
        detector = DecomposedDetector(RuleVerifier([]), units="claim", extractor=extractor, aggregation=aggregation)
        (result,) = detector.detect_many([CheckItem("The sky is blue.", "It is blue.")])
        assert result.status == "parse_failure" and result.score is None and not result.flagged
        assert result.units == ()
