"""The null-finding cue: a unit asserting an effect the evidence reports as absent (issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.findings import asserts_effect, finding_subject, null_finding_conflict, reports_null_finding

MORTALITY = "Mortality from any cause did not differ significantly between the groups."
LACTIC = "Lactic acidosis did not occur in either group."


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("all-cause mortality was significantly lower with early rhythm control", MORTALITY),
        ("Metformin caused lactic acidosis in 3% of patients", LACTIC),
        ("Statins reduced the rate of myocardial infarction.", "The rate of myocardial infarction was not reduced."),
        ("Adverse events were more common with the drug.", "There was no difference in adverse events."),
        (
            "Pain scores were lower after surgery than in the control arm.",
            "Pain scores were similar between the surgery and control arms.",
        ),
    ],
)
def test_fires_on_an_effect_the_evidence_reports_absent(unit: str, sentence: str) -> None:
    assert null_finding_conflict(unit, sentence)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        # faithful restatements of the null finding (negated, hedged or "similar"): never contradicted
        ("all-cause mortality did not differ significantly between groups", MORTALITY),
        ("There was no significant difference in mortality.", MORTALITY),
        ("Mortality was similar in both groups.", MORTALITY),
        ("Mortality was numerically lower with rhythm control.", MORTALITY),
        ("No patient developed lactic acidosis.", LACTIC),
        # the unit does not name the sentence's whole subject: another finding
        ("Stroke was less frequent with early rhythm control.", MORTALITY),
        ("Mortality was lower among women.", "Mortality in men did not differ between the groups."),
        ("Mortality was lower with the drug.", "In children, mortality did not differ between the groups."),
        # the sentence reports an effect, not a null finding
        ("Mortality was lower with rhythm control.", "Mortality was lower with rhythm control (p = 0.01)."),
        # the unit asserts no effect
        ("Lactic acidosis was monitored in every patient.", LACTIC),
    ],
)
def test_stays_silent_on_faithful_or_unrelated_units(unit: str, sentence: str) -> None:
    assert not null_finding_conflict(unit, sentence)


def test_parts() -> None:
    assert reports_null_finding("The drug was not associated with weight gain.")
    assert reports_null_finding("The difference was not statistically significant.")
    assert not reports_null_finding("Weight gain was more common with the drug.")
    assert asserts_effect("Weight gain led to discontinuation") and not asserts_effect("Weight gain may be higher")
    assert finding_subject(MORTALITY) == frozenset({"morta", "cause"})
