"""Faithful clauses of blind round 246 (session 36, read with the session's final rules) that the cues flagged or
contradicted when first read, each beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.text.antonyms import swapped_qualifier
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.findings import contradicts
from medhal.text.implied import implied_figures
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.recommendations import grades_pointed
from medhal.text.significance import numbers_null_finding
from medhal.text.synonyms import alignment_tokens, canonical_text


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_figures_of_round_246() -> None:
    """A rate per patient-year as "once every two years per person"; "to between 27 and 28" units for 27.5."""
    rates = "Severe exacerbation rates were 0.42 and 0.47 per patient-year in the PEF and symptom groups."
    assert _unstated("which happened roughly once every two years per person in either group.", rates) == []
    assert _unstated("which happened roughly once every five years per person in either group.", rates) == [
        "five years"
    ]
    drinking = "Weekly consumption fell from 38.2 to 27.5 units in the intervention group."
    assert _unstated("went from drinking about 38 units a week to between 27 and 28,", drinking) == []
    assert [q.approximate for q in quantities("between 10 mg and 20 mg; between 2015 and 2020")] == [False] * 4


def test_names_causes_and_lay_words_of_round_246() -> None:
    """ID is identity; "misses too much" is insensitive; "more harm than good" is risks outweighing the benefit;
    nerves are neurological; fits are seizures; a blood marker of B12 shortage is methylmalonic acid."""
    assert (
        unstated_names("Clients do not have to show ID or give an address.", "Proof of identity is not required.") == ()
    )
    guideline = "Amsler grid self-testing is not recommended for screening because it is insensitive (Grade C)."
    said = alignment_tokens(guideline)
    assert unstated_cause("a chart people use to test themselves, because it misses too much.", said, guideline) is None
    leaflet = "It is not usually recommended below 50%, because the risks of surgery outweigh the benefit."
    assert (
        unstated_cause("because then the operation does more harm than good,", alignment_tokens(leaflet), leaflet)
        is None
    )
    assert "seizures" in canonical_text("Fits were less common after coiling,")
    assert "fits well" in canonical_text("The splint fits well.")
    assert "methylmalonic" in canonical_text("A blood marker that rises when the body is short of B12 dropped")


def test_a_specimen_alone_names_no_measure() -> None:
    """ "serum B12 had normalised ... (95% CI -3.9 to 7.7)" is read as a null finding about "serum": it denies no
    effect on another blood measure ("A blood marker ... dropped by around two-fifths with injections")."""
    finding = numbers_null_finding(
        "At 12 weeks, serum B12 had normalised in 146 of 156 (93.6%) and 143 of 156 (91.7%) (risk difference 1.9"
        " percentage points, 95% CI -3.9 to 7.7)."
    )
    assert finding is not None
    assert not contradicts("A blood marker of B12 shortage dropped by around two-fifths with injections", finding)
    falls = numbers_null_finding("Falls occurred in 44% and 53% (risk ratio 0.83, 95% CI 0.68 to 1.01).")
    assert falls is not None and contradicts("Exercise reduced falls.", falls)


def test_a_graded_pointer_and_the_open_arm_of_a_comparison() -> None:
    """ "although this is only a weak recommendation" grades the clause before's advice; "coiling or open surgery to
    clip" names the surgical arm the trial compares coiling with."""
    assert grades_pointed("although this is only a weak recommendation.")
    assert not grades_pointed("Compression-only CPR is only a weak recommendation.")
    title = ["Endovascular coiling versus microsurgical clipping for ruptured aneurysms: a randomised trial"]
    assert (
        swapped_qualifier("randomly assigned them to coiling or to open surgery to clip the aneurysm.", title) is None
    )
    keyhole = ["All patients had laparoscopic appendectomy."]
    assert swapped_qualifier("After open surgery, two days sufficed.", keyhole) == 0
