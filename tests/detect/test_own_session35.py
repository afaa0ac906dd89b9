"""An own abstract of session 35 (a fictional trial of yearly high-dose vitamin D against falls), read as a clinician
would: faithful lay clauses that were `unsupported` for want of a lay term, a source's lead or a second predicate,
each beside the wrong wording the same reading must still leave unsupported or catch."""

from __future__ import annotations

import pytest

from medhal.detect.alignment import _predicates, points_to_treatment, restates
from medhal.text.advice_forms import as_avoided
from medhal.text.attribution import unattributed
from medhal.text.comparisons import comparison_conflict
from medhal.text.group_figures import group_amounts
from medhal.text.synonyms import alignment_tokens, canonical_text

CONCLUSION = (
    "Conclusions: An annual high dose of vitamin D did not reduce falls in older adults and should not be used for"
    " fall prevention."
)


def test_lay_names_of_hip_fractures_and_raised_calcium() -> None:
    assert "hip fractures" in canonical_text("Broken hips were about equally uncommon in both groups,")
    assert "hypercalcemia" in canonical_text("Too much calcium in the blood was rare.")
    assert "hyperkalemia" in canonical_text("too much potassium in his blood")
    # a little calcium is no raised calcium, and a broken wrist stays a wrist
    assert "hypercalcemia" not in canonical_text("Too little calcium in the blood was rare.")
    assert "hip fractures" not in canonical_text("Broken wrists were about equally uncommon.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The researchers concluded that vitamin D should not be given.", "vitamin D should not be given."),
        ("The study found, fewer falls with vitamin D.", "fewer falls with vitamin D."),
        ("Researchers were blinded to the allocation.", "Researchers were blinded to the allocation."),
        ("The authors said that.", "The authors said that."),  # nothing would be left
    ],
)
def test_a_sources_lead_is_dropped(text: str, expected: str) -> None:
    assert unattributed(text) == expected


def test_advice_after_a_finding_is_the_subjects_second_predicate() -> None:
    assert _predicates(CONCLUSION)[1] == (
        "Conclusions: An annual high dose of vitamin D should not be used for fall prevention."
    )
    faithful = "The researchers concluded that a yearly high dose of vitamin D should not be given to prevent falls."
    assert restates(as_avoided(CONCLUSION), as_avoided(faithful))
    # the advice turned round is no restatement, nor is another drug's
    assert not restates(CONCLUSION, "The researchers concluded that a yearly high dose of vitamin D should be given.")
    assert not restates(
        as_avoided(CONCLUSION), as_avoided("A yearly high dose of calcium should not be given to prevent falls.")
    )


def test_yearly_is_annual_and_stress_words_name_nothing() -> None:
    assert alignment_tokens("a yearly dose") == alignment_tokens("an annual dose")
    assert alignment_tokens("falls were actually more common") == alignment_tokens("falls were more common")
    # "falls" (the events) stay apart from "fall" (a change: "a fall in eGFR"), which frames a finding's subject
    assert alignment_tokens("falls") != alignment_tokens("fall")


def test_a_drug_called_by_its_kind_is_the_one_named() -> None:
    """The own Bell's palsy abstract: 'The researchers concluded that the antiviral did not improve recovery' restates
    'Adding valaciclovir to prednisolone did not improve complete recovery'; the finding turned round does not."""
    said = "Conclusions: Adding valaciclovir to prednisolone did not improve complete recovery in adults."
    assert points_to_treatment("The researchers concluded that the antiviral did not improve recovery.")
    assert restates(said, "The researchers concluded that the antiviral did not improve recovery.")
    assert not restates(said, "The researchers concluded that the antiviral improved recovery.")
    assert not restates(said, "The antiviral did not improve pain.")
    assert not points_to_treatment("The patients did not improve.")


def test_rates_per_person_year_by_group_order_a_comparison() -> None:
    """The own vitamin D abstract's wrong twin 'Falls were clearly less common with vitamin D' against 'The fall rate
    was 1.42 per person-year with vitamin D and 1.31 with placebo': the rates are figures by group, and 'the fall
    rate' is a measure, no change."""
    results = (
        "Results: The fall rate was 1.42 per person-year with vitamin D and 1.31 with placebo (rate ratio 1.08, 95% CI"
        " 0.94 to 1.25; p=0.27)."
    )
    assert [(f.value, f.group) for f in group_amounts(results)] == [(1.42, "vitamin D"), (1.31, "placebo")]
    assert comparison_conflict("Falls were clearly less common with vitamin D,", results)
    assert not comparison_conflict("Falls were slightly more common with vitamin D,", results)
    assert not comparison_conflict("Falls were no less common with vitamin D,", results)
    assert group_amounts("HbA1c fell by 1.2 mg with A and 0.5 mg with B.") == []
