"""Rounds 100-101 (48 texts written blind after round 99's rules: neck pain, hypothyroidism, dry eye, depot
injection, pneumothorax, atrial flutter, gestational hypertension and children's urine infection letters; Crohn's
disease, mitral repair, frozen shoulder, bedwetting, anal fistula, liver cancer surveillance, endometrial hyperplasia
and haemochromatosis letters): their false cues mended at their cause."""

from __future__ import annotations

from medhal.text.antonyms import swapped_qualifier
from medhal.text.drug_doses import dose_conflict
from medhal.text.quantities import quantities
from medhal.text.rates import rate_restated
from medhal.text.synonyms import alignment_tokens
from medhal.text.term_figures import figure_in_term


def test_a_dose_after_its_formulation_is_the_drugs() -> None:
    letter = [
        "Medication: Desmopressin melt 240 micrograms at bedtime (increased from 120 micrograms 10/2024)",
        "Please continue to prescribe desmopressin 120 microgram melts during the withdrawal period.",
    ]
    assert dose_conflict("dry on 27 of the last 28 nights on 240 micrograms of desmopressin,", letter) is None
    assert dose_conflict("dry on 27 of the last 28 nights on 360 micrograms of desmopressin,", letter) is not None


def test_a_reporting_scale_category_is_written_inside_its_label() -> None:
    unit = "If the area is upgraded to LI-RADS 4 or 5,"
    four, five = quantities(unit)
    evidence = "If upgraded to LR-4/LR-5 - re-discuss at MDT re treatment options."
    assert figure_in_term(unit, four, evidence) and figure_in_term(unit, five, evidence)
    assert not figure_in_term(unit, four, "If upgraded to LR-5 - re-discuss at MDT.")


def test_a_conversion_to_open_surgery_starts_as_keyhole_surgery() -> None:
    plan = ["We talked through the risks (bleeding, injury to bowel, conversion to open surgery) and recovery."]
    assert swapped_qualifier("both tubes and both ovaries by keyhole surgery,", plan) is None
    assert swapped_qualifier("both tubes and both ovaries by keyhole surgery,", ["Open surgery is planned."]) == 0


def test_a_figure_during_the_day_restates_a_daily_rate() -> None:
    unit = "During the day he should aim to drink 1.2 to 1.6 litres"
    stated = quantities("1. Fluids: aim for 1.2-1.6 L/day (6-8 cups of water)")
    assert rate_restated(unit, quantities(unit)[-1], stated)


def test_baby_movements_are_fetal_movements() -> None:
    assert alignment_tokens("vomiting or reduced baby movements") <= alignment_tokens("vomiting, reduced FMs")
