"""Faithful clauses of blind rounds 189-190 (session 31) that the cues contradicted when first read, each beside a
wrong twin the same reading must still catch, read end to end through ``medhal.check``."""

from __future__ import annotations

import medhal

VERTIGO = (
    "Methods: 126 adults with vestibular migraine were randomised to flunarizine 10 mg or venlafaxine 37.5 mg daily "
    "for 3 months. Results: Vertigo episodes fell from a median of 8 to 3 per month with flunarizine and from 8 to 4 "
    "with venlafaxine; the between-group difference was not significant (rate ratio 0.91, 95% CI 0.68 to 1.22)."
)
ELBOW = (
    "Results: At 4-8 weeks, corticosteroid gave greater pain reduction on a 10-point visual analogue scale (mean "
    "difference [MD] 1.1 points, 95% CI 0.6 to 1.6)."
)
BELATACEPT = (
    "Are there risks? Belatacept is only given to people who have already had Epstein-Barr virus (EBV), the "
    "glandular fever virus, because in people without it there is a higher risk of a rare lymphoma affecting the brain."
)
REHAB = (
    "Background: Pulmonary rehabilitation (PR) started soon after a hospital admission for an exacerbation of "
    "chronic obstructive pulmonary disease (COPD) is recommended, but uptake is low and its effect on readmission"
    " is uncertain. Methods: In this pragmatic randomised trial at 9 hospitals, 412 patients admitted with a COPD"
    " exacerbation were allocated at discharge to an 8-week outpatient PR programme (two supervised 1-hour "
    "sessions of exercise training and education each week), starting within 4 weeks of discharge, or to usual "
    "care. The primary outcome was all-cause readmission within 12 months. Secondary outcomes were incremental "
    "shuttle walk test (ISWT) distance and Chronic Respiratory Questionnaire (CRQ) scores at 3 months, and "
    "mortality at 12 months. Results: Mean age was 70 years and mean FEV1 was 41% predicted. In the PR group, 58%"
    " attended at least 8 of the 16 sessions. Readmission within 12 months occurred in 47% of the PR group and "
    "49% of the usual care group (hazard ratio 0.94, 95% CI 0.72 to 1.23; p=0.66). At 3 months, ISWT distance "
    "improved by 52 m with PR versus 14 m with usual care (difference 38 m, 95% CI 19 to 57), and CRQ dyspnoea "
    "scores improved by 0.6 units more with PR (95% CI 0.3 to 0.9), exceeding the minimal clinically important "
    "difference of 0.5. Mortality at 12 months was 10.7% versus 11.2%. In a per-protocol analysis of completers, "
    "readmission was 39%, but completers were younger and had fewer previous admissions. Conclusions: Early post-"
    "discharge PR improved exercise capacity and breathlessness at 3 months but did not reduce 12-month "
    "readmissions; poor attendance may have diluted the effect."
)


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_a_change_within_each_group_is_no_difference_between_them() -> None:
    """Round 189: 'dropped from eight to about three on flunarizine' and 'fell ... with both' were contradicted by
    the between-group null finding of the sentence that states both changes."""
    faithful = (
        "The typical number of vertigo episodes a month dropped from eight to about three on flunarizine and to about "
        "four on venlafaxine, a gap small enough to be down to chance."
    )
    assert "contradicted" not in _verdicts(VERTIGO, faithful).values()
    wrong = "Flunarizine cut vertigo episodes clearly more than venlafaxine did."
    assert _verdicts(VERTIGO, wrong)[wrong] == "contradicted"


def test_the_size_of_a_scale_is_no_figure_of_the_result() -> None:
    """Round 189: 'by about one point on a 10-point pain scale' read '10-point' as a changed 1.1 points."""
    faithful = (
        "Steroid injections gave better pain relief at one to two months, by about one point on a 10-point pain scale."
    )
    assert "contradicted" not in _verdicts(ELBOW, faithful).values()


def test_without_a_pronoun_denies_nothing_after_it() -> None:
    """Round 190: 'in people without it there is a higher risk' was read as denying 'higher'."""
    faithful = "You can only have belatacept if you have had EBV, because otherwise there is a higher risk of a rare "
    faithful += "brain lymphoma."
    assert "contradicted" not in _verdicts(BELATACEPT, faithful).values()


def test_a_finding_of_completers_is_not_the_trials_null_finding() -> None:
    """Round 190: 'Those who completed rehab had fewer readmissions' against the trial's 'did not reduce 12-month
    readmissions', where the evidence analyses completers apart."""
    faithful = (
        "Those who completed rehab had fewer readmissions, but they were younger and had been admitted less often "
        "before, so that finding may not reflect the rehab itself."
    )
    assert "contradicted" not in _verdicts(REHAB, faithful).values()
    wrong = "Early rehabilitation reduced readmissions within a year."
    assert _verdicts(REHAB, wrong)[wrong] == "contradicted"


STATINS = (
    "Results: Per 1.0 mmol/L lower LDL cholesterol, major vascular events were reduced by 21% overall (RR 0.79) and "
    "by 13% in those over 75 (RR 0.87)."
)
FORTIFIER = (
    "Results: Fortification increased in-hospital weight gain (mean difference 1.8 g/kg/day; 95% CI 1.3 to 2.4; 14 "
    "trials, 1,071 infants; moderate certainty), length gain (0.1 cm/week) and head growth (0.08 cm/week)."
)


def test_an_eighth_is_a_fraction_and_growing_faster_names_no_outcome() -> None:
    """Round 189-190: 'fell by about an eighth' was read as 'eight h' (8 hours), a figure the evidence never states;
    'their length and head size also increased slightly faster' was read as an unnamed outcome 'faster'."""
    faithful = "Vascular events fell by about an eighth in people over 75."
    assert _verdicts(STATINS, faithful)[faithful] == "supported"
    assert not medhal.check(STATINS, faithful).flagged
    wrong = "Vascular events fell by about a half in people over 75."
    assert _verdicts(STATINS, wrong)[wrong] != "supported"
    assert medhal.check(STATINS, wrong).flagged
    grew = "Their length and head size also increased slightly faster."
    assert medhal.check(FORTIFIER, grew).units[0].cues.get("unnamed_subject") is None


CRASHES = (
    "Results: Over 4 years, ADHD medication was associated with fewer crashes (IRR 0.81; 95% CI 0.73-0.90). The "
    "reduction was seen for night-time crashes (IRR 0.74; 0.62-0.88) but not daytime crashes (IRR 0.92; 0.80-1.06)."
)
COSTS = "Median direct treatment cost was USD 310 for doxycycline versus USD 4,870 for ceftriaxone."
TOURNIQUET = (
    "The primary outcome was pain on walking at 24 hours (0-100 mm visual analogue scale, VAS). Results: Mean VAS "
    "pain at 24 hours was 48 mm with a tourniquet and 39 mm without."
)


def test_figures_a_faithful_answer_restates_in_other_words_are_stated() -> None:
    """Rounds 186-190: 'which dropped by about a quarter' (IRR 0.74: 'dropped' gives the change its direction),
    'roughly $300 compared with nearly $5,000' ('USD 310' is money) and 'on a 100-point scale' (the size of a 0-100
    scale) were figures the evidence never states, each flagging its faithful answer."""
    for evidence, answer in (
        (CRASHES, "The benefit showed up mainly for night-time crashes, which dropped by about a quarter."),
        (COSTS, "Oral treatment was far cheaper, costing roughly $300 compared with nearly $5,000."),
        (TOURNIQUET, "Pain was measured on a 100-point scale."),
    ):
        assert not any(u.cues.get("unstated_figures") for u in medhal.check(evidence, answer).units), answer
    wrong = "Oral treatment was far cheaper, costing roughly $900 compared with nearly $5,000."
    assert any(u.cues.get("unstated_figures") for u in medhal.check(COSTS, wrong).units)
