from __future__ import annotations

import pytest

from medhal.text.designs import design_conflict
from medhal.text.stopping import stopping_conflict, stopping_reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("The trial was stopped early for efficacy.", "benefit"),
        ("The trial ended early because of clear benefit.", "benefit"),
        ("The trial was stopped for futility after the second interim analysis.", "futility"),
        ("Enrolment was terminated early owing to a lack of efficacy.", "futility"),
        ("The trial was stopped early for safety after 816 of a planned 1,000 patients.", "harm"),
        ("The study was terminated prematurely due to an excess of deaths in the treatment group.", "harm"),
        # a drug stopped, a reason in other words, two reasons: no reason read
        ("Treatment was stopped because of adverse events in 5% of patients.", None),
        ("The 2000 and 4000 IU arms were halted early because more people fell.", None),
        ("Enrolment was stopped early because of slow recruitment.", None),
        ("The trial was stopped for futility; one arm had been stopped for safety.", None),
    ],
)
def test_stopping_reason(text: str, reason: str | None) -> None:
    assert stopping_reason(text) == reason


def test_another_reason_for_stopping_is_a_design_conflict() -> None:
    evidence = [
        "Methods: 1,563 adults with sepsis-induced hypotension were randomly assigned.",
        "Results: The trial was stopped for futility after the second interim analysis.",
    ]
    assert stopping_conflict("The trial stopped early for benefit.", evidence) == 1
    assert design_conflict("The trial stopped early for benefit.", evidence) == 1
    assert stopping_conflict("The trial stopped early for futility.", evidence) is None
    assert stopping_conflict("The trial stopped early.", evidence) is None
