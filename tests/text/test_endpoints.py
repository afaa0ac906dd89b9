"""Survival end points given another's figures (medhal.text.endpoints)."""

from __future__ import annotations

import pytest

from medhal.text.endpoints import endpoint_conflicts, named_endpoints

PFS = (
    "Median progression-free survival was 10.1 months with relatlimab plus nivolumab and 4.6 months with nivolumab "
    "alone (hazard ratio 0.75, 95% CI 0.62 to 0.92)."
)


def test_end_points_are_read_by_name_and_by_capital_abbreviation() -> None:
    assert sorted(named_endpoints("Median PFS was 10 months and overall survival was immature.")) == ["os", "pfs"]
    assert sorted(named_endpoints("Disease-free survival and event-free survival")) == ["dfs", "efs"]
    # "os" in lower case is a word part or a bone, not an end point
    assert named_endpoints("the os calcis; most patients") == {}


def test_overall_survival_given_progression_free_survival_s_figures_is_contradicted() -> None:
    fired = endpoint_conflicts("It more than doubled median overall survival, from 4.6 to 10.1 months.", PFS)
    assert [(a.text, b.text) for a, b in fired] == [("overall survival", "progression-free survival")]
    assert fired[0][0].kind == "label:endpoint"


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        # the same end point, by abbreviation
        ("It more than doubled median PFS, from 4.6 to 10.1 months.", PFS),
        # no figure: the encoder's business
        ("It prolonged overall survival.", PFS),
        # a figure the sentence does not state
        ("Median overall survival was 20.3 months.", PFS),
        # the sentence names both end points: which figure is whose is the changed-number cue's
        ("Median overall survival was 10.1 months.", "Median PFS was 10.1 months and median OS was 20.3 months."),
        # two end points in the unit
        ("Overall survival and PFS were 10.1 months.", PFS),
    ],
)
def test_silent_unless_the_unit_s_figures_are_another_end_point_s_only(unit: str, sentence: str) -> None:
    assert endpoint_conflicts(unit, sentence) == []
