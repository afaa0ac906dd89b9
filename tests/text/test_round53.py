"""Round 53 (24 texts written blind after round 52's rules; read with them, and with the session-start code alike, 2
faithful clauses of 472 were contradicted and 5 of 24 faithful answers flagged): the faithful clauses' false cues
mended at their cause."""

from __future__ import annotations

from medhal.text.frequency import interval_stated
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation
from medhal.text.quantities import quantities


def test_with_or_without_negates_nothing() -> None:
    methods = (
        "We reviewed randomised trials comparing intravenous hydrocortisone (200-300 mg per day for 5-7 days, with or "
        "without fludrocortisone) against placebo or usual care in adults with septic shock."
    )
    unit = "sometimes together with fludrocortisone, and were compared with placebo or usual care."
    assert flips_negation(unit, methods) is None
    # a plain "without" still denies
    assert flips_negation("It was given with fludrocortisone.", "It was given without fludrocortisone.") is not None


def test_free_t4_is_the_evidences_ft4() -> None:
    report = "Free thyroxine (FT4) 13.1 pmol/L (12.0-22.0); free triiodothyronine (FT3) 4.0 pmol/L."
    assert unstated_names("while free T4 and free T3 are both within their reference ranges.", report) == ()
    assert unstated_names("while total T4 is within its range.", report) == ("T4",)


def test_half_a_minute_is_no_share() -> None:
    assert quantities("and about half a minute between puffs.") == []
    assert [q.text for q in quantities("About half relapsed.")] == ["half"]


def test_an_interval_between_doses_is_a_frequency_stated() -> None:
    unit = "with doses spaced about six hours apart,"
    six = quantities(unit)[0]
    assert interval_stated(unit, six, "flucloxacillin 1 g four times a day for 5 more days")
    assert not interval_stated(unit, six, "flucloxacillin 1 g three times a day for 5 more days")
    every = "heparin every 12 hours"
    assert interval_stated(every, quantities(every)[0], "heparin 5000 units twice daily")
    # a duration that is no interval between doses
    course = "for six hours"
    assert not interval_stated(course, quantities(course)[0], "four times a day")


def test_advice_in_the_passive_or_imperative_turned_round() -> None:
    from medhal.text.recommendations import reversed_advice

    guideline = [
        "4.4 Extended-duration prophylaxis after discharge is not recommended for medical patients.",
        "4.7 Do not routinely perform screening ultrasound for asymptomatic deep vein thrombosis.",
        "1.3 Antibiotic treatment of asymptomatic bacteriuria is not recommended in older adults.",
        "Testing of relatives for the CHEK2 variant is not recommended.",
    ]
    wrong = "Routine ultrasound screening for clots in people without symptoms is recommended."
    assert reversed_advice(wrong, guideline) == 1
    assert reversed_advice("Testing relatives for the CHEK2 variant is advised.", guideline) == 3
    # the same advice in other words, "advised against" included, and advice about something else
    assert reversed_advice(wrong.replace("is recommended", "is not recommended"), guideline) is None
    assert reversed_advice("Antibiotics for symptom-free bacteriuria are advised against,", guideline) is None
    assert reversed_advice("Ultrasound screening for clots in people with symptoms is recommended.", guideline) is None
    # a routine use advised against is no use advised against
    assert reversed_advice(wrong.replace("Routine ultrasound", "Ultrasound"), guideline) is None


def test_a_null_finding_restated_with_the_same_figures() -> None:
    from medhal.text.null_figures import restated_in_figures

    sentence = (
        "In the prespecified subgroup with stones of 4-5 mm, passage rates did not differ (87% vs 85%), whereas for "
        "stones larger than 5 mm the rates were 74% versus 51%."
    )
    assert restated_in_figures("4 to 5 mm, passage rates were much the same (87% vs 85%),", sentence)
    # the other part's figures, an effect, or another subject are no restatement
    assert not restated_in_figures("passage rates were much the same (74% vs 51%),", sentence)
    assert not restated_in_figures("4 to 5 mm, passage rates were higher (87% vs 85%),", sentence)
    assert not restated_in_figures("4 to 5 mm, pain scores were much the same (87% vs 85%),", sentence)
