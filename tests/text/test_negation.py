from __future__ import annotations

import pytest

from medhal.text.lexical import has_negation
from medhal.text.negation import flips_negation, negated_stems, negation_scopes_agree, negation_targets
from medhal.text.prefix_antonyms import prefix_antonym

RECOMMENDATION = "Oral corticosteroids should not be used in adults without asthma."


def test_each_negation_governs_the_first_content_word_after_it() -> None:
    assert negated_stems(RECOMMENDATION) == {"used", "asthm"}
    assert negated_stems("There was no significant difference in mortality.") == {"diffe"}
    assert negated_stems("Tranexamic acid did not statistically significantly reduce death.") == {"reduc"}
    assert negated_stems("Mortality, not morbidity, fell.") == {"morbi"}
    # a cue's reach ends at punctuation; "not only" and "not as" negate nothing
    assert negated_stems("Cavities were recorded (yes/no), i.e. validated clinically.") == frozenset()
    assert negated_stems("Not only mortality but also morbidity fell.") == frozenset()
    assert negated_stems("It was not as useful at predicting chest injuries.") == frozenset()


def test_presence_of_a_negation_does_not_say_what_it_negates() -> None:
    flipped = "Corticosteroids should be used in adults without asthma."
    assert has_negation(flipped) == has_negation(RECOMMENDATION)  # what the restatement cue compared before
    assert not negation_scopes_agree(flipped, RECOMMENDATION)
    assert negation_scopes_agree("Corticosteroids should not be used in adults with no asthma.", RECOMMENDATION)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        # paraphrased negations agree
        ("Mortality did not differ significantly.", "There was no significant difference in mortality."),
        ("It was not associated with age.", "No association with age was found."),
        # a clause the other leaves out counts for nothing
        ("Steroids should not be used.", RECOMMENDATION),
        # a word one of them says both ways conflicts with neither reading
        ("It helped those with diabetes.", "It helped those with diabetes but not those without diabetes."),
    ],
)
def test_scopes_agree(unit: str, sentence: str) -> None:
    assert negation_scopes_agree(unit, sentence)


def test_a_denied_assertion_is_found_in_one_direction_only() -> None:
    assert flips_negation("Corticosteroids should be used in adults without asthma.", RECOMMENDATION) == "used"
    assert (
        flips_negation(
            "Serious adverse events were attributed to prednisolone.",
            "No serious adverse events were attributed to prednisolone.",
        )
        == "adverse"
    )
    # a subgroup the evidence excludes: "but not in patients with severe head injury" negates "severe"
    sentence = (
        "In patients with mild-to-moderate head injury, death was reduced with tranexamic acid (risk ratio 0.78), "
        "but not in patients with severe head injury (risk ratio 0.99)."
    )
    assert flips_negation("Death was reduced in severe head injury.", sentence) == "severe"
    assert flips_negation("Death was reduced in mild-to-moderate head injury.", sentence) is None
    # the unit denying what the sentence says may deny it in words the sentence does not use
    assert flips_negation("Markers do not differentiate NASH from ASH.", "Markers differentiate NASH from ASH.") is None


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        # the sentence must hold every content word and number of the unit
        ("Corticosteroids should be used in children.", RECOMMENDATION),
        ("Metformin reduced eGFR decline at 12 months.", "Metformin did not reduce eGFR decline at 24 months."),
        # an aim or a question denies nothing
        ("Metformin reduced eGFR decline.", "To test whether metformin did not reduce eGFR decline."),
        # a fragment asserts nothing, a relative clause's subject is elsewhere
        ("spinal haematoma,", "No spinal haematoma was noted."),
        ("and who had chronic diseases.", "Controls were women without chronic disease."),
        # the unit negates a word the sentence does not: the two deny in other words
        (
            "Even though no significant distribution of haemorrhages was observed,",
            "We did not observe any significant difference in the distribution of the haemorrhages.",
        ),
        # an opposite direction is the direction cues' business
        ("Metformin increased the decline.", "Metformin did not reduce the decline."),
    ],
)
def test_no_denial(unit: str, sentence: str) -> None:
    assert flips_negation(unit, sentence) is None


@pytest.mark.parametrize(
    ("unit", "sentence", "expected"),
    [
        ("It did not reduce mortality.", "It reduced mortality by 20%.", True),  # the governed word, said
        ("Mortality did not differ.", "Mortality was higher with A (12% vs 8%).", True),  # a difference word
        ("No patient below the threshold had an infarction.", "Three patients below it had an infarction.", True),
        ("It should not be used alone within 3 hours.", "Sensitivity was lower within 3 hours.", False),
        ("Mortality did not differ.", "Mortality was recorded at 90 days.", False),  # no effect stated
    ],
)
def test_negation_targets(unit: str, sentence: str, expected: bool) -> None:
    assert negation_targets(unit, sentence) is expected


def test_a_negation_with_nothing_after_it_but_the_predicate_denies_the_predicate() -> None:
    sentence = "Return visits occurred in 17.3% and 21.9%; the differences were not statistically significant."
    assert negated_stems(sentence) == frozenset({"signi"})
    assert not negation_scopes_agree("a significant difference.", sentence)
    # a unit that names nothing ("this was significant") has nothing the sentence could deny
    assert (
        flips_negation("The difference was statistically significant.", "The difference was not significant.") is None
    )


@pytest.mark.parametrize(
    ("unit", "sentence", "word"),
    [
        (
            "In adults with complicated appendicitis,",
            "Adults with uncomplicated appendicitis took part.",
            "complicated",
        ),
        ("It was clearly inferior to surgery.", "It was noninferior to surgery on the EQ-5D score.", "inferior"),
        (
            "Patients with resectable tumours were enrolled.",
            "Patients with unresectable tumours were enrolled.",
            "resectable",
        ),
        ("smokers had more events", "non-smokers had more events", "smokers"),
        # "inferior" is followed by what is compared, which an answer words its own way
        ("One week was inferior to a two-week course.", "Seven days was non-inferior to 14 days.", "inferior"),
        # the unit negates the word itself, the sentence says the word, or the next word differs
        ("It was not inferior to surgery.", "It was noninferior to surgery.", None),
        ("Complicated appendicitis was excluded.", "Complicated and uncomplicated appendicitis were studied.", None),
        ("It was a controlled trial.", "Patients with uncontrolled hypertension were enrolled.", None),
        ("an uncomplicated course", "an uncomplicated course", None),
        # round 19: the sentence names the state the unit's word names ("pregnancy" for "pregnant"); not events
        ("men and pregnant women need 7 days.", "Non-pregnant women: 3 days. Pregnancy: 7 days.", None),
        ("resistant strains spread", "Non-resistant strains and resistance rose.", None),
        ("pregnant women need 7 days.", "Non-pregnant women: 3 days.", "pregnant"),
        ("complicated appendicitis", "Complications of uncomplicated appendicitis were rare.", "complicated"),
    ],
)
def test_prefix_antonym(unit: str, sentence: str, word: str | None) -> None:
    assert prefix_antonym(unit, sentence) == word


def test_a_negation_narrowed_by_further_or_additional_denies_only_the_narrowed_thing() -> None:
    sentence = (
        "Bleeding after surgery occurred in 17% of operated patients and was mostly managed without further surgery."
    )
    assert not negation_targets(sentence, "Post-operative bleeding affected 17% of those who had surgery.")
    assert negation_targets(sentence, "Most bleeding needed further surgery.")
    assert negation_targets("No patient needed surgery.", "Two patients had surgery.")


def test_none_of_the_patients_denies_the_patients_as_no_patient_does() -> None:
    sentence = "No patient developed a gastrointestinal bleed."
    assert flips_negation("and none of the patients had a gastrointestinal bleed.", sentence) is None
    assert flips_negation("A patient developed a gastrointestinal bleed.", sentence) == "patient"
    assert "patie" in negated_stems("None of the patients had a bleed.")


def test_a_determiner_negation_denies_each_noun_phrase_joined_by_or() -> None:
    assert negated_stems("There was no fever or rash.") == negated_stems("There was no fever and no rash.")
    # a verb's negation governs the verb, not its objects
    assert sorted(negated_stems("It did not reduce mortality or stroke.")) == ["reduc"]
    sentence = "Arteries show mild intimal fibrosis; there is no vasculitis and no thrombotic microangiopathy."
    assert flips_negation("There was no vasculitis or thrombotic microangiopathy.", sentence) is None
    assert flips_negation("There was thrombotic microangiopathy.", sentence) == "thrombotic"


def test_a_determiner_negation_reads_a_comma_list_joined_by_or_and_not_a_clause() -> None:
    # round 20's faithful "no bleeding or serious adverse events occurred" against "No bleeding events, serious
    # adverse events, or discontinuations due to adverse events occurred" (the list's commas ended the reach)
    listed = "No bleeding events, serious adverse events, or discontinuations due to adverse events occurred."
    assert negation_scopes_agree(listed, "and no bleeding or serious adverse events occurred.")
    assert sorted(negated_stems("No patient died, and 5 had bleeding or stroke.")) == ["patie"]
    assert sorted(negated_stems("No deaths, 3 strokes or bleeds occurred.")) == ["morta"]


def test_a_part_with_a_verb_of_its_own_keeps_its_denial_to_itself() -> None:
    sentence = "No severe hypoglycaemia occurred in the dalvora group; 2 episodes occurred with glargine."
    assert flips_negation("There were two severe episodes on glargine.", sentence) is None
    assert flips_negation("Severe hypoglycaemia occurred in the dalvora group.", sentence) == "Severe"


def test_a_negated_copula_denies_each_item_of_its_or_list_and_a_verb_only_itself() -> None:
    assert negated_stems("because she isn't agitated or distressed,") == {"agita", "distr"}
    assert negated_stems("It did not reduce mortality or stroke.") == {"reduc"}
    sentence = "Midazolam NOT added to driver - no agitation or distress at present."
    assert flips_negation("because she isn't agitated or distressed,", sentence) is None


def test_a_hyphenated_compound_says_the_word_and_an_exclusion_denies_nothing_of_the_enrolled() -> None:
    assert prefix_antonym("with the coated balloon", "a drug-coated balloon or an uncoated balloon") is None
    assert prefix_antonym("with the coated balloon", "an uncoated balloon") == "coated"


def test_no_more_than_is_a_bound_and_nobody_governs_each_item_of_its_list() -> None:
    assert (
        flips_negation(
            "and take sumatriptan on two days a week at most,", "Limit sumatriptan to no more than 2 days per week."
        )
        is None
    )
    assert negated_stems("and nobody had an infection or a tendon rupture.") == {"infec", "tendo"}
    sentence = "Depigmentation occurred in 2 participants; no infections or tendon ruptures were reported."
    assert flips_negation("and nobody had an infection or a tendon rupture.", sentence) is None
    assert flips_negation("Tendon ruptures were reported.", "No tendon ruptures were reported.") == "Tendon"


def test_an_effect_word_denies_an_effect_on_what_it_names() -> None:
    """Round 26: "The difference was mainly below-knee DVT" was contradicted by "..., mainly distal DVT after knee
    replacement, without an increase in major bleeding" (P(C) 0.73)."""
    sentence = "Rivaroxaban reduced VTE, mainly distal DVT, without an increase in major bleeding."
    assert not negation_targets(sentence, "The difference was mainly below-knee DVT after knee replacement.")
    assert negation_targets(sentence, "Major bleeding was more frequent with rivaroxaban.")


def test_worse_than_the_comparator_a_non_inferiority_finding_names_is_its_antonym() -> None:
    # round 44: "so 7 days was worse than 14 days" against "7 days of antibiotics was non-inferior to 14 days"
    sentence = "In these patients, 7 days of antibiotics was non-inferior to 14 days."
    assert prefix_antonym("so 7 days was worse than 14 days.", sentence) == "worse"
    assert prefix_antonym("so 7 days was no worse than 14 days.", sentence) is None
    assert prefix_antonym("Older patients fared worse than younger ones.", sentence) is None
    assert prefix_antonym("so 7 days was worse than 14 days.", "7 days was worse, not inferior, to 14 days.") is None


def test_a_negation_in_a_compound_denies_the_compound_and_x_free_is_without_x() -> None:
    # round 45: "never-breastfed children" read as no children, so "the longer children had been breastfed" was
    # denied; round 35: "steroid-free remission" is remission without steroids
    sentence = "Obesity ranged from 12.9% among never-breastfed children to 4.6% among those breastfed for a year."
    assert flips_negation("and found that the longer children had been breastfed,", sentence) is None
    assert negated_stems("never-breastfed children") == {"breas"}
    assert negated_stems("Steroid-free remission at week 52") == {"stero"}
    assert not negation_targets("41% were in remission without steroids,", "Steroid-free remission: 41.3%.")
