"""A subgroup effect the evidence reports absent (text/modification.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.modification import claims_modification, modification_conflict, unmodified_by

GENETIC = "Genetic variants associated with faster caffeine metabolism did not modify this association."
VITAMIN = "Results were similar in participants whose baseline 25-hydroxyvitamin D level was below 20 ng/mL."
INTERACTION = "There was no significant interaction with diabetes status (P=0.41)."
SGLT2 = (
    "SGLT2 inhibitors reduced the risk of kidney disease progression by 37%, with similar relative effects in patients "
    "with and without diabetes (P for heterogeneity 0.39)."
)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("People with faster genetic caffeine metabolism benefited more.", GENETIC),
        ("The benefit was limited to people who started with low vitamin D levels.", VITAMIN),
        ("The reduction was greater in patients with diabetes status recorded as type 2.", INTERACTION),
        # one word names the subgroup; "the increase" is an effect too
        ("The benefit was confined to patients with diabetes.", SGLT2),
        ("The increase was limited to coronary events.", "Associations were similar for coronary and cerebral events."),
    ],
)
def test_a_claimed_subgroup_effect_is_contradicted_where_the_evidence_reports_it_the_same(
    unit: str, sentence: str
) -> None:
    assert modification_conflict(unit, sentence)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("Faster caffeine metabolism did not change this link.", GENETIC),  # reports the same
        ("The benefit was similar in people with low vitamin D levels.", VITAMIN),  # claims no difference
        ("The benefit was greater in women.", VITAMIN),  # another subgroup
        ("The benefit was greater in women.", SGLT2),
        ("The benefit was greater with faster caffeine metabolism.", "The effect was greater in women."),
    ],
)
def test_other_pairs_do_not(unit: str, sentence: str) -> None:
    assert not modification_conflict(unit, sentence)


def test_what_each_side_reads() -> None:
    assert unmodified_by(VITAMIN) == frozenset({"basel", "vitam", "level"})  # "25-hydroxyvitamin D" is vitamin D
    assert claims_modification("Older patients responded less.")
    assert not claims_modification("Older patients responded.")


def test_a_bracket_ends_the_subgroup() -> None:
    assert unmodified_by(SGLT2) == frozenset({"diabe"})  # not the P value of the heterogeneity test


def test_an_effect_said_not_to_differ_between_subgroups_denies_a_subgroup_effect() -> None:
    sentence = "The magnitude of change did not differ between men and women."
    assert modification_conflict("and the effect was larger in women than in men.", sentence)
    assert not modification_conflict("and the effect was similar in women and men.", sentence)
    assert not modification_conflict("and the effect was larger in older adults.", sentence)


def test_efficacy_that_did_not_differ_between_subgroups_denies_a_greater_benefit_in_one() -> None:
    # round 35: "The benefit was greater for tumours that scored 2+ than 1+" against this sentence was supported
    sentence = "Efficacy did not differ between HER2 IHC 1+ and IHC 2+ tumours (p for interaction=0.62)."
    assert modification_conflict("The benefit was greater for tumours that scored 2+ than 1+ for HER2.", sentence)
    assert not modification_conflict("The benefit was similar whether tumours scored 1+ or 2+.", sentence)
    weight = "The magnitude of weight loss did not differ between men and women (p for interaction=0.63)."
    assert modification_conflict("The benefit was greater in women.", weight)


def test_no_difference_by_sex_is_no_difference_between_women_and_men() -> None:
    # round 45: "the PM2.5 link was stronger in women than in men" against "did not differ by sex" was supported
    sentence = "The PM2.5 association did not differ by sex (p for interaction=0.41)."
    assert modification_conflict("and the PM2.5 link was stronger in women than in men.", sentence)
    assert not modification_conflict("and the PM2.5 link was similar in women and men.", sentence)
    assert not modification_conflict("and the link was stronger in smokers.", sentence)
