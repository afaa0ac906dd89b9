"""A result read as not significant from its interval (text/significance.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.significance import nonsignificant


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Abstinence was 7.7% and 6.9% (odds ratio 1.13; 95% CI 0.73 to 1.74).", True),
        ("Fractures occurred in 6.0% and 6.1% (hazard ratio, 0.98; 95% confidence interval, 0.89 to 1.08).", True),
        ("The mean difference was -0.2 points (95% CI -0.9 to 0.5).", True),
        ("Mortality was 9.7% and 10.2% (HR 0.95, 95% CI 0.71-1.27).", True),
        # the interval excludes the null, a P value is below 0.05, or nothing is read
        ("Transfusion was 23.3% and 38.3% (relative risk 0.61; 95% CI 0.45 to 0.82).", False),
        ("Abstinence was 7.7% and 6.9% (odds ratio 1.13; 95% CI 0.73 to 1.74; P = 0.03).", False),
        ("The difference was 13.9 percentage points (95% CI 3.6 to 24.0).", False),
        ("Abstinence was 7.7% and 6.9%.", False),
        # one interval of two that this module cannot read leaves the sentence unread
        ("HR 0.95 (95% CI 0.71 to 1.27); sensitivity 94.8% (95% CI 88.3 to 98.3).", False),
    ],
)
def test_nonsignificant(sentence: str, expected: bool) -> None:
    assert nonsignificant(sentence) is expected
