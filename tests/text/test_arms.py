"""A trial's arms and the figures a results sentence gives each (text/arms.py, issue 14)."""

from __future__ import annotations

from medhal.text.arms import arm_figures, moved_figures, respective_figures, trial_arms
from medhal.text.comparisons import comparison_conflict

METHODS = (
    "Methods: 872 adults with septic shock were randomly assigned to intravenous vitamin C (50 mg per kilogram "
    "every 6 hours for up to 96 hours) or matched placebo."
)
ARMS = ("intravenous vitamin C", "matched placebo")
PRIMARY = (
    "The primary outcome occurred in 191 of 429 patients (44.5%) in the vitamin C group and in 167 of 434 patients "
    "(38.5%) in the placebo group (risk ratio 1.21; 95% CI 1.04 to 1.40; P = 0.01)."
)
DEATH = "Death at 28 days occurred in 35.4% and 31.6%, respectively (risk ratio 1.17; 95% CI 0.98 to 1.40)."


def test_an_arm_followed_by_its_dose_in_brackets_is_read() -> None:
    assert trial_arms(METHODS) == ARMS


def test_figures_given_each_arm() -> None:
    assert arm_figures(PRIMARY, ARMS) == {44.5: "intravenous vitamin C", 38.5: "matched placebo"}
    assert arm_figures(DEATH, ARMS) == {35.4: "intravenous vitamin C", 31.6: "matched placebo"}
    # a sentence naming its arms gives them its own order, never the methods'
    assert respective_figures("It was 31.6% with placebo and 35.4% with vitamin C, respectively.", ARMS) == []


def test_a_figure_moved_to_the_other_arm() -> None:
    wrong = "Intravenous vitamin C reduced the combined risk of death or organ dysfunction (38.5% vs 44.5%)."
    assert moved_figures(wrong, [DEATH, PRIMARY], ARMS) == (1, 38.5, 44.5)
    right = "Intravenous vitamin C increased the combined risk of death or organ dysfunction (44.5% vs 38.5%)."
    assert moved_figures(right, [DEATH, PRIMARY], ARMS) is None
    # a unit naming both arms may list them in either order
    both = "Compared with placebo, vitamin C increased the risk (38.5% vs 44.5%)."
    assert moved_figures(both, [PRIMARY], ARMS) is None


def test_a_comparison_is_read_against_figures_given_respectively() -> None:
    assert comparison_conflict("Mortality alone was significantly lower with vitamin C.", DEATH, ARMS)
    assert not comparison_conflict("Mortality was higher with vitamin C.", DEATH, ARMS)
