"""Round 75 (24 texts written blind after round 74's rules: atrial fibrillation letters, head and neck cancer
follow-up letters, fracture liaison letters, adult mental health letters, kidney stone notes, pancreatitis
summaries, crisis team notes and children's diabetes letters; read with round 74's rules, no faithful clause was
contradicted and 3 of the 24 faithful answers were flagged): the faithful clauses' false cues mended at their cause,
and a side a report's table writes after its part read."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.laterality import side_conflict, sides
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_dates_of_a_text_that_writes_them_month_first() -> None:
    summary = (
        "Admission: 06/11/2024   Discharge: 06/17/2024\n"
        "| | 06/11 | 06/13 | 06/16 |\n| Lipase (U/L) | 4,812 | 690 | 112 |"
    )
    assert _unstated("Her lipase fell from 4,812 U/L on admission to 112 U/L by 16 June,", summary) == []
    assert _unstated("She was admitted on 11 June 2024", summary) == []
    assert _unstated("Her lipase fell to 112 U/L by 18 June,", summary) == ["18 June"]
    # a text that writes a date day first keeps "06/11/2024" as 6 November
    assert _unstated("She was admitted on 11 June 2024", "Admitted 06/11/2024, discharged 15/11/2024.") == ["11 June"]


def test_a_risk_score_over_ten_years() -> None:
    frax = "FRAX (UK, with BMD, adjusted for GC dose): MOF 19%, hip 7.4%."
    assert _unstated("His 10-year fracture risk,", frax) == []
    assert _unstated("His 5-year fracture risk,", frax) == ["5-year"]


def test_a_white_cell_count_written_short() -> None:
    note = "Imp: L VUJ calculus 6 mm, uncomplicated (afebrile, normal WCC, normal renal function)."
    unit = "The stone was judged uncomplicated because he had no fever, a normal white cell count"
    assert unstated_cause(unit, alignment_tokens(note)) is None
    assert alignment_tokens("WBC 7.9") == alignment_tokens("white cell count 7.9")


def test_a_side_written_after_its_part() -> None:
    dxa = ["Site | BMD (g/cm2) | T-score\nTotal hip (R) | 0.689 | -2.2\nFemoral neck (R) | 0.571 | -2.6"]
    assert side_conflict("and at the right femoral neck, with a T-score of -2.6.", dxa) is None
    found = side_conflict("and at the left femoral neck, with a T-score of -2.6.", dxa)
    assert found is not None and [(a.text, b.text) for a, b in found[0]] == [("left femoral neck", "Femoral neck (R)")]


def test_litres_and_a_dipstick_name_no_side() -> None:
    assert sides("ED course: 2 L LR bolus. Given: 1 L Hartmann's over 2 h. UA: LE 3+, nitrite positive") == []
    assert [s.side for s in sides("LE shows a few non-specific points; L eye may be considered")] == ["left", "left"]
