"""A subgroup effect the evidence never reports (text/subgroup_claims.py, issue 14 rounds 34-35)."""

from __future__ import annotations

import pytest

from medhal.text.subgroup_claims import subgroup_claimed, unreported_subgroup

POLYPILL = [
    "Adults aged 50-80 years after myocardial infarction were randomly assigned to a polypill or usual care.",
    "The polypill lowered major cardiovascular events (hazard ratio 0.76, 95% CI 0.60 to 0.96).",
    "Results were consistent across prespecified subgroups of sex and diabetes.",
]


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        ("and the benefit was largest in patients over 75.", "patients over 75"),
        ("an effect that was strongest in female patients.", "female patients"),
        (
            "with the largest benefit seen in patients with high blood eosinophil counts",
            "patients with high blood eosinophil counts",
        ),
        ("The benefit was similar in men and women.", None),
        ("The polypill lowered major cardiovascular events.", None),
        # emphasis, not a claimed difference: left alone (PubMedQA's authors use it of subgroups not reported)
        ("especially in patients with diabetes.", None),
    ],
)
def test_the_subgroup_a_unit_claims_an_effect_differs_in(unit: str, expected: str | None) -> None:
    assert subgroup_claimed(unit) == expected


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        # an invented subgroup result: no sentence reports on people over 75 or heavy smokers
        ("and the benefit was largest in patients over 75.", "patients over 75"),
        (
            "with the largest benefit in heavy smokers of more than 20 cigarettes a day.",
            "heavy smokers of more than 20 cigarettes a day",
        ),
        # a subgroup the evidence reports on, in any words: left to the cues that read what it reports
        ("The benefit was greatest in people with diabetes.", None),
        ("and the benefit was largest in women.", None),
    ],
)
def test_a_subgroup_the_evidence_reports_nothing_on(unit: str, expected: str | None) -> None:
    sentences = [*POLYPILL, "The effect in women did not differ from that in men."]
    assert unreported_subgroup(unit, sentences) == expected


def test_paraphrased_subgroups_count_as_reported() -> None:
    # round 24: "overnight" for the evidence's "Nocturnal"; round 28: "longer use" for "rose with duration"
    assert (
        unreported_subgroup(
            "The gains were larger overnight than during the day.",
            ["Nocturnal TIR improved more than daytime TIR (difference 17.4%)."],
        )
        is None
    )
    assert (
        unreported_subgroup(
            "The association was stronger with longer use,",
            ["Among current users, risk rose with duration: the adjusted OR was 1.4."],
        )
        is None
    )


def test_a_subgroup_claim_whose_effect_is_the_clause_befores() -> None:
    # round 39: "It improved sleep, and was largest in people with coexisting anxiety."
    assert subgroup_claimed("and was largest in people with coexisting anxiety.") == "people with coexisting anxiety"
    assert unreported_subgroup("and was largest in people with coexisting anxiety.", POLYPILL) == (
        "people with coexisting anxiety"
    )
    assert subgroup_claimed("and the gain was similar in men and women.") is None


def test_a_subgroup_claim_on_a_pronoun_or_a_drop() -> None:
    # round 40: "It slowed cognitive decline, and it was seen only in women."; "with the largest drop among ..."
    assert subgroup_claimed("and it was seen only in women.") == "women"
    assert unreported_subgroup("and it was seen only in women.", POLYPILL[:2]) == "women"
    assert subgroup_claimed("with the largest drop among heavy drinkers.") == "heavy drinkers"
    assert subgroup_claimed("and it was well tolerated in women.") is None


def test_an_age_bound_is_reported_only_by_an_age() -> None:
    # round 41: "with the largest reduction seen in people under 30" was taken as reported by "Results were similar
    # when the first 30 days after treatment initiation were excluded"
    evidence = [
        "Lithium was associated with a lower rate of suicide than valproate (HR 0.57).",
        "Results were similar when the first 30 days after treatment initiation were excluded.",
    ]
    assert unreported_subgroup("with the largest reduction seen in people under 30.", evidence) == "people under 30"
    reported = [*evidence, "The association was similar in patients aged under 30 years."]
    assert unreported_subgroup("with the largest reduction seen in people under 30.", reported) is None


def test_an_effect_said_strongest_in_a_subgroup_after_with_the_is_a_claim() -> None:
    # round 45: "with the association strongest among boys" (the cohort reports no result by sex) was supported
    evidence = ["Longer breastfeeding was associated with lower odds of obesity (OR 0.52 for 12 months or longer)."]
    assert unreported_subgroup("with the association strongest among boys", evidence) == "boys"
    assert (
        unreported_subgroup("with the association strongest among boys", [*evidence, "It was similar in boys."]) is None
    )
