"""Round 51 (30 texts written after round 50's rules; read blind they gave 3 faithful clauses contradicted and 6 of
30 faithful answers flagged, as the session-start code did): each faithful clause's false cue mended at its cause."""

from __future__ import annotations

from medhal.text.assertions import opens_predicate
from medhal.text.designs import design_conflict
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.lexical import directions
from medhal.text.subgroup_claims import unreported_subgroup
from medhal.text.synonyms import alignment_tokens, canonical_stems


def test_a_trial_reported_with_its_figures_is_a_design_the_evidence_states() -> None:
    # a consensus statement citing a trial and observational studies states no one design of its own
    evidence = [
        "In a randomised trial of 206 inpatients (HYPO-BOLUS), overcorrection did not differ (15.5% vs 22.1%; "
        "p = 0.23), but re-lowering treatment was needed less often with boluses.",
        "Evidence for oral urea comes from observational studies only.",
    ]
    assert design_conflict("- In a trial of 206 inpatients,", evidence) is None
    # a call for trials still states no design
    cohort = ["This prospective cohort study included 763 adults.", "Randomised trials are needed."]
    assert design_conflict("This trial shows that statins prevent delirium.", cohort) == 0


def test_a_percentage_is_stated_by_a_proportion_in_words() -> None:
    evidence = "Most people have no symptoms; about 1 in 20 people with symptoms develop severe dengue."
    assert unstated_quantities("but about 5% of people with symptoms go on to severe dengue,", evidence) == []
    assert [q.text for q in unstated_quantities("but about 25% go on to severe dengue,", evidence)] == ["25%"]


def test_the_first_month_is_the_first_thirty_days() -> None:
    evidence = [
        "Risk was highest in the first 30 days after initiation (HR 1.68, 1.45-1.95) and was greater at higher doses."
    ]
    assert unreported_subgroup("- The risk was greatest in the first month after starting,", evidence) is None
    assert unreported_subgroup("- The risk was greatest in women,", evidence) == "women"


def test_uncomfortable_is_discomfort_not_uncommon() -> None:
    evidence = "More people stopped wearing the stockings because of discomfort (38% vs 28%)."
    unit = "although more people gave up on the stockings because they were uncomfortable."
    assert unstated_cause(unit, alignment_tokens(evidence)) is None
    assert canonical_stems("uncomfortable") != canonical_stems("uncommon")


def test_a_predicate_cut_from_its_subject_asserts_of_no_one() -> None:
    assert opens_predicate("was compared with placebo over 12 weeks in 912 adults with episodic migraine.")
    assert opens_predicate("and was associated with more bradycardia,")
    assert not opens_predicate("Velitumab was compared with placebo over 12 weeks.")


def test_a_verb_of_movement_says_a_way_with_its_figure() -> None:
    assert directions("and specificity dropped to around 61% in heavily calcified arteries.") == {"down"}
    assert directions("and uptake climbed to 74.6% in the least deprived areas") == {"up"}
    assert directions("12 patients dropped out") == frozenset()
    assert directions("three declined to take part") == frozenset()


def test_clots_are_thrombosis() -> None:
    # an abstract of our own: "No clots were seen" restates "Thromboembolic events were not observed in either group"
    assert canonical_stems("No clots were seen") & canonical_stems("Thromboembolic events were not observed")
    assert "throm" not in canonical_stems("clotting factors")
