"""A hedged figure changed beside the figure it is compared with (text/hedged_pairs.py, session 29)."""

from __future__ import annotations

import pytest

from medhal.text.hedged_pairs import figure_pairs, pair_conflict

TRIAL = [
    "Mean symptom scores improved by 41.2 points with the pessary versus 28.5 points with pelvic floor training.",
    "Infections occurred in 28% versus 21% of patients; oral thrush occurred in 3 patients.",
    "Augmentation occurred in 7 patients (2.3%) on pregabalin and 24 patients (7.9%) on pramipexole.",
    "Somnolence (17% vs 8%) was more frequent with pregabalin.",
]


def test_pairs_are_read_across_versus_and_compared_with() -> None:
    pairs = figure_pairs("Scores fell by about 14 points with iron compared with about 4 points with saline.")
    assert [(p.first.text, p.second.text) for p in pairs] == [("14 points", "4 points")]
    assert figure_pairs("It was 12% in 2019; versus the year before, 9 sites closed.") == []


@pytest.mark.parametrize(
    ("unit", "rival"),
    [
        ("Scores improved by about 51 points with the pessary compared with about 29 points with training.", 41.2),
        ("Infections were more common with the drug, at about 38% versus 21%.", 28.0),
    ],
)
def test_a_changed_hedged_figure_is_shown_against_its_partner_s_rival(unit: str, rival: float) -> None:
    found = pair_conflict(unit, TRIAL)
    assert found is not None and found[2].value == rival


@pytest.mark.parametrize(
    "unit",
    [
        "Scores improved by about 40 points with the pessary compared with about 29 points with training.",
        "Infections were more common with the drug, at about 30% versus 21%.",  # rounded to its tens: 28 is 30
        # the two figures stated together in another form, though "nearly 8%" is somnolence's partner too
        "This occurred in about 2% of people on pregabalin compared with nearly 8% on pramipexole.",
        # a bound is no partner: "under 1 point" states no figure
        "Scores improved by about 18 points versus under 1 point.",
    ],
)
def test_a_faithful_hedged_figure_or_no_partner(unit: str) -> None:
    assert pair_conflict(unit, TRIAL) is None
