"""An own abstract of session 35 (a fictional trial of yearly high-dose vitamin D against falls), read as a clinician
would: faithful lay clauses that were `unsupported` for want of a lay term, a source's lead or a second predicate,
each beside the wrong wording the same reading must still leave unsupported or catch."""

from __future__ import annotations

import pytest

from medhal.detect.alignment import _predicates, restates
from medhal.text.advice_forms import as_avoided
from medhal.text.attribution import unattributed
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
    assert "fall" in alignment_tokens("fall prevention") & alignment_tokens("to prevent falls")
