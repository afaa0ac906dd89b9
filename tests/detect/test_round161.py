"""Faithful clauses of blind rounds 161-164 that the cues contradicted (session 27), read end to end."""

from __future__ import annotations

import medhal

LEPROSY = (
    "Pooled relapse rates were 0.34 per 100 person-years with 12-month MDT and 0.29 with 24-month MDT (rate ratio "
    "1.18, 95% CI 0.71-1.96). In patients with an initial bacterial index of 4+ or more (5 studies, 1,184 patients), "
    "relapse was higher with 12-month therapy (1.42 vs 0.61 per 100 person-years; rate ratio 2.31, 95% CI 1.12-4.77)."
)
CLUBFOOT = (
    "At 4-year follow-up, relapse requiring further casting or surgery occurred in 13% and 24% of corrected feet "
    "respectively (p=0.12). Brace non-adherence, reported by parents in 31% of families, was the strongest predictor "
    "of relapse in both groups (odds ratio 5.2, 95% CI 1.9 to 14.1). Conclusions: Relapse rates did not differ "
    "significantly, and brace adherence was critical with either technique."
)


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_a_subgroup_factor_named_in_the_clause_before_is_not_the_pooled_ratio() -> None:
    response = (
        "The benefit of longer treatment showed up in patients with a high bacterial index, "
        "in whom relapse was more than twice as common after 12 months as after 24 months."
    )
    verdicts = _verdicts(LEPROSY, response)
    assert verdicts["in whom relapse was more than twice as common after 12 months as after 24 months."] != (
        "contradicted"
    )
    wrong = _verdicts(LEPROSY, response.replace("more than twice", "five times"))
    assert "contradicted" in wrong.values()  # no sentence gives five


def test_a_risk_factor_shown_by_its_ratio_is_not_denied_by_the_arms_null_finding() -> None:
    response = "The biggest risk was not wearing the brace, which made relapse about five times more likely."
    verdicts = _verdicts(CLUBFOOT, response)
    assert verdicts["which made relapse about five times more likely."] != "contradicted"
    record = medhal.check(CLUBFOOT, "Relapse was significantly less common with Ponseti casting.")
    assert record.units[0].verdict == "contradicted"  # the arms' null finding still denies an arms' effect
