"""Round 76 (24 texts written blind after round 75's rules: amputee rehabilitation letters, sarcoidosis letters,
multiple sclerosis therapy letters, myasthenia notes, children's urinary infection letters, outpatient antibiotic
letters, hypertension clinic letters and parathyroid letters; read with round 75's rules, 2 faithful clauses were
contradicted and 5 of the 24 faithful answers flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.figures import unstated_quantities
from medhal.text.harmonize import harmonized
from medhal.text.implied import implied_figures
from medhal.text.intervals import interval_conflicts, intervals
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation, negated_stems
from medhal.text.quantities import quantities


def test_a_month_and_year_in_figures() -> None:
    assert [(q.kind, q.value) for q in quantities("2 new T2 periventricular brain lesions vs 09/2023.")] == [
        ("count", 2.0),
        ("label:year", 2023.0),
    ]
    assert [q.kind for q in quantities("PHQ-9 9/27; 38/132")] == ["count", "label:scale", "count", "label:scale"]


def test_a_dose_given_od_is_given_daily() -> None:
    plan = "3. Azathioprine continue 125 mg OD; FBC/LFT 3-monthly (mild lymphopenia and macrocytosis expected)."
    assert [i.text for i in intervals(plan)] == ["OD", "3-monthly"]
    assert intervals("10 mg on alternate days; 5 mg od") == []
    assert interval_conflicts("Azathioprine continues at 125 mg daily,", plan, plan) == []
    assert [
        (a.text, b.text) for a, b in interval_conflicts("Azathioprine continues at 125 mg weekly,", plan, plan)
    ] == [("weekly", "OD")]


def test_names_the_note_writes_short() -> None:
    jcv = "JCV index now >1.5 with >24 months' natalizumab exposure"
    assert unstated_names("The reason for the switch is her JC virus antibody status,", jcv) == ()
    assert unstated_names("The reason for the switch is her BK virus antibody status,", jcv) == ("BK",)
    plan = "Avoid ACEi/ARB/spironolactone until endocrine work-up complete."
    assert unstated_names("and ACE inhibitors, ARBs and spironolactone are being avoided", plan) == ()


def test_a_negated_word_written_short_is_negated_as_its_first() -> None:
    plan = "5. Genetic testing not indicated (age >50, no FHx)."
    assert negated_stems(plan) == {"requi", "famil"}  # "indicated" is read as "required" (round 94)
    assert flips_negation("because he is over 50 with no family history.", plan) is None
    assert flips_negation("because he has a family history.", plan) == "family"


def test_a_hyphened_negation_keeps_each_part() -> None:
    # round 54's wrong "put full weight on the right leg" stays denied by "Non-weight-bearing right leg"
    assert {"weigh", "beari"} <= negated_stems("- Non-weight-bearing right leg for 6 weeks.")


def test_intervals_written_after_q_and_us_time_units() -> None:
    plan = "4. Amiodarone monitoring: TFTs + LFTs q6 mo; baseline CXR and PFTs ordered."
    figures = [*quantities(plan), *implied_figures(plan)]
    assert [
        q.text for q in unstated_quantities("his thyroid and liver tests will be checked every 6 months", figures)
    ] == []
    assert [q.text for q in unstated_quantities("his thyroid tests will be checked every 3 months", figures)] == [
        "3 months"
    ]
    assert [(q.kind, round(q.value)) for q in quantities("at the 3-mo visit, then 2 wks")] == [
        ("time", 91),
        ("time", 14),
    ]


def test_a_figure_is_never_written_in_a_notes_short_unit() -> None:
    note = "in 2 wks; at 3 mo; at 12 wks"
    assert harmonized("in two weeks and at 3 months, after 12 weeks", note) == (
        "in two weeks and at 3 months, after 12 weeks"
    )
