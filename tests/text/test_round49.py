"""Round 49 (30 texts written after round 48's rules; read blind they gave 2 faithful clauses contradicted and 4 of
30 faithful answers flagged, as the session-start code did): each faithful clause's false cue mended at its cause."""

from __future__ import annotations

from medhal.text.assertions import asserts_nothing
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.quantities import quantities
from medhal.text.synonyms import canonical_stems

REPORT = (
    "Annual Report, 1 April 2023 - 31 March 2024. Of 21,480 eligible babies, 21,287 (99.1%) completed screening by 4 "
    "weeks of age."
)


def test_a_reporting_year_is_a_year_not_two_counts() -> None:
    assert [(q.kind, q.value) for q in quantities("In 2023/24, 99.1% were screened")][:2] == [
        ("label:year", 2023.0),
        ("label:year", 2024.0),
    ]
    unit = "In 2023/24, 99.1% of the 21,480 eligible babies were screened by 4 weeks of age,"
    assert unstated_quantities(unit, REPORT) == []
    assert number_conflicts(unit, REPORT, REPORT.split(". ")[1]) == []
    assert [(q.kind, q.value) for q in quantities("38/132")] == [("count", 38.0), ("label:scale", 132.0)]


def test_low_phosphate_and_a_combined_rate_read_as_their_clinical_terms() -> None:
    assert canonical_stems("low phosphate levels") == canonical_stems("hypophosphataemia")
    assert canonical_stems("high phosphate") != canonical_stems("low phosphate")
    assert canonical_stems("the combined rate") == canonical_stems("the composite rate")
    assert canonical_stems("combined oral contraceptives") != canonical_stems("composite oral contraceptives")


def test_a_literature_search_asserts_no_finding() -> None:
    assert asserts_nothing("Methods: We searched MEDLINE, Embase and CENTRAL for randomised trials of acupuncture.")
    assert not asserts_nothing("We searched for a cause and found none.")
