"""Figures a clinical text implies without writing them (``medhal.text.implied``)."""

from __future__ import annotations

import pytest

from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.quantities import quantities


def _read(text: str) -> list[tuple[str, float]]:
    """The implied figures but the readings of dates written with leading zeros (tests/text/test_round66.py)."""
    return [(q.kind, round(q.value, 1)) for q in implied_figures(text) if q.kind != "label:date"]


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        ("48 general practices were randomly allocated (1:1) to the intervention or usual care.", [("percent", 50.0)]),
        ("Patients were randomised 2:1 to drug or placebo.", [("percent", 66.7), ("percent", 33.3)]),
        ("They were assigned in a 1:1:1 ratio to three doses.", [("percent", 33.3)]),
        ("Admitted 03/03, discharged 09/03.", [("time", 6.0)]),
        ("Admitted on 28 February 2025 and discharged on 3 March 2025.", [("time", 3.0)]),
        ("Admission date: 28/12. Discharged: 02/01.", [("time", 5.0)]),  # over the new year
        ("Follow-up was 1:1 with a nurse. Admitted today, discharge planned.", []),
        ("Admitted 31/02, discharged 03/03.", []),  # no such date
    ],
)
def test_implied_figures(text: str, figures: list[tuple[str, float]]) -> None:
    assert _read(text) == figures


def test_an_implied_figure_is_no_unstated_one() -> None:
    """Round 54: both faithful answers were flagged for a figure their evidence implies."""
    methods = "In this cluster-randomised trial, 48 general practices were randomly allocated (1:1) to A or B."
    stated = [*quantities(methods), *implied_figures(methods)]
    assert unstated_quantities("half of which were randomly assigned to a year-long programme", stated) == []
    summary = "Admitted 03/03, discharged 09/03. Creatinine at discharge 121 umol/L."
    stated = [*quantities(summary), *implied_figures(summary)]
    assert unstated_quantities("He spent six days in hospital", stated) == []
    assert [q.text for q in unstated_quantities("He spent eight days in hospital", stated)] == ["eight days"]


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("We included 4 randomised trials and 7 cohort studies enrolling 3,216 patients.", [11.0]),
        ("Participants were 112 women and 98 men.", [210.0]),
        ("We pooled 12 RCTs, and 5 observational studies.", [17.0]),
        ("Of 4 trials and 7 children, none.", []),  # studies and people are not summed
        ("4 randomised trials enrolled 7 patients.", []),
    ],
)
def test_listed_counts_are_totalled(text: str, total: list[float]) -> None:
    """Round 176: "This review combined 11 studies" for "4 randomised trials and 7 cohort studies" was contradicted by
    the 7 cohort studies."""
    assert [q.value for q in implied_figures(text) if q.text.endswith("in all")] == total


def test_a_total_of_listed_studies_is_no_changed_number() -> None:
    methods = "We included 4 randomised trials and 7 cohort studies enrolling 3,216 patients."
    stated = [*quantities(methods), *implied_figures(methods)]
    assert unstated_quantities("This review combined 11 studies", stated) == []
    assert [q.text for q in unstated_quantities("This review combined 12 studies", stated)] == ["12"]
