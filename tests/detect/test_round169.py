"""Faithful clauses of blind rounds 169-172 (session 29) that the cues or the encoder contradicted, read end to end,
each with the wrong twin the same reading must still catch."""

from __future__ import annotations

import medhal

AUTOINJECTOR = (
    "Of 1,020 children with anaphylaxis, 38% had received adrenaline from an auto-injector before arrival. Early "
    "adrenaline was associated with fewer hospital admissions (18% vs 31%; adjusted OR 0.52, 95% CI 0.37 to 0.73). "
    "Need for a second dose was similar (11% vs 13%; adjusted OR 0.88, 95% CI 0.58 to 1.34)."
)
HEEL = (
    "Trials compared corticosteroid injection with extracorporeal shockwave therapy (ESWT). Results: At 4 weeks, "
    "injection gave lower pain than ESWT (MD 0.9 points, 95% CI 0.3 to 1.5). At 12 weeks, pain "
    "did not differ between treatments (MD 0.2, 95% CI -0.4 to 0.8). At 6 months, ESWT produced lower pain (MD 1.1 "
    "points, 95% CI 0.5 to 1.7)."
)
LEGS = (
    "Over 52 weeks, augmentation occurred in 7 patients (2.3%) on pregabalin and 24 patients (7.9%) on pramipexole "
    "(p=0.001). Two participants on pregabalin reported suicidal ideation, compared with none on pramipexole."
)
OXYGEN = (
    "Severe retinopathy of prematurity occurred in 8.6% of survivors in the lower-target group and 17.9% in the "
    "higher-target group. Conclusions: Targeting saturations of 85-89% rather than 91-95% roughly halved severe "
    "retinopathy among survivors but increased mortality, with no difference in the combined outcome."
)


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_a_predicate_cut_at_however_is_read_whole() -> None:
    faithful = "Early adrenaline did not, however, reduce the need for a second dose."
    assert "contradicted" not in _verdicts(AUTOINJECTOR, faithful).values()
    wrong = "Early adrenaline did, however, reduce the need for a second dose."
    assert "contradicted" in _verdicts(AUTOINJECTOR, wrong).values()


def test_a_time_point_given_earlier_in_the_sentence() -> None:
    faithful = (
        "Injection relieved pain faster: at one month, pain scores were about one point lower after injection than "
        "after shockwave therapy."
    )
    assert "contradicted" not in _verdicts(HEEL, faithful).values()
    wrong = faithful.replace("one month", "three months")
    assert "contradicted" in _verdicts(HEEL, wrong).values()


def test_hedged_figures_stated_together_in_another_sentence() -> None:
    faithful = "This occurred in only about 2% of people on pregabalin compared with nearly 8% on pramipexole."
    assert "contradicted" not in _verdicts(LEGS, faithful).values()


def test_survivors_are_people_and_no_difference_in_the_combined_outcome() -> None:
    faithful = "Aiming for saturations of 85-89% roughly halved the rate of severe retinopathy in survivors."
    assert "contradicted" not in _verdicts(OXYGEN, faithful).values()


PESSARY = (
    "Methods: 340 women with symptomatic prolapse were randomised to a ring pessary or pelvic floor muscle training "
    "(PFMT). Results: At 12 months, mean PFDI-20 score improved by 41.2 points with pessary versus 28.5 points with "
    "PFMT (difference 12.7, 95% CI 5.9 to 19.5; p<0.001)."
)


def test_a_hedged_figure_changed_beside_its_partner_is_contradicted() -> None:
    faithful = (
        "Symptom scores improved by about 41 points with the pessary compared with about 29 points with exercises."
    )
    assert "contradicted" not in _verdicts(PESSARY, faithful).values()
    wrong = faithful.replace("about 41 points", "about 51 points")
    result = medhal.check(PESSARY, wrong)
    assert result.flagged and [u.verdict for u in result.units] == ["contradicted"]


AMOXICILLIN = (
    "Background: Whether a 7-day course of amoxicillin is as effective as a 14-day course for community-acquired "
    "pneumonia in children under 5 years in low-income settings is uncertain. Methods: In this open-label "
    "non-inferiority trial at six hospitals in Malawi, 1,126 children aged 2 to 59 months with chest-indrawing "
    "pneumonia were randomised to oral amoxicillin 45 mg/kg twice daily for 7 days (n=563) or 14 days (n=563). The "
    "primary outcome was treatment failure by day 14, with a non-inferiority margin of 4 percentage points. "
    "Results: Treatment failure occurred in 58 children (10.3%) in the 7-day group and 54 (9.6%) in the 14-day "
    "group (difference 0.7 percentage points, 95% CI -2.8 to 4.2), so non-inferiority was not shown. Relapse by day "
    "28 was similar (4.1% vs 3.7%). Diarrhoea was less frequent with the shorter course (6.2% vs 11.5%; p=0.002). "
    "Two children died in each group. Caregivers reported better adherence with the 7-day course (92% vs 78% "
    "completing all doses). Conclusions: A 7-day course was not shown to be non-inferior to 14 days, but it caused "
    "less diarrhoea and was easier to complete."
)


def test_an_unsupported_unit_of_figures_points_at_the_sentence_stating_them() -> None:
    result = medhal.check(
        AMOXICILLIN,
        "The shorter course caused less diarrhoea, roughly 6% compared with 12%, and "
        "more caregivers finished all the doses.",
    )
    unit = next(u for u in result.units if u.text.startswith("roughly 6%"))
    pointer = unit.entailing
    assert unit.verdict != "supported" and pointer is not None
    shown = pointer.focus.text if pointer.focus is not None else pointer.text
    assert shown.startswith("Diarrhoea was less frequent")


FEBRILE = (
    "Results: In total, 13,203 children (3.2%) had at least one febrile seizure. Adjusted hazard ratios compared with "
    "no febrile seizure were 2.3 (95% CI 2.0 to 2.7) for simple and 6.8 (95% CI 5.9 to 7.9) for complex seizures. Risk "
    "increased with the number of episodes: children with three or more episodes had an adjusted HR of 4.9 (95% CI "
    "3.9 to 6.1). Conclusions: More than 93 in 100 children with complex febrile seizures did not develop epilepsy."
)


def test_a_factor_told_of_what_another_sentence_names_and_a_share_cut_from_what_it_counts() -> None:
    response = (
        "In relative terms, simple seizures roughly doubled the risk. So the great majority of children, even after "
        "complex seizures, remain free of epilepsy."
    )
    assert "contradicted" not in _verdicts(FEBRILE, response).values()


SCARLET = (
    "Background: Scarlet fever, caused by group A streptococcus (GAS), is usually treated with a 10-day course of "
    "penicillin V. Results: Clinical cure at day 14 was 94.1% with 5 days and 94.8% with 10 days. GAS eradication was "
    "lower after the 5-day course (76.2% vs 85.9%; risk difference -9.7 points, 95% CI -14.0 to -5.4). Conclusions: A "
    "5-day course of penicillin V was non-inferior to 10 days for clinical cure of scarlet fever."
)


def test_a_relative_clause_of_advice_is_no_finding() -> None:
    response = (
        "So the shorter course seems just as good for getting better, but the standard ten-day course clears the "
        "bacteria more reliably, which is worth discussing with your doctor."
    )
    assert "contradicted" not in _verdicts(SCARLET, response).values()


NECROTISING = (
    "Among patients with persistent peripancreatic collections at the time of surgery (n=71), complications occurred "
    "in 41% of early versus 14% of late operations. In those without collections, complication rates were similar "
    "(17% vs 13%)."
)


def test_hedged_shares_stated_together_tell_the_unit_apart_from_a_null_finding() -> None:
    response = (
        "The difference was marked in people who still had fluid collections, where about four in ten early "
        "operations led to complications versus about one in seven later ones."
    )
    assert "contradicted" not in _verdicts(NECROTISING, response).values()
