"""Rounds 133-140 (clinic letters 133-136, research abstracts 137-140): each reading mended at its cause, with the
wrong reading it must still make."""

from __future__ import annotations

from medhal.detect.alignment import EvidenceIndex, restates
from medhal.detect.cues import negation_cue
from medhal.detect.focus import _no_difference_either
from medhal.detect.null_cue import of_other_stratum
from medhal.detect.swapped_drugs import swapped_drug
from medhal.text.arms import trial_arms
from medhal.text.assertions import describes_measurement, opens_predicate
from medhal.text.associations import association_reversed, same_association
from medhal.text.dose_changes import dose_turned
from medhal.text.durability import promised_outcome
from medhal.text.effects import stated_cause
from medhal.text.exclusive import absence_denied
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.findings import contradicts, finding_parts, null_findings
from medhal.text.fragments import states_no_predicate
from medhal.text.implied import implied_figures
from medhal.text.intervals import interval_conflicts
from medhal.text.laterality import side_conflict
from medhal.text.lexical import direction_conflict, direction_words
from medhal.text.measures import bound_figures
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation, scopes
from medhal.text.placement import moved_across
from medhal.text.quantities import quantities
from medhal.text.ratio_direction import ratio_turned
from medhal.text.recommendations import unadvised
from medhal.text.synonyms import canonical_text
from medhal.text.variants import lettered_swaps

from .letters import cause


def test_a_side_said_short_is_a_side_the_letter_names() -> None:
    # round 134: "R 20°" and "equal to R side" name the right ankle the answer compares the bitten left one with
    letter = [
        "1. Adder bite L ankle 19/07/2024 - systemic envenomation.",
        "L ankle dorsiflexion 10° (5° at d/c), R 20°.",
        "Ankle ROM improving but not yet equal to R side.",
    ]
    assert side_conflict("but it is still not as flexible as her right ankle,", letter) is None
    assert side_conflict("after the adder bite on her right ankle in July,", letter) is not None


def test_a_word_said_plainly_elsewhere_is_not_denied() -> None:
    # round 134: "pain-free" on examination does not deny "pain mild" in the plan
    sentences = ["O/E: R hip ROM full, pain-free.", "3. Bisphosphonates not indicated (pain mild)."]
    index = EvidenceIndex.of(" ".join(sentences), sentences)
    assert negation_cue(index, "because your pain is mild.") is None
    alone = ["O/E: R hip ROM full, pain-free.", "Plan: review."]
    assert negation_cue(EvidenceIndex.of(" ".join(alone), alone), "because your pain is mild.") == 0


def test_no_longer_denies_the_word_after_it() -> None:
    # round 135: "can no longer be felt" denies "felt", as "spleen not felt" does
    assert scopes("and his liver can no longer be felt")[1] == {"felt": 1}
    sentence = "Liver edge no longer palpable (was 2 cm), spleen not felt."
    assert (
        flips_negation("and his liver can no longer be felt, whereas before its edge was 2 cm down.", sentence) is None
    )
    assert flips_negation("and his liver can be felt, whereas before its edge was 2 cm down.", sentence) == "felt"


def test_a_dose_arrow_is_a_change_of_dose() -> None:
    # round 135: "↑ pred to 20 mg" raises the prednisolone the answer says is increased
    plan = ["1. ↑ pred to 20 mg OD x 2/52, then taper 2.5 mg/wk back to 5 mg."]
    assert dose_turned("your prednisolone is being increased from 5 mg to 20 mg once a day", plan) is None
    assert dose_turned("your prednisolone dose is being lowered", ["Prednisolone ↑ to 20 mg OD."]) == 0


def test_a_bare_day_is_completed_by_the_date_after_it() -> None:
    # round 135: "taken on 10 | and 12 September" against "Stool culture 10/09" in a letter of 19/09/2025
    letter = "Clinic date: 19/09/2025\n- Stool culture 10/09: no Vibrio isolated\n- Stool culture 12/09: no Vibrio"
    unit = "Two stool samples taken on 10"
    assert unstated_quantities(unit, letter, after=" and 12 September did not grow") == []
    assert [
        q.text for q in unstated_quantities("Two stool samples taken on 11", letter, after=" and 12 September")
    ] == ["11"]


def test_what_a_patient_drinks_is_a_days_amount() -> None:
    # round 133: "the roughly 2 litres you drink now" for "Drinking ~2 L/day"
    letter = "Today: No further falls. Drinking ~2 L/day. 2. Fluid restrict to 1-1.2 L/day."
    assert unstated_quantities("from the roughly 2 litres you drink now.", letter) == []
    assert [q.text for q in unstated_quantities("from the roughly 3 litres you drink now.", letter)] == ["3 litres"]


def test_names_a_letter_writes_short() -> None:
    # rounds 133-136: "Pen V", "RTX", "KF rings", "Hep A IgM"
    assert unstated_names("the antibiotic penicillin V 250 mg twice a day", "2. Pen V 250 mg BD lifelong.") == ()
    assert unstated_names("amoxicillin 250 mg twice a day", "2. Pen V 250 mg BD lifelong.") == ("amoxicillin",)
    assert unstated_names("carry on with rituximab 500 mg", "Medication: RTX 500 mg IV 6-monthly") == ()
    assert unstated_names("the copper rings (Kayser-Fleischer rings)", "Slit lamp: no KF rings.") == ()
    evidence = "Hep A IgM neg, HBsAg neg, HCV Ab neg; HEV IgM +ve"
    assert lettered_swaps("including hepatitis A, B and C", evidence) == ()
    assert lettered_swaps("including hepatitis D", evidence) == ("hepatitis D",)


def test_lay_words_for_a_letters_terms() -> None:
    letter = (
        "Upper GI bleeding from gastric & duodenal telangiectasiae. Pregabalin stopped due to dizziness & wt gain "
        "(+4 kg). Acetazolamide not started - previous intolerance (paraesthesia, 2022). Bx not indicated - clinical "
        "picture classic. Bisoprolol 1.25 mg OD started (LV impairment)."
    )
    assert cause("You were admitted because of bleeding from small fragile blood vessels,", letter) is None
    assert cause("because it made you dizzy and you put on weight.", letter) is None
    assert cause("because they gave you tingling in 2022.", letter) is None
    assert cause("because the appearance is typical.", letter) is None
    assert cause("because of the weakened pumping of your heart,", letter) is None
    assert cause("because of a blocked artery in your neck,", letter) is not None
    # a weight's shorthand, never a wild type
    assert canonical_text("Wt 84.2 kg") == "weight 84.2 kg"
    assert canonical_text("EGFR wt and mutant") == "EGFR wt and mutant"


def test_causes_of_and_an_aside_after_the_cause() -> None:
    # round 135: "Tests for other causes of hepatitis" names no cause; "caused by X, which you knew" names X
    assert stated_cause("Tests for other causes of hepatitis,") is None
    assert stated_cause("The rash was caused by bacterial toxins, which spread.") == "bacterial toxins"


def test_an_interval_before_what_it_is_about() -> None:
    # round 136: "6-monthly USS + AFP" gives the AFP its interval; "annually" is the MRI's
    plan = "2. Propranolol 40 mg BD. 3. 6-monthly USS + AFP (HCC surveillance); MRI liver annually."
    assert interval_conflicts("and AFP blood test every six months,", plan, plan) == []
    found = interval_conflicts("and AFP blood test every 3 months,", plan, plan)
    assert [(a.text, b.text) for a, b in found] == [("every 3 months", "6-monthly")]


def test_nor_did_repeats_the_denied_predicate() -> None:
    # round 137: "did not differ ..., nor did satisfaction scores" denies a difference in satisfaction scores
    sentence = "Mean OME did not differ (30.2 vs 28.4 mg; p=0.51), nor did satisfaction scores."
    assert scopes(sentence)[1] == {"diffe": 1}
    assert flips_negation("and satisfaction scores did not differ.", sentence) is None
    assert flips_negation("and satisfaction scores differed.", sentence) == "differed"


def test_a_figure_before_its_measure() -> None:
    # round 137: "85% specificity and a 96% negative predictive value"
    bound = bound_figures("with 85% specificity and a 96% negative predictive value.")
    assert [(b.measure, b.figure.text) for b in bound] == [("specificity", "85%"), ("npv", "96%")]
    assert [(b.measure, b.figure.text) for b in bound_figures("sensitivity was 78% and specificity 85%")] == [
        ("sensitivity", "78%"),
        ("specificity", "85%"),
    ]


def test_a_null_finding_of_another_stratum() -> None:
    # round 137: a null finding at 8 kHz, or of non-hamstring injuries, is about something else
    sentence = "The shift at 32 kHz was smaller (14 vs 32 dB; p<0.001), and shifts at 8 kHz did not differ (p = 0.38)."
    assert of_other_stratum("NAC-treated ears had a much smaller shift at 32 kHz", sentence)
    assert not of_other_stratum("the shift at 8 kHz was smaller", sentence)
    assert of_other_stratum(
        "The programme reduced hamstring injuries.", "Other (non-hamstring) injuries did not differ."
    )
    assert not of_other_stratum("The programme reduced injuries.", "Other (non-hamstring) injuries did not differ.")


def test_a_null_finding_between_doses_compares_the_doses() -> None:
    # round 140: "the difference between doses was not significant" denies no effect of either dose against control
    sentence = (
        "Tuft area was reduced by 68% with the low dose and by 81% with 1 µg; the difference between doses was not"
    )
    sentence += " significant (p=0.12)."
    (finding,) = null_findings(sentence)
    assert finding.head_to_head
    assert not contradicts("both doses of aflibercept sharply reduced neovascular tufts", finding)


def test_figures_said_with_their_period_or_hedged() -> None:
    # rounds 137-139: "each week (1.12 vs 0.98 cm)", "72 minutes per workday", "from about 34 to about 27.5 seconds"
    length = "Length gain was greater with higher protein (1.12 vs 0.98 cm/week; p=0.01)."
    assert unstated_quantities("They also gained more length each week (1.12 vs 0.98 cm).", length) == []
    standing = "Sitting was 78 minutes lower, with a corresponding increase in standing time (+72 minutes/workday)."
    assert unstated_quantities("which rose by 72 minutes per workday.", standing) == []
    assert [q.kind for q in quantities("fell from about 34 to about 27.5 seconds")] == ["time", "time"]
    # a ratio named before a bracket and its outcome ("hazard ratio [HR] for discontinuation 0.72")
    ratio = "retention was 81.6% vs 74.3% (hazard ratio [HR] for discontinuation 0.72; 95% CI 0.63 to 0.82)."
    assert unstated_quantities("corresponding to a 28% lower hazard of leaving treatment (HR 0.72).", ratio) == []


def test_a_matched_cohorts_total() -> None:
    # round 137: "842 FICB recipients were matched 1:1 with 842 controls" is 1,684 people
    values = [q.value for q in implied_figures("842 FICB recipients were matched 1:1 with 842 controls.")]
    assert 1684.0 in values
    assert 3808.0 in [q.value for q in implied_figures("After matching (1,904 pairs), retention was 81.6%.")]


def test_the_equal_figures_words_are_read_further() -> None:
    # round 138: "(adjusted odds ratio [aOR] 1.62 per point" is the unit's "(aOR 1.62 per point)"
    sentence = (
        "A higher rPATD burden score was associated with greater willingness (adjusted odds ratio [aOR] 1.62 per "
        "point; 95% CI 1.28 to 2.05), whereas a higher appropriateness score was associated with lower willingness "
        "(aOR 0.58 per point; 95% CI 0.45 to 0.75)."
    )
    unit = "A higher perceived medication burden was linked to greater willingness (aOR 1.62 per point)."
    assert number_conflicts(unit, sentence, sentence) == []


def test_a_word_beside_the_figure_places_it() -> None:
    # round 138: "206 evaluable women" are the 206 evaluable, not the 212 women randomised
    sentences = [
        "Methods: In this randomised controlled trial, 212 women receiving whole-breast radiotherapy were allocated.",
        "Results: Overall, 206 patients were evaluable (104 film, 102 control).",
    ]
    unit = "In this randomised trial of 206 evaluable women having whole-breast radiotherapy,"
    assert moved_across(unit, sentences, 0) == []
    assert moved_across("In this randomised trial of 206 women having whole-breast radiotherapy,", sentences, 0)


def test_advice_against_substituting_is_advice_the_abstract_gives() -> None:
    # round 137: "preclude its use as a substitute for laboratory haemoglobin in transfusion decisions"
    conclusion = ["Wide limits of agreement preclude its use as a substitute for laboratory haemoglobin."]
    assert not unadvised("and should not replace laboratory haemoglobin when deciding on transfusion.", conclusion)
    assert unadvised("Clinicians should transfuse at 8 g/dL.", ["Mean bias was 0.4 g/dL."])


def test_a_denied_second_finding_is_its_own_part() -> None:
    # round 138: "..., and no serious adverse events were attributed to benzydamine" is a finding of its own
    sentence = (
        "Local burning or stinging was the most common adverse effect (pooled incidence 9%), and no serious adverse "
        "events were attributed to benzydamine."
    )
    assert len(finding_parts(sentence)) == 2
    assert restates(sentence, "The most common side effect was local burning or stinging,")
    assert not restates(sentence, "The most common side effect was a dry mouth,")


def test_bounds_in_words_and_arms_named_by_dose_are_no_direction() -> None:
    # rounds 139-140: "less frequent with three or more doses", "The higher dose also reduced ..."
    sentence = "Placental malaria was less common with ≥3 doses (18.3% vs 26.1%)."
    assert not direction_conflict("Placental malaria was also less frequent with three or more doses.", sentence)
    assert direction_conflict("Placental malaria was more frequent with three or more doses.", sentence)
    assert direction_words("The higher dose also reduced it") == frozenset({"reduced"})


def test_fragments_and_methods_sentences() -> None:
    # round 139: a predicate cut from its subject after "however,"; a fragment with a describing past form;
    # round 140: a methods sentence on how zones were read
    assert opens_predicate("however, were similar in the two groups (4.1% versus 4.4%).")
    assert states_no_predicate("Among 356 emergency department patients with suspected leg DVT,")
    assert not states_no_predicate("Among 356 patients, DVT was suspected.")
    assert describes_measurement("Inhibition zones for ceftazidime were read after 4, 6 and 8 hours of incubation.")
    assert not describes_measurement("Zones could be read at 4 hours in 81%.")


def test_a_ratio_against_the_words_of_its_direction() -> None:
    # round 137: "fell ... (OR 1.64 per extra five years)" where the abstract's higher odds have OR 1.64
    evidence = ["Each 5 years of tenure was associated with higher odds of silicosis (OR 1.64; 95% CI 1.4-2)."]
    unit = "The odds of silicosis fell with longer time in the industry (OR 1.64 per five years)"
    assert ratio_turned(unit, evidence) == 0
    assert ratio_turned(unit.replace("fell", "rose"), evidence) is None
    # a bound is no direction, nor a ratio the evidence never states
    bound = "A V20 lower than 30% doubled the hazard (HR 2.21)"
    assert ratio_turned(bound, ["It doubled the hazard (HR 2.21)."]) is None
    assert ratio_turned("The odds fell (OR 1.50)", evidence) is None


def test_rounds_141_to_144_abstract_forms() -> None:
    # a mean's spread between it and its unit; a coefficient after "="; a ratio "for CIN3+"
    blood = "Blood loss was lower with early TXA (mean 1,120 [SD 310] mL) than with placebo (1,690 [SD 420] mL)."
    assert unstated_quantities("with mean losses of about 1.1 L versus 1.7 L with placebo.", blood) == []
    # the unit after the spread keeps its denominator (round 153): a rate, never a mass
    assert [q.kind for q in quantities("18.9 (2.6) g/kg/day")] == ["mass/kg/day", "count"]
    assert [q.text for q in quantities("(β=-0.09 SD, 95% CI -0.14 to -0.04)")][:1] == ["0.09"]
    cin = "the adjusted IRR for CIN3+ was 0.14 (95% CI 0.10-0.19) for women vaccinated at age 12 years or younger."
    assert unstated_quantities("an 86% lower rate than unvaccinated women (IRR 0.14).", cin) == []
    # "12 weekly challenges" are twelve challenges, weekly; "174 ... in each group" are 348
    assert [round(q.value) for q in implied_figures("After matching, 174 patients were analysed in each group.")] == [
        348
    ]
    # a name with "-level" after it is the name
    assert unstated_names("PanCan keeps Lung-RADS-level sensitivity", "PanCan was compared with Lung-RADS.") == ()


def test_a_comparison_told_from_the_other_arm_swaps_no_drug() -> None:
    # round 141: "More patients were still on ustekinumab (74% vs 62%)" for "lower with vedolizumab (62% vs 74%)"
    trial = (
        "Treatment persistence at 12 months was lower with vedolizumab (62% vs 74%).",
        "Of 724 patients, 298 received vedolizumab and 426 ustekinumab.",
    )
    index = EvidenceIndex.of(" ".join(trial), trial)
    assert swapped_drug(index, "More patients were still on ustekinumab at 12 months (74% vs 62%).") is None
    assert swapped_drug(index, "More patients were still on ustekinumab at 12 months (62% vs 74%).") == 0


def test_an_outcome_promised_complete_that_the_letter_never_promises() -> None:
    # rounds 118-136: "The doctors expect the clots to clear completely within a few months"
    letter = ["Impression: Hepatic vein thrombosis, on apixaban 5 mg BD.", "Plan: repeat Doppler in 3/12."]
    unit = "The doctors expect the clots to clear completely within a few months."
    assert promised_outcome(unit, letter) == "expect the clots to clear completely"
    assert promised_outcome(unit, [*letter, "Expect full recanalisation by 6/12."]) is None
    assert promised_outcome("The letter does not say the clots will clear completely.", letter) is None
    assert promised_outcome("so the prednisolone will be fully stopped after six weeks.", letter) is None


def test_full_bench_regressions_mended() -> None:
    # no other keloids (round 111), carriers and non-carriers compared (cp_261), the foot a unit names for itself
    # (round 94), and an association's finding that names more of the cause (round 138)
    assert not absence_denied("and no other keloids were found.", "FH: mother has keloid on chest.")
    assert not of_other_stratum(
        "Bleeding was more common in carriers.", "Bleeding did not differ between carriers and non-carriers."
    )
    foot = ["Diagnosis: L chronic plantar fasciopathy. USS: L plantar fascia 6.2 mm at calcaneal insertion (R 3.4 mm)."]
    assert side_conflict("Mr Walsh has responded well to treatment for his right plantar fasciopathy,", foot)
    sentence = (
        "A higher burden score was associated with greater willingness, whereas a higher appropriateness score of "
        "medicines was associated with lower willingness."
    )
    assert not association_reversed("A higher medication burden was linked to greater willingness.", sentence)
    assert association_reversed("A higher burden score was linked to lower willingness.", sentence)


def test_an_association_after_its_reference_group_and_two_null_findings() -> None:
    # round 144: "Compared with no coffee consumption, ..." opens with the reference group; round 142: a null finding
    # against a sentence reporting none about the same subject
    sentence = "Compared with no coffee, drinking more than 3 cups per day was associated with lower odds of fibrosis."
    assert same_association("drinking more coffee was associated with less liver fibrosis.", sentence)
    assert not same_association("drinking more coffee was associated with more liver fibrosis.", sentence)
    null = "Reporting rates did not differ between academic-affiliated and non-affiliated hospitals (p=0.37)."
    assert _no_difference_either("Reporting was similar in academic-affiliated", null)
    assert not _no_difference_either("Reporting was higher in academic-affiliated", null)


def test_an_arm_named_by_its_acronym_is_named_by_its_expansion_too() -> None:
    # round 143: "HFNC" and "standard low-flow oxygen via nasal cannula" share "nasal cannula"; the unit's "high-flow
    # nasal cannula" named the other arm, and its "(11.8% vs 22.4%)" read as that arm's figures turned round
    evidence = (
        "Heated humidified high-flow nasal cannula (HFNC) therapy is used. Infants were randomized to HFNC at 2 "
        "L/kg/min (n=512) or standard low-flow oxygen via nasal cannula (n=512)."
    )
    assert trial_arms(evidence) == ("high-flow nasal cannula (HFNC)", "standard low-flow oxygen via nasal cannula")
    assert trial_arms("Patients were randomly assigned to colchicine 0.5 mg once daily or placebo.") == (
        "colchicine 0.5 mg once daily",
        "placebo",
    )
