"""Research abstracts of rounds 137-140 checked end to end with the embedded verifier: faithful clauses the encoder
read as contradicted, each now kept from contradiction at its cause (detect/focus.py, text/lexical.py)."""

from __future__ import annotations

import pytest

from medhal.checker import Checker
from medhal.detect import CheckResult

RATS = (
    "Methods: Rats were pretreated with vehicle or buprenorphine (0.1, 0.3 or 1.0 mg/kg) before intravenous fentanyl. "
    "Results: In vehicle-pretreated rats, fentanyl reduced minute ventilation to 38% (SD 9%) of baseline. "
    "Buprenorphine produced dose-dependent protection: minute ventilation after fentanyl was 52% (SD 11%), 71% "
    "(SD 10%) and 84% (SD 8%) of baseline at 0.1, 0.3 and 1.0 mg/kg, respectively (p<0.001 for trend)."
)
MALARIA = (
    "Methods: We followed 1,204 pregnant women given intermittent preventive treatment. Results: Placental malaria "
    "was less common with ≥3 doses (18.3% vs 26.1%; aRR 0.72, 95% CI 0.57-0.91). Low birth weight did not differ."
)


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker()


def _unit(result: CheckResult, text: str) -> str:
    return next(u.verdict for u in result.units if u.text == text)


def test_one_measurement_anchors_a_clause_to_its_sentence(checker: Checker) -> None:
    # round 138: P(C) 0.96 from the buprenorphine sentence, which holds none of the clause's 38%
    clause = "Without buprenorphine, fentanyl cut minute ventilation to 38% of baseline."
    assert _unit(checker.check(RATS, clause), clause) != "contradicted"
    wrong = "Without buprenorphine, fentanyl raised minute ventilation to 38% of baseline."
    assert _unit(checker.check(RATS, wrong), wrong) != "supported"


def test_a_bound_in_words_is_no_opposite_direction(checker: Checker) -> None:
    # round 139: "three or more" read "more" against the sentence's "less" (P(C) 0.98)
    clause = "Placental malaria was also less frequent with three or more doses (18.3% vs 26.1%)."
    assert _unit(checker.check(MALARIA, clause), clause) == "supported"
    flipped = "Placental malaria was more frequent with three or more doses (18.3% vs 26.1%)."
    assert _unit(checker.check(MALARIA, flipped), flipped) == "contradicted"
