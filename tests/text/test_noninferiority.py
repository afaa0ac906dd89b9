"""A non-inferiority conclusion and its turn (text/noninferiority.py), scanned on every faithful clause of the
bench data and PubMedQA before it joined the cues (session 28: no faithful clause fires)."""

from __future__ import annotations

import pytest

from medhal.text.noninferiority import equivalence_claim, turned_equivalence


@pytest.mark.parametrize(
    ("clause", "claim"),
    [
        ("A 7-day course was not shown to be non-inferior to 14 days", -1),
        ("so non-inferiority was not shown.", -1),
        ("The trial failed to demonstrate non-inferiority of the short course.", -1),
        ("Non-inferiority could not be established.", -1),
        ("The noninferiority margin was not met.", -1),
        ("Shorter courses were inferior to longer ones.", -1),
        ("The 7-day course was non-inferior to the 14-day course.", 1),
        ("Oral step-down was noninferior for cure (92% vs 93%).", 1),
        ("Dupilumab was no worse than cyclosporine for itch.", 1),
        ("It met the prespecified criterion for non-inferiority.", 1),
        ("The one-week course was shown to be as good as the two-week course.", 1),
        # the answer's "No" opens another clause than the conclusion's
        ("No \u2014 in CALDERA-2, once-daily Nebrovel was non-inferior to twice-daily dosing.", 1),
        ("In this open-label non-inferiority trial at six hospitals, children were randomised.", None),
        ("The non-inferiority margin was 4 percentage points.", None),
        ("Whether 7 days is as effective as 14 days is uncertain.", None),
        ("Patients on equivalent doses showed fewer falls.", None),
    ],
)
def test_equivalence_claim(clause: str, claim: int | None) -> None:
    assert equivalence_claim(clause) == claim


EVIDENCE = [
    "Background: Whether a 7-day course of amoxicillin is as effective as a 14-day course is uncertain.",
    "Treatment failure occurred in 10.3% and 9.6% (difference 0.7 points), so non-inferiority was not shown.",
    "Diarrhoea was less frequent with the shorter course (6.2% vs 11.5%; p=0.002).",
]


def test_a_turned_conclusion_is_found_and_a_faithful_one_is_not() -> None:
    assert turned_equivalence("A one-week course was shown to be as good as a two-week course.", EVIDENCE) == 1
    assert turned_equivalence("A one-week course could not be shown to be as good as two weeks.", EVIDENCE) is None
    assert turned_equivalence("The shorter course caused less diarrhoea.", EVIDENCE) is None


def test_an_aim_concludes_nothing_and_an_agreeing_sentence_anywhere_holds_it() -> None:
    # the aim's "whether ... is as effective as" is neither a conclusion nor, when marked as asking, read at all
    assert turned_equivalence("It was not shown to be as effective.", EVIDENCE[:1], [False]) is None
    both = [*EVIDENCE, "For relapse, the 7-day course was non-inferior to the 14-day course."]
    assert turned_equivalence("The one-week course was non-inferior for relapse.", both) is None
