"""Readings blind rounds 177-180 (session 30) asked for, each with the wrong twin it must still catch."""

from __future__ import annotations

from medhal.text.asserted import asserts_effect
from medhal.text.associations import association_reversed
from medhal.text.designs import claimed_design, design_agrees, stated_design
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.findings import null_finding_conflict
from medhal.text.negation import flips_negation
from medhal.text.noninferiority import equivalence_claim
from medhal.text.quantifiers import quantified_shares, share_conflicts
from medhal.text.quantities import quantities
from medhal.text.ratios import ratio_conflicts
from medhal.text.significance import significance_denied
from medhal.text.subgroup_claims import unreported_subgroup
from medhal.text.synonyms import canonical_text

DEXTROSE = (
    "Methods: This prospective cohort followed children born at 35 weeks or later who had been at risk of neonatal "
    "hypoglycaemia. Of 1,104 eligible children, 847 (77%) were assessed at age 9-10 years."
)


def test_two_figures_given_as_alternatives_are_a_range() -> None:
    """'to age nine or ten' for 'at age 9-10 years' was contradicted by '35 weeks' (round 177)."""
    assert [(q.text, q.approximate) for q in quantities("for 5 or 6 days")] == [("5", True), ("6 days", False)]
    assert [q.approximate for q in quantities("aged 65 or older")] == [False]
    unit = "This study followed about 850 children to age nine or ten."
    sentence = DEXTROSE.split(". ")[1]
    assert number_conflicts(unit, DEXTROSE, sentence) == []
    assert unstated_quantities(unit, DEXTROSE) == []
    assert number_conflicts("It followed 850 children to age 12.", DEXTROSE, sentence) != []


def test_a_denied_randomisation_claims_an_observational_design() -> None:
    assert claimed_design("Because this was not a randomised trial,") == "observational"
    assert claimed_design("The study was not randomised.") == "observational"
    assert claimed_design("Patients who were not randomised were followed.") is None
    sentences = [
        "This prospective cohort study enrolled 158 adults.",
        "Trials with cost-effectiveness analyses are needed.",
    ]
    assert stated_design(sentences) == ("observational", 0)  # a call for economic analyses is no secondary analysis
    assert design_agrees("Because this was not a randomised trial,", sentences) == 0
    assert design_agrees("Because this was not a randomised trial, the drug worked.", sentences) is None
    trial = ["Patients were randomly assigned to A or B.", "Pain fell more with A."]
    assert design_agrees("Because this was not a randomised trial,", trial) is None


def test_a_bare_second_alternative_is_hedged_too() -> None:
    """'about 16 minutes versus 11 or 12' for '16.2 vs 11.5 minutes' was contradicted by its 12 (round 179)."""
    assert [q.approximate for q in quantities("about 16 minutes versus 11 or 12.")] == [True, True, True]
    assert [q.approximate for q in quantities("2 or more")] == [False]


def test_a_product_strength_is_no_share() -> None:
    text = "allocated to 4% dimeticone lotion or 1% permethrin creme rinse; 38% used the cream"
    assert [q.kind for q in quantities(text)] == ["label:strength", "label:strength", "percent"]


def test_a_range_told_from_one_figure_to_another_is_hedged_whole() -> None:
    """'ranging from roughly 60% to 85%' for 'ranged from 61% to 84%' (round 179); a change keeps its second figure."""
    assert [q.about for q in quantities("ranging from roughly 60% to 85%")] == [True, True]
    assert [q.about for q in quantities("fell from about 34 to 27.5")] == [True, False]


def test_a_number_set_against_one_with_a_unit_takes_its_unit() -> None:
    """'Four days of home readings' for 'Using 4 rather than 7 days' was a changed '7 days' (round 180)."""
    assert [(q.kind, q.value) for q in quantities("Using 4 rather than 7 days of readings")] == [
        ("time", 4.0),
        ("time", 7.0),
    ]


def test_a_relative_change_is_read_against_the_finding_it_names() -> None:
    """'sedation about half as often' against a sentence whose first finding has RR 0.26 (round 179)."""
    sentence = (
        "Nasal skin injury was less common with HFNC (2.3% vs 9.7%; RR 0.26, 95% CI 0.14 to 0.49), and two trials "
        "reported that infants on HFNC required sedation less often (18% vs 35%)."
    )
    assert ratio_conflicts("Babies on high-flow needed sedation about half as often.", sentence) == []
    assert ratio_conflicts("Babies on high-flow needed sedation about a tenth as often.", sentence) != []


def test_lay_names_of_levels_and_of_newborn_outcomes() -> None:
    assert canonical_text("Serum magnesium below 1.4 mg/dL occurred in 3%") == canonical_text(
        "low magnesium 1.4 mg/dL occurred in 3%"
    )
    assert "respiratory distress" in canonical_text("fewer had breathing difficulties after birth")
    assert "paternity" in canonical_text("a lower chance of fathering a child")
    finding = "Birth before 37 weeks did not differ significantly (24.4% vs 29.1%)."
    assert not null_finding_conflict("Fewer babies had breathing difficulties after birth.", finding)
    assert null_finding_conflict("Birth before 37 weeks was less common with progesterone.", finding)


def test_an_association_must_meet_in_what_it_is_of() -> None:
    """'a lower chance of fathering a child' met 'a higher risk of testicular cancer' in 'risk' alone (round 179)."""
    sentence = "Later orchidopexy was associated with a higher risk of testicular cancer."
    assert not association_reversed("Later surgery was linked to a lower chance of fathering a child,", sentence)
    assert association_reversed("Later orchidopexy was linked to a lower risk of testicular cancer.", sentence)


def test_a_proportion_in_words_stands_near_its_value() -> None:
    """'about one in three' allowed 12-55% and '8 in every 100' 3-13%: neither caught its changed twin (rounds
    177-178)."""
    (third,) = quantified_shares("about one in three")
    assert third.contradicted_by(12.5) and not third.contradicted_by(28.0)
    (eight,) = quantified_shares("8 in every 100")
    assert eight.contradicted_by(3.1) and not eight.contradicted_by(7.0)
    (nine,) = quantified_shares("nine in ten")
    assert not nine.contradicted_by(82.0)


def test_a_proportion_the_sentence_states_is_its_share() -> None:
    sentence = "The most common are joint pain (about 1 in 8 people) and headache (about 1 in 14)."
    assert share_conflicts("Side effects include joint pain in about one in three people", sentence)
    assert not share_conflicts("Side effects include joint pain in about one in eight people", sentence)
    assert not share_conflicts("and headache in about one in fourteen people", sentence)


def test_wrong_twins_of_rounds_178_and_179_read_as_turned() -> None:
    """Each wrong twin here read `supported`: the reading that catches it, and its faithful twin read as before."""
    conclusion = "Teprotumumab reduced proptosis, but did not significantly improve double vision or quality of life."
    assert null_finding_conflict("Double vision was significantly better with teprotumumab.", conclusion)
    assert not null_finding_conflict("Double vision was not significantly better with teprotumumab.", conclusion)
    doses = "A 50-unit dose healed more fissures than 20 units, while 100 units added no further healing benefit."
    assert null_finding_conflict("Going up to 100 units made a clear further difference to healing.", doses)
    assert not null_finding_conflict("Going up to 100 units made no real further difference to healing.", doses)
    reactions = "Reactions occurred in 7.2% with co-administration and 5.9% with sequential dosing (p=0.46)."
    assert significance_denied("at about 7% versus 6%, a difference that was statistically significant.", reactions)
    assert not significance_denied("at about 7% versus 6%, a difference that was not significant.", reactions)
    assert equivalence_claim("the lower doses improved breathing scores less well than the standard dose.") == -1
    assert equivalence_claim("the lower doses improved breathing scores just as well as the standard dose.") is None
    assert asserts_effect("freezing offered a clear advantage over the gel.")
    assert not asserts_effect("freezing offered no real advantage over the gel.")


def test_a_hedged_share_is_read_against_its_own_groups_figure() -> None:
    """'About 11% of people taking finerenone' (for 16.9%) passed because 12.8%, another outcome's, lies near 11%
    (round 178)."""
    evidence = (
        "Results: The primary outcome occurred in 16.9% of the finerenone group and 20.4% of the placebo group. The "
        "secondary composite occurred in 12.8% vs 14.1%."
    )
    sentence = evidence.split(". ")[0]
    wrong = "About 11% of people taking finerenone reached the primary outcome,"
    assert [(a.text, b.text) for a, b in number_conflicts(wrong, evidence, sentence)] == [("11%", "16.9%")]
    assert (
        number_conflicts("About 17% of people taking finerenone reached the primary outcome,", evidence, sentence) == []
    )
    assert number_conflicts("About 13% of people had the secondary composite,", evidence, sentence) == []
    assert "primary outcome" in canonical_text("reached the main kidney outcome")


def test_a_subgroup_named_by_a_figure_is_named_only_by_it() -> None:
    """Round 178's 'the excess was confined to women over 75' in a trial of women aged 55-90 and round 179's 'the low
    dose worked especially well in children under two' were read as reported because every sentence names women or
    children."""
    trial = ["Women aged 55-90 years were randomised.", "Women had more fractures with placebo (HR 0.7)."]
    assert unreported_subgroup("and the excess was confined to women over 75.", trial) == "women over 75"
    reported = [*trial, "The reduction was similar in women aged 75 or over."]
    assert unreported_subgroup("and the benefit was largest in women over 75.", reported) is None
    croup = ["Fourteen trials with 3,118 children were included.", "Children given 0.15 mg/kg improved as much."]
    assert unreported_subgroup("and the low dose worked especially well in children under two.", croup)
    assert unreported_subgroup("and the low dose worked especially well in children.", croup) is None


def test_readings_rounds_181_to_184_asked_for() -> None:
    """Faithful clauses of blind rounds 181-184 that the rules of rounds 177-180 contradicted, each at its cause."""
    # the evidence denying randomisation states an observational design; "randomised data are sparse" states none
    leaflet = ["Because this was not a randomised trial, other differences may explain part of the result."]
    assert stated_design(leaflet) == ("observational", 0)
    registry = ["Background: randomised data on outcomes are sparse.", "Methods: a retrospective cohort study."]
    assert stated_design(registry) == ("observational", 1)
    assert claimed_design("Because this trial had no randomised comparison group,") == "observational"
    assert claimed_design("This trial with a randomised control group showed it") == "randomised"
    # a proportion's sides with the one it counts between them
    assert [q.approximate for q in quantities("affecting about one child in 200,")] == [True, True]
    assert [q.approximate for q in quantities("about seven times in ten for dark skin")] == [True, True]
    assert [q.approximate for q in quantities("5 patients in 2 groups")] == [False, False]
    # a slight difference claims no effect a null finding denies
    assert not asserts_effect("Pneumonia was somewhat less frequent with the block,")
    assert asserts_effect("Pneumonia was significantly and somewhat less frequent with the block,")


def test_more_readings_rounds_181_to_184_asked_for() -> None:
    """Faithful clauses of blind rounds 181-184 contradicted by older rules."""
    conclusion = "Conclusions: Low maternal vitamin D in late pregnancy was associated with more asthma at school age."
    assert not association_reversed("lower vitamin D in late pregnancy was linked to more asthma at seven.", conclusion)
    assert association_reversed("lower vitamin D in late pregnancy was linked to less asthma at age seven.", conclusion)
    among = "Among people with hearing loss, hearing-aid use was associated with a 27% lower risk of dementia."
    assert not association_reversed("using hearing aids was linked with a lower risk of dementia.", among)
    assert not asserts_effect("randomised trials are needed to show whether hearing aids reduce dementia risk.")
    assert not asserts_effect("Most of the deaths were from causes other than breast cancer.")
    assert equivalence_claim("but the range was too wide to formally show the 8-week taper was not worse.") == -1
    meta = "Larger benefits were seen in trials with lower vitamin D (p=0.04) but not with higher doses (p=0.52)."
    assert flips_negation("but higher doses did not seem to add more.", meta) is None
    guideline = "Stop screening once a person has not smoked for 15 years."
    assert flips_negation("and either still smoke or stopped within the last 15 years.", guideline) is None


def test_regressions_the_session_s_end_run_found() -> None:
    """Rounds 58 and 62 and clinical pair cp_361, read after the session's mends: a product's strength stated as a
    percentage, and a subgroup result fronted by "Among the N patients aged 75 years or older"."""
    evidence = "Adults were randomised to lerbacitinib 1.5% cream twice daily or vehicle."
    assert unstated_quantities("IGA success was 48.3% on lerbacitinib 1.5% BID", evidence + " Success: 48.3%.") == []
    assert [q.text for q in unstated_quantities("IGA success was 48.3% on lerbacitinib 2.5% BID", evidence)] == [
        "48.3%",
        "2.5%",
    ]
    subgroup = "Among the 817 patients aged 75 years or older, the proportion excluded rose from 6.4% to 29.7%."
    assert unreported_subgroup("The gain was largest in people aged 75 or older.", [subgroup]) is None
    assert unreported_subgroup("The gain was largest in people aged 65 or older.", [subgroup])


def test_more_regressions_the_session_s_end_run_found() -> None:
    """Rounds 168 and 175, read after the session's mends."""
    evidence = [
        "Withdrawal due to adverse events occurred in 17 patients (18.5%) on carbamazepine versus 8 (8.7%) on "
        "oxcarbazepine.",
        "Hyponatraemia below 130 mmol/L developed in 2 patients (2.2%) on carbamazepine and 7 (7.6%) on oxcarbazepine.",
    ]
    unit = "which occurred in about 8% of oxcarbazepine patients versus about 2% of those on carbamazepine."
    assert number_conflicts(unit, " ".join(evidence), evidence[0], sentences=evidence) == []
    sentence = "In the surgery group, 3 women (2%) had a major complication, and 18 (12%) started hormonal treatment."
    assert share_conflicts("In each group, roughly one in eight women ended up switching treatment.", sentence) == []
