"""Faithful clauses of blind rounds 199-200 (session 32) that the cues contradicted when first read, each beside a
wrong twin the same reading must still catch, read end to end through ``medhal.check``."""

from __future__ import annotations

import medhal
from medhal.text.negation import flips_negation
from medhal.text.quantifiers import quantified_shares
from medhal.text.quantities import quantities

DAPT = (
    "All-cause mortality did not differ (odds ratio 0.94, 95% CI 0.82 to 1.08), nor did myocardial infarction (odds "
    "ratio 1.08, 95% CI 0.94 to 1.24). In 3 trials, prolonging DAPT beyond 12 months reduced myocardial infarction "
    "(odds ratio 0.62, 95% CI 0.50 to 0.77) but increased major bleeding (odds ratio 1.71, 95% CI 1.22 to 2.40)."
)
VARICES = "Mortality did not differ between the two antibiotics (6.1% versus 6.8%)."


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_an_effect_another_sentence_reports_is_not_denied_by_a_null_finding_on_the_same_outcome() -> None:
    """Round 200: 'Carrying on beyond a year reduced heart attacks' was contradicted by 'nor did myocardial infarction'
    (short against long treatment), where another sentence reports that prolonging treatment reduced it."""
    faithful = "Carrying on beyond a year reduced heart attacks but made serious bleeding more likely."
    assert "contradicted" not in _verdicts(DAPT, faithful).values()
    wrong = "Carrying on beyond a year reduced deaths from any cause."
    assert _verdicts(DAPT, wrong)[wrong] == "contradicted"


def test_a_null_finding_between_two_unnamed_treatments_denies_only_their_comparison() -> None:
    """Round 200: 'the antibiotics cut the risk of dying by about a fifth' (against no antibiotics) was contradicted by
    'Mortality did not differ between the two antibiotics'."""
    faithful = "Pooled trials showed that the antibiotics cut the risk of dying by about a fifth."
    assert "contradicted" not in _verdicts(VARICES, faithful).values()
    wrong = "Deaths were fewer with one of the antibiotics than with the other."
    assert _verdicts(VARICES, wrong)[wrong] != "supported"


def test_proportions_and_scores_in_words() -> None:
    """Rounds 199-200: 'one prescription in fourteen' is a proportion (7%), not 14 prescriptions against 29; '3.1 out
    of 10' is a score, not one in ten."""
    assert [q.approximate for q in quantities("About one prescription in fourteen had a dosing mistake,")] == [True] * 2
    assert [q.approximate for q in quantities("5 patients in 2 groups")] == [False, False]
    assert quantified_shares("Mean pain score fell from 7.4 to 3.1 out of 10 one hour after it.") == []
    evidence = "Dosing errors were found in 29 prescriptions (7%), mostly paracetamol doses above 15 mg/kg."
    faithful = "About one prescription in fourteen had a dosing mistake."
    assert "contradicted" not in _verdicts(evidence, faithful).values()


def test_a_denial_of_acting_without_help_asks_for_help() -> None:
    """Round 200: 'so ask for help before standing' was read as denied by 'please do not try to stand without help'."""
    leaflet = "Your leg will feel numb and weak for some hours, so please do not try to stand without help."
    assert flips_negation("so ask for help before standing.", leaflet) is None
    assert flips_negation("Patients should try to stand on day one.", "Patients should not try to stand on day one.")


def test_figures_and_an_outcome_definition_report_no_effect_elsewhere() -> None:
    """Round 184's wrong twin, kept caught: 'The medicine clearly lowered the risk of preeclampsia' against 'No
    significant reduction in preeclampsia was observed', where the other sentences only define the outcome ('lupus
    flare (SLEPDAI increase ≥4), preeclampsia') or give its figures ('9% and 12% (weighted OR 0.79')."""
    evidence = (
        "Outcomes included lupus flare (SLEPDAI increase ≥4), preeclampsia and preterm birth. Rates of preeclampsia "
        "were 9% and 12%, respectively (weighted OR 0.79; 95% CI 0.42 to 1.49). No significant reduction in "
        "preeclampsia was observed."
    )
    wrong = "The medicine clearly lowered the risk of preeclampsia."
    assert _verdicts(evidence, wrong)[wrong] == "contradicted"


def test_an_association_another_sentence_shows_is_an_effect_elsewhere() -> None:
    """Round 174's faithful 'Children whose net fluid gain ... exceeded 10% ... had roughly a one-in-four chance of
    dying' is not denied by furosemide's 'its use was not associated with mortality', where fluid overload 'was
    independently associated with death' in children."""
    evidence = (
        "In-hospital mortality was 6.9%, 11.3% and 24.9%, respectively. Furosemide was given to 48% of children with "
        "FO >10%; its use was not associated with mortality (adjusted odds ratio 0.91, 95% CI 0.55 to 1.51). "
        "Conclusions: In children with sepsis, fluid overload above 10% in the first 72 hours was independently "
        "associated with death and longer ventilation."
    )
    faithful = "Children whose fluid gain exceeded 10% had a higher chance of dying."
    assert "contradicted" not in _verdicts(evidence, faithful).values()
