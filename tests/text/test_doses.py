"""Doses an answer works out from a rate per kilogram and the patient's weight, and daily rates per kilogram."""

from __future__ import annotations

from medhal.text.doses import daily_forms, divided_doses, worked_out
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.quantities import quantities

GUIDELINE = (
    "Standard oral dose: 15 mg/kg per dose every 4-6 hours as required. "
    "Maximum daily dose: 60 mg/kg/day, not to exceed 4 g in 24 hours. Maximum single dose: 1 g. "
    "Reduced maximum (45 mg/kg/day) is recommended for children with dehydration."
)
ANSWER = "For an 18 kg child, the oral dose is 15 mg/kg, which works out to 270 mg per dose."


def test_a_rate_per_kilogram_times_the_weight_the_answer_gives_is_worked_out() -> None:
    stated = quantities(GUIDELINE)
    doses = sorted(q.value for q in worked_out(ANSWER, stated))
    # 15, 45 and 60 mg/kg times 18 kg, in milligrams
    assert doses == [270.0, 810.0, 1080.0]
    assert all(q.kind == "mass" and q.start == -1 for q in worked_out(ANSWER, stated))
    # no weight in the answer (the guideline's own "20 kg child" is no weight of this patient), nothing worked out
    assert worked_out("The oral dose is 15 mg/kg.", quantities("A 20 kg child receives 300 mg.")) == []
    # an implausible body weight is no patient's
    assert worked_out("Give 15 mg/kg to the 900 kg horse.", quantities(GUIDELINE)) == []


def test_a_worked_out_dose_is_neither_unstated_nor_changed() -> None:
    stated = [*quantities(GUIDELINE), *worked_out(ANSWER, quantities(GUIDELINE))]
    unit = "which works out to 270 mg per dose,"
    assert unstated_quantities(unit, stated) == []
    assert number_conflicts(unit, stated, "Maximum single dose: 1 g.") == []
    # arithmetic gone wrong stays an unstated figure, and a changed one against the sentence
    wrong = "which works out to 300 mg per dose,"
    assert [q.text for q in unstated_quantities(wrong, stated)] == ["300 mg"]
    assert [(a.text, b.text) for a, b in number_conflicts(wrong, stated, "Maximum single dose: 1 g.")] == [
        ("300 mg", "1 g")
    ]


def test_a_daily_rate_per_kilogram_is_restated_only_by_a_unit_that_says_daily() -> None:
    stated = quantities(GUIDELINE)
    daily = "the daily maximum is lowered to 45 mg/kg."
    assert unstated_quantities(daily, stated) == []
    assert [q.kind for q in daily_forms(daily, quantities("(45 mg/kg/day)"))] == ["mass/kg/day", "mass/kg"]
    # a rate per dose is no rate per day: "45 mg/kg" per dose is stated nowhere
    assert [q.text for q in unstated_quantities("give 45 mg/kg per dose.", stated)] == ["45 mg"]
    assert [q.text for q in unstated_quantities("give 50 mg/kg in 24 hours.", stated)] == ["50 mg"]


def test_a_daily_dose_in_divided_doses_is_also_each_dose() -> None:
    # round 27: "7 mg/kg twice a day" restates "14 mg/kg/day in two divided doses"; it was an unstated figure and,
    # once "middle-ear infection" aligned with "acute otitis media", a contradiction
    text = "Children were randomised to cefralomide 14 mg/kg/day in two divided doses for 5 days or for 10 days."
    stated = quantities(text)
    assert [(q.kind, q.value) for q in divided_doses(text, stated)] == [("mass/kg", 7.0)]
    assert [(q.kind, q.value) for q in worked_out("Give 7 mg/kg twice a day.", stated, text)] == [("mass/kg", 7.0)]
    assert not unstated_quantities("7 mg/kg twice a day for 5 days", [*stated, *divided_doses(text, stated)])
    assert unstated_quantities("5 mg/kg twice a day for 5 days", [*stated, *divided_doses(text, stated)])
    assert divided_doses("1 g in 2 doses an hour apart", quantities("1 g in 2 doses an hour apart")) == []
    every = "Amoxicillin 90 mg/kg/day divided every 12 hours."
    assert [(q.kind, q.value) for q in divided_doses(every, quantities(every))] == [("mass/kg", 45.0)]
