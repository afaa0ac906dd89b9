"""What a unit is read with besides its own words (round 54): the question the answer answers, whose figures and
names are the user's, and the fronted clause that names the subject a pronoun stands for."""

from __future__ import annotations

from fakes import RuleVerifier
from medhal.detect import CheckItem, DecomposedDetector
from medhal.detect.units import Unit, fronted

LABEL = (
    "4.1 Indications: Acute otitis media in children aged 6 months to 12 years. "
    "4.2 Posology: 7 mg/kg twice daily (maximum 300 mg per dose) for 5-10 days. "
    "Not studied in infants under 6 months."
)
ANSWER = "Cefnovir is licensed for children aged 6 months to 12 years, so your 3-year-old is within the range."
QUESTION = "My 3-year-old weighs 14 kg and has an ear infection: how is cefnovir dosed?"

TRIAL = (
    "Results: Delirium occurred in 72 of 344 patients (20.9%) in the programme group and 105 of 344 (30.5%) in the "
    "usual-care group. Among patients who developed delirium, its duration did not differ between groups (median 3 "
    "days in each). Length of hospital stay was similar (median 12 vs 13 days)."
)


def _units(item: CheckItem) -> list[tuple[str, str, dict[str, object]]]:
    result = DecomposedDetector(RuleVerifier()).detect(item)
    return [(u.text.strip(), u.verdict, dict(u.cues or {})) for u in result.units]


def test_a_figure_the_question_gives_is_neither_changed_nor_unstated() -> None:
    asked = _units(CheckItem(LABEL, ANSWER, QUESTION))
    assert all(v != "contradicted" and not c["unstated_figures"] and not c["number_conflicts"] for _, v, c in asked)
    alone = _units(CheckItem(LABEL, ANSWER))  # without the question the figure is the answer's own
    assert any(c["unstated_figures"] == ["3-year"] for _, _, c in alone)


def test_a_name_the_question_gives_is_the_users() -> None:
    answer = "Atopic eczema in Norway is treated the same way."
    assert _units(CheckItem(LABEL, answer))[0][2]["unstated_names"] == ["Norway"]
    assert _units(CheckItem(LABEL, answer, "We live in Norway: is it the same there?"))[0][2]["unstated_names"] == []


def test_a_pronoun_subject_is_read_with_its_fronted_clause() -> None:
    wrong = _units(CheckItem(TRIAL, "When delirium did happen, it was shorter in the programme group."))
    assert [v for _, v, _ in wrong][1] == "contradicted"
    assert "its duration did not differ" in str(wrong[1][2]["null_finding"])
    faithful = _units(CheckItem(TRIAL, "When delirium did happen, it lasted just as long in both groups."))
    assert "contradicted" not in [v for _, v, _ in faithful]


def test_fronted() -> None:
    response = "When delirium did happen, it was shorter. Delirium was rarer, it seems."
    units = [Unit("When delirium did happen,", 0, 25), Unit("it was shorter.", 26, 41)]
    assert fronted(units, 1, response) == "When delirium did happen, it was shorter."
    assert fronted(units, 0, response) is None
    later = [Unit("Delirium was rarer,", 42, 61), Unit("it seems.", 62, 71)]
    assert fronted(later, 1, response) is None  # no fronted clause before the pronoun


def test_the_users_figures_are_read_with_the_word_after_them() -> None:
    from medhal.detect.asked import asked_figure, asked_figures
    from medhal.text.quantities import quantities

    asked = asked_figures("I'm 58, weigh 96 kg and take 30 units of glargine. My daughter is 2 and a half.")
    step = quantities("If all 3 are above 7 mmol/L, increase your dose by 2 units.")

    def given(unit: str) -> list[bool]:
        return [asked_figure(q, unit, asked, step) for q in quantities(unit)]

    assert given("That would take you from 30 to 32 units each evening.") == [True, True]
    assert given("you should let your team know if your dose reaches about 58 units,") == [False]  # an age, not units
    assert given("At your weight of 96 kg,") == [True]
    assert given("rather than her age of two and a half") == [True]
    assert given("That would take you to 35 units.") == [False]  # no step of 5 in the guide


def test_a_bare_number_for_the_users_figure_with_a_unit() -> None:
    from medhal.detect.asked import asked_figure, asked_figures
    from medhal.text.quantities import quantities

    asked = asked_figures("My blood sugar taken at the same time was 5.6 mmol/L.")
    unit = "but using your blood sugar of 5.6 the ratio works out at about 0.61,"
    assert [asked_figure(q, unit, asked) for q in quantities(unit)] == [True, False]
