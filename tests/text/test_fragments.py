"""Tests for :mod:`medhal.text.fragments` (split from test_assertions.py with the module)."""

from __future__ import annotations

from medhal.text.fragments import states_no_predicate


def test_states_no_predicate_reads_fragments_of_a_list_or_contrast() -> None:
    for fragment in (
        "and mucous membranes disorders,",
        "or without intrapulmonary lymph node metastasis.",
        "However, 30-day readmission, band-related reoperation,",
        "In breast cancer patients having SLN biopsy,",
    ):
        assert states_no_predicate(fragment), fragment
    for clause in (
        "Mortality did not differ.",
        "Patients lost 25% of their body weight.",
        "Metformin caused lactic acidosis in 3% of patients,",
        "and it can't be relied upon.",
        "Aspirin reduces the risk of preeclampsia.",
    ):
        assert not states_no_predicate(clause), clause


def test_a_list_of_short_items_states_no_predicate_though_an_item_has_a_past_form() -> None:
    # round 20: "nebulised adrenaline" read as a past form made the list a claim the guideline's "Do not use" denied
    assert states_no_predicate("Antibiotics, corticosteroids, nebulised adrenaline,")
    assert states_no_predicate("hypertonic saline, inhaled steroids, montelukast,")
    # an item that ends in a past form states one, as does a clause that is no list
    assert not states_no_predicate("Mortality fell, strokes declined, bleeding increased,")
    assert not states_no_predicate("Nebulised adrenaline reduced admissions,")


def test_the_phrase_a_comparison_opens_with_states_no_predicate() -> None:
    # round 21: "Compared with people who had less than one serving a week," (P(C) 0.93 from the encoder)
    assert states_no_predicate("Compared with people who had less than one serving a week,")
    assert states_no_predicate("In comparison with placebo,")
    assert not states_no_predicate("Compared with placebo, mortality fell.")
