"""Round 54 (24 texts written blind after round 53's rules: abstracts of four designs, discharge letters, drug labels,
reviews, procedure notes and patient leaflets; read with the session-start code, 1 faithful clause of 628 was
contradicted and 8 of 24 faithful answers flagged): the faithful clauses' false cues mended at their cause, and the
wrong clauses they uncovered."""

from __future__ import annotations

from medhal.detect.alignment import restates
from medhal.text.figures import unstated_quantities
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation, negated_stems
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens

PREP = (
    "It does not protect against other sexually transmitted infections such as chlamydia, gonorrhoea or syphilis, or "
    "against pregnancy."
)


def test_an_aside_after_not_keeps_the_negation() -> None:
    unit = "It will not, however, protect you from other sexual infections such as chlamydia,"
    assert negated_stems(unit) == negated_stems("It will not protect you.")
    assert flips_negation(unit, PREP) is None
    assert flips_negation("It will, however, protect you from other sexual infections such as chlamydia,", PREP)


def test_a_non_compound_denies_what_it_joins() -> None:
    note = "- Non-weight-bearing right leg for 6 weeks."
    wrong = "put full weight on the right leg for six weeks,"
    assert not restates(note, wrong)
    assert flips_negation(wrong, note) is not None
    assert flips_negation("no weight bearing on the right leg for six weeks,", note) is None


def test_half_a_unit_is_no_share() -> None:
    assert quantities("it slowed the worsening by about half a dioptre") == []
    assert [q.text for q in quantities("about half of the children")] == ["half"]


def test_a_flow_in_lay_words() -> None:
    stated = quantities("SpO2 90% on 2 L/min via nasal cannula")
    assert unstated_quantities("oxygen saturation 90% on two litres via nasal prongs,", stated) == []
    assert [q.text for q in unstated_quantities("on three litres,", stated)] == ["three litres"]


def test_lay_words_and_signs() -> None:
    assert alignment_tokens("between 88 and 92 percent") == alignment_tokens("88-92%") | {"#88", "#92"}
    assert {"carbo", "dioxi"} <= alignment_tokens("Known CO2 retainer")
    assert alignment_tokens("the main lung artery") == alignment_tokens("the main pulmonary artery")
    caesarean = alignment_tokens("caesarean delivery")
    assert alignment_tokens("Caesarean births") == caesarean == alignment_tokens("C-section")
    label = "Common: headache, acne, raised creatine phosphokinase."
    assert unstated_names("and a raised muscle enzyme (CPK) are common.", label) == ()


def test_a_measure_swapped_for_one_the_evidence_never_reports() -> None:
    from medhal.text.measures import measure_conflicts

    results = [
        "Sensitivity was 98.5% (95% CI 95.6 to 99.7) and negative predictive value 99.5% (95% CI 98.6 to 99.9); "
        "specificity was 31.4% (95% CI 29.3 to 33.5)."
    ]
    found = measure_conflicts("and a positive predictive value of about 99.5%,", results)
    assert found is not None
    assert [(a.text, b.text) for a, b in found[0]] == [("99.5%", "negative predictive value 99.5%")]
    assert measure_conflicts("and a negative predictive value of about 99.5%,", results) is None
    # the figure stated unbound elsewhere may be the unit's: no swap
    assert measure_conflicts("a PPV of 99.5%", [*results, "Overall, 99.5% were discharged."]) is None


def test_a_comparison_at_two_doses_turned_round() -> None:
    from medhal.text.comparisons import comparison_conflict

    label = "Herpes zoster occurred more often at 200 mg than at 100 mg."
    assert comparison_conflict("Shingles was seen less frequently on 200 mg than on 100 mg.", label)
    assert not comparison_conflict("Shingles was seen more often on 200 mg than on 100 mg.", label)
    assert not comparison_conflict("Shingles was seen less often on 100 mg than on 200 mg.", label)


def test_a_dose_change_moved_to_another_drug() -> None:
    from medhal.text.drug_doses import dose_conflict

    letter = ["Reduce lithium carbonate (Priadel) from 1000 mg to 800 mg at night.", "Continue quetiapine 50 mg."]
    change = "dose has been reduced from 1000 mg to 800 mg each night,"
    found = dose_conflict("As a result, the quetiapine " + change, letter)
    assert found is not None and [(a.text, b.text) for a, b in found[0]] == [("1000 mg", "50 mg")]
    assert dose_conflict("As a result, the lithium " + change, letter) is None
