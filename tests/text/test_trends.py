"""A change told the other way (text/trends.py, issue 14 round 41)."""

from __future__ import annotations

import pytest

from medhal.text.trends import trend_reversed

EMICIZUMAB = (
    "The proportion of patients with zero treated bleeds rose from 38% to 71%, and mean annualised joint bleeds "
    "decreased from 1.9 to 0.4."
)


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        ("and joint bleeds also became more frequent.", True),
        ("and joint bleeds also became less frequent.", False),
        ("Joint bleeds fell.", False),
        ("Joint bleeds increased.", True),
        # a comparison between groups, a hedge, a negation or a valued word is another cue's or none
        ("Joint bleeds were more frequent with emicizumab than with factor VIII.", False),
        ("Joint bleeds may have increased.", False),
        ("Joint bleeds did not increase.", False),
        ("Joint health worsened.", False),
        # a subject the clause does not hold
        ("Muscle bleeds increased.", False),
    ],
)
def test_a_change_told_the_other_way(unit: str, expected: bool) -> None:
    assert trend_reversed(unit, EMICIZUMAB) is expected


def test_a_sentence_comparing_groups_is_left_to_the_comparison_cue() -> None:
    sentence = "Joint bleeds decreased with emicizumab and increased with factor VIII."
    assert not trend_reversed("Joint bleeds increased.", sentence)
