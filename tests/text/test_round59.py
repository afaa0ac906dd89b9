"""Round 59 (24 texts written blind after round 58's rules: cardiology trials and echo reports, renal and transplant
letters, palliative-care plans, sexual-health and HIV letters, stroke and epilepsy documents, intensive-care reviews
and trials, endocrine letters, travel and occupational-health advice; read with round 58's rules, 0 faithful clauses
were contradicted and 4 of the 24 faithful answers flagged): the faithful clauses' false cues mended at their cause,
and the wrong twins the cues had missed that a general reading catches."""

from __future__ import annotations

from medhal.text.dose_changes import dose_turned
from medhal.text.figure_trends import direction_against_figures
from medhal.text.figures import unstated_quantities
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation
from medhal.text.test_results import reversed_result


def test_a_pumps_dose_over_24_hours() -> None:
    plan = "Plan: - Increase midazolam in CSCI to 10 mg/24h for evening agitation. Continue morphine 20 mg/24h."
    assert unstated_quantities("the midazolam is going up to 10 mg over 24 hours,", plan) == []
    assert unstated_quantities("morphine stays at 20 mg a day", plan) == []
    assert [q.text for q in unstated_quantities("the midazolam goes to 15 mg over 24 hours", plan)] == ["15 mg"]
    assert [q.text for q in unstated_quantities("midazolam 10 mg twice a day", plan)] == ["10 mg"]


def test_abbreviations_of_mixed_case_and_of_antiretrovirals() -> None:
    echo = "Moderate-to-severe secondary mitral regurgitation; EROA 0.30 cm², regurgitant volume 45 mL."
    assert unstated_names("MR has progressed (EROA 0.30 cm², RVol 45 mL),", echo) == ()
    assert (
        unstated_names("KFRE 2-year risk is 28%. uACR 86 mg/mmol,", "KFRE 2-year risk 28%. Urine ACR 86 mg/mmol.") == ()
    )
    regimen = "Virexa (bictegravir 50 mg/emtricitabine 200 mg/tenofovir alafenamide 25 mg) one tablet daily."
    assert unstated_names("and started Virexa (bictegravir/emtricitabine/TAF) once daily", regimen) == ()
    assert unstated_names("and started Virexa (bictegravir/emtricitabine/TDF) once daily", regimen) == ("TDF",)


def test_a_change_told_against_its_own_figures() -> None:
    letter = ["Tacrolimus trough 11.8 ug/L (target 5-8).", "Potassium 5.8 mmol/L (previously 4.9)."]
    assert direction_against_figures("Your potassium is also raised at 5.8, down from 4.9.", letter) == 1
    assert direction_against_figures("Your potassium is also raised at 5.8, up from 4.9.", letter) is None
    assert direction_against_figures("CRP fell from 212 to 18 mg/L.", ["CRP fell from 212 mg/L to 18 mg/L."]) is None
    assert direction_against_figures("CRP rose from 212 to 18 mg/L.", ["CRP fell from 212 mg/L to 18 mg/L."]) == 0


def test_a_partners_result_turned_round() -> None:
    letter = ["Partner: Her long-term male partner tested HIV negative on 10 April 2025 and has started PrEP."]
    assert reversed_result("Her long-term male partner tested HIV positive on 10 April", letter) == 0
    assert reversed_result("Her long-term male partner tested HIV negative on 10 April", letter) is None


def test_needed_is_required_and_a_dose_reduction_a_dose_adjustment() -> None:
    guide = "No renal dose adjustment is required for a single dose."
    assert flips_negation("A renal dose reduction is needed for that single dose.", guide) is not None
    assert flips_negation("No renal dose reduction is needed for that single dose.", guide) is None


def test_a_drug_dose_changed_the_other_way() -> None:
    letter = [
        "Since lamotrigine was increased to 150 mg twice daily in February, his seizures have reduced.",
        "Plan: reduce levetiracetam by 250 mg twice daily every 2 weeks, then stop.",
        "Dexamethasone reduced the need for rescue antiemetics.",
    ]
    assert dose_turned("since his lamotrigine dose went down in February", letter) == 0
    assert dose_turned("since his lamotrigine dose went up in February", letter) is None
    assert dose_turned("The levetiracetam dose will be tapered to stop it.", letter) is None
    assert dose_turned("His levetiracetam dose will not be increased.", letter) is None
    assert dose_turned("Dexamethasone increased the need for rescue antiemetics.", letter) is None  # no dose: an effect
