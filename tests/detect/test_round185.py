"""Changed hedged figures of blind rounds 177-184 (session 31) that no cue caught, read end to end through
``medhal.check``, each beside its faithful twin, which must stay uncontradicted."""

from __future__ import annotations

import medhal

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
    """Round 178: 'About 11% of people taking finerenone' (for 16.9%) passed as the 11% reduction HR 0.89 is."""
    wrong = _verdicts(FINERENONE, "About 11% of people taking finerenone reached the main kidney outcome.")
    assert wrong["About 11% of people taking finerenone reached the main kidney outcome."] == "contradicted"
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
