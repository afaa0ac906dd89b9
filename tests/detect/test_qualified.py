"""A clause read with the qualifier that follows it ("..., but this was not statistically significant"; round 30)."""

from __future__ import annotations

import pytest

from medhal.detect.units import Unit, continued, qualified, readings, segment_units


def _units(response: str) -> list[Unit]:
    return [Unit.of_span(span) for span in segment_units(response, "clause")]


@pytest.mark.parametrize(
    "response",
    [
        "Major bleeding was more common on edoxaban, but the difference could have been due to chance.",
        "Major bleeding was more common on edoxaban (3.3% vs 1.8% a year), but this was not statistically significant.",
        "By 24 weeks the pain benefit was smaller and no longer statistically significant.",
    ],
)
def test_a_clause_is_read_with_a_qualifier_that_says_it_is_no_finding(response: str) -> None:
    units = _units(response)
    assert len(units) == 2
    assert qualified(units, 0, response) == f"{units[0].text} {units[1].text}"
    assert continued(units, 0, response) == qualified(units, 0, response)
    assert readings(units, response)[0] == qualified(units, 0, response)


def test_a_clause_followed_by_another_finding_is_read_alone() -> None:
    response = "Edoxaban reduced stroke (2.3% vs 6.7% a year), but gastrointestinal bleeding was more frequent."
    units = _units(response)
    assert qualified(units, 0, response) is None
    assert readings(units, response) == [u.text for u in units]
