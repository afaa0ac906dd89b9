"""Rounds 145-148 (research abstracts) and the abstract readings left from rounds 139-144: each reading mended at its
cause, with the wrong reading it must still make."""

from __future__ import annotations

import numpy as np

from medhal.detect.focus import _clause_its_way, _of_other_kind, _other_side, _ways_in_order
from medhal.detect.null_cue import of_other_stratum
from medhal.text._fractions import hedged_fractions
from medhal.text.arms import moved_figures, trial_arms
from medhal.text.associations import association_reversed, same_association
from medhal.text.certainty import certainty_conflicts, certainty_levels
from medhal.text.changed_intervals import interval_conflicts
from medhal.text.doses import daily_forms
from medhal.text.figure_agreement import figures_agree
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.findings import null_findings
from medhal.text.fragments import states_no_predicate
from medhal.text.implied import implied_figures
from medhal.text.measures import bound_figures
from medhal.text.modification import claims_modification
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation, negation_targets
from medhal.text.null_denied import says_equally
from medhal.text.placement import moved_across
from medhal.text.quantifiers import share_conflicts, shares_stated
from medhal.text.quantities import quantities
from medhal.text.recommendations import unadvised
from medhal.text.synonyms import alignment_tokens, canonical_text
from medhal.text.trends import trend_reversed
from medhal.text.unnamed import comparison_subject, unnamed_subject


def test_a_ranked_fifth_is_a_quintile_not_a_share() -> None:
    # round 144: "the top fifth of UPF intake" read as 20% left the faithful unit's figures unstated
    unit = (
        "People in the top fifth of UPF intake had a 38% higher risk than the bottom fifth (HR 1.38, 95% CI 1.21-1.57),"
    )
    sentence = "Compared with the lowest quintile, the highest quintile had a higher risk (HR 1.38, 95% CI 1.21-1.57)."
    assert hedged_fractions(unit) == []
    assert figures_agree(unit, sentence)
    assert [q.text for q in hedged_fractions("About a fifth of them had diabetes.")] == ["fifth"]
    assert not figures_agree(unit.replace("1.38", "1.83"), sentence)


def test_a_signed_association_has_its_way() -> None:
    # round 144: "positively associated with T2D" is more of it
    sentence = (
        "Sugar-sweetened beverages and processed meats were positively associated with T2D, whereas breads and "
        "cereals were not associated with risk (HR 0.97, 95% CI 0.89-1.06)."
    )
    assert same_association("and processed meats were linked to higher risk,", sentence)
    assert not same_association("and processed meats were linked to lower risk,", sentence)
    assert association_reversed(
        "Processed meat was linked to a lower risk of diabetes.",
        "Processed meat was positively associated with diabetes.",
    )


def test_an_association_in_a_clause_after_a_negated_one() -> None:
    # round 139: "did not improve mNSS (...) and was associated with larger infarct volumes"
    sentence = (
        "Early training did not improve mNSS (7.2 [1.8]; p=0.48) and was associated with larger infarct volumes "
        "(32.4% [5.9] vs 26.1% [5.2]; p=0.002)."
    )
    assert same_association("Instead, early training was linked to larger infarcts,", sentence)
    assert not same_association("Instead, early training was linked to smaller infarcts,", sentence)
    assert not same_association("Instead, early training was linked to larger gains,", sentence)


def test_a_negation_the_sentence_makes_by_its_prefix() -> None:
    # rounds 143 and 146: "not been vaccinated" is "unvaccinated", "Neither dose affected" is "unaffected"
    assert not negation_targets(
        "All four infant deaths occurred in babies whose mothers had not been vaccinated.",
        "Vaccine effectiveness was 90%; all 4 infant deaths occurred among infants of unvaccinated mothers.",
    )
    assert not negation_targets(
        "Neither dose affected sucrose preference or novel object recognition.",
        "Sucrose preference and novel object recognition were unaffected by either dose.",
    )
    assert negation_targets("Neither dose affected sucrose preference.", "The high dose affected sucrose preference.")


def test_a_clause_its_way_inside_a_prefixed_word() -> None:
    # round 141: "within the thyroid" is "intrathyroidal"
    sentence = (
        "Supplementation increased splenic regulatory T cells (12.4% vs 9.1%; p<0.001) and decreased intrathyroidal "
        "interleukin-17 (IL-17)-producing CD4+ T cells (p=0.02)."
    )
    assert _clause_its_way("and reduced IL-17-producing CD4+ T cells within the thyroid.", sentence)
    assert not _clause_its_way("and raised IL-17-producing CD4+ T cells within the thyroid.", sentence)


def test_a_fragment_with_a_describing_past_form() -> None:
    # rounds 141, 142 and 148: "within recommended limits", "In this nested case-control study", "428 matched controls"
    assert states_no_predicate("Alcohol intake within recommended limits")
    assert states_no_predicate("In this nested case-control study of 164 women with distant recurrence")
    assert states_no_predicate("and 428 matched controls,")
    assert not states_no_predicate("This tested it.")
    assert not states_no_predicate("and 12 improved,")
    assert not states_no_predicate("Alcohol intake within recommended limits showed no association.")


def test_an_interval_in_the_same_words_elsewhere() -> None:
    # round 139: "each for 14 days" of the training, not the 90-minute occlusion
    sentences = [
        "Rats underwent arterial occlusion for 90 minutes and were then randomised.",
        "Treadmill training consisted of 30 minutes a day for 14 days.",
    ]
    unit = "or treadmill training starting 7 days after it, each for 14 days."
    assert interval_conflicts(unit, sentences, np.array([0.8, 0.3]), 0.6) is None
    letter = ["GP please check BP in 2 weeks.", "Repeat sodium in 4 weeks."]
    found = interval_conflicts("Her sodium should be repeated in 2 weeks", letter, np.array([0.47, 0.73]), 0.6)
    assert found is not None and [(a.text, b.text) for a, b in found[0]] == [("2 weeks", "4 weeks")]


def test_a_share_in_the_same_words() -> None:
    # round 143: "few women received only one dose" said in the abstract's own words
    unit = "although relatively few women received only one dose."
    assert shares_stated(unit, "Receiving one dose was as good, although few women received only one dose.")
    assert not shares_stated(unit, "Among 582,317 women, 301,446 (51.8%) had received at least one dose.")


def test_a_sentence_about_another_kind_of_the_thing() -> None:
    # round 146: "Serious adverse events" against "Gastrointestinal adverse events were more frequent"
    sentences = [
        "Gastrointestinal adverse events were more frequent with GLP-1 RAs (RR 1.54; 95% CI 1.31-1.81).",
        "Serious adverse events did not differ from placebo (RR 1.12; 95% CI 0.68-1.84).",
    ]
    unit = "Serious adverse events were not more common than with placebo."
    assert _of_other_kind(unit, sentences[0], sentences)
    assert not _of_other_kind(unit, sentences[1], sentences)
    assert not _of_other_kind("Serious adverse events were more common.", sentences[0], sentences[:1])


def test_certainty_levels_listed_after_the_first() -> None:
    # rounds 146 and 147: "moderate for BMI and low for cardiometabolic outcomes"
    evidence = ["Certainty of evidence was moderate for BMI and low for cardiometabolic outcomes."]
    assert [q.value for q in certainty_levels(evidence[0])] == [3.0, 2.0]
    assert certainty_conflicts("and low certainty for cardiometabolic outcomes.", evidence) is None
    assert certainty_conflicts("and high certainty for cardiometabolic outcomes.", evidence) is not None


def test_a_bracketed_definition_says_no_change() -> None:
    # round 146: "BDR (>=12% increase in FEV1) had a sensitivity of 35%"
    sentence = "BDR (≥12% increase in FEV1) had a sensitivity of 35% (95% CI 28-43) and specificity of 87%."
    assert not trend_reversed("but sensitivity dropped to 21%.", sentence)
    bleeds = "Joint bleeds (any bleed treated with factor) decreased from 1.9 to 0.4 a year."
    assert trend_reversed("and joint bleeds also became more frequent.", bleeds)


def test_a_null_finding_of_another_level() -> None:
    # round 147: the benefit with eosinophils >=300 against no difference with <100 cells/uL
    sentence = (
        "In participants with blood eosinophils ≥300 cells/μL the rate ratio was 0.63 (95% CI 0.51-0.78), whereas "
        "in those with <100 cells/μL there was no significant difference (rate ratio 0.97, 95% CI 0.76-1.24)."
    )
    assert of_other_stratum("The benefit was largest with blood eosinophils of at least 300 cells/μL,", sentence)
    assert not of_other_stratum("The benefit was largest with blood eosinophils below 100 cells/μL,", sentence)


def test_a_subgroup_figure_is_no_rival_of_the_overall_one() -> None:
    # round 148: "overall pregnancy rates were 1.4% with UPA" against the BMI >=30 subgroup's 2.1%
    sentences = [
        "Pregnancy occurred in 1.4% of the UPA group and 2.2% of the LNG group.",
        "In women with BMI ≥30 kg/m², pregnancy rates were 2.1% with UPA and 4.9% with LNG.",
    ]
    assert moved_across("overall pregnancy rates were 1.4% with UPA", sentences, 1) == []
    report = ["Of 186 attendees, 148 (80%) were contacted.", "67 met the case definition, an attack rate of 45%."]
    assert [(a.text, b.text) for a, b in moved_across("It had an attack rate of 80%.", report, 1)] == [("80%", "45%")]


def test_an_arm_opening_with_an_acronym_is_spelled() -> None:
    # round 148: "UPA 30 mg" is "ulipristal acetate (UPA) 30 mg", so a swapped arm's figures are read
    evidence = (
        "We compared ulipristal acetate (UPA) with levonorgestrel (LNG). Women were assigned to UPA 30 mg (n=1,624) "
        "or LNG 1.5 mg (n=1,618)."
    )
    arms = trial_arms(evidence)
    assert arms == ("ulipristal acetate (UPA) 30 mg", "levonorgestrel (LNG) 1.5 mg")
    spelled = ["Delay occurred in 8.7% of ulipristal acetate (UPA) and 5.2% of levonorgestrel (LNG) users."]
    assert moved_figures("a delay was more frequent with levonorgestrel (8.7% vs 5.2%).", spelled, arms) is not None
    assert moved_figures("a delay was more frequent with ulipristal (8.7% vs 5.2%).", spelled, arms) is None


def test_a_bare_measure_said_before_is_named() -> None:
    # rounds 145 and 148: "Levels were higher", "Performance was weaker"
    evidence = "Concentrations were higher with chlorthalidone. Hypokalaemia was more common with chlorthalidone."
    tokens = alignment_tokens(evidence)
    assert unnamed_subject("Levels were higher with chlorthalidone.", evidence, tokens) is None
    assert unnamed_subject("Performance was weaker with chlorthalidone.", evidence, tokens) is None
    assert unnamed_subject("Low sodium was more common with chlorthalidone.", evidence, tokens) == "Low sodium"


def test_figures_read_with_their_unit_or_period() -> None:
    # round 145: "48.2 ± 5.1% vs 36.7 ± 6.3%"; round 147: "yearly ... 98 mL" for "98 mL/year"; round 146: the arms'
    # "(TAU; n=76)" and "(n=76)" together; round 148: "IUD"
    assert [q.kind for q in quantities("(48.2 ± 5.1% vs 36.7 ± 6.3%)")][::2] == ["percent", "percent"]
    ejection = "higher ejection fraction (48.2 ± 5.1% vs 36.7 ± 6.3%; p<0.001)"
    assert unstated_quantities("a higher ejection fraction (about 48% vs 37%)", ejection) == []
    assert [q.text for q in unstated_quantities("a higher ejection fraction (about 48% vs 27%)", ejection)] == ["27%"]
    assert [q.kind for q in daily_forms("the yearly loss by 98 mL", quantities("98 mL/year"))] == [
        "volume/year",
        "volume",
    ]
    assert unstated_quantities("slowed the yearly loss of FVC by 98 mL", "(mean difference 98 mL/year)") == []
    assert [q.text for q in unstated_quantities("slowed the loss of FVC by 98 mL", "(mean difference 98 mL/year)")] == [
        "98 mL"
    ]
    trial = "Children were randomised to the programme plus usual care (TAU; n=76) or TAU alone (n=76)."
    assert 152.0 in [q.value for q in implied_figures(trial)]
    assert unstated_names("12.0% had a copper IUD.", "12.0% had a copper intrauterine device.") == ()


def test_rounds_149_to_152_readings() -> None:
    # round 149: "one bottle" for "a single 84-tablet bottle"; "JCV seropositivity" in lay words
    assert 1.0 in [q.value for q in implied_figures("It was dispensed as a single 84-tablet bottle.")]
    assert canonical_text("because they tested positive for JCV antibodies") == "because they JCV seropositivity"
    # round 150: a range of signed figures hedged as a whole; an interval's bounds take the estimate's unit; a mean
    # and its spread before the unit of the range's other end
    assert [q.about for q in quantities("from roughly -38 to +46 µmol/L")] == [True, True]
    # round 162: an unsigned range hedged as a whole too ("roughly 40 to 60 percent" for "40% to 62%"); not a change
    assert [q.about for q in quantities("about 5 to 10 days")] == [True, True]
    assert [q.about for q in quantities("fell from about 34 to 27.5 points")] == [True, False]
    bounds = quantities("a bias of 4.1 µmol/L (95% limits of agreement -38.2 to 46.4)")
    assert {q.kind for q in bounds if q.text in ("38.2", "46.4")} == {"substance/l"}
    assert [q.kind for q in quantities("HR 0.74 (95% CI 0.64-0.86)")][::2] == ["count", "count"]
    assert [q.kind for q in quantities("from 14.2 (SD 3.1) to 96.5 (SD 18.7) mL")][::2] == ["volume", "volume"]
    # round 151: "29 mg per 24 hours" states no 24 hours of its own
    assert unstated_quantities("(median 48 vs 29 mg per 24 hours)", "48 vs 29 mg daily") == []
    assert [q.text for q in unstated_quantities("(median 48 vs 29 mg in 24 hours)", "48 vs 29 mg daily")] == [
        "24 hours"
    ]


def test_rounds_149_to_152_focus_and_cues() -> None:
    # round 152: two findings said in the same ways, figure by figure, are no word-by-word conflict
    assert _ways_in_order(
        "raised sensitivity to 89.5% at the cost of lower specificity (66.0%).",
        "Using either test increased sensitivity to 89.5% but lowered specificity to 66.0%.",
    )
    assert not _ways_in_order(
        "lowered sensitivity to 89.5% at the cost of higher specificity (66.0%).",
        "Using either test increased sensitivity to 89.5% but lowered specificity to 66.0%.",
    )
    # round 149: the other side of a time bound is another stratum
    within = "Oseltamivir started within 48 hours of admission was associated with lower 30-day mortality."
    assert _other_side("Starting oseltamivir after 48 hours was not associated with lower mortality.", within)
    assert not _other_side("Starting oseltamivir within 48 hours was associated with lower mortality.", within)
    # round 151: "about as often" says equally; round 150: "without worsening psychotic symptoms" denies nothing of
    # prolactin; a coordinated bare predicate keeps its subject ("DILI was rare and did not differ ...")
    assert says_equally("Repeat dosing was needed about as often in both groups (21.4% vs 19.8%).")
    assert not negation_targets("It lowers prolactin without worsening psychotic symptoms.", "It reduces prolactin.")
    assert negation_targets("It lowers prolactin without worsening psychosis.", "It made psychosis worse.")
    dili = "DILI was rare and did not differ between treated and untreated patients (0.6% vs 0.5%; p=0.71)."
    assert "dili" in next(iter(null_findings(dili))).subject
    assert claims_modification("The association with reduced decompensation was stronger in patients who also ...")
    # round 150: "Stopping treatment" names neither arm of "paliperidone palmitate" or "oral antipsychotic treatment"
    arms = ("paliperidone palmitate", "clinician-chosen oral antipsychotic treatment")
    sentence = ["All-cause discontinuation was 38.8% versus 47.1% (HR 0.79, 95% CI 0.60-1.04)."]
    unit = "Stopping treatment for any reason was less common with paliperidone palmitate (38.8% vs 47.1%),"
    assert moved_figures(unit, sentence, arms) is None
    assert moved_figures(unit.replace("less", "more").replace("38.8% vs 47.1%", "47.1% vs 38.8%"), sentence, arms)


def test_rounds_153_to_156_readings() -> None:
    # round 156: a null finding restated as one; a passive's agents are not what it denies
    assert (
        flips_negation(
            "There was no significant difference between the groups in preterm birth or in preeclampsia.",
            "Rates of preterm birth (10.2% vs 8.7%) and preeclampsia (3.0% vs 3.9%) did not differ significantly.",
        )
        is None
    )
    assert (
        flips_negation(
            "and insulin resistance do not explain.",
            "Steatosis was common and was not explained by BMI or insulin resistance.",
        )
        is None
    )
    assert flips_negation("BMI explained it.", "It was not explained by BMI.") == "explained"
    # round 154: the first half of a listed pair of measures binds no figure
    assert bound_figures("with positive and negative predictive values of 90% and 78%, respectively") == []
    # round 154: the same range is no moved figure; a ratio's own name says nothing of what it is of
    results = "3,876 patients (27.3%) attended 1-11 sessions, 4,512 (31.8%) 12-24 and 5,815 (40.9%) 25-36."
    assert number_conflicts("and those attending 25-36 sessions a 32% lower risk,", results, results) == []
    lenses = [
        "Spectacle independence was more frequent with trifocal IOLs (risk ratio [RR] 1.32, 95% CI 1.14-1.53).",
        "Patients with trifocal IOLs reported halos more often (RR 1.41, 95% CI 1.10-1.80).",
    ]
    assert (
        moved_across("The trade-off was more frequent halos with trifocal lenses (risk ratio 1.41),", lenses, 0) == []
    )
    # round 153: "most resistant isolates" counts isolates, not the resistance rate
    assert not share_conflicts(
        "and most resistant isolates carried the A2143G mutation.",
        "Clarithromycin resistance increased from 17.2% in 2019 to 25.1% in 2022.",
    )
    assert share_conflicts(
        "Most patients given antibiotics had their appendix removed.",
        "In the antibiotics group, 29% of participants had undergone appendectomy.",
    )
    # round 155: a null finding about another molecule
    tissue = (
        "IL-5 and eotaxin-1 expression fell by 68% and 61% with anti-IL-4R, whereas IL-17A expression did not change."
    )
    assert of_other_stratum("With anti-IL-4R, tissue IL-5 and eotaxin-1 expression dropped by 68%", tissue)
    assert not of_other_stratum("With anti-IL-4R, tissue IL-17A expression dropped by 68%", tissue)
    # round 154: "insufficiently sensitive to be used alone" advises against using it alone
    assert not unadvised(
        "whereas mannan antigen should not be used alone.",
        ["Mannan antigen was more specific but insufficiently sensitive to be used alone."],
    )
    # round 154: a relative "that" belongs to the subject
    assert comparison_subject("However, cure that lasted through day 60 was more frequent with fidaxomicin,") == (
        "cure that lasted through day 60"
    )
