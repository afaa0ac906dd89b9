"""Changed hedged figures of blind rounds 177-184 (session 31) that no cue caught, read end to end through
``medhal.check``, each beside its faithful twin, which must stay uncontradicted."""

from __future__ import annotations

import medhal
from medhal.text.derived import relative_change
from medhal.text.quantities import quantities

FINERENONE = (
    "Methods: 3,412 adults with type 2 diabetes and chronic kidney disease were randomised to finerenone or placebo. "
    "Results: The primary outcome occurred in 16.9% of the finerenone group and 20.4% of the placebo group (hazard "
    "ratio [HR] 0.81; 95% CI 0.71-0.92; p=0.001). The key secondary cardiovascular composite occurred in 12.8% vs "
    "14.1% (HR 0.89; 95% CI 0.76-1.04; p=0.14)."
)

SEMAGLUTIDE = (
    "Methods: 407 adults with obesity and knee osteoarthritis were randomised to weekly semaglutide or placebo for 68 "
    "weeks. Results: Mean weight change was -13.7% with semaglutide versus -3.2% with placebo. WOMAC pain fell by "
    "41.2 points versus 27.5 points (difference -13.7; 95% CI -18.4 to -9.0; p<0.001). Rescue paracetamol was used "
    "by 28% of participants on semaglutide versus 44% on placebo."
)

VITAMIN_D = (
    "Methods: 842 pregnant women were assigned to cholecalciferol 4,000 IU daily or placebo until delivery. Results: "
    "Asthma or recurrent wheeze occurred in 68 of 361 children (18.8%) in the vitamin D group and 87 of 357 (24.4%) "
    "in the placebo group (hazard ratio 0.76, 95% CI 0.55-1.05; p=0.09). In a prespecified subgroup of mothers with "
    "baseline 25-hydroxyvitamin D below 20 ng/mL (n=266), the hazard ratio was 0.58 (95% CI 0.37-0.91)."
)

RUXOLITINIB = (
    "Methods: 412 patients with vitiligo were randomised to ruxolitinib 1.5% cream or vehicle cream for 24 weeks. "
    "Results: At week 24, F-VASI75 was achieved by 30.2% of the ruxolitinib group versus 8.0% of the vehicle group "
    "(odds ratio 4.9, 95% CI 2.6-9.3; p<0.001). The proportion rating their vitiligo as no longer noticeable was "
    "16.4% versus 4.4%."
)


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_a_share_of_people_is_no_relative_change_of_another_outcome() -> None:
    """Round 178: 'About 11% of people taking finerenone' (for 16.9%) passed as the 11% reduction HR 0.89 is; a
    share of whom 'of' names is no relative change (the unit, aligned only loosely, is still not contradicted: the
    group's figure rivals a hedged share on a loose alignment no more, which contradicted ten faithful clauses of
    rounds 157-184 when tried)."""
    said = quantities("(HR 0.89; 95% CI 0.76-1.04)")
    share, change = "About 11% of people taking finerenone", "an 11% lower risk"
    assert not relative_change(quantities(share)[0], said, frozenset(), share)
    assert relative_change(quantities(change)[0], said, frozenset({"down"}), change)
    faithful = _verdicts(FINERENONE, "About 17% of people taking finerenone reached the main kidney outcome.")
    assert "contradicted" not in faithful.values()


def test_a_hedged_figure_is_read_with_the_rival_it_is_cut_from() -> None:
    """Round 183: 'dropped by about 51 points, | versus about 28 points in the placebo group' (for 41.2)."""
    head = "Their knee pain dropped by about {} points, versus about 28 points in the placebo group."
    wrong = _verdicts(SEMAGLUTIDE, head.format(51))
    assert wrong["Their knee pain dropped by about 51 points,"] == "contradicted"
    assert "contradicted" not in _verdicts(SEMAGLUTIDE, head.format(41)).values()


def test_the_two_groups_shares_of_one_sentence_are_a_pair() -> None:
    """Round 181: 'about 9% compared with about 24% in the placebo group' (for 18.8%), where the evidence gives the
    two groups' shares joined by 'and', and 9.4% is 25 of 266 (of '25-hydroxyvitamin D' and 'n=266')."""
    head = "Wheeze was less common in children of mothers who took vitamin D, about {}% compared with about 24% in the "
    wrong = _verdicts(VITAMIN_D, head.format(9) + "placebo group.")
    assert wrong["about 9% compared with about 24% in the placebo group."] == "contradicted"
    assert "contradicted" not in _verdicts(VITAMIN_D, head.format(19) + "placebo group.").values()


def test_a_share_achieved_by_a_group_is_that_groups_figure() -> None:
    """Round 169: 'compared with about 18% of those using a plain vehicle cream' (for 8.0%): 'achieved by 30.2% of
    the ruxolitinib group' was read as a change ('by 30.2%'), so no group was given a share."""
    head = "About 30% of people using ruxolitinib cream reached the facial target, compared with about {}% of those "
    wrong = _verdicts(RUXOLITINIB, head.format(18) + "using a plain vehicle cream.")
    assert wrong["compared with about 18% of those using a plain vehicle cream."] == "contradicted"
    assert "contradicted" not in _verdicts(RUXOLITINIB, head.format(8) + "using a plain vehicle cream.").values()


TAVI = (
    "Methods: 1,012 patients with aortic stenosis were randomised to transfemoral TAVI (n=504) or surgical aortic "
    "valve replacement (SAVR; n=508). Results: The primary endpoint occurred in 8.7% after TAVI and 14.9% after "
    "SAVR. Death from any cause at 1 year was 1.2% versus 2.4% (p=0.16), and stroke at 30 days was 0.6% versus 2.4% "
    "(p=0.02)."
)

MOBILISATION = (
    "Methods: Patients mobilised within 24 hours of hip fracture surgery (early group, n=13,104) were compared with "
    "those mobilised later (n=5,348). Results: Thirty-day mortality was 5.1% in the early group and 7.9% in the "
    "later group (adjusted OR 0.72, 95% CI 0.63 to 0.83). New pressure ulcers developed in 2.1% versus 3.4% "
    "(adjusted OR 0.69, 95% CI 0.56 to 0.85)."
)


def test_the_pair_of_figures_of_the_clause_naming_the_measure_orders_the_arms() -> None:
    """Round 177: 'Strokes in the first month were more common after TAVI' against '..., and stroke at 30 days was
    0.6% versus 2.4%', a sentence of two such pairs, each in the order of the arms."""
    assert (
        _verdicts(TAVI, "Strokes in the first month were more common after TAVI.")[
            "Strokes in the first month were more common after TAVI."
        ]
        == "contradicted"
    )
    assert "contradicted" not in _verdicts(TAVI, "Strokes in the first month were less common after TAVI.").values()


def test_a_group_that_had_more_of_something_is_a_comparison() -> None:
    """Round 181: 'Early movers also developed more new pressure sores' (for fewer) was no comparison the cue read."""
    wrong = _verdicts(MOBILISATION, "Early movers also developed more new pressure sores and went home sooner.")
    assert wrong["Early movers also developed more new pressure sores"] == "contradicted"
    faithful = _verdicts(MOBILISATION, "Early movers also developed fewer new pressure sores and went home sooner.")
    assert "contradicted" not in faithful.values()


GABAPENTIN = (
    "Results: 113 participants (91%) completed treatment. Objective cough frequency fell by 27% with gabapentin and "
    "9% with placebo (ratio 0.80; 95% CI 0.68 to 0.94). Adverse events occurred in 31% of gabapentin and 10% of "
    "placebo recipients, mainly nausea, dizziness and fatigue."
)


def test_the_two_groups_shares_of_another_outcome_are_no_pair() -> None:
    """Round 187 (blind): 'coughing ... dropped by roughly a quarter with gabapentin versus about a tenth with
    placebo' (27% and 9%) was read against the adverse events' 31% and 10%, the groups' pair of another outcome."""
    faithful = "Measured coughing over 24 hours dropped by roughly a quarter with gabapentin versus about a tenth with "
    assert "contradicted" not in _verdicts(GABAPENTIN, faithful + "placebo.").values()


IVERMECTIN = (
    "What results can I expect? Spots fell by about 76% with ivermectin and about 50% with the vehicle. Most people "
    "noticed a difference by week 4. After stopping: About 1 in 3 people had their spots come back within 6 months."
)
SCREENING = (
    "Results: Probable depression at 12 months was found in 9.1% of women in screening clinics and 10.4% in "
    "usual-care clinics (adjusted odds ratio 0.86, 95% CI 0.68 to 1.09; p=0.21)."
)
LETTER = (
    "Her repeat antibody titre (12.8 nmol/L) is essentially unchanged, which does not concern me, as titres "
    "correlate poorly with symptoms."
)
IRON = (
    "Recheck ferritin and TSAT 8-12 weeks after treatment; repeat intravenous iron no more often than every 12 weeks."
)
HEELS = (
    "Critical Care Skin Integrity Guideline - Section 4: Heel protection (excerpt)\n4.1 Rationale. The heels are the"
    " second most common site of pressure injury in our critical care units after the sacrum. In the 2022 regional "
    "audit of 2,140 ICU admissions, heel injuries accounted for 31% of all category 2+ injuries, and 58% of heel "
    "injuries were first identified at category 3 or deep tissue injury, reflecting late detection.\n4.2 Assessment."
    " Inspect both heels at admission and at least every 12 hours, and every 4 hours in patients receiving "
    "vasopressors (noradrenaline above 0.1 microgram/kg/min) or with a Braden score of 12 or below. Document "
    'findings on the electronic skin chart.\n4.3 Offloading. Heels should be "floated" so that they bear no weight. '
    "Prefer a purpose-made heel suspension boot for patients expected to stay more than 48 hours. In a local "
    "before-after evaluation (n=486), introducing suspension boots reduced category 2+ heel injuries from 8.2% to "
    "3.7% (odds ratio 0.43, 95% CI 0.20-0.92). A pillow placed lengthwise under the calves is an acceptable short-"
    'term alternative. Do not use rolled towels, IV fluid bags or glove-filled "water gloves", which concentrate '
    "pressure.\n4.4 Dressings. A prophylactic multilayer foam heel dressing may be added for high-risk patients, but"
    " it does not replace offloading. In a pilot trial of 160 patients, heel dressings alone did not reduce heel "
    "injuries compared with no dressing (6.3% vs 7.5%; p=0.76).\n4.5 Boots should be removed every 8 hours to "
    "inspect the skin and check for device-related pressure from straps, particularly over the Achilles tendon and "
    "the top of the foot.\n4.6 Escalate any category 2+ heel injury to the tissue viability team within 24 hours."
)
HEELS_ANSWER = (
    "The guideline notes that heels are the second most common place for pressure injuries in intensive care, after"
    " the lower back, and that they are often found late. Heels should be checked when the patient arrives and at "
    "least twice a day, and more often, about every four hours, in patients on drugs to support blood pressure or "
    "with a low Braden score. The key step is to keep the heels lifted so they carry no weight, ideally with a "
    "special heel suspension boot for anyone staying longer than two days. Locally, bringing in these boots was "
    "linked with heel injuries falling from about 8% to under 4%. A pillow along the calves is acceptable for a "
    "short time, but rolled towels, fluid bags and water-filled gloves should not be used. Foam heel dressings can "
    "be added for high-risk patients, but on their own they did not cut heel injuries and they are no substitute "
    "for lifting the heels. Boots should come off every 8 hours so the skin under the straps can be checked."
)


BIMEKIZUMAB = (
    "Methods: 438 adults were randomised 2:1:1 to bimekizumab 320 mg every 2 weeks (n=220), adalimumab (n=109), or "
    "placebo (n=109). Results: HiSCR50 at week 16 was achieved by 52% with bimekizumab, 44% with adalimumab and 29% "
    "with placebo (bimekizumab vs placebo OR 2.71, 95% CI 1.66 to 4.42; p<0.001). HiSCR75 was reached by 35%, 26% and "
    "15%, respectively. Oral candidiasis occurred in 8% of bimekizumab-treated patients, 1% with adalimumab and 0% "
    "with placebo; serious adverse events occurred in 3%, 2% and 2%."
)
PHENOBARBITAL = (
    "Results: Intubation occurred in 9% versus 18%. Conclusions: A phenobarbital-based protocol for severe alcohol "
    "withdrawal was associated with fewer intubations and shorter ICU stays than a benzodiazepine-based protocol, "
    "with similar mortality."
)
HYPEREMESIS = (
    "Results: Median vomiting episodes in 24 hours were 2 with ondansetron and 3 with metoclopramide (p=0.19). "
    "Drowsiness was less common with ondansetron (11% vs 29%; p=0.006), but constipation was more frequent (18% vs "
    "6%; p=0.03). Conclusions: Ondansetron and metoclopramide had similar antiemetic efficacy."
)


def test_faithful_clauses_of_blind_rounds_185_to_188_are_not_contradicted() -> None:
    """Faithful clauses the cues contradicted when rounds 185-188 were first read (blind): a share in the words of
    another sentence ('most people'), 'significant' of a symptom, 'barely changed', a limit said two ways, a list's
    item before its negated predicate, a share read against another outcome's figures, 'alcohol withdrawal' read as
    stopping a cause, and 'worked equally well' against a difference in side effects."""
    faithful = [
        (
            IVERMECTIN,
            "The number of spots dropped by about three quarters, and most people saw a change within a month.",
        ),
        (
            SCREENING,
            "A year after birth, around 9% of women at clinics that screened everyone had significant depression "
            "symptoms, compared with about 10% at clinics that relied on usual care.",
        ),
        (LETTER, "Her antibody level has barely changed, but the neurologist is not worried by this."),
        (
            IRON,
            "Ferritin should be rechecked after treatment, and infusions should not be repeated more often than "
            "every 12 weeks.",
        ),
        (HEELS, HEELS_ANSWER),
        (
            BIMEKIZUMAB,
            "A bigger improvement of three-quarters or more was seen in about a third of people on bimekizumab "
            "versus about one in seven on placebo.",
        ),
        (PHENOBARBITAL, "On balance, the phenobarbital approach was linked with fewer intubations."),
        (HYPEREMESIS, "In this trial, ondansetron and metoclopramide worked about equally well."),
    ]
    for evidence, answer in faithful:
        assert "contradicted" not in _verdicts(evidence, answer).values(), answer


def test_a_changed_share_beside_a_null_finding_is_still_contradicted() -> None:
    wrong = "A year after birth, around 4% of women at clinics that screened everyone had depression symptoms, "
    verdicts = _verdicts(SCREENING, wrong + "compared with about 10% at clinics that relied on usual care.")
    assert "contradicted" in verdicts.values()


LORAZEPAM = (
    "Methods: 102 adults with alcohol withdrawal received a single intravenous dose of phenobarbital 10 mg/kg (n=51) "
    "or saline placebo (n=51), in addition to symptom-triggered lorazepam. Results: Median lorazepam use over the "
    "first 48 hours was 4 mg (IQR 0-10) with phenobarbital and 10 mg (IQR 4-24) with placebo (p<0.001)."
)


def test_amounts_by_group_order_a_comparison() -> None:
    """Round 186 (blind): 'Patients given phenobarbital also needed considerably more lorazepam' against '4 mg ...
    with phenobarbital and 10 mg ... with placebo': figures by group that are amounts, not percentages."""
    head = "Patients given phenobarbital also needed considerably {} lorazepam over the first two days."
    assert _verdicts(LORAZEPAM, head.format("more"))[head.format("more")] == "contradicted"
    assert "contradicted" not in _verdicts(LORAZEPAM, head.format("less")).values()
