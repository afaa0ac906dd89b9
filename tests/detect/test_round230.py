"""Faithful clauses of blind rounds 230-231 (session 35) that the cues flagged or contradicted when first read, each
beside the wrong wording the same reading must still catch; and what the regression over rounds 140-226 found."""

from __future__ import annotations

from medhal.text.comparisons import comparison_conflict
from medhal.text.doses import daily_forms
from medhal.text.effects import unnamed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.findings import contradicts, null_findings
from medhal.text.frequency import frequency_conflicts
from medhal.text.implied import implied_figures
from medhal.text.negation import flips_negation
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens, canonical_text
from medhal.text.ways import only_with_restated


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_a_rule_forbidding_what_lacks_a_condition() -> None:
    """Round 230: 'they should only be started with a plan to cut the tacrolimus dose' was denied by 'Do not start
    clarithromycin, fluconazole or diltiazem without a plan to reduce the tacrolimus dose'."""
    rule = "2. Do not start clarithromycin, fluconazole or diltiazem without a plan to reduce the tacrolimus dose."
    unit = "so they should only be started with a plan to cut the tacrolimus dose"
    assert flips_negation(unit, rule) is None
    assert only_with_restated(unit, rule)
    assert not only_with_restated("so they can be started with no plan at all", rule)
    assert (
        flips_negation(
            "Corticosteroids should be used in adults without asthma.",
            "Oral corticosteroids should not be used in adults without asthma.",
        )
        == "used"
    )


def test_figures_of_rounds_230_and_231() -> None:
    """Days 2-6 of a cycle are five days; 'about 11 points' of blood pressure for 11.7 and 10.8 mmHg; 16 headache days a
    month are about half the days; a quarter of a litre per kilogram is 250 mL/kg; his daily levodopa is a daily
    dose; a dose 'adjusted roughly monthly' is given daily."""
    cycle = "randomised to clomifene 50 mg daily on cycle days 2-6 (increased by 50 mg per cycle to 150 mg)"
    assert _unstated("women took clomifene tablets for five days early in each cycle,", cycle) == []
    assert _unstated("women took clomifene tablets for seven days early in each cycle,", cycle) == ["seven days"]
    diary = "She reports 16 headache days per month, of which 11 meet migraine criteria, for the past 2 years."
    assert _unstated("has had headaches on about half the days of each month for two years,", diary) == []
    assert _unstated("has had headaches on about a fifth of the days of each month for two years,", diary)
    regimen = "4.2 Standard PE regimen: five exchanges over 1-2 weeks, totalling about 250 mL/kg of plasma."
    assert _unstated("removing around a quarter of a litre of plasma per kilogram of body weight", regimen) == []
    assert _unstated("removing around half of a litre of plasma per kilogram of body weight", regimen)
    plan = "Five doses daily, each 1 tablet of 25/100 mg (total levodopa 500 mg/day, reduced from 600 mg/day)."
    kinds = [
        q.kind for q in daily_forms("which brings his daily levodopa down from 600 mg to 500 mg.", quantities(plan))
    ]
    assert kinds.count("mass") >= 2
    trial = ["randomised to cinacalcet (starting 30 mg once daily, titrated every 4 weeks to a maximum of 180 mg)"]
    assert (
        frequency_conflicts("starting at 30 mg a day and adjusted roughly monthly up to at most 180 mg,", trial) is None
    )
    assert frequency_conflicts("cinacalcet was taken as 30 mg twice daily,", trial) is not None


def test_lay_words_of_rounds_230_and_231() -> None:
    """An egg released (ovulation), not bothering him (causing no symptoms), left alone (leave it), a drug released in
    different ways, and 'cut short' or 'cut off suddenly' (no outcome named)."""
    assert "ovulation occurred" in canonical_text("An egg was released at least once in four in five women")
    assert "ovulated" in canonical_text("she had not released an egg")
    plan = "Plan: The residual tributary is not causing symptoms, so we will leave it."
    tokens = alignment_tokens(plan)
    assert (
        unstated_cause("One branch is open, but because it is not bothering him it will be left alone.", tokens, plan)
        is None
    )
    assert unstated_cause(
        "One branch is open, but because it is too small and hard to reach it will be left alone.", tokens, plan
    )
    brands = "4.7 Switching between mesalazine brands is not recommended, as release mechanisms differ."
    said = alignment_tokens(brands)
    assert (
        unstated_cause("Swapping is discouraged because they release the drug in different ways.", said, brands) is None
    )
    assert unstated_cause("Swapping is discouraged because they damage the drug in different ways.", said, brands)
    evidence = "Spironolactone use was limited by hyperkalaemia; tapering over 2-4 weeks is advised."
    named = alignment_tokens(evidence)
    assert unnamed_outcome("a drug whose use is often cut short by high potassium.", evidence, named) is None
    assert unnamed_outcome("the dose should be eased down rather than cut off suddenly.", evidence, named) is None


def test_what_the_regression_over_earlier_rounds_found() -> None:
    """Round 194: a part naming its groups that agrees outweighs a later pair of figures read in the arms' order
    (exposed once 'actually' named nothing); round 196: 'pelvic or other fractures' is no null finding about the hip
    fractures a unit names."""
    sentence = (
        "Serious adverse events occurred in 13.4% with semaglutide and 26.7% with placebo; gastrointestinal adverse"
        " events led to discontinuation in 3.3% versus 0.4%."
    )
    arms = ("subcutaneous semaglutide 2.4 mg once weekly", "placebo")
    assert not comparison_conflict("Serious side effects were actually less common with semaglutide,", sentence, arms)
    assert comparison_conflict("Serious side effects were more common with semaglutide,", sentence, arms)
    hips = "Hip protectors did not reduce falls, and there was no significant difference in pelvic or other fractures."
    findings = null_findings(hips)
    assert not any(contradicts("by about eleven fewer broken hips for every thousand residents.", f) for f in findings)
    assert any(contradicts("Pelvic fractures were less common with hip protectors.", f) for f in findings)


def test_a_word_of_the_absent_thing_as_the_modifier_of_another() -> None:
    """Round 230: 'Injections of ready-made tetanus antibodies were also used far less often with testing' was
    contradicted by 'No cases of tetanus occurred in either arm'."""
    findings = null_findings("No cases of tetanus occurred in either arm.")
    assert not any(
        contradicts("Injections of tetanus antibodies were used far less often with testing,", f) for f in findings
    )
    assert any(contradicts("Tetanus cases were fewer with testing.", f) for f in findings)
    assert any(contradicts("Two patients developed tetanus.", f) for f in findings)
