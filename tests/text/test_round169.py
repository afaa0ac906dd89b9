"""Readings of session 29: comparisons whose own figures, or the evidence's figures by group, order the groups the
other way (wrong twins of blind rounds 157-168 read `supported`), each checked against the faithful twin."""

from __future__ import annotations

from medhal.text.bracket_order import bracket_conflict
from medhal.text.comparisons import group_figures, reverses, unit_comparison


def test_a_count_out_of_a_group_with_its_share() -> None:
    part = (
        "PPCS at 30 days occurred in 6 of 61 (9.8%) exercise participants and 13 of 57 (22.8%) stretching participants"
    )
    assert [(f.value, f.group) for f in group_figures(part)] == [(9.8, "exercise"), (22.8, "stretching")]
    sentence = "Persistent post-concussive symptoms (PPCS) " + part.removeprefix("PPCS ") + " (P = .07)."
    wrong = unit_comparison(
        "Persistent post-concussive symptoms at 30 days were more common with exercise (9.8% vs 22.8%),"
    )
    right = unit_comparison(
        "Persistent post-concussive symptoms at 30 days were less common with exercise (9.8% vs 22.8%),"
    )
    assert wrong is not None and right is not None
    assert reverses(wrong, sentence) and not reverses(right, sentence)
    # a count out of a number of people is no group ("5% of 20 participants")
    assert group_figures("Nausea occurred in 5% of 20 participants and 9% of 21 participants.") == []


def test_figures_after_a_comma_and_a_group_named_before_them() -> None:
    said = [
        "Any early reaction, including urticaria alone, occurred in 29% of patients given adrenaline versus 43% "
        "given placebo (p<0.001)."
    ]
    assert bracket_conflict("were more common with adrenaline, at about 29% compared with 43%.", said) == 0
    assert bracket_conflict("were less common with adrenaline, at about 29% compared with 43%.", said) is None
    # the named group's figure is the one the evidence gives it, wherever the unit writes it
    assert bracket_conflict("were more common with placebo, at about 29% compared with 43%.", said) is None
    assert bracket_conflict("were less common with placebo, at 43% compared with 29%.", said) == 0
    transfer = ["Hospital transfer was required in 6% of the CWI group and 21% of the towel group (OR 0.24)."]
    assert (
        bracket_conflict(
            "Runners cooled in a bath were much more likely to need transfer, about 6% versus 21%.", transfer
        )
        == 0
    )
    assert (
        bracket_conflict(
            "Runners cooled in a bath were much less likely to need transfer, about 6% versus 21%.", transfer
        )
        is None
    )


def test_more_common_with_a_group_than_with_another() -> None:
    said = ["Adverse events were reported by 3.4% of the one-dose arm and 5.2% of the two-dose arm."]
    wrong = "Side effects were slightly more common with one dose (about 3%) than with two doses (about 5%)."
    assert bracket_conflict(wrong, said) == 0
    assert bracket_conflict(wrong.replace("more", "less"), said) is None
    # "more limited (50 degrees) than ... (65 degrees)": the word after "more" says which way
    assert (
        bracket_conflict(
            "Flexion was more limited (50 degrees) than before (65 degrees).",
            ["Flexion was 50 degrees, against 65 degrees before."],
        )
        is None
    )


def test_people_of_an_arm_who_rated_it() -> None:
    claim = unit_comparison("More people on 1HP rated the pill burden as acceptable.")
    assert claim is not None and claim.group == "1HP" and claim.up
    part = "Pill burden was rated acceptable by 71% of 1HP and 84% of 3HP participants."
    assert [(f.value, f.group) for f in group_figures(part)] == [(71.0, "1HP"), (84.0, "3HP")]
    assert reverses(claim, part)
    fewer = unit_comparison("Fewer people on 1HP rated the pill burden as acceptable.")
    assert fewer is not None and not reverses(fewer, part)


def test_a_fluid_rate_per_percent_burn() -> None:
    from medhal.text.quantities import quantities

    kinds = {
        q.kind
        for t in ("about 7 mL per kg per percent burn", "7.1 mL/kg/%TBSA", "2 mL/kg/% TBSA")
        for q in quantities(t)
    }
    assert kinds == {"volume/kg/%tbsa"}
    assert [q.kind for q in quantities("0.5 mL/kg/h")] == ["volume/kg/h"]


def test_a_share_of_one_amount_in_another() -> None:
    from medhal.text.figures import unstated_quantities

    evidence = "Median fluid over 72 hours was 84 mL/kg in the restrictive group and 141 mL/kg in the standard group."
    assert unstated_quantities("The cautious approach used roughly 60% as much fluid as standard care.", evidence) == []
    assert unstated_quantities("The cautious approach used roughly 40% as much fluid as standard care.", evidence)


def test_a_name_given_as_an_example_of_what_the_evidence_names() -> None:
    from medhal.text.names import unstated_names

    evidence = "Couples agreed not to use assisted reproduction for 12 months. Ticks carried Borrelia burgdorferi."
    assert unstated_names("They agreed not to use assisted reproduction such as IVF.", evidence) == ()
    assert unstated_names("They agreed not to use fertility drugs such as IVF.", evidence) == ("IVF",)
    assert unstated_names("One in five ticks carried the Lyme bacterium.", evidence) == ()


def test_no_difference_in_what_a_clause_names_after_another_finding() -> None:
    from medhal.text.findings import null_findings
    from medhal.text.synonyms import word_stem

    sentence = "Targeting 85-89% halved severe ROP but increased mortality, with no difference in the combined outcome."
    assert null_findings(sentence) == ()
    # a clause naming what did not differ is read with its part, as before
    sleep = null_findings("Drug A lowered pain, with no difference in sleep quality.")
    assert len(sleep) == 1 and {"sleep", "quali"} <= sleep[0].subject
    assert word_stem("survivors") != word_stem("survival")


def test_a_phrase_naming_only_the_rival_and_a_period_stated_as_such() -> None:
    from medhal.text.bounds import bound_value_conflicts
    from medhal.text.fragments import states_no_predicate

    assert states_no_predicate("almost the same as in people who were not vaccinated.")
    assert not states_no_predicate("higher than expected, and mortality rose.")
    evidence = (
        "Adults with chronic cough lasting at least 1 year were randomised. The primary outcome was 24-hour cough "
        "frequency."
    )
    sentence = evidence.split(". ")[0]
    assert bound_value_conflicts("It cut coughs over 24 hours by 18%.", sentence, evidence) == []
    assert bound_value_conflicts("in people coughing for at least 2 years", sentence, evidence)
    # a bound stays a bound wherever its figure is stated as a period ("over at least three days": round 56)
    taper = "The dose should be reduced gradually over at least 1 week. Doses were given for 3 days."
    assert bound_value_conflicts("the dose should be reduced gradually over at least three days.", taper[:57], taper)


def test_declined_and_lay_words_for_exclude_and_readmission() -> None:
    from medhal.text.lexical import negated
    from medhal.text.synonyms import canonical_stems

    assert negated("She had declined Japanese encephalitis (JE) vaccination because of its cost.")
    assert not negated("Mortality declined in both groups.")
    assert "exclu" in canonical_stems("a negative record does not rule out asthma")
    assert "readm" in canonical_stems("more people had to come back into hospital")
    assert "readm" not in canonical_stems("He should go back to hospital if the redness spreads.")  # advice


def test_a_relative_change_of_those_not_free_of_it() -> None:
    from medhal.text.ratios import ratio_conflicts

    sentence = "80% of dexmedetomidine and 62% of placebo patients remained delirium-free (p<0.001)."
    assert ratio_conflicts("That corresponds to roughly halving the risk of delirium.", sentence) == []
    assert ratio_conflicts("That corresponds to a tenfold cut in the risk of delirium.", sentence)


def test_a_group_named_by_a_hyphenated_comparative() -> None:
    said = ["However, death before discharge was more frequent with the lower target (19.7% vs 16.0%; RR 1.23)."]
    faithful = "However, more babies died before going home in the lower-oxygen group, about 20% versus 16%."
    assert bracket_conflict(faithful, said) is None


def test_degree_a_drug_class_and_an_imaging_acronym() -> None:
    from medhal.text.effects import unnamed_outcome
    from medhal.text.names import unstated_names
    from medhal.text.synonyms import alignment_tokens
    from medhal.text.unnamed import never_named

    evidence = "Itching improved in 58% versus 55%. Skin atrophy followed intralesional triamcinolone in 12%."
    assert (
        unnamed_outcome("Itching improved about equally in both groups,", evidence, alignment_tokens(evidence)) is None
    )
    assert not never_named("steroid injections", evidence, alignment_tokens(evidence))
    assert never_named("antibiotic injections", evidence, alignment_tokens(evidence))
    resonance = "Myocardial T2* on cardiovascular magnetic resonance improved."
    assert unstated_names("The MRI measure of heart iron improved.", resonance) == ()
    assert unstated_names("The MRI measure improved.", "Ferritin fell.") == ("MRI",)


def test_a_rate_said_once_for_both_groups() -> None:
    from medhal.text.figures import unstated_quantities

    evidence = "Fluid was 7.1 mL/kg/%TBSA with albumin versus 9.4 mL/kg/%TBSA with crystalloid alone."
    before = "Patients on albumin received about 7 mL per kg per percent burn, "
    assert unstated_quantities("compared with about 9.4 mL with crystalloid alone,", evidence, before=before) == []
    assert unstated_quantities("compared with 9.4 mL of saline,", evidence, before="It was 7.1 mL/kg/%TBSA. Then ")


def test_each_arm_s_share_of_the_trial() -> None:
    from medhal.text.implied import implied_figures

    said = "264 women were assigned to supervised training (n=132) or usual activity (n=132)."
    assert sorted(q.value for q in implied_figures(said) if q.kind == "percent") == [50.0]
    uneven = "300 adults were assigned to A (n=200) or B (n=100)."
    assert sorted(round(q.value, 1) for q in implied_figures(uneven) if q.kind == "percent") == [33.3, 66.7]


def test_shares_of_groups_said_respectively_and_ratios_listed_in_the_plural() -> None:
    from medhal.text.quantifiers import share_conflicts
    from medhal.text.ratios import ratio_conflicts, ratio_stated

    respective = "A second anticonvulsant dose was needed by 12 (14%) and 24 (27%) children, respectively."
    assert (
        share_conflicts("Only about one in seven children in the midazolam group needed a second dose,", respective)
        == []
    )
    assert share_conflicts("About one in twenty children in the midazolam group needed a second dose,", respective)
    listed = "Adjusted hazard ratios were 2.3 (95% CI 2.0 to 2.7) for simple and 6.8 (95% CI 5.9 to 7.9) for complex."
    assert ratio_stated("simple seizures roughly doubled the risk", listed)
    assert not ratio_stated(
        "simple seizures roughly doubled the risk", "Adjusted hazard ratios were 6.8 (95% CI 5.9 to 7.9)."
    )
    assert ratio_conflicts("It raised the risk tenfold.", "Hazard ratios were 1.9 (1.2 to 3.0) and 2.2 (1.4 to 3.1).")


def test_round_173_lay_words_chance_and_a_rate_s_base() -> None:
    from medhal.text.explanations import unstated_cause
    from medhal.text.figures import unstated_quantities
    from medhal.text.synonyms import alignment_tokens, canonical_text

    assert canonical_text("it can cause movement-related side effects") == "it can cause extrapyramidal effects"
    assert canonical_text("the rate of passing the virus to the baby") == "the rate of transmission"
    assert (
        unstated_cause("a difference small enough to be due to chance.", alignment_tokens("Falls: 5% (p=0.3).")) is None
    )
    evidence = "Mortality was 11.2% with hydrocortisone and 16.3% with placebo (difference 5.1 percentage points)."
    assert unstated_quantities("around five fewer deaths per 100 patients treated.", evidence) == []
    assert unstated_quantities("around five fewer deaths per 250 patients treated.", evidence)


def test_round_174_to_176_a_scale_s_size_an_arm_without_and_too_rare_to_compare() -> None:
    from medhal.text.negation import flips_negation
    from medhal.text.noninferiority import equivalence_claim
    from medhal.text.quantities import quantities

    assert [q.kind for q in quantities("about eight points better on a 100-point scale")][-1] == "label:scale"
    assert [q.kind for q in quantities("a 15-point margin")] == ["points"]
    assert equivalence_claim("Observation without antibiotics was non-inferior to amoxicillin-clavulanate.") == 1
    assert equivalence_claim("Observation was not shown to be non-inferior without antibiotics.") == -1
    rare = "Invasive GAS infection was rare (9 cases overall; 0.05%) and could not be compared between groups."
    assert flips_negation("Serious invasive infections were too rare to compare.", rare) is None
    assert flips_negation("Serious invasive infections were compared.", rare) == "compared"


def test_round_175_176_factors_of_amounts_and_counts_certainty_and_hedged_shares() -> None:
    from medhal.text.asserted import asserts_effect
    from medhal.text.ratios import ratio_conflicts, ratio_stated

    fluid = "Patients in the restrictive group received less fluid over 5 days (median 1.8 L vs 3.9 L)."
    assert ratio_stated("patients received roughly half as much fluid over five days", fluid)
    stopped = (
        "Adverse events were reported by 47% versus 41%; 9 versus 4 participants stopped treatment because of them."
    )
    assert ratio_conflicts("and more than twice as many people stopped it because of them.", stopped) == []
    assert ratio_conflicts("and five times as many people stopped it because of them.", stopped)
    assert not asserts_effect("but less certain for recurrence.")
    assert asserts_effect("but fewer recurrences.")


def test_round_176_a_share_of_something_else_and_weekly_sessions() -> None:
    from medhal.text.implied import implied_figures
    from medhal.text.quantifiers import share_conflicts

    adherence = "Adherence, recorded in a subset of 88 children, was 81% of prescribed time in the 2-hour group."
    assert share_conflicts("Vision dropped in a handful of children in both groups", adherence) == []
    assert share_conflicts("Vision dropped in a handful of children", "Vision dropped in 81% of children.")
    weeks = [q.value for q in implied_figures("It has 6 weekly sessions, each about 20 minutes.") if q.kind == "time"]
    assert weeks == [42.0]
