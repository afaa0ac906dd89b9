"""Round 56's text readings (the cue and focus mends are in tests/detect/test_round56.py)."""

from __future__ import annotations

from medhal.text.effects import changed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.quantities import quantities
from medhal.text.subgroup_claims import unreported_subgroup
from medhal.text.synonyms import alignment_tokens


def test_a_trials_total_and_the_changes_its_interval_spans() -> None:
    trial = (
        "Women were randomised to NPWT (n=210) or a standard dressing (n=210). SSI occurred in 7.6% and 12.6% "
        "(risk ratio 0.60, 95% CI 0.33 to 1.10; p=0.09)."
    )
    stated = [*quantities(trial), *implied_figures(trial)]
    assert unstated_quantities("Of the 420 women randomised,", stated) == []
    unit = "but the confidence interval ran from a 67% reduction to a 10% increase"
    assert unstated_quantities(unit, stated) == []
    assert [q.text for q in unstated_quantities("from an 88% reduction", stated)] == ["88%"]


def test_an_airway_closing_is_obstruction() -> None:
    study = alignment_tokens("Apnoea-hypopnoea index 27 events per hour, predominantly obstructive.")
    assert unstated_cause("mostly due to the airway closing,", study) is None
    assert unstated_cause("mostly due to a weak heart,", study) == "a weak heart"


def test_age_bands_report_the_youngest() -> None:
    results = ["Effectiveness was 74% in infants aged 0-2 months and 52% in those aged 3-5 months."]
    assert unreported_subgroup("Protection was strongest in the youngest babies,", results) is None


def test_advice_to_avoid_names_no_outcome() -> None:
    assert changed_outcome("Doctors are told to avoid combining it with thiazide water tablets,") is None
    assert changed_outcome("and to prevent a febrile seizure,") is None  # a purpose: see test_round55
