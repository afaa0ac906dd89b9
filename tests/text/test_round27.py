"""Faithful clauses of round 27 that were `contradicted`, and wrong ones it missed, each at the rule that reads them
(docs/verdicts.md "Round 27")."""

from __future__ import annotations

import pytest

from medhal.text.comparisons import comparison_conflict
from medhal.text.designs import overstated_superiority, stated_design
from medhal.text.figures import number_conflicts
from medhal.text.findings import null_finding_conflict, reports_null_finding
from medhal.text.fragments import states_no_predicate
from medhal.text.lexical import direction_conflict, direction_words
from medhal.text.quantities import quantities
from medhal.text.subgroups import group_tokens, normalise_ages
from medhal.text.synonyms import canonical_stems

SLEEP = (
    "The association for short sleep was stronger in participants younger than 60 years (HR 1.61) than in those "
    "aged 60 or over (HR 1.21; p for interaction=0.03)."
)


def test_an_age_bound_is_no_direction_word() -> None:
    unit = "The link with short sleep was stronger in people under 60 than in those aged 60 and older."
    assert not direction_conflict(unit, SLEEP)
    assert direction_words("older adults") == {"older"}
    # a number in words bounds an age too: "younger than six" is no direction against "older children"
    assert direction_words("less sensitive in children younger than six") == {"less"}


def test_age_groups_keep_their_side() -> None:
    assert normalise_ages("those aged 60 or over") == "those over 60"
    assert group_tokens("people aged 60 and older") != group_tokens("participants younger than 60 years")
    swapped = "The link with short sleep was stronger in people aged 60 and older than in those under 60."
    faithful = "The link with short sleep was stronger in people under 60 than in those aged 60 and older."
    assert comparison_conflict(swapped, SLEEP)
    assert not comparison_conflict(faithful, SLEEP)
    assert canonical_stems("the link with short sleep") == canonical_stems("the association with short sleep")


def test_half_a_dose_is_not_the_dose_it_halves() -> None:
    sentence = "- Metformin 500 mg twice daily - RESTARTED at a reduced dose (previously 1 g twice daily)"
    assert not number_conflicts(
        "with metformin restarted at half his previous dose, 500 mg twice a day.", sentence, sentence
    )
    assert number_conflicts("with metformin restarted at his previous dose, 500 mg twice a day.", sentence, sentence)


def test_an_instruction_not_to_do_something_is_no_finding() -> None:
    rule = "- If weight rises by more than 2 kg in 3 days or breathlessness worsens, do not increase; double the dose."
    assert not reports_null_finding(rule)
    assert not null_finding_conflict("If weight goes up by more than 2 kg in three days,", rule)
    assert reports_null_finding("Statins do not reduce delirium.")


def test_a_rate_per_minute_in_words() -> None:
    (written,), (symbol,) = quantities("4 mg per minute"), quantities("4 mg/min")
    assert written.kind == symbol.kind == "mass/min" and written.equals(symbol)
    sentence = "Give a bolus of 400 mg over 15 minutes, followed by an infusion of 4 mg/min for 2 hours."
    assert not number_conflicts("then 4 mg per minute for two hours.", sentence, sentence)


def test_a_bare_decimal_restates_its_figure_anywhere() -> None:
    evidence = "At 6 months, the improvements were 23.0 and 20.8 points respectively. Conclusion: non-inferior."
    assert not number_conflicts("and 20.8 with self-fitting,", evidence, "Conclusion: non-inferior at 6 months.")


def test_the_rival_a_comparison_closes_with_states_nothing() -> None:
    assert states_no_predicate("compared with 6% on foam.")
    assert not states_no_predicate("compared with foam, it reduced ulcers.")


def test_a_model_built_on_a_trial_states_no_design() -> None:
    evidence = ["Cost-effectiveness of CardioLink: a Markov model.", "The modelled cohort started at age 72."]
    assert stated_design(evidence) is None
    assert stated_design(["This prospective cohort study included 763 adults.", "We fitted Markov models."]) == (
        "observational",
        0,
    )


def test_better_than_claims_superiority() -> None:
    evidence = ["Elnacizumab was non-inferior to aflibercept for visual acuity at 48 weeks."]
    assert overstated_superiority("and elnacizumab was shown to be better than aflibercept.", evidence) == 0


@pytest.mark.parametrize(
    ("lay", "clinical"),
    [("skin thinning", "skin atrophy"), ("small visible blood vessels", "telangiectasia")],
)
def test_lay_words_for_skin_harms(lay: str, clinical: str) -> None:
    assert canonical_stems(lay) == canonical_stems(clinical)
    assert null_finding_conflict(f"and a few people developed {lay}.", f"No patient developed {clinical}.")
