"""Faithful clauses of blind rounds 203-204 (session 33) that the cues contradicted or flagged when first read, each
beside a wrong twin the same reading must still catch, read end to end through ``medhal.check`` where the verifier
decides and through the text readers where a cue does."""

from __future__ import annotations

import medhal
from medhal.text.advice_forms import as_avoided
from medhal.text.bounds import bound_conflicts
from medhal.text.exclusive import absence_denied
from medhal.text.figure_trends import direction_against_figures
from medhal.text.figures import unstated_quantities
from medhal.text.quantities import quantities
from medhal.text.term_figures import figure_in_term


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_avoiding_a_thing_restates_advice_not_to_use_it() -> None:
    """Round 203: 'and potassium-based salt substitutes should be avoided.' was contradicted (P(C) 0.82) by 'Advise
    patients not to use potassium supplements or potassium-based salt substitutes.'"""
    assert as_avoided("Advise patients not to use salt substitutes.") == "Advise patients to avoid salt substitutes."
    assert as_avoided("Take it with food.") == "Take it with food."
    evidence = (
        "7.7 Check potassium and creatinine 4 weeks after starting spironolactone. "
        "7.8 Advise patients not to use potassium supplements or potassium-based salt substitutes."
    )
    faithful = "Potassium-based salt substitutes should be avoided."
    assert _verdicts(evidence, faithful)[faithful] == "supported"
    wrong = "Potassium-based salt substitutes are recommended."
    assert _verdicts(evidence, wrong)[wrong] != "supported"


def test_safety_netting_advice_says_nothing_happened() -> None:
    """Round 203: 'and there was no sign of fluid or bleeding.' was contradicted by 'She has been told ... to attend
    urgently with bleeding, fluid loss, pain or contractions.'"""
    advice = "She has been told to expect increased discharge and to attend urgently with bleeding, fluid loss or pain."
    assert not absence_denied("and there was no sign of fluid or bleeding.", advice)
    assert absence_denied("There was no bleeding.", "Vaginal bleeding occurred on day 2.")


def test_a_count_of_something_is_not_a_duration() -> None:
    """Round 204: 'aged from six months to just under three years' was read against 'at least 3 AOM episodes'."""
    sentence = "Children aged 6 to 35 months with at least 3 AOM episodes in 6 months were randomised."
    assert bound_conflicts("aged from 6 months to just under three years,", sentence, sentence) == []
    assert bound_conflicts("in people aged under 65,", "Adults aged 65 or over were enrolled.")


def test_a_minus_sign_turns_the_direction() -> None:
    """Round 204: 'with the score falling from about minus 2.2 to minus 3.1' read as a rise against the DXA line."""
    dxa = ["DXA: lumbar spine T-score -3.1 (previously -2.2 in 2022); total hip T-score -2.4."]
    assert direction_against_figures("with the score falling from about minus 2.2 to minus 3.1.", dxa) is None
    assert direction_against_figures("with the score rising from about minus 2.2 to minus 3.1.", dxa) == 0


def test_figures_a_lay_answer_writes_its_own_way() -> None:
    """Rounds 203-204: a rate per ten years, blood-pressure and BMI points, and a 24-hour monitor were read as
    figures the evidence never states, and their faithful answers flagged."""
    evidence = "The pain crisis rate was 0.41 versus 0.68 events per patient-year. Home SBP fell by 12.8 mmHg."
    assert unstated_quantities("about four crises for every ten years of treatment", evidence) == []
    assert unstated_quantities("it came down by around 13 points", evidence) == []
    assert [q.text for q in unstated_quantities("it came down by around 19 points", evidence)] == ["19 points"]
    assert unstated_quantities("cut-offs 2.5 points lower", "apply thresholds 2.5 kg/m2 lower") == []
    monitor = "on a 24-hour monitor"
    (q,) = quantities(monitor)
    assert figure_in_term(monitor, q, "his daytime ambulatory average was 152/94 mmHg")
    assert not figure_in_term(monitor, q, "his clinic blood pressure was 152/94 mmHg")


def test_a_reading_over_another_is_no_bound() -> None:
    """Round 203: 'around 152 over 94' was read with a bound 'over 94' and written as '152 98' for the verifier."""
    (_, second) = quantities("a reading of around 152 over 94")
    assert not second.approximate
    assert quantities("in people over 65")[0].approximate


def test_a_gestation_is_weeks_and_days() -> None:
    """Round 203: the wrong twin's 'seen again in three weeks' (for 'Clinic review in 2 weeks') was stated by the
    days of '21+3 weeks' gestation'."""
    read = [(q.text, q.value) for q in quantities("G3 P1, 21+3 weeks' gestation") if q.kind == "time"]
    assert read == [("21+3 weeks", 150.0)]
    letter = "Re: Mrs B, 21+3 weeks' gestation. Follow-up: Clinic review in 2 weeks, then every 4 weeks."
    assert [q.text for q in unstated_quantities("She will be seen again in three weeks.", letter)] == ["three weeks"]
    assert unstated_quantities("She is 21 weeks pregnant.", letter) == []


def test_lay_names_of_risks_and_findings() -> None:
    """Rounds 203-204: 'a dangerous acid build-up' (ketoacidosis), 'dangerously slow breathing' (respiratory
    depression) and 'a low red blood cell count' (anaemia) were read as causes or subjects the evidence never names."""
    evidence = (
        "Withhold the drug 3 days before planned surgery because of the risk of ketoacidosis. Do not prescribe "
        "gabapentin with opioids because of the risk of respiratory depression. Anaemia was more common after RYGB "
        "(18.6%) than after SG (8.7%)."
    )
    result = medhal.check(
        evidence,
        "Pause it three days before an operation because of the risk of a dangerous acid build-up. Do not combine "
        "it with opioids, because together they can dangerously slow breathing. A low red blood cell count was more "
        "common after bypass.",
    )
    for unit in result.units:
        assert not unit.cues.get("unstated_cause"), unit.text
        assert not unit.cues.get("unnamed_subject"), unit.text


def test_a_fraction_of_a_unit_is_a_measure() -> None:
    """Round 204: 'she drank roughly three-quarters of a litre' (780 mL) was read as a 75% the letter never states."""
    (q,) = [q for q in quantities("she drank roughly three-quarters of a litre") if q.kind == "volume"]
    assert q.value == 750.0
    assert unstated_quantities("she drank roughly three-quarters of a litre,", "she took 780 mL over 4 hours") == []
    assert unstated_quantities("she drank roughly a quarter of a litre,", "she took 780 mL over 4 hours")


def test_an_add_on_trials_null_finding_is_the_added_treatments() -> None:
    """An own abstract (session 33): 'people on valaciclovir were clearly more likely to have recovered fully' was
    `supported` against 'Conclusions: Adding valaciclovir to prednisolone did not improve complete recovery at 9 months
    in adults with Bell's palsy.': the finding's subject held the treatment every arm had and the population."""
    evidence = (
        "Methods: 496 adults with Bell's palsy received prednisolone plus valaciclovir or prednisolone plus placebo. "
        "Conclusions: Adding valaciclovir to prednisolone did not improve complete recovery at 9 months in adults "
        "with Bell's palsy."
    )
    wrong = "After nine months, people on valaciclovir were clearly more likely to have recovered fully."
    assert _verdicts(evidence, wrong)[wrong] == "contradicted"
    faithful = "After nine months, people on valaciclovir were no more likely to have recovered fully."
    assert _verdicts(evidence, faithful)[faithful] != "contradicted"
